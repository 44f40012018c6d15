//! The tournament as a list of typed events, and the file that holds
//! them. Every state, pairing and standing is a fold of these events, so a
//! file (or a server's store) keeps only them.

use serde::{Deserialize, Serialize};

use crate::format::Settings;
use crate::name::Name;
use crate::score::{BaselineKubbs, Score};

/// A pairing as the event records it: first named first, `None` a bye.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairingEntry {
    pub first: Name,
    pub second: Option<Name>,
}

/// A result: the score from the first named's side, and for Kubb the
/// baseline kubbs each felled when the organiser records them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultEntry {
    pub round: u32,
    pub first: Name,
    pub second: Name,
    pub score: Score,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kubbs: Option<BaselineKubbs>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    Created {
        settings: Settings,
    },
    /// Entrants are seeded in the order they are added.
    EntrantAdded {
        name: Name,
    },
    /// A withdrawn entrant is paired no more; a pairing left without an
    /// opponent becomes a bye.
    Withdrawn {
        name: Name,
    },
    RoundPaired {
        round: u32,
        pairings: Vec<PairingEntry>,
    },
    ResultRecorded(ResultEntry),
    /// Replaces the result of a pairing that has one.
    ResultCorrected(ResultEntry),
}

/// The version of the file format this library writes and reads.
pub const FILE_VERSION: u32 = 1;

/// The tournament file: `{"version": 1, "events": [...]}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentFile {
    pub version: u32,
    pub events: Vec<Event>,
}
