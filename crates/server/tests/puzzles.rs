//! The puzzles API end to end: the shipped set seeded at start (and a
//! set of the test's own seeded over it: puzzles added, retired and
//! updated by id), the next puzzle for a solver, of one theme or any,
//! attempts checked move by move with the opponent's replies, Glicko-2
//! ratings of puzzle and solver, a solver's results by theme, the guest
//! without a token who is given a cookie, and the refusals.

mod common;

use std::collections::{BTreeSet, HashMap};

use api::board::Occupant;
use api::gt::PositionInfo;
use api::puzzles::{Puzzle, PuzzleAttempt, PuzzleCounts, PuzzleResults};
use api::ErrorBody;
use guard_towers::{Move, Piece, Position};
use guard_towers_engine::puzzle::Theme;
use reqwest::StatusCode;
use serde_json::{json, Value};

use common::{answer, config, databases, read, start, TestServer};

/// The shipped set's solutions by position, read as the server reads it.
fn solutions() -> HashMap<String, Vec<String>> {
    include_str!("../data/gt-puzzles.jsonl")
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let puzzle: Value = serde_json::from_str(line).unwrap();
            let moves = puzzle["solution"]
                .as_array()
                .unwrap()
                .iter()
                .map(|mv| mv.as_str().unwrap().to_string())
                .collect();
            (puzzle["position"].as_str().unwrap().to_string(), moves)
        })
        .collect()
}

async fn next(server: &TestServer, solver: &str) -> Puzzle {
    let (status, body) = next_of(server, solver, None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    read(&body)
}

/// `GET /api/gt/puzzles/next` for `solver`, of `theme` when given.
async fn next_of(server: &TestServer, solver: &str, theme: Option<&str>) -> (StatusCode, Value) {
    let mut request = server
        .client
        .get(format!("{}/api/gt/puzzles/next", server.base))
        .header("x-solver", solver);
    if let Some(theme) = theme {
        request = request.query(&[("theme", theme)]);
    }
    answer(request.send().await.unwrap()).await
}

/// `GET /api/gt/puzzles/results` for `solver`.
async fn results(server: &TestServer, solver: &str) -> PuzzleResults {
    let response = server
        .client
        .get(format!("{}/api/gt/puzzles/results", server.base))
        .header("x-solver", solver)
        .send()
        .await
        .unwrap();
    let (status, body) = answer(response).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    read(&body)
}

/// A solver's token of its own: the PostgreSQL database is shared by
/// every test of a run.
fn new_solver() -> String {
    common::unique_name("solver-of-puzzles")
}

/// The solver's moves of a solution line.
fn mine(solution: &[String]) -> Vec<String> {
    solution.iter().step_by(2).cloned().collect()
}

/// Moves as they cross the wire (`A7-B7-1`).
fn texts(moves: &Option<Vec<Move>>) -> Option<Vec<String>> {
    moves
        .as_ref()
        .map(|moves| moves.iter().map(Move::to_string).collect())
}

/// A puzzle's board, as the page draws it, is its position: whose move,
/// and each piece where the position has it.
fn assert_board_is_the_position(puzzle: &Puzzle) {
    let board = &puzzle.board;
    let position: Position = puzzle.position.parse().unwrap();
    assert_eq!(board.side_to_move, position.side_to_move());
    let occupied = position.pieces().iter().flatten().count();
    assert_eq!(board.pieces.len(), occupied, "{puzzle:?}");
    for &occupant in &board.pieces {
        let (square, piece) = match occupant {
            Occupant::Guard { square, color } => (square, Piece::Guard(color)),
            Occupant::Tower {
                square,
                color,
                stones,
            } => (square, Piece::Tower(color, stones)),
        };
        assert_eq!(position.piece_at(square), Some(piece), "{square}");
    }
}

async fn attempt(
    server: &TestServer,
    id: i64,
    solver: Option<&str>,
    moves: &[String],
) -> (StatusCode, Value) {
    let mut request = server
        .client
        .post(format!("{}/api/gt/puzzles/{id}/attempts", server.base))
        .json(&json!({ "moves": moves }));
    if let Some(solver) = solver {
        request = request.header("x-solver", solver);
    }
    answer(request.send().await.unwrap()).await
}

/// An attempt that is answered, read as the wire type.
async fn attempted(
    server: &TestServer,
    id: i64,
    solver: Option<&str>,
    moves: &[String],
) -> PuzzleAttempt {
    let (status, body) = attempt(server, id, solver, moves).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    read(&body)
}

#[tokio::test]
async fn puzzles_are_served_checked_move_by_move_and_rated() {
    let solutions = solutions();
    for database in databases() {
        let server = start(config(&database)).await;
        let solver = common::unique_name("solver");

        let puzzle = next(&server, &solver).await;
        assert_eq!(puzzle.solver_rating, 1500);
        assert_board_is_the_position(&puzzle);
        assert!(!puzzle.themes.is_empty(), "{puzzle:?}");
        let solution = &solutions[&puzzle.position];
        let wins_in = puzzle.wins_in as usize;
        assert_eq!(solution.len(), 2 * wins_in - 1);
        let rating = puzzle.rating;

        // Move by move: each right move but the last is answered with the
        // solution's reply; the last one solves it.
        let mine: Vec<String> = solution.iter().step_by(2).cloned().collect();
        for step in 1..mine.len() {
            let body = attempted(&server, puzzle.id, Some(&solver), &mine[..step]).await;
            assert!(!body.complete, "{body:?}");
            assert_eq!(
                body.reply.map(|mv| mv.to_string()).as_deref(),
                Some(solution[2 * step - 1].as_str())
            );
            assert_eq!(body.expected, None);
        }
        let solved = attempted(&server, puzzle.id, Some(&solver), &mine).await;
        assert!(solved.solved, "{solved:?}");
        assert!(solved.complete);
        assert!(solved.rated);
        assert_eq!(texts(&solved.expected).as_ref(), Some(solution));
        assert!(solved.rating < rating, "{solved:?}");
        let after_win = solved.solver_rating.unwrap();
        assert!(after_win > 1500, "{solved:?}");

        // Only the first complete attempt counts.
        let again = attempted(&server, puzzle.id, Some(&solver), &mine).await;
        assert!(again.solved);
        assert!(!again.rated);
        assert_eq!(again.solver_rating, Some(after_win));

        // The solved puzzle is not served to this solver again; a wrong
        // first move fails the next one and shows its solution.
        let other = next(&server, &solver).await;
        assert_ne!(other.id, puzzle.id);
        assert_eq!(other.solver_rating, after_win);
        let solution = &solutions[&other.position];
        let (status, legal) = server
            .post(
                "/api/gt/position",
                None,
                json!({ "position": other.position }),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{legal}");
        let legal: PositionInfo = read(&legal);
        // A move off the line that keeps a forced win solves the puzzle, so
        // the wrong move is one the server fails, tried first unrated.
        let mut wrong = None;
        for mv in legal.legal_moves.iter().map(Move::to_string) {
            if mv != solution[0]
                && !attempted(&server, other.id, None, std::slice::from_ref(&mv))
                    .await
                    .solved
            {
                wrong = Some(mv);
                break;
            }
        }
        let wrong = wrong.expect("a first move that fails the puzzle");
        let failed = attempted(&server, other.id, Some(&solver), &[wrong]).await;
        assert!(!failed.solved);
        assert!(failed.complete);
        assert!(failed.rated);
        assert_eq!(texts(&failed.expected).as_ref(), Some(solution));
        assert!(failed.solver_rating.unwrap() < after_win);

        // Without a solver token an attempt is answered, not rated.
        let anonymous = attempted(&server, other.id, None, &[solution[0].clone()]).await;
        assert!(!anonymous.rated);
        assert_eq!(anonymous.solver_rating, None);

        // Refusals.
        let (status, body) = attempt(&server, other.id, None, &[]).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        let (status, body) = server
            .post(
                &format!("/api/gt/puzzles/{}/attempts", other.id),
                None,
                json!({ "moves": ["Z9-A1-1"] }),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        read::<ErrorBody>(&body);
        let (status, body) = attempt(&server, 999_999, None, &[solution[0].clone()]).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
        let response = server
            .client
            .get(format!("{}/api/gt/puzzles/next", server.base))
            .header("x-solver", "short")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    }
}

/// `GET /api/gt/puzzles` counts the stored set by goal and by theme, as
/// the shipped file has them.
#[tokio::test]
async fn the_puzzles_are_counted_by_goal_and_theme() {
    let server = start(config(&common::sqlite_url())).await;
    let (status, body) = server.get("/api/gt/puzzles").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let counts: api::puzzles::PuzzleCounts = read(&body);
    let shipped: Vec<Value> = include_str!("../data/gt-puzzles.jsonl")
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(counts.total, shipped.len() as i64);
    let of_goal = |goal: &str| shipped.iter().filter(|p| p["goal"] == goal).count() as i64;
    let goals: Vec<(String, i64)> = counts
        .by_goal
        .iter()
        .map(|c| (c.goal.name().to_string(), c.count))
        .collect();
    assert_eq!(
        goals,
        [
            ("win".to_string(), of_goal("win")),
            ("save".to_string(), of_goal("save"))
        ]
    );
    assert_eq!(goals.iter().map(|(_, n)| n).sum::<i64>(), counts.total);
    let defence = counts
        .by_theme
        .iter()
        .find(|c| c.theme.name() == "defence")
        .unwrap();
    assert_eq!(defence.count, of_goal("save"), "every save is a defence");
}

/// A right answer is never marked wrong (issue 41): in puzzle 407 of the
/// first set, a win in 3 by A5-A4-1, F7-G7-1 wins by force too, later; it
/// is solved, and the answer says how long its win is beside the puzzle's
/// line. A move that wins nothing still fails.
#[tokio::test]
async fn a_move_off_the_line_that_keeps_a_forced_win_solves_the_puzzle() {
    let server = start_with_set(&common::sqlite_url(), &[407]).await;
    let solver = "other-win-solver-0001";
    let other = attempted(&server, 407, Some(solver), &["F7-G7-1".to_string()]).await;
    assert!(other.solved && other.complete && other.rated, "{other:?}");
    assert!(other.other_win.is_some_and(|n| n > 3), "{other:?}");
    assert_eq!(
        texts(&other.expected).unwrap()[0],
        "A5-A4-1",
        "the puzzle's faster line is shown"
    );

    let position: Position = "5RG1/b16/r26/7/1BG1b1b22/2r24/7 r".parse().unwrap();
    let mut verifier = guard_towers_engine::puzzle::Verifier::new(Default::default());
    let losing = position
        .legal_moves()
        .iter()
        .copied()
        .find(|&mv| verifier.wins_with(&position, mv, 7).is_none())
        .expect("a move that does not win");
    let wrong = attempted(&server, 407, None, &[losing.to_string()]).await;
    assert!(!wrong.solved && wrong.complete, "{wrong:?}");
    assert_eq!(wrong.other_win, None);
}

/// Puzzles of the first shipped set (made before sets named ids), each
/// under an id of the test's: two saves and three wins.
const FIXTURE: [&str; 5] = [
    r#"{"id": 1, "goal": "save", "position": "7/7/1b25/7/1RG2r22/2BG4/7 r", "solution": ["B3-A3-1"]}"#,
    r#"{"id": 2, "goal": "save", "position": "7/7/7/7/RGb2r24/1BG5/7 r", "solution": ["A3-A4-1"]}"#,
    r#"{"id": 3, "goal": "win", "position": "4b22/7/3r4b22/7/3RG3/5BG1/7 r", "solution": ["D3-D2-1", "E7-C7-2", "D2-D1-1"], "rating": 1480}"#,
    r#"{"id": 4, "goal": "win", "position": "7/4RG2/1b3b2r33/7/1r35/5b11/1r11BG3 r", "solution": ["B3-B1-2", "B5-B3-2", "B1-D1-2"]}"#,
    r#"{"id": 407, "goal": "win", "position": "5RG1/b16/r26/7/1BG1b1b22/2r24/7 r", "solution": ["A5-A4-1", "A6-A5-1", "C2-B2-1", "A5-A4-1", "B2-B3-1"]}"#,
];

/// The fixture's puzzle `id`: its line, and the puzzle as the engine
/// reads it (its themes the engine's).
fn fixture(id: i64) -> (&'static str, guard_towers_engine::puzzle::Puzzle) {
    let line = FIXTURE
        .into_iter()
        .find(|line| serde_json::from_str::<Value>(line).unwrap()["id"] == id)
        .unwrap_or_else(|| panic!("no fixture puzzle {id}"));
    (line, serde_json::from_str(line).unwrap())
}

fn solution_of(id: i64) -> Vec<String> {
    fixture(id)
        .1
        .solution()
        .iter()
        .map(Move::to_string)
        .collect()
}

fn themes_of(id: i64) -> Vec<Theme> {
    fixture(id).1.themes().to_vec()
}

/// A server on `database` (SQLite: the set retires every puzzle of
/// another, so it is no database shared with other tests) seeded with
/// the fixture's puzzles `ids` as its set.
async fn start_with_set(database: &str, ids: &[i64]) -> TestServer {
    let set: Vec<&str> = ids.iter().map(|&id| fixture(id).0).collect();
    let mut config = config(database);
    config.puzzle_set = (set.join("\n") + "\n").into();
    start(config).await
}

async fn counts(server: &TestServer) -> PuzzleCounts {
    let (status, body) = server.get("/api/gt/puzzles").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    read(&body)
}

/// The counts by theme of the fixture's puzzles `ids`.
fn theme_counts(ids: &[i64]) -> Vec<(Theme, i64)> {
    Theme::ALL
        .into_iter()
        .map(|theme| {
            let count = ids.iter().filter(|&&id| themes_of(id).contains(&theme));
            (theme, count.count() as i64)
        })
        .collect()
}

fn counted_by_theme(counts: &PuzzleCounts) -> Vec<(Theme, i64)> {
    counts.by_theme.iter().map(|c| (c.theme, c.count)).collect()
}

/// Solves whatever `next` serves `solver` (of `theme`), `times` times,
/// each a rated first attempt; the ids served.
async fn solve_served(
    server: &TestServer,
    solver: &str,
    theme: Option<Theme>,
    times: usize,
) -> Vec<i64> {
    let mut served = Vec::new();
    for _ in 0..times {
        let (status, body) = next_of(server, solver, theme.map(Theme::name)).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let puzzle: Puzzle = read(&body);
        if let Some(theme) = theme {
            assert!(puzzle.themes.contains(&theme), "{theme}: {puzzle:?}");
        }
        let solved = attempted(
            server,
            puzzle.id,
            Some(solver),
            &mine(&solution_of(puzzle.id)),
        )
        .await;
        assert!(solved.solved && solved.rated, "{solved:?}");
        served.push(puzzle.id);
    }
    served
}

/// `?theme=` serves that theme's puzzles only, each once until the solver
/// has tried them all; a theme with none stored is the no-puzzle answer,
/// a name that is no theme a refusal with its own code.
#[tokio::test]
async fn a_theme_asked_for_is_the_only_one_served() {
    let all = [1, 2, 3, 4, 407];
    let server = start_with_set(&common::sqlite_url(), &all).await;
    for theme in Theme::ALL {
        let solver = new_solver();
        let of_theme: BTreeSet<i64> = all
            .into_iter()
            .filter(|&id| themes_of(id).contains(&theme))
            .collect();
        let served = solve_served(&server, &solver, Some(theme), of_theme.len()).await;
        assert_eq!(
            served.iter().copied().collect::<BTreeSet<_>>(),
            of_theme,
            "{theme}"
        );
        assert_eq!(served.len(), of_theme.len(), "{theme}: each once");
    }
    // Castle is how a win ends, so no save is one.
    let saves = start_with_set(&common::sqlite_url(), &[1, 2]).await;
    let (status, body) = next_of(&saves, &new_solver(), Some("castle")).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert_eq!(read::<ErrorBody>(&body).code, "request.not-found");
    let (status, body) = next_of(&saves, &new_solver(), Some("defence")).await;
    assert_eq!(status, StatusCode::OK, "{body}");

    let (status, body) = next_of(&server, &new_solver(), Some("fork")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let refusal: ErrorBody = read(&body);
    assert_eq!(refusal.code, "puzzle.unknown-theme");
    assert_eq!(Value::Object(refusal.params), json!({ "theme": "fork" }));
}

/// `GET /api/gt/puzzles/results`: the solver's first complete attempts,
/// solved and failed, in all and by theme; nobody's are nought.
#[tokio::test]
async fn a_solvers_results_are_counted_by_theme() {
    let server = start_with_set(&common::sqlite_url(), &[1, 2, 3, 4]).await;
    let solver = new_solver();
    let fresh = results(&server, &solver).await;
    assert_eq!(
        (fresh.solver_rating, fresh.solved, fresh.failed),
        (1500, 0, 0)
    );
    assert!(fresh
        .by_theme
        .iter()
        .all(|r| r.solved == 0 && r.failed == 0));
    assert_eq!(
        fresh.by_theme.iter().map(|r| r.theme).collect::<Vec<_>>(),
        Theme::ALL,
        "every theme, in the engine's order"
    );

    let solved = attempted(&server, 3, Some(&solver), &mine(&solution_of(3))).await;
    assert!(solved.solved && solved.rated, "{solved:?}");
    // A save fails at any other move.
    let (status, legal) = server
        .post(
            "/api/gt/position",
            None,
            json!({ "position": fixture(1).1.position().to_string() }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{legal}");
    let legal: PositionInfo = read(&legal);
    let wrong = legal
        .legal_moves
        .iter()
        .map(Move::to_string)
        .find(|mv| *mv != solution_of(1)[0])
        .unwrap();
    let failed = attempted(&server, 1, Some(&solver), &[wrong]).await;
    assert!(!failed.solved && failed.rated, "{failed:?}");
    // Again: only the first complete attempt counts.
    attempted(&server, 1, Some(&solver), &mine(&solution_of(1))).await;

    let after = results(&server, &solver).await;
    assert_eq!((after.solved, after.failed), (1, 1));
    assert_eq!(Some(after.solver_rating), failed.solver_rating);
    for result in &after.by_theme {
        let solved = i64::from(themes_of(3).contains(&result.theme));
        let failed = i64::from(themes_of(1).contains(&result.theme));
        assert_eq!(
            (result.solved, result.failed),
            (solved, failed),
            "{result:?}"
        );
    }
    assert!(after
        .by_theme
        .iter()
        .any(|r| r.theme == Theme::Castle && r.solved == 1));
    assert!(after
        .by_theme
        .iter()
        .any(|r| r.theme == Theme::Defence && r.failed == 1));

    let (status, body) = server.get("/api/gt/puzzles/results").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let nobody: PuzzleResults = read(&body);
    assert_eq!(
        (nobody.solver_rating, nobody.solved, nobody.failed),
        (1500, 0, 0)
    );
}

/// The set names each puzzle's id: a restart with a set that lacks one
/// retires it (never served nor counted again, its attempts kept in the
/// solver's results, an attempt at it answered but not rated), adds the
/// new one, and gives a stored puzzle the themes of its solution (an
/// older engine's themes, written here straight into the database),
/// keeping its rating. Starting again with the same set changes nothing.
#[tokio::test]
async fn a_puzzle_dropped_from_the_set_is_retired_and_its_attempts_stay() {
    let url = common::sqlite_url();
    let before = start_with_set(&url, &[1, 2, 3]).await;
    assert_eq!(counts(&before).await.total, 3);
    let solver = new_solver();
    for id in [1, 2] {
        let solved = attempted(&before, id, Some(&solver), &mine(&solution_of(id))).await;
        assert!(solved.solved && solved.rated, "{solved:?}");
    }
    let mut rating = attempted(&before, 1, None, &mine(&solution_of(1)))
        .await
        .rating;
    assert!(rating < 1100, "solved, puzzle 1 lost rating: {rating}");

    let database = sqlx::SqlitePool::connect(&url).await.unwrap();
    let older = sqlx::query("UPDATE puzzles SET themes = 'split' WHERE id = 1")
        .execute(&database)
        .await
        .unwrap();
    assert_eq!(older.rows_affected(), 1);
    database.close().await;

    for start in ["restarted", "restarted again"] {
        let after = start_with_set(&url, &[1, 3, 4]).await;
        let one = attempted(&after, 1, None, &mine(&solution_of(1))).await;
        assert_eq!(one.rating, rating, "{start}: puzzle 1 keeps its rating");
        let counted = counts(&after).await;
        assert_eq!(counted.total, 3, "{start}");
        assert_eq!(
            counted_by_theme(&counted),
            theme_counts(&[1, 3, 4]),
            "{start}"
        );

        // Never served again: a new solver meets the other three, then
        // they come round again.
        let newcomer = new_solver();
        let served = solve_served(&after, &newcomer, None, 3).await;
        assert_eq!(
            served.iter().copied().collect::<BTreeSet<_>>(),
            BTreeSet::from([1, 3, 4]),
            "{start}"
        );
        assert_ne!(next(&after, &newcomer).await.id, 2, "{start}");

        let late = attempted(&after, 2, Some(&newcomer), &mine(&solution_of(2))).await;
        assert!(late.solved && !late.rated, "{start}: {late:?}");
        assert_eq!(results(&after, &newcomer).await.solved, 3, "{start}");

        // The solver's attempt at the retired puzzle still counts.
        let kept = results(&after, &solver).await;
        assert_eq!((kept.solved, kept.failed), (2, 0), "{start}");
        let defence = kept
            .by_theme
            .iter()
            .find(|r| r.theme == Theme::Defence)
            .unwrap();
        assert_eq!(defence.solved, 2, "{start}");

        rating = attempted(&after, 1, None, &mine(&solution_of(1)))
            .await
            .rating;
    }
}

/// A client that sends no X-Solver header is given a `solver` cookie by
/// `next`, and with a cookie jar (kept here by hand: the cookie the first
/// answer sets, sent back with every request) it is a solver: its attempts
/// are rated and it meets 30 different puzzles in 30 calls. A client with
/// neither header nor cookie is answered, not rated.
#[tokio::test]
async fn a_guest_with_a_cookie_jar_meets_new_puzzles() {
    let solutions = solutions();
    for database in databases() {
        let server = start(config(&database)).await;
        let url = format!("{}/api/gt/puzzles/next", server.base);
        let first = server.client.get(&url).send().await.unwrap();
        let given: Vec<&str> = first
            .headers()
            .get_all(reqwest::header::SET_COOKIE)
            .iter()
            .map(|value| value.to_str().unwrap())
            .collect();
        assert_eq!(given.len(), 1, "{given:?}");
        let attributes: BTreeSet<&str> = given[0].split("; ").skip(1).collect();
        for attribute in ["HttpOnly", "SameSite=Lax", "Path=/api/gt/puzzles"] {
            assert!(attributes.contains(attribute), "{given:?}");
        }
        let cookie = given[0].split("; ").next().unwrap().to_string();
        let token = cookie.strip_prefix("solver=").expect("the solver cookie");
        assert!(
            token.len() >= 16 && token.chars().all(|c| c.is_ascii_alphanumeric()),
            "{cookie}"
        );
        let (status, body) = answer(first).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let mut puzzle: Puzzle = read(&body);

        let mut seen = BTreeSet::new();
        for call in 1..=30 {
            assert!(
                seen.insert(puzzle.id),
                "call {call}: puzzle {} again",
                puzzle.id
            );
            let solver_moves = mine(&solutions[&puzzle.position]);
            let response = server
                .client
                .post(format!(
                    "{}/api/gt/puzzles/{}/attempts",
                    server.base, puzzle.id
                ))
                .header(reqwest::header::COOKIE, &cookie)
                .json(&json!({ "moves": solver_moves }))
                .send()
                .await
                .unwrap();
            let (status, body) = answer(response).await;
            assert_eq!(status, StatusCode::OK, "{body}");
            let done: PuzzleAttempt = read(&body);
            assert!(
                done.solved && done.rated && done.solver_rating.is_some(),
                "{done:?}"
            );
            if call == 30 {
                break;
            }
            let response = server
                .client
                .get(&url)
                .header(reqwest::header::COOKIE, &cookie)
                .send()
                .await
                .unwrap();
            assert!(
                response
                    .headers()
                    .get(reqwest::header::SET_COOKIE)
                    .is_none(),
                "a client with its cookie is given none"
            );
            let (status, body) = answer(response).await;
            assert_eq!(status, StatusCode::OK, "{body}");
            puzzle = read(&body);
        }
        assert_eq!(seen.len(), 30);

        let response = server
            .client
            .get(format!("{}/api/gt/puzzles/results", server.base))
            .header(reqwest::header::COOKIE, &cookie)
            .send()
            .await
            .unwrap();
        let (status, body) = answer(response).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(read::<PuzzleResults>(&body).solved, 30);

        // Each client without a cookie is given a token of its own.
        let other = server.client.get(&url).send().await.unwrap();
        let other = other.headers()[reqwest::header::SET_COOKIE]
            .to_str()
            .unwrap();
        assert!(!other.starts_with(&cookie), "{other}");
    }
}

/// Every database seeded before sets named ids holds the first shipped
/// set, its ids its line numbers (`tests/fixtures/first-puzzle-set.tsv`).
/// The shipped set keeps each of those ids it holds at its position and
/// gives no new id one of their positions: otherwise such a server would
/// refuse to start (an id names one position, a position one puzzle).
#[test]
fn the_shipped_set_keeps_the_first_sets_ids_at_their_positions() {
    let first: HashMap<i64, &str> = include_str!("fixtures/first-puzzle-set.tsv")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let (id, position) = line.split_once('\t').unwrap();
            (id.parse().unwrap(), position)
        })
        .collect();
    assert_eq!(first.len(), 520);
    let first_ids: HashMap<&str, i64> = first
        .iter()
        .map(|(&id, &position)| (position, id))
        .collect();
    let mut kept = 0;
    for line in include_str!("../data/gt-puzzles.jsonl")
        .lines()
        .filter(|line| !line.trim().is_empty())
    {
        let puzzle: Value = serde_json::from_str(line).unwrap();
        let id = puzzle["id"]
            .as_i64()
            .unwrap_or_else(|| panic!("no id: {line}"));
        let position = puzzle["position"].as_str().unwrap();
        if let Some(&was) = first.get(&id) {
            assert_eq!(position, was, "puzzle {id} moved to another position");
            kept += 1;
        }
        if let Some(&other) = first_ids.get(position) {
            assert_eq!(other, id, "{position} was puzzle {other}, not {id}");
        }
    }
    println!("{kept} puzzles of the first set kept");
}
