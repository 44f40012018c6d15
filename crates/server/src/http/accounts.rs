//! The accounts' routes (sign up, sign in and out, passkeys, sessions) and
//! the session extractors every route that acts for an account uses.
//!
//! A write that the session cookie authorises must come from the
//! server's own pages: a browser says where a request comes from
//! (`Sec-Fetch-Site`, `Origin`), and a cross-site one is 403 before it is
//! read. Clients with bearer tokens (seats, bots, organisers) never meet
//! this check: they send no cookie for it to guard.

use std::net::SocketAddr;

use ::accounts::session::SessionId;
use api::accounts::{
    AccountView, Ceremony, OwnedBots, PasskeyFinish, PasskeyLabel, PasskeyStart, PasskeyView,
    PasswordChange, SignIn, SignUp,
};
use axum::extract::{ConnectInfo, FromRequestParts, Path, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, patch, post, put};
use axum::{Json, Router};

use super::{AppState, JsonBody, Shared};
use crate::accounts::{Opened, SignedIn};
use crate::error::ApiError;
use crate::security::client_of;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/accounts", post(sign_up))
        .route("/api/session", post(sign_in).get(current).delete(sign_out))
        .route("/api/account/sessions/{id}", delete(end_session))
        .route("/api/account/password", put(set_password))
        .route("/api/passkeys/register", post(start_registration))
        .route("/api/passkeys/register/finish", post(finish_registration))
        .route("/api/passkeys/sign-in", post(start_sign_in))
        .route("/api/passkeys/sign-in/finish", post(finish_sign_in))
        .route(
            "/api/passkeys/{id}",
            patch(rename_passkey).delete(remove_passkey),
        )
}

/// The account a request's session cookie signs in, if any. A write with
/// the cookie from another site's page is refused (403).
pub(crate) struct Session(pub Option<SignedIn>);

/// The account a request's session signs in; 401 without one.
pub(crate) struct Account(pub SignedIn);

/// A request that may open a session (signing up or in): refused when it
/// comes from another site's page, whatever cookie it has.
pub(crate) struct SameSite;

impl FromRequestParts<AppState> for Session {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, shared: &AppState) -> Result<Self, ApiError> {
        let Some(id) = session_cookie(&parts.headers) else {
            return Ok(Session(None));
        };
        if parts.method != Method::GET && parts.method != Method::HEAD {
            same_site(parts, shared)?;
        }
        let signed_in = shared.accounts.session(&shared.app.store, &id).await?;
        Ok(Session(signed_in))
    }
}

impl FromRequestParts<AppState> for Account {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, shared: &AppState) -> Result<Self, ApiError> {
        match Session::from_request_parts(parts, shared).await? {
            Session(Some(me)) => Ok(Account(me)),
            Session(None) => Err(not_signed_in()),
        }
    }
}

impl FromRequestParts<AppState> for SameSite {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, shared: &AppState) -> Result<Self, ApiError> {
        same_site(parts, shared).map(|()| SameSite)
    }
}

pub(crate) fn not_signed_in() -> ApiError {
    ApiError::SignInNeeded("sign in first (/account)".into())
        .precisely(api::Code::AccountSignInFirst, serde_json::Map::new())
}

fn session_cookie(headers: &HeaderMap) -> Option<SessionId> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .find_map(::accounts::session::from_cookie_header)
}

/// Refuses a request a browser sent from another site's page: by
/// `Sec-Fetch-Site` when the browser sends it, else by `Origin` (the
/// server's public origin, or the host the request was sent to). A request
/// with neither is no browser's cross-site request.
fn same_site(parts: &Parts, shared: &Shared) -> Result<(), ApiError> {
    let header = |name: &str| {
        parts
            .headers
            .get(name)
            .and_then(|value| value.to_str().ok())
    };
    let cross_site = || {
        ApiError::Forbidden("a request from another site's page cannot act for your account".into())
            .precisely(api::Code::AuthCrossSite, serde_json::Map::new())
    };
    if let Some(site) = header("sec-fetch-site") {
        return match site {
            "same-origin" | "none" => Ok(()),
            _ => Err(cross_site()),
        };
    }
    let Some(origin) = header("origin") else {
        return Ok(());
    };
    let own = shared.accounts.origin.as_deref() == Some(origin)
        || header("host").is_some_and(|host| {
            origin
                .split_once("://")
                .is_some_and(|(_, authority)| authority == host)
        });
    if own {
        Ok(())
    } else {
        Err(cross_site())
    }
}

/// What a session is labelled with: the browser's own description.
fn client_label(headers: &HeaderMap) -> String {
    headers
        .get(header::USER_AGENT)
        .and_then(|value| value.to_str().ok())
        .unwrap_or("unknown browser")
        .to_string()
}

fn address(shared: &Shared, peer: SocketAddr, headers: &HeaderMap) -> std::net::IpAddr {
    let forwarded = headers
        .get("x-forwarded-for")
        .and_then(|value| value.to_str().ok());
    client_of(peer.ip(), forwarded, shared.trust_forwarded_for)
}

/// Whether the session cookie is to be `Secure`: the page came over HTTPS
/// (the public URL says so, or a trusted proxy's `X-Forwarded-Proto`).
pub(crate) fn secure(shared: &Shared, headers: &HeaderMap) -> bool {
    let forwarded_https = shared.trust_forwarded_for
        && headers
            .get("x-forwarded-proto")
            .and_then(|value| value.to_str().ok())
            .is_some_and(|proto| proto.eq_ignore_ascii_case("https"));
    forwarded_https || shared.accounts.secure()
}

/// The account's view with the new session's cookie set.
async fn with_cookie(
    shared: &Shared,
    headers: &HeaderMap,
    status: StatusCode,
    opened: Opened,
) -> Result<Response, ApiError> {
    let me = SignedIn {
        account_id: opened.account.id.clone(),
        name: opened.account.name.clone(),
        session_hash: opened.session.hash(),
    };
    let view = shared.accounts.view(&shared.app.store, &me).await?;
    let cookie = ::accounts::session::set_cookie(&opened.session, secure(shared, headers));
    with_set_cookie((status, Json(view)).into_response(), &cookie)
}

/// `response` with the `Set-Cookie` header `cookie`.
fn with_set_cookie(mut response: Response, cookie: &str) -> Result<Response, ApiError> {
    let value = HeaderValue::from_str(cookie)
        .map_err(|error| ApiError::Internal(format!("cookie: {error}")))?;
    response.headers_mut().insert(header::SET_COOKIE, value);
    Ok(response)
}

async fn sign_up(
    State(shared): State<AppState>,
    _same_site: SameSite,
    headers: HeaderMap,
    JsonBody(request): JsonBody<SignUp>,
) -> Result<Response, ApiError> {
    shared.app.guard_rated_names().await?;
    let opened = shared
        .accounts
        .sign_up(
            &shared.app.store,
            &request.name,
            request.password,
            &client_label(&headers),
        )
        .await?;
    with_cookie(&shared, &headers, StatusCode::CREATED, opened).await
}

async fn sign_in(
    State(shared): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    _same_site: SameSite,
    headers: HeaderMap,
    JsonBody(request): JsonBody<SignIn>,
) -> Result<Response, ApiError> {
    let opened = shared
        .accounts
        .sign_in(
            &shared.app.store,
            &request.name,
            request.password,
            address(&shared, peer, &headers),
            &client_label(&headers),
        )
        .await?;
    with_cookie(&shared, &headers, StatusCode::OK, opened).await
}

async fn current(
    State(shared): State<AppState>,
    Account(me): Account,
) -> Result<Json<AccountView>, ApiError> {
    Ok(Json(shared.accounts.view(&shared.app.store, &me).await?))
}

async fn sign_out(
    State(shared): State<AppState>,
    Account(me): Account,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let hash = me.session_hash.clone();
    shared.accounts.close(&shared.app.store, &me, hash).await?;
    let cookie = ::accounts::session::clear_cookie(secure(&shared, &headers));
    with_set_cookie(StatusCode::NO_CONTENT.into_response(), &cookie)
}

async fn end_session(
    State(shared): State<AppState>,
    Account(me): Account,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    shared
        .accounts
        .end_session(&shared.app.store, &me, &id)
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

async fn set_password(
    State(shared): State<AppState>,
    Account(me): Account,
    JsonBody(request): JsonBody<PasswordChange>,
) -> Result<Json<AccountView>, ApiError> {
    let store = &shared.app.store;
    shared
        .accounts
        .set_password(store, &me, request.password)
        .await?;
    Ok(Json(shared.accounts.view(store, &me).await?))
}

async fn start_registration(
    State(shared): State<AppState>,
    _same_site: SameSite,
    Session(me): Session,
    JsonBody(request): JsonBody<PasskeyStart>,
) -> Result<Json<Ceremony>, ApiError> {
    let ceremony = shared
        .accounts
        .start_registration(
            &shared.app.store,
            me.as_ref(),
            request.label,
            request.reset.as_deref(),
        )
        .await?;
    Ok(Json(ceremony))
}

async fn finish_registration(
    State(shared): State<AppState>,
    _same_site: SameSite,
    headers: HeaderMap,
    JsonBody(request): JsonBody<PasskeyFinish>,
) -> Result<Response, ApiError> {
    let (passkey, opened) = shared
        .accounts
        .finish_registration(
            &shared.app.store,
            &request.ceremony,
            &request.credential,
            &client_label(&headers),
        )
        .await?;
    let response = (StatusCode::CREATED, Json::<PasskeyView>(passkey)).into_response();
    match opened {
        Some(opened) => {
            let cookie =
                ::accounts::session::set_cookie(&opened.session, secure(&shared, &headers));
            with_set_cookie(response, &cookie)
        }
        None => Ok(response),
    }
}

async fn start_sign_in(
    State(shared): State<AppState>,
    _same_site: SameSite,
) -> Result<Json<Ceremony>, ApiError> {
    Ok(Json(
        shared.accounts.start_sign_in(&shared.app.store).await?,
    ))
}

async fn finish_sign_in(
    State(shared): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    _same_site: SameSite,
    headers: HeaderMap,
    JsonBody(request): JsonBody<PasskeyFinish>,
) -> Result<Response, ApiError> {
    let opened = shared
        .accounts
        .finish_sign_in(
            &shared.app.store,
            &request.ceremony,
            &request.credential,
            address(&shared, peer, &headers),
            &client_label(&headers),
        )
        .await?;
    with_cookie(&shared, &headers, StatusCode::OK, opened).await
}

async fn rename_passkey(
    State(shared): State<AppState>,
    Account(me): Account,
    Path(id): Path<String>,
    JsonBody(request): JsonBody<PasskeyLabel>,
) -> Result<Json<PasskeyView>, ApiError> {
    let passkey = shared
        .accounts
        .rename_passkey(&shared.app.store, &me, &id, &request.label)
        .await?;
    Ok(Json(passkey))
}

async fn remove_passkey(
    State(shared): State<AppState>,
    Account(me): Account,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    shared
        .accounts
        .remove_passkey(&shared.app.store, &me, &id)
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `GET /api/bots`: the signed-in account's bots.
pub(crate) async fn owned_bots(
    State(shared): State<AppState>,
    Account(me): Account,
) -> Result<Json<OwnedBots>, ApiError> {
    let view = shared.accounts.view(&shared.app.store, &me).await?;
    Ok(Json(OwnedBots { bots: view.bots }))
}
