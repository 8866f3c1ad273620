//! Vectors of 32-bit lanes, so that a kernel written for both AVX2 and
//! AVX-512F is written once.
//!
//! A seed-search kernel that exists for both instruction sets
//! (`sots::recover_avx`, `westwood::psdes_avx`) is one generic
//! `#[inline(always)]` function over [`Lanes`], instantiated by two thin
//! entry points: a `#[target_feature(enable = "avx2")]` one on
//! [`U32x8`](super::avx2::U32x8) (`__m256i`, 8 lanes) and a
//! `#[target_feature(enable = "avx512f")]` one on
//! [`U32x16`](super::avx512::U32x16) (`__m512i`, 16 lanes). The body and
//! every method here are `#[inline(always)]`, so they are compiled inside
//! the entry point, with its target feature, and each method becomes the
//! one or two instructions it names (the release build's disassembly of
//! the entry points shows no call but the cold `record`).
//!
//! The trait holds the lane-wise integer arithmetic the kernels use and the
//! few idioms in which the two sets differ: a compare yields all-ones lanes
//! read back with `movemask` on AVX2 and a `k` mask on AVX-512F; AVX2 has
//! no unsigned compare (`a ≤ b` is `min(a, b) == a`) and no masked XOR
//! (`a ^ (m & b)`); the gathers take their operands in different orders.
//!
//! **Soundness.** The intrinsics require only that the CPU executes their
//! instructions (the gather also reads memory: it is `unsafe` and states
//! its own contract). Every method takes a vector, a mask or a token, and
//! those exist only as proof that the CPU has the feature: a token
//! ([`Avx2`](super::avx2::Avx2), [`Avx512`](super::avx512::Avx512)) is
//! made only by its `here()`, a safe `#[target_feature]` function, which
//! the compiler lets code call without `unsafe` only where that feature is
//! enabled — inside an entry point, which its callers reach through an
//! `unsafe` call after [`Isa::available`](super::Isa::available) checked
//! the CPU. Vectors and masks are made only from tokens and from other
//! vectors and masks (their fields are private to their modules). So each
//! method may run its intrinsics, which is what the [`proven!`] blocks in
//! the implementations rest on.

use alloc::vec::Vec;
use core::ops::BitOr;

/// Evaluates `$e`, an expression of `core::arch` intrinsics that touch no
/// memory, in a method of a [`Lanes`] type (or its token or mask): the
/// `unsafe` these need outside a `#[target_feature]` function, justified
/// once, here.
macro_rules! proven {
    ($e:expr) => {{
        // SAFETY: the enclosing method has a vector, mask or token of its
        // instruction set as an argument, which exists only when this CPU
        // executes that set (module docs of `simd::lanes`), the intrinsics'
        // one requirement: `$e` dereferences no pointer.
        #[allow(unsafe_code)]
        let r = unsafe { $e };
        r
    }};
}
pub(super) use proven;

mod sealed {
    /// Only `simd::avx2::U32x8` and `simd::avx512::U32x16` are [`Lanes`](super::Lanes).
    pub trait Sealed {}
}
pub(super) use sealed::Sealed;

/// A vector of [`N`](Lanes::N) 32-bit lanes on one instruction set, with
/// the wrapping arithmetic of `u32` in each lane. A value is proof that the
/// CPU executes the set (module docs).
pub(crate) trait Lanes: Copy + Sealed {
    /// Lanes per vector.
    const N: usize;
    /// The zero-sized proof that the CPU executes the set, from which
    /// vectors are made.
    type Token: Copy;
    /// A lane-wise compare result (all-ones lanes on AVX2, a `k` mask on
    /// AVX-512F); `|` is lane-wise OR.
    type Mask: Copy + BitOr<Output = Self::Mask>;
    /// A mask as bits, lane `l` at bit `l` (`u8`, `u16`).
    type Bits: Copy + Default + PartialEq + Into<u64>;

    /// `x` in every lane.
    fn splat(t: Self::Token, x: u32) -> Self;
    /// Lane `l` holds `l`.
    fn iota(t: Self::Token) -> Self;
    /// Lane `l` holds `a[l]`; panics unless `a` has [`N`](Lanes::N) words.
    #[cfg(test)]
    fn from_slice(t: Self::Token, a: &[u32]) -> Self;

    /// Wrapping sum.
    fn add(self, b: Self) -> Self;
    /// Wrapping difference.
    fn sub(self, b: Self) -> Self;
    /// The low 32 bits of the product.
    fn mul(self, b: Self) -> Self;
    /// Bitwise AND.
    fn and(self, b: Self) -> Self;
    /// Bitwise OR.
    fn or(self, b: Self) -> Self;
    /// Bitwise XOR.
    fn xor(self, b: Self) -> Self;
    /// Logical right shift by `S` (`S < 32`).
    fn shr<const S: i32>(self) -> Self;
    /// Left shift by `S` (`S < 32`).
    fn shl<const S: i32>(self) -> Self;
    /// Arithmetic right shift by `S` (`S < 32`).
    fn sar<const S: i32>(self) -> Self;

    /// Logical right shift of each lane by the same lane of `by` (0 when it
    /// is 32 or more).
    fn shr_by(self, by: Self) -> Self;
    /// Left shift of each lane by the same lane of `by` (0 when it is 32
    /// or more).
    fn shl_by(self, by: Self) -> Self;

    /// Lanes where `self == b`.
    fn eq(self, b: Self) -> Self::Mask;
    /// Lanes where `self > b` as signed (`i32`) words.
    fn gt(self, b: Self) -> Self::Mask;
    /// Lanes where `self ≤ b` as unsigned words.
    fn le(self, b: Self) -> Self::Mask;
    /// Lanes whose bit 0 is set.
    fn odd(self) -> Self::Mask;
    /// `self ^ b` in the lanes of `m`, `self` in the others.
    fn xor_where(self, m: Self::Mask, b: Self) -> Self;
    /// `m` as bits.
    fn bits(m: Self::Mask) -> Self::Bits;

    /// Lane `l` holds the `u32` at `base + 4·idx[l]` (`idx[l]` read as
    /// signed).
    ///
    /// # Safety
    ///
    /// For every lane, `base.offset(idx[l])` must be valid for a 4-byte
    /// read, aligned to 4, for the duration of the call.
    #[allow(unsafe_code)]
    unsafe fn gather(base: *const u32, idx: Self) -> Self;
}

/// Push `(seed, j)` for each lane `l` set in `bits` of a vector whose lane
/// `l` holds seed `first + l`, when that seed is below `end` (the kernels'
/// last vector may run past the range).
#[inline(never)]
#[cold]
pub(crate) fn record<L: Lanes>(out: &mut Vec<(u32, u32)>, first: u64, bits: u64, j: u32, end: u64) {
    for l in 0..L::N {
        let seed = first + l as u64;
        if bits & (1 << l) != 0 && seed < end {
            out.push((seed as u32, j));
        }
    }
}
