//! The one rule for a name — a Guard & Towers player's, a Kubb team's or
//! player's, a tournament entrant's, a bot's: every one of them keys the
//! same ratings, so every one is held to the same rule, checked once where
//! the name enters (a command, a request, a file).
//!
//! # Two doors: a new name and a stored one
//!
//! - [`Name::new`] (and [`FromStr`]) is the rule for a **new** name, one
//!   that a person gives through any door (a command line, a request, a
//!   form): trimmed, composed (Unicode NFC), 1 to [`MAX_CHARS`]
//!   characters, with no control (Cc), format (Cf: zero-width spaces and
//!   joiners, bidirectional controls, the soft hyphen, the byte-order
//!   mark…), unassigned (Cn), private-use (Co) or surrogate (Cs)
//!   character and no line or paragraph separator (Zl, Zp), and something
//!   to see besides spaces and characters that show nothing.
//! - [`Name::stored`] (and serde's `Deserialize`, through
//!   [`TryFrom<String>`]) is the rule names were written under before:
//!   trimmed, 1 to [`MAX_CHARS`] characters, no control characters, kept
//!   as written. Records are never rewritten, so a stored game whose team
//!   is `an\u{200B}n` still loads; serde is how stored events and records
//!   are read, so it takes this rule. A door that reads a new name from
//!   JSON checks it with [`Name::new`] itself.
//!
//! A game or a tournament may add rules of its own (a tournament's pairing
//! lines need names without ` - `), never loosen these.
//!
//! # Names that look alike
//!
//! Two names are one identity when they look alike: [`Name::skeleton`] is
//! the case-insensitive confusable skeleton of Unicode TR39, so `ann`,
//! `Ann`, `аnn` (a Cyrillic а), `ａｎｎ` (fullwidth) and a stored
//! `an\u{200B}n` have one skeleton, and a door refuses a new name whose
//! skeleton an existing one already has. [`skeleton_of`] computes it
//! for any text, a stored name's included.
//!
//! ```
//! use names::{Name, NameError};
//!
//! let name = Name::new("  Vikings ")?;
//! assert_eq!(name.as_str(), "Vikings");
//! assert_eq!(Name::new(" "), Err(NameError::Empty));
//!
//! // One identity, however it is spelled or disguised.
//! let ann = Name::new("ann")?;
//! assert_eq!(ann.skeleton().as_str(), "ann");
//! assert!(ann.looks_like(&Name::new("ANN")?));
//! assert!(ann.looks_like(&Name::new("\u{430}nn")?)); // Cyrillic а
//! assert!(!ann.looks_like(&Name::new("anne")?));
//!
//! // A new name may not hide a character; a stored one is read as written.
//! assert_eq!(
//!     Name::new("an\u{200B}n"),
//!     Err(NameError::FormatCharacter { found: '\u{200B}' })
//! );
//! let stored = Name::stored("an\u{200B}n")?;
//! assert_eq!(stored.as_str(), "an\u{200B}n");
//! assert_eq!(stored.skeleton(), ann.skeleton());
//! assert_eq!(names::skeleton_of(" an\u{200B}n"), ann.skeleton());
//! # Ok::<(), NameError>(())
//! ```

use std::fmt;
use std::str::FromStr;

use unicode_normalization::UnicodeNormalization;
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

mod skeleton;

pub use skeleton::{skeleton_of, Skeleton};

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
    /// A control character (Cc): a tab, a line break, NUL…
    ControlCharacter {
        found: char,
    },
    /// A new name's format character (Cf), which shows nothing or turns
    /// the text around it: a zero-width space or joiner, a bidirectional
    /// control, the soft hyphen, the byte-order mark…
    FormatCharacter {
        found: char,
    },
    /// A new name's unassigned (Cn, noncharacters included), private-use
    /// (Co) or surrogate (Cs) code point: one no font shows the same way
    /// to everyone.
    UnassignedCharacter {
        found: char,
    },
    /// A new name's line or paragraph separator (Zl, Zp).
    LineSeparator {
        found: char,
    },
    /// A new name with nothing to see: only spaces and characters that
    /// show nothing (U+3164 HANGUL FILLER, U+2800 BRAILLE PATTERN BLANK…).
    Blank,
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
            NameError::FormatCharacter { found } => write!(
                f,
                "a name must not contain invisible or formatting characters; it has {}",
                CodePoint(*found)
            ),
            NameError::UnassignedCharacter { found } => write!(
                f,
                "a name must not contain unassigned or private-use characters; it has {}",
                CodePoint(*found)
            ),
            NameError::LineSeparator { found } => write!(
                f,
                "a name must be one line, without line or paragraph separators; it has {}",
                CodePoint(*found)
            ),
            NameError::Blank => write!(
                f,
                "a name must have something to see, not only spaces and invisible characters"
            ),
        }
    }
}

impl std::error::Error for NameError {}

/// A character as Unicode names it: `U+200B`.
struct CodePoint(char);

impl fmt::Display for CodePoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "U+{:04X}", u32::from(self.0))
    }
}

impl Name {
    /// A new name: `text`, trimmed and composed (NFC), when it keeps the
    /// rule for a new name (see the crate's note).
    pub fn new(text: &str) -> Result<Name, NameError> {
        let composed: String = text.trim().nfc().collect();
        let name = composed.trim();
        if let Some(problem) = name.chars().find_map(refused) {
            return Err(problem);
        }
        let chars = within_length(name)?;
        debug_assert!(chars > 0);
        if skeleton_of(name).as_str().trim().is_empty() {
            return Err(NameError::Blank);
        }
        Ok(Name(name.to_string()))
    }

    /// A name read from a record: `text`, trimmed, by the rule names were
    /// stored under before [`Name::new`]'s (1 to [`MAX_CHARS`] characters,
    /// no control characters, not normalised). Never for a new name.
    pub fn stored(text: &str) -> Result<Name, NameError> {
        let trimmed = text.trim();
        if let Some(found) = trimmed.chars().find(|c| c.is_control()) {
            return Err(NameError::ControlCharacter { found });
        }
        within_length(trimmed)?;
        Ok(Name(trimmed.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The identity this name shows: its case-insensitive TR39 skeleton,
    /// [`skeleton_of`] its text.
    pub fn skeleton(&self) -> Skeleton {
        skeleton_of(&self.0)
    }

    /// Whether `other` looks like this name: one skeleton.
    pub fn looks_like(&self, other: &Name) -> bool {
        self.skeleton() == other.skeleton()
    }
}

/// How many characters `name` has, when it has 1 to [`MAX_CHARS`].
fn within_length(name: &str) -> Result<usize, NameError> {
    let chars = name.chars().count();
    if chars == 0 {
        return Err(NameError::Empty);
    }
    if chars > MAX_CHARS {
        return Err(NameError::TooLong {
            given: name.chars().take(MAX_CHARS).collect(),
            chars,
        });
    }
    Ok(chars)
}

/// The rule a new name breaks by holding `c`, by its general category.
fn refused(c: char) -> Option<NameError> {
    match c.general_category() {
        GeneralCategory::Control => Some(NameError::ControlCharacter { found: c }),
        GeneralCategory::Format => Some(NameError::FormatCharacter { found: c }),
        GeneralCategory::Unassigned | GeneralCategory::PrivateUse | GeneralCategory::Surrogate => {
            Some(NameError::UnassignedCharacter { found: c })
        }
        GeneralCategory::LineSeparator | GeneralCategory::ParagraphSeparator => {
            Some(NameError::LineSeparator { found: c })
        }
        _ => None,
    }
}

/// A new name (see the crate's note).
impl FromStr for Name {
    type Err = NameError;

    fn from_str(text: &str) -> Result<Name, NameError> {
        Name::new(text)
    }
}

/// A stored name, as serde reads records (see the crate's note).
impl TryFrom<String> for Name {
    type Error = NameError;

    fn try_from(text: String) -> Result<Name, NameError> {
        Name::stored(&text)
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
    fn each_new_rule_names_the_character_it_refuses() {
        assert_eq!(
            Name::new("an\u{200B}n").unwrap_err().to_string(),
            "a name must not contain invisible or formatting characters; it has U+200B"
        );
        assert_eq!(
            Name::new("ann\u{E000}").unwrap_err().to_string(),
            "a name must not contain unassigned or private-use characters; it has U+E000"
        );
        assert_eq!(
            Name::new("a\u{2028}b").unwrap_err().to_string(),
            "a name must be one line, without line or paragraph separators; it has U+2028"
        );
        assert_eq!(
            Name::new("a\u{10FFFF}").unwrap_err().to_string(),
            "a name must not contain unassigned or private-use characters; it has U+10FFFF"
        );
        assert_eq!(Name::new("\u{3164}"), Err(NameError::Blank));
    }

    /// The old rule, for records: what it took before, it takes still.
    #[test]
    fn a_stored_name_is_read_as_it_was_written() {
        for text in [
            "an\u{200B}n",
            "e\u{301}",
            "\u{E000}",
            "a\u{2028}b",
            "\u{3164}",
        ] {
            assert_eq!(Name::stored(text).unwrap().as_str(), text, "{text:?}");
            assert!(Name::new(text).map_or(true, |name| name.as_str() != text));
        }
        assert_eq!(Name::stored(" ann\t").unwrap().as_str(), "ann");
        assert_eq!(Name::stored("  "), Err(NameError::Empty));
        assert_eq!(
            Name::stored("a\nb"),
            Err(NameError::ControlCharacter { found: '\n' })
        );
        assert!(matches!(
            Name::stored(&"x".repeat(41)),
            Err(NameError::TooLong { chars: 41, .. })
        ));
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_reads_a_record_by_the_stored_rule() {
        let name: Name = serde_json::from_str("\"an\\u200bn\"").unwrap();
        assert_eq!(name.as_str(), "an\u{200B}n");
        assert_eq!(serde_json::to_string(&name).unwrap(), "\"an\u{200B}n\"");
        assert!(serde_json::from_str::<Name>("\"a\\u0000\"").is_err());
        assert!("an\u{200B}n".parse::<Name>().is_err());
    }
}
