//! Logs of the course's contest server: a log read is a legal game of
//! every move in turn, and its record reads back as the same game.
#![no_main]

use guard_towers::contest_log::ContestLog;
use guard_towers::record::parse_records;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some(text) = towers_fuzz::text(data) else {
        return;
    };
    let Ok(log) = text.parse::<ContestLog>() else {
        return;
    };
    assert_eq!(log.game().moves().len(), log.moves.len());
    let record = log.record();
    let again = parse_records(&record.to_string()).expect("a log's record reads back");
    assert_eq!(again, vec![record]);
});
