//! Where a stored game stands, whatever its kind (the kinds are the
//! registry's: `games`). Stored and sent as its lower-case name.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// A seat is still free.
    Waiting,
    Active,
    Finished,
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

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A stored name that is no kind or status.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a {1}")]
pub struct UnknownName(pub String, pub &'static str);

impl FromStr for Status {
    type Err = UnknownName;

    fn from_str(text: &str) -> Result<Status, UnknownName> {
        Status::ALL
            .into_iter()
            .find(|status| status.name() == text)
            .ok_or_else(|| UnknownName(text.into(), "status: waiting, active or finished"))
    }
}
