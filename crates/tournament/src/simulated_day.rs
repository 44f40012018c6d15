//! A whole tournament day played out, event by event, on its pitches: the
//! live calls of [`pitches::Day`] against the fixed timetable of
//! [`schedule::plan`], for the same matches with the same lengths.
//!
//! The caller gives each match its length and result (from a simulator,
//! or a table); this module has no clock and no randomness. The day:
//!
//! - pairs the first round at time 0 and lets [`Day::follow`] call the
//!   pairings to pitches, exactly as the server does live;
//! - a called match starts after the changeover (the teams walk over and
//!   set up) and ends after its length, or at the time limit if it would
//!   run longer: time called ends the match ("drop batons at the
//!   whistle"), which the result given is kept for;
//! - at each match's end the result is recorded, the day follows the
//!   tournament, and once a round is complete the next one is paired (a
//!   Swiss pairs from the standings, so it waits for every result).
//!
//! The fixed timetable lays the same matches, with the same pairings and
//! lengths, on [`schedule::plan`]'s slots of the time limit plus the
//! changeover: what an organiser without live calls has to budget, since
//! any match may run to the limit. In a slot the match starts after the
//! changeover, as live.
//!
//! Times are milliseconds from the day's start.
//!
//! [`pitches::Day`]: crate::pitches::Day
//! [`schedule::plan`]: crate::schedule::plan

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use thiserror::Error;

use crate::name::Name;
use crate::pitches::{Day, Pitch, PitchError, State};
use crate::schedule::{plan, ClockTime, ScheduleError};
use crate::score::Score;
use crate::tournament::{Pairing, Tournament, TournamentError};

const MINUTE_MS: i64 = 60_000;

/// The day's pitches and its clock rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// Pitches, named `1` to `pitches`.
    pub pitches: usize,
    /// From a call to the match's start: the walk to the pitch and set-up.
    pub changeover_minutes: u32,
    /// A match's time limit.
    pub limit_minutes: u32,
}

/// A match as the caller plays it: how long it would take without a
/// clock, and its result from the first named's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    pub length_ms: i64,
    pub score: Score,
}

/// One match of the day, where and when it was played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    /// From 1.
    pub round: u32,
    pub first: Name,
    pub second: Name,
    pub pitch: names::Name,
    pub called_at: i64,
    pub started_at: i64,
    pub finished_at: i64,
    /// Stopped at the time limit.
    pub cut: bool,
}

/// A day's matches and their end, live or on the fixed timetable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Timeline {
    /// In the order they were called.
    pub matches: Vec<Match>,
    /// When the last match ended.
    pub length_ms: i64,
}

impl Timeline {
    /// The share of the pitches' time from the start to the day's end
    /// spent playing (changeovers and idle pitches are the rest).
    pub fn utilisation(&self, pitches: usize) -> f64 {
        let played: i64 = self
            .matches
            .iter()
            .map(|m| m.finished_at - m.started_at)
            .sum();
        played as f64 / (pitches as f64 * self.length_ms.max(1) as f64)
    }
}

/// The day played live, the same matches on the fixed timetable, and the
/// tournament with every result.
#[derive(Clone, Debug, PartialEq)]
pub struct SimulatedDay {
    pub live: Timeline,
    pub fixed: Timeline,
    /// The end of the fixed timetable's last slot, as printed beforehand.
    pub fixed_budget_ms: i64,
    pub tournament: Tournament,
}

/// Why a day could not be played.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum DayError {
    #[error("a day needs at least one pitch")]
    NoPitches,
    #[error("the time limit is at least one minute")]
    NoLimit,
    #[error("round {round}: a match cannot last {length_ms} ms")]
    Length { round: u32, length_ms: i64 },
    #[error("the day stopped with rounds left to play")]
    Stalled,
    #[error(transparent)]
    Pitches(#[from] PitchError),
    #[error(transparent)]
    Tournament(#[from] TournamentError),
    #[error("the fixed timetable: {0}")]
    Schedule(#[from] ScheduleError),
}

/// What happens next, in the order of time; at one time, ends before
/// starts, then by round and pairing, so that a day replays exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Step {
    End,
    Start,
}

type Key = (u32, usize);
type Queue = BinaryHeap<Reverse<(i64, Step, u32, usize)>>;

/// Plays `tournament` (its entrants added, no round paired) to its last
/// result on the pitches of `timing`, asking `play` for each match's
/// length and result as it is called, and lays the same matches on the
/// fixed timetable.
///
/// A round robin of four on two pitches, every match 20 minutes under a
/// 30-minute limit with 5 minutes' changeover: live, each round takes 25
/// minutes; the fixed slots take 35.
///
/// ```
/// use tournament::simulated_day::{simulate_day, Played, Timing};
/// use tournament::{Format, GameKind, Settings, Tournament};
///
/// let settings = Settings::new(GameKind::Kubb, Format::RoundRobin, None, None, None, false)?;
/// let mut tournament = Tournament::new(settings)?;
/// for team in ["A", "B", "C", "D"] {
///     tournament.add(team.parse()?)?;
/// }
/// let timing = Timing { pitches: 2, changeover_minutes: 5, limit_minutes: 30 };
/// let win = "2-0".parse()?;
/// let day = simulate_day(tournament, timing, |_, _| Played { length_ms: 20 * 60_000, score: win })?;
/// assert_eq!(day.live.length_ms, 3 * 25 * 60_000);
/// assert_eq!(day.fixed.length_ms, 2 * 35 * 60_000 + 25 * 60_000);
/// assert_eq!(day.fixed_budget_ms, 3 * 35 * 60_000);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn simulate_day(
    tournament: Tournament,
    timing: Timing,
    play: impl FnMut(u32, &Pairing) -> Played,
) -> Result<SimulatedDay, DayError> {
    if timing.pitches == 0 {
        return Err(DayError::NoPitches);
    }
    if timing.limit_minutes == 0 {
        return Err(DayError::NoLimit);
    }
    let mut live = Live::new(tournament, timing, play)?;
    live.run()?;
    let fixed = fixed_timetable(&live, timing)?;
    let budget = fixed_budget(&live.tournament, timing);
    let Live {
        tournament,
        day,
        played,
        ..
    } = live;
    Ok(SimulatedDay {
        live: live_timeline(&tournament, &day, &played),
        fixed,
        fixed_budget_ms: budget,
        tournament,
    })
}

/// The day in play: the tournament, its [`Day`], the steps to come and
/// each match's length once called.
struct Live<F> {
    tournament: Tournament,
    day: Day,
    timing: Timing,
    play: F,
    queue: Queue,
    /// (length, cut) of every match called so far.
    played: HashMap<Key, (i64, bool)>,
    scores: HashMap<Key, Score>,
}

impl<F: FnMut(u32, &Pairing) -> Played> Live<F> {
    fn new(tournament: Tournament, timing: Timing, play: F) -> Result<Live<F>, DayError> {
        let mut day = Day::default();
        let pitches = (1..=timing.pitches)
            .map(|n| Pitch::new(&n.to_string()).expect("a number is a pitch's name"))
            .collect();
        day.set_pitches(pitches)?;
        Ok(Live {
            tournament,
            day,
            timing,
            play,
            queue: BinaryHeap::new(),
            played: HashMap::new(),
            scores: HashMap::new(),
        })
    }

    fn run(&mut self) -> Result<(), DayError> {
        self.tournament.pair()?;
        self.follow(0)?;
        while let Some(Reverse((at, step, round, pairing))) = self.queue.pop() {
            match step {
                Step::Start => self.day.start(round, pairing, at)?,
                Step::End => self.end(at, round, pairing)?,
            }
        }
        if self.tournament.is_over() {
            Ok(())
        } else {
            Err(DayError::Stalled)
        }
    }

    /// Records a match's result, pairs the next round once this one is
    /// complete, and lets the day call what it can.
    fn end(&mut self, at: i64, round: u32, pairing: usize) -> Result<(), DayError> {
        let entry = self.tournament.rounds()[round as usize - 1][pairing];
        let second = entry.second.expect("only games are called");
        let (first, second) = (
            self.tournament.name(entry.first).clone(),
            self.tournament.name(second).clone(),
        );
        let score = self.scores[&(round, pairing)];
        self.tournament
            .record(&first, &second, score, None, Some(round))?;
        self.day.follow(&self.tournament, at);
        let complete = self.tournament.check_round_finished().is_ok();
        if complete && !self.tournament.is_over() {
            self.tournament.pair()?;
        }
        self.follow(at)
    }

    /// Brings the day up to the tournament at `at` and gives every newly
    /// called match its start and end.
    fn follow(&mut self, at: i64) -> Result<(), DayError> {
        self.day.follow(&self.tournament, at);
        let called: Vec<Key> = positions(&self.day)
            .filter(|key| !self.played.contains_key(key))
            .filter(|&(round, pairing)| {
                self.day.course(round, pairing).map(|c| c.state()) == Some(State::Called)
            })
            .collect();
        for (round, pairing) in called {
            let entry = self.tournament.rounds()[round as usize - 1][pairing];
            let Played { length_ms, score } = (self.play)(round, &entry);
            if length_ms < 0 {
                return Err(DayError::Length { round, length_ms });
            }
            let limit = i64::from(self.timing.limit_minutes) * MINUTE_MS;
            let length = length_ms.min(limit);
            self.played
                .insert((round, pairing), (length, length_ms > limit));
            self.scores.insert((round, pairing), score);
            let start = at + i64::from(self.timing.changeover_minutes) * MINUTE_MS;
            self.queue
                .push(Reverse((start, Step::Start, round, pairing)));
            self.queue
                .push(Reverse((start + length, Step::End, round, pairing)));
        }
        Ok(())
    }
}

/// Every pairing of the day as (round from 1, pairing from 0).
fn positions(day: &Day) -> impl Iterator<Item = Key> + '_ {
    day.rounds()
        .iter()
        .zip(1..)
        .flat_map(|(courses, round)| (0..courses.len()).map(move |pairing| (round, pairing)))
}

/// The pairing's two names (games only).
fn names(tournament: &Tournament, (round, pairing): Key) -> (Name, Name) {
    let entry = tournament.rounds()[round as usize - 1][pairing];
    let second = entry.second.expect("only games are played");
    (
        tournament.name(entry.first).clone(),
        tournament.name(second).clone(),
    )
}

fn live_timeline(
    tournament: &Tournament,
    day: &Day,
    played: &HashMap<Key, (i64, bool)>,
) -> Timeline {
    let mut matches: Vec<Match> = positions(day)
        .filter_map(|key| {
            let course = day.course(key.0, key.1)?;
            // A bye is finished when paired, on no pitch.
            let pitch = course.pitch()?.clone();
            let (first, second) = names(tournament, key);
            Some(Match {
                round: key.0,
                first,
                second,
                pitch,
                called_at: course.called_at()?,
                started_at: course.started_at()?,
                finished_at: course.finished_at()?,
                cut: played.get(&key)?.1,
            })
        })
        .collect();
    matches.sort_by_key(|m| m.called_at);
    timeline(matches)
}

fn timeline(matches: Vec<Match>) -> Timeline {
    let length_ms = matches.iter().map(|m| m.finished_at).max().unwrap_or(0);
    Timeline { matches, length_ms }
}

/// The games of each round, as (round from 1, pairing from 0): byes take
/// no pitch.
fn games(tournament: &Tournament) -> Vec<Vec<Key>> {
    tournament
        .rounds()
        .iter()
        .zip(1..)
        .map(|(pairings, round)| {
            (0..pairings.len())
                .filter(|&p| pairings[p].second.is_some())
                .map(|p| (round, p))
                .collect()
        })
        .collect()
}

fn slot_minutes(timing: Timing) -> u32 {
    timing.changeover_minutes + timing.limit_minutes
}

/// The day's matches laid on the fixed timetable's slots, each lasting as
/// long as it did live.
fn fixed_timetable<F>(live: &Live<F>, timing: Timing) -> Result<Timeline, DayError> {
    let games = games(&live.tournament);
    let counts: Vec<usize> = games.iter().map(Vec::len).collect();
    let origin: ClockTime = "00:00".parse().expect("midnight is a time");
    let slots = plan(&counts, timing.pitches as u32, origin, slot_minutes(timing))?;
    let changeover = i64::from(timing.changeover_minutes) * MINUTE_MS;
    let matches = games
        .iter()
        .flatten()
        .zip(slots.iter().flatten())
        .map(|(&key, slot)| {
            let (length, cut) = live.played[&key];
            let called_at = i64::from(slot.start.minutes()) * MINUTE_MS;
            let (first, second) = names(&live.tournament, key);
            Match {
                round: key.0,
                first,
                second,
                pitch: names::Name::new(&slot.pitch.to_string()).expect("a number is a name"),
                called_at,
                started_at: called_at + changeover,
                finished_at: called_at + changeover + length,
                cut,
            }
        })
        .collect();
    Ok(timeline(matches))
}

/// The end of the fixed timetable's last slot: each round takes as many
/// slots as its games need pitches over.
fn fixed_budget(tournament: &Tournament, timing: Timing) -> i64 {
    let slots: usize = games(tournament)
        .iter()
        .map(|round| round.len().div_ceil(timing.pitches).max(1))
        .sum();
    slots as i64 * i64::from(slot_minutes(timing)) * MINUTE_MS
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::format::{Format, Settings};
    use crate::game::GameKind;

    fn tournament(format: Format, teams: usize, rounds: Option<u32>) -> Tournament {
        let settings = Settings::new(GameKind::Kubb, format, rounds, None, None, false).unwrap();
        let mut tournament = Tournament::new(settings).unwrap();
        for team in 0..teams {
            tournament.add(format!("T{team}").parse().unwrap()).unwrap();
        }
        tournament
    }

    /// Lengths and results from a table indexed by the order of calls,
    /// the lower-numbered team winning.
    fn table(lengths: Vec<i64>) -> impl FnMut(u32, &Pairing) -> Played {
        let mut next = 0;
        move |_, pairing| {
            let length_ms = lengths[next % lengths.len()];
            next += 1;
            let won = pairing.first < pairing.second.unwrap();
            let score = if won { "2-1" } else { "1-2" }.parse().unwrap();
            Played { length_ms, score }
        }
    }

    fn timing(pitches: usize) -> Timing {
        Timing {
            pitches,
            changeover_minutes: 5,
            limit_minutes: 40,
        }
    }

    /// No team and no pitch holds two matches at once.
    fn apart(timeline: &Timeline) -> Result<(), TestCaseError> {
        for (i, a) in timeline.matches.iter().enumerate() {
            for b in &timeline.matches[i + 1..] {
                let overlap = a.called_at < b.finished_at && b.called_at < a.finished_at;
                if !overlap {
                    continue;
                }
                prop_assert!(a.pitch != b.pitch, "pitch {} twice", a.pitch);
                for team in [&a.first, &a.second] {
                    prop_assert!(team != &b.first && team != &b.second, "{team} twice");
                }
            }
        }
        Ok(())
    }

    #[test]
    fn a_long_match_ends_at_the_limit() {
        let hour = 60 * MINUTE_MS;
        let day = simulate_day(
            tournament(Format::RoundRobin, 2, None),
            timing(1),
            table(vec![hour]),
        )
        .unwrap();
        let only = &day.live.matches[0];
        assert!(only.cut);
        assert_eq!(only.finished_at - only.started_at, 40 * MINUTE_MS);
        assert_eq!(day.live, day.fixed, "one match: the same either way");
    }

    #[test]
    fn no_pitches_and_no_limit_are_refused() {
        let t = || tournament(Format::Swiss, 8, Some(3));
        let short = || table(vec![MINUTE_MS]);
        assert_eq!(
            simulate_day(t(), timing(0), short()).unwrap_err(),
            DayError::NoPitches
        );
        let none = Timing {
            limit_minutes: 0,
            ..timing(2)
        };
        assert_eq!(
            simulate_day(t(), none, short()).unwrap_err(),
            DayError::NoLimit
        );
        assert!(matches!(
            simulate_day(t(), timing(2), table(vec![-1])),
            Err(DayError::Length { .. })
        ));
        assert!(matches!(
            simulate_day(tournament(Format::Swiss, 1, None), timing(2), short()),
            Err(DayError::Tournament(_))
        ));
    }

    #[test]
    fn a_swiss_round_waits_for_its_last_result() {
        let lengths = vec![
            10 * MINUTE_MS,
            30 * MINUTE_MS,
            20 * MINUTE_MS,
            15 * MINUTE_MS,
        ];
        let day = simulate_day(
            tournament(Format::Swiss, 8, Some(3)),
            timing(4),
            table(lengths),
        )
        .unwrap();
        for round in 1..3 {
            let last_end = day
                .live
                .matches
                .iter()
                .filter(|m| m.round == round)
                .map(|m| m.finished_at)
                .max();
            let next_call = day
                .live
                .matches
                .iter()
                .filter(|m| m.round == round + 1)
                .map(|m| m.called_at)
                .min();
            assert_eq!(last_end, next_call, "round {}", round + 1);
        }
        assert!(day.tournament.is_over());
        assert_eq!(day.live.matches.len(), 12);
        assert_eq!(
            day.live.length_ms,
            3 * 35 * MINUTE_MS,
            "each round waits for its 30 minutes"
        );
    }

    proptest! {
        /// Whatever the lengths: every match is played once, no team or
        /// pitch is double-booked live or fixed, the live day ends no later
        /// than the fixed timetable (no match outlasts its slot), and the
        /// same lengths give the same day.
        #[test]
        fn the_live_day_is_sound_and_never_longer(
            teams in 4usize..20,
            pitches in 1usize..8,
            rounds in 1u32..4,
            minutes in proptest::collection::vec(0i64..60, 1..30),
        ) {
            let lengths: Vec<i64> = minutes.iter().map(|m| m * MINUTE_MS + 1_234).collect();
            let play = || simulate_day(tournament(Format::Swiss, teams, Some(rounds)), timing(pitches), table(lengths.clone()));
            let day = play().unwrap();
            prop_assert!(day.tournament.is_over());
            let games = games(&day.tournament).iter().map(Vec::len).sum::<usize>();
            prop_assert_eq!(day.live.matches.len(), games);
            prop_assert_eq!(day.fixed.matches.len(), games);
            apart(&day.live)?;
            apart(&day.fixed)?;
            prop_assert!(day.live.length_ms <= day.fixed.length_ms);
            prop_assert!(day.fixed.length_ms <= day.fixed_budget_ms);
            prop_assert!(day.live.utilisation(pitches) <= 1.0);
            prop_assert_eq!(play().unwrap(), day);
        }
    }
}
