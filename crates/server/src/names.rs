//! The server's door for a name — a Guard & Towers player's, a Kubb
//! team's or player's, a tournament entrant's, a bot's: the one rule of
//! every name (the `names` crate: 1 to [`names::MAX_CHARS`] (40)
//! characters once trimmed, no control characters), since every one of
//! them keys the same ratings. A refused name is a 422.
//!
//! A tournament entrant's or a bot's name is a `tournament::Name` besides
//! (its pairing lines' own rules: no ` - `, not `bye`, composed Unicode),
//! which reads up to 64 characters from a record: names stored before
//! the rule still load; new ones pass it here, where they enter.

use crate::error::ApiError;

/// A player's or team's name, trimmed, or the rule it breaks (422).
pub fn checked(text: &str) -> Result<names::Name, ApiError> {
    names::Name::new(text).map_err(|error| ApiError::refused(error.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_trimmed_and_held_to_forty_printable_characters() {
        assert_eq!(checked("  ann ").unwrap().as_str(), "ann");
        assert!(checked(&"x".repeat(40)).is_ok());
        for bad in ["", "   ", "a\u{0}b", &"x".repeat(41)] {
            assert!(matches!(checked(bad), Err(ApiError::Refused(_))), "{bad:?}");
        }
    }
}
