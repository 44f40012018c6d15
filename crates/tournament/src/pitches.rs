//! A tournament day on its pitches: which pairing plays where, now.
//!
//! A Kubb match has no set length, so a fixed timetable ([`schedule`])
//! idles most pitches while a few long matches hold a round up. The day
//! instead calls each pairing to a pitch as soon as one is free and both
//! its teams are, in the order of the pairings, and frees the pitch the
//! moment the match's result is in. Each pairing runs its course:
//! [`Course::Waiting`], then called to a pitch, then playing, then
//! finished.
//!
//! [`Day`] is a fold, like the tournament it follows: [`Day::follow`] is
//! run after every event with the event's time, so the same events at
//! the same times give the same calls, and a stored tournament replays
//! its day exactly.
//!
//! [`schedule`]: crate::schedule
//!
//! Two pitches, three pairings: the third waits for the first free pitch.
//!
//! ```
//! use tournament::pitches::{Day, Pitch, State};
//! use tournament::{Format, GameKind, Settings, Tournament};
//!
//! let settings = Settings::new(GameKind::Kubb, Format::RoundRobin, None, None, None, false)?;
//! let mut tournament = Tournament::new(settings)?;
//! for team in ["A", "B", "C", "D", "E", "F"] {
//!     tournament.add(team.parse()?)?;
//! }
//! let mut day = Day::default();
//! day.set_pitches(vec![Pitch::new("1")?, Pitch::new("2")?])?;
//! tournament.pair()?;
//! day.follow(&tournament, 1_000);
//! let states: Vec<State> = day.rounds()[0].iter().map(|course| course.state()).collect();
//! assert_eq!(states, [State::Called, State::Called, State::Waiting]);
//! assert_eq!(day.rounds()[0][0].pitch().map(|p| p.as_str()), Some("1"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashSet;

use names::Name;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::tournament::Tournament;

/// The most pitches a tournament has (the 2024 European championship
/// played on 140).
pub const MAX_PITCHES: usize = 500;

/// A pitch, by the name the organiser gives it (`1`, `A3`, `Veld 7`),
/// and whether it is in play: one taken out of play keeps the match on
/// it, but is given no new one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pitch {
    pub name: Name,
    pub in_play: bool,
}

impl Pitch {
    /// A pitch in play, its name by the one rule of names.
    pub fn new(name: &str) -> Result<Pitch, names::NameError> {
        Ok(Pitch {
            name: Name::new(name)?,
            in_play: true,
        })
    }
}

/// Why the pitches or a start were refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PitchError {
    #[error("two pitches are named '{0}' (or alike)")]
    Duplicate(Name),
    #[error("a tournament has at most {MAX_PITCHES} pitches, not {0}")]
    TooMany(usize),
    #[error("round {round} has no pairing {}", pairing + 1)]
    NoSuchPairing { round: u32, pairing: usize },
    #[error("round {round}'s pairing {} is already {state}", pairing + 1)]
    NotToStart {
        round: u32,
        pairing: usize,
        state: State,
    },
}

impl PitchError {
    /// Every code a pitch's refusal may carry, in the order of the variants.
    pub const CODES: &[&str] = &[
        "tournament.pitch-duplicate",
        "tournament.too-many-pitches",
        "tournament.no-pairing-number",
        "tournament.not-to-start",
    ];

    /// The refusal's stable code, for the API and the pages' catalogs.
    pub fn code(&self) -> &'static str {
        match self {
            PitchError::Duplicate(_) => "tournament.pitch-duplicate",
            PitchError::TooMany(_) => "tournament.too-many-pitches",
            PitchError::NoSuchPairing { .. } => "tournament.no-pairing-number",
            PitchError::NotToStart { .. } => "tournament.not-to-start",
        }
    }

    /// The refusal's particulars by name: a pitch's name as its text,
    /// rounds and pairings (from 1) as numbers, a state as its word.
    pub fn params(&self) -> serde_json::Map<String, serde_json::Value> {
        let params = match self {
            PitchError::Duplicate(name) => serde_json::json!({ "name": name.to_string() }),
            PitchError::TooMany(count) => {
                serde_json::json!({ "count": count, "max": MAX_PITCHES })
            }
            PitchError::NoSuchPairing { round, pairing } => {
                serde_json::json!({ "round": round, "pairing": pairing + 1 })
            }
            PitchError::NotToStart {
                round,
                pairing,
                state,
            } => {
                serde_json::json!({ "round": round, "pairing": pairing + 1, "state": state.to_string() })
            }
        };
        match params {
            serde_json::Value::Object(params) => params,
            _ => unreachable!("the particulars are an object"),
        }
    }
}

/// Where a pairing is in its day.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum State {
    /// Paired, no pitch yet.
    Waiting,
    /// Given a pitch: its teams are called to it.
    Called,
    /// Its first event entered, or marked started by the organiser.
    Playing,
    /// Its result is in (a bye is finished when it is paired).
    Finished,
}

impl State {
    /// Every state, in the order a pairing runs through them.
    pub const ALL: [State; 4] = [
        State::Waiting,
        State::Called,
        State::Playing,
        State::Finished,
    ];
}

impl std::fmt::Display for State {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            State::Waiting => "waiting",
            State::Called => "called",
            State::Playing => "playing",
            State::Finished => "finished",
        })
    }
}

/// One pairing's course through the day, times in milliseconds since
/// the Unix epoch.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Course {
    /// The entrants, by index; a bye has one.
    teams: Vec<usize>,
    pitch: Option<Name>,
    called_at: Option<i64>,
    started_at: Option<i64>,
    finished_at: Option<i64>,
}

impl Course {
    pub fn state(&self) -> State {
        if self.finished_at.is_some() {
            State::Finished
        } else if self.started_at.is_some() {
            State::Playing
        } else if self.called_at.is_some() {
            State::Called
        } else {
            State::Waiting
        }
    }

    /// The pitch it was called to; it keeps its name after the match.
    pub fn pitch(&self) -> Option<&Name> {
        self.pitch.as_ref()
    }

    pub fn called_at(&self) -> Option<i64> {
        self.called_at
    }

    pub fn started_at(&self) -> Option<i64> {
        self.started_at
    }

    pub fn finished_at(&self) -> Option<i64> {
        self.finished_at
    }

    /// Its entrants, by index: two, or one for a bye; none for a
    /// knockout match ahead whose teams are not both known yet.
    pub fn teams(&self) -> &[usize] {
        &self.teams
    }

    /// Whether it holds its teams and its pitch: called or playing.
    fn on_pitch(&self) -> bool {
        matches!(self.state(), State::Called | State::Playing)
    }

    /// How long it was played, when it was both started and finished.
    fn length(&self) -> Option<i64> {
        Some(self.finished_at? - self.started_at?)
    }
}

/// The pitches and every pairing's course: see the module's note.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Day {
    pitches: Vec<Pitch>,
    rounds: Vec<Vec<Course>>,
}

impl Day {
    /// Sets the pitches, in the order they are given out; a pitch with a
    /// match on it that is left out or out of play keeps its match. Call
    /// [`Day::follow`] after it, so that new pitches are given out.
    pub fn set_pitches(&mut self, pitches: Vec<Pitch>) -> Result<(), PitchError> {
        if pitches.len() > MAX_PITCHES {
            return Err(PitchError::TooMany(pitches.len()));
        }
        let mut seen = HashSet::new();
        for pitch in &pitches {
            if !seen.insert(pitch.name.skeleton()) {
                return Err(PitchError::Duplicate(pitch.name.clone()));
            }
        }
        self.pitches = pitches;
        Ok(())
    }

    pub fn pitches(&self) -> &[Pitch] {
        &self.pitches
    }

    /// Every round's courses, in the order of its pairings.
    pub fn rounds(&self) -> &[Vec<Course>] {
        &self.rounds
    }

    /// The course of round `round`'s (from 1) pairing `pairing` (from 0).
    pub fn course(&self, round: u32, pairing: usize) -> Option<&Course> {
        self.rounds
            .get((round as usize).checked_sub(1)?)?
            .get(pairing)
    }

    /// The pairing now on `pitch`, as (round from 1, pairing from 0).
    pub fn on(&self, pitch: &Name) -> Option<(u32, usize)> {
        self.positions()
            .find(|&(round, pairing)| {
                let course = &self.rounds[round][pairing];
                course.on_pitch() && course.pitch.as_ref() == Some(pitch)
            })
            .map(|(round, pairing)| (round as u32 + 1, pairing))
    }

    /// Marks a waiting or called pairing as playing from `at`.
    pub fn start(&mut self, round: u32, pairing: usize, at: i64) -> Result<(), PitchError> {
        let missing = PitchError::NoSuchPairing { round, pairing };
        let index = (round as usize).checked_sub(1).ok_or(missing.clone())?;
        let course = self
            .rounds
            .get_mut(index)
            .and_then(|courses| courses.get_mut(pairing))
            .ok_or(missing)?;
        match course.state() {
            State::Waiting | State::Called => {
                course.started_at = Some(at);
                Ok(())
            }
            state => Err(PitchError::NotToStart {
                round,
                pairing,
                state,
            }),
        }
    }

    /// Brings the day up to the tournament at time `at`: new rounds'
    /// pairings wait, a pairing with its result (or left a bye by a
    /// withdrawal) is finished and frees its pitch, and then every free
    /// pitch in play is given to the first waiting pairing whose teams are
    /// both free.
    ///
    /// In a knockout, a match of the next round whose two feeding matches
    /// are decided waits for a pitch at once, before its round is paired
    /// ([`Tournament::decided_ahead`]): its course is the round's first
    /// one beyond the tournament's, and is kept when the round is paired.
    pub fn follow(&mut self, tournament: &Tournament, at: i64) {
        for (index, pairings) in tournament.rounds().iter().enumerate() {
            if index == self.rounds.len() {
                self.rounds.push(vec![Course::default(); pairings.len()]);
            }
            let courses = &mut self.rounds[index];
            courses.resize(pairings.len(), Course::default());
            for (course, pairing) in courses.iter_mut().zip(pairings) {
                let teams: Vec<usize> = std::iter::once(pairing.first)
                    .chain(pairing.second)
                    .collect();
                if course.teams != teams {
                    // Not the match foreseen ahead (or none was): afresh.
                    *course = Course {
                        teams,
                        ..Course::default()
                    };
                }
                let done = pairing.second.is_none() || pairing.score.is_some();
                if done && course.finished_at.is_none() {
                    course.finished_at = Some(at);
                }
            }
        }
        self.foresee(tournament);
        self.call(at);
    }

    /// Keeps the next knockout round's decided matches as courses of a
    /// round ahead of the tournament's.
    fn foresee(&mut self, tournament: &Tournament) {
        let ahead = tournament.decided_ahead();
        let paired = tournament.rounds().len();
        if ahead.is_empty() {
            self.rounds.truncate(paired);
            return;
        }
        if self.rounds.len() == paired {
            self.rounds.push(Vec::new());
        }
        let courses = &mut self.rounds[paired];
        for (place, first, second) in ahead {
            if courses.len() <= place {
                courses.resize(place + 1, Course::default());
            }
            if courses[place].teams != [first, second] {
                courses[place] = Course {
                    teams: vec![first, second],
                    ..Course::default()
                };
            }
        }
    }

    /// Gives the free pitches in play to the waiting pairings, in order.
    fn call(&mut self, at: i64) {
        let mut busy: HashSet<usize> = HashSet::new();
        let mut taken: HashSet<names::Skeleton> = HashSet::new();
        for course in self.rounds.iter().flatten().filter(|c| c.on_pitch()) {
            busy.extend(&course.teams);
            taken.extend(course.pitch.as_ref().map(Name::skeleton));
        }
        let mut free = self
            .pitches
            .iter()
            .filter(|pitch| pitch.in_play && !taken.contains(&pitch.name.skeleton()));
        for course in self.rounds.iter_mut().flatten() {
            let unknown = course.teams.is_empty();
            if unknown
                || course.state() != State::Waiting
                || course.teams.iter().any(|t| busy.contains(t))
            {
                continue;
            }
            let Some(pitch) = free.next() else {
                return;
            };
            course.pitch = Some(pitch.name.clone());
            course.called_at = Some(at);
            busy.extend(&course.teams);
        }
    }

    /// When a playing match counts as running long: at its start plus the
    /// time limit (`limit_ms`) when there is one, else at twice the
    /// median length of its round's finished matches, once three of them
    /// have a length.
    pub fn due_at(&self, round: u32, pairing: usize, limit_ms: Option<i64>) -> Option<i64> {
        let course = self.course(round, pairing)?;
        if course.state() != State::Playing {
            return None;
        }
        let started = course.started_at?;
        if let Some(limit) = limit_ms {
            return Some(started + limit);
        }
        let mut lengths: Vec<i64> = self.rounds[round as usize - 1]
            .iter()
            .filter_map(Course::length)
            .collect();
        if lengths.len() < 3 {
            return None;
        }
        lengths.sort_unstable();
        Some(started + 2 * lengths[lengths.len() / 2])
    }

    fn positions(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.rounds
            .iter()
            .enumerate()
            .flat_map(|(round, courses)| (0..courses.len()).map(move |pairing| (round, pairing)))
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::format::{Format, Settings};
    use crate::game::GameKind;
    use crate::score::Score;

    fn swiss(teams: usize) -> Tournament {
        let settings =
            Settings::new(GameKind::Kubb, Format::Swiss, Some(3), None, None, false).unwrap();
        let mut tournament = Tournament::new(settings).unwrap();
        for team in 0..teams {
            tournament.add(format!("T{team}").parse().unwrap()).unwrap();
        }
        tournament
    }

    fn pitches(count: usize) -> Vec<Pitch> {
        (1..=count)
            .map(|n| Pitch::new(&n.to_string()).unwrap())
            .collect()
    }

    /// Records the result of round 1's pairing `index`.
    fn finish(tournament: &mut Tournament, index: usize) {
        let pairing = tournament.rounds()[0][index];
        let first = tournament.name(pairing.first).clone();
        let second = tournament.name(pairing.second.unwrap()).clone();
        let win: Score = "2-0".parse().unwrap();
        tournament.record(&first, &second, win, None, None).unwrap();
    }

    fn states(day: &Day) -> Vec<State> {
        day.rounds()[0].iter().map(Course::state).collect()
    }

    #[test]
    fn a_finished_match_frees_its_pitch_for_the_next_waiting_pairing() {
        let mut tournament = swiss(8);
        let mut day = Day::default();
        day.set_pitches(pitches(2)).unwrap();
        tournament.pair().unwrap();
        day.follow(&tournament, 10);
        use State::*;
        assert_eq!(states(&day), [Called, Called, Waiting, Waiting]);
        day.start(1, 1, 20).unwrap();
        finish(&mut tournament, 1);
        day.follow(&tournament, 30);
        assert_eq!(states(&day), [Called, Finished, Called, Waiting]);
        let third = &day.rounds()[0][2];
        assert_eq!(third.pitch().unwrap().as_str(), "2", "the pitch just freed");
        assert_eq!(third.called_at(), Some(30));
        assert_eq!(day.rounds()[0][1].length(), Some(10));
        assert_eq!(day.on(&"2".parse().unwrap()), Some((1, 2)));
    }

    #[test]
    fn a_pitch_out_of_play_keeps_its_match_and_gets_no_new_one() {
        let mut tournament = swiss(6);
        let mut day = Day::default();
        day.set_pitches(pitches(2)).unwrap();
        tournament.pair().unwrap();
        day.follow(&tournament, 0);
        let mut out = pitches(2);
        out[0].in_play = false;
        day.set_pitches(out).unwrap();
        day.follow(&tournament, 5);
        assert_eq!(day.on(&"1".parse().unwrap()), Some((1, 0)), "kept");
        finish(&mut tournament, 0);
        day.follow(&tournament, 9);
        assert_eq!(day.on(&"1".parse().unwrap()), None);
        assert_eq!(day.rounds()[0][2].state(), State::Waiting, "pitch 1 is out");
        day.set_pitches(pitches(3)).unwrap();
        day.follow(&tournament, 12);
        assert_eq!(day.rounds()[0][2].pitch().unwrap().as_str(), "1");
    }

    #[test]
    fn look_alike_pitch_names_are_one_pitch() {
        let mut day = Day::default();
        let twice = vec![Pitch::new("Veld 1").unwrap(), Pitch::new("VELD 1").unwrap()];
        assert!(matches!(
            day.set_pitches(twice),
            Err(PitchError::Duplicate(_))
        ));
        assert!(day.pitches().is_empty(), "a refusal changes nothing");
        assert!(Pitch::new(" ").is_err());
    }

    #[test]
    fn only_a_waiting_or_called_pairing_starts() {
        let mut tournament = swiss(4);
        let mut day = Day::default();
        tournament.pair().unwrap();
        day.follow(&tournament, 0);
        assert_eq!(states(&day), [State::Waiting, State::Waiting], "no pitches");
        day.start(1, 0, 3).unwrap();
        assert!(matches!(
            day.start(1, 0, 4),
            Err(PitchError::NotToStart { .. })
        ));
        assert!(matches!(
            day.start(2, 0, 4),
            Err(PitchError::NoSuchPairing { .. })
        ));
        assert!(day.start(0, 0, 4).is_err());
    }

    #[test]
    fn a_long_match_is_due_at_its_limit_or_twice_the_rounds_median() {
        let mut tournament = swiss(10);
        let mut day = Day::default();
        day.set_pitches(pitches(5)).unwrap();
        tournament.pair().unwrap();
        day.follow(&tournament, 0);
        for pairing in 0..5 {
            day.start(1, pairing, 0).unwrap();
        }
        assert_eq!(day.due_at(1, 4, Some(600)), Some(600));
        assert_eq!(day.due_at(1, 4, None), None, "too few finished yet");
        for (pairing, at) in [(0, 100), (1, 300), (2, 200)] {
            finish(&mut tournament, pairing);
            day.follow(&tournament, at);
        }
        assert_eq!(day.due_at(1, 4, None), Some(400), "twice the median, 200");
        assert_eq!(day.due_at(1, 0, None), None, "finished");
    }

    fn knockout(teams: usize) -> Tournament {
        let settings =
            Settings::new(GameKind::Kubb, Format::Knockout, None, None, None, false).unwrap();
        let mut tournament = Tournament::new(settings).unwrap();
        for team in 0..teams {
            tournament.add(format!("T{team}").parse().unwrap()).unwrap();
        }
        tournament
    }

    /// Records a win for the first named of the last round's pairing
    /// `index`.
    fn first_wins(tournament: &mut Tournament, index: usize) {
        let round = tournament.rounds().len() - 1;
        let pairing = tournament.rounds()[round][index];
        let first = tournament.name(pairing.first).clone();
        let second = tournament.name(pairing.second.unwrap()).clone();
        let win: Score = "1-0".parse().unwrap();
        tournament.record(&first, &second, win, None, None).unwrap();
    }

    #[test]
    fn a_knockout_calls_the_next_match_once_both_its_feeders_are_decided() {
        let mut tournament = knockout(8);
        let mut day = Day::default();
        day.set_pitches(pitches(2)).unwrap();
        tournament.pair().unwrap();
        day.follow(&tournament, 0);
        use State::*;
        assert_eq!(states(&day), [Called, Called, Waiting, Waiting]);
        first_wins(&mut tournament, 0);
        day.follow(&tournament, 10);
        assert_eq!(states(&day), [Finished, Called, Called, Waiting]);
        first_wins(&mut tournament, 1);
        day.follow(&tournament, 20);
        // Semi-final 1 (the winners of matches 0 and 1) is decided, but
        // quarter-final 3 is earlier in the order and takes the pitch.
        assert_eq!(states(&day), [Finished, Finished, Called, Called]);
        let semi = &day.rounds()[1][0];
        assert_eq!((semi.state(), semi.teams().len()), (Waiting, 2));
        first_wins(&mut tournament, 2);
        day.follow(&tournament, 30);
        let semi = day.rounds()[1][0].clone();
        assert_eq!((semi.state(), semi.called_at()), (Called, Some(30)));
        assert_eq!(day.on(semi.pitch().unwrap()), Some((2, 0)));
        assert_eq!(
            day.rounds()[1].len(),
            1,
            "the other semi-final is not decided yet"
        );
        day.start(2, 0, 35).unwrap();
        first_wins(&mut tournament, 3);
        tournament.pair().unwrap();
        day.follow(&tournament, 40);
        let mut kept = semi.clone();
        kept.started_at = Some(35);
        assert_eq!(
            day.rounds()[1][0],
            kept,
            "the call and start kept when paired"
        );
        assert_eq!(day.rounds()[1][1].state(), Called, "the other semi-final");
    }

    proptest! {
        /// The matches a knockout decides ahead are the ones its next
        /// round pairs, in their places, whatever order results come in.
        #[test]
        fn matches_decided_ahead_are_the_next_rounds(
            teams in 4usize..40,
            order in proptest::collection::vec(any::<proptest::sample::Index>(), 64),
            coins in any::<u64>(),
        ) {
            let mut tournament = knockout(teams);
            let mut picks = order.iter();
            while !tournament.is_over() {
                tournament.pair().unwrap();
                let round = tournament.rounds().len() - 1;
                let mut seen = Vec::new();
                loop {
                    seen.extend(tournament.decided_ahead());
                    let open: Vec<usize> = (0..tournament.rounds()[round].len())
                        .filter(|&p| tournament.rounds()[round][p].score.is_none()
                            && tournament.rounds()[round][p].second.is_some())
                        .collect();
                    if open.is_empty() {
                        break;
                    }
                    let index = open[picks.next().map_or(0, |pick| pick.index(open.len()))];
                    let pairing = tournament.rounds()[round][index];
                    let (first, second) = (
                        tournament.name(pairing.first).clone(),
                        tournament.name(pairing.second.unwrap()).clone(),
                    );
                    let score = if (coins >> (index % 64)) & 1 == 1 { "1-0" } else { "0-1" };
                    tournament.record(&first, &second, score.parse().unwrap(), None, None).unwrap();
                }
                if tournament.is_over() {
                    prop_assert!(seen.is_empty(), "nothing ahead of a final");
                    break;
                }
                tournament.pair().unwrap();
                let next = tournament.rounds().last().unwrap().clone();
                for (place, first, second) in seen {
                    prop_assert_eq!((next[place].first, next[place].second), (first, Some(second)));
                }
                // Undo the look: the loop pairs the round itself.
                tournament = Tournament::from_file({
                    let mut file = tournament.to_file();
                    file.events.pop();
                    file
                }).unwrap();
            }
        }

        /// Whatever the order matches end in: no team is ever on two
        /// pitches, no pitch holds two matches, and no free pitch in play
        /// is left idle while a pairing whose teams are free waits.
        #[test]
        fn calls_keep_teams_and_pitches_apart(
            teams in 4usize..20,
            count in 1usize..8,
            order in proptest::collection::vec(any::<proptest::sample::Index>(), 1..40),
        ) {
            let mut tournament = swiss(teams);
            let mut day = Day::default();
            day.set_pitches(pitches(count)).unwrap();
            tournament.pair().unwrap();
            day.follow(&tournament, 0);
            for (at, pick) in order.iter().enumerate() {
                let on: Vec<usize> = (0..day.rounds()[0].len())
                    .filter(|&p| day.rounds()[0][p].on_pitch())
                    .collect();
                check(&day)?;
                if on.is_empty() {
                    break;
                }
                finish(&mut tournament, on[pick.index(on.len())]);
                day.follow(&tournament, at as i64 + 1);
            }
            check(&day)?;
        }
    }

    fn check(day: &Day) -> Result<(), TestCaseError> {
        let on: Vec<&Course> = day
            .rounds()
            .iter()
            .flatten()
            .filter(|c| c.on_pitch())
            .collect();
        let mut teams = HashSet::new();
        let mut used = HashSet::new();
        for course in &on {
            for team in &course.teams {
                prop_assert!(teams.insert(*team), "team {team} twice");
            }
            prop_assert!(used.insert(course.pitch.clone().unwrap()), "a pitch twice");
        }
        let idle = day
            .pitches()
            .iter()
            .any(|p| p.in_play && !used.contains(&p.name));
        let ready = day
            .rounds()
            .iter()
            .flatten()
            .any(|c| c.state() == State::Waiting && c.teams.iter().all(|t| !teams.contains(t)));
        prop_assert!(!(idle && ready), "a pitch idles while a pairing could play");
        Ok(())
    }
}
