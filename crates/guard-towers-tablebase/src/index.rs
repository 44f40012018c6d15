//! Positions as numbers: a table's index space and the layouts it decodes to.
//!
//! A table holds every position of one material signature (red stones, blue
//! stones). Its index is, from the most significant digit down: the side to
//! move (2), the red guard's square (49), the blue guard's square (49), the
//! red stones' arrangement and the blue stones' arrangement. An arrangement
//! of n stones of one colour is a partition of n into tower heights and, for
//! each height that occurs c times, a combination of c squares (ranked in
//! colex order). Indices whose pieces share a square are no position; the
//! table marks them as such. Guards and towers never change colour, so the
//! simple product keeps ranking and unranking a few table look-ups.

use guard_towers::{castle, Color, Piece, Position, Square, SQUARES};

/// Most stones of one colour a table may hold (the game's limit).
pub const MAX_STONES: usize = 7;

const N: usize = SQUARES;

/// `BINOMIAL[n][k]` = n choose k, for n ≤ 49 and k ≤ 7.
const BINOMIAL: [[u64; MAX_STONES + 1]; N + 1] = {
    let mut table = [[0u64; MAX_STONES + 1]; N + 1];
    let mut n = 0;
    while n <= N {
        table[n][0] = 1;
        let mut k = 1;
        while k <= MAX_STONES {
            table[n][k] = if n == 0 {
                0
            } else {
                table[n - 1][k - 1] + table[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    table
};

/// One partition of a stone count into tower heights, with the number of
/// arrangements it has and where they start in the colour's index range.
#[derive(Clone, Debug)]
struct Partition {
    /// (height, how many towers of it), tallest first.
    groups: Vec<(u8, u8)>,
    offset: u64,
    size: u64,
}

/// All arrangements of `stones` stones of one colour.
#[derive(Clone, Debug)]
pub(crate) struct Arrangements {
    partitions: Vec<Partition>,
    size: u64,
}

impl Arrangements {
    pub(crate) fn new(stones: usize) -> Arrangements {
        let mut partitions = Vec::new();
        let mut offset = 0;
        for parts in partitions_of(stones, stones) {
            let mut groups: Vec<(u8, u8)> = Vec::new();
            for height in parts {
                match groups.last_mut() {
                    Some((h, count)) if *h == height => *count += 1,
                    _ => groups.push((height, 1)),
                }
            }
            let size = groups
                .iter()
                .map(|&(_, count)| BINOMIAL[N][count as usize])
                .product();
            partitions.push(Partition {
                groups,
                offset,
                size,
            });
            offset += size;
        }
        Arrangements {
            partitions,
            size: offset,
        }
    }

    pub(crate) fn size(&self) -> u64 {
        self.size
    }

    /// The rank of `towers` (square, height), which must hold this count.
    fn rank(&self, towers: &[(u8, u8)]) -> u64 {
        let partition = self
            .partitions
            .iter()
            .find(|partition| {
                partition.groups.iter().all(|&(height, count)| {
                    towers.iter().filter(|&&(_, h)| h == height).count() == count as usize
                })
            })
            .expect("the towers hold this table's stones");
        let mut index = 0;
        for &(height, count) in &partition.groups {
            let mut squares = [0u8; MAX_STONES];
            let mut len = 0;
            for &(square, h) in towers {
                if h == height {
                    squares[len] = square;
                    len += 1;
                }
            }
            let squares = &mut squares[..len];
            squares.sort_unstable();
            let rank: u64 = squares
                .iter()
                .enumerate()
                .map(|(i, &square)| BINOMIAL[square as usize][i + 1])
                .sum();
            index = index * BINOMIAL[N][count as usize] + rank;
        }
        partition.offset + index
    }

    /// The towers of rank `index`, appended to `towers`; false when two of
    /// them would share a square.
    fn unrank(&self, index: u64, towers: &mut Towers) -> bool {
        let partition = self
            .partitions
            .iter()
            .find(|partition| index < partition.offset + partition.size)
            .expect("index within the arrangements");
        let mut rest = index - partition.offset;
        let mut used = 0u64;
        // The groups were ranked most significant first: peel them off from
        // the last.
        for &(height, count) in partition.groups.iter().rev() {
            let radix = BINOMIAL[N][count as usize];
            let mut rank = rest % radix;
            rest /= radix;
            let mut k = count as usize;
            let mut square = N;
            while k > 0 {
                square -= 1;
                while BINOMIAL[square][k] > rank {
                    square -= 1;
                }
                rank -= BINOMIAL[square][k];
                let bit = 1u64 << square;
                if used & bit != 0 {
                    return false;
                }
                used |= bit;
                towers.push(square as u8, height);
                k -= 1;
            }
        }
        true
    }
}

/// The partitions of `n` into parts of at most `max`, largest part first.
fn partitions_of(n: usize, max: usize) -> Vec<Vec<u8>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut all = Vec::new();
    for first in (1..=max.min(n)).rev() {
        for mut rest in partitions_of(n - first, first) {
            rest.insert(0, first as u8);
            all.push(rest);
        }
    }
    all
}

/// A colour's towers: (square index, height), at most 7.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Towers {
    items: [(u8, u8); MAX_STONES],
    len: u8,
}

impl Towers {
    pub(crate) fn push(&mut self, square: u8, height: u8) {
        self.items[self.len as usize] = (square, height);
        self.len += 1;
    }

    pub(crate) fn as_slice(&self) -> &[(u8, u8)] {
        &self.items[..self.len as usize]
    }

    pub(crate) fn height_at(&self, square: u8) -> Option<usize> {
        self.as_slice().iter().position(|&(s, _)| s == square)
    }

    /// Sets the tower at `slot` to `height`, removing it at 0.
    pub(crate) fn set(&mut self, slot: usize, height: u8) {
        if height == 0 {
            self.len -= 1;
            self.items[slot] = self.items[self.len as usize];
        } else {
            self.items[slot].1 = height;
        }
    }

    pub(crate) fn stones(&self) -> u32 {
        self.as_slice().iter().map(|&(_, h)| u32::from(h)).sum()
    }
}

/// A position of a table, in the form indexing and un-moves work on: both
/// guards on the board (a position without one is over and in no table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Layout {
    pub side: Color,
    pub guards: [u8; 2],
    pub towers: [Towers; 2],
}

impl Layout {
    /// The layout of a position with both guards, `None` without one.
    pub(crate) fn of(position: &Position) -> Option<Layout> {
        let guards = [
            position.guard(Color::Red)?.index() as u8,
            position.guard(Color::Blue)?.index() as u8,
        ];
        let mut towers = [Towers::default(); 2];
        for color in Color::ALL {
            for square in guard_towers::Squares(position.towers(color)) {
                towers[color.index()].push(square.index() as u8, position.height(square) as u8);
            }
        }
        Some(Layout {
            side: position.side_to_move(),
            guards,
            towers,
        })
    }

    pub(crate) fn occupied(&self) -> u64 {
        let mut bits = (1u64 << self.guards[0]) | (1u64 << self.guards[1]);
        for towers in &self.towers {
            for &(square, _) in towers.as_slice() {
                bits |= 1u64 << square;
            }
        }
        bits
    }

    pub(crate) fn position(&self) -> Position {
        let mut pieces = [None; SQUARES];
        for color in Color::ALL {
            pieces[self.guards[color.index()] as usize] = Some(Piece::Guard(color));
            for &(square, height) in self.towers[color.index()].as_slice() {
                pieces[square as usize] = Some(Piece::Tower(color, height));
            }
        }
        Position::from_pieces(&pieces, self.side).expect("a table layout is a position")
    }

    /// Whether a guard stands on the enemy castle (both guards are there).
    pub(crate) fn is_decided(&self) -> bool {
        Color::ALL
            .into_iter()
            .any(|color| u32::from(self.guards[color.index()]) == castle(!color).index() as u32)
    }

    /// Colours swapped, ranks mirrored and the other side to move: the
    /// rules' own symmetry (each castle maps onto the other).
    pub(crate) fn flipped(&self) -> Layout {
        let mirror = |square: u8| {
            let square = Square::from_index(square).expect("a square");
            (6 - square.rank()) * 7 + square.file()
        };
        let mut towers = [Towers::default(); 2];
        for color in Color::ALL {
            for &(square, height) in self.towers[color.index()].as_slice() {
                towers[(!color).index()].push(mirror(square), height);
            }
        }
        Layout {
            side: !self.side,
            guards: [mirror(self.guards[1]), mirror(self.guards[0])],
            towers,
        }
    }
}

/// The material of a table: stones of each colour besides the guards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    pub red: u8,
    pub blue: u8,
}

impl Material {
    pub fn total(self) -> u32 {
        u32::from(self.red) + u32::from(self.blue)
    }

    /// Colours swapped.
    pub fn flipped(self) -> Material {
        Material {
            red: self.blue,
            blue: self.red,
        }
    }

    /// The tables built: red has at least as many stones as blue (the
    /// others are their colour-flipped images).
    pub fn is_canonical(self) -> bool {
        self.red >= self.blue
    }

    /// Every canonical material with at most `stones` stones, smallest total
    /// first (a capture always leads to a smaller one).
    pub fn up_to(stones: u32) -> Vec<Material> {
        let mut all = Vec::new();
        for total in 0..=stones.min(2 * MAX_STONES as u32) {
            for blue in 0..=total / 2 {
                let red = total - blue;
                if red as usize <= MAX_STONES {
                    all.push(Material {
                        red: red as u8,
                        blue: blue as u8,
                    });
                }
            }
        }
        all
    }

    /// The file name of this table: `r2b1.gtb`.
    pub fn file_name(self) -> String {
        format!("r{}b{}.gtb", self.red, self.blue)
    }
}

impl std::fmt::Display for Material {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "r{}b{}", self.red, self.blue)
    }
}

/// The index space of one material.
#[derive(Clone, Debug)]
pub(crate) struct Indexer {
    red: Arrangements,
    blue: Arrangements,
    /// Positions per (side, red guard, blue guard).
    block: u64,
}

impl Indexer {
    pub(crate) fn new(material: Material) -> Indexer {
        let red = Arrangements::new(material.red as usize);
        let blue = Arrangements::new(material.blue as usize);
        let block = red.size().saturating_mul(blue.size());
        Indexer { red, blue, block }
    }

    pub(crate) fn size(&self) -> u64 {
        self.checked_size()
            .expect("a table this build makes fits 64 bits")
    }

    /// The size, `None` where it passes 64 bits (the largest materials a
    /// file header can name).
    pub(crate) fn checked_size(&self) -> Option<u64> {
        (2 * (N * N) as u64).checked_mul(self.block)
    }

    pub(crate) fn index(&self, layout: &Layout) -> u64 {
        let guards =
            (layout.side.index() * N + layout.guards[0] as usize) * N + layout.guards[1] as usize;
        let red = self.red.rank(layout.towers[0].as_slice());
        let blue = self.blue.rank(layout.towers[1].as_slice());
        guards as u64 * self.block + red * self.blue.size() + blue
    }

    /// The layout at `index`, `None` where two pieces would share a square.
    pub(crate) fn layout(&self, index: u64) -> Option<Layout> {
        let guards = (index / self.block) as usize;
        let rest = index % self.block;
        let side = if guards / (N * N) == 0 {
            Color::Red
        } else {
            Color::Blue
        };
        let red_guard = (guards / N % N) as u8;
        let blue_guard = (guards % N) as u8;
        if red_guard == blue_guard {
            return None;
        }
        let mut towers = [Towers::default(); 2];
        if !self.red.unrank(rest / self.blue.size(), &mut towers[0])
            || !self.blue.unrank(rest % self.blue.size(), &mut towers[1])
        {
            return None;
        }
        let layout = Layout {
            side,
            guards: [red_guard, blue_guard],
            towers,
        };
        let pieces = 2 + towers[0].len as u32 + towers[1].len as u32;
        (layout.occupied().count_ones() == pieces).then_some(layout)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrangement_counts() {
        assert_eq!(Arrangements::new(0).size(), 1);
        assert_eq!(Arrangements::new(1).size(), 49);
        assert_eq!(Arrangements::new(2).size(), 1176 + 49);
        assert_eq!(Arrangements::new(3).size(), 18424 + 49 * 49 + 49);
    }

    #[test]
    fn indices_round_trip() {
        let indexer = Indexer::new(Material { red: 2, blue: 1 });
        let mut valid = 0;
        for index in (0..indexer.size()).step_by(9973) {
            if let Some(layout) = indexer.layout(index) {
                valid += 1;
                assert_eq!(indexer.index(&layout), index);
                let position = layout.position();
                let again = Layout::of(&position).unwrap();
                assert_eq!(indexer.index(&again), index);
                assert_eq!(layout.flipped().flipped(), layout);
            }
        }
        assert!(valid > 1000);
    }
}
