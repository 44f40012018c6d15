//! A live socket's query (`/api/games/{id}/ws`).

use serde::{Deserialize, Serialize};
use utoipa::IntoParams;

/// Where a reconnecting socket resumes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LiveQuery {
    /// The last event seen: the socket sends the events after it instead
    /// of a snapshot.
    pub after: Option<i64>,
}
