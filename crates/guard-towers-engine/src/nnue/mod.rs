//! A learned evaluation: an efficiently updatable neural network (NNUE).
//!
//! The input is one feature per piece a side sees on the board (its
//! [`features`]): 16 kinds of piece (own towers of 1–7 stones, own guard,
//! enemy towers of 1–7, enemy guard) on 49 squares, seen from each side
//! with the board turned so that the side's own castle is on rank 1. A
//! position has at most 16 pieces, so at most 16 of the 784 features are
//! on. One hidden layer of [`HIDDEN`] neurons per side (the accumulator)
//! feeds a single output through a clipped ReLU; weights are 16-bit
//! integers and the sums 32-bit, so inference is integer only. The search
//! carries the hidden layer ([`Accumulator`]) from a position to the next,
//! changing only the rows of the (at most two) squares a move touches.
//!
//! The net in use is embedded in the binary ([`Network::embedded`]); the
//! trainer (crate `guard-towers-nnue`) makes it from the engine's own games,
//! as `docs/nnue.md` describes.

mod features;
mod network;
mod simd;

pub use features::{active_features, feature, mirror_file, Features, FEATURES, MAX_ACTIVE};
pub use network::{Accumulator, Network, NetworkError, HIDDEN, QA, QB, SCALE};
