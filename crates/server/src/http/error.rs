//! The service's errors as HTTP answers: each a status code and its
//! message in plain words with its code and particulars, sent as
//! `{"error": "…", "code": "…", "params": {…}}`; an internal error says
//! only that, and logs its detail.

use api::ErrorBody;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

use crate::error::ApiError;

/// The status code of each error.
pub fn status(error: &ApiError) -> StatusCode {
    match error {
        ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
        ApiError::Unauthorized | ApiError::BadToken(_) | ApiError::SignInNeeded(_) => {
            StatusCode::UNAUTHORIZED
        }
        ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
        ApiError::NotFound(_) | ApiError::NoSuchGame { .. } => StatusCode::NOT_FOUND,
        ApiError::Conflict(_) => StatusCode::CONFLICT,
        // Refused by the rules, or JSON whose content is refused.
        ApiError::Refused(_) => StatusCode::UNPROCESSABLE_ENTITY,
        ApiError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
        ApiError::TooManyRequests | ApiError::SignInLimited { .. } | ApiError::Limited(_) => {
            StatusCode::TOO_MANY_REQUESTS
        }
        ApiError::Busy(_) | ApiError::Quarantined { .. } => StatusCode::SERVICE_UNAVAILABLE,
        ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        ApiError::Precise { error, .. } => status(error),
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if let ApiError::Internal(detail) = &self {
            // The detail may quote the database or a stored game: it goes
            // to the log only.
            tracing::error!("internal error: {detail}");
        }
        let mut response = (
            status(&self),
            Json(ErrorBody {
                error: self.to_string(),
                code: self.code().to_string(),
                params: self.params(),
                request_id: super::observe::request_id(),
            }),
        )
            .into_response();
        let retry_after = match &self {
            ApiError::Busy(busy) => Some(busy.retry_after.as_secs().max(1)),
            ApiError::TooManyRequests => Some(1),
            ApiError::SignInLimited { retry_after } => Some(*retry_after),
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
    use serde_json::json;

    use super::*;
    use crate::error::GameRefusal;
    use crate::error::Refusal;

    #[tokio::test]
    async fn an_internal_error_tells_the_client_nothing_of_its_detail() {
        let error = ApiError::Internal("database: no such table: secrets".into());
        let response = error.into_response();
        assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
        let body = axum::body::to_bytes(response.into_body(), 1024)
            .await
            .unwrap();
        assert_eq!(
            &body[..],
            br#"{"error":"internal error","code":"server.internal","params":{}}"#
        );
    }

    #[tokio::test]
    async fn a_rules_refusal_is_422_in_the_rules_own_words() {
        let rules = kubb::RuleError::MatchDrawn;
        let error = ApiError::from(crate::games::kubb::Refusal::from(rules.clone()));
        assert!(matches!(
            &error,
            ApiError::Refused(Refusal::Game(GameRefusal::Kubb(crate::games::kubb::Refusal::Rules(typed)))) if *typed == rules
        ));
        let response = error.into_response();
        assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let body = axum::body::to_bytes(response.into_body(), 1024)
            .await
            .unwrap();
        assert_eq!(
            serde_json::from_slice::<serde_json::Value>(&body).unwrap(),
            json!({ "error": rules.to_string(), "code": "kubb.match-drawn", "params": {} })
        );
    }
}
