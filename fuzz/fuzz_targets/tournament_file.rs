//! The tournament event file (`towers tournament`): a file read is a
//! tournament every event of which the library checked; written again it
//! reads back to the same tournament, and its standings, CSV and bracket
//! are drawn without a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tournament::{export, Tournament, TournamentFile};

fuzz_target!(|data: &[u8]| {
    let Ok(file) = serde_json::from_slice::<TournamentFile>(data) else {
        return;
    };
    let Ok(read) = Tournament::from_file(file.clone()) else {
        return;
    };
    assert_eq!(read.to_file(), file);
    let written = serde_json::to_string(&read.to_file()).expect("a file writes");
    let again: TournamentFile = serde_json::from_str(&written).expect("a written file reads");
    assert_eq!(Tournament::from_file(again).as_ref(), Ok(&read));
    let standings = read.standings();
    let _ = export::standings_csv(&standings);
    let _ = export::csv(&read);
    let _ = export::bracket_svg(&read);
});
