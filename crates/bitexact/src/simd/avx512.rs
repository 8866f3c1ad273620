//! [`Lanes`] on AVX-512F: sixteen 32-bit lanes in a `__m512i`; compares
//! yield a `k` mask (`u16`). The shifts by a constant go through the
//! shift-by-register intrinsics (whose count is a `__m128i`) because the
//! immediate ones take their count as a `u32` constant and the trait's is
//! an `i32` one; with the count a constant, LLVM emits the immediate form.

use core::arch::x86_64::{
    __m512i, _mm512_add_epi32, _mm512_and_si512, _mm512_cmpeq_epi32_mask, _mm512_cmpgt_epi32_mask,
    _mm512_cmple_epu32_mask, _mm512_i32gather_epi32, _mm512_mask_xor_epi32, _mm512_mullo_epi32,
    _mm512_or_si512, _mm512_set1_epi32, _mm512_setr_epi32, _mm512_sll_epi32, _mm512_sllv_epi32,
    _mm512_sra_epi32, _mm512_srl_epi32, _mm512_srlv_epi32, _mm512_sub_epi32,
    _mm512_test_epi32_mask, _mm512_xor_si512, _mm_cvtsi32_si128,
};
use core::ops::BitOr;

use super::lanes::{proven, Lanes, Sealed};

/// Proof that this CPU executes AVX-512F (see `simd::lanes`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx512(());

impl Avx512 {
    /// The token. Safe to call only where AVX-512F is enabled — in a
    /// `#[target_feature(enable = "avx512f")]` function — so holding one
    /// means the CPU has AVX-512F.
    #[target_feature(enable = "avx512f")]
    #[inline]
    pub(crate) fn here() -> Avx512 {
        Avx512(())
    }
}

/// Sixteen 32-bit lanes (`__m512i`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct U32x16(__m512i);

/// An AVX-512F compare result: bit `l` set where it holds in lane `l`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mask16(u16);

impl BitOr for Mask16 {
    type Output = Mask16;
    #[inline(always)]
    fn bitor(self, b: Mask16) -> Mask16 {
        Mask16(self.0 | b.0)
    }
}

impl Sealed for U32x16 {}

impl Lanes for U32x16 {
    const N: usize = 16;
    type Token = Avx512;
    type Mask = Mask16;
    type Bits = u16;

    #[inline(always)]
    fn splat(_: Avx512, x: u32) -> U32x16 {
        U32x16(proven!(_mm512_set1_epi32(x as i32)))
    }
    #[inline(always)]
    fn iota(_: Avx512) -> U32x16 {
        U32x16(proven!(_mm512_setr_epi32(
            0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
        )))
    }
    #[cfg(test)]
    #[inline(always)]
    fn from_slice(_: Avx512, a: &[u32]) -> U32x16 {
        let a: [u32; 16] = a.try_into().expect("sixteen words");
        let a = a.map(|w| w as i32);
        U32x16(proven!(_mm512_setr_epi32(
            a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13],
            a[14], a[15],
        )))
    }

    #[inline(always)]
    fn add(self, b: U32x16) -> U32x16 {
        U32x16(proven!(_mm512_add_epi32(self.0, b.0)))
    }
    #[inline(always)]
    fn sub(self, b: U32x16) -> U32x16 {
        U32x16(proven!(_mm512_sub_epi32(self.0, b.0)))
    }
    #[inline(always)]
    fn mul(self, b: U32x16) -> U32x16 {
        U32x16(proven!(_mm512_mullo_epi32(self.0, b.0)))
    }
    #[inline(always)]
    fn and(self, b: U32x16) -> U32x16 {
        U32x16(proven!(_mm512_and_si512(self.0, b.0)))
    }
    #[inline(always)]
    fn or(self, b: U32x16) -> U32x16 {
        U32x16(proven!(_mm512_or_si512(self.0, b.0)))
    }
    #[inline(always)]
    fn xor(self, b: U32x16) -> U32x16 {
        U32x16(proven!(_mm512_xor_si512(self.0, b.0)))
    }
    #[inline(always)]
    fn shr<const S: i32>(self) -> U32x16 {
        U32x16(proven!(_mm512_srl_epi32(self.0, _mm_cvtsi32_si128(S))))
    }
    #[inline(always)]
    fn shl<const S: i32>(self) -> U32x16 {
        U32x16(proven!(_mm512_sll_epi32(self.0, _mm_cvtsi32_si128(S))))
    }
    #[inline(always)]
    fn sar<const S: i32>(self) -> U32x16 {
        U32x16(proven!(_mm512_sra_epi32(self.0, _mm_cvtsi32_si128(S))))
    }

    #[inline(always)]
    fn shr_by(self, by: U32x16) -> U32x16 {
        U32x16(proven!(_mm512_srlv_epi32(self.0, by.0)))
    }
    #[inline(always)]
    fn shl_by(self, by: U32x16) -> U32x16 {
        U32x16(proven!(_mm512_sllv_epi32(self.0, by.0)))
    }

    #[inline(always)]
    fn eq(self, b: U32x16) -> Mask16 {
        Mask16(proven!(_mm512_cmpeq_epi32_mask(self.0, b.0)))
    }
    #[inline(always)]
    fn gt(self, b: U32x16) -> Mask16 {
        Mask16(proven!(_mm512_cmpgt_epi32_mask(self.0, b.0)))
    }
    #[inline(always)]
    fn le(self, b: U32x16) -> Mask16 {
        Mask16(proven!(_mm512_cmple_epu32_mask(self.0, b.0)))
    }
    #[inline(always)]
    fn odd(self) -> Mask16 {
        Mask16(proven!(_mm512_test_epi32_mask(
            self.0,
            _mm512_set1_epi32(1)
        )))
    }
    #[inline(always)]
    fn xor_where(self, m: Mask16, b: U32x16) -> U32x16 {
        U32x16(proven!(_mm512_mask_xor_epi32(self.0, m.0, self.0, b.0)))
    }
    #[inline(always)]
    fn bits(m: Mask16) -> u16 {
        m.0
    }

    #[inline(always)]
    #[allow(unsafe_code)]
    unsafe fn gather(base: *const u32, idx: U32x16) -> U32x16 {
        // SAFETY: every lane's address is readable and aligned (the
        // caller's contract), and `idx` proves the CPU has AVX-512F.
        U32x16(unsafe { _mm512_i32gather_epi32::<4>(idx.0, base.cast::<i32>().cast()) })
    }
}
