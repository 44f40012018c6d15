//! The body of every refusal the HTTP API answers.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `{"error": "…"}`: why a request was refused, in plain words (the
/// rules' own, for a refused move).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = Error)]
pub struct ErrorBody {
    pub error: String,
}
