//! Where a stored game stands, whatever its kind (the kinds are the
//! registry's: `games`): the wire's `Status`, stored as its name; and the
//! error of a stored name that is no kind, status or seat.

use api::status::UnknownStatus;

pub use api::Status;

/// A stored name that is no kind or status.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a {1}")]
pub struct UnknownName(pub String, pub &'static str);

impl From<UnknownStatus> for UnknownName {
    fn from(unknown: UnknownStatus) -> UnknownName {
        UnknownName(unknown.0, "status: waiting, active or finished")
    }
}
