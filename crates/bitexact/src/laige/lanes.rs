//! The lanes of a bulk fill ([`super::fill`]): how many, their strides,
//! the residues that place them ([`LaneJumps`], computed at compile time)
//! and their placement by Horner's rule ([`place_lanes`]), shared by the
//! portable kernel and the AVX2 one.

use super::jump::{jump_residue, mul_mod};
use super::step_state;

/// Independent lanes a round steps side by side.
pub const LANES: usize = 8;
/// log2 of the smallest per-lane stride (128 words).
pub const MIN_STRIDE_LOG2: u32 = 7;
/// log2 of the largest per-lane stride (4096 words).
pub const MAX_STRIDE_LOG2: u32 = 12;
/// The shortest fill that uses lanes: one round at the smallest stride
/// (`LANES · 2^MIN_STRIDE_LOG2` = 1024 words). Shorter fills, and the tail of
/// a longer one, run the single-step loop.
pub const LANE_THRESHOLD: usize = LANES << MIN_STRIDE_LOG2;

pub(super) const STRIDES: usize = (MAX_STRIDE_LOG2 - MIN_STRIDE_LOG2 + 1) as usize;

/// The lane residues of one stride S: `x^(j·S) mod p` for `j = 0..LANES`,
/// split into low and high 64-bit halves (lane-major, for vector loads).
#[derive(Clone, Copy)]
pub(crate) struct LaneJumps {
    pub(crate) lo: [u64; LANES],
    pub(crate) hi: [u64; LANES],
}

const fn lane_jumps(stride_log2: u32) -> LaneJumps {
    let step = jump_residue(1 << stride_log2);
    let mut lo = [0u64; LANES];
    let mut hi = [0u64; LANES];
    let mut q = 1u128; // x^0
    let mut j = 0;
    while j < LANES {
        lo[j] = q as u64;
        hi[j] = (q >> 64) as u64;
        q = mul_mod(q, step);
        j += 1;
    }
    LaneJumps { lo, hi }
}

/// `LANE_JUMPS[e - MIN_STRIDE_LOG2]` places the lanes of stride 2^e.
pub(super) static LANE_JUMPS: [LaneJumps; STRIDES] = {
    let mut t = [LaneJumps {
        lo: [0; LANES],
        hi: [0; LANES],
    }; STRIDES];
    let mut e = 0;
    while e < STRIDES {
        t[e] = lane_jumps(MIN_STRIDE_LOG2 + e as u32);
        e += 1;
    }
    t
};

/// Place the lanes of a round: lane j = `q_j(M) · state` with `q_j` the
/// residues of `jumps`, by Horner's rule on all lanes at once (128 steps).
/// Returns the lanes' `(part1, part2)` words.
#[inline(always)]
pub(super) fn place_lanes(state: (u64, u64), jumps: &LaneJumps) -> ([u64; LANES], [u64; LANES]) {
    let (s1, s2) = state;
    let mut a1 = [0u64; LANES];
    let mut a2 = [0u64; LANES];
    for i in (0..128u32).rev() {
        let (words, shift) = if i >= 64 {
            (&jumps.hi, i - 64)
        } else {
            (&jumps.lo, i)
        };
        for j in 0..LANES {
            let (n1, n2) = step_state(a1[j], a2[j]);
            let m = ((words[j] >> shift) & 1).wrapping_neg();
            a1[j] = n1 ^ (s1 & m);
            a2[j] = n2 ^ (s2 & m);
        }
    }
    (a1, a2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lane_tables_are_the_jumps_of_their_strides() {
        for (k, t) in LANE_JUMPS.iter().enumerate() {
            let stride = 1u128 << (MIN_STRIDE_LOG2 + k as u32);
            for j in 0..LANES {
                let q = u128::from(t.lo[j]) | (u128::from(t.hi[j]) << 64);
                assert_eq!(
                    q,
                    jump_residue(stride * j as u128),
                    "stride {stride}, lane {j}"
                );
            }
        }
    }
}
