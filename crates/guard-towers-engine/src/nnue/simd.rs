//! The inference's two inner loops: a hidden layer updated by a move's
//! rows, and the output layer's clipped dot product. With AVX2 where the
//! processor has it, chosen at run time (the build targets x86-64-v2,
//! which lacks it, so that the binary runs on every x86-64 CPU since about
//! 2009); elsewhere portable code, which the compiler vectorises for SSE.
//! Both give the same integers: the kernels are tested against each other.

use super::network::{HIDDEN, QA};

/// One side's hidden layer, or one feature's row of weights.
pub type Row = [i16; HIDDEN];

/// A row of zeros: what a move that touches fewer rows removes or adds.
pub static ZERO: Row = [0; HIDDEN];

/// Two rows for each side: what a move takes out of, or puts into, both
/// sides' hidden layers.
pub type Rows<'a> = [[&'a Row; 2]; 2];

/// Both sides' hidden layers after a move, from those before it: for each
/// side `s`, `into[s]` = `from[s]` − Σ `removed[s]` + Σ `added[s]`, lane by
/// lane, wrapping. Always two rows each way ([`ZERO`] for none), so that
/// no branch depends on the move; both sides in one call, so that a move
/// pays the processor check and the call once.
#[inline]
pub fn apply(into: &mut [Row; 2], from: &[Row; 2], removed: Rows, added: Rows) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2, checked just now.
        return unsafe { avx2::apply(into, from, removed, added) };
    }
    portable::apply(into, from, removed, added)
}

/// Σ clip(a, 0, QA) · w over both layers (`activations[s]` with
/// `weights[s]`), in 32 bits (2 · 64 · 255 · 32767 fits).
#[inline]
pub fn clipped_dot(activations: [&Row; 2], weights: [&Row; 2]) -> i32 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2, checked just now.
        return unsafe { avx2::clipped_dot(activations, weights) };
    }
    portable::clipped_dot(activations, weights)
}

pub(super) mod portable {
    use super::{Row, Rows, QA};

    #[inline(always)]
    pub fn apply(into: &mut [Row; 2], from: &[Row; 2], removed: Rows, added: Rows) {
        for side in 0..2 {
            let (removed, added) = (removed[side], added[side]);
            for lane in 0..into[side].len() {
                into[side][lane] = from[side][lane]
                    .wrapping_sub(removed[0][lane])
                    .wrapping_sub(removed[1][lane])
                    .wrapping_add(added[0][lane])
                    .wrapping_add(added[1][lane]);
            }
        }
    }

    #[inline(always)]
    pub fn clipped_dot(activations: [&Row; 2], weights: [&Row; 2]) -> i32 {
        activations
            .iter()
            .zip(weights)
            .flat_map(|(activations, weights)| activations.iter().zip(weights))
            .map(|(&a, &w)| i32::from(a.clamp(0, QA as i16)) * i32::from(w))
            .sum()
    }
}

#[cfg(target_arch = "x86_64")]
pub(super) mod avx2 {
    use std::arch::x86_64::*;

    use super::{Row, Rows, HIDDEN, QA};

    /// 16 lanes of 16 bits to a register: a layer is four registers.
    const LANES: usize = 16;
    const CHUNKS: usize = HIDDEN / LANES;
    const _: () = assert!(HIDDEN.is_multiple_of(LANES));

    /// Each register's lanes take all four rows before they are stored.
    ///
    /// # Safety
    /// The processor must have AVX2.
    #[target_feature(enable = "avx2")]
    pub unsafe fn apply(into: &mut [Row; 2], from: &[Row; 2], removed: Rows, added: Rows) {
        for side in 0..2 {
            let (removed, added) = (removed[side], added[side]);
            for chunk in 0..CHUNKS {
                let at = chunk * LANES;
                // SAFETY: chunk < CHUNKS, so the 16 lanes read and written
                // lie in each row; loadu and storeu need no alignment.
                unsafe {
                    let load = |row: &Row| _mm256_loadu_si256(row.as_ptr().add(at).cast());
                    let sum = _mm256_sub_epi16(load(&from[side]), load(removed[0]));
                    let sum = _mm256_sub_epi16(sum, load(removed[1]));
                    let sum = _mm256_add_epi16(sum, load(added[0]));
                    let sum = _mm256_add_epi16(sum, load(added[1]));
                    _mm256_storeu_si256(into[side].as_mut_ptr().add(at).cast(), sum);
                }
            }
        }
    }

    /// Clipped in 16 bits, then multiplied and summed in pairs into 32-bit
    /// lanes (`madd`), then the lanes added.
    ///
    /// # Safety
    /// The processor must have AVX2.
    #[target_feature(enable = "avx2")]
    pub unsafe fn clipped_dot(activations: [&Row; 2], weights: [&Row; 2]) -> i32 {
        let zero = _mm256_setzero_si256();
        let ceiling = _mm256_set1_epi16(QA as i16);
        let mut total = _mm256_setzero_si256();
        for (activations, weights) in activations.into_iter().zip(weights) {
            for chunk in 0..CHUNKS {
                // SAFETY: chunk < CHUNKS, within both rows.
                let (a, w) = unsafe {
                    (
                        _mm256_loadu_si256(activations.as_ptr().add(chunk * LANES).cast()),
                        _mm256_loadu_si256(weights.as_ptr().add(chunk * LANES).cast()),
                    )
                };
                let clipped = _mm256_min_epi16(_mm256_max_epi16(a, zero), ceiling);
                total = _mm256_add_epi32(total, _mm256_madd_epi16(clipped, w));
            }
        }
        let halves = _mm_add_epi32(
            _mm256_castsi256_si128(total),
            _mm256_extracti128_si256::<1>(total),
        );
        let pairs = _mm_add_epi32(halves, _mm_shuffle_epi32::<0b01_00_11_10>(halves));
        let single = _mm_add_epi32(pairs, _mm_shuffle_epi32::<0b10_11_00_01>(pairs));
        _mm_cvtsi128_si32(single)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn random_rows(seed: u64, count: usize) -> Vec<Row> {
        let mut state = seed;
        (0..count)
            .map(|_| {
                std::array::from_fn(|_| {
                    state = state
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    (state >> 48) as i16
                })
            })
            .collect()
    }

    /// The kernels agree on rows of any values: negative and above QA
    /// (clipped), and sums that wrap.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn avx2_and_portable_kernels_give_the_same_integers() {
        if !std::arch::is_x86_feature_detected!("avx2") {
            eprintln!("this processor has no AVX2: only the portable kernels run");
            return;
        }
        for seed in 0..200 {
            let rows = random_rows(seed, 8);
            let rows: Vec<&Row> = rows.iter().chain([&ZERO]).collect();
            let from = [*rows[0], *rows[7]];
            for (removed, added) in [
                (
                    [[rows[1], rows[2]], [rows[4], rows[3]]],
                    [[rows[3], rows[4]], [rows[5], rows[6]]],
                ),
                (
                    [[rows[1], rows[8]], [rows[8], rows[2]]],
                    [[rows[8], rows[4]], [rows[6], rows[8]]],
                ),
                (
                    [[rows[8], rows[8]], [rows[8], rows[8]]],
                    [[rows[8], rows[8]], [rows[8], rows[8]]],
                ),
            ] {
                let (mut simd, mut portable) = ([[0; HIDDEN]; 2], [[0; HIDDEN]; 2]);
                // SAFETY: AVX2 checked above.
                unsafe { avx2::apply(&mut simd, &from, removed, added) };
                portable::apply(&mut portable, &from, removed, added);
                assert_eq!(simd, portable, "seed {seed}");
            }
            let (activations, weights) = ([rows[0], rows[1]], [rows[2], rows[3]]);
            // SAFETY: AVX2 checked above.
            let simd = unsafe { avx2::clipped_dot(activations, weights) };
            assert_eq!(
                simd,
                portable::clipped_dot(activations, weights),
                "seed {seed}"
            );
        }
    }

    #[test]
    fn a_row_added_and_removed_leaves_the_layers() {
        let rows = random_rows(7, 3);
        let from = [rows[0], rows[1]];
        let mut into = [[0; HIDDEN]; 2];
        let removed = [[&rows[2], &ZERO], [&ZERO, &rows[2]]];
        apply(&mut into, &from, removed, removed);
        assert_eq!(into, from);
    }

    #[test]
    fn the_dot_clips_activations_to_zero_and_qa() {
        let mut activations = [0i16; HIDDEN];
        activations[0] = -100;
        activations[1] = 1000;
        activations[2] = 7;
        let weights = [2i16; HIDDEN];
        let other = [-3i16; HIDDEN];
        assert_eq!(
            clipped_dot([&activations, &activations], [&weights, &other]),
            (2 - 3) * (QA + 7)
        );
    }
}
