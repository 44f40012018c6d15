//! Scheduling: a round's pairings onto pitches (Kubb) or boards (Guard &
//! Towers) in time slots. A round fills the pitches in board order; the
//! pairings beyond the number of pitches wait for the next slot, and the
//! next round starts in the slot after the last one used.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// A time of day in whole minutes, written `HH:MM`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct ClockTime(u32);

const DAY: u32 = 24 * 60;

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ScheduleError {
    #[error("'{0}' is not a time of day HH:MM")]
    Time(String),
    #[error("the schedule needs at least one pitch and a slot of at least one minute")]
    Empty,
    #[error("the schedule runs past midnight")]
    PastMidnight,
}

impl ClockTime {
    pub fn minutes(self) -> u32 {
        self.0
    }
}

impl FromStr for ClockTime {
    type Err = ScheduleError;

    fn from_str(text: &str) -> Result<ClockTime, ScheduleError> {
        let bad = || ScheduleError::Time(text.into());
        let (hours, minutes) = text.split_once(':').ok_or_else(bad)?;
        let number = |part: &str| {
            (part.len() == 2 && part.bytes().all(|b| b.is_ascii_digit()))
                .then(|| part.parse::<u32>().ok())
                .flatten()
                .ok_or_else(bad)
        };
        let (hours, minutes) = (number(hours)?, number(minutes)?);
        if hours >= 24 || minutes >= 60 {
            return Err(bad());
        }
        Ok(ClockTime(hours * 60 + minutes))
    }
}

impl fmt::Display for ClockTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}:{:02}", self.0 / 60, self.0 % 60)
    }
}

impl TryFrom<String> for ClockTime {
    type Error = ScheduleError;

    fn try_from(text: String) -> Result<ClockTime, ScheduleError> {
        text.parse()
    }
}

impl From<ClockTime> for String {
    fn from(time: ClockTime) -> String {
        time.to_string()
    }
}

/// Where and when one pairing is played; pitches count from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Slot {
    pub start: ClockTime,
    pub pitch: u32,
}

/// The slots of consecutive rounds, given as their numbers of pairings
/// played (byes take no pitch), starting at `start` with slots of
/// `minutes` (the match time limit plus changeover).
pub fn plan(
    rounds: &[usize],
    pitches: u32,
    start: ClockTime,
    minutes: u32,
) -> Result<Vec<Vec<Slot>>, ScheduleError> {
    if pitches == 0 || minutes == 0 {
        return Err(ScheduleError::Empty);
    }
    let mut slot_start = start.0;
    let mut plan = Vec::new();
    for &pairings in rounds {
        let slots: Vec<Slot> = (0..pairings as u32)
            .map(|board| Slot {
                start: ClockTime(slot_start + board / pitches * minutes),
                pitch: board % pitches + 1,
            })
            .collect();
        let used = (pairings as u32).div_ceil(pitches).max(1);
        slot_start += used * minutes;
        if slots.iter().any(|slot| slot.start.0 >= DAY) {
            return Err(ScheduleError::PastMidnight);
        }
        plan.push(slots);
    }
    Ok(plan)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn rounds_fill_the_pitches_then_wait_for_the_next_slot() {
        let plan = plan(&[5, 2], 4, "09:00".parse().unwrap(), 45).unwrap();
        let text: Vec<String> = plan
            .iter()
            .flatten()
            .map(|s| format!("{} {}", s.start, s.pitch))
            .collect();
        assert_eq!(
            text,
            ["09:00 1", "09:00 2", "09:00 3", "09:00 4", "09:45 1", "10:30 1", "10:30 2"]
        );
        assert!("9:00".parse::<ClockTime>().is_err());
        assert!("24:00".parse::<ClockTime>().is_err());
    }

    proptest! {
        /// No pitch holds two pairings at the same time, and every round
        /// starts after the one before has started all its pairings.
        #[test]
        fn no_pitch_is_double_booked(rounds in proptest::collection::vec(0usize..30, 1..6), pitches in 1u32..10) {
            let plan = plan(&rounds, pitches, ClockTime(8 * 60), 5).unwrap();
            let all: Vec<Slot> = plan.iter().flatten().copied().collect();
            for (i, a) in all.iter().enumerate() {
                prop_assert!(a.pitch >= 1 && a.pitch <= pitches);
                for b in &all[i + 1..] {
                    prop_assert!(a.start != b.start || a.pitch != b.pitch);
                }
            }
            for pair in plan.windows(2) {
                if let (Some(last), Some(next)) = (pair[0].iter().map(|s| s.start).max(), pair[1].first()) {
                    prop_assert!(next.start > last);
                }
            }
        }
    }
}
