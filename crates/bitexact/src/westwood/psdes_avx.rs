//! The AVX2 and AVX-512F kernels of the Westwood seed searches (x86_64 with
//! `std`): the pseudo-DES hash on a vector of seeds, the recover filter
//! (two hashes per seed and offset) and the identify probe (one hash and a
//! bitmap bit per seed). One body over [`Lanes`]: [`avx2`] runs it on 8
//! seeds per vector, [`avx512`] on 16.
//!
//! The hash is `westwood::psdes` lane by lane: 32-bit wrapping products,
//! arithmetic shifts, the not-a-rotate. Two rewrites keep it exact and
//! cheaper: round 0 depends only on the index, so it is one scalar constant
//! per call (`seed ^ mix(index, 0)`), and `tl·tl + !(th·th)` is computed as
//! `(tl − th)·(tl + th) − 1` (`!x = −x − 1` and the difference of squares
//! are identities of integers, so they hold mod 2^32): two multiplies per
//! round instead of three.
//!
//! Safety: the entry points are `#[target_feature]` functions reached only
//! through `westwood::recover` and `westwood::identify`, which check
//! `Isa::available()` first. The one other `unsafe` is the bitmap gather in
//! [`probe_block`], whose indices are proven in bounds where it is.

use alloc::vec::Vec;
use core::ops::Range;

use super::random3::mix as mix_scalar;
use super::{MIX1, MIX2};
use crate::simd::{record, Lanes};
use crate::westwood::recover::RawFilter;

/// Vectors hashed side by side in the recover scan (each with two
/// independent hashes: four chains in flight).
const GROUP: usize = 2;
/// Seeds per [`probe_block`].
pub(crate) const PROBE_BLOCK: usize = 256;

/// Round `r`'s mixing value of `hold`, lane by lane.
#[inline(always)]
fn mix<L: Lanes>(t: L::Token, hold: L, r: usize) -> L {
    let t0 = hold.xor(L::splat(t, MIX1[r]));
    let tl = t0.and(L::splat(t, 0xffff));
    let th = t0.sar::<16>();
    // tl·tl + !(th·th) = (tl − th)(tl + th) − 1, wrapping.
    let u = tl.sub(th).mul(tl.add(th)).sub(L::splat(t, 1));
    // (u >> 16) | (u << 16) with an arithmetic >>: not a rotate.
    let u = u.sar::<16>().or(u.shl::<16>());
    u.xor(L::splat(t, MIX2[r])).add(tl.mul(th))
}

/// `psdes(seed_l, index)` for the seeds of `seeds`.
#[inline(always)]
fn psdes<L: Lanes>(t: L::Token, seeds: L, index: u32) -> L {
    let mut lo = L::splat(t, index);
    let mut hi = seeds.xor(L::splat(t, mix_scalar(index as i32, 0) as u32));
    for r in 1..4 {
        let hold = hi;
        hi = lo.xor(mix(t, hold, r));
        lo = hold;
    }
    hi
}

/// Seeds `base + v·N + 0..N`, wrapping.
#[inline(always)]
fn seeds_at<L: Lanes>(t: L::Token, base: u32, v: usize) -> L {
    L::iota(t).add(L::splat(t, base.wrapping_add((v * L::N) as u32)))
}

/// The recover filter over `seeds` (within `0..2^32`) at draws `0..=k`
/// (`k ≤ 146`): `(seed, j)` when draw `j = hash(seed, j) ^ hash(seed, j + 103)`
/// passes `filter` (a candidate or a rejected draw), appended to `out`.
///
/// `hash` is [`psdes`], handed in by the entry point as a closure: a closure
/// is compiled with its function's target feature, so LLVM optimizes the
/// hash on its own in that context before inlining it into this loop, as
/// it did the hand-written kernels' `#[target_feature]` helpers. Inlined as
/// plain generic code, the hash is optimized only as part of the loop, and
/// that loop came out slower in a release build (more spills on AVX2, fewer
/// `vpternlogd` on AVX-512).
#[inline(always)]
fn recover_scan<L: Lanes>(
    t: L::Token,
    hash: impl Fn(L, u32) -> L,
    filter: RawFilter,
    k: u32,
    seeds: Range<u64>,
    out: &mut Vec<(u32, u32)>,
) {
    let mask = L::splat(t, filter.mask as u32);
    let want = L::splat(t, filter.want as u32);
    let span = L::splat(t, filter.span as u32);
    let none = L::Bits::default();
    let mut base = seeds.start;
    while base < seeds.end {
        let mut s = [L::splat(t, 0); GROUP];
        for (v, s) in s.iter_mut().enumerate() {
            *s = seeds_at(t, base as u32, v);
        }
        for j in 0..=k {
            let mut m = [none; GROUP];
            for v in 0..GROUP {
                let raw = hash(s[v], j).xor(hash(s[v], j + 103));
                let pick = raw.and(mask);
                let mut pass = pick.eq(want);
                if filter.reject {
                    pass = pass | pick.gt(span);
                }
                m[v] = L::bits(pass);
            }
            for (v, &m) in m.iter().enumerate() {
                if m != none {
                    record::<L>(out, base + (v * L::N) as u64, m, j, seeds.end);
                }
            }
        }
        base += (L::N * GROUP) as u64;
    }
}

/// The bitmap probe of seeds `first .. first + PROBE_BLOCK` (wrapping):
/// bit `k` of the result is set when bit `first_word(first + k) >> shift`
/// of `bitmap` is.
///
/// `bitmap` must hold exactly `2^(32 − shift)` bits (asserted), so every
/// index `first_word >> shift` is in it.
#[inline(always)]
fn probe_block<L: Lanes>(
    t: L::Token,
    first: u32,
    bitmap: &[u64],
    shift: u32,
) -> [u64; PROBE_BLOCK / 64] {
    assert!((1..32).contains(&shift) && bitmap.len() as u64 * 64 == 1u64 << (32 - shift));
    let shift_v = L::splat(t, shift);
    // Vectors per u64 of the result.
    let per_word = 64 / L::N;
    let mut out = [0u64; PROBE_BLOCK / 64];
    for v in 0..PROBE_BLOCK / L::N {
        let w0 = psdes(t, seeds_at::<L>(t, first, v), 0);
        let b = w0.shr_by(shift_v);
        let word = b.shr::<5>();
        // SAFETY: `b = w0 >> shift < 2^(32 − shift)`, the bitmap's length
        // in bits (asserted above), so `word = b / 32` indexes one of its
        // `2^(32 − shift) / 32` little-endian u32 halves — in bounds of the
        // borrowed slice, which lives for the call; u32 reads of u64 storage
        // need only 4-byte alignment, which u64 storage has. The indices are
        // below 2^27, so the signed 32-bit index × 4 cannot overflow.
        #[allow(unsafe_code)]
        let g = unsafe { L::gather(bitmap.as_ptr().cast::<u32>(), word) };
        let bit = g.shr_by(b.and(L::splat(t, 31)));
        let m: u64 = L::bits(bit.odd()).into();
        out[v / per_word] |= m << (L::N * (v % per_word));
    }
    out
}

/// Whether the vector hash of `seeds` at `index` is `expected`, lane for
/// lane (for the tests).
#[cfg(test)]
#[inline(always)]
fn hash_is<L: Lanes>(t: L::Token, seeds: &[u32], index: u32, expected: &[u32]) -> bool {
    let got = psdes(t, L::from_slice(t, seeds), index);
    let want = L::from_slice(t, expected);
    L::bits(got.eq(want)).into() == (1u64 << L::N) - 1
}

/// The kernels on AVX2 (8 seeds per vector).
pub(crate) mod avx2 {
    use super::{Range, RawFilter, Vec, PROBE_BLOCK};
    use crate::simd::{Avx2, U32x8};

    /// [`super::recover_scan`] on AVX2.
    #[target_feature(enable = "avx2")]
    pub(crate) fn recover_scan(
        filter: RawFilter,
        k: u32,
        seeds: Range<u64>,
        out: &mut Vec<(u32, u32)>,
    ) {
        let t = Avx2::here();
        let hash = |s, index| super::psdes(t, s, index);
        super::recover_scan::<U32x8>(t, hash, filter, k, seeds, out);
    }

    /// [`super::probe_block`] on AVX2.
    #[target_feature(enable = "avx2")]
    pub(crate) fn probe_block(first: u32, bitmap: &[u64], shift: u32) -> [u64; PROBE_BLOCK / 64] {
        super::probe_block::<U32x8>(Avx2::here(), first, bitmap, shift)
    }

    /// Whether the AVX2 hash of `seeds` at `index` is `expected` (for the
    /// tests).
    #[cfg(test)]
    #[target_feature(enable = "avx2")]
    pub(crate) fn hash_is(
        seeds: [u32; TEST_LANES],
        index: u32,
        expected: [i32; TEST_LANES],
    ) -> bool {
        super::hash_is::<U32x8>(Avx2::here(), &seeds, index, &expected.map(|w| w as u32))
    }

    /// Seeds per vector (for the tests).
    #[cfg(test)]
    pub(crate) const TEST_LANES: usize = <U32x8 as crate::simd::Lanes>::N;
}

/// The kernels on AVX-512F (16 seeds per vector).
pub(crate) mod avx512 {
    use super::{Range, RawFilter, Vec, PROBE_BLOCK};
    use crate::simd::{Avx512, U32x16};

    /// [`super::recover_scan`] on AVX-512F.
    #[target_feature(enable = "avx512f")]
    pub(crate) fn recover_scan(
        filter: RawFilter,
        k: u32,
        seeds: Range<u64>,
        out: &mut Vec<(u32, u32)>,
    ) {
        let t = Avx512::here();
        let hash = |s, index| super::psdes(t, s, index);
        super::recover_scan::<U32x16>(t, hash, filter, k, seeds, out);
    }

    /// [`super::probe_block`] on AVX-512F.
    #[target_feature(enable = "avx512f")]
    pub(crate) fn probe_block(first: u32, bitmap: &[u64], shift: u32) -> [u64; PROBE_BLOCK / 64] {
        super::probe_block::<U32x16>(Avx512::here(), first, bitmap, shift)
    }

    /// Whether the AVX-512F hash of `seeds` at `index` is `expected` (for
    /// the tests).
    #[cfg(test)]
    #[target_feature(enable = "avx512f")]
    pub(crate) fn hash_is(
        seeds: [u32; TEST_LANES],
        index: u32,
        expected: [i32; TEST_LANES],
    ) -> bool {
        super::hash_is::<U32x16>(Avx512::here(), &seeds, index, &expected.map(|w| w as u32))
    }

    /// Seeds per vector (for the tests).
    #[cfg(test)]
    pub(crate) const TEST_LANES: usize = <U32x16 as crate::simd::Lanes>::N;
}
