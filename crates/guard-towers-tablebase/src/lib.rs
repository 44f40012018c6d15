//! Guard & Towers endgame tablebases: every position with at most K tower
//! stones besides the two guards, solved by retrograde analysis, with the
//! distance to the end of the game.
//!
//! - A [`Table`] holds one material (red stones, blue stones), one byte per
//!   index: 0 a draw, 255 no position, else the distance + 1 in plies (odd
//!   distances are wins for the side to move, even ones losses). Only
//!   materials with at least as many red stones as blue are built: the rules
//!   are symmetric under swapping the colours and mirroring the ranks (each
//!   castle maps onto the other), and the others are probed through that.
//! - [`Tablebase::build`] builds the tables up to K stones, smallest first (a
//!   capture leads into a smaller table); [`Table::to_bytes`] and
//!   [`Table::from_bytes`] are the file format. Nothing here does I/O: the
//!   `towers gt tablebase` command writes and reads the files.
//! - [`Tablebase::probe`] answers under the course rules (no draw rules: what
//!   is not won by force is a draw by endless play); [`Tablebase::probe_under`]
//!   answers under any [`Rules`], refusing (`None`) where the no-progress
//!   rule could cut the win short: a win or loss in d plies counts only when
//!   d fits the plies the no-progress counter has left. See
//!   `docs/tablebase.md` for why this is sound.
//!
//! ```
//! use guard_towers::{Position, Rules};
//! use guard_towers_tablebase::{Tablebase, Verdict};
//!
//! let mut tablebase = Tablebase::new();
//! tablebase.build(1, &mut |_table, _stats| {});
//! assert_eq!(tablebase.stones(), 1);
//! // Red's guard is one step from Blue's castle.
//! let position: Position = "BG6/7/7/7/7/3RG3/7 r".parse().unwrap();
//! assert_eq!(tablebase.probe(&position), Some(Verdict::Win { plies: 1 }));
//! let (best, _) = tablebase.best_move(&position, Rules::COURSE, 0).unwrap();
//! assert_eq!(best.to_string(), "D2-D1-1");
//! ```

mod build;
mod index;

use std::collections::BTreeMap;
use std::fmt;

use guard_towers::{Move, Position, Rules};

pub use build::{BuildStats, MAX_DISTANCE};
pub use index::Material;

use index::{Indexer, Layout};

/// The byte of an index that is no position.
const INVALID: u8 = 255;

/// What a table says about a position, from the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The side to move wins in `plies` plies (odd) against any defence.
    Win { plies: u32 },
    /// The side to move loses in `plies` plies (even; 0: lost now), however
    /// it defends.
    Loss { plies: u32 },
    /// Neither side can force a win.
    Draw,
}

impl Verdict {
    fn of_byte(byte: u8) -> Option<Verdict> {
        match byte {
            INVALID => None,
            0 => Some(Verdict::Draw),
            byte => {
                let plies = u32::from(byte) - 1;
                Some(if plies % 2 == 1 {
                    Verdict::Win { plies }
                } else {
                    Verdict::Loss { plies }
                })
            }
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Win { plies } => write!(f, "win in {plies} plies"),
            Verdict::Loss { plies } => write!(f, "loss in {plies} plies"),
            Verdict::Draw => f.write_str("draw"),
        }
    }
}

/// The solved positions of one material.
#[derive(Clone)]
pub struct Table {
    material: Material,
    indexer: Indexer,
    values: Vec<u8>,
}

impl fmt::Debug for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Table")
            .field("material", &self.material)
            .field("indices", &self.values.len())
            .finish()
    }
}

/// The file header: magic, format version, red and blue stones.
const MAGIC: &[u8; 4] = b"GTTB";
const VERSION: u8 = 1;
const HEADER: usize = 8;

/// Why bytes are no table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError {
    NotATable,
    Version(u8),
    Material {
        red: u8,
        blue: u8,
    },
    Length {
        expected: u64,
        found: u64,
    },
    /// The header's last byte, kept 0 by this version, is not.
    Reserved(u8),
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::NotATable => f.write_str("not a Guard & Towers table (no GTTB header)"),
            TableError::Version(version) => {
                write!(f, "table format version {version}, this build reads {VERSION}")
            }
            TableError::Material { red, blue } => write!(
                f,
                "material r{red}b{blue} is not one this build makes (red at least blue, at most 7 each)"
            ),
            TableError::Length { expected, found } => {
                write!(f, "the table should hold {expected} bytes, not {found}")
            }
            TableError::Reserved(byte) => {
                write!(f, "the header's reserved byte is {byte}, this version writes 0")
            }
        }
    }
}

impl std::error::Error for TableError {}

impl Table {
    pub fn material(&self) -> Material {
        self.material
    }

    /// Indices in the table, one byte each.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The file form: an 8-byte header (`GTTB`, version, red, blue, 0) and
    /// the bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(HEADER + self.values.len());
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&[VERSION, self.material.red, self.material.blue, 0]);
        bytes.extend_from_slice(&self.values);
        bytes
    }

    /// Reads [`Table::to_bytes`]' form back, taking the bytes over (the
    /// header is cut off in place: a large table is not copied).
    pub fn from_bytes(mut bytes: Vec<u8>) -> Result<Table, TableError> {
        if bytes.len() < HEADER || &bytes[..4] != MAGIC {
            return Err(TableError::NotATable);
        }
        if bytes[4] != VERSION {
            return Err(TableError::Version(bytes[4]));
        }
        // Read back, a table must write the same bytes: nothing in the
        // header may be ignored.
        if bytes[7] != 0 {
            return Err(TableError::Reserved(bytes[7]));
        }
        let (red, blue) = (bytes[5], bytes[6]);
        let material = Material { red, blue };
        if red as usize > index::MAX_STONES || !material.is_canonical() {
            return Err(TableError::Material { red, blue });
        }
        let indexer = Indexer::new(material);
        let expected = indexer
            .checked_size()
            .ok_or(TableError::Material { red, blue })?;
        let found = (bytes.len() - HEADER) as u64;
        if found != expected {
            return Err(TableError::Length { expected, found });
        }
        bytes.drain(..HEADER);
        Ok(Table {
            material,
            indexer,
            values: bytes,
        })
    }
}

/// The tables loaded or built, probed together.
#[derive(Clone, Debug, Default)]
pub struct Tablebase {
    tables: BTreeMap<Material, Table>,
}

impl Tablebase {
    pub fn new() -> Tablebase {
        Tablebase::default()
    }

    /// Adds a table (replacing one of the same material).
    pub fn insert(&mut self, table: Table) {
        self.tables.insert(table.material, table);
    }

    pub fn tables(&self) -> impl Iterator<Item = &Table> {
        self.tables.values()
    }

    /// The largest K such that every position with at most K stones is in
    /// the tables (0 also when none is; see [`Tablebase::is_empty`]).
    pub fn stones(&self) -> u32 {
        (1..=2 * index::MAX_STONES as u32)
            .take_while(|&k| {
                Material::up_to(k)
                    .iter()
                    .all(|material| self.tables.contains_key(material))
            })
            .last()
            .unwrap_or(0)
    }

    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }

    /// Builds every missing table of at most `stones` stones, smallest
    /// first, handing each to `on_table` as it is done (to be written while
    /// the next is built).
    pub fn build(&mut self, stones: u32, on_table: &mut dyn FnMut(&Table, &BuildStats)) {
        for material in Material::up_to(stones) {
            if !self.tables.contains_key(&material) {
                let (table, stats) = build::build(material, self);
                on_table(&table, &stats);
                self.insert(table);
            }
        }
    }

    /// The table byte of a position with both guards whose material is
    /// loaded.
    fn byte(&self, position: &Position) -> Option<u8> {
        let layout = Layout::of(position)?;
        let material = Material {
            red: layout.towers[0].stones() as u8,
            blue: layout.towers[1].stones() as u8,
        };
        let (layout, material) = if material.is_canonical() {
            (layout, material)
        } else {
            (layout.flipped(), material.flipped())
        };
        let table = self.tables.get(&material)?;
        Some(table.values[table.indexer.index(&layout) as usize])
    }

    /// The verdict of the course rules (no draw rules), if the position's
    /// material is loaded. A position already over is lost for the side to
    /// move (won if, impossibly, it is the side to move's win).
    pub fn probe(&self, position: &Position) -> Option<Verdict> {
        if let Some((winner, _)) = position.winner() {
            return Some(if winner == position.side_to_move() {
                Verdict::Win { plies: 0 }
            } else {
                Verdict::Loss { plies: 0 }
            });
        }
        Verdict::of_byte(self.byte(position)?)
    }

    /// The verdict under `rules` with `quiet_plies` plies played since the
    /// last capture, or `None` when the tables cannot say: the material is
    /// not loaded, the side without a move does not lose under these rules,
    /// or a win's distance does not fit what the no-progress rule leaves.
    /// A draw of the course rules is a draw under any draw rules.
    pub fn probe_under(
        &self,
        position: &Position,
        rules: Rules,
        quiet_plies: u32,
    ) -> Option<Verdict> {
        if !rules.no_legal_move_loses {
            return None;
        }
        let verdict = self.probe(position)?;
        match (verdict, rules.no_progress_plies) {
            (Verdict::Win { plies } | Verdict::Loss { plies }, Some(limit))
                if quiet_plies + plies > limit =>
            {
                None
            }
            _ => Some(verdict),
        }
    }

    /// The move the tables play and the verdict of the position: the
    /// fastest win, the longest loss, or a move that keeps the draw. `None`
    /// when [`Tablebase::probe_under`] cannot say or there is no move.
    pub fn best_move(
        &self,
        position: &Position,
        rules: Rules,
        quiet_plies: u32,
    ) -> Option<(Move, Verdict)> {
        let verdict = self.probe_under(position, rules, quiet_plies)?;
        let mut best: Option<(Move, i64)> = None;
        for &mv in position.legal_moves().iter() {
            let child = position.play(mv);
            // The child's verdict is the opponent's; rank the moves from the
            // mover's view: a fast win best, then a draw, then a slow loss.
            let rank = match self.probe(&child)? {
                Verdict::Loss { plies } => 1_000 - i64::from(plies),
                Verdict::Draw => 0,
                Verdict::Win { plies } => -1_000 + i64::from(plies),
            };
            match best {
                Some((_, best_rank)) if best_rank >= rank => {}
                _ => best = Some((mv, rank)),
            }
        }
        best.map(|(mv, _)| (mv, verdict))
    }
}

#[cfg(test)]
mod tests;
