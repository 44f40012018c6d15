//! Team and player names: text a person typed, checked once where it
//! enters (the `teams` event, the referee's command line, the server), so
//! that no store ever holds an empty, overlong or control-character name.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The most characters a name may have.
pub const MAX_NAME_CHARS: usize = 40;

/// A team's or a player's name: not empty once trimmed (and kept trimmed),
/// at most [`MAX_NAME_CHARS`] characters, no control characters.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Name(String);

/// Which rule a name breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    #[error("a name must not be empty")]
    Empty,
    #[error("a name has at most {MAX_NAME_CHARS} characters; '{given}…' has {chars}")]
    TooLong { given: String, chars: usize },
    #[error("a name must not contain control characters; it has {found:?}")]
    ControlCharacter { found: char },
}

impl Name {
    pub fn new(text: &str) -> Result<Name, NameError> {
        let trimmed = text.trim();
        if let Some(found) = trimmed.chars().find(|c| c.is_control()) {
            return Err(NameError::ControlCharacter { found });
        }
        let chars = trimmed.chars().count();
        if chars == 0 {
            return Err(NameError::Empty);
        }
        if chars > MAX_NAME_CHARS {
            return Err(NameError::TooLong {
                given: trimmed.chars().take(MAX_NAME_CHARS).collect(),
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

    #[test]
    fn a_name_crosses_json_as_its_text_and_bad_text_is_refused() {
        let name: Name = serde_json::from_str("\"ann\"").unwrap();
        assert_eq!(serde_json::to_string(&name).unwrap(), "\"ann\"");
        let error = serde_json::from_str::<Name>("\"nul\\u0000\"").unwrap_err();
        assert!(error.to_string().contains("control characters"), "{error}");
        assert!(serde_json::from_str::<Name>("\"\"").is_err());
    }
}
