//! Round robins by the circle method (Berger tables): with an even number
//! of entrants everyone plays in every round, with an odd number one has a
//! bye each round; the first named alternates so that starts (Kubb) or Red
//! (Guard & Towers) are shared out as evenly as the schedule allows.

/// Rounds in a single round robin of `entrants`.
pub fn rounds(entrants: usize) -> usize {
    if entrants < 2 {
        0
    } else {
        entrants + entrants % 2 - 1
    }
}

/// The pairings of `round` (from 0) of a round robin over seeds
/// `0..entrants`, first named first; `None` is a bye. Rounds past the
/// single cycle repeat it with the first and second named swapped (a double
/// round robin).
pub fn round(entrants: usize, round: usize) -> Vec<(usize, Option<usize>)> {
    let single = rounds(entrants);
    if single == 0 {
        return Vec::new();
    }
    let (cycle, round) = (round / single, round % single);
    // The circle: seat `fixed` stays, the others rotate one place a round;
    // seat `fixed` is the bye when the count is odd.
    let seats = entrants + entrants % 2;
    let fixed = seats - 1;
    let seat = |s: usize| (s < entrants).then_some(s);
    (0..seats / 2)
        .map(|k| {
            let a = (round + k) % fixed;
            let b = if k == 0 {
                fixed
            } else {
                (round + fixed - k) % fixed
            };
            // The fixed seat alternates sides; the others keep theirs.
            let (first, second) = if k == 0 && round % 2 == 1 {
                (b, a)
            } else {
                (a, b)
            };
            let (first, second) = if cycle % 2 == 1 {
                (second, first)
            } else {
                (first, second)
            };
            (first, second)
        })
        .filter_map(|(first, second)| match (seat(first), seat(second)) {
            (Some(first), second) => Some((first, second)),
            (None, Some(second)) => Some((second, None)),
            (None, None) => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashSet;

    proptest! {
        /// In a single round robin every two entrants meet exactly once,
        /// and in each round everyone plays once or has the bye.
        #[test]
        fn everyone_meets_everyone_once(entrants in 2usize..20) {
            let mut met = HashSet::new();
            for r in 0..rounds(entrants) {
                let mut seen = HashSet::new();
                for (first, second) in round(entrants, r) {
                    prop_assert!(seen.insert(first));
                    if let Some(second) = second {
                        prop_assert!(seen.insert(second));
                        prop_assert!(met.insert((first.min(second), first.max(second))));
                    }
                }
                prop_assert_eq!(seen.len(), entrants);
            }
            prop_assert_eq!(met.len(), entrants * (entrants - 1) / 2);
        }

        /// A double round robin names everyone first as often as second.
        #[test]
        fn a_double_round_robin_balances_first_and_second(entrants in 2usize..20) {
            let mut balance = vec![0i32; entrants];
            for r in 0..2 * rounds(entrants) {
                for (first, second) in round(entrants, r) {
                    if let Some(second) = second {
                        balance[first] += 1;
                        balance[second] -= 1;
                    }
                }
            }
            prop_assert!(balance.iter().all(|&b| b == 0), "{:?}", balance);
        }
    }
}
