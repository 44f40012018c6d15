//! Ratings and history: a book of Glicko-2 ratings keyed by whatever
//! identifies a player or team (a name here, an account on a server),
//! updated one rating period at a time from the period's finished rated
//! games or matches, with each player's history and a leaderboard.
//!
//! Kubb teams are rated as entrants of their own; a team's players are
//! rated from the same match, each against the opposing team as one
//! composite opponent (the mean of its players' ratings, the root mean
//! square of their deviations).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::game::GameKind;
use crate::glicko2::{Game, Glicko2, Rating};
use crate::name::Name;
use crate::score::Score;
use crate::tournament::Tournament;

/// A finished rated encounter: `score` is `a`'s share, 1 for a win, ½ for
/// a draw, 0 for a loss (a fraction for a pairing of several games).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Encounter<K> {
    pub a: K,
    pub b: K,
    pub score: f64,
}

/// A Kubb match between two teams' players; `score` is team `a`'s share.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TeamMatch<K> {
    pub a: Vec<K>,
    pub b: Vec<K>,
    pub score: f64,
}

/// One result in a player's history: the opponent (for a team match, the
/// opposing team's first player) and the player's share.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Played<K> {
    pub opponent: K,
    pub score: f64,
}

/// One player's line in the history: the rating after a period and what
/// was played in it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Period<K> {
    pub period: u32,
    pub rating: Rating,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub results: Vec<Played<K>>,
}

/// A player's rating now and every period played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Player<K> {
    pub rating: Rating,
    pub history: Vec<Period<K>>,
}

impl<K> Default for Player<K> {
    fn default() -> Player<K> {
        Player {
            rating: Rating::NEWCOMER,
            history: Vec::new(),
        }
    }
}

impl<K> Player<K> {
    /// Games over all periods.
    pub fn games(&self) -> u32 {
        self.history.iter().map(|p| p.games).sum()
    }
}

/// A line of the leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct Leader<'a, K> {
    pub rank: usize,
    pub key: &'a K,
    pub rating: Rating,
    pub games: u32,
}

/// Everyone's ratings and histories.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingBook<K: Ord> {
    pub system: Glicko2,
    pub periods: u32,
    pub players: BTreeMap<K, Player<K>>,
}

impl<K: Ord + Clone> RatingBook<K> {
    pub fn new(system: Glicko2) -> RatingBook<K> {
        RatingBook {
            system,
            periods: 0,
            players: BTreeMap::new(),
        }
    }

    /// The rating of a player, a newcomer's if unknown.
    pub fn rating(&self, key: &K) -> Rating {
        self.players.get(key).map_or(Rating::NEWCOMER, |p| p.rating)
    }

    /// Closes a rating period of one-to-one encounters: every player is
    /// updated from the ratings everyone had before the period; players
    /// known but idle only grow less certain. A server that wants ratings
    /// to move after every result closes a period per result.
    pub fn rate(&mut self, encounters: &[Encounter<K>]) {
        let games = self.encounter_games(encounters);
        self.close_period(games, Idle::Widen);
    }

    /// One encounter as a rating period of its own for its two players
    /// only. A server rates each result as it comes (as lichess does);
    /// widening every idle player's deviation at each of them would make
    /// a deviation grow with other people's play.
    pub fn rate_one(&mut self, encounter: &Encounter<K>) {
        let games = self.encounter_games(std::slice::from_ref(encounter));
        self.close_period(games, Idle::Unchanged);
    }

    fn encounter_games(&self, encounters: &[Encounter<K>]) -> Games<K> {
        let mut games = Games::new();
        for e in encounters {
            let (rating_a, rating_b) = (self.rating(&e.a), self.rating(&e.b));
            add(&mut games, &e.a, &e.b, rating_b, e.score);
            add(&mut games, &e.b, &e.a, rating_a, 1.0 - e.score);
        }
        games
    }

    /// Closes a rating period of team matches, rating each player against
    /// the opposing team as a composite opponent (a match with an empty
    /// team is not rated).
    pub fn rate_teams(&mut self, matches: &[TeamMatch<K>]) {
        let games = self.team_games(matches);
        self.close_period(games, Idle::Widen);
    }

    /// One team match as a rating period of its own for its players only
    /// (see [`RatingBook::rate_one`]).
    pub fn rate_one_team_match(&mut self, team_match: &TeamMatch<K>) {
        let games = self.team_games(std::slice::from_ref(team_match));
        self.close_period(games, Idle::Unchanged);
    }

    fn team_games(&self, matches: &[TeamMatch<K>]) -> Games<K> {
        let mut games = Games::new();
        for m in matches {
            let (Some(first_a), Some(first_b)) = (m.a.first(), m.b.first()) else {
                continue;
            };
            let (team_a, team_b) = (self.composite(&m.a), self.composite(&m.b));
            for player in &m.a {
                add(&mut games, player, first_b, team_b, m.score);
            }
            for player in &m.b {
                add(&mut games, player, first_a, team_a, 1.0 - m.score);
            }
        }
        games
    }

    fn composite(&self, team: &[K]) -> Rating {
        let ratings: Vec<Rating> = team.iter().map(|k| self.rating(k)).collect();
        let n = ratings.len().max(1) as f64;
        Rating {
            rating: ratings.iter().map(|r| r.rating).sum::<f64>() / n,
            deviation: (ratings.iter().map(|r| r.deviation.powi(2)).sum::<f64>() / n).sqrt(),
            volatility: ratings.iter().map(|r| r.volatility).sum::<f64>() / n,
        }
    }

    fn close_period(&mut self, mut games: Games<K>, idle: Idle) {
        self.periods += 1;
        for key in games.keys() {
            self.players.entry(key.clone()).or_default();
        }
        let system = self.system;
        for (key, player) in &mut self.players {
            let (opponents, played): (Vec<K>, Vec<Game>) =
                games.remove(key).unwrap_or_default().into_iter().unzip();
            if played.is_empty() && idle == Idle::Unchanged {
                continue;
            }
            player.rating = system.update(player.rating, &played);
            if played.is_empty() {
                continue;
            }
            let count =
                |keep: fn(f64) -> bool| played.iter().filter(|g| keep(g.score)).count() as u32;
            player.history.push(Period {
                period: self.periods,
                rating: player.rating,
                games: played.len() as u32,
                wins: count(|s| s > 0.5),
                draws: count(|s| s == 0.5),
                losses: count(|s| s < 0.5),
                results: opponents
                    .into_iter()
                    .zip(&played)
                    .map(|(opponent, game)| Played {
                        opponent,
                        score: game.score,
                    })
                    .collect(),
            });
        }
    }

    /// Players with at least `min_games` games, best rating first (ties by
    /// the smaller deviation, then by key).
    pub fn leaderboard(&self, min_games: u32) -> Vec<Leader<'_, K>> {
        let mut leaders: Vec<Leader<'_, K>> = self
            .players
            .iter()
            .filter(|(_, p)| p.games() >= min_games)
            .map(|(key, p)| Leader {
                rank: 0,
                key,
                rating: p.rating,
                games: p.games(),
            })
            .collect();
        leaders.sort_by(|a, b| {
            b.rating
                .rating
                .total_cmp(&a.rating.rating)
                .then(a.rating.deviation.total_cmp(&b.rating.deviation))
        });
        for (i, leader) in leaders.iter_mut().enumerate() {
            leader.rank = i + 1;
        }
        leaders
    }
}

/// What a period does to the players who did not play in it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Idle {
    /// Their deviation grows, as the paper has it.
    Widen,
    /// They are left as they were.
    Unchanged,
}

/// A period's games by player, each with the opponent's key.
type Games<K> = BTreeMap<K, Vec<(K, Game)>>;

fn add<K: Ord + Clone>(games: &mut Games<K>, player: &K, opponent: &K, rating: Rating, score: f64) {
    games.entry(player.clone()).or_default().push((
        opponent.clone(),
        Game {
            opponent: rating,
            score,
        },
    ));
}

/// `a`'s share of a pairing: Kubb counts the match (won, drawn, lost),
/// Guard & Towers the share of the game points.
pub fn share(game: GameKind, score: Score) -> f64 {
    let total = score.first.halves() + score.second.halves();
    match game {
        GameKind::Kubb => score.outcome().share(),
        GameKind::Gt if total == 0 => 0.5,
        GameKind::Gt => f64::from(score.first.halves()) / f64::from(total),
    }
}

/// The entrants' ratings after a tournament, each round a rating period
/// (byes are not rated), everyone starting as a newcomer.
pub fn rate_tournament(tournament: &Tournament, system: Glicko2) -> RatingBook<Name> {
    let mut book = RatingBook::new(system);
    let game = tournament.settings().game;
    for round in tournament.rounds() {
        let encounters: Vec<Encounter<Name>> = round
            .iter()
            .filter_map(|p| Some((p.second?, p.score?, p.first)))
            .map(|(second, score, first)| Encounter {
                a: tournament.name(first).clone(),
                b: tournament.name(second).clone(),
                score: share(game, score),
            })
            .collect();
        book.rate(&encounters);
    }
    book
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The worked example of the paper, played through the book: the
    /// opponents' ratings before the period are used, and the history
    /// records the period.
    #[test]
    fn a_period_updates_everyone_from_the_ratings_before_it() {
        let mut book: RatingBook<&str> = RatingBook::new(Glicko2 { tau: 0.5 });
        let start = |rating, deviation| Player {
            rating: Rating {
                rating,
                deviation,
                volatility: 0.06,
            },
            history: Vec::new(),
        };
        book.players.insert("p", start(1500.0, 200.0));
        book.players.insert("a", start(1400.0, 30.0));
        book.players.insert("b", start(1550.0, 100.0));
        book.players.insert("c", start(1700.0, 300.0));
        book.rate(&[
            Encounter {
                a: "p",
                b: "a",
                score: 1.0,
            },
            Encounter {
                a: "b",
                b: "p",
                score: 1.0,
            },
            Encounter {
                a: "p",
                b: "c",
                score: 0.0,
            },
        ]);
        let p = &book.players["p"];
        assert!((p.rating.rating - 1464.06).abs() < 0.01, "{:?}", p.rating);
        assert_eq!(
            (p.history[0].wins, p.history[0].losses, p.history[0].games),
            (1, 2, 3)
        );
        assert!(book.players["a"].rating.rating < 1400.0, "a lost to p");
        assert_eq!(book.leaderboard(1)[0].key, &"c");
    }

    /// A period of one encounter is Glicko-2 for its two players and
    /// leaves a third player exactly as they were, where a shared period
    /// widens the idle player's deviation.
    #[test]
    fn a_period_of_one_encounter_moves_only_its_players() {
        let mut book: RatingBook<&str> = RatingBook::new(Glicko2::default());
        book.rate_one(&Encounter {
            a: "c",
            b: "d",
            score: 0.5,
        });
        let idle = book.rating(&"c");
        book.rate_one(&Encounter {
            a: "a",
            b: "b",
            score: 1.0,
        });
        let expected = Glicko2::default().update(
            Rating::NEWCOMER,
            &[Game {
                opponent: Rating::NEWCOMER,
                score: 1.0,
            }],
        );
        assert_eq!(book.rating(&"a"), expected);
        assert_eq!(book.rating(&"c"), idle, "c did not play");
        assert_eq!(book.players[&"c"].history.len(), 1);
        book.rate(&[Encounter {
            a: "a",
            b: "b",
            score: 1.0,
        }]);
        assert!(book.rating(&"c").deviation > idle.deviation);
    }

    /// A team win raises every player of the winning team and lowers every
    /// player of the losing one.
    #[test]
    fn team_matches_move_every_player() {
        let mut book: RatingBook<&str> = RatingBook::new(Glicko2::default());
        book.rate_teams(&[TeamMatch {
            a: vec!["a1", "a2"],
            b: vec!["b1", "b2", "b3"],
            score: 1.0,
        }]);
        for (player, data) in &book.players {
            let up = player.starts_with('a');
            assert_eq!(
                data.rating.rating > 1500.0,
                up,
                "{player}: {:?}",
                data.rating
            );
        }
        assert_eq!(book.leaderboard(0).len(), 5);
        assert_eq!(book.leaderboard(2).len(), 0, "nobody has two games");
    }
}
