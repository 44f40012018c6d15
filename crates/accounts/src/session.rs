//! Sessions: what signing in opens.
//!
//! A session id is 256 bits from the OS's random source, sent to the browser
//! once in an `HttpOnly` cookie and kept by the server only as its SHA-256
//! ([`SessionId::hash`]), so neither a database dump nor a log signs anyone
//! in. A session ends after [`IDLE_DAYS`] days without a request
//! ([`alive`]); the server stamps the last request and may send
//! [`set_cookie`] again to renew the cookie's lifetime.
//!
//! ```
//! use accounts::session::{self, SessionId};
//!
//! let id = SessionId::new();
//! let header = session::set_cookie(&id, true);
//! assert!(header.starts_with("towers_session="));
//! // The browser sends it back among its other cookies.
//! let cookie = format!("theme=dark; towers_session={}", id.as_str());
//! let back = session::from_cookie_header(&cookie).expect("the session cookie");
//! assert_eq!(back.hash(), id.hash());
//! ```

use std::fmt;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use cookie::{Cookie, SameSite};
use rand::rngs::OsRng;
use rand::TryRngCore;
use sha2::{Digest, Sha256};

/// Days without a request after which a session ends.
pub const IDLE_DAYS: u64 = 30;
/// The session cookie's name.
pub const COOKIE: &str = "towers_session";

/// An id's random bytes: 256 bits.
const BYTES: usize = 32;
/// An id's length as unpadded base64url text.
const CHARS: usize = 43;
const IDLE_SECONDS: u64 = IDLE_DAYS * 24 * 60 * 60;

/// A session id: 256 bits from the OS's random source, as unpadded
/// base64url text (43 characters: cookie-safe as it is).
///
/// Its `Debug` does not show the id, so that logging a value that holds
/// one does not leak a way in.
#[derive(Clone)]
pub struct SessionId(String);

impl SessionId {
    /// A new random session id.
    ///
    /// # Panics
    ///
    /// When the operating system refuses random bytes, which a running
    /// system does not (a server without them could not open a session
    /// safely anyway).
    ///
    /// ```
    /// let id = accounts::session::SessionId::new();
    /// assert_eq!(id.as_str().len(), 43);
    /// ```
    #[allow(clippy::new_without_default)] // A default id would hide that it is random.
    pub fn new() -> Self {
        let mut bytes = [0u8; BYTES];
        OsRng
            .try_fill_bytes(&mut bytes)
            .expect("the operating system's random source");
        SessionId(URL_SAFE_NO_PAD.encode(bytes))
    }

    /// The id as text: what the cookie carries.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// SHA-256 of the id's text, as 64 lowercase hex digits: all the
    /// database keeps (a session is looked up by it).
    ///
    /// ```
    /// let id = accounts::session::SessionId::new();
    /// assert_eq!(id.hash().len(), 64);
    /// assert_eq!(id.hash(), id.clone().hash());
    /// ```
    pub fn hash(&self) -> String {
        hex(&Sha256::digest(self.0.as_bytes()))
    }

    /// A session id a client sent, or `None` when it is not one: anything
    /// but 43 characters of unpadded base64url that decode to 32 bytes.
    ///
    /// ```
    /// use accounts::session::SessionId;
    ///
    /// let id = SessionId::new();
    /// assert!(SessionId::parse(id.as_str()).is_some());
    /// assert!(SessionId::parse("not a session").is_none());
    /// ```
    pub fn parse(text: &str) -> Option<SessionId> {
        if text.len() != CHARS {
            return None;
        }
        // The engine refuses other alphabets, padding and non-zero trailing
        // bits, so one id has exactly one text (and one hash).
        let bytes = URL_SAFE_NO_PAD.decode(text).ok()?;
        (bytes.len() == BYTES).then(|| SessionId(text.to_string()))
    }
}

impl fmt::Debug for SessionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SessionId(…)")
    }
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    bytes
        .iter()
        .flat_map(|byte| {
            [
                DIGITS[usize::from(byte >> 4)],
                DIGITS[usize::from(byte & 15)],
            ]
        })
        .map(char::from)
        .collect()
}

/// The session cookie with its attributes: not readable by scripts
/// (`HttpOnly`), not sent on other sites' subrequests and posts
/// (`SameSite=Lax`), for every path, and `Secure` when the request came over
/// HTTPS (a browser refuses `Secure` cookies from plain-HTTP pages).
fn base(value: &str, secure: bool) -> cookie::CookieBuilder<'_> {
    Cookie::build((COOKIE, value))
        .http_only(true)
        .same_site(SameSite::Lax)
        .path("/")
        .secure(secure)
}

/// The Set-Cookie value that opens a session:
/// `towers_session=ID; HttpOnly; SameSite=Lax; Path=/; Max-Age=2592000`,
/// with `; Secure` after `SameSite=Lax` when `secure` (the request came over
/// HTTPS). The `cookie` crate writes the attributes in that order.
///
/// ```
/// use accounts::session::{set_cookie, SessionId};
///
/// let id = SessionId::new();
/// assert_eq!(
///     set_cookie(&id, true),
///     format!("towers_session={}; HttpOnly; SameSite=Lax; Secure; Path=/; Max-Age=2592000", id.as_str()),
/// );
/// ```
pub fn set_cookie(id: &SessionId, secure: bool) -> String {
    // 30 days in seconds fits an i64.
    let max_age = cookie::time::Duration::seconds(IDLE_SECONDS as i64);
    base(id.as_str(), secure)
        .max_age(max_age)
        .build()
        .to_string()
}

/// The Set-Cookie value that removes the session cookie (empty, `Max-Age=0`),
/// with the attributes of [`set_cookie`] so that it replaces that cookie.
///
/// ```
/// assert_eq!(
///     accounts::session::clear_cookie(false),
///     "towers_session=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0",
/// );
/// ```
pub fn clear_cookie(secure: bool) -> String {
    base("", secure)
        .max_age(cookie::time::Duration::ZERO)
        .build()
        .to_string()
}

/// The session id in a request's `Cookie` header, if any and well-formed.
///
/// The header is `name=value` pairs separated by `;`; pairs that are not
/// cookies are skipped. When the cookie comes more than once, the first
/// well-formed id wins (browsers send the cookie of the longest path first).
/// A request with several `Cookie` headers: call this on each, or on them
/// joined with `"; "`.
///
/// ```
/// use accounts::session::{from_cookie_header, SessionId};
///
/// let id = SessionId::new();
/// let header = format!("a=1; towers_session={}; b=2", id.as_str());
/// assert_eq!(from_cookie_header(&header).map(|found| found.hash()), Some(id.hash()));
/// assert!(from_cookie_header("towers_session=forged").is_none());
/// ```
pub fn from_cookie_header(header: &str) -> Option<SessionId> {
    Cookie::split_parse(header)
        .filter_map(Result::ok)
        .filter(|cookie| cookie.name() == COOKIE)
        .find_map(|cookie| SessionId::parse(cookie.value()))
}

/// Whether a session last seen at `last_seen_ms` is still alive at `now_ms`
/// (both milliseconds since the Unix epoch): fewer than [`IDLE_DAYS`] days
/// between them. A last sighting after `now_ms` (clocks of two instances
/// a little apart) counts as just now.
///
/// ```
/// use accounts::session::alive;
///
/// let day = 24 * 60 * 60 * 1000;
/// assert!(alive(0, 29 * day));
/// assert!(!alive(0, 31 * day));
/// ```
pub fn alive(last_seen_ms: i64, now_ms: i64) -> bool {
    let idle_ms = i128::from(now_ms) - i128::from(last_seen_ms);
    idle_ms < i128::from(IDLE_SECONDS) * 1000
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    const DAY_MS: i64 = 24 * 60 * 60 * 1000;

    #[test]
    fn ids_are_unique_256_bit_base64url() {
        let ids: Vec<SessionId> = (0..1000).map(|_| SessionId::new()).collect();
        let texts: HashSet<&str> = ids.iter().map(SessionId::as_str).collect();
        assert_eq!(texts.len(), ids.len());
        for id in &ids {
            assert_eq!(id.as_str().len(), 43);
            assert_eq!(URL_SAFE_NO_PAD.decode(id.as_str()).unwrap().len(), 32);
            assert!(id
                .as_str()
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
        }
        // 256 bits: over a thousand ids every bit position takes both values.
        for bit in 0..256 {
            let ones = ids
                .iter()
                .filter(|id| {
                    let bytes = URL_SAFE_NO_PAD.decode(id.as_str()).unwrap();
                    bytes[bit / 8] >> (bit % 8) & 1 == 1
                })
                .count();
            assert!((100..900).contains(&ones), "bit {bit}: {ones} ones");
        }
    }

    #[test]
    fn the_hash_is_stable_hex_sha256_without_the_id() {
        let id = SessionId::new();
        let hash = id.hash();
        assert_eq!(hash, SessionId::parse(id.as_str()).unwrap().hash());
        assert_eq!(hash.len(), 64);
        assert!(hash
            .bytes()
            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()));
        assert!(!hash.contains(id.as_str()));
        assert_ne!(hash, SessionId::new().hash());
        // SHA-256 of the text, as any other implementation computes it.
        let known = SessionId("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA".to_string());
        assert_eq!(
            known.hash(),
            hex(&Sha256::digest(
                b"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
            ))
        );
        assert!(!format!("{id:?}").contains(id.as_str()));
    }

    #[test]
    fn parse_refuses_junk() {
        let id = SessionId::new();
        let text = id.as_str();
        assert!(SessionId::parse(text).is_some());
        assert!(SessionId::parse(&"A".repeat(43)).is_some());
        for junk in [
            String::new(),
            text[..42].to_string(),
            format!("{text}A"),
            format!("{text}="),
            format!("{}+", &text[..42]),
            format!("{}/", &text[..42]),
            format!("{} ", &text[..42]),
            format!("{}é", &text[..41]),
            // Non-zero trailing bits: another text of nearly the same bytes.
            format!("{}B", "A".repeat(42)),
            "0".repeat(64),
        ] {
            assert!(SessionId::parse(&junk).is_none(), "{junk:?}");
        }
    }

    #[test]
    fn cookies_are_exactly_as_specified() {
        let id = SessionId::parse("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ").unwrap();
        assert_eq!(
            set_cookie(&id, false),
            "towers_session=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ; HttpOnly; SameSite=Lax; Path=/; Max-Age=2592000"
        );
        assert_eq!(
            set_cookie(&id, true),
            "towers_session=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ; HttpOnly; SameSite=Lax; Secure; Path=/; Max-Age=2592000"
        );
        assert_eq!(
            clear_cookie(false),
            "towers_session=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0"
        );
        assert_eq!(
            clear_cookie(true),
            "towers_session=; HttpOnly; SameSite=Lax; Secure; Path=/; Max-Age=0"
        );
    }

    #[test]
    fn the_cookie_is_found_among_others_and_junk_is_ignored() {
        let id = SessionId::new();
        let text = id.as_str();
        let found = |header: &str| from_cookie_header(header).map(|id| id.as_str().to_string());
        assert_eq!(found(&format!("towers_session={text}")), Some(text.into()));
        assert_eq!(
            found(&format!("theme=dark; towers_session={text}; lang=en")),
            Some(text.into())
        );
        assert_eq!(
            found(&format!(
                "junk;; =x; towers_session=short; towers_session={text}"
            )),
            Some(text.into())
        );
        assert_eq!(
            found(&format!("a=1;towers_session={text}")),
            Some(text.into())
        );
        assert_eq!(found(""), None);
        assert_eq!(found("theme=dark"), None);
        assert_eq!(found("towers_session="), None);
        assert_eq!(found(&format!("towers_session_x={text}")), None);
        assert_eq!(found(&format!("xtowers_session={text}")), None);
        assert_eq!(found(&format!("towers_session=\"{text}\" ")), None);
        assert_eq!(found(&format!("towers_session={text}x")), None);
        assert_eq!(found(&"; ".repeat(10_000)), None);
    }

    #[test]
    fn sessions_live_thirty_idle_days() {
        let start = 1_700_000_000_000;
        assert!(alive(start, start));
        assert!(alive(start, start + 29 * DAY_MS));
        assert!(alive(start, start + 30 * DAY_MS - 1));
        assert!(!alive(start, start + 30 * DAY_MS));
        assert!(!alive(start, start + 31 * DAY_MS));
        // A sighting slightly in the future, and the extremes, do not overflow.
        assert!(alive(start + 1000, start));
        assert!(!alive(i64::MIN, i64::MAX));
        assert!(alive(i64::MAX, i64::MIN));
    }
}
