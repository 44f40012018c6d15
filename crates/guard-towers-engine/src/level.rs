//! Playing levels 1–10 for people. Lower levels search shallower and make
//! deliberate, score-aware mistakes: each root move's score gets random noise
//! of the level's size and the best noisy score is played, so a weak level
//! prefers small blunders to big ones. Level 10 is full strength.

use std::fmt;
use std::str::FromStr;

use guard_towers::Position;

use crate::search::Searcher;

/// A playing level, 1 (weakest) to 10 (full strength).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Level(u8);

/// (depth limit, noise in centi-stones) for levels 1–9.
const WEAKER: [(u32, i32); 9] = [
    (1, 300),
    (1, 150),
    (2, 120),
    (2, 60),
    (3, 50),
    (4, 35),
    (5, 20),
    (6, 10),
    (8, 5),
];

impl Level {
    pub const WEAKEST: Level = Level(1);
    pub const STRONGEST: Level = Level(10);

    pub fn new(level: u8) -> Option<Level> {
        (1..=10).contains(&level).then_some(Level(level))
    }

    pub const fn get(self) -> u8 {
        self.0
    }

    fn weaker(self) -> Option<(u32, i32)> {
        WEAKER.get(self.0 as usize - 1).copied()
    }

    pub fn max_depth(self) -> Option<u32> {
        self.weaker().map(|(depth, _)| depth)
    }

    /// Levels are set by depth; nodes cap a runaway quiescence at low levels.
    pub fn max_nodes(self) -> Option<u64> {
        self.weaker().map(|(depth, _)| 20_000 << (2 * depth))
    }

    pub fn noise(self) -> Option<i32> {
        self.weaker().map(|(_, noise)| noise)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Text that is no level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelError(pub String);

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "level '{}' is not a number from 1 to 10", self.0)
    }
}

impl std::error::Error for LevelError {}

impl FromStr for Level {
    type Err = LevelError;

    fn from_str(text: &str) -> Result<Level, LevelError> {
        text.trim()
            .parse()
            .ok()
            .and_then(Level::new)
            .ok_or_else(|| LevelError(text.to_string()))
    }
}

/// SplitMix64 step: the noise must vary with the seed and position only.
fn next_random(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Scores every root move exactly at `depth` and plays the best score after
/// adding uniform noise in ±`noise`.
pub fn imperfect_choice(
    searcher: &mut Searcher,
    position: &Position,
    quiet: u32,
    depth: i32,
    noise: i32,
    seed: u64,
) -> Option<guard_towers::Move> {
    let mut state = seed;
    searcher.root_depth = depth.max(1) as u32;
    let mut best = None;
    for &mv in position.legal_moves().iter() {
        let score = searcher.score_root_move(position, mv, depth, quiet);
        let jitter = (next_random(&mut state) % (2 * noise as u64 + 1)) as i32 - noise;
        if best.is_none_or(|(_, best_score)| score + jitter > best_score) {
            best = Some((mv, score + jitter));
        }
    }
    best.map(|(mv, _)| mv)
}
