//! Seat tokens and the per-client rate limit.
//!
//! A token is 128 random bits shown once to whoever takes the seat; the
//! database keeps only its SHA-256, so neither a database dump nor a log
//! can be used to move for a seat.

use std::collections::HashMap;
use std::net::IpAddr;
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

/// A token bucket per client address: `per_second` requests on average,
/// bursts of twice that.
pub struct RateLimiter {
    per_second: f64,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

struct Bucket {
    tokens: f64,
    updated: Instant,
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
        let burst = 2.0 * self.per_second;
        let mut buckets = self.buckets.lock().expect("rate limiter lock");
        if buckets.len() > 10_000 {
            buckets.retain(|_, bucket| {
                now.duration_since(bucket.updated).as_secs_f64() < FORGET_AFTER_SECONDS
            });
        }
        let bucket = buckets.entry(client).or_insert(Bucket {
            tokens: burst,
            updated: now,
        });
        let refill = now.duration_since(bucket.updated).as_secs_f64() * self.per_second;
        bucket.tokens = (bucket.tokens + refill).min(burst);
        bucket.updated = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            true
        } else {
            false
        }
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
}
