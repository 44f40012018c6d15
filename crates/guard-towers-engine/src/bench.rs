//! A fixed search workload (as with Stockfish's `bench`): fixed positions
//! searched to a fixed depth by one engine with default settings, its table
//! cleared before each position as for a new game (so each is searched as
//! by a new engine, without paying for a new table's memory each time). Its
//! node total is a signature of the search: a change that claims not to
//! alter the search must leave it unchanged. The signature is pinned in
//! `bench-signature.txt` and checked by the crate's tests; `towers gt bench`
//! runs it and prints the total and the speed. Engine options can change
//! the workload (`towers gt bench --option Pruning=false`), to compare
//! the speed of trees of another shape; the signature is the defaults'.

use std::time::{Duration, Instant};

use guard_towers::{Game, Position, Rules};

use crate::engine::Engine;
use crate::options::OptionError;
use crate::time::Limits;

/// The depth the signature is taken at (`towers gt bench` without a depth).
pub const DEPTH: u32 = 13;

/// Start, the rule book's perft positions and course-suite positions: a mix
/// of openings, middle games with tall towers, and endgames.
pub const POSITIONS: [&str; 12] = [
    "r1r11RG1r1r1/2r11r12/3r13/7/3b13/2b11b12/b1b11BG1b1b1 r",
    "3RG3/1r25/7/3r3b42/1b1BG4/4b12/7 r",
    "3RG1r11/3r33/r23r12/7/b32b33/7/3BG2b1 b",
    "r1r11RG3/6r1/3r11r21/7/3b23/1b15/b12BG1b1b1 b",
    "7/7/7/1r21RG3/2r1r13/2BGb43/7 b",
    "7/2r4RG3/3r13/7/7/2b11b32/1b21BG3 b",
    "3RG3/r14r11/2r34/7/7/2b12b11/1b11BG3 r",
    "7/2r14/3b11RG1/3r13/7/2b11b12/3BG3 b",
    "3RG3/r11r11r11r1/1r11r11r11/7/1b11b11b11/b11b11b11b1/3BG3 r",
    "r1r11RG1r1r1/2r11r12/7/3r13/3b13/2b11b12/b1b11BG1b1b1 r",
    "RG6/3b3r32/3r21b21/7/4r22/7/6BG r",
    "2RG4/5b21/4r22/3r23/2BG2b21/1r25/r16 b",
];

/// What a bench run measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bench {
    /// Nodes searched over all positions: the signature at [`DEPTH`].
    pub nodes: u64,
    /// The whole run, engine set-up included.
    pub time: Duration,
}

impl Bench {
    pub fn nodes_per_second(&self) -> u64 {
        (self.nodes as f64 / self.time.as_secs_f64().max(1e-9)) as u64
    }
}

/// Searches every bench position to `depth`, reporting each position's
/// nodes to `on_position` as it is done. The engine has default settings
/// changed by `options`, each a name and value as the protocol's
/// `setoption` takes them (`[("Pruning", "false")]`); the signature is the
/// node total without options. A refused option refuses the run before any
/// search.
///
/// ```
/// use guard_towers_engine::bench;
///
/// let default = bench::run(3, &[], &mut |_, _| {}).unwrap();
/// let unpruned = bench::run(3, &[("Pruning", "false")], &mut |_, _| {}).unwrap();
/// assert!(unpruned.nodes >= default.nodes);
/// assert!(bench::run(3, &[("Pruning", "maybe")], &mut |_, _| {}).is_err());
/// ```
pub fn run(
    depth: u32,
    options: &[(&str, &str)],
    on_position: &mut dyn FnMut(&str, u64),
) -> Result<Bench, OptionError> {
    let started = Instant::now();
    let mut nodes = 0;
    let mut engine = Engine::new();
    for (name, value) in options {
        engine.set_option(name, value)?;
    }
    for text in POSITIONS {
        let position: Position = text.parse().expect("bench positions are valid");
        engine.new_game();
        let game = Game::new(position, Rules::STANDARD);
        let result = engine.search(&game, &Limits::depth(depth));
        let position_nodes = result.map_or(0, |r| r.nodes);
        on_position(text, position_nodes);
        nodes += position_nodes;
    }
    Ok(Bench {
        nodes,
        time: started.elapsed(),
    })
}
