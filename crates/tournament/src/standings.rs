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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::{BaselineKubbs, Score};
    use crate::tiebreaks::Finished;

    /// Six Kubb teams A–F (0–5), three Swiss rounds, by hand:
    ///
    /// | round | pairings (games)                    |
    /// |-------|-------------------------------------|
    /// | 1     | F–C 0-2, B–E 0-2, D–A 1-1           |
    /// | 2     | C–D 0-2, E–A 1-1, B–F 1-1           |
    /// | 3     | A–C 2-0, D–B 0-2, F–E 1-1           |
    ///
    /// Match points: A 1+1+2 = 4, B 0+1+2 = 3, C 2+0+0 = 2, D 1+2+0 = 3,
    /// E 2+1+1 = 4, F 0+1+1 = 2. Every Buchholz is 9 (B: E 4 + F 2 + D 3;
    /// D: A 4 + C 2 + B 3) and every median Buchholz 3. Sonneborn–Berger:
    /// E = B 3 + ½·A 4 + ½·F 2 = 6 beats A = ½·D 3 + ½·E 4 + C 2 = 5.5;
    /// B = ½·F 2 + D 3 = 4 and D = ½·A 4 + C 2 = 4 are level, as are
    /// their baseline kubbs (none recorded), so head-to-head decides: B
    /// beat D (2 match points to 0). F = ½·B 3 + ½·E 4 = 3.5 beats C = F 2.
    #[test]
    fn head_to_head_decides_when_everything_before_it_is_level() {
        let games = [
            (5, 2, "0-2"),
            (1, 4, "0-2"),
            (3, 0, "1-1"),
            (2, 3, "0-2"),
            (4, 0, "1-1"),
            (1, 5, "1-1"),
            (0, 2, "2-0"),
            (3, 1, "0-2"),
            (5, 4, "1-1"),
        ];
        let finished: Vec<Finished> = games
            .iter()
            .map(|&(first, second, score)| Finished {
                first,
                second: Some(second),
                score: score.parse::<Score>().unwrap(),
                kubbs: BaselineKubbs::default(),
            })
            .collect();
        let ledger = Ledger::new(GameKind::Kubb, 6, &finished);
        let rows = rank(GameKind::Kubb, &ledger, vec![(0..6).collect()]);
        let order: Vec<usize> = rows.iter().map(|r| r.entrant).collect();
        assert_eq!(order, [4, 0, 1, 3, 5, 2], "E, A, B, D, F, C");
        let value = |row: &Row, wanted: Tiebreak| {
            row.tiebreaks.iter().find(|(t, _)| *t == wanted).unwrap().1
        };
        assert_eq!(value(&rows[2], Tiebreak::SonnebornBerger), 4.0);
        assert_eq!(value(&rows[3], Tiebreak::SonnebornBerger), 4.0);
        assert_eq!(value(&rows[2], Tiebreak::HeadToHead), 2.0);
        assert_eq!(value(&rows[3], Tiebreak::HeadToHead), 0.0);
        assert_eq!(
            rows.iter().map(|r| r.rank).collect::<Vec<_>>(),
            [1, 2, 3, 4, 5, 6]
        );
    }

    /// Entrants level on everything share a rank and keep seeding order.
    #[test]
    fn entrants_level_on_everything_share_a_rank() {
        let draw = Finished {
            first: 0,
            second: Some(1),
            score: "1-1".parse().unwrap(),
            kubbs: BaselineKubbs::default(),
        };
        let ledger = Ledger::new(GameKind::Kubb, 2, &[draw]);
        let rows = rank(GameKind::Kubb, &ledger, vec![vec![0, 1]]);
        assert_eq!(
            (rows[0].entrant, rows[0].rank, rows[1].entrant, rows[1].rank),
            (0, 1, 1, 1)
        );
    }
}
