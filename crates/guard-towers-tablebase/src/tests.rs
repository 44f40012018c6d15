//! The tables checked against the rules: every position's value follows
//! from its children's (the retrograde fixpoint), and random positions agree
//! with a plain exhaustive search.

use guard_towers::{Position, Rules};

use crate::index::Material;
use crate::{Tablebase, Verdict, INVALID};

/// The verdict a position must have given its children's verdicts.
fn from_children(tablebase: &Tablebase, position: &Position) -> Verdict {
    if position.winner().is_some() {
        return tablebase.probe(position).unwrap();
    }
    let moves = position.legal_moves();
    let mut best_win: Option<u32> = None;
    let mut longest_loss = 0;
    let mut draw = false;
    for &mv in moves.iter() {
        match tablebase
            .probe(&position.play(mv))
            .expect("children are in the tables")
        {
            Verdict::Loss { plies } => {
                best_win = Some(best_win.map_or(plies + 1, |best| best.min(plies + 1)))
            }
            Verdict::Draw => draw = true,
            Verdict::Win { plies } => longest_loss = longest_loss.max(plies + 1),
        }
    }
    match (best_win, draw) {
        (Some(plies), _) => Verdict::Win { plies },
        (None, true) => Verdict::Draw,
        (None, false) => Verdict::Loss {
            plies: longest_loss,
        },
    }
}

/// Every position of every table agrees with its children.
fn check_fixpoint(tablebase: &Tablebase, step: usize) -> usize {
    let mut checked = 0;
    for table in tablebase.tables() {
        for index in (0..table.values.len()).step_by(step) {
            if table.values[index] == INVALID {
                continue;
            }
            let position = table.indexer.layout(index as u64).unwrap().position();
            assert_eq!(
                tablebase.probe(&position),
                Some(from_children(tablebase, &position)),
                "{position:?} in {}",
                table.material
            );
            checked += 1;
        }
    }
    checked
}

/// Plain minimax: can the side to move force a win within `plies` plies?
fn wins_within(position: &Position, plies: u32) -> bool {
    if plies == 0 || position.winner().is_some() {
        return false;
    }
    position.legal_moves().iter().any(|&mv| {
        let child = position.play(mv);
        child.winner().is_some() || loses_within(&child, plies - 1)
    })
}

/// Does the side to move lose within `plies` plies whatever it does?
fn loses_within(position: &Position, plies: u32) -> bool {
    if position.winner().is_some() {
        return true;
    }
    let moves = position.legal_moves();
    moves.is_empty()
        || (plies > 0
            && moves
                .iter()
                .all(|&mv| wins_within(&position.play(mv), plies - 1)))
}

/// A small random number generator (SplitMix64), fixed seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// Random positions of the tables against plain search to `depth` plies:
/// a win or loss within `depth` is found at exactly its distance, and
/// nothing else is a forced win or loss within `depth`.
fn check_against_search(tablebase: &Tablebase, samples: usize, depth: u32) {
    let mut rng = Rng(20_261_203);
    let tables: Vec<_> = tablebase.tables().collect();
    let mut done = 0;
    while done < samples {
        let table = tables[rng.next() as usize % tables.len()];
        let index = rng.next() % table.values.len() as u64;
        let Some(layout) = table.indexer.layout(index) else {
            continue;
        };
        let position = layout.position();
        if position.winner().is_some() {
            continue;
        }
        let verdict = tablebase.probe(&position).unwrap();
        match verdict {
            Verdict::Win { plies } if plies <= depth => {
                assert!(wins_within(&position, plies), "{position:?} {verdict}");
                assert!(!wins_within(&position, plies - 1), "{position:?} {verdict}");
            }
            Verdict::Loss { plies } if plies <= depth => {
                assert!(loses_within(&position, plies), "{position:?} {verdict}");
                assert!(
                    plies == 0 || !loses_within(&position, plies - 1),
                    "{position:?} {verdict}"
                );
            }
            _ => {
                assert!(!wins_within(&position, depth), "{position:?} {verdict}");
                assert!(!loses_within(&position, depth), "{position:?} {verdict}");
            }
        }
        done += 1;
    }
}

#[test]
fn one_stone_tables_are_the_fixpoint_and_agree_with_search() {
    let mut tablebase = Tablebase::new();
    let mut built = Vec::new();
    tablebase.build(1, &mut |_, stats| built.push(stats.clone()));
    assert_eq!(
        built.iter().map(|stats| stats.material).collect::<Vec<_>>(),
        [Material { red: 0, blue: 0 }, Material { red: 1, blue: 0 }]
    );
    for stats in &built {
        assert_eq!(stats.wins + stats.losses + stats.draws, stats.positions);
    }
    assert!(check_fixpoint(&tablebase, 7) > 30_000);
    check_against_search(&tablebase, 300, 5);
}

#[test]
fn tables_read_back_from_their_bytes() {
    let mut tablebase = Tablebase::new();
    tablebase.build(1, &mut |_, _| {});
    for table in tablebase.tables() {
        let again = crate::Table::from_bytes(table.to_bytes()).unwrap();
        assert_eq!(again.material, table.material);
        assert_eq!(again.values, table.values);
    }
    assert_eq!(
        crate::Table::from_bytes(b"GTTB\x01\x01\x00\x00abc".to_vec()).unwrap_err(),
        crate::TableError::Length {
            expected: 2 * 49 * 49 * 49,
            found: 3
        }
    );
    // The fuzzer's case: a header whose reserved byte is not 0 was read,
    // and wrote back other bytes.
    let mut bytes = tablebase.tables().next().unwrap().to_bytes();
    bytes[7] = 8;
    assert_eq!(
        crate::Table::from_bytes(bytes).unwrap_err(),
        crate::TableError::Reserved(8)
    );
}

#[test]
fn the_no_progress_rule_refuses_wins_that_come_too_late() {
    let mut tablebase = Tablebase::new();
    tablebase.build(0, &mut |_, _| {});
    // Red's guard walks to D1: D4-D3-D2-D1, three moves (5 plies).
    let position: Position = "BG6/7/7/3RG3/7/7/7 r".parse().unwrap();
    let verdict = tablebase.probe(&position).unwrap();
    let Verdict::Win { plies } = verdict else {
        panic!("{verdict}")
    };
    assert_eq!(
        tablebase.probe_under(&position, Rules::STANDARD, 100 - plies),
        Some(verdict)
    );
    assert_eq!(
        tablebase.probe_under(&position, Rules::STANDARD, 101 - plies),
        None
    );
    assert_eq!(
        tablebase.probe_under(&position, Rules::COURSE, 1000),
        Some(verdict)
    );
}

/// Two stones: in release (`cargo test --release -p guard-towers-tablebase
/// -- --ignored`), about a minute.
#[test]
#[ignore]
fn two_stone_tables_are_the_fixpoint_and_agree_with_search() {
    let mut tablebase = Tablebase::new();
    tablebase.build(2, &mut |_, _| {});
    assert!(check_fixpoint(&tablebase, 13) > 1_000_000);
    check_against_search(&tablebase, 2_000, 5);
}

/// Tables built by `towers gt tablebase build` (K = 3 and beyond), checked
/// on random positions: `TOWERS_TABLEBASE=DIR cargo test --release -p
/// guard-towers-tablebase -- --ignored on_disk`.
#[test]
#[ignore]
fn tables_on_disk_are_the_fixpoint_on_random_positions() {
    let Some(dir) = std::env::var_os("TOWERS_TABLEBASE") else {
        eprintln!("TOWERS_TABLEBASE is not set: nothing to check");
        return;
    };
    let mut tablebase = Tablebase::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|ext| ext == "gtb") {
            let table = crate::Table::from_bytes(std::fs::read(&path).unwrap()).unwrap();
            tablebase.insert(table);
        }
    }
    let mut rng = Rng(20_261_203);
    for table in tablebase.tables() {
        let mut checked = 0;
        while checked < 200_000 {
            let index = rng.next() % table.values.len() as u64;
            if table.values[index as usize] == INVALID {
                continue;
            }
            let position = table.indexer.layout(index).unwrap().position();
            assert_eq!(
                tablebase.probe(&position),
                Some(from_children(&tablebase, &position)),
                "{position:?} in {}",
                table.material
            );
            checked += 1;
        }
        eprintln!(
            "{}: {checked} random positions agree with their children",
            table.material
        );
    }
    check_against_search(&tablebase, 3_000, 5);
}

#[test]
fn a_header_of_the_largest_material_is_read_without_overflow() {
    // The fuzzer's case: r7b7 with no bytes after the header.
    assert!(crate::Table::from_bytes(b"GTTB\x01\x07\x07\x00".to_vec()).is_err());
}
