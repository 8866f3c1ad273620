//! The AVX2 kernels of the Westwood seed searches (x86_64 with `std`):
//! `psdes_avx512` on `__m256i`, 8 seeds per vector (compares through
//! `movemask`). The pseudo-DES hash on 8 seeds per vector, the recover filter (two
//! hashes per seed and offset) and the identify probe (one hash and a
//! bitmap bit per seed).
//!
//! The hash is `westwood::psdes` lane by lane: 32-bit wrapping products,
//! arithmetic shifts, the not-a-rotate. Two rewrites keep it exact and
//! cheaper: round 0 depends only on the index, so it is one scalar constant
//! per call (`seed ^ mix(index, 0)`), and `tl·tl + !(th·th)` is computed as
//! `(tl − th)·(tl + th) − 1` (`!x = −x − 1` and the difference of squares
//! are identities of integers, so they hold mod 2^32): two multiplies per
//! round instead of three.
//!
//! Safety: every function is `#[target_feature(enable = "avx2")]` and is
//! reached only through `westwood::recover` and `westwood::identify`, which
//! check `Isa::available()` (`is_x86_feature_detected!("avx2")`) first.
//! The one other `unsafe` is the bitmap gather in [`probe_block`], whose
//! indices are proven in bounds where it is.

use alloc::vec::Vec;
use core::arch::x86_64::{
    __m256i, _mm256_add_epi32, _mm256_and_si256, _mm256_castsi256_ps, _mm256_cmpeq_epi32,
    _mm256_cmpgt_epi32, _mm256_i32gather_epi32, _mm256_movemask_ps, _mm256_mullo_epi32,
    _mm256_or_si256, _mm256_set1_epi32, _mm256_setr_epi32, _mm256_slli_epi32, _mm256_srai_epi32,
    _mm256_srli_epi32, _mm256_srlv_epi32, _mm256_sub_epi32, _mm256_xor_si256,
};
use core::ops::Range;

use super::random3::mix as mix_scalar;
use super::{MIX1, MIX2};
use crate::westwood::recover::RawFilter;

/// Seeds per vector.
const LANES: usize = 8;
/// Vectors hashed side by side in the recover scan (each with two
/// independent hashes: four chains in flight).
const GROUP: usize = 2;
/// Seeds per [`probe_block`].
pub(crate) const PROBE_BLOCK: usize = 256;

/// Round `r`'s mixing value of `hold`, on 8 lanes.
#[target_feature(enable = "avx2")]
#[inline]
fn mix(hold: __m256i, r: usize) -> __m256i {
    let t = _mm256_xor_si256(hold, _mm256_set1_epi32(MIX1[r] as i32));
    let tl = _mm256_and_si256(t, _mm256_set1_epi32(0xffff));
    let th = _mm256_srai_epi32::<16>(t);
    // tl·tl + !(th·th) = (tl − th)(tl + th) − 1, wrapping.
    let sq = _mm256_mullo_epi32(_mm256_sub_epi32(tl, th), _mm256_add_epi32(tl, th));
    let u = _mm256_sub_epi32(sq, _mm256_set1_epi32(1));
    // (u >> 16) | (u << 16) with an arithmetic >>: not a rotate.
    let u = _mm256_or_si256(_mm256_srai_epi32::<16>(u), _mm256_slli_epi32::<16>(u));
    _mm256_add_epi32(
        _mm256_xor_si256(u, _mm256_set1_epi32(MIX2[r] as i32)),
        _mm256_mullo_epi32(tl, th),
    )
}

/// `psdes(seed_l, index)` for the 8 seeds of `seeds`.
#[target_feature(enable = "avx2")]
#[inline]
fn psdes(seeds: __m256i, index: u32) -> __m256i {
    let mut lo = _mm256_set1_epi32(index as i32);
    let mut hi = _mm256_xor_si256(seeds, _mm256_set1_epi32(mix_scalar(index as i32, 0)));
    for r in 1..4 {
        let hold = hi;
        hi = _mm256_xor_si256(lo, mix(hold, r));
        lo = hold;
    }
    hi
}

/// Seeds `base + v·8 + 0..8`, wrapping.
#[target_feature(enable = "avx2")]
#[inline]
fn seeds_at(base: u32, v: usize) -> __m256i {
    let iota = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    _mm256_add_epi32(
        iota,
        _mm256_set1_epi32(base.wrapping_add((v * LANES) as u32) as i32),
    )
}

/// Push `(seed, offset)` for each set lane of `mask` in vector `v` of the
/// group at `base`, when the seed is below `end`.
#[inline(never)]
#[cold]
fn record(out: &mut Vec<(u32, u32)>, base: u64, v: usize, mask: u8, j: u32, end: u64) {
    for l in 0..LANES {
        let seed = base + (v * LANES + l) as u64;
        if mask & (1 << l) != 0 && seed < end {
            out.push((seed as u32, j));
        }
    }
}

/// The recover filter over `seeds` (within `0..2^32`) at draws `0..=k`
/// (`k ≤ 146`): `(seed, j)` when draw `j = psdes(seed, j) ^ psdes(seed, j + 103)`
/// passes `filter` (a candidate or a rejected draw), appended to `out`.
#[target_feature(enable = "avx2")]
pub(crate) fn recover_scan(
    filter: RawFilter,
    k: u32,
    seeds: Range<u64>,
    out: &mut Vec<(u32, u32)>,
) {
    let mask = _mm256_set1_epi32(filter.mask);
    let want = _mm256_set1_epi32(filter.want);
    let span = _mm256_set1_epi32(filter.span);
    let mut base = seeds.start;
    while base < seeds.end {
        let mut s = [_mm256_set1_epi32(0); GROUP];
        for (v, s) in s.iter_mut().enumerate() {
            *s = seeds_at(base as u32, v);
        }
        for j in 0..=k {
            let mut m = [0u8; GROUP];
            for v in 0..GROUP {
                let raw = _mm256_xor_si256(psdes(s[v], j), psdes(s[v], j + 103));
                let pick = _mm256_and_si256(raw, mask);
                let mut pass = _mm256_cmpeq_epi32(pick, want);
                if filter.reject {
                    pass = _mm256_or_si256(pass, _mm256_cmpgt_epi32(pick, span));
                }
                m[v] = _mm256_movemask_ps(_mm256_castsi256_ps(pass)) as u8;
            }
            for (v, &m) in m.iter().enumerate() {
                if m != 0 {
                    record(out, base, v, m, j, seeds.end);
                }
            }
        }
        base += (LANES * GROUP) as u64;
    }
}

/// The bitmap probe of seeds `first .. first + PROBE_BLOCK` (wrapping):
/// bit `k` of the result is set when bit `first_word(first + k) >> shift`
/// of `bitmap` is.
///
/// `bitmap` must hold exactly `2^(32 − shift)` bits (the caller asserts
/// it), so every index `first_word >> shift` is in it.
#[target_feature(enable = "avx2")]
pub(crate) fn probe_block(first: u32, bitmap: &[u64], shift: u32) -> [u64; PROBE_BLOCK / 64] {
    assert!((1..32).contains(&shift) && bitmap.len() as u64 * 64 == 1u64 << (32 - shift));
    let shift_v = _mm256_set1_epi32(shift as i32);
    let mut out = [0u64; PROBE_BLOCK / 64];
    for v in 0..PROBE_BLOCK / LANES {
        let w0 = psdes(seeds_at(first, v), 0);
        let b = _mm256_srlv_epi32(w0, shift_v);
        let word = _mm256_srli_epi32::<5>(b);
        // SAFETY: `b = w0 >> shift < 2^(32 − shift)`, the bitmap's length
        // in bits (asserted above), so `word = b / 32` indexes one of its
        // `2^(32 − shift) / 32` little-endian u32 halves — in bounds of the
        // borrowed slice, which lives for the call; u32 reads of u64 storage
        // need only 4-byte alignment, which u64 storage has. The indices are
        // below 2^27, so the signed 32-bit index × 4 cannot overflow.
        #[allow(unsafe_code)]
        let g = unsafe { _mm256_i32gather_epi32::<4>(bitmap.as_ptr().cast::<i32>(), word) };
        let bit = _mm256_srlv_epi32(g, _mm256_and_si256(b, _mm256_set1_epi32(31)));
        let one = _mm256_set1_epi32(1);
        let set = _mm256_cmpeq_epi32(_mm256_and_si256(bit, one), one);
        let m = _mm256_movemask_ps(_mm256_castsi256_ps(set)) as u8;
        out[v / 8] |= u64::from(m) << (8 * (v % 8));
    }
    out
}

/// Whether the vector hash of `seeds` at `index` is `expected`, lane for
/// lane (for the tests).
#[cfg(test)]
#[target_feature(enable = "avx2")]
pub(crate) fn hash_is(seeds: [u32; LANES], index: u32, expected: [i32; LANES]) -> bool {
    let v = |a: [i32; LANES]| _mm256_setr_epi32(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]);
    let got = psdes(v(seeds.map(|s| s as i32)), index);
    let want = v(expected);
    _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(got, want))) == 0xff
}

/// Seeds per vector (for the tests).
#[cfg(test)]
pub(crate) const TEST_LANES: usize = LANES;
