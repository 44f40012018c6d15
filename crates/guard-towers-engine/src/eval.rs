//! Static evaluation. Every weight lives in [`Weights`]; `docs/tuning.md`
//! describes how they are fitted to game results.

use guard_towers::{castle, neighbours, Color, Mobility, Position, Square, Squares};

use crate::nnue::Network;

/// Which evaluation a search uses: the hand-written terms or the network.
#[derive(Clone, Copy, Debug)]
pub enum Evaluator<'a> {
    Classic(&'a Weights),
    Network(&'a Network),
}

/// The evaluation's parameters, in centi-stones (100 = one tower stone).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Each tower stone on the board.
    pub stone: i32,
    /// Each tower, by height (index = stones).
    pub tower_height: [i32; 8],
    /// Each stone, by how many ranks its tower has advanced from its own back rank.
    pub stone_advance: [i32; 7],
    /// The guard, by its Manhattan distance to the enemy castle (0–12).
    pub guard_distance: [i32; 13],
    /// Each legal move the side would have.
    pub mobility: i32,
    /// Each square next to the own guard that the enemy can move to.
    pub guard_zone: i32,
    /// Own towers next to the own guard.
    pub guard_escort: i32,
    /// For the side to move.
    pub tempo: i32,
}

impl Weights {
    /// The number of tunable parameters, in the order of [`Weights::values`].
    pub const LEN: usize = 1 + 8 + 7 + 13 + 4;

    /// All weights as one vector (for tuning).
    pub fn values(&self) -> Vec<i32> {
        let mut values = vec![self.stone];
        values.extend(self.tower_height);
        values.extend(self.stone_advance);
        values.extend(self.guard_distance);
        values.extend([
            self.mobility,
            self.guard_zone,
            self.guard_escort,
            self.tempo,
        ]);
        values
    }

    /// The inverse of [`Weights::values`].
    pub fn from_values(values: &[i32]) -> Option<Weights> {
        if values.len() != Self::LEN {
            return None;
        }
        let mut rest = values.iter().copied();
        let mut take = |n: usize| rest.by_ref().take(n).collect::<Vec<i32>>();
        Some(Weights {
            stone: take(1)[0],
            tower_height: take(8).try_into().ok()?,
            stone_advance: take(7).try_into().ok()?,
            guard_distance: take(13).try_into().ok()?,
            mobility: take(1)[0],
            guard_zone: take(1)[0],
            guard_escort: take(1)[0],
            tempo: take(1)[0],
        })
    }
}

impl Default for Weights {
    fn default() -> Weights {
        TUNED.clone()
    }
}

/// The weights in use: Texel-tuned on 93,864 quiet positions of 2,400
/// self-play games (`docs/tuning.md`).
pub const TUNED: Weights = Weights {
    stone: 56,
    tower_height: [0, -23, -5, 19, 39, 121, 121, 0],
    stone_advance: [-5, 1, 3, 5, 12, 10, 6],
    guard_distance: [0, 1158, 138, 68, 54, 20, 20, 23, -13, -46, 0, 0, 0],
    mobility: 9,
    guard_zone: -32,
    guard_escort: 17,
    tempo: 11,
};

/// Manhattan distance between two squares.
fn distance(a: Square, b: Square) -> usize {
    (a.file().abs_diff(b.file()) + a.rank().abs_diff(b.rank())) as usize
}

/// Ranks a square lies ahead of `color`'s own back rank.
fn advance(color: Color, square: Square) -> usize {
    match color {
        Color::Red => 6 - square.rank() as usize,
        Color::Blue => square.rank() as usize,
    }
}

/// The evaluation of `position` from the side to move's point of view.
pub fn evaluate(position: &Position, weights: &Weights) -> i32 {
    let us = position.side_to_move();
    evaluate_with(
        position,
        &position.mobility(us),
        &position.mobility(!us),
        weights,
    )
}

/// [`evaluate`] with the mobility of the side to move (`ours`) and of the
/// other side already computed, as the search has them.
pub fn evaluate_with(
    position: &Position,
    ours: &Mobility,
    theirs: &Mobility,
    weights: &Weights,
) -> i32 {
    let us = position.side_to_move();
    side_terms(position, us, ours.moves, theirs.reach, weights)
        - side_terms(position, !us, theirs.moves, ours.reach, weights)
        + weights.tempo
}

/// The terms of one side; `enemy_reach` is where the enemy could move.
fn side_terms(
    position: &Position,
    color: Color,
    moves: u32,
    enemy_reach: u64,
    weights: &Weights,
) -> i32 {
    let mut score = moves as i32 * weights.mobility;
    for square in Squares(position.towers(color)) {
        let height = position.height(square) as usize;
        score += height as i32 * (weights.stone + weights.stone_advance[advance(color, square)])
            + weights.tower_height[height];
    }
    if let Some(guard) = position.guard(color) {
        let zone = neighbours(guard.bit());
        score += weights.guard_distance[distance(guard, castle(!color))]
            + (zone & enemy_reach).count_ones() as i32 * weights.guard_zone
            + (zone & position.towers(color)).count_ones() as i32 * weights.guard_escort;
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_round_trip_through_values() {
        let values = TUNED.values();
        assert_eq!(values.len(), Weights::LEN);
        assert_eq!(Weights::from_values(&values), Some(TUNED));
    }

    #[test]
    fn the_start_position_is_balanced_but_for_the_tempo() {
        let start = Position::start();
        assert_eq!(evaluate(&start, &TUNED), TUNED.tempo);
    }

    #[test]
    fn an_extra_stone_is_good_for_its_owner() {
        let more: Position = "3RG3/7/7/r16/7/7/3BG3 r".parse().expect("valid");
        let less: Position = "3RG3/7/7/r16/7/7/3BG3 b".parse().expect("valid");
        assert!(evaluate(&more, &TUNED) > 0);
        assert!(evaluate(&less, &TUNED) < 0);
    }
}
