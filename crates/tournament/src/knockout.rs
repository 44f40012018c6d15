//! Knockout brackets: seeds placed so that the best two can only meet in
//! the final (1 against 16, 8 against 9, …), byes to the top seeds when the
//! field is not a power of two, winners advancing in bracket order.
//!
//! Entrants are given as seed numbers from 0 (the best); a lower number is
//! named first, so the better seed starts (Kubb) or plays Red.

/// The bracket's size: the smallest power of two that holds the field.
pub fn bracket_size(entrants: usize) -> usize {
    entrants.max(2).next_power_of_two()
}

/// Rounds from the first to the final.
pub fn rounds(entrants: usize) -> usize {
    bracket_size(entrants).trailing_zeros() as usize
}

/// Bracket lines from top to bottom: seed numbers such that lines 2k and
/// 2k+1 meet in the first round, and each half holds the seeds a
/// better-seeded bracket of half the size would.
fn lines(size: usize) -> Vec<usize> {
    let mut lines = vec![0];
    while lines.len() < size {
        let doubled = lines.len() * 2;
        lines = lines.iter().flat_map(|&s| [s, doubled - 1 - s]).collect();
    }
    lines
}

/// The first round: `None` is a bye, which only the top seeds receive.
pub fn first_round(entrants: usize) -> Vec<(usize, Option<usize>)> {
    lines(bracket_size(entrants))
        .chunks(2)
        .map(|pair| (pair[0], (pair[1] < entrants).then_some(pair[1])))
        .collect()
}

/// The next round from the winners of the previous one, in bracket order.
pub fn next_round(winners: &[usize]) -> Vec<(usize, Option<usize>)> {
    winners
        .chunks(2)
        .map(|pair| match *pair {
            [a, b] => (a.min(b), Some(a.max(b))),
            [a] => (a, None),
            _ => unreachable!("chunks of two"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn sixteen_seeds_meet_as_the_rule_books_draw_them() {
        let pairs: Vec<(usize, usize)> = first_round(16)
            .into_iter()
            .map(|(a, b)| (a + 1, b.unwrap() + 1))
            .collect();
        assert_eq!(
            pairs,
            [
                (1, 16),
                (8, 9),
                (4, 13),
                (5, 12),
                (2, 15),
                (7, 10),
                (3, 14),
                (6, 11)
            ]
        );
    }

    proptest! {
        /// A knockout has exactly one winner whoever wins each match, byes
        /// go to the top seeds only, and it takes `rounds` rounds.
        #[test]
        fn a_knockout_has_exactly_one_winner(entrants in 2usize..70, coin in any::<u64>()) {
            let mut round = first_round(entrants);
            let byes: Vec<usize> = round.iter().filter(|(_, b)| b.is_none()).map(|(a, _)| *a).collect();
            prop_assert_eq!(byes.len(), bracket_size(entrants) - entrants);
            prop_assert!(byes.iter().all(|&seed| seed < byes.len()), "byes to the top seeds");
            let mut played = 1;
            loop {
                let winners: Vec<usize> = round
                    .iter()
                    .enumerate()
                    .map(|(i, &(a, b))| match b {
                        Some(b) if (coin >> ((i + played) % 64)) & 1 == 1 => b,
                        _ => a,
                    })
                    .collect();
                if winners.len() == 1 {
                    break;
                }
                round = next_round(&winners);
                played += 1;
            }
            prop_assert_eq!(played, rounds(entrants));
        }
    }
}
