//! Team and player names: the one rule every name of both games,
//! tournaments and the ratings keeps (the `names` crate), checked once
//! where it enters (the `teams` event, the referee's command line, the
//! server), so that no store ever holds an empty, overlong or
//! control-character name.

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
}
