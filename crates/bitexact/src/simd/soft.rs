//! [`Lanes`] in plain Rust, sixteen lanes of `[u32; 16]` (tests only): the
//! AVX-512 kernels' generic bodies, with their 16-lane group and lane
//! arithmetic, run on a machine without AVX-512 and are compared there
//! with the portable path. Each method is the lane-wise `u32` operation
//! its trait documentation names, written out per lane.

use core::ops::BitOr;

use super::lanes::{Lanes, Sealed};

/// The token of [`Soft16`]: any CPU runs it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Soft(());

impl Soft {
    /// The token.
    pub(crate) fn here() -> Soft {
        Soft(())
    }
}

/// Sixteen 32-bit lanes in an array.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Soft16([u32; 16]);

/// A compare result: bit `l` set where it holds in lane `l`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SoftMask(u16);

impl BitOr for SoftMask {
    type Output = SoftMask;
    fn bitor(self, b: SoftMask) -> SoftMask {
        SoftMask(self.0 | b.0)
    }
}

impl Soft16 {
    fn map(self, f: impl Fn(u32) -> u32) -> Soft16 {
        Soft16(self.0.map(f))
    }

    fn zip(self, b: Soft16, f: impl Fn(u32, u32) -> u32) -> Soft16 {
        Soft16(core::array::from_fn(|l| f(self.0[l], b.0[l])))
    }

    fn test(self, b: Soft16, f: impl Fn(u32, u32) -> bool) -> SoftMask {
        SoftMask((0..16).fold(0, |m, l| m | u16::from(f(self.0[l], b.0[l])) << l))
    }
}

impl Sealed for Soft16 {}

impl Lanes for Soft16 {
    const N: usize = 16;
    type Token = Soft;
    type Mask = SoftMask;
    type Bits = u16;

    fn splat(_: Soft, x: u32) -> Soft16 {
        Soft16([x; 16])
    }
    fn iota(_: Soft) -> Soft16 {
        Soft16(core::array::from_fn(|l| l as u32))
    }
    fn from_slice(_: Soft, a: &[u32]) -> Soft16 {
        Soft16(a.try_into().expect("16 words"))
    }
    fn add(self, b: Soft16) -> Soft16 {
        self.zip(b, u32::wrapping_add)
    }
    fn sub(self, b: Soft16) -> Soft16 {
        self.zip(b, u32::wrapping_sub)
    }
    fn mul(self, b: Soft16) -> Soft16 {
        self.zip(b, u32::wrapping_mul)
    }
    fn and(self, b: Soft16) -> Soft16 {
        self.zip(b, |a, b| a & b)
    }
    fn or(self, b: Soft16) -> Soft16 {
        self.zip(b, |a, b| a | b)
    }
    fn xor(self, b: Soft16) -> Soft16 {
        self.zip(b, |a, b| a ^ b)
    }
    fn shr<const S: i32>(self) -> Soft16 {
        self.map(|a| a >> S)
    }
    fn shl<const S: i32>(self) -> Soft16 {
        self.map(|a| a << S)
    }
    fn sar<const S: i32>(self) -> Soft16 {
        self.map(|a| ((a as i32) >> S) as u32)
    }
    fn shr_by(self, by: Soft16) -> Soft16 {
        self.zip(by, |a, b| a.checked_shr(b).unwrap_or(0))
    }
    fn shl_by(self, by: Soft16) -> Soft16 {
        self.zip(by, |a, b| a.checked_shl(b).unwrap_or(0))
    }
    fn eq(self, b: Soft16) -> SoftMask {
        self.test(b, |a, b| a == b)
    }
    fn gt(self, b: Soft16) -> SoftMask {
        self.test(b, |a, b| (a as i32) > (b as i32))
    }
    fn le(self, b: Soft16) -> SoftMask {
        self.test(b, |a, b| a <= b)
    }
    fn odd(self) -> SoftMask {
        self.test(self, |a, _| a & 1 == 1)
    }
    fn xor_where(self, m: SoftMask, b: Soft16) -> Soft16 {
        Soft16(core::array::from_fn(|l| {
            if m.0 >> l & 1 == 1 {
                self.0[l] ^ b.0[l]
            } else {
                self.0[l]
            }
        }))
    }
    fn bits(m: SoftMask) -> u16 {
        m.0
    }
    #[allow(unsafe_code)]
    unsafe fn gather(base: *const u32, idx: Soft16) -> Soft16 {
        // SAFETY: the caller promises each `base.offset(idx[l])` is valid
        // for an aligned 4-byte read (the trait's contract).
        idx.map(|i| unsafe { *base.offset(i as i32 as isize) })
    }
}
