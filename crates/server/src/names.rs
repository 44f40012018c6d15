//! The server's one rule for a name — a Guard & Towers player's, a Kubb
//! team's or player's, a tournament entrant's, a bot's — since every one
//! of them keys the same ratings: `kubb::Name`'s, 1 to
//! [`kubb::MAX_NAME_CHARS`] (40) characters once trimmed, no control
//! characters. Forty, because Guard & Towers and Kubb names were already
//! held to it, so no stored name of theirs breaks it.
//!
//! A tournament entrant's or a bot's name is a `tournament::Name` besides
//! (its pairing lines' own rules: no ` - `, not `bye`, composed Unicode),
//! whose type allows 64 characters: names stored before this rule still
//! load; new ones pass it here, where they enter.

use crate::error::ApiError;

/// A player's or team's name, trimmed, or the rule it breaks (422).
pub fn checked(text: &str) -> Result<kubb::Name, ApiError> {
    kubb::Name::new(text).map_err(|error| ApiError::refused(error.to_string()))
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
