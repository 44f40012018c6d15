//! Accounts: the cryptography and the rules of signing up and signing in,
//! without I/O. The server stores everything this crate makes (password
//! hashes, session hashes, passkeys, ceremony states) and hands it back.
//!
//! - [`password`]: Argon2id PHC strings, the length rule, and a dummy
//!   verification so that an unknown name costs the time of a wrong password.
//! - [`session`]: session ids (256 random bits, stored only as their SHA-256),
//!   their cookie and their 30 idle days.
//! - [`passkeys`]: the WebAuthn ceremonies of discoverable passkeys, bound to
//!   the relying party the server's public URL names.
//! - [`throttle`]: sign-in failures per key in a sliding window.
//!
//! Cryptography, cookie syntax and WebAuthn are never hand-rolled here: they
//! are `argon2`, `sha2`, `rand`, `cookie` and `webauthn-rs`; this crate
//! chooses their settings and keeps their types behind plain text and JSON,
//! so the server needs none of them.

pub mod passkeys;
pub mod password;
pub mod session;
pub mod throttle;
