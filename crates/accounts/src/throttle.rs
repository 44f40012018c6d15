//! Sign-in throttling: failures per key in a sliding window.
//!
//! The server keeps one [`Throttle`] per kind of key — an account name's
//! skeleton, a client address — each with a limit of 10 failures in
//! 10 minutes, and answers 429 with `Retry-After` while either holds a
//! sign-in back. It lives in memory: a restart forgets it, and each server
//! instance counts its own failures (a limit per instance, which still
//! bounds guessing).
//!
//! ```
//! use std::time::{Duration, Instant};
//! use accounts::throttle::Throttle;
//!
//! let throttle = Throttle::new(10, Duration::from_secs(600));
//! let start = Instant::now();
//! for _ in 0..10 {
//!     assert!(throttle.check(&"claire", start).is_ok());
//!     throttle.failed("claire", start);
//! }
//! let wait = throttle.check(&"claire", start).unwrap_err();
//! assert_eq!(wait, Duration::from_secs(600));
//! assert!(throttle.check(&"claire", start + wait).is_ok());
//! ```

use std::collections::{HashMap, VecDeque};
use std::hash::Hash;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// The most keys a [`Throttle`] holds unless told otherwise
/// ([`Throttle::with_max_keys`]): a few tens of megabytes at most, with ten
/// failures a key.
pub const DEFAULT_MAX_KEYS: usize = 100_000;

/// Sign-in failures per key (an account name's skeleton, a client address)
/// in a sliding window: after `limit` failures within `window` the key is
/// refused until the oldest of them leaves the window.
///
/// It is shared between requests (in an `Arc`): its table is behind a
/// mutex, held for a few operations at a time.
#[derive(Debug)]
pub struct Throttle<K> {
    limit: usize,
    window: Duration,
    max_keys: usize,
    /// Each key's failures within the window, oldest first, at most `limit`
    /// of them (older ones no longer decide anything).
    failures: Mutex<HashMap<K, VecDeque<Instant>>>,
}

impl<K: Hash + Eq + Clone> Throttle<K> {
    /// A throttle that refuses a key after `limit` failures within
    /// `window` (the server uses 10 and 10 minutes), holding at most
    /// [`DEFAULT_MAX_KEYS`] keys.
    ///
    /// A `limit` of 0 is taken as 1.
    pub fn new(limit: usize, window: Duration) -> Self {
        Throttle {
            limit: limit.max(1),
            window,
            max_keys: DEFAULT_MAX_KEYS,
            failures: Mutex::new(HashMap::new()),
        }
    }

    /// The same throttle holding at most `max_keys` keys (at least 1).
    ///
    /// When a failure of a new key finds the table full, the keys with no
    /// failure left in the window go first; if none does, the key whose
    /// latest failure is the oldest is forgotten. A flood of fresh keys
    /// therefore cannot grow the table, at the price of forgetting the
    /// quietest key while the flood lasts.
    pub fn with_max_keys(mut self, max_keys: usize) -> Self {
        self.max_keys = max_keys.max(1);
        self
    }

    /// `Err(retry_after)` when `key` is held back at `now`: it failed
    /// `limit` times within the window before `now`. `retry_after` (at most
    /// the window) is when the oldest of those failures leaves the window;
    /// [`retry_after_seconds`] turns it into a `Retry-After` value.
    ///
    /// ```
    /// use std::time::{Duration, Instant};
    /// use accounts::throttle::Throttle;
    ///
    /// let throttle = Throttle::new(1, Duration::from_secs(60));
    /// let start = Instant::now();
    /// throttle.failed("192.0.2.7", start);
    /// let later = start + Duration::from_secs(45);
    /// assert_eq!(throttle.check(&"192.0.2.7", later), Err(Duration::from_secs(15)));
    /// assert_eq!(throttle.check(&"192.0.2.8", later), Ok(()));
    /// ```
    pub fn check(&self, key: &K, now: Instant) -> Result<(), Duration> {
        let table = self.table();
        let Some(failures) = table.get(key) else {
            return Ok(());
        };
        let recent: Vec<Instant> = failures
            .iter()
            .copied()
            .filter(|&at| self.in_window(at, now))
            .collect();
        if recent.len() < self.limit {
            return Ok(());
        }
        // The failure that must leave the window for one more attempt.
        let oldest = recent[recent.len() - self.limit];
        let leaves = oldest + self.window;
        Err(leaves.saturating_duration_since(now).min(self.window))
    }

    /// Records a failed sign-in of `key` at `now`.
    pub fn failed(&self, key: K, now: Instant) {
        let mut table = self.table();
        if !table.contains_key(&key) && table.len() >= self.max_keys {
            self.forget_old_in(&mut table, now);
            if table.len() >= self.max_keys {
                let quietest = table
                    .iter()
                    .min_by_key(|(_, failures)| failures.back().copied())
                    .map(|(key, _)| key.clone());
                if let Some(quietest) = quietest {
                    table.remove(&quietest);
                }
            }
        }
        let failures = table.entry(key).or_default();
        failures.retain(|&at| self.in_window(at, now));
        failures.push_back(now);
        while failures.len() > self.limit {
            failures.pop_front();
        }
    }

    /// Forgets the keys with no failure left in the window at `now` (bounds
    /// memory: the server calls it every minute or so). The table's size
    /// is bounded by [`Throttle::with_max_keys`] in any case.
    pub fn forget_old(&self, now: Instant) {
        let mut table = self.table();
        self.forget_old_in(&mut table, now);
    }

    /// How many keys the table holds now.
    pub fn len(&self) -> usize {
        self.table().len()
    }

    /// Whether the table holds no key.
    pub fn is_empty(&self) -> bool {
        self.table().is_empty()
    }

    fn forget_old_in(&self, table: &mut HashMap<K, VecDeque<Instant>>, now: Instant) {
        table.retain(|_, failures| {
            failures.retain(|&at| self.in_window(at, now));
            !failures.is_empty()
        });
    }

    /// Whether a failure at `at` still counts at `now`: less than the
    /// window before it (a failure stamped after `now`, by a request that
    /// took its `Instant` a moment later, counts too).
    fn in_window(&self, at: Instant, now: Instant) -> bool {
        now.saturating_duration_since(at) < self.window
    }

    /// The table; a panic elsewhere while it was held leaves counts that
    /// are still counts, so a poisoned lock is used as it is.
    fn table(&self) -> MutexGuard<'_, HashMap<K, VecDeque<Instant>>> {
        self.failures.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// A `Retry-After` header's whole seconds for a wait: rounded up, and at
/// least 1 (a client told 0 would retry at once and be refused again).
///
/// ```
/// use std::time::Duration;
/// use accounts::throttle::retry_after_seconds;
///
/// assert_eq!(retry_after_seconds(Duration::from_millis(1500)), 2);
/// assert_eq!(retry_after_seconds(Duration::ZERO), 1);
/// ```
pub fn retry_after_seconds(wait: Duration) -> u64 {
    let whole = wait.as_secs();
    let seconds = if wait.subsec_nanos() > 0 {
        whole + 1
    } else {
        whole
    };
    seconds.max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    const WINDOW: Duration = Duration::from_secs(600);

    fn seconds(n: u64) -> Duration {
        Duration::from_secs(n)
    }

    #[test]
    fn ten_failures_refuse_the_eleventh_attempt_for_at_most_the_window() {
        let throttle = Throttle::new(10, WINDOW);
        let start = Instant::now();
        for i in 0..10 {
            let at = start + seconds(i * 10);
            assert_eq!(throttle.check(&"claire", at), Ok(()), "attempt {i}");
            throttle.failed("claire", at);
        }
        let now = start + seconds(100);
        let wait = throttle.check(&"claire", now).unwrap_err();
        assert!(wait <= WINDOW);
        // The first failure (at `start`) leaves the window at 600 s.
        assert_eq!(wait, seconds(500));
        assert_eq!(
            throttle.check(&"claire", now + wait - seconds(1)),
            Err(seconds(1))
        );
        // Then one attempt is allowed; failing it refuses again until the
        // next-oldest failure (at 10 s) leaves.
        assert_eq!(throttle.check(&"claire", now + wait), Ok(()));
        throttle.failed("claire", now + wait);
        assert_eq!(throttle.check(&"claire", now + wait), Err(seconds(10)));
    }

    #[test]
    fn other_keys_are_unaffected() {
        let throttle = Throttle::new(10, WINDOW);
        let now = Instant::now();
        for _ in 0..50 {
            throttle.failed("claire".to_string(), now);
        }
        assert!(throttle.check(&"claire".to_string(), now).is_err());
        assert_eq!(throttle.check(&"claira".to_string(), now), Ok(()));
        assert_eq!(throttle.check(&String::new(), now), Ok(()));
        for _ in 0..9 {
            throttle.failed("bob".to_string(), now);
        }
        assert_eq!(throttle.check(&"bob".to_string(), now), Ok(()));
    }

    #[test]
    fn after_the_window_a_key_is_allowed_again_and_then_forgotten() {
        let throttle = Throttle::new(10, WINDOW);
        let start = Instant::now();
        for _ in 0..10 {
            throttle.failed(7u32, start);
        }
        assert_eq!(throttle.check(&7, start + seconds(599)), Err(seconds(1)));
        assert_eq!(throttle.check(&7, start + WINDOW), Ok(()));
        assert_eq!(throttle.check(&7, start + seconds(3600)), Ok(()));
        // Nine fresh failures after the old ones are not ten in the window.
        for _ in 0..9 {
            throttle.failed(7, start + WINDOW);
        }
        assert_eq!(throttle.check(&7, start + WINDOW), Ok(()));

        throttle.failed(8, start);
        assert_eq!(throttle.len(), 2);
        throttle.forget_old(start + WINDOW);
        assert_eq!(throttle.len(), 1);
        throttle.forget_old(start + WINDOW + WINDOW);
        assert!(throttle.is_empty());
        assert_eq!(throttle.check(&7, start + WINDOW + WINDOW), Ok(()));
    }

    #[test]
    fn failures_within_the_window_slide() {
        let throttle = Throttle::new(3, seconds(60));
        let start = Instant::now();
        for t in [0, 20, 40] {
            throttle.failed("k", start + seconds(t));
        }
        assert_eq!(throttle.check(&"k", start + seconds(50)), Err(seconds(10)));
        assert_eq!(throttle.check(&"k", start + seconds(60)), Ok(()));
        throttle.failed("k", start + seconds(70));
        // Failures at 20, 40, 70: held until 20 s leaves at 80 s.
        assert_eq!(throttle.check(&"k", start + seconds(70)), Err(seconds(10)));
    }

    #[test]
    fn a_flood_of_keys_cannot_grow_the_table() {
        let throttle = Throttle::new(10, WINDOW).with_max_keys(100);
        let start = Instant::now();
        for _ in 0..10 {
            throttle.failed(u32::MAX, start + seconds(5));
        }
        for address in 0..10_000u32 {
            throttle.failed(address, start + seconds(10));
            assert!(throttle.len() <= 100);
        }
        assert_eq!(throttle.len(), 100);
        // The quietest key made room first.
        assert_eq!(throttle.check(&u32::MAX, start + seconds(10)), Ok(()));
        // A key whose failures have left the window makes room before any
        // other is forgotten.
        let throttle = Throttle::new(10, WINDOW).with_max_keys(2);
        throttle.failed("old", start);
        for _ in 0..10 {
            throttle.failed("busy", start + seconds(1));
        }
        throttle.failed("new", start + WINDOW);
        assert!(throttle.check(&"busy", start + WINDOW).is_err());
        assert_eq!(throttle.len(), 2);
    }

    #[test]
    fn the_throttle_is_shared_between_threads() {
        let throttle = std::sync::Arc::new(Throttle::new(10, WINDOW));
        let now = Instant::now();
        let threads: Vec<_> = (0..4)
            .map(|_| {
                let throttle = throttle.clone();
                std::thread::spawn(move || {
                    for _ in 0..3 {
                        throttle.failed("shared", now);
                    }
                })
            })
            .collect();
        for thread in threads {
            thread.join().unwrap();
        }
        assert!(throttle.check(&"shared", now).is_err());
    }

    #[test]
    fn retry_after_rounds_up() {
        assert_eq!(retry_after_seconds(seconds(500)), 500);
        assert_eq!(retry_after_seconds(Duration::from_millis(499_001)), 500);
        assert_eq!(retry_after_seconds(Duration::from_nanos(1)), 1);
        assert_eq!(retry_after_seconds(Duration::ZERO), 1);
    }
}
