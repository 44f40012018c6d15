//! `towers kubb …`: Koning & Torens commands.

use std::path::PathBuf;

use clap::Subcommand;
use kubb::throw::SkillPreset;
use kubb::{Match, Ruleset, Team, TeamInfo};

use crate::UsageError;

#[derive(Subcommand)]
pub enum Command {
    /// Check a match record (event log or notation) and print the final
    /// state; the last line is `result: A wins`, `result: B wins` or
    /// `result: unfinished`.
    Replay {
        /// seed (the source's rules) or standard; default: the log's, or seed.
        #[arg(long)]
        ruleset: Option<Ruleset>,
        file: PathBuf,
    },
    /// Simulate matches between two teams of given skill (team A starts)
    /// and print win probabilities with 95 % intervals and game lengths.
    Simulate {
        #[arg(long, default_value_t = 10_000)]
        games: usize,
        #[arg(long, default_value = "seed")]
        ruleset: Ruleset,
        /// Skill of team A: beginner, experienced or advanced.
        #[arg(long, default_value = "experienced")]
        a: SkillPreset,
        /// Skill of team B.
        #[arg(long, default_value = "experienced")]
        b: SkillPreset,
        /// Seed of the ChaCha8 generator; the same seed gives the same result.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads (the result does not depend on them).
        #[arg(long)]
        threads: Option<usize>,
        /// One JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Also write an SVG chart of the starting team's win probability
        /// for every pairing of the skill presets.
        #[arg(long, value_name = "FILE.svg")]
        plot: Option<PathBuf>,
    },
    /// Advice from the last state of a record: each team's chance to win
    /// and the best next decision of the team to act, with its gain over
    /// the heuristic's choice.
    Advise {
        #[arg(long)]
        ruleset: Option<Ruleset>,
        #[arg(long, default_value = "experienced")]
        a: SkillPreset,
        #[arg(long, default_value = "experienced")]
        b: SkillPreset,
        /// Play-outs per candidate decision.
        #[arg(long, default_value_t = 2_000)]
        playouts: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        file: PathBuf,
    },
    /// Measure the Monte Carlo search strategy against the heuristic:
    /// matches between equal teams, the search playing A and B in turn.
    Duel {
        #[arg(long, default_value_t = 200)]
        games: usize,
        #[arg(long, default_value = "seed")]
        ruleset: Ruleset,
        #[arg(long, default_value = "experienced")]
        skill: SkillPreset,
        /// Play-outs per candidate at each of the search's decisions.
        #[arg(long, default_value_t = 64)]
        playouts: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// The simulator's findings: the starting team's advantage under both
    /// rulesets, the effect of the seed's 10 m field and king rule, the
    /// value of an advanced line. Prints markdown tables and writes SVG
    /// charts to OUT.
    Findings {
        /// Matches per measurement.
        #[arg(long, default_value_t = 100_000)]
        games: usize,
        /// Matches searched for advanced lines to value, per cell.
        #[arg(long, default_value_t = 2_000)]
        line_matches: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value = "docs/findings")]
        out: PathBuf,
    },
    /// Keep score of a match on the lawn, recording every event to FILE
    /// (an event log; an existing one is resumed).
    Referee {
        /// seed (the source's rules) or standard, for a new record.
        #[arg(long, default_value = "seed")]
        ruleset: Ruleset,
        /// Team A of a new record as NAME or NAME:PLAYER,PLAYER,…
        #[arg(long, value_name = "NAME[:PLAYERS]")]
        team_a: Option<String>,
        /// Team B of a new record, likewise.
        #[arg(long, value_name = "NAME[:PLAYERS]")]
        team_b: Option<String>,
        file: PathBuf,
    },
}

pub fn run(command: Command) -> Result<(), UsageError> {
    match command {
        Command::Replay { ruleset, file } => replay(ruleset, &file),
        Command::Simulate {
            games,
            ruleset,
            a,
            b,
            seed,
            threads,
            json,
            plot,
        } => crate::kubb_simulate::run(
            games,
            ruleset,
            [a.skill(), b.skill()],
            seed,
            threads,
            json,
            plot.as_deref(),
        ),
        Command::Advise {
            ruleset,
            a,
            b,
            playouts,
            seed,
            file,
        } => crate::kubb_advise::advise(ruleset, [a.skill(), b.skill()], playouts, seed, &file),
        Command::Duel {
            games,
            ruleset,
            skill,
            playouts,
            seed,
        } => crate::kubb_advise::duel(games, ruleset, skill.skill(), playouts, seed),
        Command::Findings {
            games,
            line_matches,
            seed,
            out,
        } => crate::kubb_findings::run(games, line_matches, seed, &out),
        Command::Referee {
            ruleset,
            team_a,
            team_b,
            file,
        } => {
            let teams = match (team_a, team_b) {
                (None, None) => None,
                (a, b) => Some([team_info(a, "A"), team_info(b, "B")]),
            };
            crate::kubb_referee::run(ruleset, teams, &file)
        }
    }
}

/// `NAME` or `NAME:PLAYER,PLAYER`; a team not given keeps its letter.
fn team_info(text: Option<String>, letter: &str) -> TeamInfo {
    let text = text.unwrap_or_else(|| letter.to_string());
    let (name, players) = text.split_once(':').unwrap_or((&text, ""));
    TeamInfo {
        name: name.trim().to_string(),
        players: players
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(String::from)
            .collect(),
    }
}

fn replay(ruleset: Option<Ruleset>, file: &PathBuf) -> Result<(), UsageError> {
    let (state, winner) = read_record(ruleset, file)?;
    println!("{state}");
    match winner {
        Some(team) => println!("result: {team} wins"),
        None => println!("result: unfinished"),
    }
    Ok(())
}

/// The final state of a record (event log or notation) and its winner.
pub fn read_record(
    ruleset: Option<Ruleset>,
    file: &PathBuf,
) -> Result<(Match, Option<Team>), UsageError> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| UsageError(format!("cannot read {}: {e}", file.display())))?;
    let invalid = |e: String| UsageError(format!("invalid record {}: {e}", file.display()));
    let (state, winner): (Match, Option<Team>) = if text.trim_start().starts_with('[') {
        let game = kubb::notation::import(&text, ruleset.unwrap_or_default())
            .map_err(|e| invalid(e.to_string()))?;
        (game.state, game.winner)
    } else {
        let (_, state) = kubb::log::read(&text, ruleset).map_err(|e| invalid(e.to_string()))?;
        let winner = state.winner();
        (state, winner)
    };
    Ok((state, winner))
}
