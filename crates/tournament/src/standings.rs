//! Standings: entrants ordered by points, then by their game's tie-breaks
//! in order, each applied only among those still level.

use crate::game::GameKind;
use crate::tiebreaks::{Ledger, Tiebreak};

/// One line of the standings, entrants given by index.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// 1 plus the number of entrants strictly ahead: entrants level on
    /// points and every tie-break share a rank.
    pub rank: usize,
    pub entrant: usize,
    pub points: f64,
    /// Each of the game's tie-breaks, in the order applied.
    pub tiebreaks: Vec<(Tiebreak, f64)>,
}

/// Orders `groups` (already ordered among themselves, e.g. by how far each
/// got in a knockout; each in seeding order) by points and then by `kind`'s
/// tie-breaks within each group. Entrants level on everything keep their
/// seeding order and share a rank.
pub fn rank(kind: GameKind, ledger: &Ledger, groups: Vec<Vec<usize>>) -> Vec<Row> {
    let criteria: Vec<Option<Tiebreak>> = std::iter::once(None)
        .chain(kind.tiebreaks().iter().copied().map(Some))
        .collect();
    let size = groups.iter().flatten().max().map_or(0, |m| m + 1);
    let mut values = vec![vec![0.0; criteria.len()]; size];
    let mut groups = groups;
    for (column, criterion) in criteria.iter().enumerate() {
        let mut refined = Vec::new();
        for group in groups {
            for &entrant in &group {
                values[entrant][column] = match criterion {
                    None => ledger.points(entrant).as_f64(),
                    Some(tiebreak) => ledger.value(*tiebreak, entrant, &group),
                };
            }
            refined.extend(split(group, |entrant| values[entrant][column]));
        }
        groups = refined;
    }
    let mut rows = Vec::new();
    for group in groups {
        let rank = rows.len() + 1;
        for entrant in group {
            rows.push(Row {
                rank,
                entrant,
                points: values[entrant][0],
                tiebreaks: criteria[1..]
                    .iter()
                    .zip(&values[entrant][1..])
                    .map(|(criterion, value)| (criterion.expect("a tie-break"), *value))
                    .collect(),
            });
        }
    }
    rows
}

/// Sorts a group by value, highest first (stable: ties keep their order),
/// and cuts it where the value changes.
fn split(mut group: Vec<usize>, value: impl Fn(usize) -> f64) -> Vec<Vec<usize>> {
    group.sort_by(|&a, &b| value(b).total_cmp(&value(a)));
    let mut parts: Vec<Vec<usize>> = Vec::new();
    for entrant in group {
        match parts.last_mut() {
            Some(part) if value(part[0]) == value(entrant) => part.push(entrant),
            _ => parts.push(vec![entrant]),
        }
    }
    parts
}
