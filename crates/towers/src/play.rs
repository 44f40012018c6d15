//! `towers gt play`: a human against the engine in the terminal.

use std::io::{self, BufRead, Write};

use guard_towers::{
    diagram, Color, DrawReason, Game, GameError, Move, MoveError, Outcome, Position, Rules,
    SquareError, WinReason,
};
use guard_towers_engine::{Engine, Level, Limits, Score};
use i18n::{Lang, Messages};

use crate::gt::use_colour;
use crate::UsageError;

pub fn run(
    level: Level,
    human: Color,
    movetime: u64,
    tablebase: Option<&std::path::Path>,
    lang: Lang,
) -> Result<(), UsageError> {
    let messages = Messages::new(lang);
    let help = messages.msg("terminal-play-help");
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
    let title = messages.msg_with(
        "terminal-play-title",
        &[
            ("colour", human.name().into()),
            ("level", level.to_string().as_str().into()),
        ],
    );
    println!("{title} {help}");
    let mut input = io::stdin().lock().lines();
    let limits = Limits::movetime(movetime);
    loop {
        if let Some(outcome) = game.outcome() {
            print!("{}", board(&messages, game.position()));
            println!("{}", game_over(&messages, outcome));
            return Ok(());
        }
        if game.position().side_to_move() != human {
            let result = engine.search(&game, &limits).expect("the game goes on");
            let played = result.best_move.to_string();
            let played = played.as_str().into();
            if result.tablebase {
                let verdict =
                    crate::tablebase_cli::describe(&messages, result.score, game.position());
                let said = messages.msg_with(
                    "terminal-play-engine-plays-tablebase",
                    &[("move", played), ("verdict", verdict.as_str().into())],
                );
                println!("{said}");
            } else {
                let said = messages.msg_with("terminal-play-engine-plays", &[("move", played)]);
                println!("{said}");
            }
            game.play(result.best_move)
                .expect("the engine plays legal moves");
            continue;
        }
        print!("{}", board(&messages, game.position()));
        let prompt = messages.msg_with(
            "terminal-play-your-move",
            &[("colour", human.name().into())],
        );
        // The prompt waits on the same line for the move.
        print!("{prompt} ");
        let _ = io::stdout().flush();
        let Some(Ok(line)) = input.next() else {
            println!();
            return Ok(());
        };
        match line.trim() {
            "" => {}
            "quit" | "exit" => return Ok(()),
            "help" => println!("{help}"),
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
                    let id = match result.tablebase {
                        true => "terminal-play-hint-tablebase",
                        false => "terminal-play-hint",
                    };
                    let hint = result.best_move.to_string();
                    let score = describe(&messages, result.score);
                    let said = messages.msg_with(
                        id,
                        &[
                            ("move", hint.as_str().into()),
                            ("score", score.as_str().into()),
                        ],
                    );
                    println!("{said}");
                }
            }
            "undo" => {
                // Take back the engine's reply and the own move before it.
                while game.undo().is_some() && game.position().side_to_move() != human {}
            }
            text => match text.parse::<Move>() {
                Err(error) => println!("{}", unreadable(&messages, &error)),
                Ok(mv) => {
                    if let Err(error) = game.play(mv) {
                        let error = refusal(&messages, &error);
                        let said = messages
                            .msg_with("terminal-play-illegal", &[("error", error.as_str().into())]);
                        println!("{said}");
                    }
                }
            },
        }
    }
}

/// The board, and whose move it is in the player's language (the
/// diagram's own last line says it in English).
pub fn board(messages: &Messages, position: &Position) -> String {
    let drawn = diagram(position, use_colour());
    let squares = drawn
        .trim_end_matches('\n')
        .rsplit_once('\n')
        .map_or(drawn.as_str(), |(squares, _)| squares);
    let to_move = messages.msg_with(
        "terminal-play-to-move",
        &[("colour", position.side_to_move().name().into())],
    );
    format!("{squares}\n{to_move}\n")
}

/// A move the game refuses: in English the rules' own words, in German
/// and Dutch its code's message from the refusals' catalog, as the pages
/// show it (without its full stop: the sentence goes on).
fn refusal(messages: &Messages, error: &GameError) -> String {
    let id = format!("refusal-{}", error.code().replace('.', "-"));
    if messages.lang() == Lang::En || !messages.has(&id) {
        return error.to_string();
    }
    let params = error.params();
    let args: Vec<(&str, i18n::Arg<'_>)> = params
        .iter()
        .map(|(name, value)| (*name, value.as_str().into()))
        .collect();
    let said = messages.msg_with(&id, &args);
    said.trim_end_matches('.').to_string()
}

/// Why a typed move cannot be read, in the player's language.
fn unreadable(messages: &Messages, error: &MoveError) -> String {
    match error {
        MoveError::Format { text } => {
            messages.msg_with("terminal-move-format", &[("text", text.as_str().into())])
        }
        MoveError::Square(SquareError { text }) => {
            messages.msg_with("terminal-move-square", &[("text", text.as_str().into())])
        }
        MoveError::Count { text } => {
            messages.msg_with("terminal-move-count", &[("text", text.as_str().into())])
        }
        MoveError::NotStraight { from, to } => messages.msg_with(
            "terminal-move-not-straight",
            &[
                ("from", from.to_string().as_str().into()),
                ("to", to.to_string().as_str().into()),
            ],
        ),
        MoveError::CountMismatch {
            text,
            count,
            distance,
        } => messages.msg_with(
            "terminal-move-count-mismatch",
            &[
                ("text", text.as_str().into()),
                ("count", (*count).into()),
                ("distance", (*distance).into()),
            ],
        ),
    }
}

/// The engine's score for the player: `+0.5 stones for you`, `you win
/// in 3`.
fn describe(messages: &Messages, score: Score) -> String {
    match score {
        Score::Centistones(cp) => {
            let stones = format!("{:+.1}", f64::from(cp) / 100.0);
            let stones = match messages.lang() {
                Lang::En => stones,
                Lang::De | Lang::Nl => stones.replace('.', ","),
            };
            messages.msg_with(
                "terminal-play-score-stones",
                &[("stones", stones.as_str().into())],
            )
        }
        Score::Win(moves) => {
            messages.msg_with("terminal-play-score-win", &[("moves", moves.into())])
        }
        Score::Loss(moves) => {
            messages.msg_with("terminal-play-score-loss", &[("moves", moves.into())])
        }
    }
}

/// `Game over: red wins: reached the enemy castle.`
fn game_over(messages: &Messages, outcome: Outcome) -> String {
    match outcome {
        Outcome::Win { winner, reason } => {
            let id = match reason {
                WinReason::GuardCaptured => "terminal-play-won-guard-captured",
                WinReason::CastleReached => "terminal-play-won-castle-reached",
                WinReason::NoLegalMove => "terminal-play-won-no-legal-move",
            };
            messages.msg_with(id, &[("colour", winner.name().into())])
        }
        Outcome::Draw { reason } => messages.msg(match reason {
            DrawReason::Repetition => "terminal-play-draw-repetition",
            DrawReason::NoProgress => "terminal-play-draw-no-progress",
            DrawReason::NoLegalMove => "terminal-play-draw-no-legal-move",
        }),
    }
}
