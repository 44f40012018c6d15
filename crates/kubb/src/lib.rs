//! Koning & Torens, a Kubb variant: both rulesets of `docs/rules/kubb.md`,
//! the match state machine with its pure `apply`, referee events, the
//! community record notation, the event log and the statistics read from
//! a match's events. The simulator is the crate `kubb-sim`.
//!
//! The rules' items ([`Match`], [`Event`], [`Ruleset`] and the types they
//! are made of) are at the crate root; the record formats and the
//! statistics are modules of their own: [`notation`], [`log`], [`stats`].

mod builder;
mod event;
mod field;
mod game;
mod name;
mod queue;
mod ruleset;

pub mod log;
pub mod notation;
pub mod stats;

pub use builder::{BuildError, MatchBuilder};
pub use event::{
    Event, KingContact, Lag, NoSuchPiece, NotAPiece, PieceId, PieceSet, Pieces, StickOutcome,
    TeamInfo,
};
pub use field::{Field, Point, Team};
pub use game::{
    Action, Decision, EndReason, GameEnd, Hit, KingNotYet, Line, Match, Outcome, Phase, Piece,
    RuleError, ToAct,
};
pub use name::{Name, NameError, MAX_NAME_CHARS};
pub use queue::Queue;
pub use ruleset::{
    AdvancedLine, GamesToWin, InkastOrder, KingInStartingThrow, NotGamesToWin, Opening, Ruleset,
    TieBreak, TimeLimit, TournamentSettings, UnknownRuleset, UnknownSetting, STICKS, STICK_LENGTH,
};
