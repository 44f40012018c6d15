//! Endgame table files (`towers gt tablebase`, `--tablebase DIR`): a file
//! read is refused in words or writes back byte for byte.
#![no_main]

use guard_towers_tablebase::Table;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(table) = Table::from_bytes(data.to_vec()) {
        assert_eq!(table.to_bytes(), data);
        assert!(!table.material().to_string().is_empty());
    }
});
