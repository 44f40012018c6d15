//! `towers gt …`: Guard & Towers commands.

use std::io::{self, IsTerminal, Write};
use std::time::Instant;

use clap::{Args, Subcommand};
use std::sync::atomic::AtomicBool;

use guard_towers::contest_log::ContestLog;
use guard_towers::{divide, perft, Color, Game, Position, Rules};
use guard_towers_engine::protocol::info_line;
use guard_towers_engine::{Engine, EngineOption, Level, Limits};

use crate::bench;

use crate::UsageError;
use i18n::Arg;

#[derive(Subcommand)]
pub enum Command {
    /// Print the legal moves, one per line, sorted.
    Moves(PositionArg),
    /// Count the move sequences of DEPTH plies (node count on stdout, speed on stderr).
    Perft {
        depth: u32,
        #[command(flatten)]
        position: PositionArg,
        /// One `MOVE COUNT` line per root move, then the total.
        #[arg(long, conflicts_with = "peer")]
        divide: bool,
        /// Also run another generator's perft, as `PEER DEPTH POSITION`
        /// (a program printing `nodes N cpu SECONDS`: its CPU time around
        /// its perft alone), and print both CPU times and their ratio.
        #[arg(long, value_name = "PEER")]
        peer: Option<std::path::PathBuf>,
    },
    /// Draw the board.
    Show(PositionArg),
    /// Speak the engine protocol (UCI-style) on stdin/stdout.
    Engine {
        /// Initial playing level 1-10 (the Level option).
        #[arg(long, default_value = "10")]
        level: Level,
        /// Initial transposition table size in MiB (the Hash option).
        #[arg(long, default_value_t = guard_towers_engine::DEFAULT_HASH_MB, value_parser = hash_megabytes)]
        hash: usize,
        /// Search threads (the Threads option; default: the cores available).
        #[arg(long, value_parser = thread_count)]
        threads: Option<usize>,
        /// Endgame tables to probe (the TablebasePath option).
        #[arg(long, value_name = "DIR")]
        tablebase: Option<std::path::PathBuf>,
    },
    /// Endgame tablebases: build them, probe a position.
    #[command(subcommand)]
    Tablebase(crate::tablebase_cli::Command),
    /// The learned evaluation: make training positions, train a network.
    #[command(subcommand)]
    Nnue(crate::nnue_cli::Command),
    /// Play one game on a server that speaks the course protocol.
    Connect {
        /// The server, e.g. localhost:5555.
        address: String,
        /// An engine command instead of the built-in engine: a protocol
        /// engine, or a one-shot template with {position} and {movetime}.
        #[arg(long)]
        engine: Option<String>,
        /// Level of the built-in engine.
        #[arg(long, default_value = "10")]
        level: Level,
        /// Seed of the built-in engine's deliberate mistakes (levels 1-9):
        /// the one a game printed replays its choices; without it, a fresh
        /// seed each game.
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Self-play games for tuning: prints quiet positions with their
    /// game's result (`<position> | <red score>`), one per line.
    Selfplay {
        #[arg(long, default_value_t = 1000)]
        games: usize,
        /// Search nodes per move.
        #[arg(long, default_value_t = 20_000)]
        nodes: u64,
        /// Games played at the same time.
        #[arg(long, default_value_t = 2)]
        threads: usize,
    },
    /// Texel-tune the evaluation weights on self-play samples; prints the
    /// weights as Rust source for `crates/guard-towers-engine/src/eval.rs`.
    Tune { samples: std::path::PathBuf },
    /// Validate a game record file, or a log of the course's contest
    /// server, and show its games.
    Replay { file: std::path::PathBuf },
    /// Print a balanced opening set (positions after a few plies that a
    /// short search finds near-equal), one position per line.
    Openings {
        /// Plies after the start to take positions from.
        #[arg(long, value_delimiter = ',', default_values_t = [2, 4])]
        plies: Vec<usize>,
        /// Candidates per ply, evenly spaced through all positions.
        #[arg(long, default_value_t = 400)]
        per_ply: usize,
        /// Search depth of the balance check.
        #[arg(long, default_value_t = 6)]
        depth: u32,
        /// Largest accepted score in centi-stones.
        #[arg(long, default_value_t = 40)]
        margin: i32,
    },
    /// Search a position and print the chosen move as the last line.
    Best {
        #[command(flatten)]
        position: PositionArg,
        /// Thinking time in milliseconds.
        #[arg(long, default_value_t = 1000)]
        movetime: u64,
        /// Stop at this depth (plies).
        #[arg(long)]
        depth: Option<u32>,
        /// Playing level 1-10.
        #[arg(long, default_value = "10")]
        level: Level,
        /// Search threads (default: the cores available).
        #[arg(long, value_parser = thread_count)]
        threads: Option<usize>,
        /// Endgame tables to probe.
        #[arg(long, value_name = "DIR")]
        tablebase: Option<std::path::PathBuf>,
    },
    /// Search fixed positions to a fixed depth: prints total nodes (a
    /// signature that changes only with the search) and nodes per second.
    Bench {
        /// Search depth in plies.
        #[arg(default_value_t = guard_towers_engine::bench::DEPTH)]
        depth: u32,
        /// An engine option for the run, as `setoption` takes it
        /// (`Pruning=false`); repeatable. The signature is the defaults'.
        #[arg(long = "option", value_name = "NAME=VALUE", value_parser = bench::name_value)]
        options: Vec<(String, String)>,
    },
    /// Find puzzles (one move wins by force, no other does) in finished
    /// games, verified by the engine; one JSON line each.
    Puzzles(crate::puzzles_cli::PuzzlesArgs),
    /// Make the server's puzzle set: the shipped one verified again and new
    /// puzzles, near-duplicates left out, each with its id and its first
    /// rating from how hard it is for search.
    PuzzleSet(crate::puzzle_set_cli::PuzzleSetArgs),
    /// Play against the engine in the terminal.
    Play {
        /// Engine level 1-10.
        #[arg(long, default_value = "5")]
        level: Level,
        /// Your colour: red or blue.
        #[arg(long, default_value_t = Color::Red)]
        color: Color,
        /// Engine thinking time per move in milliseconds.
        #[arg(long, default_value_t = 1000)]
        movetime: u64,
        /// Endgame tables for the engine to probe.
        #[arg(long, value_name = "DIR")]
        tablebase: Option<std::path::PathBuf>,
    },
}

impl Command {
    /// Whether what the command prints is its product (see `main`): every
    /// one but `connect`, which plays over a socket.
    pub fn writes_for_a_pipe(&self) -> bool {
        !matches!(self, Command::Connect { .. })
    }
}

#[derive(Args)]
pub struct PositionArg {
    /// A position in course notation, e.g. "3RG3/7/7/7/7/7/3BG3 r" (quoted, or
    /// as two words); the start position when absent.
    #[arg(value_name = "POSITION", num_args = 0..=2)]
    words: Vec<String>,
}

impl PositionArg {
    pub fn parse(&self) -> Result<Position, UsageError> {
        if self.words.is_empty() {
            return Ok(Position::start());
        }
        let text = self.words.join(" ");
        text.parse()
            .map_err(|error| UsageError(one_line(&format!("invalid position '{text}': {error}"))))
    }
}

/// `message` with its control characters escaped (`\n`), so that an error
/// quoting what was typed stays one line (found by the fuzz corpora: a
/// position of newlines made a many-line error).
fn one_line(message: &str) -> String {
    message
        .chars()
        .flat_map(|c| {
            let escaped: Vec<char> = match c.is_control() {
                true => c.escape_default().collect(),
                false => vec![c],
            };
            escaped
        })
        .collect()
}

/// Runs `command`; `play`, `show`, the tables' verdicts and probes speak
/// `lang`.
pub fn run(command: Command, lang: i18n::Lang) -> Result<(), UsageError> {
    match command {
        Command::Moves(position) => print_moves(&position.parse()?),
        Command::Perft {
            depth,
            position,
            divide,
            peer: None,
        } => run_perft(&position.parse()?, depth, divide),
        Command::Perft {
            depth,
            position,
            peer: Some(peer),
            ..
        } => crate::perft_peer::run(&position.parse()?, depth, &peer),
        Command::Show(position) => {
            let messages = i18n::Messages::new(lang);
            print!("{}", crate::play::board(&messages, &position.parse()?));
            Ok(())
        }
        Command::Engine {
            level,
            hash,
            threads,
            tablebase,
        } => {
            let tablebase = tablebase
                .map(|dir| crate::tablebase_cli::load(&dir))
                .transpose()?;
            let mut engine = Engine::new();
            engine.set_level(level);
            engine.set_hash_mb(hash);
            if let Some(threads) = threads {
                engine.set_threads(threads);
            }
            engine.set_tablebase(tablebase);
            crate::engine_protocol::run(engine);
            Ok(())
        }
        Command::Tablebase(command) => crate::tablebase_cli::run(command, lang),
        Command::Nnue(command) => crate::nnue_cli::run(command),
        Command::Replay { file } => replay(&file, &i18n::Messages::new(lang)),
        Command::Selfplay {
            games,
            nodes,
            threads,
        } => crate::tuning::selfplay(games, nodes, threads),
        Command::Tune { samples } => crate::tuning::tune(&samples),
        Command::Connect {
            address,
            engine,
            level,
            seed,
        } => crate::course_client::run(&address, engine.as_deref(), level, seed),
        Command::Openings {
            plies,
            per_ply,
            depth,
            margin,
        } => {
            let openings = arena::openings::generate(&plies, per_ply, depth, margin);
            let mut lines = vec![format!(
                "# towers gt openings --plies {} --per-ply {per_ply} --depth {depth} --margin {margin}: {} positions",
                plies.iter().map(ToString::to_string).collect::<Vec<_>>().join(","),
                openings.len()
            )];
            lines.extend(openings.iter().map(ToString::to_string));
            write_lines(lines)
        }
        Command::Best {
            position,
            movetime,
            depth,
            level,
            threads,
            tablebase,
        } => {
            let mut engine = Engine::new();
            engine.set_level(level);
            if let Some(threads) = threads {
                engine.set_threads(threads);
            }
            if let Some(dir) = tablebase {
                engine.set_tablebase(Some(crate::tablebase_cli::load(&dir)?));
            }
            best(engine, position.parse()?, movetime, depth, lang)
        }
        Command::Bench { depth, options } => bench::run(depth, &options),
        Command::Play {
            level,
            color,
            movetime,
            tablebase,
        } => crate::play::run(level, color, movetime, tablebase.as_deref(), lang),
        Command::Puzzles(args) => crate::puzzles_cli::run(args),
        Command::PuzzleSet(args) => crate::puzzle_set_cli::run(args),
    }
}

/// A `--hash` value, in the range of the engine's Hash option.
fn hash_megabytes(text: &str) -> Result<usize, String> {
    let megabytes = EngineOption::Hash.spec().spin(text);
    // The Hash range starts at 1, so the number fits a usize.
    megabytes
        .map(|mb| mb as usize)
        .map_err(|error| error.to_string())
}

/// A `--threads` value, in the range of the engine's Threads option.
fn thread_count(text: &str) -> Result<usize, String> {
    // The Threads range starts at 1, so the number fits a usize.
    EngineOption::Threads
        .spec()
        .spin(text)
        .map(|threads| threads as usize)
        .map_err(|error| error.to_string())
}

/// ANSI colours only on a terminal, and never under `NO_COLOR`.
pub fn use_colour() -> bool {
    io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

fn best(
    mut engine: Engine,
    position: Position,
    movetime: u64,
    depth: Option<u32>,
    lang: i18n::Lang,
) -> Result<(), UsageError> {
    let game = Game::new(position, Rules::STANDARD);
    if let Some(outcome) = game.outcome() {
        return Err(UsageError(format!(
            "no move to choose: the game is over ({outcome})"
        )));
    }
    let limits = Limits {
        depth,
        ..Limits::movetime(movetime)
    };
    let result = engine
        .go(&game, &limits, &AtomicBool::new(false), &mut |info| {
            eprintln!("{}", info_line(info))
        })
        .expect("a game that goes on has a move");
    if result.tablebase {
        let messages = i18n::Messages::new(lang);
        eprintln!(
            "{}",
            crate::tablebase_cli::describe(&messages, result.score, game.position())
        );
    }
    println!("{}", result.best_move);
    Ok(())
}

fn replay(file: &std::path::Path, messages: &i18n::Messages) -> Result<(), UsageError> {
    let text = std::fs::read_to_string(file).map_err(|e| {
        UsageError(messages.msg_with(
            "terminal-file-cannot-read",
            &[
                ("file", file.display().to_string().as_str().into()),
                ("error", e.to_string().as_str().into()),
            ],
        ))
    })?;
    if guard_towers::contest_log::is_contest_log(&text) {
        return replay_contest_log(file, &text, messages);
    }
    let games = guard_towers::record::parse_records(&text).map_err(|e| {
        UsageError(messages.msg_with(
            "terminal-file-invalid-record",
            &[
                ("file", file.display().to_string().as_str().into()),
                ("error", e.to_string().as_str().into()),
            ],
        ))
    })?;
    for (number, record) in games.iter().enumerate() {
        println!(
            "{}",
            messages.msg_with(
                "terminal-gt-replay-game",
                &[
                    ("number", Arg::Number((number + 1) as f64)),
                    ("red", record.red.as_str().into()),
                    ("blue", record.blue.as_str().into()),
                    ("moves", Arg::Number(record.moves.len() as f64)),
                    ("result", record.result.token().into()),
                    (
                        "termination",
                        record.termination.to_string().as_str().into()
                    ),
                ],
            )
        );
    }
    if let [only] = games.as_slice() {
        print!("{}", crate::play::board(messages, only.replay().position()));
    }
    println!(
        "{}",
        messages.msg_with(
            "terminal-gt-replay-legal",
            &[("games", Arg::Number(games.len() as f64))],
        )
    );
    Ok(())
}

/// A log of the course's contest server: its moves with the time left, the
/// lines out of turn it ignored, its verdict and the final board. The
/// server's own words (its verdict's reason, the lines it skipped) are data
/// and stay as it wrote them.
fn replay_contest_log(
    file: &std::path::Path,
    text: &str,
    messages: &i18n::Messages,
) -> Result<(), UsageError> {
    let log = text.parse::<ContestLog>().map_err(|e| {
        UsageError(one_line(&messages.msg_with(
            "terminal-gt-replay-invalid-contest-log",
            &[
                ("file", file.display().to_string().as_str().into()),
                ("error", e.to_string().as_str().into()),
            ],
        )))
    })?;
    let (result, termination) = log.result();
    let mut lines = vec![messages.msg_with(
        "terminal-gt-replay-contest-log",
        &[
            ("red", log.red.to_string().as_str().into()),
            ("blue", log.blue.to_string().as_str().into()),
            ("moves", Arg::Number(log.moves.len() as f64)),
            ("result", result.token().into()),
            ("termination", termination.to_string().as_str().into()),
        ],
    )];
    let colour = |side: Color| {
        messages.msg_with(
            "terminal-gt-replay-colour",
            &[("colour", side.name().into())],
        )
    };
    // The moves line up under the longer colour name of the language.
    let width = [Color::Red, Color::Blue]
        .map(|side| colour(side).chars().count())
        .into_iter()
        .max()
        .unwrap_or(0);
    let mut side = log.game().start().side_to_move();
    for (ply, logged) in log.moves.iter().enumerate() {
        lines.push(messages.msg_with(
            "terminal-gt-replay-contest-move",
            &[
                ("ply", format!("{:>4}", ply + 1).as_str().into()),
                (
                    "colour",
                    format!("{:<width$}", colour(side)).as_str().into(),
                ),
                ("move", logged.mv.to_string().as_str().into()),
                ("ms", Arg::Number(logged.time_left_ms as f64)),
            ],
        ));
        side = !side;
    }
    for skipped in &log.out_of_turn {
        lines.push(one_line(&messages.msg_with(
            "terminal-gt-replay-contest-skipped",
            &[
                ("line", Arg::Number(skipped.line as f64)),
                ("colour", colour(skipped.color).as_str().into()),
                ("text", skipped.text.as_str().into()),
            ],
        )));
    }
    lines.push(match &log.verdict {
        Some(verdict) => messages.msg_with(
            "terminal-gt-replay-contest-verdict",
            &[
                ("line", Arg::Number(verdict.line as f64)),
                ("reason", verdict.reason.to_string().as_str().into()),
                ("winner", colour(verdict.winner).as_str().into()),
            ],
        ),
        None => messages.msg("terminal-gt-replay-contest-no-verdict"),
    });
    write_lines(lines)?;
    print!("{}", crate::play::board(messages, log.game().position()));
    println!("{}", messages.msg("terminal-gt-replay-contest-legal"));
    Ok(())
}

fn print_moves(position: &Position) -> Result<(), UsageError> {
    let mut moves: Vec<String> = position
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .collect();
    moves.sort();
    write_lines(moves)
}

fn run_perft(position: &Position, depth: u32, split: bool) -> Result<(), UsageError> {
    let started = Instant::now();
    let (lines, nodes) = if split {
        let mut counts: Vec<(String, u64)> = divide(position, depth)
            .into_iter()
            .map(|(mv, count)| (mv.to_string(), count))
            .collect();
        counts.sort();
        let total = counts.iter().map(|(_, count)| count).sum();
        let lines = counts
            .into_iter()
            .map(|(mv, count)| format!("{mv} {count}"));
        (lines.collect(), total)
    } else {
        (Vec::new(), perft(position, depth))
    };
    let seconds = started.elapsed().as_secs_f64();
    write_lines(lines.into_iter().chain([nodes.to_string()]))?;
    eprintln!(
        "perft {depth}: {nodes} nodes in {seconds:.3} s ({:.1} M nodes/s)",
        nodes as f64 / seconds.max(1e-9) / 1e6
    );
    Ok(())
}

/// Writes lines to stdout; a closed pipe (`| head`) ends output quietly.
pub fn write_lines(lines: impl IntoIterator<Item = String>) -> Result<(), UsageError> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    for line in lines {
        if writeln!(out, "{line}").is_err() {
            return Ok(());
        }
    }
    let _ = out.flush();
    Ok(())
}
