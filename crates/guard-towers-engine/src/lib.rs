//! The Guard & Towers engine: search, evaluation and time management behind
//! the [`Engine`] API, which does no I/O. The `towers gt engine` protocol,
//! the CLI and the server are thin adapters over it.

pub mod bench;
mod engine;
mod eval;
mod level;
pub mod nnue;
pub mod options;
pub mod protocol;
pub mod puzzle;
mod score;
mod search;
pub mod study;
mod time;
mod tt;

pub use engine::{default_threads, Engine, Info, SearchResult, DEFAULT_HASH_MB, MAX_THREADS};
pub use eval::{evaluate, evaluate_with, Weights, TUNED};
pub use level::{Level, LevelError};
pub use options::{EngineOption, OptionError, OptionKind, OptionSpec};
pub use score::Score;
pub use search::Features;
pub use time::{Clock, Limits, Pacing, TimePlan};
pub mod tune;
