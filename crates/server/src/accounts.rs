//! Accounts: signing up, signing in with a passkey or a password,
//! sessions, an account's passkeys, the administrator's commands. The
//! cryptography (Argon2id, session ids, the WebAuthn ceremonies) is the
//! `accounts` crate's; this module decides and stores.
//!
//! A session is a random id in an `HttpOnly; SameSite=Lax` cookie; the
//! database keeps only its SHA-256, and a session idle for 30 days is
//! over. Failed sign-ins are counted per account and per client: the
//! eleventh in ten minutes is 429 with `Retry-After`.

use std::net::IpAddr;
use std::time::{Duration, Instant};

use ::accounts::passkeys::{CredentialId, RelyingParty, StoredPasskey};
use ::accounts::password::{PasswordError, MAX_CHARS, MIN_CHARS};
use ::accounts::session::SessionId;
use ::accounts::throttle::Throttle;
use api::accounts::{AccountView, Ceremony, OwnedBot, PasskeyView, SessionView};
use api::Code;
use serde_json::Map;

use crate::clock::now_ms;
use crate::error::ApiError;
use crate::security::{new_token, token_hash};
use crate::store::{
    AccountRow, AccountWrite, CeremonyRow, Committed, PasskeyRow, SessionRow, Store, Write,
};

/// How long a passkey ceremony may take between its two requests.
pub const CEREMONY_MS: i64 = 5 * 60 * 1000;

/// How long an administrator's reset link stays valid.
pub const RESET_LINK_MS: i64 = 7 * 24 * 3600 * 1000;

/// A session's last use is written at most this often.
const TOUCH_EVERY_MS: i64 = 3600 * 1000;

/// Failed sign-ins allowed per account and per client in the window.
pub const SIGN_IN_FAILURES: usize = 10;
pub const SIGN_IN_WINDOW: Duration = Duration::from_secs(600);

/// The one answer to a wrong name or a wrong password.
const WRONG: &str = "wrong name or password";

/// Who a request's session cookie signs in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignedIn {
    pub account_id: String,
    pub name: String,
    pub session_hash: String,
}

/// A session just opened: its id, for the cookie.
pub struct Opened {
    pub account: AccountRow,
    pub session: SessionId,
}

/// The accounts' settings and the sign-in throttles.
pub struct Accounts {
    /// The passkeys' relying party, or why there is none (the server's
    /// public URL is an IP address: WebAuthn refuses those).
    relying_party: Result<RelyingParty, PasskeysOff>,
    /// The origin of the server's own pages (`scheme://host[:port]`).
    pub origin: Option<String>,
    by_name: Throttle<String>,
    by_client: Throttle<IpAddr>,
}

/// Why a server has no passkeys: started without its public address (a
/// refusal with its own code), or with one the passkey library refuses (in
/// the library's words).
enum PasskeysOff {
    NoPublicAddress,
    Refused(String),
}

impl Accounts {
    /// The accounts of a server whose pages are at `public_url`.
    pub fn new(public_url: Option<&str>) -> Accounts {
        let relying_party = match public_url {
            Some(url) => {
                RelyingParty::new(url).map_err(|error| PasskeysOff::Refused(error.to_string()))
            }
            None => Err(PasskeysOff::NoPublicAddress),
        };
        Accounts {
            origin: relying_party
                .as_ref()
                .ok()
                .map(|rp| rp.origin().to_string()),
            relying_party,
            by_name: Throttle::new(SIGN_IN_FAILURES, SIGN_IN_WINDOW),
            by_client: Throttle::new(SIGN_IN_FAILURES, SIGN_IN_WINDOW),
        }
    }

    /// Whether cookies are to be `Secure`: the pages are served over HTTPS.
    pub fn secure(&self) -> bool {
        self.origin
            .as_deref()
            .is_some_and(|origin| origin.starts_with("https:"))
    }

    fn relying_party(&self) -> Result<&RelyingParty, ApiError> {
        self.relying_party.as_ref().map_err(|off| match off {
            PasskeysOff::NoPublicAddress => ApiError::refused(
                "passkeys need the server's public address: start it with \
                 --public-url https://your.host",
            )
            .precisely(Code::AccountPasskeysNeedAddress, Map::new()),
            PasskeysOff::Refused(why) => ApiError::refused(why.clone()),
        })
    }

    /// Signs up `name` (with a password when one is given) and opens its
    /// first session.
    pub async fn sign_up(
        &self,
        store: &Store,
        name: &str,
        password: Option<String>,
        client: &str,
    ) -> Result<Opened, ApiError> {
        let name = crate::names::free(store, name).await?;
        let password = match password {
            Some(password) => Some(hashed(password).await?),
            None => None,
        };
        let account = AccountRow {
            id: uuid_text(),
            name: name.to_string(),
            password,
            disabled: false,
            created_ms: now_ms(),
        };
        let create = AccountWrite::Create {
            account: account.clone(),
            skeleton: name.skeleton().as_str().to_string(),
        };
        let session = SessionId::new();
        let open = AccountWrite::OpenSession(session_row(&session, &account.id, client));
        match commit(store, vec![create, open]).await? {
            Committed::Yes => Ok(Opened { account, session }),
            // Taken meanwhile by a look-alike.
            Committed::Conflict => Err(crate::names::too_like(&name, name.as_str())),
        }
    }

    /// Signs in with a password: the same refusal for a wrong name and a
    /// wrong password, after the same work.
    pub async fn sign_in(
        &self,
        store: &Store,
        name: &str,
        password: String,
        address: IpAddr,
        client: &str,
    ) -> Result<Opened, ApiError> {
        let key = names::skeleton_of(name).as_str().to_string();
        self.check_throttles(&key, address)?;
        let account = store.account_by_skeleton(&key).await?;
        let stored = account
            .as_ref()
            .filter(|account| !account.disabled)
            .and_then(|account| account.password.clone());
        let verified = tokio::task::spawn_blocking(move || match stored {
            Some(stored) => ::accounts::password::verify(&stored, &password),
            None => {
                ::accounts::password::verify_nothing(&password);
                false
            }
        })
        .await
        .map_err(|error| ApiError::Internal(format!("password check: {error}")))?;
        match account {
            Some(account) if verified => {
                let session = self.open(store, &account, client).await?;
                Ok(Opened { account, session })
            }
            _ => {
                self.failed(key, address);
                Err(ApiError::BadToken(WRONG.into())
                    .precisely(Code::AccountWrongPassword, Map::new()))
            }
        }
    }

    fn check_throttles(&self, key: &String, address: IpAddr) -> Result<(), ApiError> {
        let now = Instant::now();
        let client = crate::security::client_key(address);
        let wait = [
            self.by_name.check(key, now).err(),
            self.by_client.check(&client, now).err(),
        ]
        .into_iter()
        .flatten()
        .max();
        match wait {
            Some(wait) => Err(ApiError::SignInLimited {
                retry_after: wait.as_secs().max(1),
            }),
            None => Ok(()),
        }
    }

    fn failed(&self, key: String, address: IpAddr) {
        let now = Instant::now();
        self.by_name.failed(key, now);
        self.by_client
            .failed(crate::security::client_key(address), now);
        self.by_name.forget_old(now);
        self.by_client.forget_old(now);
    }

    async fn open(
        &self,
        store: &Store,
        account: &AccountRow,
        client: &str,
    ) -> Result<SessionId, ApiError> {
        let session = SessionId::new();
        let row = session_row(&session, &account.id, client);
        commit(store, vec![AccountWrite::OpenSession(row)]).await?;
        Ok(session)
    }

    /// Who the session `id` signs in, while it is alive and its account
    /// enabled; its last use is noted at most hourly.
    pub async fn session(
        &self,
        store: &Store,
        id: &SessionId,
    ) -> Result<Option<SignedIn>, ApiError> {
        let hash = id.hash();
        let Some(session) = store.session(&hash).await? else {
            return Ok(None);
        };
        let now = now_ms();
        if !::accounts::session::alive(session.seen_ms, now) {
            return Ok(None);
        }
        let Some(account) = store.account(&session.account_id).await? else {
            return Ok(None);
        };
        if account.disabled {
            return Ok(None);
        }
        if now - session.seen_ms > TOUCH_EVERY_MS {
            let touch = AccountWrite::TouchSession {
                id_hash: hash.clone(),
                seen_ms: now,
            };
            commit(store, vec![touch]).await?;
        }
        Ok(Some(SignedIn {
            account_id: account.id,
            name: account.name,
            session_hash: hash,
        }))
    }

    /// The account as its owner sees it.
    pub async fn view(&self, store: &Store, me: &SignedIn) -> Result<AccountView, ApiError> {
        let account = store
            .account(&me.account_id)
            .await?
            .ok_or(ApiError::Unauthorized)?;
        let now = now_ms();
        let sessions = store
            .sessions_of(&me.account_id)
            .await?
            .into_iter()
            .filter(|session| ::accounts::session::alive(session.seen_ms, now))
            .map(|session| SessionView {
                id: handle(&session.id_hash),
                created_ms: session.created_ms,
                seen_ms: session.seen_ms,
                current: session.id_hash == me.session_hash,
                client: session.client,
            })
            .collect();
        let bots = store
            .bots_of(&me.account_id)
            .await?
            .into_iter()
            .map(|bot| OwnedBot {
                name: bot.name,
                created_ms: bot.created_ms,
            })
            .collect();
        Ok(AccountView {
            name: account.name,
            created_ms: account.created_ms,
            has_password: account.password.is_some(),
            passkeys: store
                .passkeys_of(&me.account_id)
                .await?
                .iter()
                .map(passkey_view)
                .collect(),
            sessions,
            bots,
        })
    }

    /// Ends one of the account's sessions, by its handle.
    pub async fn end_session(
        &self,
        store: &Store,
        me: &SignedIn,
        handle_text: &str,
    ) -> Result<(), ApiError> {
        let session = store
            .sessions_of(&me.account_id)
            .await?
            .into_iter()
            .find(|session| handle(&session.id_hash) == handle_text)
            .ok_or_else(no_session)?;
        self.close(store, me, session.id_hash).await
    }

    /// Ends the session with this hash.
    pub async fn close(
        &self,
        store: &Store,
        me: &SignedIn,
        id_hash: String,
    ) -> Result<(), ApiError> {
        let close = AccountWrite::CloseSession {
            id_hash,
            account_id: me.account_id.clone(),
        };
        match commit(store, vec![close]).await? {
            Committed::Yes => Ok(()),
            Committed::Conflict => Err(no_session()),
        }
    }

    pub async fn set_password(
        &self,
        store: &Store,
        me: &SignedIn,
        password: String,
    ) -> Result<(), ApiError> {
        let write = AccountWrite::SetPassword {
            account_id: me.account_id.clone(),
            password: Some(hashed(password).await?),
        };
        commit(store, vec![write]).await?;
        Ok(())
    }

    /// Starts adding a passkey: to the signed-in account, or to the account
    /// a reset link is for.
    pub async fn start_registration(
        &self,
        store: &Store,
        me: Option<&SignedIn>,
        label: Option<String>,
        reset: Option<&str>,
    ) -> Result<Ceremony, ApiError> {
        let relying_party = self.relying_party()?;
        let (account_id, purpose) = match (reset, me) {
            (Some(reset), _) => {
                let account = store
                    .reset_link(&token_hash(reset), now_ms())
                    .await?
                    .ok_or_else(|| {
                        ApiError::BadToken("this reset link is used or expired".into())
                            .precisely(Code::AccountResetLinkExpired, Map::new())
                    })?;
                (account, format!("reset:{}", token_hash(reset)))
            }
            (None, Some(me)) => (me.account_id.clone(), "register".to_string()),
            (None, None) => {
                return Err(ApiError::BadToken(
                    "sign in first: a passkey is added to your account".into(),
                )
                .precisely(Code::AccountPasskeySignInFirst, Map::new()))
            }
        };
        let account = store
            .account(&account_id)
            .await?
            .ok_or_else(|| ApiError::Internal(format!("no account {account_id}")))?;
        let existing: Vec<CredentialId> = store
            .passkeys_of(&account_id)
            .await?
            .iter()
            .filter_map(|passkey| passkey.id.parse().ok())
            .collect();
        let user = uuid::Uuid::parse_str(&account.id)
            .map_err(|error| ApiError::Internal(format!("account id: {error}")))?;
        let (options, state) = relying_party
            .start_registration(user, &account.name, &existing)
            .map_err(|error| ApiError::Internal(format!("passkey registration: {error}")))?;
        let label = match label {
            Some(label) => crate::names::checked(&label)?.to_string(),
            None => format!("passkey {}", existing.len() + 1),
        };
        self.start(store, purpose, Some(account_id), label, state, options)
            .await
    }

    async fn start(
        &self,
        store: &Store,
        purpose: String,
        account_id: Option<String>,
        label: String,
        state: String,
        options: serde_json::Value,
    ) -> Result<Ceremony, ApiError> {
        let ceremony = CeremonyRow {
            id: new_token(),
            purpose,
            account_id,
            label,
            state,
            expires_ms: now_ms() + CEREMONY_MS,
        };
        let id = ceremony.id.clone();
        let start = AccountWrite::StartCeremony {
            ceremony,
            now_ms: now_ms(),
        };
        commit(store, vec![start]).await?;
        Ok(Ceremony {
            ceremony: id,
            options,
        })
    }

    /// The ceremony `id` for `purpose`, ended at once (never used twice).
    async fn take(&self, store: &Store, id: &str, purpose: &str) -> Result<CeremonyRow, ApiError> {
        let unknown = || {
            ApiError::refused("no such passkey ceremony: it is finished or expired")
                .precisely(Code::AccountCeremonyExpired, Map::new())
        };
        let ceremony = store.ceremony(id).await?.ok_or_else(unknown)?;
        let fits = ceremony.purpose == purpose
            || (purpose == "register" && ceremony.purpose.starts_with("reset:"));
        if !fits || ceremony.expires_ms < now_ms() {
            return Err(unknown());
        }
        match commit(store, vec![AccountWrite::EndCeremony { id: id.into() }]).await? {
            Committed::Yes => Ok(ceremony),
            Committed::Conflict => Err(unknown()),
        }
    }

    /// Finishes adding a passkey; after a reset link, signs in too.
    pub async fn finish_registration(
        &self,
        store: &Store,
        ceremony_id: &str,
        credential: &serde_json::Value,
        client: &str,
    ) -> Result<(PasskeyView, Option<Opened>), ApiError> {
        let relying_party = self.relying_party()?;
        let ceremony = self.take(store, ceremony_id, "register").await?;
        let account_id = ceremony
            .account_id
            .clone()
            .ok_or_else(|| ApiError::Internal("a registration without its account".into()))?;
        let passkey = relying_party
            .finish_registration(&ceremony.state, credential)
            .map_err(|error| ApiError::refused(format!("the passkey does not verify: {error}")))?;
        let row = PasskeyRow {
            id: passkey.id.to_string(),
            account_id: account_id.clone(),
            label: ceremony.label.clone(),
            credential: passkey.stored,
            created_ms: now_ms(),
            used_ms: None,
        };
        let mut writes = vec![AccountWrite::AddPasskey(row.clone())];
        let mut opened = None;
        if let Some(reset) = ceremony.purpose.strip_prefix("reset:") {
            writes.push(AccountWrite::UseResetLink {
                token_hash: reset.to_string(),
            });
            let session = SessionId::new();
            writes.push(AccountWrite::OpenSession(session_row(
                &session,
                &account_id,
                client,
            )));
            let account = store
                .account(&account_id)
                .await?
                .ok_or_else(|| ApiError::Internal(format!("no account {account_id}")))?;
            opened = Some(Opened { account, session });
        }
        match commit(store, writes).await? {
            Committed::Yes => Ok((passkey_view(&row), opened)),
            Committed::Conflict => Err(ApiError::Conflict(
                "this passkey is registered already, or the reset link was used".into(),
            )
            .precisely(Code::AccountPasskeyRegistered, Map::new())),
        }
    }

    /// Starts signing in with a discoverable passkey.
    pub async fn start_sign_in(&self, store: &Store) -> Result<Ceremony, ApiError> {
        let (options, state) = self
            .relying_party()?
            .start_sign_in()
            .map_err(|error| ApiError::Internal(format!("passkey sign-in: {error}")))?;
        self.start(store, "sign-in".into(), None, String::new(), state, options)
            .await
    }

    /// Finishes signing in with a passkey.
    pub async fn finish_sign_in(
        &self,
        store: &Store,
        ceremony_id: &str,
        credential: &serde_json::Value,
        address: IpAddr,
        client: &str,
    ) -> Result<Opened, ApiError> {
        let relying_party = self.relying_party()?;
        let ceremony = self.take(store, ceremony_id, "sign-in").await?;
        let refused = |why: String| {
            ApiError::BadToken(format!("the passkey does not sign in: {why}"))
                .precisely(Code::AccountPasskeyRefused, Map::new())
        };
        let (user, _) = relying_party
            .identify(credential)
            .map_err(|error| refused(error.to_string()))?;
        let account_id = user.to_string();
        let key = format!("account:{account_id}");
        self.check_throttles(&key, address)?;
        let account = store
            .account(&account_id)
            .await?
            .filter(|account| !account.disabled);
        let Some(account) = account else {
            self.failed(key, address);
            return Err(refused("it is no account's".into()));
        };
        let stored: Vec<StoredPasskey> = store
            .passkeys_of(&account_id)
            .await?
            .into_iter()
            .filter_map(|passkey| {
                Some(StoredPasskey {
                    id: passkey.id.parse().ok()?,
                    stored: passkey.credential,
                })
            })
            .collect();
        let signed = match relying_party.finish_sign_in(&ceremony.state, credential, &stored) {
            Ok(signed) => signed,
            Err(error) => {
                self.failed(key, address);
                return Err(refused(error.to_string()));
            }
        };
        let used = AccountWrite::UsePasskey {
            id: signed.id.to_string(),
            credential: signed.updated,
            used_ms: now_ms(),
        };
        commit(store, vec![used]).await?;
        let session = self.open(store, &account, client).await?;
        Ok(Opened { account, session })
    }

    pub async fn rename_passkey(
        &self,
        store: &Store,
        me: &SignedIn,
        id: &str,
        label: &str,
    ) -> Result<PasskeyView, ApiError> {
        let label = crate::names::checked(label)?.to_string();
        let write = AccountWrite::RenamePasskey {
            id: id.into(),
            account_id: me.account_id.clone(),
            label,
        };
        if commit(store, vec![write]).await? == Committed::Conflict {
            return Err(no_passkey());
        }
        store
            .passkeys_of(&me.account_id)
            .await?
            .iter()
            .find(|passkey| passkey.id == id)
            .map(passkey_view)
            .ok_or_else(no_passkey)
    }

    /// Removes a passkey, unless it is the account's last way in.
    pub async fn remove_passkey(
        &self,
        store: &Store,
        me: &SignedIn,
        id: &str,
    ) -> Result<(), ApiError> {
        let passkeys = store.passkeys_of(&me.account_id).await?;
        if !passkeys.iter().any(|passkey| passkey.id == id) {
            return Err(no_passkey());
        }
        let account = store
            .account(&me.account_id)
            .await?
            .ok_or(ApiError::Unauthorized)?;
        if passkeys.len() == 1 && account.password.is_none() {
            return Err(ApiError::Conflict(
                "this is the account's last way in: add another passkey or a password first".into(),
            )
            .precisely(Code::AccountLastWayIn, Map::new()));
        }
        let write = AccountWrite::RemovePasskey {
            id: id.into(),
            account_id: me.account_id.clone(),
        };
        match commit(store, vec![write]).await? {
            Committed::Yes => Ok(()),
            Committed::Conflict => Err(no_passkey()),
        }
    }
}

fn no_passkey() -> ApiError {
    ApiError::NotFound("no such passkey of this account".into())
        .precisely(Code::AccountNoSuchPasskey, Map::new())
}

fn no_session() -> ApiError {
    ApiError::NotFound("no such session of this account".into())
        .precisely(Code::AccountNoSuchSession, Map::new())
}

/// A password's Argon2id hash, made off the async threads (it is meant to
/// be slow), or why the password is refused.
async fn hashed(password: String) -> Result<String, ApiError> {
    tokio::task::spawn_blocking(move || ::accounts::password::hash(&password))
        .await
        .map_err(|error| ApiError::Internal(format!("password hash: {error}")))?
        .map_err(|error| {
            let code = match error {
                PasswordError::TooShort { .. } => Some(Code::AccountPasswordTooShort),
                PasswordError::TooLong { .. } => Some(Code::AccountPasswordTooLong),
                PasswordError::Hashing(_) => None,
            };
            let refused = ApiError::refused(error.to_string());
            match code {
                Some(code) => refused.precisely(
                    code,
                    Map::from_iter([
                        ("min".to_string(), MIN_CHARS.into()),
                        ("max".to_string(), MAX_CHARS.into()),
                    ]),
                ),
                None => refused,
            }
        })
}

async fn commit(store: &Store, writes: Vec<AccountWrite>) -> Result<Committed, ApiError> {
    let writes = writes.into_iter().map(Write::Account).collect();
    Ok(store.commit(writes, Vec::new()).await?)
}

fn uuid_text() -> String {
    uuid::Uuid::new_v4().to_string()
}

fn session_row(session: &SessionId, account_id: &str, client: &str) -> SessionRow {
    let now = now_ms();
    SessionRow {
        id_hash: session.hash(),
        account_id: account_id.to_string(),
        created_ms: now,
        seen_ms: now,
        client: client.chars().take(200).collect(),
    }
}

/// A session's handle: the start of its hash, enough to tell an account's
/// sessions apart and nothing to sign in with.
fn handle(id_hash: &str) -> String {
    id_hash.chars().take(16).collect()
}

fn passkey_view(passkey: &PasskeyRow) -> PasskeyView {
    PasskeyView {
        id: passkey.id.clone(),
        label: passkey.label.clone(),
        created_ms: passkey.created_ms,
        used_ms: passkey.used_ms,
    }
}

/// The administrator's commands (`towers admin accounts …`), on a store.
pub mod admin {
    use super::*;

    /// One line per account: its name, whether it is disabled, how many
    /// passkeys it has and whether it has a password.
    pub async fn list(store: &Store) -> Result<Vec<String>, ApiError> {
        let mut lines = Vec::new();
        for account in store.accounts().await? {
            let passkeys = store.passkeys_of(&account.id).await?.len();
            lines.push(format!(
                "{}\t{}\tpasskeys {passkeys}\tpassword {}",
                account.name,
                if account.disabled {
                    "disabled"
                } else {
                    "enabled"
                },
                if account.password.is_some() {
                    "yes"
                } else {
                    "no"
                },
            ));
        }
        for name in store.unclaimed_names().await? {
            lines.push(format!("{name}\tunclaimed"));
        }
        Ok(lines)
    }

    async fn account_named(store: &Store, name: &str) -> Result<AccountRow, ApiError> {
        store
            .account_by_skeleton(names::skeleton_of(name).as_str())
            .await?
            .filter(|account| account.name == name.trim())
            .ok_or_else(|| ApiError::NotFound(format!("no account is called '{}'", name.trim())))
    }

    pub async fn set_disabled(store: &Store, name: &str, disabled: bool) -> Result<(), ApiError> {
        let account = account_named(store, name).await?;
        let write = AccountWrite::SetDisabled {
            account_id: account.id,
            disabled,
        };
        commit(store, vec![write]).await?;
        Ok(())
    }

    /// Removes the account's passwords, passkeys and sessions; returns the
    /// one-time link (under `public_url`) that adds a new passkey.
    pub async fn reset(store: &Store, name: &str, public_url: &str) -> Result<String, ApiError> {
        let account = account_named(store, name).await?;
        let token = new_token();
        let write = AccountWrite::Reset {
            account_id: account.id,
            token_hash: token_hash(&token),
            expires_ms: now_ms() + RESET_LINK_MS,
        };
        commit(store, vec![write]).await?;
        Ok(format!(
            "{}/account?reset={token}",
            public_url.trim_end_matches('/')
        ))
    }

    /// Hands the rated history of the unclaimed `name` to `account`.
    pub async fn link(store: &Store, name: &str, account: &str) -> Result<(), ApiError> {
        let account = account_named(store, account).await?;
        let skeleton = names::skeleton_of(name).as_str().to_string();
        let identity = store
            .identity(&skeleton)
            .await?
            .filter(|identity| identity.name == name.trim())
            .ok_or_else(|| {
                ApiError::NotFound(format!("no name '{}' has rated results", name.trim()))
            })?;
        if identity.holder != crate::store::Holder::Unclaimed {
            return Err(ApiError::Conflict(format!(
                "'{}' is an account's or a bot's name, not an unclaimed one",
                identity.name
            )));
        }
        let write = AccountWrite::Link {
            skeleton,
            account_id: account.id,
        };
        commit(store, vec![write]).await?;
        Ok(())
    }
}
