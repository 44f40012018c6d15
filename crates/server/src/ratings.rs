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
//! Every name with a rated result is kept as an identity that stands for
//! someone (`names`), as soon as a fold finds it.
//!
//! What is cached: each stored game's rated results, by the time the game
//! last changed, so that a leaderboard reads again only the games that
//! changed since the last one; the fold itself is redone when any did.

pub mod sources;

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

// A history's entry is the wire's rated result; the stored one it is made
// from is `sources::RatedResult`.
use api::ratings::RatedResult as Played;
use api::ratings::{ByColor, Leader, PlayerPage, RatedOf, RatedOutcome, Record};
use guard_towers::Color;
use kubb::stats::PlayerStats;
use tokio::sync::Mutex;
use tournament::glicko2::Glicko2;
use tournament::ratings::{Encounter, RatingBook, TeamMatch};
use tournament::GameKind;

use crate::error::ApiError;
use crate::store::{SourceRow, Store};
use sources::{RatedResult, Source};

/// The cached sources and the fold over them.
#[derive(Default)]
pub struct Ratings {
    cached: Mutex<Cached>,
}

#[derive(Default)]
struct Cached {
    /// Per stored game: when it last changed and what it contributes.
    sources: HashMap<String, (i64, Source)>,
    /// The names whose history was handed to an account, by the account's
    /// name (`towers admin accounts link`).
    aliases: BTreeMap<String, String>,
    /// The rated names kept as identities already (`names`).
    guarded: std::collections::HashSet<String>,
    boards: Option<Arc<Boards>>,
}

impl Ratings {
    /// Every board, up to date with the store.
    pub async fn boards(&self, store: &Store) -> Result<Arc<Boards>, ApiError> {
        let rows = store.rating_sources().await?;
        let aliases: BTreeMap<String, String> = store.linked_names().await?.into_iter().collect();
        let mut cached = self.cached.lock().await;
        let mut changed = rows.len() != cached.sources.len() || aliases != cached.aliases;
        cached.aliases = aliases;
        let mut sources = HashMap::with_capacity(rows.len());
        let mut read_anew = 0;
        for row in rows {
            let known = cached
                .sources
                .remove(&row.id)
                .filter(|(updated_ms, _)| *updated_ms == row.updated_ms);
            let source = match known {
                Some((_, source)) => source,
                None => {
                    changed = true;
                    read_anew += 1;
                    read(store, &row).await
                }
            };
            sources.insert(row.id, (row.updated_ms, source));
        }
        cached.sources = sources;
        if changed || cached.boards.is_none() {
            let results = rated_results(&cached.sources);
            let results = linked(results, &cached.aliases);
            let results: Vec<&RatedResult> = results.iter().collect();
            let boards = Boards::fold(&results);
            // A name that has rated results now stands for someone: nobody
            // signs up under it or a look-alike of it (it is `unclaimed`
            // until an account is handed its history).
            let new: Vec<String> = boards
                .names()
                .into_iter()
                .filter(|name| !cached.guarded.contains(name))
                .collect();
            crate::names::register_unclaimed(store, new.iter().cloned()).await?;
            cached.guarded.extend(new);
            cached.boards = Some(Arc::new(boards));
            crate::metrics::ratings_folded(read_anew);
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

/// The results with every name handed to an account read as the
/// account's name.
fn linked(results: Vec<&RatedResult>, aliases: &BTreeMap<String, String>) -> Vec<RatedResult> {
    let rename = |name: &mut String| {
        if let Some(account) = aliases.get(name.as_str()) {
            *name = account.clone();
        }
    };
    results
        .into_iter()
        .map(|result| {
            let mut result = result.clone();
            for side in &mut result.sides {
                rename(&mut side.name);
                side.players.iter_mut().for_each(rename);
            }
            if !aliases.is_empty() {
                result.stats = std::mem::take(&mut result.stats)
                    .into_iter()
                    .map(|(mut name, stats)| {
                        rename(&mut name);
                        (name, stats)
                    })
                    .collect();
            }
            result
        })
        .collect()
}

/// A win, a draw or a loss, from the side whose share is `score`.
fn outcome_of(score: f64) -> RatedOutcome {
    if score > 0.5 {
        RatedOutcome::Win
    } else if score < 0.5 {
        RatedOutcome::Loss
    } else {
        RatedOutcome::Draw
    }
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
                let team = Some((us.name.clone(), stats.map(Into::into)));
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
        team: Option<(String, Option<api::kubb::PlayerStats>)>,
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
                outcome: outcome_of(score),
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
            .map(|leader| Leader::from(&leader))
            .collect()
    }

    pub fn periods(&self) -> u32 {
        self.periods
    }

    pub fn tournaments(&self) -> usize {
        self.tournaments.len()
    }

    /// A player's page on the board of `game`'s `of`, or `None` for a
    /// name with no rated result here.
    pub fn player(&self, game: GameKind, of: RatedOf, name: &str) -> Option<PlayerPage> {
        let history = self.history.get(name)?;
        let rank = self
            .leaders(0)
            .into_iter()
            .find(|leader| leader.name == name)
            .map(|leader| leader.rank);
        let rating = self.book.rating(&name.to_string());
        let colors = history.iter().any(|p| p.color.is_some());
        Some(PlayerPage {
            game,
            of,
            name: name.to_string(),
            rank,
            rating: rating.rating,
            deviation: rating.deviation,
            volatility: rating.volatility,
            games: history.len(),
            record: record_of(history.iter()),
            by_color: colors.then(|| ByColor {
                red: record_of(history.iter().filter(|p| p.color == Some(Color::Red))),
                blue: record_of(history.iter().filter(|p| p.color == Some(Color::Blue))),
            }),
            stats: self.stats.get(name).map(Into::into),
            history: history.clone(),
            holder: None,
            owner: None,
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

    /// Every rated name on every board.
    pub fn names(&self) -> Vec<String> {
        let boards = [&self.gt, &self.kubb_teams, &self.kubb_players];
        let mut names: Vec<String> = boards
            .iter()
            .flat_map(|board| board.history.keys().cloned())
            .collect();
        names.sort();
        names.dedup();
        names
    }

    /// The board of `game`'s `rated`: Guard & Towers has entrants only
    /// (its players), so its players' board is the same.
    pub fn board(&self, game: GameKind, rated: RatedOf) -> &Board {
        match (game, rated) {
            (GameKind::Gt, _) => &self.gt,
            (GameKind::Kubb, RatedOf::Entrants) => &self.kubb_teams,
            (GameKind::Kubb, RatedOf::Players) => &self.kubb_players,
        }
    }
}

/// The wins, draws and losses among `played`.
fn record_of<'a>(played: impl Iterator<Item = &'a Played>) -> Record {
    let mut record = Record {
        wins: 0,
        draws: 0,
        losses: 0,
    };
    for p in played {
        match p.outcome {
            RatedOutcome::Win => record.wins += 1,
            RatedOutcome::Draw => record.draws += 1,
            RatedOutcome::Loss => record.losses += 1,
        }
    }
    record
}
