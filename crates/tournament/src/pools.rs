//! Pools: the field dealt into groups in a snake over the seeding (pool A
//! gets seeds 1, 8, 9, 16 of 16 in four pools), each group playing a round
//! robin, the best of each going on to a knockout seeded pool winners
//! first, so that two teams of the same pool meet as late as possible.

/// The pools' members, seed numbers from 0, each pool in seeding order.
pub fn deal(entrants: usize, pools: usize) -> Vec<Vec<usize>> {
    let pools = pools.max(1);
    let mut dealt = vec![Vec::new(); pools];
    for seed in 0..entrants {
        let (row, column) = (seed / pools, seed % pools);
        let pool = if row % 2 == 0 {
            column
        } else {
            pools - 1 - column
        };
        dealt[pool].push(seed);
    }
    dealt
}

/// A pool's name: A, B, …, Z, then AA, AB, ….
pub fn pool_name(pool: usize) -> String {
    let letter = |i: usize| char::from(b'A' + (i % 26) as u8);
    if pool < 26 {
        letter(pool).to_string()
    } else {
        format!("{}{}", letter(pool / 26 - 1), letter(pool))
    }
}

/// The knockout's seeding from each pool's final order: every pool's
/// winner (in pool order), then every runner-up, and so on for the first
/// `qualifiers` of each pool.
pub fn knockout_seeding(pool_orders: &[Vec<usize>], qualifiers: usize) -> Vec<usize> {
    (0..qualifiers)
        .flat_map(|place| {
            pool_orders
                .iter()
                .filter_map(move |order| order.get(place).copied())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knockout::first_round;

    #[test]
    fn sixteen_teams_in_four_pools_snake() {
        let pools = deal(16, 4);
        assert_eq!(pools[0], [0, 7, 8, 15]);
        assert_eq!(pools[3], [3, 4, 11, 12]);
        assert_eq!(pool_name(1), "B");
        assert_eq!(pool_name(27), "AB");
    }

    /// With two of each of four pools through, no knockout first round
    /// pairs two teams of the same pool.
    #[test]
    fn pool_mates_do_not_meet_in_the_first_knockout_round() {
        let orders: Vec<Vec<usize>> = deal(16, 4);
        let seeding = knockout_seeding(&orders, 2);
        let pool_of = |team: usize| orders.iter().position(|o| o.contains(&team)).unwrap();
        for (a, b) in first_round(seeding.len()) {
            assert_ne!(pool_of(seeding[a]), pool_of(seeding[b.unwrap()]));
        }
    }
}
