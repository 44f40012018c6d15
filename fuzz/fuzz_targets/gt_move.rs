//! Guard & Towers move notation: a move read prints as text that reads
//! back the same move.
#![no_main]

use guard_towers::Move;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some(text) = towers_fuzz::text(data) else {
        return;
    };
    if let Ok(mv) = text.parse::<Move>() {
        let printed = mv.to_string();
        assert_eq!(
            printed.parse::<Move>(),
            Ok(mv),
            "{text:?} printed {printed}"
        );
        assert_eq!(
            Move::new(mv.from(), mv.to()).map(|m| m.from()),
            Ok(mv.from())
        );
        assert!((1..=guard_towers::MAX_STONES).contains(&mv.stones()));
    }
});
