//! `towers gt play`: a human against the engine in the terminal.

use std::io::{self, BufRead, Write};

use guard_towers::{diagram, Color, Game, Move, Position, Rules};
use guard_towers_engine::{Engine, Level, Limits, Score};

use crate::gt::use_colour;
use crate::UsageError;

const HELP: &str =
    "Enter a move like E2-E3-1 (FROM-TO-STONES), or: moves, hint, undo, board, help, quit";

pub fn run(
    level: Level,
    human: Color,
    movetime: u64,
    tablebase: Option<&std::path::Path>,
) -> Result<(), UsageError> {
    let tablebase = tablebase.map(crate::tablebase_cli::load).transpose()?;
    let mut engine = Engine::new();
    engine.set_level(level);
    engine.set_tablebase(tablebase.clone());
    engine.set_seed(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64),
    );
    let mut game = Game::new(Position::start(), Rules::STANDARD);
    println!("Guard & Towers: you play {human} against the engine at level {level}. {HELP}");
    let mut input = io::stdin().lock().lines();
    let limits = Limits::movetime(movetime);
    loop {
        if let Some(outcome) = game.outcome() {
            print!("{}", diagram(game.position(), use_colour()));
            println!("Game over: {outcome}.");
            return Ok(());
        }
        if game.position().side_to_move() != human {
            let result = engine.search(&game, &limits).expect("the game goes on");
            if result.tablebase {
                let verdict = crate::tablebase_cli::describe(result.score, game.position());
                println!("Engine plays {} ({verdict})", result.best_move);
            } else {
                println!("Engine plays {}", result.best_move);
            }
            game.play(result.best_move)
                .expect("the engine plays legal moves");
            continue;
        }
        print!("{}", diagram(game.position(), use_colour()));
        print!("Your move ({human}): ");
        let _ = io::stdout().flush();
        let Some(Ok(line)) = input.next() else {
            println!();
            return Ok(());
        };
        match line.trim() {
            "" => {}
            "quit" | "exit" => return Ok(()),
            "help" => println!("{HELP}"),
            "board" => {}
            "moves" => {
                let mut moves: Vec<String> =
                    game.legal_moves().iter().map(Move::to_string).collect();
                moves.sort();
                println!("{}", moves.join(" "));
            }
            "hint" => {
                let mut adviser = Engine::new();
                adviser.set_tablebase(tablebase.clone());
                if let Some(result) = adviser.search(&game, &limits) {
                    let from = if result.tablebase { ", tablebase" } else { "" };
                    println!(
                        "Hint: {} ({}{from})",
                        result.best_move,
                        describe(result.score)
                    );
                }
            }
            "undo" => {
                // Take back the engine's reply and the own move before it.
                while game.undo().is_some() && game.position().side_to_move() != human {}
            }
            text => match text.parse::<Move>() {
                Err(error) => println!("{error}"),
                Ok(mv) => {
                    if let Err(error) = game.play(mv) {
                        println!("{error}; type 'moves' to list the legal ones");
                    }
                }
            },
        }
    }
}

fn describe(score: Score) -> String {
    match score {
        Score::Centistones(cp) => format!("{:+.1} stones for you", f64::from(cp) / 100.0),
        Score::Win(moves) => format!("you win in {moves}"),
        Score::Loss(moves) => format!("you lose in {moves}"),
    }
}
