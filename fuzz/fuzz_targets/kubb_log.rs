//! The Kubb event log (JSON lines, `towers kubb replay`): a log read is
//! a match the rules accept; written again, it reads back to the same
//! events and the same state.
#![no_main]

use kubb::log;
use kubb::notation::RulesChoice;
use libfuzzer_sys::fuzz_target;
use towers_fuzz::{check_match, shown};

fuzz_target!(|data: &[u8]| {
    let Some(text) = towers_fuzz::text(data) else {
        return;
    };
    let Ok(read) = log::read(text, RulesChoice::default()) else {
        return;
    };
    check_match(&read.state);
    let written = log::write(read.state.ruleset(), &read.events);
    let again = log::read(&written, RulesChoice::default()).expect("a written log reads back");
    assert_eq!(again.events, read.events);
    assert_eq!(shown(&again.state), shown(&read.state));
});
