//! Guard & Towers game records: every game read is a legal game from its
//! start, and a record printed reads back the same games.
#![no_main]

use guard_towers::record::parse_records;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some(text) = towers_fuzz::text(data) else {
        return;
    };
    let Ok(records) = parse_records(text) else {
        return;
    };
    let mut printed = String::new();
    for record in &records {
        let game = record.replay();
        assert_eq!(game.moves(), record.moves.as_slice());
        printed.push_str(&record.to_string());
        printed.push('\n');
    }
    let again = parse_records(&printed).expect("printed records read back");
    assert_eq!(again, records, "{printed}");
});
