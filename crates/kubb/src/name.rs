//! Team and player names: the one rule every name of both games,
//! tournaments and the ratings keeps (the `names` crate), checked once
//! where it enters, so that no store ever holds an empty, overlong or
//! control-character name.
//!
//! A new name (the referee's command line, the server's doors) is held to
//! [`Name::new`]'s rule for new names: composed, no invisible, format or
//! unassigned characters. A name read from a record (a stored `teams`
//! event through serde, a Planet Kubb header) is held to
//! [`Name::stored`]'s, the rule it was written under, and reads as written.

pub use names::{Name, NameError, MAX_CHARS as MAX_NAME_CHARS};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_crosses_json_as_its_text_and_bad_text_is_refused() {
        let name: Name = serde_json::from_str("\"ann\"").unwrap();
        assert_eq!(serde_json::to_string(&name).unwrap(), "\"ann\"");
        let error = serde_json::from_str::<Name>("\"nul\\u0000\"").unwrap_err();
        assert!(error.to_string().contains("control characters"), "{error}");
        assert!(serde_json::from_str::<Name>("\"\"").is_err());
        let long = format!("\"{}\"", "x".repeat(MAX_NAME_CHARS + 1));
        assert!(serde_json::from_str::<Name>(&long).is_err());
    }

    /// A stored `teams` event whose name a new name could not have (a
    /// zero-width space) still reads, as written.
    #[test]
    fn a_stored_name_reads_as_written() {
        let name: Name = serde_json::from_str("\"an\\u200bn\"").unwrap();
        assert_eq!(name.as_str(), "an\u{200B}n");
        assert!(Name::new("an\u{200B}n").is_err());
        assert_eq!(name.skeleton(), Name::new("Ann").unwrap().skeleton());
    }
}
