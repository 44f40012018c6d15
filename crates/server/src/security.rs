//! Seat tokens, who a client is, the per-client rate limit and the
//! security headers of every response.
//!
//! A token is 128 random bits shown once to whoever takes the seat; the
//! database keeps only its SHA-256, so neither a database dump nor a log
//! can be used to move for a seat.
//!
//! A client is its IPv4 address or its IPv6 /64 (one host is given a whole
//! /64, so a per-address limit would not hold it back). Behind a reverse
//! proxy the connection's address is the proxy's, so the server can be told
//! to trust the proxy's `X-Forwarded-For`; it never does by default, since
//! any client can send that header.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::Mutex;
use std::time::Instant;

use rand::RngCore;
use sha2::{Digest, Sha256};

/// A fresh secret token, as 32 hex digits.
pub fn new_token() -> String {
    let mut bytes = [0u8; 16];
    rand::rng().fill_bytes(&mut bytes);
    hex(&bytes)
}

/// What the database keeps of a token.
pub fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
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

/// The client an address belongs to: an IPv4 address, or the /64 of an
/// IPv6 one (IPv4-mapped addresses count as IPv4).
pub fn client_key(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V4(_) => address,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let prefix = u128::from(v6) & !((1u128 << 64) - 1);
                IpAddr::V6(Ipv6Addr::from(prefix))
            }
        },
    }
}

/// The client of a request from `peer`: the last address of
/// `X-Forwarded-For` (the one the trusted proxy saw) when proxies are
/// trusted and the header is readable, else the peer itself.
pub fn client_of(peer: IpAddr, forwarded_for: Option<&str>, trust_proxy: bool) -> IpAddr {
    let forwarded = forwarded_for
        .filter(|_| trust_proxy)
        .and_then(|header| header.rsplit(',').next())
        .and_then(|last| last.trim().parse().ok());
    client_key(forwarded.unwrap_or(peer))
}

/// The headers every response carries: the pages load only their own
/// scripts (a seat token in localStorage must not be readable by injected
/// code), cannot be framed, and do not leak their address to other sites.
pub const SECURITY_HEADERS: [(&str, &str); 5] = [
    (
        "content-security-policy",
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
         img-src 'self' data:; connect-src 'self' ws: wss:; object-src 'none'; \
         base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    ),
    ("x-content-type-options", "nosniff"),
    ("x-frame-options", "DENY"),
    ("referrer-policy", "no-referrer"),
    ("cross-origin-opener-policy", "same-origin"),
];

/// A token bucket per client: `per_second` requests on average,
/// bursts of twice that.
pub struct RateLimiter {
    per_second: f64,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

/// A token bucket: `per_second` on average, bursts of twice that.
pub struct Bucket {
    per_second: f64,
    tokens: f64,
    updated: Instant,
}

impl Bucket {
    pub fn new(per_second: f64) -> Bucket {
        Bucket {
            per_second,
            tokens: 2.0 * per_second,
            updated: Instant::now(),
        }
    }

    /// Takes one token; false when there is none.
    pub fn take(&mut self) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.updated).as_secs_f64() * self.per_second;
        self.tokens = (self.tokens + refill).min(2.0 * self.per_second);
        self.updated = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Buckets idle this long are forgotten, so the table stays small.
const FORGET_AFTER_SECONDS: f64 = 60.0;

impl RateLimiter {
    pub fn new(per_second: u32) -> RateLimiter {
        RateLimiter {
            per_second: f64::from(per_second),
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one request from `client`'s bucket; false when it is empty.
    pub fn allow(&self, client: IpAddr) -> bool {
        let now = Instant::now();
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        if buckets.len() > 10_000 {
            buckets.retain(|_, bucket| {
                now.duration_since(bucket.updated).as_secs_f64() < FORGET_AFTER_SECONDS
            });
        }
        buckets
            .entry(client_key(client))
            .or_insert_with(|| Bucket::new(self.per_second))
            .take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_unique_and_only_their_hash_matches() {
        let (one, two) = (new_token(), new_token());
        assert_ne!(one, two);
        assert_eq!(one.len(), 32);
        assert_eq!(token_hash(&one), token_hash(&one));
        assert_ne!(token_hash(&one), token_hash(&two));
        assert!(!token_hash(&one).contains(&one));
    }

    #[test]
    fn a_client_gets_its_burst_and_then_is_refused_while_others_are_not() {
        let limiter = RateLimiter::new(5);
        let client: IpAddr = "10.0.0.1".parse().unwrap();
        let allowed = (0..20).filter(|_| limiter.allow(client)).count();
        assert_eq!(allowed, 10, "a burst of twice the rate");
        assert!(limiter.allow("10.0.0.2".parse().unwrap()));
    }

    #[test]
    fn a_client_is_an_ipv4_address_or_an_ipv6_64() {
        let key = |text: &str| client_key(text.parse().unwrap()).to_string();
        assert_eq!(key("192.0.2.7"), "192.0.2.7");
        assert_eq!(key("2001:db8:1:2:aaaa::1"), "2001:db8:1:2::");
        assert_eq!(key("2001:db8:1:2:ffff::9"), "2001:db8:1:2::");
        assert_eq!(key("::ffff:192.0.2.7"), "192.0.2.7");
    }

    #[test]
    fn forwarded_for_counts_only_when_proxies_are_trusted() {
        let peer: IpAddr = "127.0.0.1".parse().unwrap();
        let header = Some("198.51.100.1, 203.0.113.9");
        assert_eq!(client_of(peer, header, false), peer);
        assert_eq!(client_of(peer, header, true).to_string(), "203.0.113.9");
        assert_eq!(client_of(peer, Some("garbage"), true), peer);
        assert_eq!(client_of(peer, None, true), peer);
    }
}
