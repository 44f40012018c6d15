//! Entrant names: the key by which organisers, files and the command line
//! refer to a team, a player or an engine.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;
use unicode_normalization::UnicodeNormalization;

/// The longest name accepted, in characters (a bracket box must hold it).
const MAX_CHARS: usize = 64;

/// A validated entrant name: 1 to 64 characters, no control or invisible
/// characters, no space at either end, no ` - ` and no `-` beside a space
/// at either end (a pairing line is `NAME - NAME`, and must read one way
/// only), and not the word `bye` (which the pairing lines use for "no
/// opponent"). Kept in Unicode's composed form (NFC), so that one name
/// typed with composed or decomposed accents is one entrant.
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
    #[error("name {0:?} contains a control or invisible character")]
    Control(String),
    #[error("'bye' is reserved for a round without an opponent")]
    Bye,
    #[error("name '{0}' contains ' - ' or begins or ends with '-' beside a space: ' - ' separates the names of a pairing")]
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
        let text: String = text.nfc().collect();
        let text = text.as_str();
        if text.is_empty() {
            Err(NameError::Empty)
        } else if text.chars().count() > MAX_CHARS {
            Err(NameError::TooLong(text.into()))
        } else if text.trim() != text {
            Err(NameError::Padded(text.into()))
        } else if text.chars().any(|c| c.is_control() || invisible(c)) {
            Err(NameError::Control(text.into()))
        } else if text.contains(" - ")
            || text.starts_with("- ")
            || text.ends_with(" -")
            || text == "-"
        {
            Err(NameError::Separator(text.into()))
        } else if text.eq_ignore_ascii_case("bye") {
            Err(NameError::Bye)
        } else {
            Ok(Name(text.into()))
        }
    }
}

/// Characters that print as nothing (zero-width spaces and joiners,
/// direction marks, the byte-order mark): two names that differ only by
/// one look the same.
fn invisible(c: char) -> bool {
    matches!(c, '\u{200B}'..='\u{200F}' | '\u{2028}'..='\u{202E}' | '\u{2060}'..='\u{2064}' | '\u{FEFF}')
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

    /// Every pairing line `NAME - NAME` reads one way only: `A -` against
    /// `- B` would print as `A - - - B`. Found by trying the command line.
    #[test]
    fn no_name_makes_a_pairing_line_read_two_ways() {
        for name in ["A -", "- B", "-", "A - B"] {
            assert!(
                matches!(name.parse::<Name>(), Err(NameError::Separator(_))),
                "{name}"
            );
        }
        for name in ["A-", "-B", "Kubb-Club", "A -B", "A- B"] {
            assert!(name.parse::<Name>().is_ok(), "{name}");
        }
    }

    /// One name typed with a composed or a decomposed accent is one
    /// name; a name with a character that prints as nothing is refused.
    #[test]
    fn names_are_kept_composed_and_visible() {
        let composed = "\u{D6}l\u{E4}nningar".parse::<Name>().unwrap();
        let decomposed = "O\u{308}la\u{308}nningar".parse::<Name>().unwrap();
        assert_eq!(composed, decomposed);
        assert_eq!(decomposed.as_str(), "\u{D6}l\u{E4}nningar");
        for hidden in ["Vik\u{200B}ings", "\u{FEFF}Vikings", "Vi\u{2060}kings"] {
            assert!(
                matches!(hidden.parse::<Name>(), Err(NameError::Control(_))),
                "{hidden:?}"
            );
        }
    }
}
