//! The playing levels keep what their search has proven: a level below 10
//! errs on purpose, but never against a forced win it has seen. Without
//! that, level 7 threw wins away move after move, and games of level 1
//! against level 7 under the course rules (no draw rules) ran on for
//! hundreds of moves until a clock ended them.

use arena::openings::{parse_openings, DEFAULT_SET};
use guard_towers::{Game, Rules};
use guard_towers_engine::{Engine, Level, Limits};

fn engine(level: u8, seed: u64) -> Engine {
    let mut engine = Engine::new();
    engine.set_level(Level::new(level).unwrap());
    engine.set_threads(1);
    engine.set_seed(seed);
    engine
}

/// Plays level `red` against level `blue` under the course rules from
/// `game`; returns the plies played when the game ended, or `None` when
/// it had not ended after `limit` plies.
fn play(mut game: Game, red: &mut Engine, blue: &mut Engine, limit: usize) -> Option<usize> {
    for ply in 0..limit {
        if game.outcome().is_some() {
            return Some(ply);
        }
        let mover = match game.position().side_to_move() {
            guard_towers::Color::Red => &mut *red,
            guard_towers::Color::Blue => &mut *blue,
        };
        // Each level's own depth ends its search, so the games replay.
        let result = mover.search(&game, &Limits::movetime(10_000)).unwrap();
        game.play(result.best_move).unwrap();
    }
    game.outcome().map(|_| limit)
}

#[test]
fn level_1_against_level_7_under_course_rules_always_ends() {
    let openings = parse_openings(DEFAULT_SET).unwrap();
    let mut lengths = Vec::new();
    for (index, opening) in openings.iter().take(12).enumerate() {
        for weak_is_red in [true, false] {
            let seed = index as u64 * 2 + u64::from(weak_is_red);
            let (mut weak, mut strong) = (engine(1, seed), engine(7, seed + 100));
            let game = Game::new(*opening, Rules::COURSE);
            let (red, blue) = match weak_is_red {
                true => (&mut weak, &mut strong),
                false => (&mut strong, &mut weak),
            };
            let plies = play(game, red, blue, 400);
            assert!(
                plies.is_some(),
                "opening {index} ({opening}), level 1 as {}: no end in 400 plies",
                if weak_is_red { "red" } else { "blue" }
            );
            lengths.extend(plies);
        }
    }
    eprintln!("game lengths in plies: {lengths:?}");
}
