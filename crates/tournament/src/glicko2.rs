//! Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013): a
//! rating, its deviation (how uncertain it is) and a volatility (how
//! erratic the player is), updated once per rating period from all the
//! period's results together.

use serde::{Deserialize, Serialize};

/// The Glicko-2 scale factor between the rating scale and its own.
const SCALE: f64 = 173.7178;
/// Precision of the volatility iteration, as in the paper.
const EPSILON: f64 = 1e-6;

/// A player's rating on the familiar scale (1500 for a newcomer).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    pub rating: f64,
    /// The rating deviation: about a 95 % interval is ±2 deviations.
    pub deviation: f64,
    pub volatility: f64,
}

impl Rating {
    /// A player nobody knows yet: the paper's suggested start.
    pub const NEWCOMER: Rating = Rating {
        rating: 1500.0,
        deviation: 350.0,
        volatility: 0.06,
    };

    fn mu(self) -> f64 {
        (self.rating - 1500.0) / SCALE
    }

    fn phi(self) -> f64 {
        self.deviation / SCALE
    }
}

impl Default for Rating {
    fn default() -> Rating {
        Rating::NEWCOMER
    }
}

/// One result of a rating period: the opponent's rating before the period
/// and the score, 1 for a win, ½ for a draw, 0 for a loss.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Game {
    pub opponent: Rating,
    pub score: f64,
}

/// The system constant τ: how much volatility may change in a period
/// (the paper suggests 0.3 to 1.2).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Glicko2 {
    pub tau: f64,
}

impl Default for Glicko2 {
    fn default() -> Glicko2 {
        Glicko2 { tau: 0.5 }
    }
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

fn expected(mu: f64, opponent_mu: f64, opponent_phi: f64) -> f64 {
    1.0 / (1.0 + (-g(opponent_phi) * (mu - opponent_mu)).exp())
}

impl Glicko2 {
    /// The player's rating after a period with these results (none: only
    /// the deviation grows, as time without games makes a rating less sure).
    pub fn update(&self, player: Rating, results: &[Game]) -> Rating {
        let (mu, phi, sigma) = (player.mu(), player.phi(), player.volatility);
        if results.is_empty() {
            return Rating {
                deviation: (phi * phi + sigma * sigma).sqrt() * SCALE,
                ..player
            };
        }
        let terms: Vec<(f64, f64, f64)> = results
            .iter()
            .map(|r| {
                let (g, e) = (
                    g(r.opponent.phi()),
                    expected(mu, r.opponent.mu(), r.opponent.phi()),
                );
                (g, e, r.score)
            })
            .collect();
        let v = 1.0
            / terms
                .iter()
                .map(|(g, e, _)| g * g * e * (1.0 - e))
                .sum::<f64>();
        let improvement: f64 = terms.iter().map(|(g, e, s)| g * (s - e)).sum();
        let delta = v * improvement;
        let sigma = self.volatility(phi, sigma, v, delta);
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        Rating {
            rating: (mu + phi * phi * improvement) * SCALE + 1500.0,
            deviation: phi * SCALE,
            volatility: sigma,
        }
    }

    /// The new volatility: the root of the paper's f by the Illinois
    /// variant of regula falsi (step 5).
    fn volatility(&self, phi: f64, sigma: f64, v: f64, delta: f64) -> f64 {
        let tau = self.tau;
        let a = (sigma * sigma).ln();
        let f = |x: f64| {
            let ex = x.exp();
            ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
                - (x - a) / (tau * tau)
        };
        let mut low = a;
        let mut high = if delta * delta > phi * phi + v {
            (delta * delta - phi * phi - v).ln()
        } else {
            let mut k = 1.0;
            while f(a - k * tau) < 0.0 {
                k += 1.0;
            }
            a - k * tau
        };
        let (mut f_low, mut f_high) = (f(low), f(high));
        while (high - low).abs() > EPSILON {
            let c = low + (low - high) * f_low / (f_high - f_low);
            let f_c = f(c);
            if f_c * f_high <= 0.0 {
                low = high;
                f_low = f_high;
            } else {
                f_low /= 2.0;
            }
            high = c;
            f_high = f_c;
        }
        (low / 2.0).exp()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rating(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    /// The paper's worked example: 1500 (RD 200) beats 1400 (RD 30) and
    /// loses to 1550 (RD 100) and 1700 (RD 300), τ = 0.5; the paper gives
    /// 1464.06, RD 151.52, volatility 0.05999.
    #[test]
    fn glickmans_worked_example() {
        let results = [
            Game {
                opponent: rating(1400.0, 30.0),
                score: 1.0,
            },
            Game {
                opponent: rating(1550.0, 100.0),
                score: 0.0,
            },
            Game {
                opponent: rating(1700.0, 300.0),
                score: 0.0,
            },
        ];
        let after = Glicko2 { tau: 0.5 }.update(rating(1500.0, 200.0), &results);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    /// A period without games leaves the rating and widens the deviation
    /// by the volatility: sqrt(φ² + σ²) on the Glicko-2 scale.
    #[test]
    fn an_idle_period_only_widens_the_deviation() {
        let after = Glicko2::default().update(rating(1500.0, 200.0), &[]);
        assert_eq!(after.rating, 1500.0);
        let expected = ((200.0f64 / SCALE).powi(2) + 0.06f64.powi(2)).sqrt() * SCALE;
        assert!((after.deviation - expected).abs() < 1e-9);
        assert!((after.deviation - 200.27).abs() < 0.01, "{after:?}");
    }
}
