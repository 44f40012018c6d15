//! The `towers` command line: thin wiring from arguments to the libraries.

mod arena_cli;
mod bench;
mod course_client;
mod engine_protocol;
mod gt;
mod kubb_advise;
mod kubb_cli;
mod kubb_findings;
mod kubb_referee;
mod kubb_simulate;
mod play;
mod serve;
mod svg;
mod tournament_cli;
mod tuning;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// The server fans every move out to many sockets, allocation-heavy work
/// where mimalloc measured faster than the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(name = "towers", version, about = "Guard & Towers and Koning & Torens")]
struct Cli {
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
    /// Load generator for the server: moves per second and latency with
    /// WebSocket spectators.
    Loadtest(serve::LoadtestArgs),
}

#[derive(Subcommand)]
enum AdminCommand {
    /// Games set apart because their stored events no longer replay.
    Quarantined(serve::QuarantinedArgs),
}

/// An error the user caused (bad position, bad move): exit status 2.
pub struct UsageError(String);

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Gt(command) => gt::run(command),
        Command::Arena(args) => arena_cli::run(args),
        Command::Kubb(command) => kubb_cli::run(command),
        Command::Serve(args) => serve::run(args),
        Command::Tournament(command) => tournament_cli::run(command),
        Command::Admin(AdminCommand::Quarantined(args)) => serve::quarantined(args),
        Command::Loadtest(args) => serve::loadtest(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(UsageError(message)) => {
            eprintln!("towers: error: {message}");
            ExitCode::from(2)
        }
    }
}
