//! The engine API: no I/O; protocol, CLI and server are adapters over it.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use guard_towers::{Game, Move, Position};
use guard_towers_tablebase::{Tablebase, Verdict};

use crate::eval::{Evaluator, Weights};
use crate::level::Level;
use crate::nnue::Network;
use crate::options::{EngineOption, OptionError};
use crate::score::{Score, INFINITY, MATE, MATE_BOUND};
use crate::search::{Features, Frame, Searcher, MAX_PLY};
use crate::time::{Limits, Pacing, TimePlan};
use crate::tt::TranspositionTable;

/// Half-width of the first aspiration window, in centi-stones.
const ASPIRATION_WINDOW: i32 = 30;

/// Default transposition table size in MiB.
pub const DEFAULT_HASH_MB: usize = 16;

/// Whether an engine evaluates with the network ([`crate::nnue`]) unless
/// told otherwise (`UseNNUE`): yes, since it won its SPRT against the
/// hand-written evaluation (+232 ± 65 Elo at 100 ms a move, `docs/nnue.md`).
pub const DEFAULT_USE_NNUE: bool = true;

/// Most search threads an engine runs (the `Threads` option's maximum).
pub const MAX_THREADS: usize = 64;

/// The default number of search threads: the cores this machine offers.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_THREADS))
}

/// Progress of a search, reported after every completed iteration.
#[derive(Clone, Debug, PartialEq)]
pub struct Info {
    pub depth: u32,
    pub seldepth: u32,
    pub score: Score,
    pub nodes: u64,
    pub nps: u64,
    pub time: Duration,
    pub pv: Vec<Move>,
    /// The score is the endgame tables' (no search was needed).
    pub tablebase: bool,
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    pub best_move: Move,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<Move>,
    /// The move and score are the endgame tables' (no search was needed).
    pub tablebase: bool,
}

/// A Guard & Towers engine with its transposition table and settings.
///
/// A host playing games uses one engine per game (per engine side of it):
///
/// 1. [`Engine::new`], then the settings ([`Engine::set_level`], or by name
///    with [`Engine::set_option`] from the [`EngineOption`] table);
/// 2. [`Engine::set_seed`] once with the game's seed;
/// 3. [`Engine::new_game`] at the start of the game;
/// 4. [`Engine::search`] (or [`Engine::go`]) on the game for each of the
///    engine's moves.
///
/// The table then carries what earlier moves of the game learned. Levels
/// below 10 make deliberate mistakes drawn from the seed and the position
/// searched, so they differ from move to move and, with another seed, from
/// game to game, while the same seed, moves and settings replay the same
/// game, as long as the level's depth and not a clock ends each search. An
/// engine may be reused for the next game: `new_game` (and a new seed) make
/// it play as a new engine would.
///
/// ```
/// use guard_towers::{Game, Position, Rules};
/// use guard_towers_engine::{Engine, Level, Limits};
///
/// let mut engine = Engine::new();
/// engine.set_level(Level::new(3).unwrap());
/// engine.set_seed(20_261_201);
/// engine.new_game();
/// let mut game = Game::new(Position::start(), Rules::STANDARD);
/// for _ in 0..4 {
///     let result = engine.search(&game, &Limits::movetime(100)).unwrap();
///     game.play(result.best_move).unwrap();
/// }
/// ```
pub struct Engine {
    tt: TranspositionTable,
    weights: Weights,
    level: Level,
    /// Varies the deliberate mistakes of the lower levels between games.
    seed: u64,
    features: Features,
    /// Endgame tables, shared between engines (they can be large).
    tablebase: Option<Arc<Tablebase>>,
    /// Search threads (Lazy SMP over the one table).
    threads: usize,
    /// Evaluate with the embedded network instead of `weights`.
    use_network: bool,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}

impl Engine {
    pub fn new() -> Engine {
        Engine {
            tt: TranspositionTable::new(DEFAULT_HASH_MB),
            weights: Weights::default(),
            level: Level::STRONGEST,
            seed: 0,
            features: Features::default(),
            tablebase: None,
            threads: default_threads(),
            use_network: DEFAULT_USE_NNUE,
        }
    }

    /// Endgame tables to probe in search and at the root (`None`: none).
    /// Positions with at most [`Tablebase::stones`] stones are then scored
    /// by the tables where the game's rules allow (see
    /// [`Tablebase::probe_under`]); without tables the search is unchanged.
    pub fn set_tablebase(&mut self, tablebase: Option<Arc<Tablebase>>) {
        self.tablebase = tablebase.filter(|tablebase| !tablebase.is_empty());
    }

    pub fn tablebase(&self) -> Option<&Arc<Tablebase>> {
        self.tablebase.as_ref()
    }

    pub fn set_hash_mb(&mut self, megabytes: usize) {
        self.tt = TranspositionTable::new(megabytes);
    }

    /// Search threads, 1 to [`MAX_THREADS`]: the main thread and helpers
    /// sharing the transposition table (Lazy SMP). Helpers only join
    /// searches that time or a stop ends (see [`Engine::go`]).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, MAX_THREADS);
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    pub fn set_level(&mut self, level: Level) {
        self.level = level;
    }

    pub fn level(&self) -> Level {
        self.level
    }

    /// The hand-written evaluation's weights (and switches the network off).
    pub fn set_weights(&mut self, weights: Weights) {
        self.weights = weights;
        self.use_network = false;
    }

    /// Evaluate with the embedded network (`true`) or the hand-written
    /// terms, at level 10 (lower levels always use the hand-written terms).
    pub fn set_use_network(&mut self, use_network: bool) {
        self.use_network = use_network;
    }

    pub fn uses_network(&self) -> bool {
        self.use_network
    }

    /// The network at full strength; the lower levels keep the
    /// hand-written evaluation that their Elo table (`docs/levels.md`) was
    /// measured with, so the table stays true.
    fn evaluator(&self) -> Evaluator<'_> {
        if self.use_network && self.level == Level::STRONGEST {
            Evaluator::Network(Network::embedded())
        } else {
            Evaluator::Classic(&self.weights)
        }
    }

    pub fn set_features(&mut self, features: Features) {
        self.features = features;
    }

    pub fn features(&self) -> Features {
        self.features
    }

    /// The seed of the lower levels' mistakes: the game's, set once per
    /// game. It is kept by [`Engine::new_game`].
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
    }

    /// Sets an option of the [`EngineOption`] table by its name (in any
    /// case) and textual value, as the protocol's `setoption` does. A refused
    /// value leaves the engine as it was.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let option = EngineOption::named(name).ok_or_else(|| OptionError::Unknown {
            name: name.to_string(),
        })?;
        let spec = option.spec();
        match option {
            // The spin ranges of the table make these conversions exact.
            EngineOption::Hash => self.set_hash_mb(spec.spin(value)? as usize),
            EngineOption::Level => {
                let level = Level::new(spec.spin(value)? as u8);
                self.set_level(level.expect("the Level range is the levels"));
            }
            EngineOption::NullMove => self.features.null_move = spec.check(value)?,
            EngineOption::LateMoveReductions => {
                self.features.late_move_reductions = spec.check(value)?
            }
            EngineOption::Pruning => self.features.pruning = spec.check(value)?,
            EngineOption::Seed => self.set_seed(spec.spin(value)? as u64),
            EngineOption::Threads => self.set_threads(spec.spin(value)? as usize),
            EngineOption::UseNnue => self.set_use_network(spec.check(value)?),
            // The engine reads no files: the host loads the tables and
            // hands them over with `set_tablebase`; only "none" is ours.
            EngineOption::TablebasePath if value.trim().is_empty() => self.set_tablebase(None),
            EngineOption::TablebasePath => return Err(OptionError::ForTheHost { name: spec.name }),
        }
        Ok(())
    }

    /// Forgets everything learned in earlier games (the transposition
    /// table), so that the next game is played as by a new engine with the
    /// same settings and seed.
    pub fn new_game(&mut self) {
        self.tt.clear();
    }

    /// [`Engine::go`] without a stop flag or progress reports: for callers
    /// that only want the answer within `limits`.
    pub fn search(&mut self, game: &Game, limits: &Limits) -> Option<SearchResult> {
        self.go(game, limits, &AtomicBool::new(false), &mut |_| {})
    }

    /// Searches the current position of `game` within `limits` (and the
    /// level's), until `stop` is raised. `None` when the game is over.
    ///
    /// With more than one thread ([`Engine::set_threads`]) a search that
    /// time or `stop` ends runs helper threads over the shared table; one
    /// bounded by depth or nodes, and a level below 10's, stays on one
    /// thread, so that it replays exactly.
    pub fn go(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info),
    ) -> Option<SearchResult> {
        self.go_excluding(game, limits, &[], stop, on_info)
    }

    /// [`Engine::search`] with the moves of `excluded` left out at the root:
    /// what the best of the other moves is worth ("is there a second
    /// winning move?", as the puzzle verifier asks). `None` when the game is
    /// over or every legal move is excluded. The levels' deliberate mistakes
    /// are not made here: the answer is the search's own.
    pub fn search_excluding(
        &mut self,
        game: &Game,
        limits: &Limits,
        excluded: &[Move],
    ) -> Option<SearchResult> {
        self.go_excluding(game, limits, excluded, &AtomicBool::new(false), &mut |_| {})
    }

    fn go_excluding(
        &mut self,
        game: &Game,
        limits: &Limits,
        excluded: &[Move],
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info),
    ) -> Option<SearchResult> {
        if game.outcome().is_some() {
            return None;
        }
        let position = *game.position();
        let moves = position.legal_moves();
        if moves.iter().all(|mv| excluded.contains(mv)) {
            return None;
        }
        let started = Instant::now();
        if let Some(&winning) = moves
            .iter()
            .find(|&&mv| position.is_winning_move(mv) && !excluded.contains(&mv))
        {
            let result = SearchResult {
                best_move: winning,
                score: Score::Win(1),
                depth: 1,
                nodes: 1,
                pv: vec![winning],
                tablebase: false,
            };
            on_info(&info_of(&result, 1, started.elapsed()));
            return Some(result);
        }
        // The tables name one best move; left out, the search finds the
        // best of the others (probing the tables below the root).
        let from_tables = self
            .tablebase_answer(game)
            .filter(|result| !excluded.contains(&result.best_move));
        if let Some(result) = from_tables {
            on_info(&info_of(&result, 1, started.elapsed()));
            return Some(result);
        }
        self.tt.new_search();
        let plan = limits.time_plan();
        let max_depth = limits
            .depth
            .into_iter()
            .chain(self.level.max_depth())
            .min()
            .unwrap_or(MAX_PLY as u32 - 1)
            .clamp(1, MAX_PLY as u32 - 1);
        let root = Root {
            position,
            frame: Frame {
                ply: 0,
                quiet: game.quiet_plies(),
            },
            max_depth,
            moves: moves.len(),
        };
        let helper_nodes = AtomicU64::new(0);
        let helpers_stop = AtomicBool::new(false);
        let history = game_hashes(game);
        let (result, nodes) = std::thread::scope(|scope| {
            for helper in 1..=self.helper_threads(limits) {
                let mut searcher = self.searcher(game, &helpers_stop, &history, excluded, started);
                let (root, helper_nodes) = (&root, &helper_nodes);
                scope.spawn(move || help(&mut searcher, root, helper, helper_nodes));
            }
            let mut searcher = self.searcher(game, stop, &history, excluded, started);
            searcher.hard_limit = plan.hard;
            searcher.node_limit = limits.nodes.into_iter().chain(self.level.max_nodes()).min();
            let result = deepen(&mut searcher, &root, plan, &helper_nodes, on_info);
            // The helpers' work is only worth what the main thread found.
            helpers_stop.store(true, Ordering::Relaxed);
            (result, searcher.nodes)
        });
        let nodes = nodes + helper_nodes.load(Ordering::Relaxed);
        let mut result = result.unwrap_or_else(|| fallback(&position, nodes));
        result.nodes = nodes;
        // A level's deliberate mistakes are never made against a win the
        // search has proven: re-scored one ply shallower, that win cannot
        // be seen, and a weak level would throw it away again and again (a
        // game under course rules, without draw rules, then never ends).
        let proven_win = matches!(result.score, Score::Win(_));
        if let Some(noise) = self
            .level
            .noise()
            .filter(|_| excluded.is_empty() && !proven_win)
        {
            let seed = self.seed ^ position.hash();
            let depth = result.depth.saturating_sub(1) as i32;
            let mut searcher =
                Searcher::new(&self.tt, self.evaluator(), game.rules(), stop, history);
            // The mistake is chosen within the move's time too: re-scoring
            // every root move can take longer than the search itself.
            searcher.started = started;
            searcher.hard_limit = plan.hard;
            let choice = crate::level::imperfect_choice(
                &mut searcher,
                &position,
                game.quiet_plies(),
                depth,
                noise,
                seed,
            );
            // Out of time, the scores are partial: the search's move stands.
            if !searcher.aborted {
                result.best_move = choice.unwrap_or(result.best_move);
                result.pv = vec![result.best_move];
            }
        }
        Some(result)
    }
}

impl Engine {
    /// The tables' move and score for the game's position, when its
    /// material is in them and the rules let them answer. The level's
    /// deliberate mistakes do not apply: the tables are consulted only by
    /// choice (`TablebasePath`).
    fn tablebase_answer(&self, game: &Game) -> Option<SearchResult> {
        let tablebase = self.tablebase.as_deref()?;
        let position = game.position();
        if stones(position) > tablebase.stones() {
            return None;
        }
        let (best_move, verdict) =
            tablebase.best_move(position, game.rules(), game.quiet_plies())?;
        let score = match verdict {
            Verdict::Win { plies } => Score::Win(plies.div_ceil(2)),
            Verdict::Loss { plies } => Score::Loss(plies / 2),
            Verdict::Draw => Score::Centistones(0),
        };
        Some(SearchResult {
            best_move,
            score,
            depth: 1,
            nodes: 1,
            pv: vec![best_move],
            tablebase: true,
        })
    }
}

impl Engine {
    /// Threads besides the main one for a search within `limits`. A search
    /// bounded by depth or nodes, and a lower level's, runs on one thread:
    /// with helpers its result would depend on the threads' timing, and
    /// those searches promise to replay exactly (tests, the bench, puzzle
    /// proofs, a level's game with its seed).
    fn helper_threads(&self, limits: &Limits) -> usize {
        let replayable =
            limits.depth.is_some() || limits.nodes.is_some() || self.level.noise().is_some();
        if replayable {
            0
        } else {
            self.threads - 1
        }
    }

    /// A searcher of `game`'s position over the shared table.
    fn searcher<'s>(
        &'s self,
        game: &Game,
        stop: &'s AtomicBool,
        history: &[u64],
        excluded: &[Move],
        started: Instant,
    ) -> Searcher<'s> {
        let mut searcher = Searcher::new(
            &self.tt,
            self.evaluator(),
            game.rules(),
            stop,
            history.to_vec(),
        );
        searcher.tablebase = self
            .tablebase
            .as_deref()
            .map(|tablebase| (tablebase, tablebase.stones()));
        searcher.started = started;
        searcher.features = self.features;
        searcher.excluded = excluded.to_vec();
        searcher
    }
}

/// The position a search starts from, and how deep it may go.
struct Root {
    position: Position,
    frame: Frame,
    max_depth: u32,
    /// Legal moves at the root (one: the answer needs no thought).
    moves: usize,
}

/// The main thread's iterative deepening: the answer and its progress
/// reports (whose node counts include the helpers' so far).
fn deepen(
    searcher: &mut Searcher,
    root: &Root,
    plan: TimePlan,
    helper_nodes: &AtomicU64,
    on_info: &mut dyn FnMut(&Info),
) -> Option<SearchResult> {
    let mut result: Option<SearchResult> = None;
    let mut previous: i32 = 0;
    let mut pacing = Pacing::new(plan);
    for depth in 1..=root.max_depth {
        let score = aspirate(searcher, root, depth, previous);
        previous = score;
        // The first iteration always completes, so there is always a
        // move. A stopped one counts when a root move was searched to
        // the end in it and raised the bound: the best of the moves
        // searched at this depth, the last best first among them.
        let score = if searcher.aborted && result.is_some() {
            match searcher.root_score {
                Some(partial) => partial,
                None => break,
            }
        } else {
            score
        };
        let pv = searcher.principal_variation().to_vec();
        let Some(&best_move) = pv.first() else { break };
        let completed = SearchResult {
            best_move,
            score: Score::from_internal(score),
            depth,
            nodes: searcher.nodes + helper_nodes.load(Ordering::Relaxed),
            pv,
            tablebase: false,
        };
        on_info(&info_of(
            &completed,
            searcher.seldepth as u32,
            searcher.started.elapsed(),
        ));
        result = Some(completed);
        pacing.completed(best_move, score);
        let decided = score.abs() >= MATE - depth as i32 || root.moves == 1;
        let late = pacing
            .soft_limit()
            .is_some_and(|soft| searcher.started.elapsed() >= soft);
        if searcher.aborted || decided || late {
            break;
        }
    }
    result
}

/// A helper thread of Lazy SMP: the same iterative deepening, its results
/// shared with the main thread only through the table. Every other helper
/// starts a ply deeper, so that the threads spread over two depths instead
/// of all searching the same tree; their own move-ordering histories make
/// the rest of the difference. It runs until its stop flag, raised when the
/// main thread has its answer.
fn help(searcher: &mut Searcher, root: &Root, helper: usize, nodes: &AtomicU64) {
    let mut previous = 0;
    let mut counted = 0;
    for depth in (1 + helper as u32 % 2)..=root.max_depth {
        previous = aspirate(searcher, root, depth, previous);
        nodes.fetch_add(searcher.nodes - counted, Ordering::Relaxed);
        counted = searcher.nodes;
        if searcher.aborted {
            return;
        }
    }
}

/// One iteration at `depth`: a window around the last score, widened on the
/// side that fails until the score falls inside it (or the search stops).
fn aspirate(searcher: &mut Searcher, root: &Root, depth: u32, previous: i32) -> i32 {
    searcher.root_depth = depth;
    searcher.seldepth = 0;
    let mut window = ASPIRATION_WINDOW;
    let narrow = depth >= 4 && previous.abs() < MATE_BOUND;
    let (mut alpha, mut beta) = if narrow {
        (previous - window, previous + window)
    } else {
        (-INFINITY, INFINITY)
    };
    loop {
        let score = searcher.search(&root.position, depth as i32, alpha, beta, root.frame, false);
        if searcher.aborted {
            return score;
        }
        window *= 2;
        if score <= alpha {
            alpha = (score - window).max(-INFINITY);
        } else if score >= beta {
            beta = (score + window).min(INFINITY);
        } else {
            return score;
        }
    }
}

/// Tower stones of both colours.
pub(crate) fn stones(position: &Position) -> u32 {
    position.stones(guard_towers::Color::Red) + position.stones(guard_towers::Color::Blue)
}

/// Hashes of the game's positions before the current one, since the last
/// capture (earlier ones cannot recur).
fn game_hashes(game: &Game) -> Vec<u64> {
    let positions = game.positions();
    let recent = positions
        .len()
        .saturating_sub(game.quiet_plies() as usize + 1);
    positions[recent..positions.len() - 1]
        .iter()
        .map(Position::hash)
        .collect()
}

/// Only reached when even depth 1 produced no line (cannot happen with legal
/// moves, kept so a move is always returned).
fn fallback(position: &Position, nodes: u64) -> SearchResult {
    let best_move = position.legal_moves()[0];
    SearchResult {
        best_move,
        score: Score::Centistones(0),
        depth: 0,
        nodes,
        pv: vec![best_move],
        tablebase: false,
    }
}

fn info_of(result: &SearchResult, seldepth: u32, time: Duration) -> Info {
    let micros = time.as_micros().max(1) as u64;
    Info {
        depth: result.depth,
        seldepth: seldepth.max(result.depth),
        score: result.score,
        nodes: result.nodes,
        nps: result.nodes * 1_000_000 / micros,
        time,
        pv: result.pv.clone(),
        tablebase: result.tablebase,
    }
}
