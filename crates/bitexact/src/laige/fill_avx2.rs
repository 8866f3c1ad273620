//! The AVX2 round of [`Prng::fill`](super::Prng::fill) (x86_64 with `std`).
//!
//! Same contract as the portable round in `laige::fill`: place eight lanes
//! at offsets 0, S, …, 7S of the stream, step them S times, lane j writing
//! `out[j·S .. (j+1)·S]`, and return lane 7's final state. What differs is
//! the output path: the portable kernel steps the lanes into a row buffer
//! and copies each column out word by word (LLVM does not turn that copy
//! into shuffles reliably), while this one steps two groups of four lanes
//! in `__m256i` registers, four steps at a time, transposes each 4 × 4 block
//! in registers (`unpack` + `permute2x128`) and stores four consecutive
//! words of a lane with one unaligned store.
//!
//! The arithmetic is the same integer arithmetic (shifts, XORs, wrapping
//! adds; the f32 map converts integers below 2^24, exactly), so the two
//! kernels agree bit for bit; the tests check this kernel against single
//! steps and against the portable kernel.
//!
//! Safety: the `#[target_feature(enable = "avx2")]` functions are reached
//! only through [`round_u64`] / [`round_f32`], which check
//! `Isa::Avx2.allowed()` (the CPU has AVX2, and `BITEXACT_MAX_ISA` does not
//! cap it) first. The only other `unsafe` is the
//! two store helpers, each writing one vector into an exclusively borrowed
//! array of exactly the vector's size.

use core::arch::x86_64::{
    __m128, __m256i, _mm256_add_epi64, _mm256_castsi256_si128, _mm256_permute2x128_si256,
    _mm256_permutevar8x32_epi32, _mm256_set_epi32, _mm256_set_epi64x, _mm256_slli_epi64,
    _mm256_srli_epi64, _mm256_storeu_si256, _mm256_unpackhi_epi64, _mm256_unpacklo_epi64,
    _mm256_xor_si256, _mm_cvtepi32_ps, _mm_mul_ps, _mm_set1_ps, _mm_storeu_ps,
};

use super::lanes::{place_lanes, LaneJumps, LANES};
use super::FLOAT01_UNIT;
use crate::simd::Isa;

/// [`round_kernel_u64`] when the CPU has AVX2; `None` (nothing written)
/// otherwise.
pub(super) fn round_u64(
    state: (u64, u64),
    jumps: &LaneJumps,
    out: &mut [u64],
) -> Option<(u64, u64)> {
    if !Isa::Avx2.allowed() {
        return None;
    }
    // SAFETY: the CPU supports AVX2 (`allowed` checked it just above), the
    // only requirement of calling a `#[target_feature(enable = "avx2")]`
    // function.
    #[allow(unsafe_code)]
    let end = unsafe { round_kernel_u64(state, jumps, out) };
    Some(end)
}

/// [`round_kernel_f32`] when the CPU has AVX2; `None` (nothing written)
/// otherwise.
pub(super) fn round_f32(
    state: (u64, u64),
    jumps: &LaneJumps,
    out: &mut [f32],
) -> Option<(u64, u64)> {
    if !Isa::Avx2.allowed() {
        return None;
    }
    // SAFETY: as in `round_u64`: AVX2 was just detected.
    #[allow(unsafe_code)]
    let end = unsafe { round_kernel_f32(state, jumps, out) };
    Some(end)
}

/// Four lanes' `(part1, part2)`.
#[derive(Clone, Copy)]
struct Group {
    p1: __m256i,
    p2: __m256i,
}

impl Group {
    /// Lanes `4g .. 4g + 4` of the placed lanes.
    #[target_feature(enable = "avx2")]
    fn load(a1: &[u64; LANES], a2: &[u64; LANES], g: usize) -> Group {
        let v = |a: &[u64; LANES]| {
            let w = |j: usize| a[4 * g + j] as i64;
            _mm256_set_epi64x(w(3), w(2), w(1), w(0))
        };
        Group {
            p1: v(a1),
            p2: v(a2),
        }
    }

    /// One xorshift128+ step of the four lanes; returns their outputs
    /// (`part2 + part1` of the new state).
    #[target_feature(enable = "avx2")]
    #[inline]
    fn step(&mut self) -> __m256i {
        let t = _mm256_xor_si256(self.p1, _mm256_slli_epi64::<23>(self.p1));
        let n = _mm256_xor_si256(
            _mm256_xor_si256(t, self.p2),
            _mm256_xor_si256(_mm256_srli_epi64::<18>(t), _mm256_srli_epi64::<5>(self.p2)),
        );
        self.p1 = self.p2;
        self.p2 = n;
        _mm256_add_epi64(n, self.p1)
    }

    /// Four steps, transposed: element j of the result is lane j's next four
    /// outputs in order.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn four_steps(&mut self) -> [__m256i; 4] {
        let r0 = self.step();
        let r1 = self.step();
        let r2 = self.step();
        let r3 = self.step();
        let t0 = _mm256_unpacklo_epi64(r0, r1); // r0[0] r1[0] r0[2] r1[2]
        let t1 = _mm256_unpackhi_epi64(r0, r1); // r0[1] r1[1] r0[3] r1[3]
        let t2 = _mm256_unpacklo_epi64(r2, r3); // r2[0] r3[0] r2[2] r3[2]
        let t3 = _mm256_unpackhi_epi64(r2, r3); // r2[1] r3[1] r2[3] r3[3]
        [
            _mm256_permute2x128_si256::<0x20>(t0, t2),
            _mm256_permute2x128_si256::<0x20>(t1, t3),
            _mm256_permute2x128_si256::<0x31>(t0, t2),
            _mm256_permute2x128_si256::<0x31>(t1, t3),
        ]
    }

    /// Lane 3's `(part1, part2)`.
    #[target_feature(enable = "avx2")]
    fn last_lane(&self) -> (u64, u64) {
        let hi = |v: __m256i| {
            let mut w = [0u64; 4];
            store_u64x4(&mut w, v);
            w[3]
        };
        (hi(self.p1), hi(self.p2))
    }
}

/// Store four u64 into `dst`.
#[target_feature(enable = "avx2")]
#[inline]
fn store_u64x4(dst: &mut [u64; 4], v: __m256i) {
    // SAFETY: `dst` is an exclusively borrowed `[u64; 4]`, i.e. 32 writable
    // bytes, exactly what `_mm256_storeu_si256` writes; the unaligned store
    // has no alignment requirement; AVX2 is enabled for this function.
    #[allow(unsafe_code)]
    unsafe {
        _mm256_storeu_si256(dst.as_mut_ptr().cast::<__m256i>(), v)
    }
}

/// Store four f32 into `dst`.
#[target_feature(enable = "avx2")]
#[inline]
fn store_f32x4(dst: &mut [f32; 4], v: __m128) {
    // SAFETY: `dst` is an exclusively borrowed `[f32; 4]`, 16 writable
    // bytes, exactly what `_mm_storeu_ps` writes (unaligned store).
    #[allow(unsafe_code)]
    unsafe {
        _mm_storeu_ps(dst.as_mut_ptr(), v)
    }
}

/// `next_float01` of four draws: `(w >> 40) as f32 · 2^-24`. The shifted
/// values are below 2^24, so the i32 conversion is exact, as is the scaling
/// by a power of two: the same value as the scalar map.
#[target_feature(enable = "avx2")]
#[inline]
fn float01x4(w: __m256i) -> __m128 {
    let k = _mm256_srli_epi64::<40>(w);
    // Gather the low 32 bits of the four 64-bit lanes into the low half.
    let packed = _mm256_permutevar8x32_epi32(k, _mm256_set_epi32(7, 5, 3, 1, 6, 4, 2, 0));
    _mm_mul_ps(
        _mm_cvtepi32_ps(_mm256_castsi256_si128(packed)),
        _mm_set1_ps(FLOAT01_UNIT),
    )
}

/// The eight lanes' output stretches, as arrays of four words.
fn split_lanes<T>(out: &mut [T]) -> [&mut [[T; 4]]; LANES] {
    let stride = out.len() / LANES;
    // Every caller passes LANES lanes of a power-of-two stride >= 128.
    debug_assert!(
        out.len().is_multiple_of(LANES) && stride.is_multiple_of(4),
        "a ragged lane split would drop words"
    );
    let mut rest = out;
    core::array::from_fn(|_| {
        let (lane, tail) = core::mem::take(&mut rest).split_at_mut(stride);
        rest = tail;
        lane.as_chunks_mut::<4>().0
    })
}

/// The AVX2 round: the lanes placed, stepped four steps at a time, and
/// each lane's next four outputs (one `__m256i`) handed to `store` with
/// that lane's next four-word slot of `out`. `out.len()` is `LANES · S`,
/// S a multiple of 4. Returns lane 7's final state.
#[target_feature(enable = "avx2")]
#[inline]
fn round_kernel<T>(
    state: (u64, u64),
    jumps: &LaneJumps,
    out: &mut [T],
    store: impl Fn(&mut [T; 4], __m256i),
) -> (u64, u64) {
    let (a1, a2) = place_lanes(state, jumps);
    let (mut g0, mut g1) = (Group::load(&a1, &a2, 0), Group::load(&a1, &a2, 1));
    let [o0, o1, o2, o3, o4, o5, o6, o7] = split_lanes(out);
    for k in 0..o0.len() {
        let a = g0.four_steps();
        let b = g1.four_steps();
        store(&mut o0[k], a[0]);
        store(&mut o1[k], a[1]);
        store(&mut o2[k], a[2]);
        store(&mut o3[k], a[3]);
        store(&mut o4[k], b[0]);
        store(&mut o5[k], b[1]);
        store(&mut o6[k], b[2]);
        store(&mut o7[k], b[3]);
    }
    g1.last_lane()
}

/// The AVX2 round, raw draws.
#[target_feature(enable = "avx2")]
fn round_kernel_u64(state: (u64, u64), jumps: &LaneJumps, out: &mut [u64]) -> (u64, u64) {
    round_kernel(state, jumps, out, |dst, v| store_u64x4(dst, v))
}

/// The AVX2 round, `next_float01` values.
#[target_feature(enable = "avx2")]
fn round_kernel_f32(state: (u64, u64), jumps: &LaneJumps, out: &mut [f32]) -> (u64, u64) {
    round_kernel(state, jumps, out, |dst, v| store_f32x4(dst, float01x4(v)))
}
