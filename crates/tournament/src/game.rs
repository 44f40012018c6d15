//! The two games' scoring conventions: how a result becomes points in the
//! standings, what a bye is worth, and which tie-breaks apply in what order.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::score::{Outcome, Points, Score};
use crate::tiebreaks::Tiebreak;

/// Which game a tournament plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    /// Koning & Torens: a pairing is a match of games; the standings count
    /// match points.
    Kubb,
    /// Guard & Towers: a pairing is one or more games; the standings count
    /// game points, as chess does.
    Gt,
}

/// Kubb match points: two for a match won, one for a draw (a timed match
/// level in games), none for a loss — the scale of most European club
/// tournaments, where a draw is worth half a win.
const KUBB_WIN: u32 = 2;
const KUBB_DRAW: u32 = 1;

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GameKindError {
    #[error("unknown game '{0}' (kubb or gt)")]
    Unknown(String),
}

impl GameKind {
    /// Both games.
    pub const ALL: [GameKind; 2] = [GameKind::Kubb, GameKind::Gt];

    /// Tie-breaks after the points, in the order they are applied.
    pub fn tiebreaks(self) -> &'static [Tiebreak] {
        match self {
            GameKind::Kubb => &[
                Tiebreak::Buchholz,
                Tiebreak::MedianBuchholz,
                Tiebreak::SonnebornBerger,
                Tiebreak::BaselineDifference,
                Tiebreak::HeadToHead,
            ],
            GameKind::Gt => &[
                Tiebreak::SonnebornBerger,
                Tiebreak::Buchholz,
                Tiebreak::DirectEncounter,
                Tiebreak::Wins,
            ],
        }
    }

    /// Whether the score can be a result of this game: Kubb counts whole
    /// games.
    pub fn accepts(self, score: Score) -> bool {
        match self {
            GameKind::Kubb => score.first.is_whole() && score.second.is_whole(),
            GameKind::Gt => true,
        }
    }

    /// Points for the standings that the first named earns from a score.
    pub fn points(self, score: Score) -> Points {
        match self {
            GameKind::Kubb => Points::whole(match score.outcome() {
                Outcome::Win => KUBB_WIN,
                Outcome::Draw => KUBB_DRAW,
                Outcome::Loss => 0,
            }),
            GameKind::Gt => score.first,
        }
    }

    /// What a bye is worth: a match won for Kubb, a point for Guard &
    /// Towers (the full-point bye of chess Swisses).
    pub fn bye_points(self) -> Points {
        match self {
            GameKind::Kubb => Points::whole(KUBB_WIN),
            GameKind::Gt => Points::whole(1),
        }
    }
}

impl FromStr for GameKind {
    type Err = GameKindError;

    fn from_str(text: &str) -> Result<GameKind, GameKindError> {
        match text {
            "kubb" => Ok(GameKind::Kubb),
            "gt" => Ok(GameKind::Gt),
            _ => Err(GameKindError::Unknown(text.into())),
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameKind::Kubb => "kubb",
            GameKind::Gt => "gt",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn score(text: &str) -> Score {
        text.parse().unwrap()
    }

    #[test]
    fn kubb_counts_match_points_and_gt_counts_game_points() {
        assert_eq!(GameKind::Kubb.points(score("2-1")), Points::whole(2));
        assert_eq!(GameKind::Kubb.points(score("1-1")), Points::whole(1));
        assert_eq!(GameKind::Kubb.points(score("0-2")), Points::ZERO);
        assert_eq!(
            GameKind::Gt.points(score("1.5-0.5")),
            Points::from_halves(3)
        );
        assert!(!GameKind::Kubb.accepts(score("0.5-0.5")));
        assert!(GameKind::Gt.accepts(score("0.5-0.5")));
    }
}
