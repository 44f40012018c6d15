//! The body of every refusal the HTTP API answers.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `{"error": "…", "request_id": "…"}`: why a request was refused, in
/// plain words (the rules' own, for a refused move), and the request's id
/// as the `X-Request-Id` header and the server's log carry it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = Error)]
pub struct ErrorBody {
    pub error: String,
    /// The id of the request refused, to find it in the server's log.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
}
