//! Entrant names: the key by which organisers, files and the command line
//! refer to a team, a player or an engine.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The longest name accepted, in characters (a bracket box must hold it).
const MAX_CHARS: usize = 64;

/// A validated entrant name: 1 to 64 characters, no control characters, no
/// space at either end, not ` - ` (which separates the two names of a
/// pairing line) and not the word `bye` (which the pairing lines use for
/// "no opponent").
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Name(String);

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NameError {
    #[error("a name cannot be empty")]
    Empty,
    #[error("name '{0}' is longer than 64 characters")]
    TooLong(String),
    #[error("name '{0}' starts or ends with a space")]
    Padded(String),
    #[error("name {0:?} contains a control character")]
    Control(String),
    #[error("'bye' is reserved for a round without an opponent")]
    Bye,
    #[error("name '{0}' contains ' - ', which separates the names of a pairing")]
    Separator(String),
}

impl Name {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl FromStr for Name {
    type Err = NameError;

    fn from_str(text: &str) -> Result<Name, NameError> {
        if text.is_empty() {
            Err(NameError::Empty)
        } else if text.chars().count() > MAX_CHARS {
            Err(NameError::TooLong(text.into()))
        } else if text.trim() != text {
            Err(NameError::Padded(text.into()))
        } else if text.chars().any(char::is_control) {
            Err(NameError::Control(text.into()))
        } else if text.contains(" - ") {
            Err(NameError::Separator(text.into()))
        } else if text.eq_ignore_ascii_case("bye") {
            Err(NameError::Bye)
        } else {
            Ok(Name(text.into()))
        }
    }
}

impl TryFrom<String> for Name {
    type Error = NameError;

    fn try_from(text: String) -> Result<Name, NameError> {
        text.parse()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_checked_once_at_the_edge() {
        assert_eq!(
            "Kubbinators".parse::<Name>().unwrap().as_str(),
            "Kubbinators"
        );
        assert_eq!("".parse::<Name>(), Err(NameError::Empty));
        assert_eq!("BYE".parse::<Name>(), Err(NameError::Bye));
        assert!(matches!(
            "A - B".parse::<Name>(),
            Err(NameError::Separator(_))
        ));
        assert!("Kubb-Club Nord".parse::<Name>().is_ok());
        assert!(matches!(" a".parse::<Name>(), Err(NameError::Padded(_))));
        assert!(matches!("a\tb".parse::<Name>(), Err(NameError::Control(_))));
        assert!(matches!(
            "x".repeat(65).parse::<Name>(),
            Err(NameError::TooLong(_))
        ));
    }
}
