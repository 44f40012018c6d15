//! The `towers` command line: thin wiring from arguments to the libraries.

mod arena_cli;
mod backup_cli;
mod bench;
mod bot;
mod columns;
mod config;
mod course_client;
mod engine_protocol;
mod gt;
mod kubb_advise;
mod kubb_cli;
mod kubb_findings;
mod kubb_referee;
mod kubb_simulate;
mod loadtest;
mod nnue_cli;
mod perft_peer;
mod play;
mod puzzle_set_cli;
mod puzzles_cli;
mod serve;
mod studies_cli;
mod svg;
mod tablebase_cli;
mod tournament_cli;
mod tuning;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

/// The server fans every move out to many sockets, allocation-heavy work
/// where mimalloc measured faster than the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(name = "towers", version, about = "Guard & Towers and Koning & Torens")]
struct Cli {
    /// The language of the human-facing words (kubb referee, replay, stats,
    /// advise; gt play, show, best, tablebase probe): en, de or nl;
    /// default: from LC_ALL, LC_MESSAGES or LANG.
    /// Records, notation, JSON, CSV and the protocols never change with it.
    #[arg(long, global = true, value_name = "en|de|nl")]
    lang: Option<i18n::Lang>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Guard & Towers: rules, move generation, perft, engine, records.
    #[command(subcommand)]
    Gt(gt::Command),
    /// Engine-vs-engine matches with Elo, SPRT and game records.
    Arena(arena_cli::ArenaArgs),
    /// Koning & Torens (Kubb): records and refereeing.
    #[command(subcommand)]
    Kubb(kubb_cli::Command),
    /// The game server: HTTP + WebSocket API, web UI, course protocol.
    Serve(serve::ServeArgs),
    /// Tournaments from a file: round robin, Swiss, knockout, pools;
    /// pairings, results, standings with tie-breaks, bracket, ratings.
    #[command(subcommand)]
    Tournament(tournament_cli::Command),
    /// Server administration.
    #[command(subcommand)]
    Admin(AdminCommand),
    /// Connects an engine to a towers server as a bot account: plays every
    /// game the server seats it in, each with its own engine process.
    Bot(bot::BotArgs),
    /// Load generator for the server: moves per second and latency with
    /// WebSocket spectators.
    Loadtest(serve::LoadtestArgs),
}

#[derive(Subcommand)]
enum AdminCommand {
    /// Games set apart because their stored events no longer replay.
    Quarantined(serve::QuarantinedArgs),
    /// Imports logs of the course's contest server into the archive.
    ImportCourseLog(serve::ImportCourseLogArgs),
    /// Accounts: list, disable, enable, reset, and hand an unclaimed
    /// name's rated history to an account.
    Accounts(serve::AccountsArgs),
    /// Writes a consistent copy of a server's database, safe while it
    /// runs (SQLite: VACUUM INTO; PostgreSQL: pg_dump).
    Backup(backup_cli::BackupArgs),
    /// Replays every stored game, match and tournament of a database or
    /// backup, read only: counts by kind, and what no longer replays.
    Verify(backup_cli::VerifyArgs),
}

impl Command {
    /// Whether the command's product is what it prints, for another tool
    /// or a pager to read. The others keep Rust's default of ignoring
    /// SIGPIPE: the server and the bot write to sockets, the arena to the
    /// pipes of engine processes that may die, and such a write must fail
    /// as an error the program handles, not end the program.
    fn writes_for_a_pipe(&self) -> bool {
        match self {
            Command::Gt(command) => command.writes_for_a_pipe(),
            Command::Kubb(_) | Command::Tournament(_) => true,
            Command::Arena(_)
            | Command::Serve(_)
            | Command::Admin(_)
            | Command::Bot(_)
            | Command::Loadtest(_) => false,
        }
    }
}

/// Restores SIGPIPE's default, as a Unix filter has it: when the reader
/// of the output leaves (`towers … | head`), the process ends at its next
/// write, silently, instead of panicking on the failed write.
fn stop_quietly_when_the_reader_leaves() {
    #[cfg(unix)]
    // SAFETY: called first thing in `main`, before any other thread exists;
    // SIG_DFL is a valid disposition for SIGPIPE.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// An error the user caused (bad position, bad move): exit status 2.
pub struct UsageError(String);

/// An engine option given on the command line as `NAME=VALUE`, both
/// trimmed (`--option` of `gt bench` and of `bot`).
pub fn option_setting(text: &str) -> Option<(String, String)> {
    let (name, value) = text.split_once('=')?;
    Some((name.trim().to_string(), value.trim().to_string()))
}

fn main() -> ExitCode {
    let (matches, settings) = match config::read(Cli::command()) {
        Ok(read) => read,
        Err(UsageError(message)) => {
            eprintln!("towers: error: {message}");
            return ExitCode::from(2);
        }
    };
    let mut cli = Cli::from_arg_matches(&matches).unwrap_or_else(|error| error.exit());
    if let (Command::Serve(args), Some(settings)) = (&mut cli.command, settings) {
        args.settings = settings;
    }
    if cli.command.writes_for_a_pipe() {
        stop_quietly_when_the_reader_leaves();
    }
    let lang = cli.lang.unwrap_or_else(i18n::Lang::from_env);
    let result = match cli.command {
        Command::Gt(command) => gt::run(command, lang),
        Command::Arena(args) => arena_cli::run(args),
        Command::Kubb(command) => kubb_cli::run(command, lang),
        Command::Serve(args) => serve::run(args),
        Command::Tournament(command) => tournament_cli::run(command),
        Command::Admin(AdminCommand::Quarantined(args)) => serve::quarantined(args),
        Command::Admin(AdminCommand::ImportCourseLog(args)) => serve::import_course_logs(args),
        Command::Admin(AdminCommand::Accounts(args)) => serve::accounts(args),
        Command::Admin(AdminCommand::Backup(args)) => backup_cli::backup(args),
        Command::Admin(AdminCommand::Verify(args)) => backup_cli::verify(args),
        Command::Loadtest(args) => serve::loadtest(args),
        Command::Bot(args) => bot::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(UsageError(message)) => {
            eprintln!("towers: error: {message}");
            ExitCode::from(2)
        }
    }
}
