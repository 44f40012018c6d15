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

use std::collections::{HashMap, HashSet};

use api::board::Board;
use api::puzzles::PuzzleAttempt;
use guard_towers::Move;
use guard_towers_engine::puzzle::{Goal, Puzzle, Settings, Theme, ThemeError, Verifier};
use rand::seq::IndexedRandom;
use serde::Deserialize;
use tournament::glicko2::{Game, Glicko2, Rating};

use crate::app::App;
use crate::clock::now_ms;
use crate::error::ApiError;
use crate::security::{new_token, token_hash};
use crate::store::{Committed, PuzzleRow, SolverRow, Store, Write};

/// The shipped set: one JSON line per puzzle, each with its id
/// (`docs/puzzles.md` says how it was made).
pub const SHIPPED: &str = include_str!("../data/gt-puzzles.jsonl");

/// Puzzles near the solver's rating that the next one is drawn from.
const CHOICES: i64 = 8;
/// Tries of a rated attempt whose ratings another request changed first.
const RATING_TRIES: usize = 5;
/// A win puzzle's move off its line is searched for a forced win within
/// the puzzle's length and this many more of the solver's moves...
const OTHER_WIN_MOVES: u32 = 3;
/// ...on this many nodes (about half a second of one engine thread).
const OTHER_WIN_NODES: u64 = 2_000_000;

/// A puzzle as a set's line gives it:
/// `{"id": 17, "goal": "win", "position": …, "solution": […], "themes":
/// […], "source": …, "rating": 1480}`.
#[derive(Debug, Deserialize)]
pub struct SetPuzzle {
    /// Stable across sets: a puzzle keeps its id, and a dropped puzzle's
    /// id is never given to another, so that the attempts stored at it
    /// stay its own.
    pub id: i64,
    /// Where its rating starts, measured from how hard the engine finds
    /// it; without one, [`first_rating`] by its length.
    #[serde(default)]
    pub rating: Option<f64>,
    #[serde(flatten)]
    pub puzzle: Puzzle,
}

/// A set that cannot be read, or that cannot be seeded into what is
/// stored: each names the line or the puzzle.
#[derive(Debug, thiserror::Error)]
pub enum SetError {
    #[error("puzzle set line {line}: {error}")]
    Line {
        line: usize,
        error: serde_json::Error,
    },
    #[error("puzzle set line {line}: id {id} is not a positive number")]
    Id { line: usize, id: i64 },
    #[error("puzzle set line {line}: id {id} is line {first}'s already")]
    RepeatedId { line: usize, id: i64, first: usize },
    #[error(
        "puzzle {id}: the set's position {position} is not the stored one, {stored} \
         (a changed puzzle takes a new id)"
    )]
    PositionChanged {
        id: i64,
        position: String,
        stored: String,
    },
    #[error(
        "puzzle {id}: its position is stored as puzzle {stored_id} (a position is one puzzle)"
    )]
    PositionTaken { id: i64, stored_id: i64 },
}

/// The puzzles of a set text; a line that is no puzzle, or whose id is
/// missing, not positive or another line's, is an error naming it.
pub fn parse_set(text: &str) -> Result<Vec<SetPuzzle>, SetError> {
    let mut lines_by_id = HashMap::new();
    let mut set = Vec::new();
    for (index, text) in text.lines().enumerate() {
        if text.trim().is_empty() {
            continue;
        }
        let line = index + 1;
        let puzzle: SetPuzzle =
            serde_json::from_str(text).map_err(|error| SetError::Line { line, error })?;
        let id = puzzle.id;
        if id < 1 {
            return Err(SetError::Id { line, id });
        }
        if let Some(&first) = lines_by_id.get(&id) {
            return Err(SetError::RepeatedId { line, id, first });
        }
        lines_by_id.insert(id, line);
        set.push(puzzle);
    }
    Ok(set)
}

/// Where a new puzzle's rating starts when its set gives none: longer
/// wins are harder.
pub fn first_rating(puzzle: &Puzzle) -> Rating {
    let moves = match puzzle.goal() {
        Goal::Win => puzzle.wins_in(),
        Goal::Save => 1,
    };
    starting_at(1100.0 + 200.0 * f64::from(moves.saturating_sub(1)))
}

/// A new puzzle's Glicko-2 rating: `rating`, not yet certain.
fn starting_at(rating: f64) -> Rating {
    Rating {
        rating,
        deviation: 300.0,
        volatility: Rating::NEWCOMER.volatility,
    }
}

/// Seeds the set (the shipped one, or a test's) into the store, in one
/// commit: [`seed_writes`].
pub async fn seed(store: &Store, set: &str) -> anyhow::Result<()> {
    let set = parse_set(set)?;
    let writes = seed_writes(&set, &store.puzzles().await?)?;
    if !writes.is_empty() {
        store.commit(writes, Vec::new()).await?;
    }
    Ok(())
}

/// What seeding `set` into a store holding `stored` writes, by id: the
/// set's puzzles the store lacks are added; a stored one whose goal,
/// solution or themes the set words otherwise (the engine's themes grew)
/// takes the set's, its rating kept; a stored one the set no longer holds
/// is retired (its row and the attempts at it stay: a solver's results
/// still count them), and one that comes back is served again. Nothing,
/// once the store agrees with the set, so every start may seed. A set
/// whose puzzle has another position than its stored id's, or the
/// position of another stored id, is refused: a position is one puzzle,
/// and an id names one position for ever.
fn seed_writes(set: &[SetPuzzle], stored: &[PuzzleRow]) -> Result<Vec<Write>, SetError> {
    let by_id: HashMap<i64, &PuzzleRow> = stored.iter().map(|row| (row.id, row)).collect();
    let by_position: HashMap<&str, i64> = stored
        .iter()
        .map(|row| (row.position.as_str(), row.id))
        .collect();
    let in_set: HashSet<i64> = set.iter().map(|entry| entry.id).collect();
    let mut writes = Vec::new();
    for entry in set {
        let (id, puzzle) = (entry.id, &entry.puzzle);
        let position = puzzle.position().to_string();
        let goal = puzzle.goal().to_string();
        let solution = words(puzzle.solution(), " ");
        let themes = words(puzzle.themes(), ",");
        match by_id.get(&id) {
            Some(row) if row.position != position => {
                return Err(SetError::PositionChanged {
                    id,
                    position,
                    stored: row.position.clone(),
                });
            }
            Some(row) => {
                let same = row.goal == goal && row.solution == solution && row.themes == themes;
                if !same || row.retired {
                    writes.push(Write::ReseedPuzzle {
                        id,
                        goal,
                        solution,
                        themes,
                    });
                }
            }
            None => {
                if let Some(&stored_id) = by_position.get(position.as_str()) {
                    return Err(SetError::PositionTaken { id, stored_id });
                }
                let rating = entry
                    .rating
                    .map_or_else(|| first_rating(puzzle), starting_at);
                writes.push(Write::SeedPuzzle(PuzzleRow {
                    id,
                    goal,
                    position,
                    solution,
                    themes,
                    glicko: glicko_text(rating),
                    rating: rating.rating.round() as i64,
                    attempts: 0,
                    solved: 0,
                    retired: false,
                }));
            }
        }
    }
    writes.extend(
        stored
            .iter()
            .filter(|row| !row.retired && !in_set.contains(&row.id))
            .map(|row| Write::RetirePuzzle { id: row.id }),
    );
    Ok(writes)
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

    /// A new guest's token, random, of the shape [`SolverToken::parse`]
    /// takes (the server gives it in a cookie to a client that sent none).
    pub fn fresh() -> SolverToken {
        SolverToken(new_token())
    }

    pub fn as_str(&self) -> &str {
        &self.0
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

/// The next puzzle for the solver: drawn from the [`CHOICES`] nearest its
/// rating that it has not tried, of `theme` when one is asked for; once it
/// has tried every one, they come round again.
pub async fn next(
    app: &App,
    solver: &SolverToken,
    theme: Option<Theme>,
) -> Result<api::puzzles::Puzzle, ApiError> {
    let rating = solver_rating(&app.store, Some(solver)).await?;
    let near = rating.rating.round() as i64;
    let hash = solver.hash();
    let theme_name = theme.map(Theme::name);
    let mut rows = app
        .store
        .puzzles_near(near, &hash, theme_name, CHOICES)
        .await?;
    if rows.is_empty() {
        rows = app
            .store
            .puzzles_near(near, "", theme_name, CHOICES)
            .await?;
    }
    let row = rows.choose(&mut rand::rng()).ok_or_else(|| match theme {
        Some(theme) => ApiError::NotFound(format!("no puzzles of the theme {theme} are stored")),
        None => ApiError::NotFound("no puzzles are stored".into()),
    })?;
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

/// A theme asked for by its name; another name is refused with its own
/// code.
pub fn theme_named(name: &str) -> Result<Theme, ApiError> {
    name.parse().map_err(|error: ThemeError| {
        ApiError::BadRequest(format!("theme: {error}")).precisely(
            api::Code::PuzzleUnknownTheme,
            crate::error::with("theme", name),
        )
    })
}

/// How many puzzles there are, by goal and by theme, in the order of the
/// engine's goals and themes; the retired ones are not counted.
pub async fn counts(app: &App) -> Result<api::puzzles::PuzzleCounts, ApiError> {
    let corrupt = |detail: String| ApiError::Internal(format!("a stored puzzle: {detail}"));
    let mut goals: Vec<(Goal, i64)> = [Goal::Win, Goal::Save].map(|goal| (goal, 0)).to_vec();
    let mut themes: Vec<(Theme, i64)> = Theme::ALL.map(|theme| (theme, 0)).to_vec();
    let kinds = app.store.puzzle_kinds().await?;
    for (goal, names) in &kinds {
        let goal: Goal = goal.parse().map_err(corrupt)?;
        for (of, count) in goals.iter_mut() {
            *count += i64::from(*of == goal);
        }
        for name in names.split(',').filter(|name| !name.is_empty()) {
            let theme: Theme = name.parse().map_err(|e| corrupt(format!("{e:?}")))?;
            for (of, count) in themes.iter_mut() {
                *count += i64::from(*of == theme);
            }
        }
    }
    Ok(api::puzzles::PuzzleCounts {
        total: kinds.len() as i64,
        by_goal: goals
            .into_iter()
            .map(|(goal, count)| api::puzzles::GoalCount { goal, count })
            .collect(),
        by_theme: themes
            .into_iter()
            .map(|(theme, count)| api::puzzles::ThemeCount { theme, count })
            .collect(),
    })
}

/// The solver's results: its first complete attempts, solved and failed,
/// in all and by theme (every theme, in the engine's order). Puzzles
/// retired from the set still count: what the solver did stays done.
/// Nobody's (no token) are all nought.
pub async fn results(
    app: &App,
    solver: Option<&SolverToken>,
) -> Result<api::puzzles::PuzzleResults, ApiError> {
    let rating = solver_rating(&app.store, solver).await?;
    let attempts = match solver {
        Some(solver) => app.store.solver_results(&solver.hash()).await?,
        None => Vec::new(),
    };
    let mut by_theme: Vec<api::puzzles::ThemeResult> = Theme::ALL
        .map(|theme| api::puzzles::ThemeResult {
            theme,
            solved: 0,
            failed: 0,
        })
        .to_vec();
    let mut solved = 0;
    for (themes, won) in &attempts {
        solved += i64::from(*won);
        // A retired puzzle keeps the theme names of its day: one the
        // engine no longer has is left out.
        let themes: Vec<Theme> = themes
            .split(',')
            .filter_map(|name| name.parse().ok())
            .collect();
        for result in by_theme
            .iter_mut()
            .filter(|result| themes.contains(&result.theme))
        {
            if *won {
                result.solved += 1;
            } else {
                result.failed += 1;
            }
        }
    }
    Ok(api::puzzles::PuzzleResults {
        solver_rating: rating.rating.round() as i64,
        solved,
        failed: attempts.len() as i64 - solved,
        by_theme,
    })
}

/// How the solver's moves went.
enum Walk {
    /// Right so far; the opponent answers with this.
    Going(Move),
    Solved,
    /// Not the puzzle's move: the solver's move `index` (from 0).
    Failed {
        index: usize,
    },
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
            Some(false) | None => return Ok(Walk::Failed { index }),
        }
    }
    let last = 2 * moves.len() - 2;
    Ok(Walk::Going(solution[last + 1]))
}

/// The solver's moves in a win puzzle whose last is not the puzzle's but
/// still wins by force, as the engine proves it (within the puzzle's
/// length and a few moves more): that win's length in the solver's moves
/// from the puzzle's start. The proof is a search, so it waits for one of
/// the engine threads, as an analysis does.
async fn another_win(app: &App, puzzle: &Puzzle, moves: &[Move]) -> Result<Option<u32>, ApiError> {
    let Some((&last, before)) = moves.split_last() else {
        return Ok(None);
    };
    if puzzle.goal() != Goal::Win {
        return Ok(None);
    }
    let mut position = *puzzle.position();
    for (index, &mv) in before.iter().enumerate() {
        position = position.play(mv).play(puzzle.solution()[2 * index + 1]);
    }
    if !position.is_legal(last) {
        return Ok(None);
    }
    let left = puzzle.wins_in() - before.len() as u32;
    let _permit = app.engine_permit().await?;
    let wins = tokio::task::spawn_blocking(move || {
        let settings = Settings {
            nodes: OTHER_WIN_NODES,
            ..Settings::default()
        };
        Verifier::new(settings).wins_with(&position, last, left + OTHER_WIN_MOVES)
    })
    .await
    .map_err(|error| ApiError::Internal(format!("a puzzle's other win: {error}")))?;
    Ok(wins.map(|n| n + before.len() as u32))
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
        let mut other_win = None;
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
                    other_win: None,
                });
            }
            Walk::Solved => true,
            Walk::Failed { index } => {
                other_win = another_win(app, &puzzle, &moves[..=index]).await?;
                other_win.is_some()
            }
        };
        let finished = |rating: i64, rated: bool, solver_rating: Option<i64>| PuzzleAttempt {
            solved,
            complete: true,
            reply: None,
            expected: Some(puzzle.solution().to_vec()),
            rating,
            rated,
            solver_rating,
            other_win,
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
        // A puzzle retired from the set (a page that showed it before the
        // server restarted) is answered but rates nobody any more.
        if row.retired || app.store.attempted(&hash, id).await? {
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
        let mut positions = HashSet::new();
        for SetPuzzle { puzzle, .. } in &set {
            assert!(positions.insert(puzzle.position().to_string()));
            let solver_moves: Vec<Move> = puzzle.solution().iter().step_by(2).copied().collect();
            assert!(matches!(walk(puzzle, &solver_moves), Ok(Walk::Solved)));
        }
    }

    /// Three puzzles of the first shipped set, as set lines of `id`s.
    fn line(id: i64) -> String {
        let (goal, position, solution) = match id {
            1 => ("save", "7/7/1b25/7/1RG2r22/2BG4/7 r", r#"["B3-A3-1"]"#),
            2 => ("save", "7/7/7/7/RGb2r24/1BG5/7 r", r#"["A3-A4-1"]"#),
            _ => (
                "win",
                "4b22/7/3r4b22/7/3RG3/5BG1/7 r",
                r#"["D3-D2-1","E7-C7-2","D2-D1-1"]"#,
            ),
        };
        format!(
            r#"{{"id": {id}, "goal": "{goal}", "position": "{position}", "solution": {solution}, "source": "test"}}"#
        )
    }

    #[test]
    fn a_set_line_names_its_id_and_may_give_its_first_rating() {
        let text = format!(
            "{}\n\n{}\n",
            line(1),
            line(3).replace(r#""source""#, r#""rating": 1480, "source""#)
        );
        let set = parse_set(&text).unwrap();
        assert_eq!(
            set.iter().map(|p| (p.id, p.rating)).collect::<Vec<_>>(),
            [(1, None), (3, Some(1480.0))]
        );
        assert_eq!(set[1].puzzle.wins_in(), 2);
        let seeded = seed_writes(&set, &[]).unwrap();
        let ratings: Vec<i64> = seeded
            .iter()
            .map(|write| match write {
                Write::SeedPuzzle(row) => row.rating,
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(
            ratings,
            [1100, 1480],
            "a save's length rating, the set's rating"
        );
    }

    #[test]
    fn a_set_line_without_its_id_or_with_another_lines_is_refused_by_its_number() {
        let missing = format!("{}\n{}", line(1), line(2).replace(r#""id": 2, "#, ""));
        let error = parse_set(&missing).unwrap_err();
        assert!(matches!(error, SetError::Line { line: 2, .. }), "{error}");
        assert!(
            error.to_string().contains("line 2") && error.to_string().contains("id"),
            "{error}"
        );
        let repeated = format!(
            "{}\n{}\n{}",
            line(1),
            line(2),
            line(2).replace(r#""id": 2"#, r#""id": 1"#)
        );
        let error = parse_set(&repeated).unwrap_err();
        assert!(
            matches!(
                error,
                SetError::RepeatedId {
                    line: 3,
                    id: 1,
                    first: 1
                }
            ),
            "{error}"
        );
        let nought = line(1).replace(r#""id": 1"#, r#""id": 0"#);
        assert!(matches!(
            parse_set(&nought),
            Err(SetError::Id { line: 1, id: 0 })
        ));
    }

    /// The rows a store holds after `writes` on `stored` (as the store
    /// applies them).
    fn applied(mut stored: Vec<PuzzleRow>, writes: Vec<Write>) -> Vec<PuzzleRow> {
        for write in writes {
            match write {
                Write::SeedPuzzle(row) => stored.push(row),
                Write::ReseedPuzzle {
                    id,
                    goal,
                    solution,
                    themes,
                } => {
                    let row = stored.iter_mut().find(|row| row.id == id).unwrap();
                    (row.goal, row.solution, row.themes, row.retired) =
                        (goal, solution, themes, false);
                }
                Write::RetirePuzzle { id } => {
                    stored.iter_mut().find(|row| row.id == id).unwrap().retired = true;
                }
                other => panic!("{other:?}"),
            }
        }
        stored
    }

    #[test]
    fn seeding_adds_retires_and_updates_by_id_and_then_writes_nothing() {
        let first = parse_set(&format!("{}\n{}", line(1), line(2))).unwrap();
        let mut stored = applied(Vec::new(), seed_writes(&first, &[]).unwrap());
        // Puzzle 1 rated meanwhile, and stored with the themes of an older
        // engine.
        stored[0].rating = 1234;
        stored[0].attempts = 3;
        stored[0].themes = "defence,split".into();
        let second = parse_set(&format!("{}\n{}", line(3), line(1))).unwrap();
        let writes = seed_writes(&second, &stored).unwrap();
        assert_eq!(writes.len(), 3, "{writes:?}");
        let stored = applied(stored, writes);
        let one = stored.iter().find(|row| row.id == 1).unwrap();
        assert_eq!(
            (one.themes.as_str(), one.rating, one.attempts, one.retired),
            ("defence", 1234, 3, false)
        );
        let two = stored.iter().find(|row| row.id == 2).unwrap();
        assert!(two.retired, "{two:?}");
        assert!(stored.iter().any(|row| row.id == 3 && !row.retired));
        assert!(
            seed_writes(&second, &stored).unwrap().is_empty(),
            "a second start writes nothing"
        );
        // A set that holds a retired id again serves it again.
        let stored = applied(stored.clone(), seed_writes(&first, &stored).unwrap());
        assert_eq!(
            stored
                .iter()
                .map(|row| (row.id, row.retired))
                .collect::<Vec<_>>(),
            [(1, false), (2, false), (3, true)]
        );
    }

    #[test]
    fn an_id_keeps_its_position_and_a_position_its_id() {
        let stored = applied(
            Vec::new(),
            seed_writes(&parse_set(&line(1)).unwrap(), &[]).unwrap(),
        );
        let moved = parse_set(&line(2).replace(r#""id": 2"#, r#""id": 1"#)).unwrap();
        let error = seed_writes(&moved, &stored).unwrap_err();
        assert!(
            matches!(error, SetError::PositionChanged { id: 1, .. }),
            "{error}"
        );
        let renumbered = parse_set(&line(1).replace(r#""id": 1"#, r#""id": 600"#)).unwrap();
        let error = seed_writes(&renumbered, &stored).unwrap_err();
        assert!(
            matches!(
                error,
                SetError::PositionTaken {
                    id: 600,
                    stored_id: 1
                }
            ),
            "{error}"
        );
    }

    #[test]
    fn solver_tokens_are_checked() {
        assert!(SolverToken::parse("abcdefghijklmnop").is_ok());
        assert!(SolverToken::parse("short").is_err());
        assert!(SolverToken::parse("abcdefghijklmnop qrs").is_err());
        let fresh = SolverToken::fresh();
        assert_eq!(SolverToken::parse(fresh.as_str()).ok(), Some(fresh.clone()));
        assert_ne!(SolverToken::fresh(), fresh);
    }
}
