//! The transposition table: one entry per bucket, replaced when the new
//! result is from a newer search or at least as deep.

use guard_towers::{Move, Square};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The score is at least this (a beta cutoff).
    Lower,
    /// The score is at most this (no move raised alpha).
    Upper,
}

#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    /// from (6 bits) | to (6 bits) << 6 | 1 << 12 when a move is stored.
    mv: u16,
    score: i16,
    depth: i8,
    bound: u8,
    age: u8,
}

/// What the table knows about a position.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    pub mv: Option<(Square, Square)>,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

pub struct TranspositionTable {
    slots: Vec<Slot>,
    age: u8,
}

impl TranspositionTable {
    /// A table of at most `megabytes` MiB (at least 1): the largest
    /// power-of-two number of slots that fits, since a slot is found by
    /// masking the key. That is more than half of the size asked for.
    pub fn new(megabytes: usize) -> TranspositionTable {
        let fits = (megabytes.max(1) << 20) / std::mem::size_of::<Slot>();
        TranspositionTable {
            slots: vec![Slot::default(); 1 << fits.ilog2()],
            age: 0,
        }
    }

    pub fn clear(&mut self) {
        self.slots.fill(Slot::default());
        self.age = 0;
    }

    /// Marks later stores as newer than everything stored so far.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    fn index(&self, key: u64) -> usize {
        (key as usize) & (self.slots.len() - 1)
    }

    /// Starts loading the slot of `key` into the cache, so that the probe a
    /// little later finds it there: a 16 MiB table misses the cache on
    /// almost every probe, and the child's win checks and move counting run
    /// meanwhile.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let slot: *const Slot = &self.slots[self.index(key)];
            // SAFETY: a prefetch is only a hint (it never faults, whatever
            // the address), and SSE is part of every x86-64 CPU.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(slot.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub fn probe(&self, key: u64) -> Option<Hit> {
        let slot = self.slots[self.index(key)];
        if slot.key != key || slot.bound == 0 {
            return None;
        }
        let square = |bits: u16| Square::from_index((bits & 63) as u8).expect("stored square");
        Some(Hit {
            mv: (slot.mv & (1 << 12) != 0).then(|| (square(slot.mv), square(slot.mv >> 6))),
            score: i32::from(slot.score),
            depth: i32::from(slot.depth),
            bound: match slot.bound {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
        })
    }

    pub fn store(&mut self, key: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let index = self.index(key);
        let slot = &mut self.slots[index];
        if slot.key == key || slot.age != self.age || depth >= i32::from(slot.depth) {
            let stored_move = match mv {
                Some(mv) => mv.from().index() as u16 | (mv.to().index() as u16) << 6 | 1 << 12,
                // Keep the old move of the same position when the new result has none.
                None if slot.key == key => slot.mv,
                None => 0,
            };
            *slot = Slot {
                key,
                mv: stored_move,
                score: score as i16,
                depth: depth.clamp(-1, 127) as i8,
                bound: match bound {
                    Bound::Exact => 1,
                    Bound::Lower => 2,
                    Bound::Upper => 3,
                },
                age: self.age,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_n_gives_at_most_n_mib_and_more_than_half_of_it() {
        for megabytes in [1, 2, 3, 5, 16, 24, 64, 100, 128] {
            let table = TranspositionTable::new(megabytes);
            let bytes = table.slots.len() * std::mem::size_of::<Slot>();
            let asked = megabytes << 20;
            assert!(table.slots.len().is_power_of_two(), "Hash {megabytes}");
            assert!(bytes <= asked, "Hash {megabytes}: {bytes} bytes");
            assert!(2 * bytes > asked, "Hash {megabytes}: {bytes} bytes");
        }
        // A power of two is met exactly.
        let table = TranspositionTable::new(16);
        assert_eq!(table.slots.len() * std::mem::size_of::<Slot>(), 16 << 20);
    }
}
