//! Where a game stands, whatever its kind. Sent (and stored by the
//! server) as its lower-case name.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
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

/// A name that is no status.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownStatus(pub String);

impl fmt::Display for UnknownStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a status: waiting, active or finished",
            self.0
        )
    }
}

impl std::error::Error for UnknownStatus {}

impl FromStr for Status {
    type Err = UnknownStatus;

    fn from_str(text: &str) -> Result<Status, UnknownStatus> {
        Status::ALL
            .into_iter()
            .find(|status| status.name() == text)
            .ok_or_else(|| UnknownStatus(text.into()))
    }
}
