//! Koning & Torens, a Kubb variant: both rulesets of `docs/rules/kubb.md`,
//! the match state machine with its pure `apply`, referee events and the
//! community record notation.

pub mod builder;
pub mod event;
pub mod field;
pub mod game;
pub mod name;
pub mod ruleset;

pub use builder::{BuildError, MatchBuilder};
pub use event::{Event, KingContact, Lag, NotAPiece, PieceId, PieceSet, StickOutcome, TeamInfo};
pub use field::{Field, Point, Team};
pub use game::{Action, Decision, Hit, Line, Match, Phase, Piece, RuleError, ToAct};
pub use name::{Name, NameError};
pub use ruleset::{
    GamesToWin, NotGamesToWin, Opening, Ruleset, TieBreak, TimeLimit, TournamentSettings,
    UnknownRuleset, UnknownSetting,
};
pub mod advice;
pub mod calibration;
pub mod log;
pub mod notation;
pub mod queue;
pub mod simulate;
pub mod stats;
pub mod throw;
