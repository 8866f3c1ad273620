//! The AVX-512F kernel of the sots seed search (x86_64 with `std`): see
//! `sots::recover_simd` for what it computes and why the filter never drops
//! a hit.
//!
//! A group is [`GROUP`] vectors of 16 consecutive seeds (128 seeds). Each
//! initializer step is `x = 1812433253 · (x ^ x >> 30) + i` on all eight
//! vectors: eight independent chains, so the ten-cycle `vpmulld` latency of
//! one chain is covered by the other seven and the multiplier issues every
//! cycle. Steps `1..=k + 1` also keep `mix(top(x[j]) | low(x[j + 1]))` per
//! vector (XORed with the target word for an exact filter); steps
//! `397..=397 + k` compare. Everything is 32-bit integer arithmetic with
//! the scalar code's wrapping semantics, so a lane computes exactly
//! `mt19937::init_step`'s words.
//!
//! Safety: [`scan`] is `#[target_feature(enable = "avx512f")]`; its only
//! caller (`sots_simd::candidates`) checks `is_x86_feature_detected!("avx512f")`
//! first. The body uses no raw pointers and no `unsafe`.

use alloc::vec;
use alloc::vec::Vec;
use core::arch::x86_64::{
    __m512i, _mm512_add_epi32, _mm512_and_si512, _mm512_cmpeq_epi32_mask, _mm512_cmple_epu32_mask,
    _mm512_mask_xor_epi32, _mm512_mullo_epi32, _mm512_or_si512, _mm512_set1_epi32,
    _mm512_setr_epi32, _mm512_setzero_si512, _mm512_slli_epi32, _mm512_srli_epi32,
    _mm512_sub_epi32, _mm512_test_epi32_mask, _mm512_xor_si512,
};
use core::ops::Range;

use super::recover_simd::Filter;
use crate::mt19937::{INIT_MULTIPLIER, M, MATRIX_A};

/// Seeds per vector.
const LANES: usize = 16;
/// Vectors (independent multiply chains) in flight.
const GROUP: usize = 8;

/// One initializer step of a vector of seeds: word `i` from word `i − 1`.
#[target_feature(enable = "avx512f")]
#[inline]
fn step(x: __m512i, i: __m512i) -> __m512i {
    let y = _mm512_xor_si512(x, _mm512_srli_epi32::<30>(x));
    _mm512_add_epi32(
        _mm512_mullo_epi32(_mm512_set1_epi32(INIT_MULTIPLIER as i32), y),
        i,
    )
}

/// `mix(top(a) | low(b))`: the twist's contribution of words `j`, `j + 1`.
#[target_feature(enable = "avx512f")]
#[inline]
fn mix_of(a: __m512i, b: __m512i) -> __m512i {
    let y = _mm512_or_si512(
        _mm512_and_si512(a, _mm512_set1_epi32(i32::MIN)),
        _mm512_and_si512(b, _mm512_set1_epi32(i32::MAX)),
    );
    let half = _mm512_srli_epi32::<1>(y);
    let odd = _mm512_test_epi32_mask(y, _mm512_set1_epi32(1));
    _mm512_mask_xor_epi32(half, odd, half, _mm512_set1_epi32(MATRIX_A as i32))
}

/// MT19937's tempering of a vector of words.
#[target_feature(enable = "avx512f")]
#[inline]
fn temper(mut y: __m512i) -> __m512i {
    y = _mm512_xor_si512(y, _mm512_srli_epi32::<11>(y));
    y = _mm512_xor_si512(
        y,
        _mm512_and_si512(
            _mm512_slli_epi32::<7>(y),
            _mm512_set1_epi32(0x9d2c_5680u32 as i32),
        ),
    );
    y = _mm512_xor_si512(
        y,
        _mm512_and_si512(
            _mm512_slli_epi32::<15>(y),
            _mm512_set1_epi32(0xefc6_0000u32 as i32),
        ),
    );
    _mm512_xor_si512(y, _mm512_srli_epi32::<18>(y))
}

/// Push `(seed, offset)` for each set lane of `mask` of vector `v` in the
/// group at `base`, when the seed is below `end`.
#[inline(never)]
#[cold]
fn record(out: &mut Vec<(u32, u32)>, base: u64, v: usize, mask: u16, j: usize, end: u64) {
    for l in 0..LANES {
        let seed = base + (v * LANES + l) as u64;
        if mask & (1 << l) != 0 && seed < end {
            out.push((seed as u32, j as u32));
        }
    }
}

/// The candidates of `seeds` (within `0..2^32`, non-empty) at offsets
/// `0..=k` (`k ≤ 226`), appended to `out`.
#[target_feature(enable = "avx512f")]
pub(super) fn scan(filter: Filter, k: usize, seeds: Range<u64>, out: &mut Vec<(u32, u32)>) {
    debug_assert!(k + M < crate::mt19937::N);
    let (target, lo, span) = match filter {
        Filter::Raw(w) => (w, 0, 0),
        Filter::Tempered { lo, hi } => (0, lo, hi - lo),
        Filter::Never => return,
    };
    let exact = matches!(filter, Filter::Raw(_));
    let (target, lo, span) = (
        _mm512_set1_epi32(target as i32),
        _mm512_set1_epi32(lo as i32),
        _mm512_set1_epi32(span as i32),
    );
    let iota = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    // rows[j][v]: mix of words j, j + 1 (XOR the target when exact).
    let mut rows = vec![[_mm512_setzero_si512(); GROUP]; k + 1];
    let mut base = seeds.start;
    while base < seeds.end {
        let mut x = [iota; GROUP];
        for (v, x) in x.iter_mut().enumerate() {
            *x = _mm512_add_epi32(
                iota,
                _mm512_set1_epi32((base as u32).wrapping_add((v * LANES) as u32) as i32),
            );
        }
        for (i, row) in rows.iter_mut().enumerate() {
            let vi = _mm512_set1_epi32(i as i32 + 1);
            for v in 0..GROUP {
                let prev = x[v];
                x[v] = step(prev, vi);
                row[v] = _mm512_xor_si512(mix_of(prev, x[v]), target);
            }
        }
        for i in k + 2..M {
            let vi = _mm512_set1_epi32(i as i32);
            for x in x.iter_mut() {
                *x = step(*x, vi);
            }
        }
        for (j, row) in rows.iter().enumerate() {
            let vi = _mm512_set1_epi32((M + j) as i32);
            let mut masks = [0u16; GROUP];
            for v in 0..GROUP {
                x[v] = step(x[v], vi);
                masks[v] = if exact {
                    _mm512_cmpeq_epi32_mask(x[v], row[v])
                } else {
                    let z = temper(_mm512_xor_si512(x[v], row[v]));
                    _mm512_cmple_epu32_mask(_mm512_sub_epi32(z, lo), span)
                };
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
