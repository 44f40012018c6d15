//! `towers gt puzzles`: finds puzzles in finished games (a record file, the
//! server's archive, or the engine's own self-play) and writes them, one
//! JSON line each, as the server's puzzle set reads them.

use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use clap::Args;
use guard_towers::{Game, Position};
use guard_towers_engine::puzzle::{self_play, Puzzle, Settings, Verifier};
use guard_towers_engine::study::StudyRange;
use guard_towers_engine::Level;
use serde::Serialize;

use crate::UsageError;

/// Longest self-play game played out.
const MAX_PLIES: usize = 300;

#[derive(Args)]
pub struct PuzzlesArgs {
    /// Game records (the `towers arena --pgn` and `gt replay` format), or a
    /// log of the course's contest server.
    #[arg(long, conflicts_with_all = ["archive", "self_play"])]
    from: Option<PathBuf>,
    /// The server's database (`sqlite:FILE` or `postgres://…`): its
    /// finished Guard & Towers games.
    #[arg(long, conflicts_with = "self_play")]
    archive: Option<String>,
    /// Play this many engine games (levels 7 to 10, from the arena's
    /// opening set) and look in them.
    #[arg(long)]
    self_play: Option<usize>,
    /// Draw this many endgame studies from the tablebases (--tablebase):
    /// wins of --min-moves to --max-moves proven by the tables.
    #[arg(long, requires = "tablebase", conflicts_with_all = ["from", "archive", "self_play"])]
    studies: Option<usize>,
    /// The tables (`towers gt tablebase build --stones 3`) for --studies.
    #[arg(long, value_name = "DIR")]
    tablebase: Option<PathBuf>,
    /// The weakest level of the self-play games (levels are drawn from it
    /// to 10): weaker sides blunder into forced losses more often.
    #[arg(long, default_value = "7")]
    weakest_level: Level,
    /// Search nodes per move of the self-play games.
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// The first self-play game's seed (games are numbered from it).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Where the puzzles go, one JSON line each (appended: a run can be
    /// resumed with another --seed).
    #[arg(long)]
    out: PathBuf,
    /// Shortest puzzle, in the solver's moves.
    #[arg(long, default_value_t = Settings::default().min_moves)]
    min_moves: u32,
    /// Longest puzzle, in the solver's moves.
    #[arg(long, default_value_t = Settings::default().max_moves)]
    max_moves: u32,
    /// Plies every check searches beyond the longest puzzle's line.
    #[arg(long, default_value_t = Settings::default().margin)]
    margin: u32,
    /// Node budget of one verifying search (one that runs out drops its
    /// candidate).
    #[arg(long, default_value_t = Settings::default().nodes)]
    verify_nodes: u64,
    /// Node budget of the deep searches (no depth limit): no second first
    /// move may win at any length they reach, and a save must hold.
    #[arg(long, default_value_t = Settings::default().deep_nodes)]
    deep_nodes: u64,
    /// Only wins: no saves (the only move that does not lose).
    #[arg(long)]
    no_saves: bool,
    /// Self-play: look for wins with a quick search at every position,
    /// instead of where the game's own searches proved one (the way
    /// before; for measuring the two against each other).
    #[arg(long)]
    quick_search: bool,
    /// Threads (games looked at in parallel).
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Stop once this many puzzles are written.
    #[arg(long)]
    limit: Option<usize>,
}

/// One line of the output: the puzzle and where it came from.
#[derive(Serialize)]
pub struct Line<'a> {
    #[serde(flatten)]
    pub puzzle: &'a Puzzle,
    pub source: String,
}

/// Where games come from: each is made (played or replayed) when a thread
/// takes it.
enum Source {
    Games(Vec<(String, Game)>),
    SelfPlay {
        openings: Vec<Position>,
        first_seed: u64,
        games: usize,
        nodes: u64,
        weakest: Level,
    },
}

impl Source {
    fn len(&self) -> usize {
        match self {
            Source::Games(games) => games.len(),
            Source::SelfPlay { games, .. } => *games,
        }
    }

    /// The game's name, the game, and the plies where its own searches
    /// proved a forced win (self-play only).
    fn game(&self, index: usize, max_moves: u32) -> (String, Game, Option<Vec<usize>>) {
        match self {
            Source::Games(games) => {
                let (name, game) = games[index].clone();
                (name, game, None)
            }
            Source::SelfPlay {
                openings,
                first_seed,
                nodes,
                weakest,
                ..
            } => {
                let seed = first_seed + index as u64;
                let opening = openings[(seed as usize) % openings.len()];
                let (game, proven) =
                    self_play(opening, seed, *nodes, MAX_PLIES, max_moves, *weakest);
                (format!("self-play seed {seed}"), game, Some(proven))
            }
        }
    }
}

pub fn run(args: PuzzlesArgs) -> Result<(), UsageError> {
    if args.min_moves == 0 || args.min_moves > args.max_moves || args.max_moves > 10 {
        return Err(UsageError(
            "--min-moves and --max-moves: 1 <= min <= max <= 10".into(),
        ));
    }
    if let (Some(count), Some(tables)) = (args.studies, &args.tablebase) {
        let range = StudyRange {
            min_plies: 2 * args.min_moves - 1,
            max_plies: 2 * args.max_moves - 1,
        };
        return crate::studies_cli::run(tables, count, range, args.seed, &args.out);
    }
    let settings = Settings {
        min_moves: args.min_moves,
        max_moves: args.max_moves,
        margin: args.margin,
        nodes: args.verify_nodes,
        deep_nodes: args.deep_nodes,
        saves: !args.no_saves,
    };
    let source = if let Some(file) = &args.from {
        Source::Games(games_in_file(file)?)
    } else if let Some(url) = &args.archive {
        Source::Games(games_in_archive(url)?)
    } else if let Some(games) = args.self_play {
        let openings =
            arena::openings::parse_openings(arena::openings::DEFAULT_SET).map_err(UsageError)?;
        Source::SelfPlay {
            openings,
            first_seed: args.seed,
            games,
            nodes: args.nodes,
            weakest: args.weakest_level,
        }
    } else {
        return Err(UsageError(
            "say where the puzzles come from: --from FILE, --archive DB, --self-play N or --studies N --tablebase DIR".into(),
        ));
    };
    let mut seen: HashSet<String> = HashSet::new();
    if let Ok(text) = std::fs::read_to_string(&args.out) {
        for line in text.lines().filter(|line| !line.trim().is_empty()) {
            let puzzle: Puzzle = serde_json::from_str(line).map_err(|e| {
                UsageError(format!(
                    "{} holds a line that is no puzzle: {e}",
                    args.out.display()
                ))
            })?;
            seen.insert(puzzle.position().to_string());
        }
    }
    let out = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.out)
        .map_err(|e| UsageError(format!("cannot write {}: {e}", args.out.display())))?;
    let shared = Mutex::new((out, seen, 0usize));
    let next = AtomicUsize::new(0);
    // Games searched to the end: fewer than the source's when --limit
    // stops early.
    let searched = AtomicUsize::new(0);
    let started = Instant::now();
    let total = source.len();
    let limit = args.limit.unwrap_or(usize::MAX);
    std::thread::scope(|scope| {
        for _ in 0..args.threads.max(1) {
            scope.spawn(|| {
                let mut verifier = Verifier::new(settings);
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= total || shared.lock().expect("no panic").2 >= limit {
                        break;
                    }
                    let (name, game, proven) = source.game(index, settings.max_moves);
                    let proven = proven.filter(|_| !args.quick_search);
                    let found = verifier.find_in_game(&game, proven.as_deref());
                    let mut guard = shared.lock().expect("no panic");
                    let (out, seen, written) = &mut *guard;
                    for (ply, puzzle) in found {
                        if *written >= limit || !seen.insert(puzzle.position().to_string()) {
                            continue;
                        }
                        let line = Line {
                            puzzle: &puzzle,
                            source: format!("{name}, ply {ply}"),
                        };
                        let text = serde_json::to_string(&line).expect("a puzzle serialises");
                        if writeln!(out, "{text}").and_then(|_| out.flush()).is_err() {
                            eprintln!("cannot write {}", args.out.display());
                            std::process::exit(1);
                        }
                        *written += 1;
                    }
                    searched.fetch_add(1, Ordering::Relaxed);
                    eprintln!(
                        "game {}/{total}: {} puzzles, {:.0} s",
                        index + 1,
                        written,
                        started.elapsed().as_secs_f64()
                    );
                }
            });
        }
    });
    let written = shared.into_inner().expect("no panic").2;
    eprintln!(
        "{written} puzzles from {} of {total} games in {:.0} s",
        searched.into_inner(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn games_in_file(file: &Path) -> Result<Vec<(String, Game)>, UsageError> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| UsageError(format!("cannot read {}: {e}", file.display())))?;
    if guard_towers::contest_log::is_contest_log(&text) {
        let log: guard_towers::contest_log::ContestLog = text
            .parse()
            .map_err(|e| UsageError(format!("invalid contest log {}: {e}", file.display())))?;
        return Ok(vec![(file.display().to_string(), log.game().clone())]);
    }
    let records = guard_towers::record::parse_records(&text)
        .map_err(|e| UsageError(format!("invalid record {}: {e}", file.display())))?;
    Ok(records
        .iter()
        .enumerate()
        .map(|(index, record)| {
            (
                format!("{} game {}", file.display(), index + 1),
                record.replay(),
            )
        })
        .collect())
}

fn games_in_archive(url: &str) -> Result<Vec<(String, Game)>, UsageError> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| UsageError(format!("cannot start: {e}")))?;
    let records = runtime
        .block_on(server::archive::finished_gt_records(url))
        .map_err(|e| UsageError(e.to_string()))?;
    Ok(records
        .into_iter()
        .map(|(id, record)| (format!("archive game {id}"), record.replay()))
        .collect())
}
