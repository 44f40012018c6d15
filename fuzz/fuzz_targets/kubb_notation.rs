//! Planet Kubb notation, text and JSON forms (`towers kubb replay` of a
//! record, import on the server): a record read is a match the rules
//! accept; exported, it imports to a record that exports the same text.
#![no_main]

use kubb::notation::{export, export_json, import, RulesChoice};
use libfuzzer_sys::fuzz_target;
use towers_fuzz::check_match;

fuzz_target!(|data: &[u8]| {
    let Some(text) = towers_fuzz::text(data) else {
        return;
    };
    let Ok(imported) = import(text, RulesChoice::default()) else {
        return;
    };
    check_match(&imported.state);
    let ruleset = *imported.state.ruleset();
    let _ = imported.assumption();
    if let Ok(printed) = export(&imported.events, ruleset) {
        let again = import(&printed, RulesChoice::default())
            .unwrap_or_else(|e| panic!("an exported record imports: {e}\n{printed}"));
        check_match(&again.state);
        assert_eq!(
            export(&again.events, *again.state.ruleset()).as_ref(),
            Ok(&printed)
        );
    }
    if let Ok(printed) = export_json(&imported.events, ruleset) {
        let choice = RulesChoice {
            ruleset: Some(ruleset),
            ..RulesChoice::default()
        };
        let again = import(&printed, choice)
            .unwrap_or_else(|e| panic!("an exported JSON record imports: {e}\n{printed}"));
        assert_eq!(
            export_json(&again.events, *again.state.ruleset()).as_ref(),
            Ok(&printed)
        );
    }
});
