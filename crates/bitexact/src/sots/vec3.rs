//! `Mars_Vec3_*`: vector lengths and normalisation with the original's
//! narrowings (SPEC 5, seed 003).
//!
//! All values are f32; every arithmetic result is rounded at the x87
//! precision ([`Precision`]) and the original stores to 4-byte floats at
//! fixed points, which [`store_f32`] reproduces:
//!
//! ```text
//! sumsq = f32((x·x + y·y) + z·z)     products and sums at the precision, only the sum stored
//! len   = f32(sqrt(sumsq))
//! if !(len > 2^-23): dir = (0, 0, 0), returned length = x87 indefinite
//! inv   = f32(1 / len)               a reciprocal, multiplied through
//! dir.c = f32(c · inv)
//! ```
//!
//! Under pc53 the products of f32s are exact and the sums round to 53 bits;
//! under pc24 every product, sum, square root and the reciprocal round to 24
//! bits. Both are checked against the x87 unit (`x87::hw::normalize`).

use crate::x87::{load_f32, operand_f32, store_f32, Precision, INDEFINITE_F32};

/// `Mars_Vec3_Normalize`'s threshold: f32 bits `0x34000000` = 2^-23.
pub const NORMALIZE_EPSILON: f32 = f32::from_bits(0x3400_0000);

/// A vector of three f32s, laid out as the engine's `Vec3` (x, y, z).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Vec3 {
    /// x
    pub x: f32,
    /// y
    pub y: f32,
    /// z
    pub z: f32,
}

impl Vec3 {
    /// The zero vector.
    pub const ZERO: Vec3 = Vec3::new(0.0, 0.0, 0.0);

    /// `(x, y, z)`.
    pub const fn new(x: f32, y: f32, z: f32) -> Vec3 {
        Vec3 { x, y, z }
    }

    /// The components as an array.
    pub const fn to_array(self) -> [f32; 3] {
        [self.x, self.y, self.z]
    }

    /// A vector from an array `[x, y, z]`.
    pub const fn from_array(a: [f32; 3]) -> Vec3 {
        Vec3::new(a[0], a[1], a[2])
    }

    /// The components' bit patterns.
    pub fn to_bits(self) -> [u32; 3] {
        self.to_array().map(f32::to_bits)
    }

    /// Bitwise equality (tells `-0.0` from `0.0`, and NaN payloads apart).
    pub fn bits_eq(self, other: Vec3) -> bool {
        self.to_bits() == other.to_bits()
    }

    /// `Mars_Vec3_LengthSquared`: `f32((x·x + y·y) + z·z)`, in that order.
    pub fn length_squared(self, p: Precision) -> f32 {
        let (x, y, z) = (load_f32(self.x), load_f32(self.y), load_f32(self.z));
        let xy = p.add(p.mul(x, x), p.mul(y, y));
        store_f32(p.add(xy, p.mul(z, z)))
    }

    /// `Mars_Vec3_Length`: `f32(sqrt(length_squared))` — narrowed twice.
    pub fn length(self, p: Precision) -> f32 {
        store_f32(p.sqrt(load_f32(self.length_squared(p))))
    }

    /// `Mars_Vec3_Normalize`: the direction and the length, as the original
    /// computes them (see the module docs).
    ///
    /// When `!(len > 2^-23)` — a zero or tiny vector, or a NaN length — the
    /// direction is (0, 0, 0) and the returned length is the x87 indefinite
    /// (f32 bits `0xFFC00000`). Reproduced, not fixed: the original's zero
    /// branch returns with an empty x87 stack, so the caller's store of the
    /// length underflows and writes the indefinite.
    pub fn normalize(self, p: Precision) -> (Vec3, f32) {
        let len = self.length(p);
        // Written as the original's test, so a NaN length takes the branch too.
        #[allow(clippy::neg_cmp_op_on_partial_ord)]
        if !(len > NORMALIZE_EPSILON) {
            return (Vec3::ZERO, INDEFINITE_F32);
        }
        let inv = load_f32(store_f32(p.div(1.0, load_f32(len))));
        // fld x; fmul st, st(1) — fld y; fmul st, st(1) — fmul dword [z]
        let x = store_f32(p.mul(load_f32(self.x), inv));
        let y = store_f32(p.mul(load_f32(self.y), inv));
        let z = store_f32(p.mul(inv, operand_f32(self.z)));
        (Vec3::new(x, y, z), len)
    }
}
