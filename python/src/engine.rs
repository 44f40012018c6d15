//! `Engine`, `SearchResult` and `Score`: the engine behind a lock, searching
//! with the interpreter's other threads running.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use guard_towers as rules;
use guard_towers::Move;
use guard_towers_engine as engine;
use guard_towers_engine::{Limits, DEFAULT_HASH_MB};
use guard_towers_tablebase::{Table, Tablebase};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

use crate::game::Game;
use crate::position::Position;
use crate::value_error;

/// The Guard & Towers engine at a playing level (1–10; 10 is full
/// strength, with the learned evaluation). Reusable and thread-safe: a
/// search holds the engine, not the interpreter, so other Python threads
/// run meanwhile, and two searches of one engine take turns.
///
/// >>> engine = Engine(level=3, seed=1)
/// >>> result = engine.best(Position(), depth=2)
/// >>> result.move in Position().legal_moves()
/// True
#[pyclass(frozen, module = "guard_towers")]
pub struct Engine {
    engine: Mutex<engine::Engine>,
}

#[pymethods]
impl Engine {
    /// `level` 1–10, search `threads`, the transposition table's size in
    /// MiB, a directory of endgame tables (`towers gt tablebase build`), and
    /// the seed of the lower levels' deliberate mistakes (a fresh one when
    /// absent; the same seed and moves replay the same choices).
    #[new]
    #[pyo3(
        signature = (level = 10, threads = 1, hash_mb = DEFAULT_HASH_MB as i64, tablebase = None, seed = None),
        text_signature = "(level=10, threads=1, hash_mb=16, tablebase=None, seed=None)"
    )]
    fn new(
        level: i64,
        threads: i64,
        hash_mb: i64,
        tablebase: Option<PathBuf>,
        seed: Option<u64>,
    ) -> PyResult<Engine> {
        let mut inner = engine::Engine::new();
        // The options' own ranges and words, as the engine protocol has them.
        inner
            .set_option("Level", &level.to_string())
            .map_err(value_error)?;
        inner
            .set_option("Threads", &threads.to_string())
            .map_err(value_error)?;
        inner
            .set_option("Hash", &hash_mb.to_string())
            .map_err(value_error)?;
        if let Some(dir) = tablebase {
            inner.set_tablebase(Some(load_tables(&dir)?));
        }
        inner.set_seed(seed.unwrap_or_else(fresh_seed));
        Ok(Engine {
            engine: Mutex::new(inner),
        })
    }

    /// The playing level, 1–10.
    #[getter]
    fn level(&self) -> u8 {
        self.lock().level().get()
    }

    /// Searches `position_or_game` (a `Game` brings its history, which the
    /// draw rules need) within the limits given, 1 s without any, and
    /// returns the move to play, its score and the principal variation.
    /// Levels below 10 make their deliberate mistakes here. A finished game
    /// raises `ValueError`.
    #[pyo3(signature = (position_or_game, *, movetime_ms = None, depth = None, nodes = None))]
    fn best(
        &self,
        py: Python<'_>,
        position_or_game: &Bound<'_, PyAny>,
        movetime_ms: Option<u64>,
        depth: Option<u32>,
        nodes: Option<u64>,
    ) -> PyResult<SearchResult> {
        let game = game_of(position_or_game)?;
        let limits = limits(movetime_ms, depth, nodes);
        let result = py.detach(|| self.lock().search(&game, &limits));
        Ok(SearchResult::from(
            result.expect("a game that goes on has a move"),
        ))
    }

    /// The `lines` best moves (at most as many as are legal), best first,
    /// each searched within the limits with the better ones left out. The
    /// search's own judgement at every level: no deliberate mistakes.
    #[pyo3(signature = (position_or_game, lines = 3, *, movetime_ms = None, depth = None, nodes = None))]
    fn analyse(
        &self,
        py: Python<'_>,
        position_or_game: &Bound<'_, PyAny>,
        lines: usize,
        movetime_ms: Option<u64>,
        depth: Option<u32>,
        nodes: Option<u64>,
    ) -> PyResult<Vec<SearchResult>> {
        let game = game_of(position_or_game)?;
        let limits = limits(movetime_ms, depth, nodes);
        let results = py.detach(|| {
            let mut engine = self.lock();
            let mut excluded: Vec<Move> = Vec::new();
            let mut results = Vec::new();
            while results.len() < lines {
                let Some(result) = engine.search_excluding(&game, &limits, &excluded) else {
                    break;
                };
                excluded.push(result.best_move);
                results.push(SearchResult::from(result));
            }
            results
        });
        Ok(results)
    }

    /// Forgets what earlier searches learned, as a new engine with the same
    /// settings would be.
    fn new_game(&self) {
        self.lock().new_game();
    }

    /// Sets an engine option by its protocol name (`docs/engine-protocol.md`),
    /// e.g. `set_option("UseNNUE", "false")`; a refused value raises
    /// `ValueError` and changes nothing.
    fn set_option(&self, name: &str, value: &str) -> PyResult<()> {
        self.lock().set_option(name, value).map_err(value_error)
    }

    fn __repr__(&self) -> String {
        let engine = self.lock();
        format!(
            "Engine(level={}, threads={})",
            engine.level(),
            engine.threads()
        )
    }
}

impl Engine {
    /// The engine; a search that panicked left nothing half-written that a
    /// later search would trust (the table is only a cache).
    fn lock(&self) -> MutexGuard<'_, engine::Engine> {
        self.engine
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// A game to search: a `Game` as it stands, or a `Position` as a new game
/// under the standard rules. A finished one raises `ValueError`.
fn game_of(value: &Bound<'_, PyAny>) -> PyResult<rules::Game> {
    let game = if let Ok(position) = value.cast::<Position>() {
        rules::Game::new(position.get().inner, rules::Rules::STANDARD)
    } else if let Ok(game) = value.cast::<Game>() {
        game.borrow().inner.clone()
    } else {
        return Err(PyTypeError::new_err(format!(
            "expected a Position or a Game, got {}",
            value.get_type().name()?
        )));
    };
    match game.outcome() {
        Some(outcome) => Err(value_error(format!("the game is over ({outcome})"))),
        None => Ok(game),
    }
}

fn limits(movetime_ms: Option<u64>, depth: Option<u32>, nodes: Option<u64>) -> Limits {
    let mut limits = Limits {
        movetime: movetime_ms.map(Duration::from_millis),
        depth,
        nodes,
        ..Limits::default()
    };
    if limits == Limits::default() {
        limits.movetime = Some(Duration::from_millis(1000));
    }
    limits
}

/// Every table (`*.gtb`) in `dir`, as `towers gt … --tablebase DIR` loads
/// them.
fn load_tables(dir: &Path) -> PyResult<Arc<Tablebase>> {
    let unreadable = |error: std::io::Error| {
        pyo3::exceptions::PyOSError::new_err(format!("cannot read {}: {error}", dir.display()))
    };
    let mut tablebase = Tablebase::new();
    for entry in std::fs::read_dir(dir).map_err(unreadable)? {
        let path = entry.map_err(unreadable)?.path();
        if path.extension().is_some_and(|ext| ext == "gtb") {
            let bytes = std::fs::read(&path).map_err(unreadable)?;
            let table = Table::from_bytes(bytes)
                .map_err(|error| value_error(format!("{}: {error}", path.display())))?;
            tablebase.insert(table);
        }
    }
    if tablebase.is_empty() {
        return Err(value_error(format!(
            "{} holds no tables (*.gtb): make them with towers gt tablebase build",
            dir.display()
        )));
    }
    Ok(Arc::new(tablebase))
}

/// A seed for the lower levels' mistakes that differs from engine to engine.
fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    RandomState::new().hash_one(std::time::SystemTime::now())
}

/// A search's answer.
#[pyclass(frozen, module = "guard_towers")]
pub struct SearchResult {
    /// The move to play (`"A7-A6-1"`).
    #[pyo3(get, name = "move")]
    best_move: String,
    #[pyo3(get)]
    score: Score,
    /// The principal variation, starting with `move`.
    #[pyo3(get)]
    pv: Vec<String>,
    /// The depth of the last completed iteration, in plies.
    #[pyo3(get)]
    depth: u32,
    #[pyo3(get)]
    nodes: u64,
    /// The move and score are the endgame tables' (no search was needed).
    #[pyo3(get)]
    tablebase: bool,
}

impl From<engine::SearchResult> for SearchResult {
    fn from(result: engine::SearchResult) -> SearchResult {
        SearchResult {
            best_move: result.best_move.to_string(),
            score: Score(result.score),
            pv: result.pv.iter().map(Move::to_string).collect(),
            depth: result.depth,
            nodes: result.nodes,
            tablebase: result.tablebase,
        }
    }
}

#[pymethods]
impl SearchResult {
    fn __repr__(&self) -> String {
        format!(
            "SearchResult(move='{}', score={}, pv={:?}, depth={})",
            self.best_move,
            self.score.__repr__(),
            self.pv,
            self.depth
        )
    }
}

/// A score from the side to move's view: centi-stones (100 = one tower
/// stone), or a forced win or loss in a number of its own moves.
#[pyclass(frozen, eq, module = "guard_towers")]
#[derive(Clone, Copy, PartialEq)]
pub struct Score(engine::Score);

#[pymethods]
impl Score {
    /// The evaluation in centi-stones; `None` for a forced result.
    #[getter]
    fn centistones(&self) -> Option<i32> {
        match self.0 {
            engine::Score::Centistones(cp) => Some(cp),
            _ => None,
        }
    }

    /// Wins with its n-th move from now; `None` unless a forced win.
    #[getter]
    fn wins_in(&self) -> Option<u32> {
        match self.0 {
            engine::Score::Win(moves) => Some(moves),
            _ => None,
        }
    }

    /// Loses after n moves of its own; `None` unless a forced loss.
    #[getter]
    fn loses_in(&self) -> Option<u32> {
        match self.0 {
            engine::Score::Loss(moves) => Some(moves),
            _ => None,
        }
    }

    /// The protocol's form: `"cp 35"`, `"win 3"` or `"loss 2"`.
    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Score('{}')", self.0)
    }
}
