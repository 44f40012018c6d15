//! Tie-breaks: what separates entrants level on points. Each is a number
//! per entrant, higher is better, computed from the finished pairings.
//!
//! Byes earn their points but are no game: they add nothing to an
//! entrant's opponents, Buchholz, Sonneborn–Berger, wins or baseline
//! kubbs, so that a bye neither helps nor hurts a tie-break.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::game::GameKind;
use crate::score::{BaselineKubbs, Outcome, Points, Score};

/// A tie-break, named as rule books name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tiebreak {
    /// The sum of the opponents' points.
    Buchholz,
    /// Buchholz without the best and the worst opponent (when at least
    /// three opponents were met; otherwise Buchholz).
    MedianBuchholz,
    /// The sum of the points of the opponents beaten, and half those of the
    /// opponents drawn.
    SonnebornBerger,
    /// Baseline kubbs felled minus baseline kubbs lost, over all matches.
    BaselineDifference,
    /// Kubb: points among the entrants still tied (see [`Self::DirectEncounter`]).
    HeadToHead,
    /// Points from the pairings among the entrants still tied, when every
    /// two of them have met; 0 for all of them otherwise.
    DirectEncounter,
    /// Pairings won (byes are not won over the board).
    Wins,
}

impl Tiebreak {
    /// The name used in JSON and in column headers.
    pub fn key(self) -> &'static str {
        match self {
            Tiebreak::Buchholz => "buchholz",
            Tiebreak::MedianBuchholz => "median_buchholz",
            Tiebreak::SonnebornBerger => "sonneborn_berger",
            Tiebreak::BaselineDifference => "baseline_difference",
            Tiebreak::HeadToHead => "head_to_head",
            Tiebreak::DirectEncounter => "direct_encounter",
            Tiebreak::Wins => "wins",
        }
    }

    /// Whether the value depends on who else is tied, so that it can only
    /// be computed once the earlier criteria have formed the tied group.
    pub fn depends_on_group(self) -> bool {
        matches!(self, Tiebreak::HeadToHead | Tiebreak::DirectEncounter)
    }
}

impl fmt::Display for Tiebreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// A finished pairing between entrants given by their index; `second` is
/// `None` for a bye.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finished {
    pub first: usize,
    pub second: Option<usize>,
    pub score: Score,
    pub kubbs: BaselineKubbs,
}

/// One entrant's side of a pairing played over the board.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Side {
    opponent: usize,
    points: Points,
    outcome: Outcome,
    kubbs: BaselineKubbs,
}

/// Every entrant's points and games, the input of every tie-break.
#[derive(Clone, Debug, PartialEq)]
pub struct Ledger {
    points: Vec<Points>,
    sides: Vec<Vec<Side>>,
}

impl Ledger {
    /// The ledger of `entrants` entrants after the finished pairings.
    pub fn new(kind: GameKind, entrants: usize, finished: &[Finished]) -> Ledger {
        let mut ledger = Ledger {
            points: vec![Points::ZERO; entrants],
            sides: vec![Vec::new(); entrants],
        };
        for pairing in finished {
            match pairing.second {
                None => ledger.credit(pairing.first, kind.bye_points()),
                Some(second) => {
                    ledger.play(kind, pairing.first, second, pairing.score, pairing.kubbs);
                    let (score, kubbs) = (pairing.score.reversed(), pairing.kubbs.reversed());
                    ledger.play(kind, second, pairing.first, score, kubbs);
                }
            }
        }
        ledger
    }

    fn credit(&mut self, entrant: usize, points: Points) {
        self.points[entrant] = Points::from_halves(self.points[entrant].halves() + points.halves());
    }

    fn play(
        &mut self,
        kind: GameKind,
        entrant: usize,
        opponent: usize,
        score: Score,
        kubbs: BaselineKubbs,
    ) {
        let points = kind.points(score);
        self.credit(entrant, points);
        self.sides[entrant].push(Side {
            opponent,
            points,
            outcome: score.outcome(),
            kubbs,
        });
    }

    pub fn points(&self, entrant: usize) -> Points {
        self.points[entrant]
    }

    /// Opponents met over the board, once per pairing.
    pub fn opponents(&self, entrant: usize) -> impl Iterator<Item = usize> + '_ {
        self.sides[entrant].iter().map(|side| side.opponent)
    }

    /// Pairings played and how they ended: (wins, draws, losses).
    pub fn record(&self, entrant: usize) -> (u32, u32, u32) {
        let count = |outcome| {
            self.sides[entrant]
                .iter()
                .filter(|side| side.outcome == outcome)
                .count() as u32
        };
        (
            count(Outcome::Win),
            count(Outcome::Draw),
            count(Outcome::Loss),
        )
    }

    /// The tie-break's value for `entrant`; `tied` is the group still level
    /// with it (only the group-dependent tie-breaks read it).
    pub fn value(&self, tiebreak: Tiebreak, entrant: usize, tied: &[usize]) -> f64 {
        let value = match tiebreak {
            Tiebreak::Buchholz => self.opponent_points(entrant).iter().sum(),
            Tiebreak::MedianBuchholz => self.median_buchholz(entrant),
            Tiebreak::SonnebornBerger => self.sides[entrant]
                .iter()
                .map(|side| self.points[side.opponent].as_f64() * side.outcome.share())
                .sum(),
            Tiebreak::BaselineDifference => self.sides[entrant]
                .iter()
                .map(|side| f64::from(side.kubbs.first) - f64::from(side.kubbs.second))
                .sum(),
            Tiebreak::HeadToHead | Tiebreak::DirectEncounter => {
                self.direct_encounter(entrant, tied)
            }
            Tiebreak::Wins => f64::from(self.record(entrant).0),
        };
        // An empty float sum is -0.0; written out it would read "-0".
        value + 0.0
    }

    fn opponent_points(&self, entrant: usize) -> Vec<f64> {
        self.opponents(entrant)
            .map(|opponent| self.points[opponent].as_f64())
            .collect()
    }

    fn median_buchholz(&self, entrant: usize) -> f64 {
        let mut points = self.opponent_points(entrant);
        let sum: f64 = points.iter().sum();
        if points.len() < 3 {
            return sum;
        }
        points.sort_by(f64::total_cmp);
        sum - points[0] - points[points.len() - 1]
    }

    fn direct_encounter(&self, entrant: usize, tied: &[usize]) -> f64 {
        let all_met = tied.iter().enumerate().all(|(i, &a)| {
            tied[i + 1..]
                .iter()
                .all(|&b| self.opponents(a).any(|opponent| opponent == b))
        });
        if tied.len() < 2 || !all_met {
            return 0.0;
        }
        self.sides[entrant]
            .iter()
            .filter(|side| tied.contains(&side.opponent))
            .map(|side| side.points.as_f64())
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finished(first: usize, second: Option<usize>, score: &str, kubbs: &str) -> Finished {
        Finished {
            first,
            second,
            score: score.parse().unwrap(),
            kubbs: kubbs.parse().unwrap(),
        }
    }

    /// Three Guard & Towers players A, B, C (0, 1, 2) and a bye each, by
    /// hand: A-B 1-0 (C bye), C-A ½-½ (B bye), B-C 0-1 (A bye).
    /// Points with the byes: A 1 + ½ + 1 = 2.5, B 0 + 1 + 0 = 1, C 1 + ½ +
    /// 1 = 2.5. The byes are no games: Buchholz A = B 1 + C 2.5 = 3.5,
    /// B = 2.5 + 2.5 = 5, C = 2.5 + 1 = 3.5 (two opponents: median
    /// Buchholz is Buchholz); Sonneborn–Berger A = B 1 + ½·C 2.5 = 2.25,
    /// C = ½·A 2.5 + B 1 = 2.25, B 0; wins A 1, B 0, C 1; A and C met, so
    /// their direct encounter is the draw, ½ each.
    #[test]
    fn byes_earn_points_but_count_in_no_tiebreak() {
        let ledger = Ledger::new(
            GameKind::Gt,
            3,
            &[
                finished(0, Some(1), "1-0", "0-0"),
                finished(2, None, "0-0", "0-0"),
                finished(2, Some(0), "0.5-0.5", "0-0"),
                finished(1, None, "0-0", "0-0"),
                finished(1, Some(2), "0-1", "0-0"),
                finished(0, None, "0-0", "0-0"),
            ],
        );
        let table = |tiebreak| [0, 1, 2].map(|e| ledger.value(tiebreak, e, &[0, 2]));
        assert_eq!(
            [0, 1, 2].map(|e| ledger.points(e).as_f64()),
            [2.5, 1.0, 2.5]
        );
        assert_eq!(table(Tiebreak::Buchholz), [3.5, 5.0, 3.5]);
        assert_eq!(table(Tiebreak::MedianBuchholz), [3.5, 5.0, 3.5]);
        assert_eq!(table(Tiebreak::SonnebornBerger), [2.25, 0.0, 2.25]);
        assert_eq!(table(Tiebreak::Wins), [1.0, 0.0, 1.0]);
        assert_eq!(ledger.value(Tiebreak::DirectEncounter, 0, &[0, 2]), 0.5);
        assert_eq!(
            ledger.value(Tiebreak::DirectEncounter, 1, &[0, 1, 2]),
            0.0,
            "all three met; B scored nothing against A or C"
        );
    }

    /// Kubb: match points 2-1-0, baseline kubbs summed from each side, a
    /// bye 2 match points and no kubbs; median Buchholz drops the best and
    /// the worst of three opponents. A (0) beats B (1) 2-1 with kubbs 8-5,
    /// draws C (2) 1-1 (6-6), loses to D (3) 0-2 (3-10) and has a bye; B
    /// beats C 2-0 (4-1); D beats B 2-1 (9-9) and C 2-0 (7-2). Points: A
    /// 2 + 1 + 0 + 2 = 5, B 0 + 2 + 0 = 2, C 1 + 0 + 0 = 1, D 6. A's
    /// Buchholz B 2 + C 1 + D 6 = 9, median Buchholz 2 (without D 6 and
    /// C 1), Sonneborn–Berger B 2 + ½·C 1 = 2.5, baseline kubbs
    /// (8-5) + (6-6) + (3-10) = -4.
    #[test]
    fn kubb_tiebreaks_by_hand() {
        let ledger = Ledger::new(
            GameKind::Kubb,
            4,
            &[
                finished(0, Some(1), "2-1", "8-5"),
                finished(2, Some(0), "1-1", "6-6"),
                finished(3, Some(0), "2-0", "10-3"),
                finished(0, None, "0-0", "0-0"),
                finished(1, Some(2), "2-0", "4-1"),
                finished(3, Some(1), "2-1", "9-9"),
                finished(3, Some(2), "2-0", "7-2"),
            ],
        );
        assert_eq!(
            [0, 1, 2, 3].map(|e| ledger.points(e).as_f64()),
            [5.0, 2.0, 1.0, 6.0]
        );
        assert_eq!(ledger.value(Tiebreak::Buchholz, 0, &[0]), 9.0);
        assert_eq!(ledger.value(Tiebreak::MedianBuchholz, 0, &[0]), 2.0);
        assert_eq!(ledger.value(Tiebreak::SonnebornBerger, 0, &[0]), 2.5);
        assert_eq!(ledger.value(Tiebreak::BaselineDifference, 0, &[0]), -4.0);
        // B: A 5 + C 1 + D 6 = 12; kubbs (5-8) + (4-1) + (9-9) = 0.
        assert_eq!(ledger.value(Tiebreak::Buchholz, 1, &[1]), 12.0);
        assert_eq!(ledger.value(Tiebreak::BaselineDifference, 1, &[1]), 0.0);
    }
}
