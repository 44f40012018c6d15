//! Legal move generation, bit-parallel over all towers of one colour.
//!
//! For a direction and a distance k, the origins of k-stone moves are the own
//! towers of height ≥ k whose first k − 1 squares in that direction are empty;
//! shifting them k squares gives the destinations at once. The same walk feeds
//! either a counter (perft's bulk counting: one popcount per direction and
//! distance) or a move list, so counting and listing cannot disagree.
//!
//! There is no check in this game: every move the rules allow is legal, and a
//! decided position (guard captured or on the enemy castle) has none.

use crate::bitboard::{neighbours, origins, shift, shift_back, Squares, BOARD};
use crate::color::Color;
use crate::moves::{Move, MoveList};
use crate::position::{castle, Position};
use crate::square::{Direction, Square, SIDE, SQUARES};

/// The farthest any piece can travel on a 7-square line.
const MAX_DISTANCE: u32 = SIDE as u32 - 1;

/// For each direction and square: the squares beyond it that way.
const RAYS: [[u64; SQUARES]; 4] = {
    let mut rays = [[0u64; SQUARES]; 4];
    let mut dir = 0;
    while dir < 4 {
        let mut square = 0;
        while square < SQUARES {
            let mut distance = 1;
            while distance <= MAX_DISTANCE {
                let origin = (1u64 << square) & origins(Direction::ALL[dir], distance);
                rays[dir][square] |= shift(origin, Direction::ALL[dir], distance);
                distance += 1;
            }
            square += 1;
        }
        dir += 1;
    }
    rays
};

/// Receives destinations, grouped as the generator finds them.
trait Sink {
    fn guard(&mut self, from: u64, destinations: u64);
    fn towers(&mut self, dir: Direction, distance: u32, destinations: u64);
}

struct Counter(u32);

/// What one side could do if it were to move: its number of moves and
/// every square it could move a piece to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mobility {
    pub moves: u32,
    pub reach: u64,
}

impl Sink for Mobility {
    #[inline(always)]
    fn guard(&mut self, _from: u64, destinations: u64) {
        self.moves += destinations.count_ones();
        self.reach |= destinations;
    }

    #[inline(always)]
    fn towers(&mut self, _dir: Direction, _distance: u32, destinations: u64) {
        self.moves += destinations.count_ones();
        self.reach |= destinations;
    }
}

impl Sink for Counter {
    #[inline(always)]
    fn guard(&mut self, _from: u64, destinations: u64) {
        self.0 += destinations.count_ones();
    }

    #[inline(always)]
    fn towers(&mut self, _dir: Direction, _distance: u32, destinations: u64) {
        self.0 += destinations.count_ones();
    }
}

impl Sink for MoveList {
    #[inline(always)]
    fn guard(&mut self, from: u64, destinations: u64) {
        let from = Square::new_unchecked(from.trailing_zeros() as u8);
        for to in Squares(destinations) {
            self.push(Move::new_unchecked(from, to, 1));
        }
    }

    #[inline(always)]
    fn towers(&mut self, dir: Direction, distance: u32, destinations: u64) {
        let offset = dir.step() as i32 * distance as i32;
        for to in Squares(destinations) {
            let from = Square::new_unchecked((to.index() as i32 - offset) as u8);
            self.push(Move::new_unchecked(from, to, distance));
        }
    }
}

impl Position {
    /// All legal moves, in generation order.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list);
        list
    }

    /// The number of legal moves, without listing them.
    #[inline]
    pub fn count_moves(&self) -> u32 {
        let mut counter = Counter(0);
        self.generate(&mut counter);
        counter.0
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// The moves and reach `color` would have if it were to move (for
    /// evaluation, also of the side not to move). Ignores whether the game is
    /// decided.
    pub fn mobility(&self, color: Color) -> Mobility {
        let mut mobility = Mobility::default();
        self.generate_for(color, &mut mobility);
        mobility
    }

    /// Every square `color` could move a piece to if it were to move.
    pub fn reach(&self, color: Color) -> u64 {
        self.mobility(color).reach
    }

    /// Whether `color`, if it were to move, could win at once: capture the
    /// enemy guard or step its guard onto the enemy castle.
    ///
    /// Looked up from the enemy guard outwards instead of by generating
    /// `color`'s moves (the search asks this for both sides at every node):
    /// along each line only the nearest piece can reach the guard, and it
    /// does when it is `color`'s tower of at least as many stones as it
    /// stands squares away.
    #[inline]
    pub fn has_winning_move(&self, color: Color) -> bool {
        let own_towers = self.towers(color);
        let enemy_guard = self.guard_bits(!color);
        let guard_step = castle(!color).bit() | enemy_guard;
        if neighbours(self.guard_bits(color)) & guard_step & !own_towers != 0 {
            return true;
        }
        if enemy_guard == 0 {
            return false;
        }
        let target = enemy_guard.trailing_zeros() as usize;
        let occupied = self.occupied();
        Direction::ALL.into_iter().any(|dir| {
            let blockers = RAYS[dir as usize][target] & occupied;
            let nearest = match dir {
                Direction::North | Direction::East => blockers & blockers.wrapping_neg(),
                Direction::South | Direction::West => (1u64 << 63)
                    .checked_shr(blockers.leading_zeros())
                    .unwrap_or(0),
            };
            let distance = (nearest.trailing_zeros() as i32 - target as i32).unsigned_abs()
                / dir.step().unsigned_abs() as u32;
            nearest & own_towers & self.towers_at_least(distance) != 0
        })
    }

    /// Whether `mv` (legal here) ends the game at once.
    #[inline]
    pub fn is_winning_move(&self, mv: Move) -> bool {
        let us = self.side_to_move();
        let to = mv.to().bit();
        to & self.guard_bits(!us) != 0
            || (to & castle(!us).bit() != 0 && self.guard_bits(us) & mv.from().bit() != 0)
    }

    /// Whether `mv` lands on an enemy piece.
    #[inline]
    pub fn is_capture(&self, mv: Move) -> bool {
        self.occupied() & mv.to().bit() != 0
            && self.towers(self.side_to_move()) & mv.to().bit() == 0
    }

    #[inline(always)]
    fn generate<S: Sink>(&self, sink: &mut S) {
        if !self.is_decided() {
            self.generate_for(self.side_to_move(), sink);
        }
    }

    #[inline(always)]
    fn generate_for<S: Sink>(&self, us: Color, sink: &mut S) {
        let own_towers = self.towers(us);
        let own_guard = self.guard_bits(us);
        let empty = self.empty();

        if own_guard != 0 {
            sink.guard(own_guard, neighbours(own_guard) & !(own_towers | own_guard));
        }

        // Squares a tower piece of k stones may land on, except enemy towers
        // (capturable only up to height k): empty, own towers (stacking), the
        // enemy guard.
        let enemy_towers = self.towers(!us);
        let base_targets = BOARD & !own_guard & !enemy_towers;
        for dir in Direction::ALL {
            let mut movers = own_towers;
            for distance in 1..=MAX_DISTANCE {
                movers &= origins(dir, distance);
                if movers == 0 {
                    break;
                }
                let taller = self.towers_at_least(distance + 1);
                let targets = base_targets | (enemy_towers & !taller);
                sink.towers(dir, distance, shift(movers, dir, distance) & targets);
                movers &= taller & shift_back(empty, dir, distance);
            }
        }
    }
}
