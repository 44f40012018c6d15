//! Zobrist keys, generated at compile time from a fixed seed so that hashes
//! are the same in every build (transposition tables and records rely on it).

use crate::color::Color;
use crate::square::{Square, SQUARES};

/// SplitMix64: a tiny, well-distributed generator for constant tables.
const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

struct Keys {
    /// `towers[colour][height][square]`, heights 1–7 at index 1–7 (index 0 is 0).
    towers: [[[u64; SQUARES]; 8]; 2],
    guards: [[u64; SQUARES]; 2],
    blue_to_move: u64,
}

const KEYS: Keys = {
    let mut keys = Keys {
        towers: [[[0; SQUARES]; 8]; 2],
        guards: [[0; SQUARES]; 2],
        blue_to_move: 0,
    };
    let mut state = 0x6775_6172_6474_6f77; // "guardtow"
    let mut color = 0;
    while color < 2 {
        let mut square = 0;
        while square < SQUARES {
            let mut height = 1;
            while height < 8 {
                let (next, key) = splitmix64(state);
                state = next;
                keys.towers[color][height][square] = key;
                height += 1;
            }
            let (next, key) = splitmix64(state);
            state = next;
            keys.guards[color][square] = key;
            square += 1;
        }
        color += 1;
    }
    keys.blue_to_move = splitmix64(state).1;
    keys
};

/// Key of a tower of `height` (0 gives 0, so "no tower" needs no branch).
#[inline(always)]
pub fn tower(color: Color, height: u32, square: Square) -> u64 {
    KEYS.towers[color.index()][height as usize][square.index()]
}

#[inline(always)]
pub fn guard(color: Color, square: Square) -> u64 {
    KEYS.guards[color.index()][square.index()]
}

/// Key xor-ed in when Blue is to move.
#[inline(always)]
pub fn side(color: Color) -> u64 {
    match color {
        Color::Red => 0,
        Color::Blue => KEYS.blue_to_move,
    }
}
