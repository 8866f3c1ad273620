//! The AVX2 and AVX-512F kernels of the sots seed search (x86_64 with
//! `std`): see `sots::recover_simd` for what they compute and why the
//! filter never drops a hit. One body over [`Lanes`]: [`avx2::scan`] runs it
//! on 8 seeds per vector, [`avx512::scan`] on 16.
//!
//! A group is [`GROUP`] vectors of consecutive seeds (64 or 128 seeds).
//! Each initializer step is `x = 1812433253 · (x ^ x >> 30) + i` on all
//! eight vectors: eight independent chains, so the ten-cycle `vpmulld`
//! latency of one chain is covered by the other seven and the multiplier
//! issues every cycle. Steps `1..=k + 1` also keep
//! `mix(top(x[j]) | low(x[j + 1]))` per vector (XORed with the target word
//! for an exact filter); steps `397..=397 + k` compare. Everything is
//! 32-bit integer arithmetic with the scalar code's wrapping semantics, so
//! a lane computes exactly `mt19937::init_step`'s words.
//!
//! Safety: the entry points are `#[target_feature]` functions whose only
//! caller (`recover_simd::candidates`) checks `Isa::available()` first. The
//! body uses no raw pointers and no `unsafe`.

use alloc::vec;
use alloc::vec::Vec;
use core::ops::Range;

use super::filter::Filter;
use crate::mt19937::{INIT_MULTIPLIER, M, MATRIX_A};
use crate::simd::{record, Lanes};

/// Vectors (independent multiply chains) in flight.
const GROUP: usize = 8;

/// One initializer step of a vector of seeds: word `i` from word `i − 1`.
#[inline(always)]
fn step<L: Lanes>(t: L::Token, x: L, i: L) -> L {
    let y = x.xor(x.shr::<30>());
    L::splat(t, INIT_MULTIPLIER).mul(y).add(i)
}

/// `mix(top(a) | low(b))`: the twist's contribution of words `j`, `j + 1`.
#[inline(always)]
fn mix_of<L: Lanes>(t: L::Token, a: L, b: L) -> L {
    let y = a
        .and(L::splat(t, 0x8000_0000))
        .or(b.and(L::splat(t, 0x7fff_ffff)));
    y.shr::<1>().xor_where(y.odd(), L::splat(t, MATRIX_A))
}

/// MT19937's tempering of a vector of words.
#[inline(always)]
fn temper<L: Lanes>(t: L::Token, mut y: L) -> L {
    y = y.xor(y.shr::<11>());
    y = y.xor(y.shl::<7>().and(L::splat(t, 0x9d2c_5680)));
    y = y.xor(y.shl::<15>().and(L::splat(t, 0xefc6_0000)));
    y.xor(y.shr::<18>())
}

/// The candidates of `seeds` (within `0..2^32`, non-empty) at offsets
/// `0..=k` (`k ≤ 226`), appended to `out`, on `L`.
#[inline(always)]
fn scan<L: Lanes>(
    t: L::Token,
    filter: Filter,
    k: usize,
    seeds: Range<u64>,
    out: &mut Vec<(u32, u32)>,
) {
    debug_assert!(k + M < crate::mt19937::N);
    let (target, lo, span) = match filter {
        Filter::Raw(w) => (w, 0, 0),
        Filter::Tempered { lo, hi } => (0, lo, hi - lo),
        Filter::AnyRaw(_) => (0, 0, 0),
        Filter::Never => return,
    };
    let exact = matches!(filter, Filter::Raw(_));
    let any = match filter {
        Filter::AnyRaw(ws) => Some(ws.map(|w| L::splat(t, w))),
        _ => None,
    };
    let (target, lo, span) = (L::splat(t, target), L::splat(t, lo), L::splat(t, span));
    let iota = L::iota(t);
    let none = L::Bits::default();
    // rows[j][v]: mix of words j, j + 1 (XOR the target when exact).
    let mut rows = vec![[L::splat(t, 0); GROUP]; k + 1];
    let mut base = seeds.start;
    while base < seeds.end {
        let mut x = [iota; GROUP];
        for (v, x) in x.iter_mut().enumerate() {
            *x = iota.add(L::splat(t, (base as u32).wrapping_add((v * L::N) as u32)));
        }
        for (i, row) in rows.iter_mut().enumerate() {
            let vi = L::splat(t, i as u32 + 1);
            for v in 0..GROUP {
                let prev = x[v];
                x[v] = step(t, prev, vi);
                row[v] = mix_of(t, prev, x[v]).xor(target);
            }
        }
        for i in k + 2..M {
            let vi = L::splat(t, i as u32);
            for x in x.iter_mut() {
                *x = step(t, *x, vi);
            }
        }
        for (j, row) in rows.iter().enumerate() {
            let vi = L::splat(t, (M + j) as u32);
            let mut masks = [none; GROUP];
            for v in 0..GROUP {
                x[v] = step(t, x[v], vi);
                let pass = if let Some(ws) = any {
                    let b = x[v].xor(row[v]);
                    b.eq(ws[0]) | b.eq(ws[1]) | b.eq(ws[2])
                } else if exact {
                    x[v].eq(row[v])
                } else {
                    temper(t, x[v].xor(row[v])).sub(lo).le(span)
                };
                masks[v] = L::bits(pass);
            }
            if masks.iter().any(|&m| m != none) {
                for (v, &m) in masks.iter().enumerate() {
                    if m != none {
                        let first = base + (v * L::N) as u64;
                        record::<L>(out, first, m.into(), j as u32, seeds.end);
                    }
                }
            }
        }
        base += (L::N * GROUP) as u64;
    }
}

/// The kernel on AVX2 (8 seeds per vector).
pub(super) mod avx2 {
    use super::{Filter, Range, Vec};
    use crate::simd::{Avx2, U32x8};

    /// The candidates of `seeds` (within `0..2^32`, non-empty) at offsets
    /// `0..=k` (`k ≤ 226`), appended to `out`.
    #[target_feature(enable = "avx2")]
    pub(in crate::sots) fn scan(
        filter: Filter,
        k: usize,
        seeds: Range<u64>,
        out: &mut Vec<(u32, u32)>,
    ) {
        super::scan::<U32x8>(Avx2::here(), filter, k, seeds, out);
    }
}

/// The kernel on AVX-512F (16 seeds per vector).
pub(super) mod avx512 {
    use super::{Filter, Range, Vec};
    use crate::simd::{Avx512, U32x16};

    /// The candidates of `seeds` (within `0..2^32`, non-empty) at offsets
    /// `0..=k` (`k ≤ 226`), appended to `out`.
    #[target_feature(enable = "avx512f")]
    pub(in crate::sots) fn scan(
        filter: Filter,
        k: usize,
        seeds: Range<u64>,
        out: &mut Vec<(u32, u32)>,
    ) {
        super::scan::<U32x16>(Avx512::here(), filter, k, seeds, out);
    }
}
