//! The server's Glicko-2 leaderboards: every finished tournament of a
//! game, oldest first, each of its rounds a rating period
//! ([`tournament::ratings::RatingBook`]). Entrants are rated by name, so
//! the same name in two tournaments is one player or team; a Kubb team's
//! players are rated too, each against the opposing team as one composite
//! opponent. Byes are not rated.

use serde::{Deserialize, Serialize};
use tournament::glicko2::Glicko2;
use tournament::ratings::{share, Encounter, RatingBook, TeamMatch};
use tournament::GameKind;

use super::State;

/// Who a leaderboard ranks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rated {
    /// Tournament entrants: Guard & Towers players, Kubb teams.
    #[default]
    Entrants,
    /// The players of Kubb teams.
    Players,
}

/// One line of a leaderboard.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Leader {
    pub rank: usize,
    pub name: String,
    pub rating: f64,
    /// About a 95 % interval is ±2 deviations.
    pub deviation: f64,
    pub volatility: f64,
    pub games: u32,
}

/// The leaderboard of `rated` over `tournaments` (finished, of one game,
/// oldest first), of those with at least `min_games` rated games.
pub fn leaderboard(tournaments: &[&State], rated: Rated, min_games: u32) -> (u32, Vec<Leader>) {
    let mut book: RatingBook<String> = RatingBook::new(Glicko2::default());
    for state in tournaments {
        rate_tournament(&mut book, state, rated);
    }
    let leaders = book
        .leaderboard(min_games)
        .into_iter()
        .map(|leader| Leader {
            rank: leader.rank,
            name: leader.key.clone(),
            rating: leader.rating.rating,
            deviation: leader.rating.deviation,
            volatility: leader.rating.volatility,
            games: leader.games,
        })
        .collect();
    (book.periods, leaders)
}

fn rate_tournament(book: &mut RatingBook<String>, state: &State, rated: Rated) {
    let t = &state.tournament;
    let game = state.settings.game();
    for round in t.rounds() {
        let played = round
            .iter()
            .filter_map(|p| Some((t.name(p.first), t.name(p.second?), share(game, p.score?))));
        match rated {
            Rated::Entrants => {
                let encounters: Vec<Encounter<String>> = played
                    .map(|(a, b, score)| Encounter {
                        a: a.to_string(),
                        b: b.to_string(),
                        score,
                    })
                    .collect();
                book.rate(&encounters);
            }
            Rated::Players if game == GameKind::Kubb => {
                let matches: Vec<TeamMatch<String>> = played
                    .map(|(a, b, score)| TeamMatch {
                        a: state.players_of(a),
                        b: state.players_of(b),
                        score,
                    })
                    .collect();
                book.rate_teams(&matches);
            }
            Rated::Players => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use tournament::format::Format;

    use super::*;
    use crate::tournament::{Entrant, Event, GameSettings, Settings};

    /// A finished Kubb knockout of two teams: the winning team and each of
    /// its players rank above the losers, and the entrants' board matches
    /// the library's own rating of the tournament.
    #[test]
    fn a_finished_tournament_rates_its_teams_and_their_players() {
        let format =
            tournament::Settings::new(GameKind::Kubb, Format::Knockout, None, None, None, false)
                .unwrap();
        let settings = Settings::new("Cup".into(), format, GameSettings::default()).unwrap();
        let mut state = State::new(settings).unwrap();
        for (team, players) in [("Vikings", ["ann", "bob"]), ("Danes", ["cy", "dee"])] {
            let entrant = Entrant {
                name: team.parse().unwrap(),
                players: players.map(String::from).to_vec(),
            };
            state.apply(&Event::Registered { entrant }).unwrap();
        }
        let (round, pairings) = state.next_round().unwrap();
        let games = vec![None; pairings.len()];
        state
            .apply(&Event::RoundStarted {
                round,
                pairings,
                games,
            })
            .unwrap();
        let result = state
            .result_event(
                &"Danes".parse().unwrap(),
                &"Vikings".parse().unwrap(),
                "2-1".parse().unwrap(),
                None,
                None,
            )
            .unwrap();
        state.apply(&result).unwrap();

        let (periods, teams) = leaderboard(&[&state], Rated::Entrants, 1);
        assert_eq!(periods, 1);
        let names: Vec<&str> = teams.iter().map(|l| l.name.as_str()).collect();
        assert_eq!(names, ["Danes", "Vikings"]);
        let library = tournament::ratings::rate_tournament(&state.tournament, Glicko2::default());
        let danes = library.rating(&"Danes".parse().unwrap());
        assert_eq!(teams[0].rating, danes.rating);

        let (_, players) = leaderboard(&[&state], Rated::Players, 1);
        let winners: Vec<&str> = players[..2].iter().map(|l| l.name.as_str()).collect();
        assert_eq!(winners.len(), 2);
        assert!(
            winners.iter().all(|name| ["cy", "dee"].contains(name)),
            "{players:?}"
        );
        assert!(players[2].rating < 1500.0);
    }
}
