//! The one rule for a name — a Guard & Towers player's, a Kubb team's or
//! player's, a tournament entrant's, a bot's: every one of them keys the
//! same ratings, so every one is held to the same rule, checked once where
//! the name enters (a command, a request, a file).
//!
//! The rule: not empty once trimmed (and kept trimmed), at most
//! [`MAX_CHARS`] characters, no control characters. A game or a
//! tournament may add rules of its own (a tournament's pairing lines
//! need names without ` - `), never loosen these.
//!
//! ```
//! use names::{Name, NameError};
//!
//! let name = Name::new("  Vikings ")?;
//! assert_eq!(name.as_str(), "Vikings");
//! assert_eq!(Name::new(" "), Err(NameError::Empty));
//! # Ok::<(), NameError>(())
//! ```

use std::fmt;
use std::str::FromStr;

/// The most characters a name may have: Guard & Towers and Kubb names
/// were held to forty from the start.
pub const MAX_CHARS: usize = 40;

/// A player's or a team's name: the rule's, trimmed.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
pub struct Name(String);

/// Which rule a name breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameError {
    Empty,
    /// The first [`MAX_CHARS`] characters given, and how many there were.
    TooLong {
        given: String,
        chars: usize,
    },
    ControlCharacter {
        found: char,
    },
}

impl fmt::Display for NameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NameError::Empty => write!(f, "a name must not be empty"),
            NameError::TooLong { given, chars } => write!(
                f,
                "a name has at most {MAX_CHARS} characters; '{given}…' has {chars}"
            ),
            NameError::ControlCharacter { found } => write!(
                f,
                "a name must not contain control characters; it has {found:?}"
            ),
        }
    }
}

impl std::error::Error for NameError {}

impl Name {
    /// `text`, trimmed, when it keeps the rule.
    pub fn new(text: &str) -> Result<Name, NameError> {
        let trimmed = text.trim();
        if let Some(found) = trimmed.chars().find(|c| c.is_control()) {
            return Err(NameError::ControlCharacter { found });
        }
        let chars = trimmed.chars().count();
        if chars == 0 {
            return Err(NameError::Empty);
        }
        if chars > MAX_CHARS {
            return Err(NameError::TooLong {
                given: trimmed.chars().take(MAX_CHARS).collect(),
                chars,
            });
        }
        Ok(Name(trimmed.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl FromStr for Name {
    type Err = NameError;

    fn from_str(text: &str) -> Result<Name, NameError> {
        Name::new(text)
    }
}

impl TryFrom<String> for Name {
    type Error = NameError;

    fn try_from(text: String) -> Result<Name, NameError> {
        Name::new(&text)
    }
}

impl From<Name> for String {
    fn from(name: Name) -> String {
        name.0
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl PartialEq<str> for Name {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_trimmed_and_each_broken_rule_is_named() {
        assert_eq!(Name::new("  Vikings ").unwrap().as_str(), "Vikings");
        assert_eq!(
            Name::new(&"é".repeat(40)).unwrap().as_str().chars().count(),
            40
        );
        assert_eq!(Name::new(" \t "), Err(NameError::Empty));
        assert!(matches!(
            Name::new(&"x".repeat(41)),
            Err(NameError::TooLong { chars: 41, .. })
        ));
        for bad in ["a\0b", "line\nbreak", "bell\u{7}", "del\u{7f}"] {
            assert!(
                matches!(Name::new(bad), Err(NameError::ControlCharacter { .. })),
                "{bad:?}"
            );
        }
        assert_eq!(
            Name::new("a\0b").unwrap_err().to_string(),
            "a name must not contain control characters; it has '\\0'"
        );
    }
}
