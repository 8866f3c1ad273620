//! [`Lanes`] on AVX2: eight 32-bit lanes in a `__m256i`; compares yield
//! all-ones lanes ([`Mask8`]), read back with `movemask`.

use core::arch::x86_64::{
    __m256i, _mm256_add_epi32, _mm256_and_si256, _mm256_castsi256_ps, _mm256_cmpeq_epi32,
    _mm256_cmpgt_epi32, _mm256_i32gather_epi32, _mm256_min_epu32, _mm256_movemask_ps,
    _mm256_mullo_epi32, _mm256_or_si256, _mm256_set1_epi32, _mm256_setr_epi32, _mm256_slli_epi32,
    _mm256_sllv_epi32, _mm256_srai_epi32, _mm256_srli_epi32, _mm256_srlv_epi32, _mm256_sub_epi32,
    _mm256_xor_si256,
};
use core::ops::BitOr;

use super::lanes::{proven, Lanes, Sealed};

/// Proof that this CPU executes AVX2 (see `simd::lanes`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx2(());

impl Avx2 {
    /// The token. Safe to call only where AVX2 is enabled — in a
    /// `#[target_feature(enable = "avx2")]` function — so holding one means
    /// the CPU has AVX2.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn here() -> Avx2 {
        Avx2(())
    }
}

/// Eight 32-bit lanes (`__m256i`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct U32x8(__m256i);

/// An AVX2 compare result: all-ones lanes where it holds, zero elsewhere.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mask8(__m256i);

impl BitOr for Mask8 {
    type Output = Mask8;
    #[inline(always)]
    fn bitor(self, b: Mask8) -> Mask8 {
        Mask8(proven!(_mm256_or_si256(self.0, b.0)))
    }
}

impl Sealed for U32x8 {}

impl Lanes for U32x8 {
    const N: usize = 8;
    type Token = Avx2;
    type Mask = Mask8;
    type Bits = u8;

    #[inline(always)]
    fn splat(_: Avx2, x: u32) -> U32x8 {
        U32x8(proven!(_mm256_set1_epi32(x as i32)))
    }
    #[inline(always)]
    fn iota(_: Avx2) -> U32x8 {
        U32x8(proven!(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)))
    }
    #[cfg(test)]
    #[inline(always)]
    fn from_slice(_: Avx2, a: &[u32]) -> U32x8 {
        let a: [u32; 8] = a.try_into().expect("eight words");
        let a = a.map(|w| w as i32);
        U32x8(proven!(_mm256_setr_epi32(
            a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]
        )))
    }

    #[inline(always)]
    fn add(self, b: U32x8) -> U32x8 {
        U32x8(proven!(_mm256_add_epi32(self.0, b.0)))
    }
    #[inline(always)]
    fn sub(self, b: U32x8) -> U32x8 {
        U32x8(proven!(_mm256_sub_epi32(self.0, b.0)))
    }
    #[inline(always)]
    fn mul(self, b: U32x8) -> U32x8 {
        U32x8(proven!(_mm256_mullo_epi32(self.0, b.0)))
    }
    #[inline(always)]
    fn and(self, b: U32x8) -> U32x8 {
        U32x8(proven!(_mm256_and_si256(self.0, b.0)))
    }
    #[inline(always)]
    fn or(self, b: U32x8) -> U32x8 {
        U32x8(proven!(_mm256_or_si256(self.0, b.0)))
    }
    #[inline(always)]
    fn xor(self, b: U32x8) -> U32x8 {
        U32x8(proven!(_mm256_xor_si256(self.0, b.0)))
    }
    #[inline(always)]
    fn shr<const S: i32>(self) -> U32x8 {
        U32x8(proven!(_mm256_srli_epi32::<S>(self.0)))
    }
    #[inline(always)]
    fn shl<const S: i32>(self) -> U32x8 {
        U32x8(proven!(_mm256_slli_epi32::<S>(self.0)))
    }
    #[inline(always)]
    fn sar<const S: i32>(self) -> U32x8 {
        U32x8(proven!(_mm256_srai_epi32::<S>(self.0)))
    }

    #[inline(always)]
    fn shr_by(self, by: U32x8) -> U32x8 {
        U32x8(proven!(_mm256_srlv_epi32(self.0, by.0)))
    }
    #[inline(always)]
    fn shl_by(self, by: U32x8) -> U32x8 {
        U32x8(proven!(_mm256_sllv_epi32(self.0, by.0)))
    }

    #[inline(always)]
    fn eq(self, b: U32x8) -> Mask8 {
        Mask8(proven!(_mm256_cmpeq_epi32(self.0, b.0)))
    }
    #[inline(always)]
    fn gt(self, b: U32x8) -> Mask8 {
        Mask8(proven!(_mm256_cmpgt_epi32(self.0, b.0)))
    }
    #[inline(always)]
    fn le(self, b: U32x8) -> Mask8 {
        Mask8(proven!(_mm256_cmpeq_epi32(
            _mm256_min_epu32(self.0, b.0),
            self.0
        )))
    }
    #[inline(always)]
    fn odd(self) -> Mask8 {
        let one = proven!(_mm256_set1_epi32(1));
        Mask8(proven!(_mm256_cmpeq_epi32(
            _mm256_and_si256(self.0, one),
            one
        )))
    }
    #[inline(always)]
    fn xor_where(self, m: Mask8, b: U32x8) -> U32x8 {
        U32x8(proven!(_mm256_xor_si256(
            self.0,
            _mm256_and_si256(m.0, b.0)
        )))
    }
    #[inline(always)]
    fn bits(m: Mask8) -> u8 {
        proven!(_mm256_movemask_ps(_mm256_castsi256_ps(m.0))) as u8
    }

    #[inline(always)]
    #[allow(unsafe_code)]
    unsafe fn gather(base: *const u32, idx: U32x8) -> U32x8 {
        // SAFETY: every lane's address is readable and aligned (the
        // caller's contract), and `idx` proves the CPU has AVX2.
        U32x8(unsafe { _mm256_i32gather_epi32::<4>(base.cast::<i32>(), idx.0) })
    }
}
