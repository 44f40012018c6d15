//! What every stored game has whatever its kind: the kind itself and where
//! it stands. Stored and sent as their lower-case names.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The game a stored game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Guard & Towers.
    Gt,
    /// Koning & Torens.
    Kubb,
    /// A tournament of either game (`tournament`), stored like a game.
    Tournament,
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// A seat is still free.
    Waiting,
    Active,
    Finished,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Gt => "gt",
            Kind::Kubb => "kubb",
            Kind::Tournament => "tournament",
        }
    }
}

impl Status {
    pub const ALL: [Status; 3] = [Status::Waiting, Status::Active, Status::Finished];

    pub fn name(self) -> &'static str {
        match self {
            Status::Waiting => "waiting",
            Status::Active => "active",
            Status::Finished => "finished",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A stored name that is no kind or status.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a {1}")]
pub struct UnknownName(pub String, pub &'static str);

impl FromStr for Kind {
    type Err = UnknownName;

    fn from_str(text: &str) -> Result<Kind, UnknownName> {
        [Kind::Gt, Kind::Kubb, Kind::Tournament]
            .into_iter()
            .find(|kind| kind.name() == text)
            .ok_or_else(|| UnknownName(text.into(), "game kind (gt, kubb or tournament)"))
    }
}

impl FromStr for Status {
    type Err = UnknownName;

    fn from_str(text: &str) -> Result<Status, UnknownName> {
        Status::ALL
            .into_iter()
            .find(|status| status.name() == text)
            .ok_or_else(|| UnknownName(text.into(), "status: waiting, active or finished"))
    }
}
