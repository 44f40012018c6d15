//! Results as organisers write them: `W-L` in games or points of the first
//! named, and the baseline kubbs each Kubb team felled.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// A non-negative number of points in half points (`1.5` is 3), so that
/// sums and comparisons are exact.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points(u32);

impl Points {
    pub const ZERO: Points = Points(0);

    pub fn from_halves(halves: u32) -> Points {
        Points(halves)
    }

    pub fn whole(points: u32) -> Points {
        Points(points * 2)
    }

    pub fn halves(self) -> u32 {
        self.0
    }

    pub fn is_whole(self) -> bool {
        self.0.is_multiple_of(2)
    }

    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 2.0
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_whole() {
            write!(f, "{}", self.0 / 2)
        } else {
            write!(f, "{}.5", self.0 / 2)
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ScoreError {
    #[error("score '{0}' is not W-L (e.g. 2-1, 1-0, 0.5-0.5)")]
    Shape(String),
    #[error("'{0}' is not a number of points in whole or half points")]
    Number(String),
    #[error("baseline kubbs '{0}' are not A-B in whole kubbs (e.g. 5-3)")]
    Kubbs(String),
}

/// Splits `A-B` into its two sides.
fn sides(text: &str) -> Option<(&str, &str)> {
    text.split_once('-')
        .filter(|(a, b)| !a.is_empty() && !b.is_empty())
}

impl FromStr for Points {
    type Err = ScoreError;

    fn from_str(text: &str) -> Result<Points, ScoreError> {
        let bad = || ScoreError::Number(text.into());
        let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
        if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) || whole.len() > 6 {
            return Err(bad());
        }
        let whole: u32 = whole.parse().map_err(|_| bad())?;
        let half = match fraction {
            "" | "0" => 0,
            "5" => 1,
            _ => return Err(bad()),
        };
        Ok(Points(whole * 2 + half))
    }
}

/// A pairing's result from the first named entrant's side: games won by
/// each (Kubb) or game points of each (Guard & Towers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Score {
    pub first: Points,
    pub second: Points,
}

/// How a pairing ended for one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

impl Outcome {
    /// The share of the pairing won: 1, ½ or 0 (Sonneborn–Berger weights).
    pub fn share(self) -> f64 {
        match self {
            Outcome::Win => 1.0,
            Outcome::Draw => 0.5,
            Outcome::Loss => 0.0,
        }
    }
}

impl Score {
    /// How the pairing ended for the first named: more games or points
    /// win.
    pub fn outcome(self) -> Outcome {
        match self.first.cmp(&self.second) {
            std::cmp::Ordering::Greater => Outcome::Win,
            std::cmp::Ordering::Equal => Outcome::Draw,
            std::cmp::Ordering::Less => Outcome::Loss,
        }
    }

    pub fn new(first: Points, second: Points) -> Score {
        Score { first, second }
    }

    /// The same result seen from the second entrant.
    pub fn reversed(self) -> Score {
        Score::new(self.second, self.first)
    }
}

impl FromStr for Score {
    type Err = ScoreError;

    fn from_str(text: &str) -> Result<Score, ScoreError> {
        let (first, second) = sides(text).ok_or_else(|| ScoreError::Shape(text.into()))?;
        Ok(Score::new(first.parse()?, second.parse()?))
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.first, self.second)
    }
}

impl TryFrom<String> for Score {
    type Error = ScoreError;

    fn try_from(text: String) -> Result<Score, ScoreError> {
        text.parse()
    }
}

impl From<Score> for String {
    fn from(score: Score) -> String {
        score.to_string()
    }
}

/// Baseline kubbs felled in a Kubb match, by the first named team and by
/// the second (the base of the baseline-kubb difference tie-break).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct BaselineKubbs {
    pub first: u32,
    pub second: u32,
}

impl BaselineKubbs {
    pub fn reversed(self) -> BaselineKubbs {
        BaselineKubbs {
            first: self.second,
            second: self.first,
        }
    }
}

impl FromStr for BaselineKubbs {
    type Err = ScoreError;

    fn from_str(text: &str) -> Result<BaselineKubbs, ScoreError> {
        let bad = || ScoreError::Kubbs(text.into());
        let (first, second) = sides(text).ok_or_else(bad)?;
        let count = |side: &str| {
            side.bytes()
                .all(|b| b.is_ascii_digit())
                .then(|| side.parse::<u32>().ok())
                .flatten()
                .ok_or_else(bad)
        };
        Ok(BaselineKubbs {
            first: count(first)?,
            second: count(second)?,
        })
    }
}

impl fmt::Display for BaselineKubbs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.first, self.second)
    }
}

impl TryFrom<String> for BaselineKubbs {
    type Error = ScoreError;

    fn try_from(text: String) -> Result<BaselineKubbs, ScoreError> {
        text.parse()
    }
}

impl From<BaselineKubbs> for String {
    fn from(kubbs: BaselineKubbs) -> String {
        kubbs.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn scores_read_as_organisers_write_them() {
        let score: Score = "0.5-0.5".parse().unwrap();
        assert_eq!(score.first, Points::from_halves(1));
        assert_eq!(score.to_string(), "0.5-0.5");
        assert_eq!(
            "2-1".parse::<Score>().unwrap().reversed().to_string(),
            "1-2"
        );
        for bad in ["", "2", "2-", "-1", "a-b", "1.25-0", "-1-2", "2:1", "1e3-0"] {
            assert!(bad.parse::<Score>().is_err(), "{bad} is refused");
        }
        assert_eq!("5-3".parse::<BaselineKubbs>().unwrap().first, 5);
        assert!("5.5-3".parse::<BaselineKubbs>().is_err());
    }

    proptest! {
        /// Writing a score and reading it back gives the same score.
        #[test]
        fn scores_round_trip(first in 0u32..2000, second in 0u32..2000) {
            let score = Score::new(Points::from_halves(first), Points::from_halves(second));
            prop_assert_eq!(score.to_string().parse::<Score>(), Ok(score));
        }
    }
}
