//! Retrograde analysis of one material, given the smaller ones.
//!
//! 1. Every position is looked at once: a position over on the board, or
//!    without a legal move, is lost now (distance 0); one with a winning move
//!    is won in 1. Captures lead into smaller tables, already solved: the
//!    best win a capture gives is noted (to be taken up at its distance),
//!    and the moves that are not captures, which stay in this table, are
//!    counted.
//! 2. Then distance by distance, d = 0, 1, 2, …: the positions decided at d
//!    are those lost or won at d, and those whose noted capture wins at d
//!    and nothing better came first. For each, the un-moves (moves taken
//!    back, never captures) give the positions that lead to it. A loss at d
//!    makes each such predecessor a win at d + 1 unless it is decided
//!    already; a win at d takes one from each undecided predecessor's count
//!    of moves, and a predecessor whose count reaches 0 has nothing but
//!    moves into won positions of the opponent: unless a capture escapes,
//!    it is lost, at one more than the longest of them.
//! 3. What is never decided is a draw: neither side can force a win, and the
//!    game could go on for ever (course rules; see the crate docs for the
//!    rule book's draw rules).
//!
//! Distances are plies to the end of the game with the winner hurrying and
//! the loser delaying (DTM in plies): wins are odd, losses even.

use guard_towers::Position;

use crate::index::{Indexer, Layout, Material, Towers};
use crate::{Table, Tablebase, INVALID};

/// The longest distance a table byte can hold (byte = distance + 1).
pub const MAX_DISTANCE: u32 = 253;

/// What building one table found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildStats {
    pub material: Material,
    /// Indices in the table (positions and the indices that are none).
    pub indices: u64,
    /// Real positions among them.
    pub positions: u64,
    pub wins: u64,
    pub losses: u64,
    pub draws: u64,
    /// The longest win or loss, in plies.
    pub longest: u32,
}

pub(crate) fn build(material: Material, base: &Tablebase) -> (Table, BuildStats) {
    let indexer = Indexer::new(material);
    let size = indexer.size() as usize;
    let mut values = vec![0u8; size];
    let mut counts = vec![0u8; size];
    let mut pending = vec![0u8; size];
    let mut horizon = 0u32;

    for index in 0..size {
        let Some(layout) = indexer.layout(index as u64) else {
            values[index] = INVALID;
            continue;
        };
        let position = layout.position();
        if let Some((winner, _)) = position.winner() {
            // A position won for the side to move cannot arise in play.
            values[index] = if winner == position.side_to_move() {
                INVALID
            } else {
                1
            };
            continue;
        }
        let moves = position.legal_moves();
        if moves.is_empty() {
            values[index] = 1;
            continue;
        }
        if moves.iter().any(|&mv| position.is_winning_move(mv)) {
            values[index] = 2;
            horizon = horizon.max(1);
            continue;
        }
        let mut quiet = 0u8;
        let mut best_win: Option<u32> = None;
        for &mv in moves.iter() {
            if position.is_capture(mv) {
                let byte = base
                    .byte(&position.play(mv))
                    .expect("the smaller tables are built first");
                if byte != 0 && (byte - 1).is_multiple_of(2) {
                    let win = u32::from(byte);
                    best_win = Some(best_win.map_or(win, |best| best.min(win)));
                }
            } else {
                quiet += 1;
            }
        }
        counts[index] = quiet;
        if let Some(win) = best_win {
            pending[index] = distance_byte(win) - 1;
            horizon = horizon.max(win);
        } else if quiet == 0 {
            if let Some(byte) = loss_byte(&position, &indexer, &values, base) {
                values[index] = byte;
                horizon = horizon.max(u32::from(byte) - 1);
            }
        }
    }

    let mut distance = 0u32;
    let mut predecessors = Vec::with_capacity(64);
    while distance <= horizon {
        let byte = distance_byte(distance);
        for index in 0..size {
            if values[index] == 0 && distance > 0 && u32::from(pending[index]) == distance {
                values[index] = byte;
            }
            if values[index] != byte {
                continue;
            }
            let layout = indexer
                .layout(index as u64)
                .expect("a decided index is a position");
            predecessors.clear();
            unmoves(&layout, &mut |before| {
                predecessors.push(indexer.index(&before))
            });
            predecessors.sort_unstable();
            predecessors.dedup();
            for &before in &predecessors {
                let before = before as usize;
                if values[before] != 0 {
                    continue;
                }
                if distance.is_multiple_of(2) {
                    // Lost here: the move into it wins.
                    values[before] = distance_byte(distance + 1);
                    horizon = horizon.max(distance + 1);
                } else {
                    counts[before] -= 1;
                    if counts[before] == 0 && pending[before] == 0 {
                        let layout = indexer.layout(before as u64).expect("a position");
                        if let Some(loss) = loss_byte(&layout.position(), &indexer, &values, base) {
                            values[before] = loss;
                            horizon = horizon.max(u32::from(loss) - 1);
                        }
                    }
                }
            }
        }
        distance += 1;
    }

    let mut stats = BuildStats {
        material,
        indices: size as u64,
        positions: 0,
        wins: 0,
        losses: 0,
        draws: 0,
        longest: 0,
    };
    for &value in &values {
        match value {
            INVALID => continue,
            0 => stats.draws += 1,
            byte => {
                let plies = u32::from(byte) - 1;
                if plies % 2 == 1 {
                    stats.wins += 1;
                } else {
                    stats.losses += 1;
                }
                stats.longest = stats.longest.max(plies);
            }
        }
        stats.positions += 1;
    }
    (
        Table {
            material,
            indexer,
            values,
        },
        stats,
    )
}

/// The byte of a distance, refused beyond what a byte holds.
fn distance_byte(distance: u32) -> u8 {
    assert!(
        distance <= MAX_DISTANCE,
        "a distance of {distance} plies does not fit a table byte"
    );
    distance as u8 + 1
}

/// The byte of `position` if every move leads to a position the opponent
/// wins: lost at one more than the longest of those wins.
fn loss_byte(
    position: &Position,
    indexer: &Indexer,
    values: &[u8],
    base: &Tablebase,
) -> Option<u8> {
    let mut longest = 0;
    for &mv in position.legal_moves().iter() {
        let child = position.play(mv);
        let byte = if position.is_capture(mv) {
            base.byte(&child)
                .expect("the smaller tables are built first")
        } else {
            let layout = Layout::of(&child).expect("a quiet move keeps both guards");
            values[indexer.index(&layout) as usize]
        };
        if byte == 0 || byte == INVALID || (byte - 1).is_multiple_of(2) {
            return None;
        }
        longest = longest.max(u32::from(byte) - 1);
    }
    Some(distance_byte(longest + 1))
}

/// The square `steps` squares from `square` in direction (file, rank), if
/// on the board.
fn step(square: u8, (file, rank): (i8, i8), steps: i8) -> Option<u8> {
    let f = (square % 7) as i8 + file * steps;
    let r = (square / 7) as i8 + rank * steps;
    ((0..7).contains(&f) && (0..7).contains(&r)).then(|| (r * 7 + f) as u8)
}

const DIRECTIONS: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

/// Every position (the other side to move, not over) from which a move that
/// captures nothing leads to `after`.
pub(crate) fn unmoves(after: &Layout, emit: &mut impl FnMut(Layout)) {
    let mover = !after.side;
    let m = mover.index();
    let occupied = after.occupied();
    let mut emit_unless_over = |mut before: Layout| {
        before.side = mover;
        if !before.is_decided() {
            emit(before);
        }
    };
    // The guard stepped here from an empty neighbour.
    let guard = after.guards[m];
    for dir in DIRECTIONS {
        if let Some(from) = step(guard, dir, 1) {
            if occupied & (1u64 << from) == 0 {
                let mut before = *after;
                before.guards[m] = from;
                emit_unless_over(before);
            }
        }
    }
    // The top k stones of a tower came k squares in a straight line, over
    // empty squares, from an empty square (the whole tower moved) or from
    // an own tower (a split).
    let towers: Towers = after.towers[m];
    for (slot, &(to, height)) in towers.as_slice().iter().enumerate() {
        for dir in DIRECTIONS {
            for k in 1..=height {
                let Some(from) = step(to, dir, k as i8) else {
                    break;
                };
                let mut before = *after;
                if occupied & (1u64 << from) == 0 {
                    before.towers[m].push(from, k);
                } else if let Some(own) = towers.height_at(from) {
                    let left = towers.as_slice()[own].1;
                    before.towers[m].set(own, left + k);
                } else {
                    break;
                }
                before.towers[m].set(slot, height - k);
                emit_unless_over(before);
                if occupied & (1u64 << from) != 0 {
                    break;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every un-move is undone by a legal quiet move, and every quiet move
    /// of every predecessor is found from its result.
    #[test]
    fn unmoves_invert_quiet_moves() {
        let material = Material { red: 2, blue: 1 };
        let indexer = Indexer::new(material);
        let mut checked = 0;
        for index in (0..indexer.size()).step_by(150_001) {
            let Some(before) = indexer.layout(index) else {
                continue;
            };
            let position = before.position();
            if position.winner().is_some() {
                continue;
            }
            let before_index = indexer.index(&before);
            for &mv in position.legal_moves().iter() {
                if position.is_capture(mv) {
                    continue;
                }
                let after = Layout::of(&position.play(mv)).unwrap();
                let mut found = Vec::new();
                unmoves(&after, &mut |layout| found.push(indexer.index(&layout)));
                assert!(found.contains(&before_index), "{position:?} {mv}");
                for layout_index in found {
                    let layout = indexer.layout(layout_index).unwrap();
                    let back = layout.position();
                    assert!(
                        back.legal_moves().iter().any(|&m| !back.is_capture(m)
                            && indexer.index(&Layout::of(&back.play(m)).unwrap())
                                == indexer.index(&after)),
                        "un-move to {back:?} is no move"
                    );
                }
                checked += 1;
            }
        }
        assert!(checked > 1000, "{checked}");
    }
}
