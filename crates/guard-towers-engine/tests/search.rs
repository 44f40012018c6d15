//! The engine's contract: a legal move within its limits, forced wins found
//! and played by the shortest way, losses defended, stop honoured.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use guard_towers::{Color, Game, Move, Position, Rules};
use guard_towers_engine::{Engine, Level, Limits, Score, SearchResult};
use proptest::prelude::*;

fn search(position: &str, limits: Limits) -> SearchResult {
    let game = Game::new(position.parse().expect("valid position"), Rules::STANDARD);
    Engine::new()
        .search(&game, &limits)
        .expect("the game goes on")
}

/// Plays the engine against itself from `position` and returns the game.
fn self_play(position: &str, plies: usize, limits: Limits) -> Game {
    let mut game = Game::new(position.parse().expect("valid"), Rules::STANDARD);
    let mut engine = Engine::new();
    for _ in 0..plies {
        let Some(result) = engine.search(&game, &limits) else {
            break;
        };
        game.play(result.best_move).expect("engine moves are legal");
    }
    game
}

#[test]
fn takes_a_win_in_one() {
    // The red tower on D2 can capture the blue guard on D1.
    let result = search("3RG3/7/7/7/7/3r13/3BG3 r", Limits::depth(6));
    assert_eq!(result.best_move.to_string(), "D2-D1-1");
    assert_eq!(result.score, Score::Win(1));
    // Stepping onto the enemy castle wins too: Blue's guard onto D7.
    let result = search("6RG/3BG3/7/7/7/7/7 b", Limits::depth(6));
    assert_eq!(result.best_move.to_string(), "D6-D7-1");
    assert_eq!(result.score, Score::Win(1));
}

#[test]
fn finds_and_plays_a_win_in_two() {
    // The red guard walks to D1 in two steps; Blue's lone guard on G7 is too
    // far to interfere.
    let game = self_play("6BG/7/7/7/3RG3/7/7 r", 3, Limits::depth(8));
    let first = search("6BG/7/7/7/3RG3/7/7 r", Limits::depth(8));
    assert_eq!(first.score, Score::Win(2));
    assert_eq!(
        game.outcome().map(|o| o.to_string()),
        Some("red wins: reached the enemy castle".into()),
        "moves: {:?}",
        game.moves()
    );
    assert_eq!(game.moves().len(), 3, "the shortest win: red, blue, red");
}

#[test]
fn sees_a_forced_loss_and_delays_it() {
    // Blue to move cannot stop the red guard (two steps from D1) ...
    let result = search("6BG/7/7/7/3RG3/7/7 b", Limits::depth(8));
    assert_eq!(result.score, Score::Loss(2));
}

#[test]
fn honours_the_depth_limit_and_reports_each_iteration() {
    let game = Game::new(Position::start(), Rules::STANDARD);
    let mut depths = Vec::new();
    let result = Engine::new()
        .go(
            &game,
            &Limits::depth(5),
            &AtomicBool::new(false),
            &mut |info| depths.push(info.depth),
        )
        .expect("a move");
    assert_eq!(depths, vec![1, 2, 3, 4, 5]);
    assert_eq!(result.depth, 5);
    assert!(Position::start().is_legal(result.best_move));
}

#[test]
fn a_raised_stop_flag_ends_an_unlimited_search() {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let thinker = std::thread::spawn(move || {
        let game = Game::new(Position::start(), Rules::STANDARD);
        Engine::new().go(&game, &Limits::default(), &flag, &mut |_| {})
    });
    std::thread::sleep(Duration::from_millis(100));
    stop.store(true, Ordering::Relaxed);
    let result = thinker.join().expect("no panic").expect("a move");
    assert!(Position::start().is_legal(result.best_move));
}

#[test]
fn a_stop_ends_every_thread_of_a_search() {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let thinker = std::thread::spawn(move || {
        let game = Game::new(Position::start(), Rules::STANDARD);
        let mut engine = Engine::new();
        engine.set_threads(4);
        engine.go(&game, &Limits::default(), &flag, &mut |_| {})
    });
    std::thread::sleep(Duration::from_millis(100));
    stop.store(true, Ordering::Relaxed);
    // The search returns only once its helpers have stopped (they are
    // scoped threads): a helper that missed the stop would hang here.
    let result = thinker.join().expect("no panic").expect("a move");
    assert!(Position::start().is_legal(result.best_move));
}

#[test]
fn several_threads_under_a_clock_find_the_exact_forced_results() {
    for (position, score) in [
        ("6BG/7/7/7/3RG3/7/7 r", Score::Win(2)),
        ("6BG/7/7/7/3RG3/7/7 b", Score::Loss(2)),
        ("3RG3/7/7/7/7/3r13/3BG3 r", Score::Win(1)),
    ] {
        let game = Game::new(position.parse().expect("valid"), Rules::STANDARD);
        let mut engine = Engine::new();
        engine.set_threads(3);
        let result = engine
            .search(&game, &Limits::movetime(150))
            .expect("a move");
        assert_eq!(result.score, score, "{position}");
        assert!(game.position().is_legal(result.best_move));
    }
}

#[test]
fn movetime_is_respected() {
    let started = Instant::now();
    let result = search(
        "3RG1r11/3r33/r23r12/7/b32b33/7/3BG2b1 b",
        Limits::movetime(200),
    );
    // Generous slack for a loaded machine: the engine aims at 180 ms.
    assert!(
        started.elapsed() < Duration::from_millis(400),
        "{:?}",
        started.elapsed()
    );
    assert!(result.depth >= 1);
}

#[test]
fn a_level_chooses_its_mistake_within_the_move_time() {
    // Level 9 re-scores every root move after its search; that took up to
    // 2.5 s of a 500 ms move before it was bounded by the move's time.
    let game = Game::new(
        "3RG1r11/3r33/r23r12/7/b32b33/7/3BG2b1 b"
            .parse()
            .expect("valid"),
        Rules::STANDARD,
    );
    let mut engine = Engine::new();
    engine.set_level(Level::new(9).expect("1-10"));
    let started = Instant::now();
    let result = engine
        .search(&game, &Limits::movetime(100))
        .expect("a move");
    assert!(
        started.elapsed() < Duration::from_millis(400),
        "{:?}",
        started.elapsed()
    );
    assert!(game.position().is_legal(result.best_move));
}

#[test]
fn no_move_is_offered_when_the_game_is_over() {
    let game = Game::new(
        "3RG3/7/7/7/7/7/3r13 b".parse().expect("guard captured"),
        Rules::STANDARD,
    );
    assert_eq!(game.position().winner().map(|w| w.0), Some(Color::Red));
    assert!(Engine::new().search(&game, &Limits::depth(3)).is_none());
}

#[test]
fn every_level_plays_legal_moves() {
    let game = Game::new(Position::start(), Rules::STANDARD);
    for level in 1..=10 {
        let mut engine = Engine::new();
        engine.set_level(Level::new(level).expect("1-10"));
        engine.set_seed(level.into());
        let result = engine
            .search(&game, &Limits::movetime(100))
            .expect("a move");
        assert!(game.position().is_legal(result.best_move), "level {level}");
    }
}

/// The moves of a game that `engine` plays against itself from the start
/// at its level, used as a host should: `new_game` first, then one search
/// per move (the level's depth bounds each search, not a clock).
fn game_of(engine: &mut Engine, plies: usize) -> Vec<Move> {
    engine.new_game();
    let mut game = Game::new(Position::start(), Rules::STANDARD);
    for _ in 0..plies {
        let Some(result) = engine.search(&game, &Limits::default()) else {
            break;
        };
        game.play(result.best_move).expect("engine moves are legal");
    }
    game.moves().to_vec()
}

fn seeded(level: u8, seed: u64) -> Engine {
    let mut engine = Engine::new();
    engine.set_level(Level::new(level).expect("1-10"));
    engine.set_seed(seed);
    engine
}

#[test]
fn a_seeded_engine_replays_its_game_and_other_seeds_vary_it() {
    for level in [1, 4, 7] {
        let mut engine = seeded(level, 7);
        let first = game_of(&mut engine, 24);
        // The same engine in its next game, and a fresh one with the seed.
        assert_eq!(game_of(&mut engine, 24), first, "level {level} again");
        assert_eq!(
            game_of(&mut seeded(level, 7), 24),
            first,
            "level {level}, fresh engine"
        );
        let others: Vec<Vec<Move>> = (1..=3)
            .map(|seed| game_of(&mut seeded(level, 7 + seed), 24))
            .collect();
        assert!(
            others.iter().any(|other| *other != first),
            "level {level}: seeds 7-10 all play {first:?}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// From positions of random games, the engine answers with a legal move
    /// under a node limit.
    #[test]
    fn always_answers_with_a_legal_move(choices in prop::collection::vec(any::<usize>(), 0..40)) {
        let mut game = Game::new(Position::start(), Rules::STANDARD);
        for choice in choices {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            game.play(moves[choice % moves.len()]).expect("legal");
        }
        let limits = Limits { nodes: Some(5_000), ..Limits::default() };
        match Engine::new().search(&game, &limits) {
            Some(result) => prop_assert!(game.legal_moves().contains(&result.best_move)),
            None => prop_assert!(game.outcome().is_some()),
        }
    }
}

/// Both evaluations: the forced results come from the search, not the
/// evaluation, so each finds them; and each plays legal games.
#[test]
fn both_evaluations_find_the_forced_results_and_play_legal_games() {
    for use_network in [false, true] {
        let mut engine = Engine::new();
        engine
            .set_option("UseNNUE", &use_network.to_string())
            .unwrap();
        let game = |text: &str| Game::new(text.parse().expect("valid"), Rules::STANDARD);
        let result = engine
            .search(&game("3RG3/7/7/7/7/3r13/3BG3 r"), &Limits::depth(6))
            .unwrap();
        assert_eq!(result.score, Score::Win(1), "network {use_network}");
        let mut played = Game::new(Position::start(), Rules::STANDARD);
        for _ in 0..40 {
            let Some(result) = engine.search(&played, &Limits::depth(5)) else {
                break;
            };
            played
                .play(result.best_move)
                .expect("engine moves are legal");
        }
        assert!(played.moves().len() >= 10, "network {use_network}");
    }
}

/// The shallow pruning (`Pruning`) cuts the network's tree, and only it:
/// with the hand-written evaluation (levels 1–9, puzzle proofs) a search
/// visits the same nodes with the option on or off, so the levels' table
/// still describes them.
#[test]
fn the_pruning_cuts_only_the_networks_searches() {
    let game = Game::new(Position::start(), Rules::STANDARD);
    let nodes = |use_network: bool, pruning: bool| {
        let mut engine = Engine::new();
        engine.set_use_network(use_network);
        engine.set_option("Pruning", &pruning.to_string()).unwrap();
        engine.search(&game, &Limits::depth(7)).unwrap().nodes
    };
    assert!(
        nodes(true, true) < nodes(true, false),
        "the network's search prunes"
    );
    assert_eq!(nodes(false, true), nodes(false, false));
}
