//! `towers tournament …`: a whole tournament from a laptop, kept in one
//! JSON file of events (docs/tournament.md). Each command reads the file,
//! asks the `tournament` library, and writes the file back.

use std::path::{Path, PathBuf};

use clap::Subcommand;
use kubb::{Ruleset, Team};
use kubb_sim::throw::Skill;
use kubb_sim::{simulate_match, stream, Heuristic};
use tournament::export::{bracket_svg, csv, standings_csv};
use tournament::glicko2::Glicko2;
use tournament::ratings::rate_tournament;
use tournament::schedule::{plan, ClockTime};
use tournament::simulated_day::{self, Played, SimulatedDay, Timing};
use tournament::tournament::Pairing;
use tournament::{
    BaselineKubbs, Format, GameKind, Name, Points, Score, Settings, Standing, Tournament,
    TournamentFile,
};

use crate::{columns, UsageError};

#[derive(Subcommand)]
pub enum Command {
    /// Create a tournament file (refuses to overwrite one).
    New {
        file: PathBuf,
        #[arg(long)]
        game: GameKind,
        /// round-robin, double-round-robin, swiss, knockout or pools-knockout.
        #[arg(long)]
        format: Format,
        /// Swiss rounds (default ⌈log₂ entrants⌉).
        #[arg(long)]
        rounds: Option<u32>,
        /// Pools of a pools-knockout (default: pools of about four).
        #[arg(long)]
        pools: Option<u32>,
        /// Entrants of each pool going on to the knockout (default 2).
        #[arg(long)]
        qualifiers: Option<u32>,
        /// Semi-final losers play for third place.
        #[arg(long)]
        third_place: bool,
    },
    /// Add entrants, in seeding order.
    Add {
        file: PathBuf,
        #[arg(required = true)]
        names: Vec<Name>,
    },
    /// Withdraw an entrant: no more pairings; a scheduled opponent has a bye.
    Withdraw {
        file: PathBuf,
        /// An entrant's name as recorded (a name from before the 40
        /// characters' rule included).
        #[arg(value_parser = Name::recorded)]
        name: Name,
    },
    /// Pair the next round and print it, one pairing a line:
    /// `NAME - NAME` (the first named starts or plays Red) or `NAME - bye`.
    Pair { file: PathBuf },
    /// Record a result, SCORE from the first named's side: games (Kubb) or
    /// points (Guard & Towers), e.g. 2-1, 1-0, 0.5-0.5. A second result for
    /// the same pairing corrects the first.
    Result {
        file: PathBuf,
        #[arg(value_parser = Name::recorded)]
        first: Name,
        #[arg(value_parser = Name::recorded)]
        second: Name,
        score: Score,
        /// Kubb: baseline kubbs felled by the first and by the second, A-B.
        #[arg(long)]
        kubbs: Option<BaselineKubbs>,
        /// The round of the pairing (default: the latest that pairs them).
        #[arg(long)]
        round: Option<u32>,
    },
    /// Standings: rank, name, points and each tie-break.
    Standings {
        file: PathBuf,
        /// An array of objects with rank, name, points, tiebreaks, ….
        #[arg(long)]
        json: bool,
    },
    /// Draw the knockout bracket as SVG.
    Bracket {
        file: PathBuf,
        #[arg(long, value_name = "OUT.svg")]
        svg: PathBuf,
    },
    /// Export every pairing and result as CSV (or the standings).
    Export {
        file: PathBuf,
        #[arg(long, value_name = "OUT.csv")]
        csv: PathBuf,
        /// The standings instead of the pairings.
        #[arg(long)]
        standings: bool,
    },
    /// Times and pitches (or boards) of the rounds paired so far.
    Schedule {
        file: PathBuf,
        #[arg(long)]
        pitches: u32,
        /// Start of the first round, HH:MM.
        #[arg(long)]
        start: ClockTime,
        /// Minutes a slot takes (time limit plus changeover).
        #[arg(long)]
        minutes: u32,
    },
    /// Play a whole Kubb day with the simulator's match lengths: the live
    /// calls (each pairing to the first free pitch) against the fixed
    /// timetable of `schedule`, for the same matches.
    SimulateDay(DayArgs),
    /// Glicko-2 ratings of the entrants after the results so far, each
    /// round a rating period.
    Ratings {
        file: PathBuf,
        /// Glicko-2's system constant τ.
        #[arg(long, default_value_t = 0.5)]
        tau: f64,
        #[arg(long)]
        json: bool,
    },
}

/// A simulated day's field, pitches and clock (docs/tournament.md, "A
/// day simulated").
#[derive(clap::Args)]
pub struct DayArgs {
    #[arg(long)]
    teams: usize,
    #[arg(long)]
    pitches: usize,
    /// swiss or round-robin.
    #[arg(long)]
    format: Format,
    /// Swiss rounds (default ⌈log₂ teams⌉).
    #[arg(long)]
    rounds: Option<u32>,
    /// Match i is simulated from the generator stream (seed, i).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Seconds a turn takes: stated, not measured (no published timing
    /// of Kubb turns was found). A turn is six batons thrown, the felled
    /// kubbs inkasted and raised and the batons fetched from 8 m; Kubb
    /// On's estimate that 5 to 7 innings (10 to 14 turns) fit the
    /// typical 30-minute round bounds it at 2 to 3 minutes.
    #[arg(long, default_value_t = 90)]
    seconds_per_turn: u32,
    /// From a call to the match's start: the walk over and set-up.
    #[arg(long, default_value_t = 5)]
    changeover_minutes: u32,
    /// A match's time limit: a best of 3 under 45 minutes, as the
    /// Canadian national championship's Swiss rounds (2017).
    #[arg(long, default_value_t = 45)]
    time_limit_minutes: u32,
    /// The first call, HH:MM.
    #[arg(long, default_value = "09:00")]
    start: ClockTime,
    /// Print every match: round, pitch, called, played, teams, live and
    /// on the fixed timetable.
    #[arg(long)]
    timeline: bool,
}

fn usage(error: impl std::fmt::Display) -> UsageError {
    UsageError(error.to_string())
}

fn load(path: &Path) -> Result<Tournament, UsageError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| usage(format!("cannot read {}: {e}", path.display())))?;
    let file: TournamentFile = serde_json::from_str(&text)
        .map_err(|e| usage(format!("{} is not a tournament file: {e}", path.display())))?;
    Tournament::from_file(file).map_err(|e| usage(format!("{}: {e}", path.display())))
}

/// Writes beside the file and renames, so that a crash never leaves half a
/// tournament.
fn write_atomically(path: &Path, text: &str) -> Result<(), UsageError> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    std::fs::write(&temporary, text)
        .and_then(|()| std::fs::rename(&temporary, path))
        .map_err(|e| usage(format!("cannot write {}: {e}", path.display())))
}

fn save(path: &Path, tournament: &Tournament) -> Result<(), UsageError> {
    let text = serde_json::to_string_pretty(&tournament.to_file()).expect("events serialise");
    write_atomically(path, &(text + "\n"))
}

/// Loads, changes and saves the tournament.
fn update(
    path: &Path,
    change: impl FnOnce(&mut Tournament) -> Result<(), UsageError>,
) -> Result<(), UsageError> {
    let mut tournament = load(path)?;
    change(&mut tournament)?;
    save(path, &tournament)
}

pub fn run(command: Command) -> Result<(), UsageError> {
    match command {
        Command::New {
            file,
            game,
            format,
            rounds,
            pools,
            qualifiers,
            third_place,
        } => {
            if file.exists() {
                return Err(usage(format!("{} exists already", file.display())));
            }
            let settings = Settings::new(game, format, rounds, pools, qualifiers, third_place)
                .map_err(usage)?;
            save(&file, &Tournament::new(settings).map_err(usage)?)
        }
        Command::Add { file, names } => update(&file, |t| {
            names
                .into_iter()
                .try_for_each(|name| t.add(name))
                .map_err(usage)
        }),
        Command::Withdraw { file, name } => update(&file, |t| t.withdraw(name).map_err(usage)),
        Command::Pair { file } => update(&file, |t| {
            let round = t.pair().map_err(usage)?.to_vec();
            for pairing in round {
                let second = pairing
                    .second
                    .map_or("bye".to_string(), |s| t.name(s).to_string());
                println!("{} - {second}", t.name(pairing.first));
            }
            Ok(())
        }),
        Command::Result {
            file,
            first,
            second,
            score,
            kubbs,
            round,
        } => update(&file, |t| {
            t.record(&first, &second, score, kubbs, round)
                .map_err(usage)
        }),
        Command::Standings { file, json } => {
            let standings = load(&file)?.standings();
            if json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&standings).expect("standings serialise")
                );
            } else {
                print_standings(&standings);
            }
            Ok(())
        }
        Command::Bracket { file, svg } => {
            let tournament = load(&file)?;
            let drawing = bracket_svg(&tournament)
                .ok_or_else(|| usage("a tournament without knockout has no bracket"))?;
            write_atomically(&svg, &drawing)
        }
        Command::Export {
            file,
            csv: out,
            standings,
        } => {
            let tournament = load(&file)?;
            let text = if standings {
                standings_csv(&tournament.standings())
            } else {
                csv(&tournament)
            };
            write_atomically(&out, &text)
        }
        Command::Schedule {
            file,
            pitches,
            start,
            minutes,
        } => print_schedule(&load(&file)?, pitches, start, minutes),
        Command::Ratings { file, tau, json } => print_ratings(&load(&file)?, tau, json),
        Command::SimulateDay(args) => simulate_day(&args),
    }
}

fn print_standings(standings: &[Standing]) {
    let width = standings
        .iter()
        .map(|s| columns::width(s.name.as_str()))
        .max()
        .unwrap_or(4)
        .max(4);
    let pools = standings.iter().any(|s| s.pool.is_some());
    let mut header = format!(
        "{:>4}  {}  {:>6}",
        "rank",
        columns::pad("name", width),
        "points"
    );
    if pools {
        header += "  pool";
    }
    for (tiebreak, _) in standings.first().map_or(&[][..], |s| &s.tiebreaks.0[..]) {
        header += &format!("  {tiebreak}");
    }
    println!("{header}");
    for s in standings {
        let mut line = format!(
            "{:>4}  {}  {:>6}",
            s.rank,
            columns::pad(s.name.as_str(), width),
            s.points
        );
        if let (Some(pool), Some(rank)) = (&s.pool, s.pool_rank) {
            line += &format!("  {:<4}", format!("{pool}{rank}"));
        }
        for (tiebreak, value) in &s.tiebreaks.0 {
            line += &format!("  {value:>width$}", width = tiebreak.key().len());
        }
        if s.withdrawn {
            line += "  (withdrawn)";
        }
        println!("{line}");
    }
}

fn print_schedule(
    tournament: &Tournament,
    pitches: u32,
    start: ClockTime,
    minutes: u32,
) -> Result<(), UsageError> {
    let played: Vec<Vec<_>> = tournament
        .rounds()
        .iter()
        .map(|round| round.iter().filter(|p| p.second.is_some()).collect())
        .collect();
    let counts: Vec<usize> = played.iter().map(Vec::len).collect();
    let slots = plan(&counts, pitches, start, minutes).map_err(usage)?;
    for (round, (pairings, slots)) in played.iter().zip(&slots).enumerate() {
        for (pairing, slot) in pairings.iter().zip(slots) {
            let second = pairing.second.expect("played");
            println!(
                "round {} {} pitch {}: {} - {}",
                round + 1,
                slot.start,
                slot.pitch,
                tournament.name(pairing.first),
                tournament.name(second)
            );
        }
    }
    Ok(())
}

fn print_ratings(tournament: &Tournament, tau: f64, json: bool) -> Result<(), UsageError> {
    if !(tau > 0.0 && tau.is_finite()) {
        return Err(usage("--tau must be a positive number"));
    }
    let book = rate_tournament(tournament, Glicko2 { tau });
    let leaders = book.leaderboard(0);
    if json {
        // The rows of the server's leaderboard (`GET /api/ratings`).
        let rows: Vec<api::ratings::Leader> = leaders.iter().map(Into::into).collect();
        println!(
            "{}",
            serde_json::to_string_pretty(&rows).expect("ratings serialise")
        );
        return Ok(());
    }
    let width = leaders
        .iter()
        .map(|l| columns::width(l.key.as_str()))
        .max()
        .unwrap_or(0);
    for l in leaders {
        println!(
            "{:>3}  {}  {:>4.0} ±{:<3.0}  volatility {:.4}  {} games",
            l.rank,
            columns::pad(l.key.as_str(), width),
            l.rating.rating,
            2.0 * l.rating.deviation,
            l.rating.volatility,
            l.games
        );
    }
    Ok(())
}

/// The most teams a simulated day takes (a day of more is no day).
const MAX_DAY_TEAMS: usize = 1_000;

/// `towers tournament simulate-day`: the day played by
/// `tournament::simulated_day` with the Kubb simulator's matches.
fn simulate_day(args: &DayArgs) -> Result<(), UsageError> {
    if !matches!(args.format, Format::Swiss | Format::RoundRobin) {
        return Err(usage(format!(
            "simulate-day plays a swiss or a round-robin, not a {}",
            args.format
        )));
    }
    if args.teams > MAX_DAY_TEAMS {
        return Err(usage(format!(
            "a day has at most {MAX_DAY_TEAMS} teams, not {}",
            args.teams
        )));
    }
    if args.seconds_per_turn == 0 {
        return Err(usage("--seconds-per-turn must be at least 1"));
    }
    let settings = Settings::new(GameKind::Kubb, args.format, args.rounds, None, None, false)
        .map_err(usage)?;
    let mut tournament = Tournament::new(settings).map_err(usage)?;
    for team in 1..=args.teams {
        let name = format!("Team {team}").parse().expect("a team's name");
        tournament.add(name).map_err(usage)?;
    }
    let timing = Timing {
        pitches: args.pitches,
        changeover_minutes: args.changeover_minutes,
        limit_minutes: args.time_limit_minutes,
    };
    let mut next = 0;
    let day = simulated_day::simulate_day(tournament, timing, |_, pairing| {
        next += 1;
        play_kubb_match(args, next - 1, pairing)
    })
    .map_err(usage)?;
    print_day(args, &day);
    Ok(())
}

/// A mixed field: the teams take the simulator's beginner, experienced
/// and advanced presets in turn.
fn skill(team: usize) -> Skill {
    Skill::PRESETS[team % Skill::PRESETS.len()]
}

/// Match `index` of the day under the standard rules (a best of 3),
/// played without a clock: the day stops it at the time limit.
fn play_kubb_match(args: &DayArgs, index: usize, pairing: &Pairing) -> Played {
    let second = pairing.second.expect("only games are played");
    let mut rng = stream(args.seed, index);
    let skills = [skill(pairing.first), skill(second)];
    let played = simulate_match(
        Ruleset::STANDARD,
        [&Heuristic, &Heuristic],
        skills,
        &mut rng,
    );
    let to_win = u32::from(Ruleset::STANDARD.games_to_win);
    let lost = (played.games as u32).saturating_sub(to_win);
    let score = match played.winner {
        Some(Team::A) => Score::new(Points::whole(to_win), Points::whole(lost)),
        Some(Team::B) => Score::new(Points::whole(lost), Points::whole(to_win)),
        // Unfinished (the simulator's safety net): a draw.
        None => Score::new(Points::ZERO, Points::ZERO),
    };
    Played {
        length_ms: played.turns as i64 * i64::from(args.seconds_per_turn) * 1_000,
        score,
    }
}

/// `HH:MM` of `ms` after `start` (hours past 23 for a day past midnight).
fn clock(start: ClockTime, ms: i64) -> String {
    let minutes = i64::from(start.minutes()) + ms / 60_000;
    format!("{:02}:{:02}", minutes / 60, minutes % 60)
}

/// `5 h 07 min`.
fn span(ms: i64) -> String {
    let minutes = ms / 60_000;
    format!("{} h {:02} min", minutes / 60, minutes % 60)
}

fn print_day(args: &DayArgs, day: &SimulatedDay) {
    let start = args.start;
    let rounds = day.tournament.rounds().len();
    println!(
        "{} teams, {} of {rounds} rounds, {} pitches; {}, {}-minute limit, {} minutes' changeover, {} s a turn, seed {}",
        args.teams,
        args.format,
        args.pitches,
        Ruleset::STANDARD.match_format(),
        args.time_limit_minutes,
        args.changeover_minutes,
        args.seconds_per_turn,
        args.seed
    );
    if args.timeline {
        for (label, timeline) in [("live", &day.live), ("fixed", &day.fixed)] {
            println!("\n{label}:");
            for m in &timeline.matches {
                println!(
                    "round {}  pitch {:>3}  called {}  played {}-{}{}  {} - {}",
                    m.round,
                    m.pitch.as_str(),
                    clock(start, m.called_at),
                    clock(start, m.started_at),
                    clock(start, m.finished_at),
                    if m.cut { " (time)" } else { "       " },
                    m.first,
                    m.second
                );
            }
        }
        println!();
    }
    let matches = &day.live.matches;
    let played: i64 = matches.iter().map(|m| m.finished_at - m.started_at).sum();
    let cut = matches.iter().filter(|m| m.cut).count();
    println!(
        "matches: {}, {} long on average, {cut} stopped at the limit",
        matches.len(),
        span(played / matches.len().max(1) as i64)
    );
    println!(
        "live:  ends {} after {}, pitches played on {:.0} % of the day",
        clock(start, day.live.length_ms),
        span(day.live.length_ms),
        100.0 * day.live.utilisation(args.pitches)
    );
    println!(
        "fixed: ends {} after {} (slots budgeted to {}), pitches played on {:.0} % of the day",
        clock(start, day.fixed.length_ms),
        span(day.fixed.length_ms),
        clock(start, day.fixed_budget_ms),
        100.0 * day.fixed.utilisation(args.pitches)
    );
    println!(
        "live ends {} earlier than the fixed timetable",
        span(day.fixed.length_ms - day.live.length_ms)
    );
}
