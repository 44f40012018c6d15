//! What the model does, measured the way the records are: each preset's
//! first-baton efficiency, inkast in-rates and penalties, game length, the
//! starting team's share of games, and that share after each number of
//! towers felled by the 2-stick opening (Chris Hodges' figures), from
//! simulated heuristic matches.
//!
//! Each preset's 8 m tower rate fixes its spread (`throw`); the inkast
//! spread is fitted to the 2015 U.S. quarterfinals' first-baton efficiency
//! and the bounce-out to the recorded re-throws. The rest is checked
//! against the records, not fitted: `docs/kubb.md`, "Calibration", names
//! every source and shows the model's figures.

use rayon::prelude::*;

use crate::throw::Skill;
use crate::{play_out_watched, stream, win_probability, Heuristic};
use kubb::Ruleset;
use kubb::Team;
use kubb::{Action, Decision, Line, Match, Phase, ToAct};

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
    /// Inkast attempts, and those that landed in.
    pub inkasts: usize,
    pub inkasts_in: usize,
    /// Pieces inkasted (first attempts), those in at the first attempt,
    /// and those placed by the defenders after two attempts out.
    pub pieces_inkasted: usize,
    pub first_attempts_in: usize,
    pub penalties: usize,
    /// Finished games by the towers the starting team felled in its first
    /// turn (0, 1, 2 or more), and of those the games the starter won.
    pub opening_games: [usize; 3],
    pub opening_starter_wins: [usize; 3],
}

impl Measured {
    /// The share of the knights standing that the first stick of a turn fells.
    pub fn first_stick_knight_rate(&self) -> f64 {
        ratio(self.knights_felled, self.knights_standing)
    }

    /// Planet Kubb's first-baton efficiency (1BE): knights felled by the
    /// first stick of a turn per piece inkasted, over all turns.
    pub fn first_baton_efficiency(&self) -> f64 {
        ratio(self.knights_felled, self.pieces_inkasted)
    }

    pub fn starter_share(&self) -> f64 {
        ratio(self.starter_wins, self.games)
    }

    pub fn inkast_in_rate(&self) -> f64 {
        ratio(self.inkasts_in, self.inkasts)
    }

    /// Pieces in at their first attempt, per piece inkasted (Planet Kubb's
    /// `I` less `R`, over `I`).
    pub fn first_attempt_in_rate(&self) -> f64 {
        ratio(self.first_attempts_in, self.pieces_inkasted)
    }

    /// Penalty pieces (`P`) per piece inkasted.
    pub fn penalty_rate(&self) -> f64 {
        ratio(self.penalties, self.pieces_inkasted)
    }

    pub fn turns_per_game(&self) -> f64 {
        ratio(self.turns, self.games)
    }

    /// The share of games the starting team won after felling `towers`
    /// (0, 1, or 2 and more) in its first turn.
    pub fn starter_share_after_opening(&self, towers: usize) -> f64 {
        let bucket = towers.min(2);
        ratio(
            self.opening_starter_wins[bucket],
            self.opening_games[bucket],
        )
    }

    /// The share of finished games whose starting team felled `towers` (0,
    /// 1, or 2 and more) in its first turn.
    pub fn opening_share(&self, towers: usize) -> f64 {
        let finished: usize = self.opening_games.iter().sum();
        ratio(self.opening_games[towers.min(2)], finished)
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
        self.pieces_inkasted += other.pieces_inkasted;
        self.first_attempts_in += other.first_attempts_in;
        self.penalties += other.penalties;
        for bucket in 0..3 {
            self.opening_games[bucket] += other.opening_games[bucket];
            self.opening_starter_wins[bucket] += other.opening_starter_wins[bucket];
        }
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
            let mut opening = Opening::default();
            let result = play_out_watched(
                Match::new(ruleset),
                [&Heuristic, &Heuristic],
                [skill, skill],
                &mut stream(seed, index),
                |state, action| {
                    count(&mut counts, state, action);
                    opening.watch(&mut counts, state, action);
                },
            );
            // The last game ends the match: its winner is the match's.
            if let (Some(winner), Some(starter)) = (result.winner, opening.starter) {
                opening.record(&mut counts, winner == starter);
            }
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
            if let Some(ToAct::Team(_, Decision::Inkast { attempt: 1, .. })) = state.to_act() {
                counts.pieces_inkasted += 1;
                counts.first_attempts_in += usize::from(landed_in);
            }
        }
        Action::Placement { .. } => counts.penalties += 1,
        _ => {}
    }
}

/// The towers the starting team of the current game felled in its first
/// turn, for Chris Hodges' figures on the 2-4-6 opening.
#[derive(Default)]
struct Opening {
    starter: Option<Team>,
    towers: usize,
}

impl Opening {
    fn watch(&mut self, counts: &mut Measured, state: &Match, action: Action) {
        match action {
            Action::NextGame => {
                if let (Phase::GameOver(end), Some(starter)) = (state.phase(), self.starter) {
                    if let Some(winner) = end.winner {
                        self.record(counts, winner == starter);
                    }
                }
                *self = Opening::default();
            }
            Action::Stick(hit) if state.turns_completed() == 0 => {
                self.starter = state.starting_team();
                self.towers += hit.towers.len();
            }
            _ => {}
        }
    }

    fn record(&self, counts: &mut Measured, starter_won: bool) {
        let bucket = self.towers.min(2);
        counts.opening_games[bucket] += 1;
        counts.opening_starter_wins[bucket] += usize::from(starter_won);
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
