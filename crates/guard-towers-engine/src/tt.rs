//! The transposition table: one entry per bucket, replaced when the new
//! result is from a newer search or at least as deep.
//!
//! The search threads share one table without locks (Lazy SMP): a slot is
//! two atomic words, the entry and its key xor the entry, so a slot torn by
//! two threads writing at once fails the key check and reads as empty
//! instead of handing one position another's result (Hyatt's lockless
//! hashing, as Crafty and Stockfish's predecessors do it).

use std::sync::atomic::{AtomicU64, Ordering};

use guard_towers::{Move, Square};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The score is at least this (a beta cutoff).
    Lower,
    /// The score is at most this (no move raised alpha).
    Upper,
}

/// One stored result, packed into a word: the move (16 bits: from | to << 6
/// | 1 << 12 when a move is stored), score (16), depth (8), bound (8: 0
/// empty, 1 exact, 2 lower, 3 upper) and age (8).
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Entry {
    mv: u16,
    score: i16,
    depth: i8,
    bound: u8,
    age: u8,
}

impl Entry {
    fn pack(self) -> u64 {
        u64::from(self.mv)
            | u64::from(self.score as u16) << 16
            | u64::from(self.depth as u8) << 32
            | u64::from(self.bound) << 40
            | u64::from(self.age) << 48
    }

    fn unpack(word: u64) -> Entry {
        Entry {
            mv: word as u16,
            score: (word >> 16) as u16 as i16,
            depth: (word >> 32) as u8 as i8,
            bound: (word >> 40) as u8,
            age: (word >> 48) as u8,
        }
    }
}

#[derive(Default)]
struct Slot {
    /// The position's key xor the entry's word.
    check: AtomicU64,
    entry: AtomicU64,
}

impl Slot {
    /// The key and entry stored here, unless another thread's write tore them.
    fn read(&self) -> Option<(u64, Entry)> {
        let word = self.entry.load(Ordering::Relaxed);
        let key = self.check.load(Ordering::Relaxed) ^ word;
        let entry = Entry::unpack(word);
        (entry.bound != 0).then_some((key, entry))
    }

    fn write(&self, key: u64, entry: Entry) {
        let word = entry.pack();
        self.check.store(key ^ word, Ordering::Relaxed);
        self.entry.store(word, Ordering::Relaxed);
    }
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
            slots: (0..1usize << fits.ilog2())
                .map(|_| Slot::default())
                .collect(),
            age: 0,
        }
    }

    pub fn clear(&mut self) {
        for slot in &mut self.slots {
            *slot.check.get_mut() = 0;
            *slot.entry.get_mut() = 0;
        }
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
        let (stored, entry) = self.slots[self.index(key)].read()?;
        if stored != key {
            return None;
        }
        let square = |bits: u16| Square::from_index((bits & 63) as u8).expect("stored square");
        Some(Hit {
            mv: (entry.mv & (1 << 12) != 0).then(|| (square(entry.mv), square(entry.mv >> 6))),
            score: i32::from(entry.score),
            depth: i32::from(entry.depth),
            bound: match entry.bound {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
        })
    }

    pub fn store(&self, key: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let slot = &self.slots[self.index(key)];
        let old = slot.read();
        let same = old.is_some_and(|(stored, _)| stored == key);
        let replace = match old {
            Some((_, entry)) => same || entry.age != self.age || depth >= i32::from(entry.depth),
            None => true,
        };
        if !replace {
            return;
        }
        let stored_move = match (mv, old) {
            (Some(mv), _) => mv.from().index() as u16 | (mv.to().index() as u16) << 6 | 1 << 12,
            // Keep the old move of the same position when the new result has none.
            (None, Some((_, entry))) if same => entry.mv,
            (None, _) => 0,
        };
        slot.write(
            key,
            Entry {
                mv: stored_move,
                score: score as i16,
                depth: depth.clamp(-1, 127) as i8,
                bound: match bound {
                    Bound::Exact => 1,
                    Bound::Lower => 2,
                    Bound::Upper => 3,
                },
                age: self.age,
            },
        );
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

    #[test]
    fn an_entry_packs_into_a_word_and_back() {
        for entry in [
            Entry::default(),
            Entry {
                mv: 0x1fff,
                score: -32_000,
                depth: -1,
                bound: 3,
                age: 255,
            },
            Entry {
                mv: 1 << 12 | 5 << 6 | 48,
                score: 31_999,
                depth: 127,
                bound: 1,
                age: 7,
            },
        ] {
            assert!(Entry::unpack(entry.pack()) == entry);
        }
    }

    #[test]
    fn a_slot_torn_by_two_writers_reads_as_no_hit() {
        let table = TranspositionTable::new(1);
        let (key, other) = (0x1234_5678_0000_0000, 0x9abc_def0_0000_0000);
        table.store(key, None, 10, 3, Bound::Exact);
        table.store(other, None, 20, 9, Bound::Lower);
        // As if a second thread wrote `other`'s entry between the two words
        // of a write of `key`'s.
        let slot = &table.slots[table.index(key)];
        let words = |key: u64| {
            let entry = Entry {
                mv: 0,
                score: 10,
                depth: 3,
                bound: 1,
                age: table.age,
            };
            (key ^ entry.pack(), entry.pack())
        };
        slot.check.store(words(key).0, Ordering::Relaxed);
        assert!(table.probe(key).is_none(), "torn: neither key's entry");
        assert!(table.probe(other).is_none());
        slot.entry.store(words(key).1, Ordering::Relaxed);
        assert_eq!(table.probe(key).map(|hit| hit.score), Some(10));
    }

    #[test]
    fn threads_writing_one_slot_at_once_never_give_a_key_another_keys_result() {
        let table = TranspositionTable::new(1);
        // Keys of one slot; each key's score is its own number.
        let keys: Vec<u64> = (1..=4u64).map(|n| n << 40).collect();
        std::thread::scope(|scope| {
            for (n, &key) in keys.iter().enumerate() {
                let table = &table;
                scope.spawn(move || {
                    for depth in 0..20_000 {
                        table.store(key, None, n as i32, depth % 100, Bound::Exact);
                    }
                });
            }
            for _ in 0..100_000 {
                for (n, &key) in keys.iter().enumerate() {
                    if let Some(hit) = table.probe(key) {
                        assert_eq!(hit.score, n as i32, "key {n} read another's entry");
                    }
                }
            }
        });
    }
}
