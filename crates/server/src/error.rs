//! What the game service refuses or fails with, typed: the adapters
//! answer each in their own terms (HTTP: `http/error.rs`, a status code
//! and `{"error": "…"}`; the course port and the live socket: the text).
//! An internal error's detail is for the log only. Each has a stable code
//! with its particulars ([`ApiError::code`], [`ApiError::params`]): the
//! rules libraries' own for their refusals, the service's
//! ([`api::Code`]) for the rest.

use api::Code;
use serde_json::{Map, Value};

use crate::games::kinds::{registry, Kind};
use crate::store::StoreError;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// A request that cannot be read (a query string, a path, text that
    /// is no JSON).
    #[error("{0}")]
    BadRequest(String),
    #[error("this needs a seat token: send 'Authorization: Bearer <token>'")]
    Unauthorized,
    /// A token was sent but is no account's (a bot's stream).
    #[error("{0}")]
    BadToken(String),
    /// The request acts for an account and no one is signed in.
    #[error("{0}")]
    SignInNeeded(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    /// No game has the id.
    #[error("no game '{id}'")]
    NoSuchGame { id: String },
    #[error("{0}")]
    Conflict(String),
    /// The rules or the service refused the command, or the request's
    /// content (see [`Refusal`]).
    #[error("{0}")]
    Refused(Refusal),
    #[error("{0}")]
    PayloadTooLarge(String),
    #[error("too many requests: slow down")]
    TooManyRequests,
    /// Too many failed sign-ins for an account or from a client.
    #[error("too many failed sign-ins: try again in {retry_after} s")]
    SignInLimited { retry_after: u64 },
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
    /// A refusal with a code more precise than its kind's: the words and
    /// status of `error`, the code and particulars its own
    /// ([`ApiError::precisely`]).
    #[error("{error}")]
    Precise {
        error: Box<ApiError>,
        code: Code,
        params: Map<String, Value>,
    },
}

/// What was refused, by whom: a game's own refusal (by kind: its rules
/// library's typed error inside, or the game's checks), an event of the
/// wrong kind, or the content of a request (JSON data the types refuse, a
/// name, a position or setting out of range), in plain words.
#[derive(Debug, thiserror::Error)]
pub enum Refusal {
    #[error("{0}")]
    Game(#[from] GameRefusal),
    #[error("not an event of a {0} game")]
    WrongKind(Kind),
    #[error("{0}")]
    Request(String),
}

/// Makes, from the registry, the refusals by kind and their conversions.
macro_rules! refusals {
    ($($(#[$doc:meta])* $kind:ident($name:literal, $sides:expr) => $module:ident,)+) => {
        /// What a game refused, by kind, in its own words (its rules
        /// library's typed error inside).
        #[derive(Debug, thiserror::Error)]
        pub enum GameRefusal {
            $(#[error("{0}")] $kind(crate::games::$module::Refusal),)+
        }

        impl GameRefusal {
            /// The code its kind gives it.
            pub fn code(&self) -> &'static str {
                match self {
                    $(GameRefusal::$kind(refusal) => refusal.code(),)+
                }
            }

            pub fn params(&self) -> Map<String, Value> {
                match self {
                    $(GameRefusal::$kind(refusal) => refusal.params(),)+
                }
            }
        }

        $(
            impl From<crate::games::$module::Refusal> for Refusal {
                fn from(refusal: crate::games::$module::Refusal) -> Refusal {
                    Refusal::Game(GameRefusal::$kind(refusal))
                }
            }

            impl From<crate::games::$module::Refusal> for ApiError {
                fn from(refusal: crate::games::$module::Refusal) -> ApiError {
                    ApiError::Refused(refusal.into())
                }
            }
        )+
    };
}

registry!(refusals);

impl ApiError {
    /// The request's content refused, in plain words.
    pub fn refused(message: impl Into<String>) -> ApiError {
        ApiError::Refused(Refusal::Request(message.into()))
    }

    /// This refusal, said as `code` with its particulars, so a page says
    /// it in its reader's language rather than the generic code's English
    /// `reason`.
    pub fn precisely(self, code: Code, params: Map<String, Value>) -> ApiError {
        ApiError::Precise {
            error: Box::new(self),
            code,
            params,
        }
    }
}

impl Refusal {
    pub fn code(&self) -> &'static str {
        match self {
            Refusal::Game(refusal) => refusal.code(),
            Refusal::WrongKind(_) => Code::GameWrongKind.as_str(),
            Refusal::Request(_) => Code::RequestRefused.as_str(),
        }
    }

    pub fn params(&self) -> Map<String, Value> {
        match self {
            Refusal::Game(refusal) => refusal.params(),
            Refusal::WrongKind(kind) => with("kind", kind.to_string()),
            Refusal::Request(why) => with("reason", why.clone()),
        }
    }
}

/// Parameters of one, a text.
pub fn with(key: &str, value: impl Into<Value>) -> Map<String, Value> {
    Map::from_iter([(key.to_string(), value.into())])
}

impl ApiError {
    /// The stable, machine-readable code of the refusal or failure (one
    /// of [`api::codes`]).
    pub fn code(&self) -> &'static str {
        let code = match self {
            ApiError::Refused(refusal) => return refusal.code(),
            ApiError::Precise { code, .. } => *code,
            ApiError::BadRequest(_) => Code::RequestMalformed,
            ApiError::Unauthorized => Code::AuthSeatTokenNeeded,
            ApiError::BadToken(_) => Code::AuthBadToken,
            ApiError::SignInNeeded(_) => Code::AuthSignInNeeded,
            ApiError::Forbidden(_) => Code::AuthForbidden,
            ApiError::NotFound(_) => Code::RequestNotFound,
            ApiError::NoSuchGame { .. } => Code::GameNotFound,
            ApiError::Conflict(_) => Code::RequestConflict,
            ApiError::PayloadTooLarge(_) => Code::RequestTooLarge,
            ApiError::TooManyRequests => Code::RequestRateLimited,
            ApiError::SignInLimited { .. } => Code::AuthSignInLimited,
            ApiError::Limited(_) => Code::RequestLimited,
            ApiError::Busy(_) => Code::RequestBusy,
            ApiError::Quarantined { .. } => Code::GameSetApart,
            ApiError::Internal(_) => Code::ServerInternal,
        };
        code.as_str()
    }

    /// The particulars the code's message names. A refusal in words only
    /// (the generic codes) passes them as `reason`, in English; an
    /// internal error's detail never leaves the server.
    pub fn params(&self) -> Map<String, Value> {
        match self {
            ApiError::Refused(refusal) => refusal.params(),
            ApiError::Precise { params, .. } => params.clone(),
            ApiError::BadRequest(why)
            | ApiError::BadToken(why)
            | ApiError::SignInNeeded(why)
            | ApiError::Forbidden(why)
            | ApiError::NotFound(why)
            | ApiError::Conflict(why)
            | ApiError::PayloadTooLarge(why)
            | ApiError::Limited(why) => with("reason", why.clone()),
            ApiError::NoSuchGame { id } | ApiError::Quarantined { id, .. } => {
                with("id", id.clone())
            }
            ApiError::SignInLimited { retry_after } => with("retry_after", *retry_after),
            ApiError::Busy(busy) => with("retry_after", busy.retry_after.as_secs()),
            ApiError::Unauthorized | ApiError::TooManyRequests | ApiError::Internal(_) => {
                Map::new()
            }
        }
    }
}

impl From<StoreError> for ApiError {
    fn from(error: StoreError) -> ApiError {
        ApiError::Internal(error.to_string())
    }
}

impl From<Refusal> for ApiError {
    fn from(refusal: Refusal) -> ApiError {
        ApiError::Refused(refusal)
    }
}
