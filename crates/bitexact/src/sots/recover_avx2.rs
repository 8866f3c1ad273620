//! The AVX2 kernel of the sots seed search (x86_64 with `std`): see
//! `sots::recover_simd` for what it computes and why the filter never drops
//! a hit. It is `sots_avx512` on `__m256i` (8 seeds per vector), with
//! compares through `movemask` and an unsigned range test through `min`.
//!
//! A group is [`GROUP`] vectors of 8 consecutive seeds (64 seeds). Each
//! initializer step is `x = 1812433253 · (x ^ x >> 30) + i` on all eight
//! vectors: eight independent chains, so the ten-cycle `vpmulld` latency of
//! one chain is covered by the other seven. Steps `1..=k + 1` also keep `mix(top(x[j]) | low(x[j + 1]))` per
//! vector (XORed with the target word for an exact filter); steps
//! `397..=397 + k` compare. Everything is 32-bit integer arithmetic with
//! the scalar code's wrapping semantics, so a lane computes exactly
//! `mt19937::init_step`'s words.
//!
//! Safety: [`scan`] is `#[target_feature(enable = "avx2")]`; its only
//! caller (`sots_simd::candidates`) checks `is_x86_feature_detected!("avx2")`
//! first. The body uses no raw pointers and no `unsafe`.

use alloc::vec;
use alloc::vec::Vec;
use core::arch::x86_64::{
    __m256i, _mm256_add_epi32, _mm256_and_si256, _mm256_castsi256_ps, _mm256_cmpeq_epi32,
    _mm256_min_epu32, _mm256_movemask_ps, _mm256_mullo_epi32, _mm256_or_si256, _mm256_set1_epi32,
    _mm256_setr_epi32, _mm256_setzero_si256, _mm256_slli_epi32, _mm256_srli_epi32,
    _mm256_sub_epi32, _mm256_xor_si256,
};
use core::ops::Range;

use super::recover_simd::Filter;
use crate::mt19937::{INIT_MULTIPLIER, M, MATRIX_A};

/// Seeds per vector.
const LANES: usize = 8;
/// Vectors (independent multiply chains) in flight.
const GROUP: usize = 8;

/// One initializer step of a vector of seeds: word `i` from word `i − 1`.
#[target_feature(enable = "avx2")]
#[inline]
fn step(x: __m256i, i: __m256i) -> __m256i {
    let y = _mm256_xor_si256(x, _mm256_srli_epi32::<30>(x));
    _mm256_add_epi32(
        _mm256_mullo_epi32(_mm256_set1_epi32(INIT_MULTIPLIER as i32), y),
        i,
    )
}

/// `mix(top(a) | low(b))`: the twist's contribution of words `j`, `j + 1`.
#[target_feature(enable = "avx2")]
#[inline]
fn mix_of(a: __m256i, b: __m256i) -> __m256i {
    let y = _mm256_or_si256(
        _mm256_and_si256(a, _mm256_set1_epi32(i32::MIN)),
        _mm256_and_si256(b, _mm256_set1_epi32(i32::MAX)),
    );
    let odd = _mm256_sub_epi32(
        _mm256_setzero_si256(),
        _mm256_and_si256(y, _mm256_set1_epi32(1)),
    );
    _mm256_xor_si256(
        _mm256_srli_epi32::<1>(y),
        _mm256_and_si256(odd, _mm256_set1_epi32(MATRIX_A as i32)),
    )
}

/// MT19937's tempering of a vector of words.
#[target_feature(enable = "avx2")]
#[inline]
fn temper(mut y: __m256i) -> __m256i {
    y = _mm256_xor_si256(y, _mm256_srli_epi32::<11>(y));
    y = _mm256_xor_si256(
        y,
        _mm256_and_si256(
            _mm256_slli_epi32::<7>(y),
            _mm256_set1_epi32(0x9d2c_5680u32 as i32),
        ),
    );
    y = _mm256_xor_si256(
        y,
        _mm256_and_si256(
            _mm256_slli_epi32::<15>(y),
            _mm256_set1_epi32(0xefc6_0000u32 as i32),
        ),
    );
    _mm256_xor_si256(y, _mm256_srli_epi32::<18>(y))
}

/// Push `(seed, offset)` for each set lane of `mask` of vector `v` in the
/// group at `base`, when the seed is below `end`.
#[inline(never)]
#[cold]
fn record(out: &mut Vec<(u32, u32)>, base: u64, v: usize, mask: u8, j: usize, end: u64) {
    for l in 0..LANES {
        let seed = base + (v * LANES + l) as u64;
        if mask & (1 << l) != 0 && seed < end {
            out.push((seed as u32, j as u32));
        }
    }
}

/// The candidates of `seeds` (within `0..2^32`, non-empty) at offsets
/// `0..=k` (`k ≤ 226`), appended to `out`.
#[target_feature(enable = "avx2")]
pub(super) fn scan(filter: Filter, k: usize, seeds: Range<u64>, out: &mut Vec<(u32, u32)>) {
    debug_assert!(k + M < crate::mt19937::N);
    let (target, lo, span) = match filter {
        Filter::Raw(w) => (w, 0, 0),
        Filter::Tempered { lo, hi } => (0, lo, hi - lo),
        Filter::Never => return,
    };
    let exact = matches!(filter, Filter::Raw(_));
    let (target, lo, span) = (
        _mm256_set1_epi32(target as i32),
        _mm256_set1_epi32(lo as i32),
        _mm256_set1_epi32(span as i32),
    );
    let iota = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    // rows[j][v]: mix of words j, j + 1 (XOR the target when exact).
    let mut rows = vec![[_mm256_setzero_si256(); GROUP]; k + 1];
    let mut base = seeds.start;
    while base < seeds.end {
        let mut x = [iota; GROUP];
        for (v, x) in x.iter_mut().enumerate() {
            *x = _mm256_add_epi32(
                iota,
                _mm256_set1_epi32((base as u32).wrapping_add((v * LANES) as u32) as i32),
            );
        }
        for (i, row) in rows.iter_mut().enumerate() {
            let vi = _mm256_set1_epi32(i as i32 + 1);
            for v in 0..GROUP {
                let prev = x[v];
                x[v] = step(prev, vi);
                row[v] = _mm256_xor_si256(mix_of(prev, x[v]), target);
            }
        }
        for i in k + 2..M {
            let vi = _mm256_set1_epi32(i as i32);
            for x in x.iter_mut() {
                *x = step(*x, vi);
            }
        }
        for (j, row) in rows.iter().enumerate() {
            let vi = _mm256_set1_epi32((M + j) as i32);
            let mut masks = [0u8; GROUP];
            for v in 0..GROUP {
                x[v] = step(x[v], vi);
                let pass = if exact {
                    _mm256_cmpeq_epi32(x[v], row[v])
                } else {
                    let z = temper(_mm256_xor_si256(x[v], row[v]));
                    let d = _mm256_sub_epi32(z, lo);
                    _mm256_cmpeq_epi32(_mm256_min_epu32(d, span), d)
                };
                masks[v] = _mm256_movemask_ps(_mm256_castsi256_ps(pass)) as u8;
            }
            if masks.iter().any(|&m| m != 0) {
                for (v, &m) in masks.iter().enumerate() {
                    if m != 0 {
                        record(out, base, v, m, j, seeds.end);
                    }
                }
            }
        }
        base += (LANES * GROUP) as u64;
    }
}
