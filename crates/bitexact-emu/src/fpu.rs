//! The x87 state as the emulator and the host exchange it: 80-bit register
//! values, the control / status / tag words, and the `fnsave` image both
//! sides agree on.
//!
//! [`F80::to_f64`] and [`F80::to_f32`] are what `fstp m64` / `fstp m32`
//! store under round-to-nearest (the reading the report gives of ST(0)),
//! written in plain integer arithmetic so they hold on any host; the tests
//! prove them against the host x87.

/// One 80-bit x87 register value: the 64-bit significand (with its explicit
/// integer bit) and the sign-and-exponent word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct F80 {
    /// The significand, integer bit at bit 63.
    pub mantissa: u64,
    /// Sign (bit 15) and biased exponent (bits 0..15).
    pub sign_exponent: u16,
}

impl F80 {
    /// The value from its 10 memory bytes (little-endian, as `fstp m80`
    /// writes them).
    pub fn from_bytes(b: &[u8; 10]) -> F80 {
        let mut m = [0u8; 8];
        m.copy_from_slice(&b[..8]);
        F80 {
            mantissa: u64::from_le_bytes(m),
            sign_exponent: u16::from_le_bytes([b[8], b[9]]),
        }
    }

    /// The 10 memory bytes.
    pub fn to_bytes(self) -> [u8; 10] {
        let mut b = [0u8; 10];
        b[..8].copy_from_slice(&self.mantissa.to_le_bytes());
        b[8..].copy_from_slice(&self.sign_exponent.to_le_bytes());
        b
    }

    /// 20 hex digits, sign and exponent first (`3ffdaaaaaaaaaaaaaaab` for
    /// 1/3 at 64-bit precision).
    pub fn hex(self) -> String {
        format!("{:04x}{:016x}", self.sign_exponent, self.mantissa)
    }

    /// The exact f64 as an 80-bit value (what `fld m64` loads).
    pub fn from_f64(x: f64) -> F80 {
        let bits = x.to_bits();
        let sign = ((bits >> 63) as u16) << 15;
        let exp = ((bits >> 52) & 0x7ff) as i32;
        let frac = bits & ((1u64 << 52) - 1);
        if exp == 0x7ff {
            return F80 {
                mantissa: (1u64 << 63) | (frac << 11),
                sign_exponent: sign | 0x7fff,
            };
        }
        if exp == 0 && frac == 0 {
            return F80 {
                mantissa: 0,
                sign_exponent: sign,
            };
        }
        let (mut m, mut e) = if exp == 0 {
            (frac, -1022)
        } else {
            (frac | (1u64 << 52), exp - 1023)
        };
        // Normalise so the integer bit is bit 52.
        while m & (1u64 << 52) == 0 {
            m <<= 1;
            e -= 1;
        }
        F80 {
            mantissa: m << 11,
            sign_exponent: sign | (e + 16383) as u16,
        }
    }

    /// `fstp m64` under round-to-nearest-even: denormal results, overflow
    /// to infinity, NaNs quieted with their top payload bits; an unnormal
    /// (exponent set, integer bit clear) is an invalid operand and gives
    /// the default NaN, as on the chip.
    pub fn to_f64(self) -> f64 {
        self.to_f64_under(0x037f)
    }

    /// `fstp m32` under round-to-nearest-even, as [`F80::to_f64`].
    pub fn to_f32(self) -> f32 {
        self.to_f32_under(0x037f)
    }

    /// `fstp m64` under the rounding control of control word `cw` (bits
    /// 10–11: nearest, down, up, toward zero; the precision field does not
    /// apply to stores).
    pub fn to_f64_under(self, cw: u16) -> f64 {
        f64::from_bits(self.narrow(53, 11, (cw >> 10) & 3))
    }

    /// `fstp m32` under the rounding control of `cw`.
    pub fn to_f32_under(self, cw: u16) -> f32 {
        f32::from_bits(self.narrow(24, 8, (cw >> 10) & 3) as u32)
    }

    /// The value rounded to a binary format of `p` significand bits and
    /// `w` exponent bits under rounding control `rc`, as raw bits.
    fn narrow(self, p: u32, w: u32, rc: u16) -> u64 {
        let sign = u64::from(self.sign_exponent >> 15);
        let sign_bit = sign << (p - 1 + w);
        let exp_field = i32::from(self.sign_exponent & 0x7fff);
        let max_biased = (1u64 << w) - 1;
        let frac_mask = (1u64 << (p - 1)) - 1;
        let quiet = 1u64 << (p - 2);
        let m = self.mantissa;
        if exp_field == 0x7fff {
            if m << 1 == 0 {
                return sign_bit | (max_biased << (p - 1)); // infinity
            }
            if m >> 63 == 0 {
                return (1 << (p - 1 + w)) | (max_biased << (p - 1)) | quiet; // invalid
            }
            let payload = ((m << 1) >> (64 - (p - 1))) & frac_mask;
            return sign_bit | (max_biased << (p - 1)) | payload | quiet;
        }
        if exp_field != 0 && m >> 63 == 0 {
            // An unnormal: the chip refuses it (invalid operation).
            return (1 << (p - 1 + w)) | (max_biased << (p - 1)) | quiet;
        }
        if m == 0 {
            return sign_bit;
        }
        // value = m · 2^(e − 63); exponent field 0 (denormal or pseudo-
        // denormal) means e = 1 − 16383.
        let mut e = exp_field.max(1) - 16383;
        let lz = m.leading_zeros();
        let m = m << lz;
        e -= lz as i32;
        let bias = (1i32 << (w - 1)) - 1;
        let emin = 1 - bias;
        // Bits of m (64 wide, leading 1 at bit 63) dropped to keep p bits,
        // more when the result is denormal.
        let shift = 64 - p + (emin - e).max(0) as u32;
        let (keep, rem, half) = if shift >= 66 {
            (0u128, 1u128, 2u128) // below half the least denormal
        } else {
            let wide = u128::from(m);
            let keep = wide >> shift;
            let rem = wide & ((1u128 << shift) - 1);
            (keep, rem, 1u128 << (shift - 1))
        };
        let mut keep = keep as u64;
        let negative = sign == 1;
        let up = match rc {
            0 => rem > half || (rem == half && keep & 1 == 1),
            1 => negative && rem != 0,
            2 => !negative && rem != 0,
            _ => false,
        };
        if up {
            keep += 1;
        }
        if e < emin {
            // Denormal (or rounded up into the least normal: the carry
            // lands in the exponent field by itself).
            return sign_bit | keep;
        }
        let mut biased = (e + bias) as u64;
        if keep >> p != 0 {
            keep >>= 1;
            biased += 1;
        }
        if biased >= max_biased {
            // Overflow: infinity, or the largest finite value where the
            // rounding goes toward zero.
            let to_inf = match rc {
                0 => true,
                1 => negative,
                2 => !negative,
                _ => false,
            };
            return if to_inf {
                sign_bit | (max_biased << (p - 1))
            } else {
                sign_bit | ((max_biased - 1) << (p - 1)) | frac_mask
            };
        }
        sign_bit | (biased << (p - 1)) | (keep & frac_mask)
    }
}

/// The x87 state between instructions: what `fnsave` stores, less the
/// instruction and data pointers (which no emulator and host agree on).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct FpuState {
    /// The control word.
    pub cw: u16,
    /// The status word (TOP in bits 11..14).
    pub sw: u16,
    /// The full tag word, two bits per physical register (11 = empty).
    pub tag: u16,
    /// ST(0) … ST(7), in stack order.
    pub st: [F80; 8],
}

impl FpuState {
    /// The stack top (TOP field of the status word).
    pub fn top(&self) -> u16 {
        (self.sw >> 11) & 7
    }

    /// Whether ST(i) holds a value (its physical register's tag is not
    /// empty).
    pub fn is_full(&self, i: usize) -> bool {
        let phys = (usize::from(self.top()) + i) & 7;
        (self.tag >> (2 * phys)) & 3 != 3
    }

    /// How many registers hold values.
    pub fn depth(&self) -> usize {
        (0..8).filter(|&i| self.is_full(i)).count()
    }

    /// The 108-byte `fnsave` / `frstor` image (32-bit protected-mode
    /// layout; the pointer fields zero).
    pub fn to_save_image(&self) -> [u8; 108] {
        let mut b = [0u8; 108];
        b[0..2].copy_from_slice(&self.cw.to_le_bytes());
        b[4..6].copy_from_slice(&self.sw.to_le_bytes());
        b[8..10].copy_from_slice(&self.tag.to_le_bytes());
        for (i, r) in self.st.iter().enumerate() {
            b[28 + 10 * i..38 + 10 * i].copy_from_slice(&r.to_bytes());
        }
        b
    }

    /// The state from an `fnsave` image.
    pub fn from_save_image(b: &[u8; 108]) -> FpuState {
        let mut st = [F80::default(); 8];
        for (i, r) in st.iter_mut().enumerate() {
            let mut x = [0u8; 10];
            x.copy_from_slice(&b[28 + 10 * i..38 + 10 * i]);
            *r = F80::from_bytes(&x);
        }
        FpuState {
            cw: u16::from_le_bytes([b[0], b[1]]),
            sw: u16::from_le_bytes([b[4], b[5]]),
            tag: u16::from_le_bytes([b[8], b[9]]),
            st,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_values_narrow_to_themselves() {
        for x in [
            1.0f64,
            -2.5,
            f64::MAX,
            f64::MIN_POSITIVE,
            5e-324,
            -0.0,
            f64::INFINITY,
            1.0 / 3.0,
        ] {
            let r = F80::from_f64(x).to_f64();
            assert_eq!(r.to_bits(), x.to_bits(), "{x:e}");
        }
        for x in [1.0f32, 1e-45, f32::MAX, -3.75, f32::MIN_POSITIVE] {
            let r = F80::from_f64(f64::from(x)).to_f32();
            assert_eq!(r.to_bits(), x.to_bits(), "{x:e}");
        }
    }

    #[test]
    fn one_third_at_each_precision_reads_as_the_spec_gives() {
        // SPEC 13: 1/3 at 0x027F is 3ffdaaaaaaaaaaaaa800.
        let v = F80 {
            mantissa: 0xaaaa_aaaa_aaaa_a800,
            sign_exponent: 0x3ffd,
        };
        assert_eq!(v.hex(), "3ffdaaaaaaaaaaaaa800");
        assert_eq!(v.to_f64(), 1.0 / 3.0);
    }
}
