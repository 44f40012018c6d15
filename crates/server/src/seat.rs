//! The seats of a stored game: what a token holds. A seat is stored as its
//! name and read back typed where the store reads it; nothing else parses
//! or writes seat names.

use std::fmt;
use std::str::FromStr;

use guard_towers::Color;
use kubb::Team;

use crate::status::UnknownName;

/// A seat of a game, held by the hash of one token.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    /// A Guard & Towers player (`red`, `blue`).
    Player(Color),
    /// A friend game's invitation secret (`invite`): it seats nobody
    /// itself; `join` asks for it.
    Invite,
    /// The offerer's seat in the return game offered by event `seq`
    /// (`rematch-<seq>`): it seats nobody in this game.
    Rematch(i64),
    /// A Kubb match's referee (`referee`).
    Referee,
    /// A Kubb team's phone (`team-a`, `team-b`).
    Team(Team),
    /// A tournament's organiser (`organiser`).
    Organiser,
    /// Links a pairing's game to its tournament, by the tournament's id
    /// (`tournament:<id>`): it seats nobody.
    Tournament(String),
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seat::Player(color) => f.write_str(color.name()),
            Seat::Invite => f.write_str("invite"),
            Seat::Rematch(seq) => write!(f, "rematch-{seq}"),
            Seat::Referee => f.write_str("referee"),
            Seat::Team(Team::A) => f.write_str("team-a"),
            Seat::Team(Team::B) => f.write_str("team-b"),
            Seat::Organiser => f.write_str("organiser"),
            Seat::Tournament(id) => write!(f, "tournament:{id}"),
        }
    }
}

impl FromStr for Seat {
    type Err = UnknownName;

    fn from_str(text: &str) -> Result<Seat, UnknownName> {
        let seat = match text {
            "invite" => Seat::Invite,
            "referee" => Seat::Referee,
            "team-a" => Seat::Team(Team::A),
            "team-b" => Seat::Team(Team::B),
            "organiser" => Seat::Organiser,
            _ => {
                if let Ok(color) = text.parse() {
                    Seat::Player(color)
                } else if let Some(seq) = text
                    .strip_prefix("rematch-")
                    .and_then(|seq| seq.parse().ok())
                {
                    Seat::Rematch(seq)
                } else if let Some(id) = text.strip_prefix("tournament:") {
                    Seat::Tournament(id.to_string())
                } else {
                    return Err(UnknownName(text.to_string(), "seat"));
                }
            }
        };
        Ok(seat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_seat_reads_back_as_it_is_written() {
        let seats = [
            Seat::Player(Color::Red),
            Seat::Player(Color::Blue),
            Seat::Invite,
            Seat::Rematch(12),
            Seat::Referee,
            Seat::Team(Team::A),
            Seat::Team(Team::B),
            Seat::Organiser,
            Seat::Tournament("ab12".into()),
        ];
        let names: Vec<String> = seats.iter().map(ToString::to_string).collect();
        assert_eq!(
            names,
            [
                "red",
                "blue",
                "invite",
                "rematch-12",
                "referee",
                "team-a",
                "team-b",
                "organiser",
                "tournament:ab12"
            ]
        );
        for (seat, name) in seats.iter().zip(&names) {
            assert_eq!(&name.parse::<Seat>().unwrap(), seat);
        }
        assert!("rematch-x".parse::<Seat>().is_err());
        assert!("green".parse::<Seat>().is_err());
    }
}
