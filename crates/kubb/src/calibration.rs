//! What the model does, measured the way the published figures are: each
//! preset's first-stick knight rate, inkast in-rate, game length and the
//! starting team's share of games, from simulated heuristic matches.
//!
//! The throw model is calibrated to three published figures (see
//! `docs/kubb.md`): the 8 m tower hit rate of each preset (`throw`), the
//! knights felled by top teams' first stick of a turn (38–47 %: the inkast
//! spread), and the starting team's share of games between equal teams
//! (about 75 % with the full 6-stick opening).

use rayon::prelude::*;

use crate::game::{Action, Line, Match, Phase};
use crate::ruleset::Ruleset;
use crate::simulate::{play_out_watched, stream, win_probability, Heuristic};
use crate::throw::Skill;

/// Counts from simulated matches between two teams of one skill.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Measured {
    pub matches: usize,
    pub games: usize,
    pub starter_wins: usize,
    pub turns: usize,
    /// Turns that began with knights standing in the opponent's half, the
    /// knights standing then, and those the turn's first stick felled.
    pub first_sticks: usize,
    pub knights_standing: usize,
    pub knights_felled: usize,
    pub inkasts: usize,
    pub inkasts_in: usize,
}

impl Measured {
    /// The share of the knights standing that the first stick of a turn fells.
    pub fn first_stick_knight_rate(&self) -> f64 {
        ratio(self.knights_felled, self.knights_standing)
    }

    pub fn starter_share(&self) -> f64 {
        ratio(self.starter_wins, self.games)
    }

    pub fn inkast_in_rate(&self) -> f64 {
        ratio(self.inkasts_in, self.inkasts)
    }

    pub fn turns_per_game(&self) -> f64 {
        ratio(self.turns, self.games)
    }

    fn add(mut self, other: Measured) -> Measured {
        self.matches += other.matches;
        self.games += other.games;
        self.starter_wins += other.starter_wins;
        self.turns += other.turns;
        self.first_sticks += other.first_sticks;
        self.knights_standing += other.knights_standing;
        self.knights_felled += other.knights_felled;
        self.inkasts += other.inkasts;
        self.inkasts_in += other.inkasts_in;
        self
    }
}

fn ratio(part: usize, whole: usize) -> f64 {
    part as f64 / whole.max(1) as f64
}

/// Plays `matches` heuristic matches between two teams of `skill` and
/// counts what the calibration compares (match i on stream i of `seed`).
pub fn measure(ruleset: Ruleset, skill: Skill, matches: usize, seed: u64) -> Measured {
    (0..matches)
        .into_par_iter()
        .map(|index| {
            let mut counts = Measured {
                matches: 1,
                ..Measured::default()
            };
            let result = play_out_watched(
                Match::new(ruleset),
                [&Heuristic, &Heuristic],
                [skill, skill],
                &mut stream(seed, index),
                |state, action| count(&mut counts, state, action),
            );
            counts.games = result.games;
            counts.starter_wins = result.starter_wins;
            counts.turns = result.turns;
            counts
        })
        .reduce(Measured::default, Measured::add)
}

fn count(counts: &mut Measured, state: &Match, action: Action) {
    match action {
        Action::Stick(hit) if state.sticks_thrown() == 0 && *state.phase() == Phase::Throwing => {
            let standing = state.standing_knights(state.thrower().other()).len();
            if standing > 0 {
                counts.first_sticks += 1;
                counts.knights_standing += standing;
                counts.knights_felled += hit.knights.len();
            }
        }
        Action::Inkast { landed_in, .. } => {
            counts.inkasts += 1;
            counts.inkasts_in += usize::from(landed_in);
        }
        _ => {}
    }
}

/// What an advanced throwing line is worth to the team that has one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LineValue {
    /// Turns sampled (at most one per match: the first that began with an
    /// advanced line).
    pub turns: usize,
    /// Mean metres the line stood in front of the baseline.
    pub metres: f64,
    /// Mean win probability with the line minus without it (the same
    /// state with the baseline for that turn), in the same futures.
    pub win_probability: f64,
    /// The standard error of that mean.
    pub standard_error: f64,
}

/// Samples turns that begin with an advanced line from `matches`
/// heuristic matches and values each line by `playouts` play-outs with
/// and without it.
pub fn line_value(
    ruleset: Ruleset,
    skill: Skill,
    matches: usize,
    playouts: usize,
    seed: u64,
) -> LineValue {
    let skills = [skill, skill];
    let samples: Vec<(f64, f64)> = (0..matches)
        .into_par_iter()
        .filter_map(|index| {
            let mut first = None;
            play_out_watched(
                Match::new(ruleset),
                [&Heuristic, &Heuristic],
                skills,
                &mut stream(seed, index),
                |state, _| {
                    if first.is_none() && advanced_turn_start(state) {
                        first = Some(state.clone());
                    }
                },
            );
            let with_line = first?;
            let team = with_line.thrower();
            let Line::AtKnight { y: Some(y), .. } = with_line.line(team) else {
                return None;
            };
            let metres = (y - with_line.field().baseline(team)).abs();
            let mut without = with_line.clone();
            without.waive_advanced_line();
            let chance = |state: &Match| {
                win_probability(state, skills, playouts, seed ^ index as u64)[team.index()]
            };
            Some((metres, chance(&with_line) - chance(&without)))
        })
        .collect();
    let turns = samples.len();
    let n = turns.max(1) as f64;
    let mean = |pick: fn(&(f64, f64)) -> f64| samples.iter().map(pick).sum::<f64>() / n;
    let gain = mean(|sample| sample.1);
    let variance = samples.iter().map(|s| (s.1 - gain).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    LineValue {
        turns,
        metres: mean(|sample| sample.0),
        win_probability: gain,
        standard_error: (variance / n).sqrt(),
    }
}

/// The first stick of a turn is about to be thrown from an advanced line.
fn advanced_turn_start(state: &Match) -> bool {
    *state.phase() == Phase::Throwing
        && state.sticks_thrown() == 0
        && state.winner().is_none()
        && matches!(
            state.line(state.thrower()),
            Line::AtKnight { y: Some(_), .. }
        )
}
