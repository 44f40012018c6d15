//! API errors: each a status code and a message in plain words, sent as
//! `{"error": "…"}`; an internal error says only that, and logs its detail.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

use crate::store::StoreError;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{0}")]
    BadRequest(String),
    #[error("this needs a seat token: send 'Authorization: Bearer <token>'")]
    Unauthorized,
    /// A token was sent but is no account's (a bot's stream).
    #[error("{0}")]
    BadToken(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
    /// The rules refused the command, or the body is JSON whose content is
    /// refused (a missing or unknown field, a value out of range).
    #[error("{0}")]
    Refused(String),
    #[error("{0}")]
    PayloadTooLarge(String),
    #[error("too many requests: slow down")]
    TooManyRequests,
    /// More of something open at once than one client may hold.
    #[error("{0}")]
    Limited(String),
    /// The engines are all busy; the answer says when to come back.
    #[error("{0}")]
    Busy(crate::scheduler::Busy),
    /// The game's stored record no longer replays: it is set apart for an
    /// administrator (the detail is for the log).
    #[error("game {id} is set apart: its stored record no longer replays (see `towers admin quarantined`)")]
    Quarantined { id: String, detail: String },
    /// A fault of the server (its detail is for the log, not the client).
    #[error("internal error")]
    Internal(String),
}

impl ApiError {
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized | ApiError::BadToken(_) => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::Refused(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::TooManyRequests | ApiError::Limited(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Busy(_) | ApiError::Quarantined { .. } => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl From<StoreError> for ApiError {
    fn from(error: StoreError) -> ApiError {
        ApiError::Internal(error.to_string())
    }
}

impl From<crate::gt::Refusal> for ApiError {
    fn from(refusal: crate::gt::Refusal) -> ApiError {
        ApiError::Refused(refusal.0)
    }
}

impl From<crate::kubb_match::Refusal> for ApiError {
    fn from(refusal: crate::kubb_match::Refusal) -> ApiError {
        ApiError::Refused(refusal.0)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if let ApiError::Internal(detail) = &self {
            // The detail may quote the database or a stored game: it goes
            // to the log only.
            tracing::error!("internal error: {detail}");
        }
        let mut response =
            (self.status(), Json(json!({ "error": self.to_string() }))).into_response();
        let retry_after = match &self {
            ApiError::Busy(busy) => Some(busy.retry_after.as_secs().max(1)),
            ApiError::TooManyRequests => Some(1),
            _ => None,
        };
        if let Some(seconds) = retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn an_internal_error_tells_the_client_nothing_of_its_detail() {
        let error = ApiError::Internal("database: no such table: secrets".into());
        let response = error.into_response();
        assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
        let body = axum::body::to_bytes(response.into_body(), 1024)
            .await
            .unwrap();
        assert_eq!(&body[..], br#"{"error":"internal error"}"#);
    }
}
