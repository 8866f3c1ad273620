//! Bulk draws: [`Prng::fill`] and [`Prng::fill_float01`].
//!
//! **Contract.** `p.fill(out)` writes exactly what `for w in out { *w =
//! p.next_u64() }` writes and leaves `p` in the state that loop leaves; the
//! same for `fill_float01` and [`next_float01`](Prng::next_float01).
//!
//! **How.** One xorshift128+ stream is a dependency chain: each step needs
//! the previous one, so a single stream cannot use the vector units. But the
//! state map is linear over GF(2) (see [`jump`](super::jump)): the state
//! `j · S` draws ahead is `q_j(M) · state` with the constant residue
//! `q_j = x^(j·S) mod p`. A long fill therefore runs in **rounds** of
//! [`LANES`]` · S` words: it places [`LANES`] lanes at offsets 0, S, 2S, … of the
//! stream (all eight Horner evaluations at once, 128 vectorised steps), then
//! steps the eight independent lanes side by side for S steps, each lane
//! writing its own stretch of the output. The last lane ends exactly where
//! the round ends, so its state is the stream's state afterwards. The
//! per-lane stride S is a power of two from 2^[`MIN_STRIDE_LOG2`] to
//! 2^[`MAX_STRIDE_LOG2`] (the largest that fits the remaining output); the
//! residues for every stride are computed at compile time.
//!
//! **Threshold.** Placing the lanes takes 128 steps of all eight lanes,
//! about what producing 1024 words in lanes takes. At 1024 words (one round
//! at the smallest stride) a lane fill is still about twice as fast as the
//! loop; below that the gain fades, so a fill shorter than
//! [`LANE_THRESHOLD`] runs the plain single-step loop, and so does what is
//! left after the last round (fewer than 1024 words).
//!
//! **Kernels.** On x86_64 with `std`, when the CPU has AVX2, the rounds run
//! `laige::fill_avx2`: two groups of four lanes in AVX2 registers with a
//! 4 × 4 transpose per group so that each lane's words are stored four at a
//! time. Elsewhere they run the portable kernel below (the lanes stepped
//! into a row buffer, which LLVM vectorises, and copied out per lane). Both
//! are integer code and agree bit for bit; the tests compare each with
//! single steps and with each other.

use super::lanes::{
    place_lanes, LaneJumps, LANES, LANE_JUMPS, LANE_THRESHOLD, MAX_STRIDE_LOG2, MIN_STRIDE_LOG2,
};
use super::{step_state, Prng, FLOAT01_UNIT};

/// [`Prng::fill`]'s map of a draw: the draw itself.
#[inline(always)]
fn identity(w: u64) -> u64 {
    w
}

/// [`Prng::next_float01`]'s map of a draw.
#[inline(always)]
pub(super) fn float01_of_word(w: u64) -> f32 {
    (w >> 40) as f32 * FLOAT01_UNIT
}

/// Steps a lane takes between copies of the row buffer to the output.
const BATCH: usize = 16;

/// One round, portable: place the lanes by `jumps` from `state`, step them
/// `out.len() / LANES` times each, lane j writing `out[j·S .. (j+1)·S]`
/// through `map`; return the state after the round (lane 7's, which ends
/// where the round ends). `out.len()` is `LANES · S` with S a multiple of
/// [`BATCH`].
///
/// The lanes are stepped side by side into a row buffer (`rows[b][j]`: lane
/// j at step b), which LLVM vectorises; the copy of each column to its lane's
/// stretch is scalar. The AVX2 kernel (`fill_avx2`) transposes in registers
/// instead.
#[inline(always)]
fn round_kernel<T: Copy + Default, F: Fn(u64) -> T>(
    state: (u64, u64),
    jumps: &LaneJumps,
    out: &mut [T],
    map: F,
) -> (u64, u64) {
    let stride = out.len() / LANES;
    debug_assert!(stride.is_multiple_of(BATCH) && stride * LANES == out.len());
    let (mut a1, mut a2) = place_lanes(state, jumps);
    let mut rows = [[T::default(); LANES]; BATCH];
    for k0 in (0..stride).step_by(BATCH) {
        for row in rows.iter_mut() {
            for j in 0..LANES {
                let (n1, n2) = step_state(a1[j], a2[j]);
                a1[j] = n1;
                a2[j] = n2;
                row[j] = map(n2.wrapping_add(n1));
            }
        }
        for (j, lane_out) in out.chunks_exact_mut(stride).enumerate() {
            for (o, row) in lane_out[k0..k0 + BATCH].iter_mut().zip(&rows) {
                *o = row[j];
            }
        }
    }
    (a1[LANES - 1], a2[LANES - 1])
}

/// A round: `(state, lane jumps, out) -> state after the round`.
type Round<T> = fn((u64, u64), &LaneJumps, &mut [T]) -> (u64, u64);

/// A round writing raw draws: the AVX2 kernel when the CPU has AVX2, else
/// the portable one.
fn round_u64(state: (u64, u64), jumps: &LaneJumps, out: &mut [u64]) -> (u64, u64) {
    #[cfg(all(feature = "std", target_arch = "x86_64"))]
    if let Some(end) = super::fill_avx2::round_u64(state, jumps, out) {
        return end;
    }
    round_kernel(state, jumps, out, identity)
}

/// A round writing [`Prng::next_float01`] values; dispatched as [`round_u64`].
fn round_f32(state: (u64, u64), jumps: &LaneJumps, out: &mut [f32]) -> (u64, u64) {
    #[cfg(all(feature = "std", target_arch = "x86_64"))]
    if let Some(end) = super::fill_avx2::round_f32(state, jumps, out) {
        return end;
    }
    round_kernel(state, jumps, out, float01_of_word)
}

impl Prng {
    /// Fill `out` with the next `out.len()` draws: bit for bit what as many
    /// [`next_u64`](Self::next_u64) calls return, leaving the state those
    /// calls leave.
    ///
    /// Fills of [`LANE_THRESHOLD`] words or more run several stretches of the
    /// stream at once (lanes placed by jump-ahead, see the module docs of
    /// `laige::fill`), several times faster per word than `next_u64`;
    /// shorter fills run the plain loop.
    ///
    /// ```
    /// use bitexact::laige::Prng;
    ///
    /// let mut a = Prng::new(7);
    /// let mut b = a;
    /// let mut words = vec![0u64; 5000];
    /// a.fill(&mut words);
    /// assert!(words.iter().all(|&w| w == b.next_u64()));
    /// assert_eq!(a, b);
    /// ```
    pub fn fill(&mut self, out: &mut [u64]) {
        self.fill_with(out, round_u64, identity);
    }

    /// Fill `out` with [`next_float01`](Self::next_float01) draws,
    /// `(w >> 40) · 2^-24`, one draw each; the same state afterwards. Uses
    /// lanes as [`fill`](Self::fill) does.
    pub fn fill_float01(&mut self, out: &mut [f32]) {
        self.fill_with(out, round_f32, float01_of_word);
    }

    /// Rounds of `round` while the output is long enough, then single steps
    /// through `map`.
    #[inline(always)]
    fn fill_with<T>(&mut self, mut out: &mut [T], round: Round<T>, map: fn(u64) -> T) {
        while out.len() >= LANE_THRESHOLD {
            // The largest stride whose round fits.
            let e = (out.len() / LANES).ilog2().min(MAX_STRIDE_LOG2);
            let (head, rest) = core::mem::take(&mut out).split_at_mut(LANES << e);
            let jumps = &LANE_JUMPS[(e - MIN_STRIDE_LOG2) as usize];
            (self.part1, self.part2) = round((self.part1, self.part2), jumps, head);
            out = rest;
        }
        for o in out {
            *o = map(self.next_u64());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::laige::jump::jump_state;

    /// The portable kernel (the dispatcher's fallback) against single steps.
    #[test]
    fn portable_round_matches_single_steps() {
        let start = Prng::new(99);
        let mut out = [0u64; LANE_THRESHOLD];
        let state = round_kernel(
            (start.part1, start.part2),
            &LANE_JUMPS[0],
            &mut out,
            identity,
        );
        let mut p = start;
        for (i, &w) in out.iter().enumerate() {
            assert_eq!(w, p.next_u64(), "word {i}");
        }
        assert_eq!(state, (p.part1, p.part2));
        assert_eq!(
            state,
            jump_state(start.part1, start.part2, LANE_THRESHOLD as u128)
        );
    }

    /// The dispatched rounds (the AVX2 kernel on a machine with AVX2)
    /// against the portable kernel, at every stride.
    #[test]
    fn dispatched_rounds_match_the_portable_kernel() {
        let start = Prng::new(0xabcd);
        let state = (start.part1, start.part2);
        for (k, jumps) in LANE_JUMPS.iter().enumerate() {
            let len = LANES << (MIN_STRIDE_LOG2 + k as u32);
            let (mut portable, mut dispatched) = (std::vec![0u64; len], std::vec![0u64; len]);
            let a = round_kernel(state, jumps, &mut portable, identity);
            let b = round_u64(state, jumps, &mut dispatched);
            assert_eq!(
                (a, &portable),
                (b, &dispatched),
                "u64, stride log2 {}",
                k + 7
            );
            let (mut portable, mut dispatched) = (std::vec![0f32; len], std::vec![0f32; len]);
            let a = round_kernel(state, jumps, &mut portable, float01_of_word);
            let b = round_f32(state, jumps, &mut dispatched);
            assert_eq!(a, b, "f32 state, stride log2 {}", k + 7);
            assert!(
                portable
                    .iter()
                    .zip(&dispatched)
                    .all(|(x, y)| x.to_bits() == y.to_bits()),
                "f32, stride log2 {}",
                k + 7
            );
        }
    }
}
