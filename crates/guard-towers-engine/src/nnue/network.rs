//! The network's weights, their file form, and integer inference.

use std::fmt;
use std::sync::OnceLock;

use guard_towers::{Color, Move, Piece, Position};

use super::features::{active_features, feature, FEATURES};
use super::simd::{self, Row};

/// Neurons of the hidden layer, per side.
pub const HIDDEN: usize = 64;
/// Fixed-point scale of the accumulator: activations clip at `QA` (= 1.0).
pub const QA: i32 = 255;
/// Fixed-point scale of the output weights.
pub const QB: i32 = 255;
/// Centi-stones of an output of 1.0.
pub const SCALE: i32 = 400;

/// The largest evaluation, in centi-stones: far from the search's win
/// scores, so that no evaluation reads as a forced result.
const LIMIT: i64 = 20_000;

/// The first bytes of a network file, with its format's version.
const MAGIC: &[u8; 8] = b"GTNNUE1\n";
/// Bytes of a network file: the magic, then little-endian i16 feature
/// weights (feature-major), hidden biases and output weights (own side's
/// neurons first), and an i32 output bias.
const FILE_LEN: usize = MAGIC.len() + 2 * (FEATURES * HIDDEN + HIDDEN + 2 * HIDDEN) + 4;

/// The net in use, made by `towers gt nnue train` (see `docs/nnue.md`).
static EMBEDDED: &[u8] = include_bytes!("gt.nnue");

/// A quantised network, ready for inference.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    /// Row `f` holds the hidden layer's weights of feature `f`.
    feature_weights: Box<[[i16; HIDDEN]]>,
    hidden_bias: [i16; HIDDEN],
    /// The side to move's neurons, then the other side's.
    output_weights: [i16; 2 * HIDDEN],
    output_bias: i32,
}

/// Why bytes are not a network file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetworkError {
    NotANetwork,
    WrongLength { expected: usize, found: usize },
}

impl fmt::Display for NetworkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetworkError::NotANetwork => write!(f, "not a Guard & Towers network file (bad magic)"),
            NetworkError::WrongLength { expected, found } => write!(
                f,
                "a network file of this format has {expected} bytes, this one {found}"
            ),
        }
    }
}

impl std::error::Error for NetworkError {}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Network({HIDDEN} hidden)")
    }
}

impl Network {
    /// The network embedded in the engine.
    pub fn embedded() -> &'static Network {
        static NETWORK: OnceLock<Network> = OnceLock::new();
        NETWORK.get_or_init(|| {
            Network::from_bytes(EMBEDDED).expect("the embedded network is well-formed")
        })
    }

    /// A network from its parts (the trainer's quantised weights).
    pub fn from_parts(
        feature_weights: Vec<[i16; HIDDEN]>,
        hidden_bias: [i16; HIDDEN],
        output_weights: [i16; 2 * HIDDEN],
        output_bias: i32,
    ) -> Network {
        assert_eq!(feature_weights.len(), FEATURES, "one row per feature");
        Network {
            feature_weights: feature_weights.into_boxed_slice(),
            hidden_bias,
            output_weights,
            output_bias,
        }
    }

    /// Reads a network file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        if !bytes.starts_with(MAGIC) {
            return Err(NetworkError::NotANetwork);
        }
        if bytes.len() != FILE_LEN {
            return Err(NetworkError::WrongLength {
                expected: FILE_LEN,
                found: bytes.len(),
            });
        }
        let mut words = bytes[MAGIC.len()..FILE_LEN - 4]
            .chunks_exact(2)
            .map(|pair| i16::from_le_bytes([pair[0], pair[1]]));
        let mut row = || -> [i16; HIDDEN] { std::array::from_fn(|_| words.next().unwrap_or(0)) };
        let feature_weights = (0..FEATURES).map(|_| row()).collect();
        let hidden_bias = row();
        let (own, other) = (row(), row());
        let mut output_weights = [0; 2 * HIDDEN];
        output_weights[..HIDDEN].copy_from_slice(&own);
        output_weights[HIDDEN..].copy_from_slice(&other);
        let tail: [u8; 4] = bytes[FILE_LEN - 4..].try_into().expect("four bytes");
        Ok(Network::from_parts(
            feature_weights,
            hidden_bias,
            output_weights,
            i32::from_le_bytes(tail),
        ))
    }

    /// The network file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(FILE_LEN);
        bytes.extend_from_slice(MAGIC);
        let words = self
            .feature_weights
            .iter()
            .flatten()
            .chain(&self.hidden_bias)
            .chain(&self.output_weights);
        for word in words {
            bytes.extend_from_slice(&word.to_le_bytes());
        }
        bytes.extend_from_slice(&self.output_bias.to_le_bytes());
        bytes
    }

    /// The hidden layer of one side: its bias plus the rows of its features.
    fn accumulate(&self, position: &Position, side: Color) -> [i16; HIDDEN] {
        let mut sums = self.hidden_bias;
        for &feature in active_features(position, side).as_slice() {
            add(&mut sums, &self.feature_weights[feature as usize]);
        }
        sums
    }

    /// Both sides' hidden layers, summed afresh.
    pub fn accumulator(&self, position: &Position) -> Accumulator {
        Accumulator {
            sides: Color::ALL.map(|side| self.accumulate(position, side)),
        }
    }

    /// The hidden layers after `mv`, from those before it (`accumulator`),
    /// written into `next` (the search's stack of hidden layers, without a
    /// copy). Only the two squares the move touches change, so at most four
    /// rows a side are taken out or put in instead of all sixteen: the old
    /// pieces' rows go, the new ones' come.
    #[inline]
    pub fn update_into(
        &self,
        next: &mut Accumulator,
        accumulator: &Accumulator,
        before: &Position,
        mv: Move,
        after: &Position,
    ) {
        let squares = [mv.from(), mv.to()];
        let (old, new) = (
            squares.map(|square| before.piece_at(square)),
            squares.map(|square| after.piece_at(square)),
        );
        let rows = |pieces: [Option<Piece>; 2]| {
            Color::ALL.map(|side| {
                [0, 1].map(|at| match pieces[at] {
                    Some(piece) => &self.feature_weights[feature(side, piece, squares[at])],
                    None => &simd::ZERO,
                })
            })
        };
        simd::apply(&mut next.sides, &accumulator.sides, rows(old), rows(new));
    }

    /// The evaluation, in centi-stones from `side_to_move`'s view, of the
    /// position whose hidden layers are `accumulator`.
    pub fn evaluate_accumulated(&self, accumulator: &Accumulator, side_to_move: Color) -> i32 {
        let own = &accumulator.sides[side_to_move.index()];
        let other = &accumulator.sides[(!side_to_move).index()];
        let (own_weights, other_weights) = self.output_weights.split_at(HIDDEN);
        // In 64 bits: both sides' sum fits 32 (2 · 64 · 255 · 32768), but
        // not with any bias a file may hold, times SCALE.
        let weights = [row_of(own_weights), row_of(other_weights)];
        let sum = i64::from(simd::clipped_dot([own, other], weights)) + i64::from(self.output_bias);
        // Within the search's ordinary scores, whatever the weights.
        (sum * i64::from(SCALE) / i64::from(QA * QB)).clamp(-LIMIT, LIMIT) as i32
    }

    /// The evaluation of `position` in centi-stones from the side to move's
    /// point of view.
    pub fn evaluate(&self, position: &Position) -> i32 {
        self.evaluate_accumulated(&self.accumulator(position), position.side_to_move())
    }
}

/// The hidden layer's sums of both sides, Red's view first, for one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Accumulator {
    sides: [[i16; HIDDEN]; 2],
}

#[inline(always)]
fn add(sums: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (sum, weight) in sums.iter_mut().zip(row) {
        *sum = sum.wrapping_add(*weight);
    }
}

/// Half of the output weights as one side's row.
fn row_of(weights: &[i16]) -> &Row {
    weights.try_into().expect("HIDDEN output weights a side")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_network_round_trips_through_its_file_form() {
        let network = Network::embedded();
        assert_eq!(
            Network::from_bytes(&network.to_bytes()).as_ref(),
            Ok(network)
        );
    }

    /// The hidden layers carried move by move equal those summed afresh,
    /// along games of random moves.
    #[test]
    fn updated_accumulators_equal_fresh_ones() {
        let network = Network::embedded();
        let mut state = 0x2026_1204_u64;
        for _ in 0..50 {
            let mut position = Position::start();
            let mut accumulator = network.accumulator(&position);
            for _ in 0..80 {
                let moves = position.legal_moves();
                if moves.is_empty() || position.is_decided() {
                    break;
                }
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let mv = moves[(state >> 33) as usize % moves.len()];
                let next = position.play(mv);
                let before = accumulator;
                network.update_into(&mut accumulator, &before, &position, mv, &next);
                assert_eq!(
                    accumulator,
                    network.accumulator(&next),
                    "after {mv} from {position}"
                );
                position = next;
            }
        }
    }

    #[test]
    fn bad_files_are_refused_with_the_reason() {
        assert_eq!(
            Network::from_bytes(b"nonsense").unwrap_err(),
            NetworkError::NotANetwork
        );
        let short = &EMBEDDED[..100];
        assert_eq!(
            Network::from_bytes(short).unwrap_err(),
            NetworkError::WrongLength {
                expected: FILE_LEN,
                found: 100
            }
        );
    }
}
