//! Swiss pairing in the manner of the Dutch system: entrants ranked by
//! points (then seeding) pair within their score group, the top half
//! against the bottom half (1 against 5, 2 against 6 in a group of eight);
//! an entrant whose partner is used up floats down to the next group. No
//! two entrants meet twice: when the natural partner is a former opponent
//! the next in the bottom half is tried, then the upper half from its
//! middle, with full backtracking, so a pairing is found whenever one
//! exists. With an odd number the bye goes to the lowest-ranked entrant
//! who has not had one (and who leaves the rest pairable).
//!
//! Who is named first balances starts (Kubb) or Red (Guard & Towers): the
//! entrant named first less often, then the one named second last time,
//! then the better-ranked one gets the alternative to its last; in the
//! first round the better-ranked alternate board by board. Two entrants
//! who both must be named on the same side (named first two times more
//! than second, or two times less) are paired only when nothing else works.

use std::collections::HashSet;

use crate::score::Points;

/// An entrant as the pairing sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub entrant: usize,
    pub points: Points,
    pub opponents: Vec<usize>,
    pub had_bye: bool,
    /// Times named first minus times named second.
    pub first_balance: i32,
    /// Whether named first in the last pairing played.
    pub last_first: Option<bool>,
}

/// Pairs `players`, given in ranking order (best first). Returns the
/// pairings board by board, first named first, the bye (if any) last; or
/// `None` when no pairing without a repeat exists.
pub fn pair(players: &[Player]) -> Option<Vec<(usize, Option<usize>)>> {
    if players.len().is_multiple_of(2) {
        return pair_even(players);
    }
    let without_bye: Vec<usize> = (0..players.len())
        .rev()
        .filter(|&i| !players[i].had_bye)
        .collect();
    let candidates = if without_bye.is_empty() {
        (0..players.len()).rev().collect()
    } else {
        without_bye
    };
    candidates.into_iter().find_map(|bye| {
        let rest: Vec<Player> = players
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != bye)
            .map(|(_, p)| p.clone())
            .collect();
        let mut pairings = pair_even(&rest)?;
        pairings.push((players[bye].entrant, None));
        Some(pairings)
    })
}

fn pair_even(players: &[Player]) -> Option<Vec<(usize, Option<usize>)>> {
    let mut search = Search {
        players,
        failed: HashSet::new(),
    };
    let unpaired: Vec<usize> = (0..players.len()).collect();
    let boards = search.boards(&unpaired)?;
    Some(
        boards
            .into_iter()
            .enumerate()
            .map(|(board, (a, b))| {
                let (first, second) = first_named(&players[a], &players[b], board);
                (first.entrant, Some(second.entrant))
            })
            .collect(),
    )
}

/// A depth-first search over partners, remembering the sets of unpaired
/// entrants already known to be unpairable.
struct Search<'a> {
    players: &'a [Player],
    failed: HashSet<Vec<usize>>,
}

impl Search<'_> {
    /// Boards (indices into `players`, better-ranked first) for the
    /// unpaired entrants, given in ranking order.
    fn boards(&mut self, unpaired: &[usize]) -> Option<Vec<(usize, usize)>> {
        let Some((&top, _)) = unpaired.split_first() else {
            return Some(Vec::new());
        };
        if self.failed.contains(unpaired) {
            return None;
        }
        for partner in self.partners(unpaired) {
            if self.players[top]
                .opponents
                .contains(&self.players[partner].entrant)
            {
                continue;
            }
            let rest: Vec<usize> = unpaired[1..]
                .iter()
                .copied()
                .filter(|&i| i != partner)
                .collect();
            if let Some(mut boards) = self.boards(&rest) {
                boards.insert(0, (top, partner));
                return Some(boards);
            }
        }
        self.failed.insert(unpaired.to_vec());
        None
    }

    /// The top entrant's partners in order of preference: its score
    /// group's bottom half from the top, then its upper half from the
    /// middle, then the lower groups in ranking order; partners who must be
    /// named on the same side as it (both named first twice more than
    /// second, or both twice less) only after all the others.
    fn partners(&self, unpaired: &[usize]) -> Vec<usize> {
        let side = |i: usize| must_be_named(&self.players[i]);
        let top = side(unpaired[0]);
        let (mut partners, clashing): (Vec<usize>, Vec<usize>) = self
            .natural_partners(unpaired)
            .into_iter()
            .partition(|&i| top.is_none() || side(i) != top);
        partners.extend(clashing);
        partners
    }

    fn natural_partners(&self, unpaired: &[usize]) -> Vec<usize> {
        let points = self.players[unpaired[0]].points;
        let group = unpaired
            .iter()
            .take_while(|&&i| self.players[i].points == points)
            .count();
        let half = group / 2;
        let mut partners: Vec<usize> = unpaired[half.max(1)..group].to_vec();
        partners.extend(unpaired[1..half.max(1)].iter().rev());
        partners.extend(&unpaired[group..]);
        partners
    }
}

/// The side an entrant must be named on to keep its starts within two of
/// its seconds: `Some(false)` second, `Some(true)` first.
fn must_be_named(player: &Player) -> Option<bool> {
    match player.first_balance {
        b if b >= 2 => Some(false),
        b if b <= -2 => Some(true),
        _ => None,
    }
}

/// Who of two paired entrants (`better` ranked higher) is named first.
fn first_named<'a>(
    better: &'a Player,
    other: &'a Player,
    board: usize,
) -> (&'a Player, &'a Player) {
    let better_first = match better.first_balance.cmp(&other.first_balance) {
        std::cmp::Ordering::Less => true,
        std::cmp::Ordering::Greater => false,
        std::cmp::Ordering::Equal => match (better.last_first, other.last_first) {
            (Some(a), Some(b)) if a != b => b,
            (Some(a), _) => !a,
            (None, Some(b)) => b,
            (None, None) => board.is_multiple_of(2),
        },
    };
    if better_first {
        (better, other)
    } else {
        (other, better)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn fresh(entrants: usize) -> Vec<Player> {
        (0..entrants)
            .map(|entrant| Player {
                entrant,
                points: Points::ZERO,
                opponents: Vec::new(),
                had_bye: false,
                first_balance: 0,
                last_first: None,
            })
            .collect()
    }

    #[test]
    fn the_first_round_pairs_the_top_half_against_the_bottom_half() {
        let pairings = pair(&fresh(8)).unwrap();
        assert_eq!(
            pairings,
            [(0, Some(4)), (5, Some(1)), (2, Some(6)), (7, Some(3))]
        );
        let odd = pair(&fresh(5)).unwrap();
        assert_eq!(
            odd.last(),
            Some(&(4, None)),
            "the lowest-ranked has the bye"
        );
    }

    /// A (0) and C (2) have both been named first twice more than second:
    /// the natural A-C would name one of them first a third time more, so
    /// A meets D and C meets B, each of them named second.
    #[test]
    fn entrants_who_must_be_second_do_not_meet_while_others_can() {
        let mut players = fresh(4);
        players[0].first_balance = 2;
        players[2].first_balance = 2;
        assert_eq!(pair(&players).unwrap(), [(3, Some(0)), (1, Some(2))]);
    }

    /// Plays a Swiss of `entrants` for `rounds` rounds with results drawn
    /// from `coins`, checking every round's pairing.
    fn play(entrants: usize, rounds: usize, coins: &[u8]) -> Result<(), TestCaseError> {
        let mut players = fresh(entrants);
        let mut coin = coins.iter().cycle();
        for _ in 0..rounds {
            let mut ranked = players.clone();
            ranked.sort_by(|a, b| b.points.cmp(&a.points).then(a.entrant.cmp(&b.entrant)));
            let pairings = pair(&ranked);
            prop_assert!(
                pairings.is_some(),
                "a pairing exists while rounds <= entrants / 2 - 1"
            );
            let pairings = pairings.unwrap();
            let mut seen = vec![0; entrants];
            for &(first, second) in &pairings {
                seen[first] += 1;
                match second {
                    None => {
                        prop_assert!(
                            !players[first].had_bye,
                            "nobody has two byes in so few rounds"
                        );
                        players[first].had_bye = true;
                        players[first].points =
                            Points::from_halves(players[first].points.halves() + 2);
                    }
                    Some(second) => {
                        seen[second] += 1;
                        prop_assert!(
                            !players[first].opponents.contains(&second),
                            "no repeat pairing"
                        );
                        players[first].opponents.push(second);
                        players[second].opponents.push(first);
                        players[first].first_balance += 1;
                        players[second].first_balance -= 1;
                        players[first].last_first = Some(true);
                        players[second].last_first = Some(false);
                        let winner = if coin.next().unwrap().is_multiple_of(2) {
                            first
                        } else {
                            second
                        };
                        players[winner].points =
                            Points::from_halves(players[winner].points.halves() + 2);
                    }
                }
            }
            prop_assert!(
                seen.iter().all(|&n| n == 1),
                "everyone plays once or has the bye: {:?}",
                seen
            );
        }
        Ok(())
    }

    proptest! {
        /// No pair meets twice, and every entrant plays once a round or
        /// has the bye, the bye never twice to one entrant.
        #[test]
        fn no_pair_meets_twice_and_everyone_plays_each_round(
            entrants in 4usize..24,
            coins in proptest::collection::vec(any::<u8>(), 1..64),
        ) {
            play(entrants, entrants / 2 - 1, &coins)?;
        }
    }
}
