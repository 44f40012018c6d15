//! Passkeys: WebAuthn's discoverable credentials, through `webauthn-rs`.
//!
//! A passkey is bound to a relying party: its id (the host of the server's
//! public URL, `--public-url`) and its origin (`scheme://host:port`).
//! [`RelyingParty`] holds both and runs the two ceremonies, each in two
//! requests:
//!
//! - **Adding a passkey** (at sign-up, or later from the account's page):
//!   [`RelyingParty::start_registration`] gives the browser its options and
//!   the server a state to keep; [`RelyingParty::finish_registration`]
//!   checks the browser's answer against that state and gives the passkey
//!   to store. The passkey is *discoverable*: the authenticator keeps the
//!   account's id with it, so signing in needs no name typed.
//! - **Signing in**: [`RelyingParty::start_sign_in`] (no name needed) gives
//!   options and a state; the browser's answer says which account and
//!   passkey it claims ([`RelyingParty::identify`]), the server loads that
//!   account's passkeys, and [`RelyingParty::finish_sign_in`] checks the
//!   signature, the challenge, the origin and user verification.
//!
//! Everything crosses to the server as text: the options and the answers
//! are JSON values, the states and stored passkeys JSON strings (of
//! `webauthn-rs`'s types, opaque to the server), credential ids base64url.
//!
//! ## What the server must do with a state
//!
//! A ceremony's state holds the challenge the browser signs; it is what
//! makes an answer good for one ceremony only. The server keeps it where
//! every instance finds it (a row keyed by a random ceremony id, sent to the
//! browser beside the options), **deletes it when it is used, whatever the
//! outcome**, before finishing (`DELETE … RETURNING`), and drops it after
//! [`CEREMONY_SECONDS`]. A passkey synced between devices usually has no
//! signature counter, so a state used twice would let one answer sign in
//! twice.
//!
//! ## What the browser sends and receives
//!
//! The options are `{"publicKey": {…}}`, the WebAuthn JSON form of
//! `PublicKeyCredentialCreationOptions` / `…RequestOptions` (binary fields
//! as unpadded base64url strings), which
//! `PublicKeyCredential.parseCreationOptionsFromJSON` and
//! `parseRequestOptionsFromJSON` take. The answers are what
//! `PublicKeyCredential.toJSON()` gives (base64url strings; `rawId`,
//! `response.clientDataJSON`, `response.attestationObject` or
//! `response.authenticatorData`, `response.signature`,
//! `response.userHandle`), sent as they are:
//!
//! ```js
//! // Adding a passkey: `start` is the server's answer to "start": { options, ceremony }.
//! const created = await navigator.credentials.create({
//!   publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(start.options.publicKey),
//! });
//! await post("/api/passkeys/finish", { ceremony: start.ceremony, answer: created.toJSON() });
//! // Signing in (no name): the same with get.
//! const got = await navigator.credentials.get({
//!   publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(signIn.options.publicKey),
//! });
//! await post("/api/sign-in/passkey", { ceremony: signIn.ceremony, answer: got.toJSON() });
//! ```
//!
//! (`mediation: "conditional"` beside `publicKey` in `get` offers the
//! passkeys in the name field's autofill instead of a dialog.)

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use serde::Deserialize;
use serde_json::Value;
use url::{Host, Url};
use uuid::Uuid;
use webauthn_rs::prelude::{
    CredentialID, DiscoverableAuthentication, DiscoverableKey, Passkey, PasskeyRegistration,
    PublicKeyCredential, RegisterPublicKeyCredential, Webauthn, WebauthnBuilder, WebauthnError,
};

/// How long a ceremony may take, in seconds: the browser is told to give
/// up after it, and the server may drop a state older than it.
pub const CEREMONY_SECONDS: u64 = 300;

/// The longest credential id WebAuthn allows, in bytes.
const MAX_CREDENTIAL_ID_BYTES: usize = 1023;

/// What went wrong with a passkey, in words. Hostile JSON gives an error,
/// never a panic.
///
/// For the server: [`PasskeyError::PublicUrl`] is a configuration error at
/// start; [`PasskeyError::State`], [`PasskeyError::Stored`] and
/// [`PasskeyError::Json`] mean its own data is damaged; every other one is
/// the browser's answer refused.
#[derive(Debug, thiserror::Error)]
pub enum PasskeyError {
    /// The public URL cannot be a relying party.
    #[error("the public URL {url:?} {reason}")]
    PublicUrl { url: String, reason: &'static str },
    /// Text that is not a credential id.
    #[error("a credential id is unpadded base64url text of 1 to 1023 bytes")]
    CredentialId,
    /// The browser's answer is not a credential of the expected shape.
    #[error("the browser's answer is not a WebAuthn credential: {0}")]
    Answer(String),
    /// The stored ceremony state cannot be read.
    #[error("the ceremony's stored state is unreadable: {0}")]
    State(String),
    /// A stored passkey cannot be read (or is not the credential it is
    /// stored as).
    #[error("a stored passkey is unreadable: {0}")]
    Stored(String),
    /// The answer carries no user handle that is an account's id.
    #[error("the passkey does not say which account it belongs to")]
    NoAccount,
    /// The answer's credential is not among the account's passkeys.
    #[error("the passkey is not one of this account's")]
    UnknownPasskey,
    /// The browser says the authenticator did not keep the passkey
    /// (`credProps.rk` false): it could not sign in without a name.
    #[error("the authenticator did not keep the passkey, so it could not sign in without a name")]
    NotDiscoverable,
    /// WebAuthn refused the answer: a wrong challenge, origin, relying
    /// party, signature, or no user verification.
    #[error("the passkey was refused: {0}")]
    Refused(#[source] WebauthnError),
    /// Starting a ceremony failed (an empty account name, say).
    #[error("the passkey ceremony could not start: {0}")]
    Start(#[source] WebauthnError),
    /// Writing JSON failed (it does not for these types).
    #[error("JSON: {0}")]
    Json(#[from] serde_json::Error),
}

/// A credential's id, as unpadded base64url text (as WebAuthn's JSON and
/// the browser's `credential.id` write it): the key a passkey is stored
/// and revoked under.
#[derive(
    Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(try_from = "String", into = "String")]
pub struct CredentialId(String);

impl CredentialId {
    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    fn from_bytes(bytes: &[u8]) -> Result<Self, PasskeyError> {
        if bytes.is_empty() || bytes.len() > MAX_CREDENTIAL_ID_BYTES {
            return Err(PasskeyError::CredentialId);
        }
        Ok(CredentialId(URL_SAFE_NO_PAD.encode(bytes)))
    }

    fn to_bytes(&self) -> Result<Vec<u8>, PasskeyError> {
        URL_SAFE_NO_PAD
            .decode(&self.0)
            .map_err(|_| PasskeyError::CredentialId)
    }
}

impl fmt::Display for CredentialId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl TryFrom<String> for CredentialId {
    type Error = PasskeyError;

    fn try_from(text: String) -> Result<Self, Self::Error> {
        text.parse()
    }
}

impl From<CredentialId> for String {
    fn from(id: CredentialId) -> String {
        id.0
    }
}

impl FromStr for CredentialId {
    type Err = PasskeyError;

    /// Unpadded base64url of 1 to 1023 bytes, written the one way it
    /// encodes (so one credential has one text).
    ///
    /// ```
    /// use accounts::passkeys::CredentialId;
    ///
    /// let id: CredentialId = "AQID".parse()?;
    /// assert_eq!(id.as_str(), "AQID");
    /// assert!("AQID=".parse::<CredentialId>().is_err());
    /// assert!("a+b/".parse::<CredentialId>().is_err());
    /// # Ok::<(), accounts::passkeys::PasskeyError>(())
    /// ```
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        // 1023 bytes are 1364 characters; refuse longer text undecoded.
        if text.len() > 1364 {
            return Err(PasskeyError::CredentialId);
        }
        let bytes = URL_SAFE_NO_PAD
            .decode(text)
            .map_err(|_| PasskeyError::CredentialId)?;
        CredentialId::from_bytes(&bytes)
    }
}

/// A passkey just added: its id and what the server stores of it (the JSON
/// of `webauthn-rs`'s `Passkey`: public key, algorithm, counter, backup
/// flags). No secret is in it.
#[derive(Clone, Debug)]
pub struct NewPasskey {
    pub id: CredentialId,
    pub stored: String,
}

/// A passkey as the server stored it ([`NewPasskey`], or the `updated`
/// JSON of a [`SignedIn`]).
#[derive(Clone, Debug)]
pub struct StoredPasskey {
    pub id: CredentialId,
    pub stored: String,
}

/// A passkey sign-in that succeeded: which passkey signed, and its new
/// stored JSON when its counter or backup state changed (the server stores
/// it, so a cloned authenticator's older counter is refused next time).
#[derive(Clone, Debug)]
pub struct SignedIn {
    pub id: CredentialId,
    pub updated: Option<String>,
}

/// The relying party: its id (the public URL's host) and origin, from the
/// server's public URL.
#[derive(Clone, Debug)]
pub struct RelyingParty {
    id: String,
    origin: String,
    webauthn: Webauthn,
}

impl RelyingParty {
    /// The relying party of the public URL `public_url` (its path, if any,
    /// does not matter: passkeys are bound to the host).
    ///
    /// Err when the URL is not http(s), has no host, or its host is an IP
    /// address (WebAuthn refuses those; a server listening on a loopback
    /// address defaults to `http://localhost:PORT`), or when it is plain
    /// http on a host other than `localhost` (browsers offer passkeys only
    /// to secure pages, and `http://localhost` is one). The error says which.
    ///
    /// ```
    /// use accounts::passkeys::RelyingParty;
    ///
    /// let party = RelyingParty::new("https://towers.example.org")?;
    /// assert_eq!(party.id(), "towers.example.org");
    /// assert_eq!(party.origin(), "https://towers.example.org");
    /// let local = RelyingParty::new("http://localhost:8080")?;
    /// assert_eq!((local.id(), local.origin()), ("localhost", "http://localhost:8080"));
    /// let refused = RelyingParty::new("http://127.0.0.1:8080").unwrap_err();
    /// assert!(refused.to_string().contains("IP address"));
    /// # Ok::<(), accounts::passkeys::PasskeyError>(())
    /// ```
    pub fn new(public_url: &str) -> Result<RelyingParty, PasskeyError> {
        let refuse = |reason| PasskeyError::PublicUrl {
            url: public_url.to_string(),
            reason,
        };
        let url = Url::parse(public_url).map_err(|_| refuse("is not a URL"))?;
        let https = match url.scheme() {
            "https" => true,
            "http" => false,
            _ => return Err(refuse("is not http:// or https://")),
        };
        let id = match url.host() {
            Some(Host::Domain(domain)) if !domain.is_empty() => domain.to_string(),
            Some(Host::Ipv4(_) | Host::Ipv6(_)) => {
                return Err(refuse(
                    "has an IP address for its host, which WebAuthn refuses: \
                     give a name (http://localhost:PORT on this machine)",
                ))
            }
            _ => return Err(refuse("has no host")),
        };
        if !https && id != "localhost" && !id.ends_with(".localhost") {
            return Err(refuse(
                "is plain http on a host other than localhost, where browsers \
                 offer no passkeys: use https://",
            ));
        }
        let origin = url.origin().ascii_serialization();
        let origin_url = Url::parse(&origin).map_err(|_| refuse("has no origin"))?;
        let webauthn = WebauthnBuilder::new(&id, &origin_url)
            .and_then(|builder| {
                builder
                    .timeout(Duration::from_secs(CEREMONY_SECONDS))
                    .build()
            })
            .map_err(|_| refuse("cannot be a WebAuthn relying party"))?;
        Ok(RelyingParty {
            id,
            origin,
            webauthn,
        })
    }

    /// The origin the browser's answers must come from: `scheme://host[:port]`.
    pub fn origin(&self) -> &str {
        &self.origin
    }

    /// The relying party's id: the public URL's host, which passkeys are
    /// bound to (they survive a change of port or path, not of host).
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Starts adding a passkey to the account `user` (a stable uuid the
    /// server keeps per account: the passkey's user handle, which a
    /// sign-in's answer gives back) whose name is `name` (shown by the
    /// authenticator in its list of accounts; the passkey's own label is
    /// the server's to keep). `existing` are the account's credential ids,
    /// which the browser will not register again.
    ///
    /// Returns the options for the browser, `{"publicKey": {…}}` (see the
    /// [module](self) for how the page uses them), and the ceremony's state
    /// as a JSON string for the server to keep until
    /// [`finish_registration`](Self::finish_registration).
    ///
    /// The options ask for a discoverable credential (`residentKey`
    /// `"required"`) with user verification required, ES256 or RS256
    /// keys, and no attestation.
    ///
    /// ```
    /// use accounts::passkeys::RelyingParty;
    /// use uuid::Uuid;
    ///
    /// let party = RelyingParty::new("https://towers.example.org")?;
    /// let (options, state) = party.start_registration(Uuid::from_u128(7), "claire", &[])?;
    /// let selection = &options["publicKey"]["authenticatorSelection"];
    /// assert_eq!(selection["residentKey"], "required");
    /// assert_eq!(selection["userVerification"], "required");
    /// assert_eq!(options["publicKey"]["user"]["name"], "claire");
    /// assert!(state.starts_with('{'));
    /// # Ok::<(), accounts::passkeys::PasskeyError>(())
    /// ```
    pub fn start_registration(
        &self,
        user: Uuid,
        name: &str,
        existing: &[CredentialId],
    ) -> Result<(Value, String), PasskeyError> {
        let exclude = existing
            .iter()
            .map(|id| id.to_bytes().map(CredentialID::from))
            .collect::<Result<Vec<_>, _>>()?;
        let exclude = (!exclude.is_empty()).then_some(exclude);
        let (challenge, state) = self
            .webauthn
            .start_passkey_registration(user, name, name, exclude)
            .map_err(PasskeyError::Start)?;
        let mut options = serde_json::to_value(&challenge)?;
        // webauthn-rs asks for a resident key only as "discouraged" (it
        // fears filling security keys' few slots); a name-less sign-in needs
        // the authenticator to keep the credential, so it is required.
        // (The state does not hold this choice; only the options do.)
        let selection = options
            .pointer_mut("/publicKey/authenticatorSelection")
            .and_then(Value::as_object_mut)
            .ok_or(PasskeyError::Start(WebauthnError::Configuration))?;
        selection.insert("residentKey".into(), "required".into());
        selection.insert("requireResidentKey".into(), true.into());
        Ok((options, serde_json::to_string(&state)?))
    }

    /// Finishes adding a passkey: `state` is what
    /// [`start_registration`](Self::start_registration) gave, `answer` the
    /// browser's `credential.toJSON()`. Returns the new passkey for the
    /// server to store under the account, after checking that no account
    /// has its credential id already (a unique key).
    pub fn finish_registration(
        &self,
        state: &str,
        answer: &Value,
    ) -> Result<NewPasskey, PasskeyError> {
        let state: PasskeyRegistration =
            serde_json::from_str(state).map_err(|error| PasskeyError::State(error.to_string()))?;
        let answer = RegisterPublicKeyCredential::deserialize(answer)
            .map_err(|error| PasskeyError::Answer(error.to_string()))?;
        if answer
            .extensions
            .cred_props
            .as_ref()
            .and_then(|props| props.rk)
            == Some(false)
        {
            return Err(PasskeyError::NotDiscoverable);
        }
        let passkey = self
            .webauthn
            .finish_passkey_registration(&answer, &state)
            .map_err(PasskeyError::Refused)?;
        Ok(NewPasskey {
            id: CredentialId::from_bytes(passkey.cred_id())?,
            stored: serde_json::to_string(&passkey)?,
        })
    }

    /// Starts a sign-in with a discoverable credential: no name needed.
    /// Returns the options for the browser (`{"publicKey": {…}}`, with no
    /// `allowCredentials`: the authenticator offers the passkeys it keeps
    /// for this relying party) and the state for the server to keep.
    ///
    /// ```
    /// use accounts::passkeys::RelyingParty;
    ///
    /// let party = RelyingParty::new("http://localhost:8080")?;
    /// let (options, _state) = party.start_sign_in()?;
    /// assert_eq!(options["publicKey"]["rpId"], "localhost");
    /// assert_eq!(options["publicKey"]["userVerification"], "required");
    /// # Ok::<(), accounts::passkeys::PasskeyError>(())
    /// ```
    pub fn start_sign_in(&self) -> Result<(Value, String), PasskeyError> {
        let (mut challenge, state) = self
            .webauthn
            .start_discoverable_authentication()
            .map_err(PasskeyError::Start)?;
        // webauthn-rs asks for conditional mediation (the name field's
        // autofill); the page chooses that itself, so the options leave it
        // out and a plain `get` shows the browser's dialog.
        challenge.mediation = None;
        Ok((
            serde_json::to_value(&challenge)?,
            serde_json::to_string(&state)?,
        ))
    }

    /// Which account (user uuid) and credential the browser's sign-in
    /// answer claims, before it is checked, so that the server can load
    /// that account's passkeys. Nothing here is verified yet: only
    /// [`finish_sign_in`](Self::finish_sign_in) says whether to believe it.
    pub fn identify(&self, answer: &Value) -> Result<(Uuid, CredentialId), PasskeyError> {
        let answer = PublicKeyCredential::deserialize(answer)
            .map_err(|error| PasskeyError::Answer(error.to_string()))?;
        let (user, credential) = self
            .webauthn
            .identify_discoverable_authentication(&answer)
            .map_err(|_| PasskeyError::NoAccount)?;
        Ok((user, CredentialId::from_bytes(credential)?))
    }

    /// Checks the browser's sign-in answer against the ceremony's `state`
    /// and the passkeys of the account [`identify`](Self::identify) named
    /// (as stored; pass only that account's). Returns which passkey signed
    /// and, when its counter or backup state changed, its new stored JSON.
    pub fn finish_sign_in(
        &self,
        state: &str,
        answer: &Value,
        stored: &[StoredPasskey],
    ) -> Result<SignedIn, PasskeyError> {
        let state: DiscoverableAuthentication =
            serde_json::from_str(state).map_err(|error| PasskeyError::State(error.to_string()))?;
        let answer = PublicKeyCredential::deserialize(answer)
            .map_err(|error| PasskeyError::Answer(error.to_string()))?;
        let id = CredentialId::from_bytes(answer.get_credential_id())?;
        let stored = stored
            .iter()
            .find(|passkey| passkey.id == id)
            .ok_or(PasskeyError::UnknownPasskey)?;
        let mut passkey: Passkey = serde_json::from_str(&stored.stored)
            .map_err(|error| PasskeyError::Stored(error.to_string()))?;
        if passkey.cred_id().as_slice() != answer.get_credential_id() {
            return Err(PasskeyError::Stored(format!(
                "the passkey stored as {id} is another credential"
            )));
        }
        let result = self
            .webauthn
            .finish_discoverable_authentication(&answer, state, &[DiscoverableKey::from(&passkey)])
            .map_err(PasskeyError::Refused)?;
        let updated = match passkey.update_credential(&result) {
            Some(true) => Some(serde_json::to_string(&passkey)?),
            _ => None,
        };
        Ok(SignedIn { id, updated })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_urls() {
        for (url, id, origin) in [
            (
                "http://localhost:8080",
                "localhost",
                "http://localhost:8080",
            ),
            ("http://localhost", "localhost", "http://localhost"),
            (
                "https://towers.example.org",
                "towers.example.org",
                "https://towers.example.org",
            ),
            (
                "https://Towers.Example.org:8443/play/",
                "towers.example.org",
                "https://towers.example.org:8443",
            ),
            (
                "https://towers.example.org:443",
                "towers.example.org",
                "https://towers.example.org",
            ),
            (
                "http://towers.localhost:3000",
                "towers.localhost",
                "http://towers.localhost:3000",
            ),
        ] {
            let party = RelyingParty::new(url).unwrap();
            assert_eq!((party.id(), party.origin()), (id, origin), "{url}");
        }
        for (url, words) in [
            ("http://127.0.0.1:8080", "IP address"),
            ("http://[::1]:8080", "IP address"),
            ("https://192.0.2.1", "IP address"),
            ("ftp://x", "not http"),
            ("not a url", "not a URL"),
            ("", "not a URL"),
            ("file:///srv/towers", "not http"),
            ("http://towers.example.org", "plain http"),
            ("https://", "not a URL"),
        ] {
            let error = RelyingParty::new(url).unwrap_err();
            assert!(matches!(error, PasskeyError::PublicUrl { .. }), "{url}");
            assert!(error.to_string().contains(words), "{url}: {error}");
        }
    }

    #[test]
    fn credential_ids_have_one_text() {
        let id: CredentialId = "AQID".parse().unwrap();
        assert_eq!(id.to_bytes().unwrap(), [1, 2, 3]);
        assert_eq!(id.to_string(), "AQID");
        assert_eq!(CredentialId::from_bytes(&[1, 2, 3]).unwrap(), id);
        let longest = URL_SAFE_NO_PAD.encode([7u8; 1023]);
        assert!(longest.parse::<CredentialId>().is_ok());
        for junk in [
            "",
            "AQID=",
            "AQ ID",
            "a+b/",
            "AQIE=",
            "A",
            // Non-zero trailing bits.
            "AR",
            &URL_SAFE_NO_PAD.encode([7u8; 1024]),
            &"A".repeat(100_000),
        ] {
            assert!(junk.parse::<CredentialId>().is_err(), "{junk:?}");
        }
    }
}
