//! Entrant names: the key by which organisers, files and the command line
//! refer to a team, a player or an engine. A new one keeps the one rule
//! of every name (the `names` crate, which the games' and the ratings'
//! names keep too) and a pairing line's own rules besides.
//!
//! Names stored before that rule (tournaments allowed 64 characters, the
//! rule allows 40) are read back as they were written: a stored
//! tournament or a tournament file is a record, never rewritten. So a
//! name read from a record ([`Deserialize`]) may have up to 64
//! characters; a new one ([`FromStr`]) has at most 40.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;
use unicode_normalization::UnicodeNormalization;

/// The longest name a record may hold, in characters: the limit of
/// tournament names before the one rule (`names::MAX_CHARS`, 40).
const STORED_MAX_CHARS: usize = 64;

/// A validated entrant name: a name by the one rule (`names::Name::new`:
/// 1 to 40 characters, no control, format, unassigned or private-use
/// characters, something to see), no invisible characters, no
/// space at either end, no ` - ` and no `-` beside a space at either end
/// (a pairing line is `NAME - NAME`, and must read one way only), and not
/// the word `bye` (which the pairing lines use for "no opponent"). Kept in
/// Unicode's composed form (NFC), so that one name typed with composed or
/// decomposed accents is one entrant. One read from a record may have up
/// to 64 characters (see the module's note).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Name(String);

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NameError {
    #[error("a name cannot be empty")]
    Empty,
    #[error("name '{0}' is longer than {max} characters", max = names::MAX_CHARS)]
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

    /// A new name: the one rule's and a pairing line's.
    fn from_str(text: &str) -> Result<Name, NameError> {
        let name = Name::recorded(text)?;
        match names::Name::new(name.as_str()) {
            Ok(_) => Ok(name),
            Err(names::NameError::Empty) => Err(NameError::Empty),
            Err(names::NameError::TooLong { .. }) => Err(NameError::TooLong(name.0)),
            Err(
                names::NameError::ControlCharacter { .. }
                | names::NameError::FormatCharacter { .. }
                | names::NameError::UnassignedCharacter { .. }
                | names::NameError::LineSeparator { .. }
                | names::NameError::Blank,
            ) => Err(NameError::Control(name.0)),
        }
    }
}

impl Name {
    /// A name read from a record, or one that names an entrant of a
    /// record (a withdrawal, a result): a pairing line's rules, and at most
    /// 64 characters, as tournaments held names to before the one rule.
    /// A new entrant's name is parsed ([`FromStr`]) instead.
    pub fn recorded(text: &str) -> Result<Name, NameError> {
        let text: String = text.nfc().collect();
        let text = text.as_str();
        if text.is_empty() {
            Err(NameError::Empty)
        } else if text.chars().count() > STORED_MAX_CHARS {
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

/// Reading a record (see the module's note): a new name read from a
/// request or a file is checked by the one rule where it enters.
impl TryFrom<String> for Name {
    type Error = NameError;

    fn try_from(text: String) -> Result<Name, NameError> {
        Name::recorded(&text)
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
            "x".repeat(41).parse::<Name>(),
            Err(NameError::TooLong(_))
        ));
        assert_eq!("x".repeat(40).parse::<Name>().unwrap().as_str().len(), 40);
    }

    /// A name stored under the old limit (64 characters) is read back as
    /// it was written; a new one is held to the one rule's 40, and a
    /// record's name to every other rule still.
    #[test]
    fn a_record_keeps_its_longer_names_and_a_new_name_is_refused_them() {
        let stored = "x".repeat(64);
        let read: Name = serde_json::from_str(&format!("\"{stored}\"")).unwrap();
        assert_eq!(read.as_str(), stored);
        assert!(matches!(stored.parse::<Name>(), Err(NameError::TooLong(_))));
        assert_eq!(
            stored.parse::<Name>().unwrap_err().to_string(),
            format!("name '{stored}' is longer than 40 characters")
        );
        for bad in [&"x".repeat(65), "bye", "A - B", " a", "a\u{200B}b", ""] {
            let json = serde_json::to_string(bad).unwrap();
            assert!(serde_json::from_str::<Name>(&json).is_err(), "{bad:?}");
        }
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
        for hidden in [
            "Vik\u{200B}ings",
            "\u{FEFF}Vikings",
            "Vi\u{2060}kings",
            "Vi\u{AD}kings",
            "Vikings\u{E000}",
            "Vikings\u{378}",
            "\u{3164}",
        ] {
            assert!(
                matches!(hidden.parse::<Name>(), Err(NameError::Control(_))),
                "{hidden:?}"
            );
        }
    }
}
