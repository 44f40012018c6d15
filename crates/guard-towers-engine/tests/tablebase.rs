//! The engine with endgame tables: at the root it plays the tables' move
//! with their score; in search, positions in the tables are scored by them;
//! and the tables agree with the engine's own search where that can see the
//! end.

use std::sync::{Arc, OnceLock};

use guard_towers::{Game, Position, Rules};
use guard_towers_engine::{Engine, Limits, OptionError, Score};
use guard_towers_tablebase::{Tablebase, Verdict};

/// The tables of at most one stone, built once for all tests here.
fn tables() -> Arc<Tablebase> {
    static TABLES: OnceLock<Arc<Tablebase>> = OnceLock::new();
    TABLES
        .get_or_init(|| {
            let mut tablebase = Tablebase::new();
            tablebase.build(1, &mut |_, _| {});
            Arc::new(tablebase)
        })
        .clone()
}

/// Positions of one stone and two guards, spread over the board.
fn positions() -> Vec<Position> {
    let mut found = Vec::new();
    let squares = ["A1", "C3", "D4", "E6", "G2", "B7", "F5", "D2", "D6"];
    for (i, red) in squares.iter().enumerate() {
        for (j, blue) in squares.iter().enumerate() {
            let stone = squares[(i * 3 + j * 5) % squares.len()];
            if red == blue || stone == *red || stone == *blue {
                continue;
            }
            for (tower, side) in [("r1", "r"), ("b1", "b")] {
                let mut rows = vec![vec!["1".to_string(); 7]; 7];
                for (square, piece) in [(*red, "RG"), (*blue, "BG"), (stone, tower)] {
                    let square: guard_towers::Square = square.parse().unwrap();
                    rows[6 - square.rank() as usize][square.file() as usize] = piece.to_string();
                }
                let text: Vec<String> = rows.iter().map(|row| row.concat()).collect();
                let position: Position = format!("{} {side}", text.join("/")).parse().unwrap();
                if position.winner().is_none() {
                    found.push(position);
                }
            }
        }
    }
    found
}

#[test]
fn the_root_answer_is_the_tables_move_and_score() {
    let tables = tables();
    let mut engine = Engine::new();
    engine.set_tablebase(Some(tables.clone()));
    let mut answered = 0;
    for position in positions() {
        let game = Game::new(position, Rules::COURSE);
        if game.outcome().is_some() {
            continue;
        }
        let result = engine.search(&game, &Limits::depth(3)).unwrap();
        let verdict = tables.probe(&position).unwrap();
        if position
            .legal_moves()
            .iter()
            .any(|&mv| position.is_winning_move(mv))
        {
            assert_eq!(result.score, Score::Win(1));
            continue;
        }
        assert!(result.tablebase, "{position:?}");
        let expected = match verdict {
            Verdict::Win { plies } => Score::Win(plies.div_ceil(2)),
            Verdict::Loss { plies } => Score::Loss(plies / 2),
            Verdict::Draw => Score::Centistones(0),
        };
        assert_eq!(result.score, expected, "{position:?}");
        // The move keeps the verdict: a win goes on to a loss one ply
        // shorter for the opponent.
        let after = tables.probe(&position.play(result.best_move)).unwrap();
        match verdict {
            Verdict::Win { plies } => assert_eq!(after, Verdict::Loss { plies: plies - 1 }),
            Verdict::Draw => assert_eq!(after, Verdict::Draw),
            Verdict::Loss { plies } => assert_eq!(after, Verdict::Win { plies: plies - 1 }),
        }
        answered += 1;
    }
    assert!(answered > 50, "{answered}");
}

/// The engine's own search, without tables, finds the wins and losses the
/// tables see within its depth, never shorter than theirs; with the tables
/// it scores the same.
#[test]
fn the_tables_agree_with_plain_search() {
    let tables = tables();
    let mut exact = 0;
    let mut compared = 0;
    for position in positions() {
        let game = Game::new(position, Rules::COURSE);
        if game.outcome().is_some() {
            continue;
        }
        let verdict = tables.probe(&position).unwrap();
        let (plies, win) = match verdict {
            Verdict::Win { plies } => (plies, true),
            Verdict::Loss { plies } => (plies, false),
            Verdict::Draw => continue,
        };
        if plies > 7 {
            continue;
        }
        // Full-width: without the pruning that may miss a distant win.
        let mut plain = Engine::new();
        plain.set_option("NullMove", "false").unwrap();
        plain.set_option("LateMoveReductions", "false").unwrap();
        let score = plain.search(&game, &Limits::depth(9)).unwrap().score;
        match score {
            Score::Win(moves) if win => {
                assert!(
                    moves >= plies.div_ceil(2),
                    "{position:?}: {score} vs {verdict}"
                );
                exact += usize::from(moves == plies.div_ceil(2));
            }
            Score::Loss(moves) if !win => {
                assert!(moves <= plies / 2, "{position:?}: {score} vs {verdict}");
                exact += usize::from(moves == plies / 2);
            }
            _ => panic!("{position:?}: search says {score}, the tables {verdict}"),
        }
        compared += 1;
    }
    assert!(compared > 20, "{compared}");
    assert!(exact * 10 >= compared * 9, "{exact} of {compared} exact");
}

#[test]
fn the_no_progress_rule_turns_a_late_win_into_a_search() {
    let tables = tables();
    // Red's guard walks D4-D3-D2-D1: a win in 5 plies.
    let position: Position = "BG6/7/7/3RG3/7/7/7 r".parse().unwrap();
    assert_eq!(tables.probe(&position), Some(Verdict::Win { plies: 5 }));
    let mut engine = Engine::new();
    engine.set_tablebase(Some(tables.clone()));
    let fresh = engine
        .search(&Game::new(position, Rules::STANDARD), &Limits::depth(2))
        .unwrap();
    assert!(fresh.tablebase);
    assert_eq!(fresh.score, Score::Win(3));
    // 97 quiet plies played (repetitions allowed, to get there): the 5
    // plies no longer fit before the 100th, and the search decides.
    let rules = Rules {
        threefold_repetition: false,
        ..Rules::STANDARD
    };
    let mut game = Game::new(position.pass(), rules);
    let moves = ["A7-A6-1", "D4-D5-1", "A6-A7-1", "D5-D4-1"];
    for i in 0..97 {
        game.play(moves[i % 4].parse().unwrap()).unwrap();
    }
    assert_eq!(game.quiet_plies(), 97);
    let late_position = *game.position();
    assert_eq!(late_position.side_to_move(), guard_towers::Color::Red);
    assert_eq!(
        tables.probe(&late_position),
        Some(Verdict::Win { plies: 5 })
    );
    let late = engine.search(&game, &Limits::depth(4)).unwrap();
    assert!(!late.tablebase);
    assert_eq!(late.score, Score::Centistones(0));
}

#[test]
fn the_engine_reads_no_tables_itself() {
    let mut engine = Engine::new();
    assert_eq!(
        engine.set_option("TablebasePath", "/some/dir"),
        Err(OptionError::ForTheHost {
            name: "TablebasePath"
        })
    );
    engine.set_tablebase(Some(tables()));
    assert!(engine.tablebase().is_some());
    engine.set_option("tablebasepath", "").unwrap();
    assert!(engine.tablebase().is_none());
}

/// The tables' move, left out at the root, is not answered anyway: the
/// search names another move (the puzzle verifier's question, "does a
/// second move win?", and the Python package's `analyse` rely on it).
#[test]
fn a_left_out_tables_move_is_not_the_answer() {
    let mut engine = Engine::new();
    engine.set_tablebase(Some(tables()));
    let mut checked = 0;
    for position in positions() {
        let game = Game::new(position, Rules::COURSE);
        if game.outcome().is_some() || position.legal_moves().len() < 2 {
            continue;
        }
        let first = engine.search(&game, &Limits::depth(3)).unwrap();
        if !first.tablebase {
            continue;
        }
        let other = engine
            .search_excluding(&game, &Limits::depth(3), &[first.best_move])
            .unwrap();
        assert_ne!(other.best_move, first.best_move, "{position:?}");
        checked += 1;
    }
    assert!(
        checked > 20,
        "only {checked} positions answered by the tables"
    );
}
