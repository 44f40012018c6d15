//! The `towers gt engine` text protocol, modelled on UCI: command parsing
//! and output formatting. Pure functions; the binary does the I/O.
//! Specification: `docs/engine-protocol.md`.

use std::fmt;
use std::time::Duration;

use guard_towers::{Color, Move, Position, Rules, Ruleset};

use crate::engine::Info;
use crate::options::{EngineOption, OptionError, OptionKind, OptionSpec};
use crate::time::{Clock, Limits};

/// The protocol's one option that is not the engine's: the rules belong to
/// the game being played, which the protocol session keeps.
pub const RULES: OptionSpec = OptionSpec {
    name: "Rules",
    kind: OptionKind::Combo {
        default: Ruleset::Standard.name(),
        values: &[Ruleset::Standard.name(), Ruleset::Course.name()],
    },
};

/// The rules that a `Rules` option value names.
pub fn rules_named(value: &str) -> Result<Rules, OptionError> {
    let name = RULES.combo(value)?;
    let ruleset: Ruleset = name
        .parse()
        .expect("the Rules option's values are the rule sets' names");
    Ok(ruleset.rules())
}

/// The `option …` lines of the answer to `uci`: the engine's options, then
/// `Rules`.
pub fn option_lines() -> impl Iterator<Item = String> {
    EngineOption::ALL
        .into_iter()
        .map(EngineOption::spec)
        .chain([RULES])
        .map(|spec| spec.to_string())
}

/// A parsed command from the controller.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    Uci,
    IsReady,
    NewGame,
    SetOption { name: String, value: String },
    Position { start: Position, moves: Vec<Move> },
    Go(Go),
    Stop,
    Quit,
}

/// The arguments of `go`; clocks are per colour until the side is known.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Go {
    pub movetime: Option<u64>,
    pub time: [Option<u64>; 2],
    pub increment: [Option<u64>; 2],
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub infinite: bool,
}

impl Go {
    /// The limits for `side` to move.
    pub fn limits(&self, side: Color) -> Limits {
        let ms = Duration::from_millis;
        Limits {
            movetime: self.movetime.map(ms),
            clock: self.time[side.index()].map(|remaining| Clock {
                remaining: ms(remaining),
                increment: ms(self.increment[side.index()].unwrap_or(0)),
            }),
            depth: self.depth,
            nodes: self.nodes,
        }
    }
}

/// A protocol line that is no command, in the words the engine answers
/// with (`info string error: …`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    UnknownCommand(String),
    /// A command with its arguments in the wrong shape; says the right one.
    Usage(&'static str),
    BadPosition(String),
    BadMove(String),
    MissingNumber {
        parameter: String,
    },
    NotANumber {
        parameter: String,
        value: String,
    },
    DepthTooLarge,
    UnknownGoParameter(String),
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::UnknownCommand(name) => write!(f, "unknown command '{name}'"),
            CommandError::Usage(usage) => write!(f, "expected '{usage}'"),
            CommandError::BadPosition(error) => write!(f, "bad position: {error}"),
            CommandError::BadMove(error) => f.write_str(error),
            CommandError::MissingNumber { parameter } => {
                write!(f, "'go {parameter}' needs a number")
            }
            CommandError::NotANumber { parameter, value } => write!(
                f,
                "'go {parameter} {value}': '{value}' is not a non-negative whole number"
            ),
            CommandError::DepthTooLarge => f.write_str("depth too large"),
            CommandError::UnknownGoParameter(name) => write!(f, "unknown go parameter '{name}'"),
        }
    }
}

impl std::error::Error for CommandError {}

/// Parses one line; `Ok(None)` for a blank line.
pub fn parse(line: &str) -> Result<Option<Command>, CommandError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&name, args)) = words.split_first() else {
        return Ok(None);
    };
    let command = match name {
        "uci" => Command::Uci,
        "isready" => Command::IsReady,
        "ucinewgame" => Command::NewGame,
        "stop" => Command::Stop,
        "quit" => Command::Quit,
        "setoption" => parse_setoption(args)?,
        "position" => parse_position(args)?,
        "go" => Command::Go(parse_go(args)?),
        other => return Err(CommandError::UnknownCommand(other.to_string())),
    };
    Ok(Some(command))
}

fn parse_setoption(args: &[&str]) -> Result<Command, CommandError> {
    let usage = || CommandError::Usage("setoption name NAME value VALUE");
    if args.first() != Some(&"name") {
        return Err(usage());
    }
    let value_at = args.iter().position(|&w| w == "value").ok_or_else(usage)?;
    let name = args[1..value_at].join(" ");
    let value = args[value_at + 1..].join(" ");
    if name.is_empty() || value.is_empty() {
        return Err(usage());
    }
    Ok(Command::SetOption { name, value })
}

fn parse_position(args: &[&str]) -> Result<Command, CommandError> {
    let moves_at = args
        .iter()
        .position(|&w| w == "moves")
        .unwrap_or(args.len());
    let start = match &args[..moves_at] {
        ["startpos"] => Position::start(),
        ["fen", fields @ ..] => fields
            .join(" ")
            .parse()
            .map_err(|e| CommandError::BadPosition(format!("{e}")))?,
        _ => {
            return Err(CommandError::Usage(
                "position startpos|fen <position> [moves …]",
            ))
        }
    };
    let moves = args
        .get(moves_at + 1..)
        .unwrap_or_default()
        .iter()
        .map(|text| {
            text.parse()
                .map_err(|e| CommandError::BadMove(format!("{e}")))
        })
        .collect::<Result<Vec<Move>, CommandError>>()?;
    Ok(Command::Position { start, moves })
}

fn parse_go(args: &[&str]) -> Result<Go, CommandError> {
    let mut go = Go::default();
    let mut words = args.iter();
    while let Some(&word) = words.next() {
        if word == "infinite" {
            go.infinite = true;
            continue;
        }
        let value = words.next().ok_or_else(|| CommandError::MissingNumber {
            parameter: word.to_string(),
        })?;
        let number: u64 = value.parse().map_err(|_| CommandError::NotANumber {
            parameter: word.to_string(),
            value: value.to_string(),
        })?;
        match word {
            "movetime" => go.movetime = Some(number),
            "wtime" => go.time[Color::Red.index()] = Some(number),
            "btime" => go.time[Color::Blue.index()] = Some(number),
            "winc" => go.increment[Color::Red.index()] = Some(number),
            "binc" => go.increment[Color::Blue.index()] = Some(number),
            "depth" => {
                go.depth = Some(u32::try_from(number).map_err(|_| CommandError::DepthTooLarge)?)
            }
            "nodes" => go.nodes = Some(number),
            other => return Err(CommandError::UnknownGoParameter(other.to_string())),
        }
    }
    Ok(go)
}

/// The `info` line of a search iteration.
pub fn info_line(info: &Info) -> String {
    let pv: Vec<String> = info.pv.iter().map(Move::to_string).collect();
    format!(
        "info depth {} seldepth {} score {} nodes {} nps {} time {} pv {}",
        info.depth,
        info.seldepth,
        info.score,
        info.nodes,
        info.nps,
        info.time.as_millis(),
        pv.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_commands_carry_start_and_moves() {
        let parsed = parse("position startpos moves D7-D6-1 D1-D2")
            .unwrap()
            .unwrap();
        let expected_moves = vec!["D7-D6-1".parse().unwrap(), "D1-D2-1".parse().unwrap()];
        assert_eq!(
            parsed,
            Command::Position {
                start: Position::start(),
                moves: expected_moves
            }
        );
        let fen = parse("position fen 3RG3/7/7/7/7/7/3BG3 b")
            .unwrap()
            .unwrap();
        assert!(matches!(fen, Command::Position { moves, .. } if moves.is_empty()));
    }

    #[test]
    fn go_reads_every_limit() {
        let Some(Command::Go(go)) =
            parse("go wtime 1000 btime 2000 winc 10 binc 20 depth 5 nodes 99 movetime 50").unwrap()
        else {
            panic!("not a go");
        };
        let limits = go.limits(Color::Blue);
        assert_eq!(
            limits.clock,
            Some(Clock {
                remaining: Duration::from_millis(2000),
                increment: Duration::from_millis(20)
            })
        );
        assert_eq!(
            (limits.depth, limits.nodes, limits.movetime),
            (Some(5), Some(99), Some(Duration::from_millis(50)))
        );
    }

    #[test]
    fn malformed_commands_are_errors_not_panics() {
        for line in [
            "frobnicate",
            "go depth",
            "go depth x",
            "go sideways 3",
            "position",
            "position fen 7/7 r",
            "position startpos moves Z9-A1-1",
            "setoption name Hash",
            "setoption Hash value 3",
            "go depth -1",
        ] {
            assert!(parse(line).is_err(), "{line}");
        }
        assert_eq!(parse("   "), Ok(None));
    }

    #[test]
    fn the_documentation_shows_every_option_as_announced() {
        let docs = include_str!("../../../docs/engine-protocol.md");
        for line in option_lines() {
            assert!(
                docs.lines().any(|doc| doc == format!("< {line}")),
                "docs/engine-protocol.md's example lacks '< {line}'"
            );
        }
        assert_eq!(rules_named("course"), Ok(Rules::COURSE));
        assert_eq!(rules_named("standard"), Ok(Rules::STANDARD));
        assert!(rules_named("chess").is_err());
    }

    #[test]
    fn options_may_have_multi_word_names() {
        assert_eq!(
            parse("setoption name Move Overhead value 50").unwrap(),
            Some(Command::SetOption {
                name: "Move Overhead".into(),
                value: "50".into()
            })
        );
    }
}

#[cfg(test)]
mod fuzz {
    use super::parse;
    use proptest::prelude::*;

    proptest! {
        /// Any line is a command or an error, never a panic.
        #[test]
        fn any_line_parses_or_is_refused(line in "(uci|isready|go|position|setoption|startpos|fen|moves|name|value|depth|movetime|wtime|[ a-zA-Z0-9/\\-])*") {
            let _ = parse(&line);
        }
    }
}
