//! Fitting the network: a floating-point copy trained with Adam, then
//! quantised to the engine's integers.

use guard_towers::Color;
use guard_towers_engine::nnue::{
    active_features, mirror_file, Features, Network, FEATURES, HIDDEN, QA, QB, SCALE,
};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use crate::data::Sample;

/// Largest weight magnitude kept, so that the quantised weights and the
/// 16-bit accumulator (16 rows at most) cannot overflow.
const CLIP: f32 = 1.98;

/// How the fit runs.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// K of the win-probability model P = 1 / (1 + 10^(−K·eval/400)), as
    /// fitted to the results by `towers gt tune` (its first line).
    pub scale: f32,
    /// Weight of the search score in the target; the rest is the result.
    pub score_weight: f32,
    pub learning_rate: f32,
    pub batch: usize,
}

/// One sample as the fit sees it: the features of both sides and the target.
#[derive(Clone, Copy)]
struct Example {
    own: Features,
    other: Features,
    target: f32,
}

/// The network in floating point, with Adam's moments.
pub struct Trainer {
    /// Feature-major: `weights[f * HIDDEN + h]`.
    feature_weights: Vec<f32>,
    hidden_bias: Vec<f32>,
    output_weights: Vec<f32>,
    output_bias: f32,
    moments: Moments,
    settings: Settings,
    step: i32,
    random: StdRng,
}

/// Adam's first and second moments, laid out as the parameters.
struct Moments {
    first: Vec<f32>,
    second: Vec<f32>,
}

/// One batch's gradient, laid out as [`Trainer::parameters`].
struct Gradient(Vec<f32>);

const PARAMETERS: usize = FEATURES * HIDDEN + HIDDEN + 2 * HIDDEN + 1;

impl Trainer {
    /// A network with small random weights drawn from `seed`.
    pub fn new(settings: Settings, seed: u64) -> Trainer {
        let mut random = StdRng::seed_from_u64(seed);
        let mut draw = |n: usize, spread: f32| -> Vec<f32> {
            (0..n)
                .map(|_| random.random_range(-spread..spread))
                .collect()
        };
        let feature_weights = draw(FEATURES * HIDDEN, 0.1);
        let hidden_bias = vec![0.1; HIDDEN];
        let output_weights = draw(2 * HIDDEN, 0.1);
        Trainer {
            feature_weights,
            hidden_bias,
            output_weights,
            output_bias: 0.0,
            moments: Moments {
                first: vec![0.0; PARAMETERS],
                second: vec![0.0; PARAMETERS],
            },
            settings,
            step: 0,
            random: StdRng::seed_from_u64(seed ^ 0x9e37_79b9),
        }
    }

    /// Centi-stones to the logit of the win probability.
    fn logit_per_centistone(&self) -> f32 {
        self.settings.scale * std::f32::consts::LN_10 / 400.0
    }

    fn example(&self, sample: &Sample, mirrored: bool) -> Example {
        let us = sample.position.side_to_move();
        let view = |side: Color| {
            let mut features = active_features(&sample.position, side);
            if mirrored {
                features.map(mirror_file);
            }
            features
        };
        let expected = sigmoid(sample.score as f32 * self.logit_per_centistone());
        let weight = self.settings.score_weight;
        Example {
            own: view(us),
            other: view(!us),
            target: weight * expected + (1.0 - weight) * sample.result(),
        }
    }

    fn hidden(&self, features: &Features) -> [f32; HIDDEN] {
        let mut sums: [f32; HIDDEN] = std::array::from_fn(|h| self.hidden_bias[h]);
        for &feature in features.as_slice() {
            let row = &self.feature_weights[feature as usize * HIDDEN..][..HIDDEN];
            for (sum, weight) in sums.iter_mut().zip(row) {
                *sum += weight;
            }
        }
        sums
    }

    /// The output (centi-stones / [`SCALE`]) and the hidden sums of both sides.
    fn forward(&self, example: &Example) -> (f32, [f32; HIDDEN], [f32; HIDDEN]) {
        let (own, other) = (self.hidden(&example.own), self.hidden(&example.other));
        let (own_weights, other_weights) = self.output_weights.split_at(HIDDEN);
        let output = self.output_bias
            + activated_dot(&own, own_weights)
            + activated_dot(&other, other_weights);
        (output, own, other)
    }

    /// The squared error of one example, with its gradient added to `into`.
    fn backward(&self, example: &Example, into: &mut Gradient) -> f32 {
        let (output, own, other) = self.forward(example);
        let slope = self.logit_per_centistone() * SCALE as f32;
        let predicted = sigmoid(output * slope);
        let error = predicted - example.target;
        let d_output = 2.0 * error * predicted * (1.0 - predicted) * slope;
        let gradient = &mut into.0;
        let hidden_at = FEATURES * HIDDEN;
        let output_at = hidden_at + HIDDEN;
        gradient[PARAMETERS - 1] += d_output;
        for (side, (sums, features)) in [(&own, &example.own), (&other, &example.other)]
            .into_iter()
            .enumerate()
        {
            let mut d_hidden = [0.0f32; HIDDEN];
            for h in 0..HIDDEN {
                let weight = self.output_weights[side * HIDDEN + h];
                gradient[output_at + side * HIDDEN + h] += d_output * sums[h].clamp(0.0, 1.0);
                if sums[h] > 0.0 && sums[h] < 1.0 {
                    d_hidden[h] = d_output * weight;
                }
            }
            for h in 0..HIDDEN {
                gradient[hidden_at + h] += d_hidden[h];
            }
            for &feature in features.as_slice() {
                let row = &mut gradient[feature as usize * HIDDEN..][..HIDDEN];
                for (slot, d) in row.iter_mut().zip(&d_hidden) {
                    *slot += d;
                }
            }
        }
        error * error
    }

    /// Mean squared error of the win probabilities over `samples`.
    pub fn loss(&self, samples: &[Sample]) -> f64 {
        loss_of(samples, &self.settings, |sample| self.evaluate(sample))
    }

    /// One pass over `samples` in a random order, each mirrored left to
    /// right at random, in batches over `threads` threads; returns the mean
    /// training loss.
    pub fn epoch(&mut self, samples: &[Sample], threads: usize) -> f64 {
        let mut order: Vec<usize> = (0..samples.len()).collect();
        order.shuffle(&mut self.random);
        let mut total = 0.0;
        for batch in order.chunks(self.settings.batch) {
            let examples: Vec<Example> = batch
                .iter()
                .map(|&index| {
                    let mirrored = self.random.random_bool(0.5);
                    self.example(&samples[index], mirrored)
                })
                .collect();
            let (gradient, loss) = self.gradient(&examples, threads);
            total += loss;
            self.apply(&gradient, examples.len());
        }
        total / samples.len().max(1) as f64
    }

    /// The summed gradient and loss of a batch, split over threads.
    fn gradient(&self, examples: &[Example], threads: usize) -> (Gradient, f64) {
        let chunk = examples.len().div_ceil(threads.max(1)).max(1);
        let parts: Vec<(Gradient, f64)> = std::thread::scope(|scope| {
            let workers: Vec<_> = examples
                .chunks(chunk)
                .map(|part| {
                    scope.spawn(move || {
                        let mut gradient = Gradient(vec![0.0; PARAMETERS]);
                        let loss = part
                            .iter()
                            .map(|example| f64::from(self.backward(example, &mut gradient)))
                            .sum::<f64>();
                        (gradient, loss)
                    })
                })
                .collect();
            workers
                .into_iter()
                .map(|worker| worker.join().expect("no panic"))
                .collect()
        });
        let mut parts = parts.into_iter();
        let (mut sum, mut loss) = parts
            .next()
            .unwrap_or((Gradient(vec![0.0; PARAMETERS]), 0.0));
        for (gradient, part_loss) in parts {
            for (total, value) in sum.0.iter_mut().zip(&gradient.0) {
                *total += value;
            }
            loss += part_loss;
        }
        (sum, loss)
    }

    /// An Adam step with the batch's mean gradient.
    fn apply(&mut self, gradient: &Gradient, batch: usize) {
        const BETA1: f32 = 0.9;
        const BETA2: f32 = 0.999;
        self.step += 1;
        let rate = self.settings.learning_rate * (1.0 - BETA2.powi(self.step)).sqrt()
            / (1.0 - BETA1.powi(self.step));
        let Moments { first, second } = &mut self.moments;
        let parameters = self
            .feature_weights
            .iter_mut()
            .chain(self.hidden_bias.iter_mut())
            .chain(self.output_weights.iter_mut())
            .chain(std::iter::once(&mut self.output_bias));
        for (((parameter, g), m), v) in parameters
            .zip(&gradient.0)
            .zip(first.iter_mut())
            .zip(second.iter_mut())
        {
            let g = g / batch as f32;
            *m = BETA1 * *m + (1.0 - BETA1) * g;
            *v = BETA2 * *v + (1.0 - BETA2) * g * g;
            *parameter = (*parameter - rate * *m / (v.sqrt() + 1e-8)).clamp(-CLIP, CLIP);
        }
    }

    /// Lowers the learning rate (for the last epochs).
    pub fn set_learning_rate(&mut self, rate: f32) {
        self.settings.learning_rate = rate;
    }

    /// The engine's integer network, rounded from this one.
    pub fn quantise(&self) -> Network {
        let round = |value: f32, scale: i32| (value * scale as f32).round() as i16;
        let feature_weights = self
            .feature_weights
            .chunks_exact(HIDDEN)
            .map(|row| std::array::from_fn(|h| round(row[h], QA)))
            .collect();
        Network::from_parts(
            feature_weights,
            std::array::from_fn(|h| round(self.hidden_bias[h], QA)),
            std::array::from_fn(|h| round(self.output_weights[h], QB)),
            (self.output_bias * (QA * QB) as f32).round() as i32,
        )
    }

    /// This network's evaluation in centi-stones (side to move's view).
    pub fn evaluate(&self, sample: &Sample) -> f32 {
        self.forward(&self.example(sample, false)).0 * SCALE as f32
    }
}

/// Mean squared error of the win probabilities that `evaluate` (centi-stones,
/// side to move's view) predicts for `samples`, against the fit's targets:
/// to compare the network with the hand-written evaluation.
pub fn loss_of(samples: &[Sample], settings: &Settings, evaluate: impl Fn(&Sample) -> f32) -> f64 {
    let per_centistone = settings.scale * std::f32::consts::LN_10 / 400.0;
    let total: f64 = samples
        .iter()
        .map(|sample| {
            let expected = sigmoid(sample.score as f32 * per_centistone);
            let target =
                settings.score_weight * expected + (1.0 - settings.score_weight) * sample.result();
            let error = sigmoid(evaluate(sample) * per_centistone) - target;
            f64::from(error * error)
        })
        .sum();
    total / samples.len().max(1) as f64
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// Σ clip(s, 0, 1) · w.
fn activated_dot(sums: &[f32; HIDDEN], weights: &[f32]) -> f32 {
    sums.iter()
        .zip(weights)
        .map(|(s, w)| s.clamp(0.0, 1.0) * w)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::{self_play, Settings as Play};
    use guard_towers::Position;

    fn settings() -> Settings {
        Settings {
            scale: 1.0,
            score_weight: 0.7,
            learning_rate: 0.01,
            batch: 64,
        }
    }

    fn samples() -> Vec<Sample> {
        self_play(
            &[Position::start()],
            0..6,
            Play {
                nodes: 300,
                random_plies: 6,
                max_plies: 300,
                use_network: false,
            },
        )
    }

    #[test]
    fn training_lowers_the_loss() {
        let samples = samples();
        let mut trainer = Trainer::new(settings(), 1);
        let before = trainer.loss(&samples);
        for _ in 0..20 {
            trainer.epoch(&samples, 2);
        }
        let after = trainer.loss(&samples);
        assert!(after < before * 0.8, "loss {before} -> {after}");
    }

    #[test]
    fn the_quantised_network_evaluates_as_the_float_one() {
        let samples = samples();
        let mut trainer = Trainer::new(settings(), 2);
        for _ in 0..5 {
            trainer.epoch(&samples, 1);
        }
        let network = trainer.quantise();
        for sample in samples.iter().take(50) {
            let float = trainer.evaluate(sample);
            let integer = network.evaluate(&sample.position) as f32;
            assert!(
                (float - integer).abs() <= 3.0 + float.abs() * 0.02,
                "{float} vs {integer}"
            );
        }
    }
}
