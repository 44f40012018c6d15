//! Puzzles: the shipped set (made by `towers gt puzzles --self-play`,
//! embedded, seeded into the store at start), choosing the next one for a
//! solver, checking an attempt move by move and rating puzzles and solvers
//! with Glicko-2 as the tournament library has it.
//!
//! A puzzle's goal is a win (the line that wins by force) or a save (the
//! only move that does not lose, under a threat to lose at once).
//! An attempt sends the solver's moves so far (never the opponent's: the
//! server plays those). While they follow the solution and the puzzle goes
//! on, the answer is the opponent's reply; at the first wrong move, or when
//! the last move wins, the attempt is over and the answer gives the
//! solution. A move is right when it is the solution's, or, at the last
//! step, any move that wins at once (`Puzzle::accepts`). The first finished
//! attempt of a solver at a puzzle is rated, for both: one rating period
//! each, the puzzle as the solver's opponent and the solver as the
//! puzzle's, with the puzzle scoring when the solver fails.

use api::board::Board;
use api::puzzles::PuzzleAttempt;
use guard_towers::Move;
use guard_towers_engine::puzzle::{Goal, Puzzle};
use rand::seq::IndexedRandom;
use tournament::glicko2::{Game, Glicko2, Rating};

use crate::app::App;
use crate::clock::now_ms;
use crate::error::ApiError;
use crate::security::token_hash;
use crate::store::{Committed, PuzzleRow, SolverRow, Store, Write};

/// The shipped set: one JSON line per puzzle (`docs/puzzles.md` says how
/// it was made). Its line numbers are the puzzles' ids, so it only grows
/// at its end.
pub const SHIPPED: &str = include_str!("../data/gt-puzzles.jsonl");

/// Puzzles near the solver's rating that the next one is drawn from.
const CHOICES: i64 = 8;
/// Tries of a rated attempt whose ratings another request changed first.
const RATING_TRIES: usize = 5;

/// The puzzles of a set text, each with its id (its line number); a line
/// that is no puzzle is an error naming it.
pub fn parse_set(text: &str) -> Result<Vec<(i64, Puzzle)>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(index, line)| {
            serde_json::from_str(line)
                .map(|puzzle| (index as i64 + 1, puzzle))
                .map_err(|error| format!("puzzle set line {}: {error}", index + 1))
        })
        .collect()
}

/// Where a new puzzle's rating starts: longer wins are harder.
pub fn first_rating(puzzle: &Puzzle) -> Rating {
    let moves = match puzzle.goal() {
        Goal::Win => puzzle.wins_in(),
        Goal::Save => 1,
    };
    Rating {
        rating: 1100.0 + 200.0 * f64::from(moves.saturating_sub(1)),
        deviation: 300.0,
        volatility: Rating::NEWCOMER.volatility,
    }
}

/// Adds the shipped puzzles the store lacks.
pub async fn seed(store: &Store) -> anyhow::Result<()> {
    let set = parse_set(SHIPPED).map_err(anyhow::Error::msg)?;
    if store.puzzle_count().await? as usize >= set.len() {
        return Ok(());
    }
    let writes = set
        .iter()
        .map(|(id, puzzle)| {
            let rating = first_rating(puzzle);
            Write::SeedPuzzle(PuzzleRow {
                id: *id,
                goal: puzzle.goal().to_string(),
                position: puzzle.position().to_string(),
                solution: words(puzzle.solution(), " "),
                themes: words(puzzle.themes(), ","),
                glicko: glicko_text(rating),
                rating: rating.rating.round() as i64,
                attempts: 0,
                solved: 0,
            })
        })
        .collect();
    store.commit(writes, Vec::new()).await?;
    Ok(())
}

fn words<T: ToString>(items: &[T], separator: &str) -> String {
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(separator)
}

fn glicko_text(rating: Rating) -> String {
    serde_json::to_string(&rating).expect("a rating serialises")
}

fn read_glicko(text: &str) -> Result<Rating, ApiError> {
    serde_json::from_str(text)
        .map_err(|error| ApiError::Internal(format!("a stored puzzle rating: {error}")))
}

/// A stored puzzle read back: its line checked again.
fn read_puzzle(row: &PuzzleRow) -> Result<Puzzle, ApiError> {
    let corrupt = |detail: String| ApiError::Internal(format!("puzzle {}: {detail}", row.id));
    let goal: Goal = row.goal.parse().map_err(corrupt)?;
    let position = row.position.parse().map_err(|e| corrupt(format!("{e}")))?;
    let solution = row
        .solution
        .split_whitespace()
        .map(str::parse)
        .collect::<Result<Vec<Move>, _>>()
        .map_err(|e| corrupt(format!("{e}")))?;
    Puzzle::of(goal, position, solution).map_err(|e| corrupt(e.to_string()))
}

/// A solver's token as the page keeps it: 16-64 letters, digits, `-` or
/// `_`. Only its hash is stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolverToken(String);

impl SolverToken {
    pub fn parse(text: &str) -> Result<SolverToken, ApiError> {
        let valid = (16..=64).contains(&text.len())
            && text
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        if valid {
            Ok(SolverToken(text.to_string()))
        } else {
            Err(ApiError::BadRequest(
                "X-Solver: 16-64 letters, digits, '-' or '_'".into(),
            ))
        }
    }

    /// A signed-in account as a solver: its rating is the account's, on
    /// every device. (No guest's token can be this text: a parsed one has
    /// no ':'.)
    pub fn of_account(account_id: &str) -> SolverToken {
        SolverToken(format!("account:{account_id}"))
    }

    fn hash(&self) -> String {
        token_hash(&self.0)
    }
}

async fn solver_rating(store: &Store, solver: Option<&SolverToken>) -> Result<Rating, ApiError> {
    let Some(solver) = solver else {
        return Ok(Rating::NEWCOMER);
    };
    match store.solver(&solver.hash()).await? {
        Some(row) => read_glicko(&row.glicko),
        None => Ok(Rating::NEWCOMER),
    }
}

pub async fn next(
    app: &App,
    solver: Option<&SolverToken>,
) -> Result<api::puzzles::Puzzle, ApiError> {
    let rating = solver_rating(&app.store, solver).await?;
    let near = rating.rating.round() as i64;
    let hash = solver.map(SolverToken::hash).unwrap_or_default();
    let mut rows = app.store.puzzles_near(near, &hash, CHOICES).await?;
    if rows.is_empty() {
        // Every puzzle tried: they come round again.
        rows = app.store.puzzles_near(near, "", CHOICES).await?;
    }
    let row = rows
        .choose(&mut rand::rng())
        .ok_or_else(|| ApiError::NotFound("no puzzles are stored".into()))?;
    let puzzle = read_puzzle(row)?;
    Ok(api::puzzles::Puzzle {
        id: row.id,
        goal: puzzle.goal(),
        position: row.position.clone(),
        board: Board::from(puzzle.position()),
        rating: row.rating,
        themes: puzzle.themes().to_vec(),
        wins_in: puzzle.wins_in(),
        solver_rating: near,
    })
}

/// How the solver's moves went.
enum Walk {
    /// Right so far; the opponent answers with this.
    Going(Move),
    Solved,
    Failed,
}

fn walk(puzzle: &Puzzle, moves: &[Move]) -> Result<Walk, ApiError> {
    let solution = puzzle.solution();
    for (index, &mv) in moves.iter().enumerate() {
        let ply = 2 * index;
        match puzzle.accepts(ply, mv) {
            Some(true) if ply + 1 == solution.len() => {
                if index + 1 < moves.len() {
                    return Err(ApiError::refused(format!(
                        "moves: the puzzle is solved by move {}; nothing follows it",
                        index + 1
                    )));
                }
                return Ok(Walk::Solved);
            }
            Some(true) => {}
            Some(false) | None => return Ok(Walk::Failed),
        }
    }
    let last = 2 * moves.len() - 2;
    Ok(Walk::Going(solution[last + 1]))
}

pub async fn attempt(
    app: &App,
    id: i64,
    moves: &[Move],
    solver: Option<&SolverToken>,
) -> Result<PuzzleAttempt, ApiError> {
    if moves.is_empty() {
        return Err(ApiError::refused("moves: at least one move"));
    }
    for _ in 0..RATING_TRIES {
        let row = app
            .store
            .puzzle(id)
            .await?
            .ok_or_else(|| ApiError::NotFound(format!("no puzzle {id}")))?;
        let puzzle = read_puzzle(&row)?;
        let solved = match walk(&puzzle, moves)? {
            Walk::Going(reply) => {
                return Ok(PuzzleAttempt {
                    solved: false,
                    complete: false,
                    reply: Some(reply),
                    expected: None,
                    rating: row.rating,
                    rated: false,
                    solver_rating: match solver {
                        Some(_) => {
                            Some(solver_rating(&app.store, solver).await?.rating.round() as i64)
                        }
                        None => None,
                    },
                });
            }
            Walk::Solved => true,
            Walk::Failed => false,
        };
        let finished = |rating: i64, rated: bool, solver_rating: Option<i64>| PuzzleAttempt {
            solved,
            complete: true,
            reply: None,
            expected: Some(puzzle.solution().to_vec()),
            rating,
            rated,
            solver_rating,
        };
        let Some(solver) = solver else {
            return Ok(finished(row.rating, false, None));
        };
        let hash = solver.hash();
        let solver_row = app.store.solver(&hash).await?;
        let solver_before = match &solver_row {
            Some(row) => read_glicko(&row.glicko)?,
            None => Rating::NEWCOMER,
        };
        if app.store.attempted(&hash, id).await? {
            let shown = solver_before.rating.round() as i64;
            return Ok(finished(row.rating, false, Some(shown)));
        }
        let puzzle_before = read_glicko(&row.glicko)?;
        let system = Glicko2::default();
        let score = if solved { 1.0 } else { 0.0 };
        let solver_after = system.update(
            solver_before,
            &[Game {
                opponent: puzzle_before,
                score,
            }],
        );
        let puzzle_after = system.update(
            puzzle_before,
            &[Game {
                opponent: solver_before,
                score: 1.0 - score,
            }],
        );
        let write = Write::RatePuzzle {
            puzzle: PuzzleRow {
                glicko: glicko_text(puzzle_after),
                rating: puzzle_after.rating.round() as i64,
                attempts: row.attempts + 1,
                solved: row.solved + i64::from(solved),
                ..row.clone()
            },
            solver: SolverRow {
                token_hash: hash,
                glicko: glicko_text(solver_after),
                rating: solver_after.rating.round() as i64,
                attempts: solver_row.map_or(0, |row| row.attempts) + 1,
            },
            solved,
            at_ms: now_ms(),
        };
        if app.store.commit(vec![write], Vec::new()).await? == Committed::Yes {
            return Ok(finished(
                puzzle_after.rating.round() as i64,
                true,
                Some(solver_after.rating.round() as i64),
            ));
        }
        // Another request rated one of the two first: read them again.
    }
    Err(
        ApiError::Conflict("the puzzle's rating keeps changing: try again".into())
            .precisely(api::Code::PuzzleRatingChanging, serde_json::Map::new()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_set_reads_and_every_solution_wins() {
        let set = parse_set(SHIPPED).expect("the shipped set reads");
        assert!(set.len() >= 500, "{} puzzles", set.len());
        let mut positions = std::collections::HashSet::new();
        for (_, puzzle) in &set {
            assert!(positions.insert(puzzle.position().to_string()));
            let solver_moves: Vec<Move> = puzzle.solution().iter().step_by(2).copied().collect();
            assert!(matches!(walk(puzzle, &solver_moves), Ok(Walk::Solved)));
        }
    }

    #[test]
    fn solver_tokens_are_checked() {
        assert!(SolverToken::parse("abcdefghijklmnop").is_ok());
        assert!(SolverToken::parse("short").is_err());
        assert!(SolverToken::parse("abcdefghijklmnop qrs").is_err());
    }
}
