//! Accounts, sessions and passkeys: who is who on the server.
//!
//! A signed-in browser holds a session cookie (`towers_session`,
//! `HttpOnly; SameSite=Lax`); these are the bodies of the routes that open,
//! show and end sessions and manage an account's passkeys and bots.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `POST /api/accounts`: a new account's name, and a password when it is
/// to have one (without, the page adds a passkey next).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SignUp {
    #[schema(max_length = 40)]
    pub name: String,
    #[serde(default)]
    #[schema(min_length = 8, max_length = 256)]
    pub password: Option<String>,
}

/// `POST /api/session`: signing in with a password.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SignIn {
    #[schema(max_length = 40)]
    pub name: String,
    #[schema(max_length = 256)]
    pub password: String,
}

/// `PUT /api/account/password`: a new password.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PasswordChange {
    #[schema(min_length = 8, max_length = 256)]
    pub password: String,
}

/// The signed-in account, as its owner sees it (`GET /api/session`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct AccountView {
    pub name: String,
    pub created_ms: i64,
    /// Whether a password signs in too.
    pub has_password: bool,
    pub passkeys: Vec<PasskeyView>,
    pub sessions: Vec<SessionView>,
    /// The bots this account owns.
    pub bots: Vec<OwnedBot>,
}

/// One of an account's passkeys.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct PasskeyView {
    /// The credential's id (base64url): the key to rename or remove it.
    pub id: String,
    pub label: String,
    pub created_ms: i64,
    pub used_ms: Option<i64>,
}

/// One of an account's open sessions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct SessionView {
    /// A handle to end it by (not the session's secret).
    pub id: String,
    pub created_ms: i64,
    pub seen_ms: i64,
    /// The browser it was opened from, as its User-Agent said.
    pub client: String,
    /// Whether it is the session of this request.
    pub current: bool,
}

/// A bot an account owns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct OwnedBot {
    pub name: String,
    pub created_ms: i64,
}

/// `GET /api/bots`: the signed-in account's bots.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct OwnedBots {
    pub bots: Vec<OwnedBot>,
}

/// `POST /api/passkeys/register`: a name for the new passkey, and the
/// one-time link's token when an administrator's reset sent one.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PasskeyStart {
    #[serde(default)]
    #[schema(max_length = 40)]
    pub label: Option<String>,
    #[serde(default)]
    pub reset: Option<String>,
}

/// The first half of a passkey ceremony: its id, and the options to hand
/// to the browser (`navigator.credentials.create` or `.get`, WebAuthn's
/// JSON form: `{"publicKey": {...}}` with base64url fields).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Ceremony {
    pub ceremony: String,
    #[schema(value_type = Object)]
    pub options: serde_json::Value,
}

/// The second half: the ceremony's id and the browser's credential
/// (`PublicKeyCredential.toJSON()`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PasskeyFinish {
    pub ceremony: String,
    #[schema(value_type = Object)]
    pub credential: serde_json::Value,
}

/// `PATCH /api/passkeys/{id}`: a passkey's new name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PasskeyLabel {
    #[schema(max_length = 40)]
    pub label: String,
}
