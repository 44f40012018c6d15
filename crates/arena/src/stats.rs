//! Match statistics: Elo with 95 % intervals from game results (trinomial)
//! or from colour-reversed game pairs (pentanomial, which removes the
//! opening's share of the variance), and the SPRT.
//!
//! The SPRT is the generalised SPRT used by fishtest and fastchess: the
//! log-likelihood ratio of the observed outcome frequencies under the
//! maximum-likelihood distributions whose expected score is that of elo0
//! and of elo1 (logistic Elo).

/// Expected score of a player `elo` points stronger.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Elo difference for an expected score in (0, 1); ±∞ at the ends.
pub fn elo_from_score(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// Wins, draws and losses of the first player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

impl Wdl {
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Outcome frequencies with their scores 1, ½, 0.
    fn outcomes(&self) -> Vec<(f64, f64)> {
        vec![
            (1.0, self.wins as f64),
            (0.5, self.draws as f64),
            (0.0, self.losses as f64),
        ]
    }
}

/// Counts of game pairs by the first player's points in the pair:
/// index 0 = 0 points, 1 = ½, 2 = 1, 3 = 1½, 4 = 2.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u64; 5]);

impl Pentanomial {
    pub fn pairs(&self) -> u64 {
        self.0.iter().sum()
    }

    /// Outcome frequencies with their scores as a fraction of the pair.
    fn outcomes(&self) -> Vec<(f64, f64)> {
        self.0
            .iter()
            .enumerate()
            .map(|(points, &count)| (points as f64 / 4.0, count as f64))
            .collect()
    }
}

/// An Elo estimate with its 95 % confidence interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    pub elo: f64,
    pub lower: f64,
    pub upper: f64,
    /// Mean score in [0, 1].
    pub score: f64,
}

impl EloEstimate {
    /// Half the interval's width, for "Elo ± x".
    pub fn margin(&self) -> f64 {
        (self.upper - self.lower) / 2.0
    }
}

/// 97.5 % quantile of the standard normal distribution.
const Z_95: f64 = 1.959_963_984_540_054;

/// Mean and variance of a score distribution given by (score, count) pairs.
fn mean_and_variance(outcomes: &[(f64, f64)]) -> Option<(f64, f64, f64)> {
    let n: f64 = outcomes.iter().map(|(_, count)| count).sum();
    if n == 0.0 {
        return None;
    }
    let mean = outcomes.iter().map(|(x, count)| x * count).sum::<f64>() / n;
    let variance = outcomes
        .iter()
        .map(|(x, count)| count * (x - mean).powi(2))
        .sum::<f64>()
        / n;
    Some((n, mean, variance))
}

fn estimate(outcomes: &[(f64, f64)]) -> Option<EloEstimate> {
    let (n, mean, variance) = mean_and_variance(outcomes)?;
    let error = (variance / n).sqrt();
    let bound = |score: f64| elo_from_score(score.clamp(0.0, 1.0));
    Some(EloEstimate {
        elo: bound(mean),
        lower: bound(mean - Z_95 * error),
        upper: bound(mean + Z_95 * error),
        score: mean,
    })
}

/// Elo from single game results.
pub fn elo_trinomial(wdl: &Wdl) -> Option<EloEstimate> {
    estimate(&wdl.outcomes())
}

/// Elo from colour-reversed game pairs.
pub fn elo_pentanomial(pairs: &Pentanomial) -> Option<EloEstimate> {
    estimate(&pairs.outcomes())
}

/// A sequential probability ratio test of elo0 against elo1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// What an SPRT concluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    /// The difference is at most elo0.
    H0,
    /// The difference is at least elo1.
    H1,
}

impl Sprt {
    /// (lower, upper): accept H0 at or below the lower bound, H1 at or above the upper.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    pub fn llr_trinomial(&self, wdl: &Wdl) -> f64 {
        self.llr(&wdl.outcomes())
    }

    pub fn llr_pentanomial(&self, pairs: &Pentanomial) -> f64 {
        self.llr(&pairs.outcomes())
    }

    pub fn decision(&self, llr: f64) -> Option<SprtDecision> {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(SprtDecision::H1)
        } else if llr <= lower {
            Some(SprtDecision::H0)
        } else {
            None
        }
    }

    fn llr(&self, outcomes: &[(f64, f64)]) -> f64 {
        let Some((_, _, variance)) = mean_and_variance(outcomes) else {
            return 0.0;
        };
        if variance == 0.0 {
            return 0.0;
        }
        // As fishtest does: an outcome never seen counts as 0.001 of a
        // game, so that every expected score has a distribution and early
        // results cannot give an infinite ratio.
        let regularised: Vec<(f64, f64)> = outcomes
            .iter()
            .map(|&(x, count)| (x, if count == 0.0 { 1e-3 } else { count }))
            .collect();
        let log_likelihood = |mean: f64| constrained_log_likelihood(&regularised, mean);
        log_likelihood(score_from_elo(self.elo1)) - log_likelihood(score_from_elo(self.elo0))
    }
}

/// Log-likelihood of the observations under the most likely distribution
/// over the same outcomes whose expected score is `mean`. That distribution
/// is p_j = p̂_j / (1 + θ (x_j − mean)) with θ the root of
/// Σ p̂_j (x_j − mean) / (1 + θ (x_j − mean)) = 0 (a Lagrange condition),
/// found by bisection since the sum falls as θ grows.
fn constrained_log_likelihood(outcomes: &[(f64, f64)], mean: f64) -> f64 {
    let n: f64 = outcomes.iter().map(|(_, count)| count).sum();
    let seen: Vec<(f64, f64)> = outcomes
        .iter()
        .filter(|(_, count)| *count > 0.0)
        .map(|&(x, count)| (x - mean, count / n))
        .collect();
    let highest = seen.iter().map(|(d, _)| *d).fold(f64::MIN, f64::max);
    let lowest = seen.iter().map(|(d, _)| *d).fold(f64::MAX, f64::min);
    if highest <= 0.0 || lowest >= 0.0 {
        // The mean lies outside the observed outcomes: no distribution on
        // them has it, so the observations are (nearly) impossible under it.
        return -1e9;
    }
    let slope = |theta: f64| {
        seen.iter()
            .map(|(d, p)| p * d / (1.0 + theta * d))
            .sum::<f64>()
    };
    let (mut low, mut high) = (-1.0 / highest, -1.0 / lowest);
    for _ in 0..200 {
        let middle = (low + high) / 2.0;
        if slope(middle) > 0.0 {
            low = middle;
        } else {
            high = middle;
        }
    }
    let theta = (low + high) / 2.0;
    seen.iter()
        .map(|(d, p)| n * p * (p / (1.0 + theta * d)).ln())
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(actual: f64, expected: f64, tolerance: f64) {
        assert!(
            (actual - expected).abs() <= tolerance,
            "{actual} is not within {tolerance} of {expected}"
        );
    }

    #[test]
    fn elo_and_score_are_inverse() {
        close(score_from_elo(0.0), 0.5, 1e-12);
        close(elo_from_score(0.75), 190.848_501_887_865, 1e-9);
        for elo in [-300.0, -20.0, 5.0, 400.0] {
            close(elo_from_score(score_from_elo(elo)), elo, 1e-9);
        }
    }

    /// Reference values computed independently by `docs/arena-stats-reference.py`:
    /// score, Elo and the normal-approximation interval.
    #[test]
    fn trinomial_elo_matches_reference_values() {
        let estimate = elo_trinomial(&Wdl {
            wins: 60,
            draws: 20,
            losses: 20,
        })
        .expect("games");
        close(estimate.score, 0.7, 1e-12);
        close(estimate.elo, 147.190_714_117_837_76, 1e-6);
        close(estimate.lower, 86.225_015_200_304_23, 1e-6);
        close(estimate.upper, 218.251_777_641_074_8, 1e-6);
    }

    #[test]
    fn pentanomial_elo_matches_reference_values() {
        let estimate = elo_pentanomial(&Pentanomial([5, 20, 50, 30, 10])).expect("pairs");
        close(estimate.score, 0.543_478_260_869_565_2, 1e-12);
        close(estimate.elo, 30.288_285_575_247_322, 1e-6);
        close(estimate.lower, -0.345_418_565_603_222_6, 1e-6);
        close(estimate.upper, 61.400_320_663_064_97, 1e-6);
    }

    /// The generalised LLR against a constrained maximum-likelihood fit found
    /// by a different method (golden-section search over the draw rate).
    #[test]
    fn trinomial_llr_matches_a_direct_likelihood_fit() {
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        close(
            sprt.llr_trinomial(&Wdl {
                wins: 1200,
                draws: 1500,
                losses: 1100,
            }),
            2.155_600_061,
            1e-6,
        );
        close(
            sprt.llr_trinomial(&Wdl {
                wins: 36433,
                draws: 36027,
                losses: 68692,
            }),
            -1_323.112_703,
            1e-3,
        );
    }

    #[test]
    fn pentanomial_llr_matches_the_normal_approximation() {
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        close(
            sprt.llr_pentanomial(&Pentanomial([400, 2000, 5000, 2200, 450])),
            5.920_415,
            0.1,
        );
    }

    #[test]
    fn bounds_and_decisions() {
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let (lower, upper) = sprt.bounds();
        close(lower, -2.944_438_979_166_440_5, 1e-12);
        close(upper, 2.944_438_979_166_440_5, 1e-12);
        assert_eq!(sprt.decision(3.0), Some(SprtDecision::H1));
        assert_eq!(sprt.decision(-3.0), Some(SprtDecision::H0));
        assert_eq!(sprt.decision(0.5), None);
        assert_eq!(
            sprt.llr_trinomial(&Wdl {
                wins: 3,
                draws: 0,
                losses: 0
            }),
            0.0,
            "no variance, no evidence"
        );
    }

    /// Pairs never below ½ point put elo0's score at the edge of what was
    /// seen; the ratio must stay finite and modest after so few pairs.
    #[test]
    fn early_one_sided_results_give_a_finite_llr() {
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 20.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let llr = sprt.llr_pentanomial(&Pentanomial([0, 0, 2, 2, 4]));
        assert!(llr.is_finite() && llr > 0.0 && llr < 10.0, "{llr}");
    }
}
