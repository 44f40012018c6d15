//! `towers gt connect`: one game on a course-protocol server, with the
//! built-in engine or an external one, timed from the server's clock.

use std::time::Duration;

use arena::course::{CourseClient, CourseEnd, CourseError};
use arena::player::Budget;
use arena::runner::EngineSpec;
use guard_towers::{Color, Game, Move, Position, Rules, TimeControl};
use guard_towers_engine::{Clock, Engine, Level, Limits};

use crate::UsageError;

/// The course's increment per move.
const INCREMENT: Duration = TimeControl::COURSE.increment;

/// The exit status when the server closed the connection before the board
/// decided the game.
const CLOSED_EARLY: i32 = 3;

pub fn run(
    address: &str,
    engine: Option<&str>,
    level: Level,
    seed: Option<u64>,
) -> Result<(), UsageError> {
    let client = CourseClient::connect(address)
        .map_err(|e| UsageError(format!("cannot connect to {address}: {e}")))?;
    let mut choose = chooser(engine, level, seed)?;
    let game = client
        .play(|position, time| {
            let mv = choose(position, time)?;
            eprintln!(
                "{color_to_move} plays {mv} ({time} ms left)",
                color_to_move = position.side_to_move()
            );
            Ok(mv)
        })
        .map_err(|e| UsageError(format!("game on {address}: {e}")))?;
    let board = game.board.map_or("none".into(), |board| board.to_string());
    println!("played {}; final position {board}", game.color);
    match game.result() {
        Some(result) => {
            println!("result: {result}");
            Ok(())
        }
        None => {
            debug_assert_eq!(game.end, CourseEnd::Closed);
            println!(
                "result: unknown (the server closed the connection before the game was decided)"
            );
            std::process::exit(CLOSED_EARLY)
        }
    }
}

type Chooser = Box<dyn FnMut(&Position, u64) -> Result<Move, CourseError>>;

fn chooser(command: Option<&str>, level: Level, seed: Option<u64>) -> Result<Chooser, UsageError> {
    let clock = |time: u64| Clock {
        remaining: Duration::from_millis(time),
        increment: INCREMENT,
    };
    match command {
        None => {
            let mut engine = Engine::new();
            engine.set_level(level);
            // Without a given seed, a fresh one per game, so a level's
            // deliberate mistakes are not the same in every game; printed
            // so that `--seed` replays one.
            let seed = seed.unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |since| since.as_nanos() as u64)
            });
            eprintln!("engine seed {seed}");
            engine.set_seed(seed);
            engine.new_game();
            Ok(Box::new(move |position, time| {
                let game = Game::new(*position, Rules::COURSE);
                let limits = Limits {
                    clock: Some(clock(time)),
                    ..Limits::default()
                };
                engine
                    .search(&game, &limits)
                    .map(|result| result.best_move)
                    .ok_or_else(|| CourseError::NoMove(format!("{position} has no legal move")))
            }))
        }
        Some(command) => {
            let spec: EngineSpec = format!("engine={command}").parse().map_err(UsageError)?;
            let mut player = spec
                .launch()
                .map_err(|e| UsageError(format!("cannot start the engine: {e}")))?;
            Ok(Box::new(move |position, time| {
                let game = Game::new(*position, Rules::COURSE);
                let remaining = Duration::from_millis(time);
                let (red, blue) = match position.side_to_move() {
                    Color::Red => (remaining, Duration::ZERO),
                    Color::Blue => (Duration::ZERO, remaining),
                };
                let budget = Budget::Clock {
                    red,
                    blue,
                    increment: INCREMENT,
                };
                let text = player
                    .choose(&game, &budget, arena::player::GRACE)
                    .map_err(|e| CourseError::NoMove(e.to_string()))?;
                text.parse()
                    .map_err(|e| CourseError::NoMove(format!("the engine said '{text}': {e}")))
            }))
        }
    }
}
