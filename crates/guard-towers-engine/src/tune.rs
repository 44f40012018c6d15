//! Texel tuning: fit the evaluation weights to game results.
//!
//! 1. [`self_play`] plays fast engine games from the opening set and keeps
//!    the quiet positions (no capture for the side to move, no side able to
//!    win at once) with the game's result.
//! 2. [`fit_scale`] finds the K of the win-probability model
//!    P(red wins) = 1 / (1 + 10^(−K · eval / 400)).
//! 3. [`tune`] runs the Texel local search: each weight in turn is moved by
//!    ±step and kept where the mean squared error between results and
//!    predicted probabilities falls; steps shrink from 8 to 1.
//!
//! `docs/tuning.md` has the commands that reproduce the weights in use.

use guard_towers::{Color, Game, Position, Rules};

use crate::engine::Engine;
use crate::eval::{evaluate, Weights};
use crate::time::Limits;

/// A position and the final result of its game from Red's view (1, ½, 0).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    pub position: Position,
    pub red_score: f64,
}

/// Reads samples, one per line: `<position> | <red score>`.
pub fn parse_samples(text: &str) -> Result<Vec<Sample>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(index, line)| {
            let bad = |why: String| format!("line {}: {why}", index + 1);
            let (position, score) = line
                .split_once('|')
                .ok_or_else(|| bad("expected '<position> | <score>'".into()))?;
            let position = position.trim().parse().map_err(|e| bad(format!("{e}")))?;
            let red_score = score
                .trim()
                .parse::<f64>()
                .ok()
                .filter(|s| [0.0, 0.5, 1.0].contains(s))
                .ok_or_else(|| bad(format!("score '{}' is not 1, 0.5 or 0", score.trim())))?;
            Ok(Sample {
                position,
                red_score,
            })
        })
        .collect()
}

/// No capture for the side to move and neither side able to win at once.
pub fn is_quiet(position: &Position) -> bool {
    let us = position.side_to_move();
    !position.is_decided()
        && !position.has_winning_move(us)
        && !position.has_winning_move(!us)
        && !position
            .legal_moves()
            .iter()
            .any(|&m| position.is_capture(m))
}

/// Plays `games` games of the engine against itself with `nodes` nodes per
/// move from `openings` (cycled), and returns the quiet positions with
/// their results. Games longer than `max_plies` are dropped as undecided.
pub fn self_play(openings: &[Position], games: usize, nodes: u64, max_plies: usize) -> Vec<Sample> {
    let mut engine = Engine::new();
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let mut samples = Vec::new();
    for index in 0..games {
        let mut game = Game::new(openings[index % openings.len()], Rules::STANDARD);
        engine.new_game();
        engine.set_seed(index as u64);
        while game.outcome().is_none() && game.moves().len() < max_plies {
            let Some(result) = engine.search(&game, &limits) else {
                break;
            };
            game.play(result.best_move).expect("engine moves are legal");
        }
        let Some(red_score) = game.outcome().map(|outcome| outcome.points(Color::Red)) else {
            continue;
        };
        samples.extend(
            game.positions()
                .iter()
                .filter(|p| is_quiet(p))
                .map(|&position| Sample {
                    position,
                    red_score,
                }),
        );
    }
    samples
}

/// The evaluation from Red's point of view.
fn red_eval(position: &Position, weights: &Weights) -> f64 {
    let eval = f64::from(evaluate(position, weights));
    match position.side_to_move() {
        Color::Red => eval,
        Color::Blue => -eval,
    }
}

/// Samples below this are not worth a thread each.
const PARALLEL_FROM: usize = 10_000;

/// Mean squared error of the predicted Red scores, on all cores.
pub fn error(samples: &[Sample], weights: &Weights, scale: f64) -> f64 {
    let threads = if samples.len() < PARALLEL_FROM {
        1
    } else {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    };
    let chunk = samples.len().div_ceil(threads).max(1);
    let total: f64 = std::thread::scope(|scope| {
        let parts: Vec<_> = samples
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .map(|s| {
                            let predicted = 1.0
                                / (1.0
                                    + 10f64.powf(-scale * red_eval(&s.position, weights) / 400.0));
                            (s.red_score - predicted).powi(2)
                        })
                        .sum::<f64>()
                })
            })
            .collect();
        parts.into_iter().map(|p| p.join().expect("no panic")).sum()
    });
    total / samples.len().max(1) as f64
}

/// The K that best fits results with the given weights (golden section).
pub fn fit_scale(samples: &[Sample], weights: &Weights) -> f64 {
    let (mut low, mut high) = (0.05, 5.0);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = high - ratio * (high - low);
        let b = low + ratio * (high - low);
        if error(samples, weights, a) < error(samples, weights, b) {
            high = b;
        } else {
            low = a;
        }
    }
    (low + high) / 2.0
}

/// Texel local search from `start`; `on_pass` hears each pass's error.
pub fn tune(
    samples: &[Sample],
    start: &Weights,
    scale: f64,
    mut on_pass: impl FnMut(usize, f64),
) -> Weights {
    let mut values = start.values();
    let at = |values: &[i32]| {
        error(
            samples,
            &Weights::from_values(values).expect("same length"),
            scale,
        )
    };
    let mut best = at(&values);
    let mut pass = 0;
    for step in [8, 4, 2, 1] {
        loop {
            pass += 1;
            let mut improved = false;
            for index in 0..values.len() {
                for delta in [step, -step] {
                    values[index] += delta;
                    let candidate = at(&values);
                    if candidate < best {
                        best = candidate;
                        improved = true;
                        break;
                    }
                    values[index] -= delta;
                }
            }
            on_pass(pass, best);
            if !improved {
                break;
            }
        }
    }
    Weights::from_values(&values).expect("same length")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::TUNED;

    #[test]
    fn samples_parse_and_bad_lines_are_named() {
        let text = "3RG3/7/7/7/7/7/3BG3 r | 0.5\n# comment\n3RG3/7/7/7/7/7/3BG3 b | 1\n";
        assert_eq!(parse_samples(text).expect("valid").len(), 2);
        assert!(parse_samples("3RG3/7/7/7/7/7/3BG3 r | 2")
            .unwrap_err()
            .starts_with("line 1"));
        assert!(parse_samples("nonsense").unwrap_err().starts_with("line 1"));
    }

    /// When an extra stone mostly wins, tuning raises a too small weight.
    #[test]
    fn tuning_follows_the_data() {
        let rich: Position = "3RG3/7/7/r16/7/7/3BG3 r".parse().unwrap();
        let poor: Position = "3RG3/7/7/b16/7/7/3BG3 r".parse().unwrap();
        let samples: Vec<Sample> = [
            (rich, 1.0),
            (rich, 1.0),
            (rich, 0.5),
            (poor, 0.0),
            (poor, 0.0),
            (poor, 0.5),
        ]
        .into_iter()
        .map(|(position, red_score)| Sample {
            position,
            red_score,
        })
        .collect();
        let mut weak = TUNED.clone();
        weak.stone = 10;
        let before = error(&samples, &weak, 1.0);
        let tuned = tune(&samples, &weak, 1.0, |_, _| {});
        assert!(error(&samples, &tuned, 1.0) < before);
        assert!(tuned.stone > weak.stone);
    }
}
