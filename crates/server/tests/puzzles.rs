//! The puzzles API end to end: the shipped set seeded at start, the next
//! puzzle for a solver, attempts checked move by move with the opponent's
//! replies, Glicko-2 ratings of puzzle and solver, and the refusals.

mod common;

use std::collections::HashMap;

use api::board::Occupant;
use api::gt::PositionInfo;
use api::puzzles::{Puzzle, PuzzleAttempt};
use api::ErrorBody;
use guard_towers::{Move, Piece, Position};
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
    let response = server
        .client
        .get(format!("{}/api/gt/puzzles/next", server.base))
        .header("x-solver", solver)
        .send()
        .await
        .unwrap();
    let (status, body) = answer(response).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    read(&body)
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
        let solver = format!("solver-{}-abcdefgh", std::process::id());

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
        let wrong = legal
            .legal_moves
            .iter()
            .map(Move::to_string)
            .find(|mv| *mv != solution[0])
            .unwrap();
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
