//! Guard & Towers position notation: a position read is one the library
//! can hold (at most one guard and the stones of a side per colour, its
//! hash its own), and printing it reads back the same position.
#![no_main]

use guard_towers::{Color, Position, MAX_STONES};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some(text) = towers_fuzz::text(data) else {
        return;
    };
    if let Ok(position) = guard_towers::course::read_board(text) {
        assert_eq!(position.to_string().parse::<Position>(), Ok(position));
    }
    let Ok(position) = text.parse::<Position>() else {
        return;
    };
    for color in Color::ALL {
        assert!(position.stones(color) <= MAX_STONES);
        assert!(position.guard_bits(color).count_ones() <= 1);
    }
    assert_eq!(
        position.towers(Color::Red) & position.towers(Color::Blue),
        0
    );
    assert_eq!(position.hash(), position.fresh_hash());
    let printed = position.to_string();
    let again: Position = printed.parse().expect("a printed position reads back");
    assert_eq!(again, position);
    assert_eq!(again.to_string(), printed);
    let moves = position.legal_moves();
    for mv in moves.iter() {
        let after = position.play(*mv);
        assert_eq!(after.hash(), after.fresh_hash(), "{position} {mv}");
    }
});
