//! Passwords: the second way in, for machines without an authenticator.
//!
//! A password is kept as an Argon2id PHC string (`$argon2id$v=19$m=…`) with
//! the `argon2` crate's default parameters (OWASP's 19 MiB, 2 passes, one
//! lane) and a salt from the OS. The string carries its own parameters, so
//! stronger defaults later still verify the old hashes.
//!
//! A wrong name and a wrong password must answer alike: for a name that
//! matches no account the server calls [`verify_nothing`], which spends the
//! time of one [`verify`].
//!
//! ```
//! let stored = accounts::password::hash("correct horse battery")?;
//! assert!(stored.starts_with("$argon2id$"));
//! assert!(accounts::password::verify(&stored, "correct horse battery"));
//! assert!(!accounts::password::verify(&stored, "wrong horse battery"));
//! # Ok::<(), accounts::password::PasswordError>(())
//! ```

use std::sync::OnceLock;

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use password_hash::rand_core::OsRng;

/// The fewest characters a new password may have.
pub const MIN_CHARS: usize = 8;
/// The most characters a new password may have: enough for any passphrase,
/// few enough that hashing one costs no more than hashing another.
pub const MAX_CHARS: usize = 256;

/// Why a new password is refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PasswordError {
    /// Fewer than [`MIN_CHARS`] characters (`chars` were given).
    #[error("a password has at least {MIN_CHARS} characters")]
    TooShort { chars: usize },
    /// More than [`MAX_CHARS`] characters (`chars` were given).
    #[error("a password has at most {MAX_CHARS} characters")]
    TooLong { chars: usize },
    /// The hasher failed (it does not with the default parameters; kept so
    /// that a failure is an error, not a panic).
    #[error("the password could not be hashed: {0}")]
    Hashing(String),
}

/// Argon2id PHC string of a new password (checks its length first).
///
/// Characters are Unicode scalar values, as Rust's `chars` counts them.
///
/// ```
/// use accounts::password::{hash, PasswordError};
///
/// assert_eq!(hash("short"), Err(PasswordError::TooShort { chars: 5 }));
/// assert!(hash("long enough")?.starts_with("$argon2id$v=19$"));
/// # Ok::<(), PasswordError>(())
/// ```
pub fn hash(password: &str) -> Result<String, PasswordError> {
    let chars = password.chars().count();
    if chars < MIN_CHARS {
        return Err(PasswordError::TooShort { chars });
    }
    if chars > MAX_CHARS {
        return Err(PasswordError::TooLong { chars });
    }
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .map_err(|error| PasswordError::Hashing(error.to_string()))
}

/// Whether `password` matches the stored PHC string (false on a malformed
/// string, never panics). The string's own algorithm and parameters are used.
///
/// ```
/// assert!(!accounts::password::verify("not a PHC string", "anything"));
/// ```
pub fn verify(stored_phc: &str, password: &str) -> bool {
    match PasswordHash::new(stored_phc) {
        Ok(parsed) => Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok(),
        Err(_) => false,
    }
}

/// Spends the time of one [`verify`] against a fixed dummy hash, so that an
/// unknown name answers in comparable time.
///
/// The dummy is hashed once per process with the current default
/// parameters (so it costs what a fresh account's hash costs), at the first
/// call; [`warm_up`] makes that first call at start instead.
///
/// ```
/// accounts::password::verify_nothing("whatever was typed");
/// ```
pub fn verify_nothing(password: &str) {
    // The result is false (the dummy's password is never typed: it is not
    // even kept), and it is the time that matters.
    let _ = verify(dummy(), password);
}

/// Hashes [`verify_nothing`]'s dummy now, so that the first sign-in with an
/// unknown name does not pay for it (the server may call this at start).
pub fn warm_up() {
    dummy();
}

fn dummy() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| {
        let salt = SaltString::generate(&mut OsRng);
        // A random password nobody knows, hashed like a real one.
        let secret = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(secret.as_str().as_bytes(), &salt)
            .map(|hash| hash.to_string())
            // Not reached with the default parameters; a string that fails
            // to parse would make `verify_nothing` too quick, so keep one
            // that parses and costs the same.
            .unwrap_or_else(|_| {
                "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$\
                 p6rDRDh2ZQPQOAjK0X6ZjYXmnkxXTN5ed0zF2XlU2ZM"
                    .to_string()
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_verifies_its_password_and_no_other() {
        let stored = hash("correct horse battery staple").unwrap();
        assert!(stored.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        assert!(verify(&stored, "correct horse battery staple"));
        assert!(!verify(&stored, "correct horse battery stapler"));
        assert!(!verify(&stored, ""));
    }

    #[test]
    fn two_hashes_of_one_password_differ_by_their_salts() {
        let first = hash("the same password").unwrap();
        let second = hash("the same password").unwrap();
        assert_ne!(first, second);
        assert!(verify(&first, "the same password"));
        assert!(verify(&second, "the same password"));
    }

    #[test]
    fn a_malformed_phc_string_is_false_without_a_panic() {
        for junk in [
            "",
            "$",
            "$argon2id$",
            "$argon2id$v=19$m=19456,t=2,p=1$$",
            "$argon2id$v=19$m=1,t=1,p=1$c2FsdHNhbHQ$aGFzaA",
            "$argon2id$v=19$m=99999999999,t=2,p=1$c29tZXNhbHQ$aGFzaGhhc2hoYXNo",
            "$scrypt$ln=16,r=8,p=1$aM15713r3Xsvxbi31lqr1Q$nFNh2CVHVjNldFVKDHDlm4CbdRSCdEBsjjJxD+iCs5E",
            "plain text",
        ] {
            assert!(!verify(junk, "password"), "{junk:?}");
        }
    }

    #[test]
    fn lengths_are_counted_in_characters() {
        assert_eq!(hash("1234567"), Err(PasswordError::TooShort { chars: 7 }));
        assert!(hash("12345678").is_ok());
        // Eight characters, sixteen bytes.
        assert!(hash("éééééééé").is_ok());
        let longest = "x".repeat(MAX_CHARS);
        assert!(verify(&hash(&longest).unwrap(), &longest));
        assert_eq!(
            hash(&"x".repeat(MAX_CHARS + 1)),
            Err(PasswordError::TooLong {
                chars: MAX_CHARS + 1
            })
        );
        assert_eq!(
            PasswordError::TooShort { chars: 1 }.to_string(),
            "a password has at least 8 characters"
        );
        assert_eq!(
            PasswordError::TooLong { chars: 300 }.to_string(),
            "a password has at most 256 characters"
        );
    }

    #[test]
    fn the_dummy_is_a_real_argon2id_hash_that_nothing_matches() {
        let dummy = dummy();
        assert!(dummy.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        assert!(PasswordHash::new(dummy).is_ok());
        assert!(!verify(dummy, "password"));
        verify_nothing("password");
    }
}
