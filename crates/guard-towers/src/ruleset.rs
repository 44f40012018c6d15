//! The named rule sets and the game clock: the vocabulary that records,
//! the server and the course protocol share.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::game::Rules;

/// A rule set by name: the only two a game may be created, stored or
/// recorded with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Ruleset {
    /// The rule book with all its conventions ([`Rules::STANDARD`]).
    #[default]
    Standard,
    /// The course server's rules, without draw rules ([`Rules::COURSE`]).
    Course,
}

impl Ruleset {
    pub const ALL: [Ruleset; 2] = [Ruleset::Standard, Ruleset::Course];

    pub const fn rules(self) -> Rules {
        match self {
            Ruleset::Standard => Rules::STANDARD,
            Ruleset::Course => Rules::COURSE,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Ruleset::Standard => "standard",
            Ruleset::Course => "course",
        }
    }

    /// The rule set whose rules these are, if they are a named one.
    pub fn of(rules: Rules) -> Option<Ruleset> {
        Ruleset::ALL.into_iter().find(|set| set.rules() == rules)
    }
}

impl From<Ruleset> for Rules {
    fn from(set: Ruleset) -> Rules {
        set.rules()
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesetError(pub String);

impl fmt::Display for RulesetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rules '{}' are not 'standard' or 'course'", self.0)
    }
}

impl std::error::Error for RulesetError {}

impl FromStr for Ruleset {
    type Err = RulesetError;

    fn from_str(text: &str) -> Result<Ruleset, RulesetError> {
        Ruleset::ALL
            .into_iter()
            .find(|set| set.name() == text)
            .ok_or_else(|| RulesetError(text.to_string()))
    }
}

/// A game clock: each side's time for the whole game and the increment
/// it gains with each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    pub initial: Duration,
    pub increment: Duration,
}

impl TimeControl {
    /// The course's clock: 120 s a game plus 10 ms a move.
    pub const COURSE: TimeControl = TimeControl {
        initial: Duration::from_secs(120),
        increment: Duration::from_millis(10),
    };

    /// The longest game time and increment a game may be created with.
    pub const MAX_INITIAL: Duration = Duration::from_secs(24 * 3600);
    pub const MAX_INCREMENT: Duration = Duration::from_secs(3600);

    /// A clock of `initial_ms` plus `increment_ms` a move, refused unless
    /// the game time is 1 ms to 24 h and the increment at most 1 h.
    pub fn new(initial_ms: u64, increment_ms: u64) -> Result<TimeControl, TimeControlError> {
        let control = TimeControl {
            initial: Duration::from_millis(initial_ms),
            increment: Duration::from_millis(increment_ms),
        };
        if control.initial.is_zero()
            || control.initial > TimeControl::MAX_INITIAL
            || control.increment > TimeControl::MAX_INCREMENT
        {
            return Err(TimeControlError::OutOfRange);
        }
        Ok(control)
    }

    pub fn initial_ms(self) -> u64 {
        self.initial.as_millis() as u64
    }

    pub fn increment_ms(self) -> u64 {
        self.increment.as_millis() as u64
    }
}

/// `SECONDS+INCREMENT` in seconds, as the record's TimeControl tag has it:
/// `120+0.01`.
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}+{}",
            self.initial.as_secs_f64(),
            self.increment.as_secs_f64()
        )
    }
}

/// A clock that cannot be read or is out of range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimeControlError {
    /// A part is not a number of seconds.
    NotSeconds {
        part: String,
        text: String,
    },
    OutOfRange,
}

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControlError::NotSeconds { part, text } => write!(
                f,
                "'{part}' in time control '{text}' is not a number of seconds"
            ),
            TimeControlError::OutOfRange => {
                f.write_str("a time control has 1 ms to 24 h and an increment up to 1 h")
            }
        }
    }
}

impl std::error::Error for TimeControlError {}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// `SECONDS+INCREMENT` or `SECONDS`, e.g. `120+0.01` or `300`.
    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let seconds = |part: &str| {
            part.parse::<f64>()
                .ok()
                .filter(|s| s.is_finite() && *s >= 0.0 && *s <= 1e9)
                .map(Duration::from_secs_f64)
                .ok_or_else(|| TimeControlError::NotSeconds {
                    part: part.to_string(),
                    text: text.to_string(),
                })
        };
        let (initial, increment) = text.split_once('+').unwrap_or((text, "0"));
        let control = TimeControl {
            initial: seconds(initial)?,
            increment: seconds(increment)?,
        };
        TimeControl::new(control.initial_ms(), control.increment_ms())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_ruleset_reads_back_from_its_name() {
        for set in Ruleset::ALL {
            assert_eq!(set.name().parse::<Ruleset>(), Ok(set));
            assert_eq!(Ruleset::of(set.rules()), Some(set));
        }
        assert_eq!(
            "Course".parse::<Ruleset>().unwrap_err().to_string(),
            "rules 'Course' are not 'standard' or 'course'"
        );
    }

    #[test]
    fn the_course_clock_prints_and_reads_as_its_tag() {
        assert_eq!(TimeControl::COURSE.to_string(), "120+0.01");
        assert_eq!("120+0.01".parse(), Ok(TimeControl::COURSE));
        assert_eq!(TimeControl::new(120_000, 10), Ok(TimeControl::COURSE));
    }

    #[test]
    fn a_clock_without_time_or_over_a_day_is_refused() {
        assert_eq!(TimeControl::new(0, 0), Err(TimeControlError::OutOfRange));
        assert_eq!(
            TimeControl::new(24 * 3_600_000 + 1, 0),
            Err(TimeControlError::OutOfRange)
        );
        assert!(matches!(
            "x+1".parse::<TimeControl>(),
            Err(TimeControlError::NotSeconds { .. })
        ));
    }
}
