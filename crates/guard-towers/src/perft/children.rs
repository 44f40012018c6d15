//! Perft's last two plies: a position's children played and their moves
//! counted eight at a time, one child to a lane of AVX-512's 64-bit lanes,
//! with its vector popcount, where the processor has both (chosen at run
//! time: the build targets x86-64-v2). Elsewhere each child is played and
//! counted in turn. Both give the same counts: the perft tables test both.
//!
//! The lanes follow [`Position::play`] and [`Position::count_moves`] step
//! by step, without a branch on any one child: every child is played
//! whatever its move, a decided child is counted and then masked out.

use crate::position::Position;

/// The number of moves after each legal move of `position`, summed: perft
/// at depth 2.
pub fn count_grandchildren(position: &Position) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("avx512vpopcntdq")
    {
        // SAFETY: the processor has both, checked just now.
        return unsafe { avx512::count_grandchildren(position) };
    }
    one_by_one(position)
}

/// Each child played and counted in turn.
pub fn one_by_one(position: &Position) -> u64 {
    position
        .legal_moves()
        .iter()
        .map(|&mv| u64::from(position.play_unhashed(mv).count_moves()))
        .sum()
}

#[cfg(target_arch = "x86_64")]
pub(super) mod avx512 {
    use std::arch::x86_64::*;

    use crate::bitboard::{origins, BOARD};
    use crate::position::{castle, Position};
    use crate::square::{Direction, SIDE};

    /// Eight 64-bit lanes, one child each.
    type Lanes = __m512i;

    /// # Safety
    /// The processor must have AVX-512 F and VPOPCNTDQ.
    #[target_feature(enable = "avx512f,avx512vpopcntdq")]
    pub unsafe fn count_grandchildren(position: &Position) -> u64 {
        let moves = position.legal_moves();
        let mut total = 0;
        for chunk in moves.chunks(8) {
            let mut from = [0i64; 8];
            let mut to = [0i64; 8];
            let mut stones = [0i64; 8];
            for (lane, mv) in chunk.iter().enumerate() {
                from[lane] = mv.from().index() as i64;
                to[lane] = mv.to().index() as i64;
                stones[lane] = i64::from(mv.stones());
            }
            let played = ((1u16 << chunk.len()) - 1) as u8;
            // SAFETY: the arrays hold eight lanes each.
            let (from, to, stones) = unsafe {
                (
                    _mm512_loadu_si512(from.as_ptr().cast()),
                    _mm512_loadu_si512(to.as_ptr().cast()),
                    _mm512_loadu_si512(stones.as_ptr().cast()),
                )
            };
            let child = play(position, from, to, stones);
            let counts = count_moves(&child);
            let live = played & !child.decided;
            total += _mm512_mask_reduce_add_epi64(live, counts) as u64;
        }
        total
    }

    /// A child in lanes, from the view of its side to move (the parent's
    /// opponent): what `count_moves` needs.
    struct Child {
        movers: Lanes,
        mover_guard: Lanes,
        others: Lanes,
        other_guard: Lanes,
        /// Height digits 1, 2 and 4 of every tower, both colours.
        planes: [Lanes; 3],
        decided: __mmask8,
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn splat(bits: u64) -> Lanes {
        _mm512_set1_epi64(bits as i64)
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn is_set(bits: Lanes) -> __mmask8 {
        _mm512_test_epi64_mask(bits, bits)
    }

    /// The height digits at each lane's square of `planes`, as a number.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn height(planes: [u64; 3], square: Lanes) -> Lanes {
        let one = splat(1);
        let digit = |plane: u64, weight: u32| {
            let bit = _mm512_and_si512(_mm512_srlv_epi64(splat(plane), square), one);
            _mm512_sllv_epi64(bit, splat(u64::from(weight)))
        };
        _mm512_or_si512(
            _mm512_or_si512(digit(planes[0], 0), digit(planes[1], 1)),
            digit(planes[2], 2),
        )
    }

    /// [`Position::play`] in every lane (without the hash).
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn play(parent: &Position, from: Lanes, to: Lanes, stones: Lanes) -> Child {
        let us = parent.side_to_move();
        let them = !us;
        let planes = parent.height_planes();
        let zero = _mm512_setzero_si512();
        let one = splat(1);
        let from_bit = _mm512_sllv_epi64(one, from);
        let to_bit = _mm512_sllv_epi64(one, to);
        let (our_towers, our_guard) = (splat(parent.towers(us)), splat(parent.guard_bits(us)));
        let (their_towers, their_guard) =
            (splat(parent.towers(them)), splat(parent.guard_bits(them)));

        let target_height = height(planes, to);
        let guard_moves = is_set(_mm512_and_si512(our_guard, from_bit));
        let onto_their_tower = is_set(_mm512_and_si512(their_towers, to_bit));
        // A tower move: `stones` leave `from`, land on `to` on what stood
        // there if it was ours.
        let tower_height = height(planes, from);
        let left = _mm512_sub_epi64(tower_height, stones);
        let below = _mm512_mask_blend_epi64(onto_their_tower, target_height, zero);
        let emptied = _mm512_mask_blend_epi64(_mm512_cmpeq_epi64_mask(left, zero), zero, from_bit);
        let tower_move_towers = _mm512_or_si512(_mm512_andnot_si512(emptied, our_towers), to_bit);
        let others = _mm512_mask_blend_epi64(guard_moves, tower_move_towers, our_towers);
        let other_guard = _mm512_mask_blend_epi64(
            guard_moves,
            our_guard,
            _mm512_xor_si512(our_guard, _mm512_or_si512(from_bit, to_bit)),
        );
        let from_digits =
            _mm512_mask_blend_epi64(guard_moves, _mm512_xor_si512(tower_height, left), zero);
        let to_digits = _mm512_mask_blend_epi64(
            guard_moves,
            _mm512_xor_si512(target_height, _mm512_add_epi64(below, stones)),
            target_height,
        );
        let planes = std::array::from_fn(|digit| {
            let weight = splat(1 << digit);
            let flip = |bit: Lanes, digits: Lanes| {
                _mm512_maskz_mov_epi64(_mm512_test_epi64_mask(digits, weight), bit)
            };
            _mm512_xor_si512(
                splat(planes[digit]),
                _mm512_or_si512(flip(from_bit, from_digits), flip(to_bit, to_digits)),
            )
        });
        let mover_guard = _mm512_andnot_si512(to_bit, their_guard);
        let on_their_castle = is_set(_mm512_and_si512(other_guard, splat(castle(them).bit())));
        Child {
            movers: _mm512_andnot_si512(to_bit, their_towers),
            mover_guard,
            others,
            other_guard,
            planes,
            decided: !is_set(mover_guard) | on_their_castle,
        }
    }

    /// Shifts every lane `distance` steps towards `dir` (as `shift`).
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn shift(bits: Lanes, dir: Direction, distance: u32) -> Lanes {
        let steps = |per_step: u32| _mm_cvtsi32_si128((per_step * distance) as i32);
        match dir {
            Direction::North => _mm512_sll_epi64(bits, steps(SIDE as u32)),
            Direction::South => _mm512_srl_epi64(bits, steps(SIDE as u32)),
            Direction::East => _mm512_sll_epi64(bits, steps(1)),
            Direction::West => _mm512_srl_epi64(bits, steps(1)),
        }
    }

    /// The inverse of [`shift`].
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn shift_back(bits: Lanes, dir: Direction, distance: u32) -> Lanes {
        let back = match dir {
            Direction::North => Direction::South,
            Direction::South => Direction::North,
            Direction::East => Direction::West,
            Direction::West => Direction::East,
        };
        shift(bits, back, distance)
    }

    /// [`Position::count_moves`] in every lane (decided or not).
    #[inline]
    #[target_feature(enable = "avx512f,avx512vpopcntdq")]
    fn count_moves(child: &Child) -> Lanes {
        let Child {
            movers: own_towers,
            mover_guard: own_guard,
            others: enemy_towers,
            ..
        } = *child;
        let occupied = _mm512_or_si512(
            _mm512_or_si512(own_towers, own_guard),
            _mm512_or_si512(enemy_towers, child.other_guard),
        );
        let empty = _mm512_andnot_si512(occupied, splat(BOARD));
        let [ones, twos, fours] = child.planes;
        let or = |a, b| _mm512_or_si512(a, b);
        let and = |a, b| _mm512_and_si512(a, b);
        // Towers taller than each distance 1 to 7 (of 2 to 8 stones).
        let taller_than: [Lanes; 7] = [
            or(twos, fours),
            or(and(twos, ones), fours),
            fours,
            and(fours, or(twos, ones)),
            and(fours, twos),
            and(and(fours, twos), ones),
            zero(),
        ];

        let guard_targets = _mm512_andnot_si512(or(own_towers, own_guard), splat(BOARD));
        let mut count = _mm512_popcnt_epi64(and(neighbours(own_guard), guard_targets));
        let base_targets = _mm512_andnot_si512(or(own_guard, enemy_towers), splat(BOARD));
        for dir in Direction::ALL {
            let mut movers = own_towers;
            for distance in 1..=SIDE as u32 - 1 {
                movers = and(movers, splat(origins(dir, distance)));
                if is_set(movers) == 0 {
                    break;
                }
                let taller = taller_than[distance as usize - 1];
                let targets = or(base_targets, _mm512_andnot_si512(taller, enemy_towers));
                let destinations = and(shift(movers, dir, distance), targets);
                count = _mm512_add_epi64(count, _mm512_popcnt_epi64(destinations));
                movers = and(movers, and(taller, shift_back(empty, dir, distance)));
            }
        }
        count
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn zero() -> Lanes {
        _mm512_setzero_si512()
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn neighbours(bits: Lanes) -> Lanes {
        let mut result = zero();
        for dir in Direction::ALL {
            let inside = _mm512_and_si512(bits, splat(origins(dir, 1)));
            result = _mm512_or_si512(result, shift(inside, dir, 1));
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions along random games from the start: captures, guard
    /// moves, tall towers, decided children.
    fn positions() -> Vec<Position> {
        let mut state = 0x2026_1206_u64;
        let mut positions = Vec::new();
        for _ in 0..300 {
            let mut position = Position::start();
            for _ in 0..120 {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                positions.push(position);
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                position = position.play(moves[(state >> 33) as usize % moves.len()]);
            }
        }
        positions
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn eight_children_at_a_time_count_what_one_by_one_counts() {
        if !(std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512vpopcntdq"))
        {
            eprintln!("this processor lacks AVX-512 F or VPOPCNTDQ: only one by one runs");
            return;
        }
        let positions = positions();
        assert!(positions.len() > 10_000, "{}", positions.len());
        for position in positions {
            // SAFETY: both features checked above.
            let lanes = unsafe { avx512::count_grandchildren(&position) };
            assert_eq!(lanes, one_by_one(&position), "{position}");
        }
    }
}
