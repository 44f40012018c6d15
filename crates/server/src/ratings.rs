//! Ratings and history from every finished rated game or match and every
//! tournament result, Glicko-2 as the tournament library has it
//! ([`tournament::ratings::RatingBook`]).
//!
//! The ratings are derived, never stored: a fold over the rated results
//! in the order they were committed (by commit time, then by tournament
//! and game id), each result a rating period of its own for its players
//! only, as lichess rates each game. A result counts exactly when its
//! finishing event is in the store, so a server killed at any moment
//! neither loses an update nor counts one twice: the next fold reads the
//! same committed events, whichever instance committed them.
//!
//! Who is rated: Guard & Towers players by the names they sat under;
//! Kubb teams by name, and each team's players, each against the opposing
//! team as one composite opponent. A tournament's games are rated through
//! the tournament's results (a correction included), never on their own.
//!
//! What is cached: each stored game's rated results, by the time the game
//! last changed, so that a leaderboard reads again only the games that
//! changed since the last one; the fold itself is redone when any did.

pub mod sources;

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use guard_towers::Color;
use kubb::stats::PlayerStats;
use serde::{Deserialize, Serialize};
use tokio::sync::Mutex;
use tournament::glicko2::{Glicko2, Rating};
use tournament::ratings::{Encounter, RatingBook, TeamMatch};
use tournament::GameKind;

use crate::error::ApiError;
use crate::games::kubb::StatsView;
use crate::store::{SourceRow, Store};
use sources::{RatedResult, Source};

/// Who a board rates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rated {
    /// Guard & Towers players, Kubb teams: the sides of a result.
    #[default]
    Entrants,
    /// The players of Kubb teams.
    Players,
}

/// The cached sources and the fold over them.
#[derive(Default)]
pub struct Ratings {
    cached: Mutex<Cached>,
}

#[derive(Default)]
struct Cached {
    /// Per stored game: when it last changed and what it contributes.
    sources: HashMap<String, (i64, Source)>,
    boards: Option<Arc<Boards>>,
}

impl Ratings {
    /// Every board, up to date with the store.
    pub async fn boards(&self, store: &Store) -> Result<Arc<Boards>, ApiError> {
        let rows = store.rating_sources().await?;
        let mut cached = self.cached.lock().await;
        let mut changed = rows.len() != cached.sources.len();
        let mut sources = HashMap::with_capacity(rows.len());
        for row in rows {
            let known = cached
                .sources
                .remove(&row.id)
                .filter(|(updated_ms, _)| *updated_ms == row.updated_ms);
            let source = match known {
                Some((_, source)) => source,
                None => {
                    changed = true;
                    read(store, &row).await
                }
            };
            sources.insert(row.id, (row.updated_ms, source));
        }
        cached.sources = sources;
        if changed || cached.boards.is_none() {
            let results = rated_results(&cached.sources);
            cached.boards = Some(Arc::new(Boards::fold(&results)));
        }
        Ok(cached.boards.clone().expect("the boards were just folded"))
    }
}

/// Reads what the stored game `row` contributes. A game that cannot be
/// read (quarantined meanwhile) contributes nothing and is logged.
async fn read(store: &Store, row: &SourceRow) -> Source {
    row.kind.rated(store, row).await.unwrap_or_else(|error| {
        tracing::warn!("ratings leave out game {}: {error}", row.id);
        Source::default()
    })
}

/// Every rated result in the order it is folded; a tournament's games
/// count through the tournament only.
fn rated_results(sources: &HashMap<String, (i64, Source)>) -> Vec<&RatedResult> {
    let in_tournaments: std::collections::HashSet<&str> = sources
        .values()
        .flat_map(|(_, source)| source.games.iter().map(String::as_str))
        .collect();
    let mut results: Vec<&RatedResult> = sources
        .values()
        .flat_map(|(_, source)| &source.results)
        .filter(|result| {
            result.tournament.is_some()
                || result
                    .game_id
                    .as_deref()
                    .is_none_or(|id| !in_tournaments.contains(id))
        })
        .collect();
    results.sort_by(|a, b| a.order().cmp(&b.order()));
    results
}

/// A win, a draw or a loss, from a player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

impl Outcome {
    fn of(score: f64) -> Outcome {
        if score > 0.5 {
            Outcome::Win
        } else if score < 0.5 {
            Outcome::Loss
        } else {
            Outcome::Draw
        }
    }
}

/// One rated result in a player's history, with the rating after it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Played {
    pub at_ms: i64,
    pub opponent: String,
    /// The player's share: 1 a win, ½ a draw, 0 a loss.
    pub score: f64,
    pub outcome: Outcome,
    pub rating: f64,
    pub deviation: f64,
    /// The stored game or match, if it was played on the server.
    pub game: Option<String>,
    pub tournament: Option<String>,
    /// Guard & Towers: the colour the player had.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub color: Option<Color>,
    /// Kubb players: the team they played for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub team: Option<String>,
    /// Kubb players: their statistics in the match, when it was scored on
    /// the server.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stats: Option<StatsView>,
}

/// One board: the ratings of one kind of rated name, with histories.
#[derive(Clone, Debug)]
pub struct Board {
    book: RatingBook<String>,
    history: BTreeMap<String, Vec<Played>>,
    /// Kubb players: their statistics summed over their matches.
    stats: BTreeMap<String, PlayerStats>,
    tournaments: std::collections::BTreeSet<String>,
    periods: u32,
}

impl Board {
    fn new() -> Board {
        Board {
            book: RatingBook::new(Glicko2::default()),
            history: BTreeMap::new(),
            stats: BTreeMap::new(),
            tournaments: Default::default(),
            periods: 0,
        }
    }

    fn note(&mut self, result: &RatedResult) {
        self.periods += 1;
        if let Some(tournament) = &result.tournament {
            self.tournaments.insert(tournament.clone());
        }
    }

    /// Rates a result between the two sides' names.
    fn rate_sides(&mut self, result: &RatedResult) {
        self.note(result);
        let [a, b] = &result.sides;
        self.book.rate_one(&Encounter {
            a: a.name.clone(),
            b: b.name.clone(),
            score: result.score,
        });
        for (index, (me, them)) in [(a, b), (b, a)].into_iter().enumerate() {
            let color = (result.game == GameKind::Gt).then_some(Color::ALL[index]);
            let score = if index == 0 {
                result.score
            } else {
                1.0 - result.score
            };
            self.played(result, &me.name, &them.name, score, color, None);
        }
    }

    /// Rates a Kubb match between the two teams' players.
    fn rate_players(&mut self, result: &RatedResult) {
        let [a, b] = &result.sides;
        if a.players.is_empty() || b.players.is_empty() {
            return;
        }
        self.note(result);
        self.book.rate_one_team_match(&TeamMatch {
            a: a.players.clone(),
            b: b.players.clone(),
            score: result.score,
        });
        for (index, (us, them)) in [(a, b), (b, a)].into_iter().enumerate() {
            let score = if index == 0 {
                result.score
            } else {
                1.0 - result.score
            };
            for player in &us.players {
                let stats = result.stats.get(player);
                if let Some(stats) = stats {
                    self.stats.entry(player.clone()).or_default().add(stats);
                }
                let team = Some((us.name.clone(), stats.map(StatsView::of)));
                self.played(result, player, &them.name, score, None, team);
            }
        }
    }

    fn played(
        &mut self,
        result: &RatedResult,
        name: &str,
        opponent: &str,
        score: f64,
        color: Option<Color>,
        team: Option<(String, Option<StatsView>)>,
    ) {
        let rating = self.book.rating(&name.to_string());
        let (team, stats) = team.map_or((None, None), |(team, stats)| (Some(team), stats));
        self.history
            .entry(name.to_string())
            .or_default()
            .push(Played {
                at_ms: result.at_ms,
                opponent: opponent.to_string(),
                score,
                outcome: Outcome::of(score),
                rating: rating.rating,
                deviation: rating.deviation,
                game: result.game_id.clone(),
                tournament: result.tournament.clone(),
                color,
                team,
                stats,
            });
    }

    /// The leaderboard of those with at least `min_games` rated results.
    pub fn leaders(&self, min_games: u32) -> Vec<Leader> {
        self.book
            .leaderboard(min_games)
            .into_iter()
            .map(|leader| Leader::of(leader.rank, leader.key, leader.rating, leader.games))
            .collect()
    }

    pub fn periods(&self) -> u32 {
        self.periods
    }

    pub fn tournaments(&self) -> usize {
        self.tournaments.len()
    }

    /// A player's page, or `None` for a name with no rated result here.
    pub fn player(&self, name: &str) -> Option<PlayerView> {
        let history = self.history.get(name)?;
        let rank = self
            .leaders(0)
            .into_iter()
            .find(|leader| leader.name == name)
            .map(|leader| leader.rank);
        let rating = self.book.rating(&name.to_string());
        let colors = history.iter().any(|p| p.color.is_some());
        Some(PlayerView {
            name: name.to_string(),
            rank,
            rating: rating.rating,
            deviation: rating.deviation,
            volatility: rating.volatility,
            games: history.len(),
            record: Record::of(history.iter()),
            by_color: colors.then(|| ByColor {
                red: Record::of(history.iter().filter(|p| p.color == Some(Color::Red))),
                blue: Record::of(history.iter().filter(|p| p.color == Some(Color::Blue))),
            }),
            stats: self.stats.get(name).map(StatsView::of),
            history: history.clone(),
        })
    }
}

/// Every board: Guard & Towers players, Kubb teams, Kubb players.
#[derive(Clone, Debug)]
pub struct Boards {
    gt: Board,
    kubb_teams: Board,
    kubb_players: Board,
}

impl Boards {
    /// The fold of the results, in the order given.
    fn fold(results: &[&RatedResult]) -> Boards {
        let mut boards = Boards {
            gt: Board::new(),
            kubb_teams: Board::new(),
            kubb_players: Board::new(),
        };
        for result in results {
            match result.game {
                GameKind::Gt => boards.gt.rate_sides(result),
                GameKind::Kubb => {
                    boards.kubb_teams.rate_sides(result);
                    boards.kubb_players.rate_players(result);
                }
            }
        }
        boards
    }

    /// The board of `game`'s `rated`: Guard & Towers has entrants only
    /// (its players), so its players' board is the same.
    pub fn board(&self, game: GameKind, rated: Rated) -> &Board {
        match (game, rated) {
            (GameKind::Gt, _) => &self.gt,
            (GameKind::Kubb, Rated::Entrants) => &self.kubb_teams,
            (GameKind::Kubb, Rated::Players) => &self.kubb_players,
        }
    }
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

impl Leader {
    fn of(rank: usize, name: &str, rating: Rating, games: u32) -> Leader {
        Leader {
            rank,
            name: name.to_string(),
            rating: rating.rating,
            deviation: rating.deviation,
            volatility: rating.volatility,
            games,
        }
    }
}

/// Wins, draws and losses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Record {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Record {
    fn of<'a>(played: impl Iterator<Item = &'a Played>) -> Record {
        let mut record = Record::default();
        for p in played {
            match p.outcome {
                Outcome::Win => record.wins += 1,
                Outcome::Draw => record.draws += 1,
                Outcome::Loss => record.losses += 1,
            }
        }
        record
    }
}

/// A Guard & Towers player's record with each colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ByColor {
    pub red: Record,
    pub blue: Record,
}

/// A player's (or Kubb team's) page: the rating now, the record, the
/// statistics and the rating after each rated result.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerView {
    pub name: String,
    /// The place on the leaderboard of everyone rated.
    pub rank: Option<usize>,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: usize,
    pub record: Record,
    /// Guard & Towers: the record with Red and with Blue.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by_color: Option<ByColor>,
    /// Kubb players: the statistics of every match scored on the server.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stats: Option<StatsView>,
    /// Oldest first.
    pub history: Vec<Played>,
}
