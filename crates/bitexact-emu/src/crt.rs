//! The MSVC CRT's x87 helpers as built-in models (SPEC 13.1: `--crt x87`).
//!
//! Code built by MSVC for x87 calls `_CIlog`, `_CIsqrt`, `_ftol` … with
//! their operands on the x87 stack, not the C stack, and gets the result
//! in ST(0) (or, for `_ftol`, in EDX:EAX). Each model here runs the helper's
//! defining x87 instruction sequence on the host's own x87 unit under the
//! call's control word (every exception masked, as in [`crate::host`]):
//!
//! | helper | operands | sequence |
//! |---|---|---|
//! | `_CIlog` | x | `fldln2; fxch; fyl2x` |
//! | `_CIlog10` | x | `fldlg2; fxch; fyl2x` |
//! | `_CIsqrt` | x | `fsqrt` |
//! | `_CIsin`, `_CIcos` | x | `fsin`, `fcos` |
//! | `_CItan` | x | `fptan; fstp st(0)` |
//! | `_CIatan` | x | `fld1; fpatan` |
//! | `_CIatan2` | y in ST(1), x in ST(0) | `fpatan` |
//! | `_CIfmod` | x in ST(1), y in ST(0) | `fxch; fprem` until C2 clears; `fstp st(1)` |
//! | `_CIexp` | x | `fldl2e; fmul`, then 2^t: `fld st; frndint; fsub st(1), st; fxch; f2xm1; fld1; faddp; fscale; fstp st(1)` |
//! | `_CIpow` | x in ST(1), y in ST(0) | `fxch; fyl2x`, then 2^t as `_CIexp` (x > 0 only) |
//! | `_ftol`, `_ftol2`, `_ftol2_sse` | x | pops ST(0): truncated toward zero to EDX:EAX, as `fistp m64` under RC = chop stores it |
//!
//! These are models of the **x87 path** of the CRT, not the CRT itself: the
//! real `msvcrt` takes an SSE2 path on SSE2 hardware when the control word
//! is the default, and handles edge cases (errno, a negative base with an
//! integer exponent in `pow`) these do not: `_CIpow` with x ≤ 0 or a
//! non-finite operand stops the run rather than guess. The emulator says in
//! a note whenever a model ran.
//!
//! Which imports are these helpers is told by their names (the private
//! `crt_imports` module, whose [`Crt`] and [`uses_x87`] are re-exported
//! here); the sequences run in [`crate::host`].

pub use crate::crt_imports::{uses_x87, Crt};
use crate::fpu::{FpuState, F80};

impl Crt {
    /// Runs the model on `state` (the emulator's x87 state at the call):
    /// the state after it and, for `_ftol`, the 64-bit result. `None` when
    /// the host cannot run x87 code; `Err` with the reason when the
    /// operands are outside what the model covers.
    pub fn run(self, state: &FpuState) -> Result<Option<(FpuState, Option<u64>)>, String> {
        let need = if matches!(self, Crt::Atan2 | Crt::Fmod | Crt::Pow) {
            2
        } else {
            1
        };
        if (0..need).any(|i| !state.is_full(i)) {
            return Err(format!(
                "{} takes {need} operand{} on the x87 stack, and it holds {}",
                self.helper(),
                if need == 1 { "" } else { "s" },
                state.depth()
            ));
        }
        if self == Crt::Pow {
            let (x, y) = (state.st[1], state.st[0]);
            let x_ok = x.sign_exponent & 0x8000 == 0
                && x.mantissa != 0
                && x.sign_exponent & 0x7fff != 0x7fff;
            if !x_ok || y.sign_exponent & 0x7fff == 0x7fff {
                return Err(format!(
                    "_CIpow({}, {}): the x87 model covers a finite base > 0 and a finite exponent only",
                    x.to_f64(),
                    y.to_f64()
                ));
            }
        }
        if self == Crt::Ftol {
            let mut after = state.clone();
            let v = state.st[0];
            after.tag |= 3 << (2 * after.top());
            after.sw = (after.sw & !0x3800) | (((after.top() + 1) & 7) << 11);
            after.st.rotate_left(1);
            after.st[7] = F80::default();
            return Ok(Some((after, Some(truncate(v)))));
        }
        Ok(crate::host::run_crt(self, state).map(|s| (s, None)))
    }
}

/// `v` truncated toward zero as a 64-bit integer, as `fistp m64` stores it
/// under RC = chop: out of range, NaN or infinite gives the integer
/// indefinite 0x8000000000000000.
pub fn truncate(v: F80) -> u64 {
    const INDEFINITE: u64 = 1 << 63;
    let neg = v.sign_exponent & 0x8000 != 0;
    let e = i32::from(v.sign_exponent & 0x7fff);
    if e == 0x7fff {
        return INDEFINITE;
    }
    // value = mantissa · 2^(e − 16383 − 63)
    let shift = 16383 + 63 - e;
    let mag: u128 = if shift >= 64 {
        0
    } else if shift >= 0 {
        u128::from(v.mantissa >> shift)
    } else if shift > -64 {
        u128::from(v.mantissa) << (-shift)
    } else {
        return INDEFINITE;
    };
    if neg {
        if mag > 1 << 63 {
            INDEFINITE
        } else {
            (mag as u64).wrapping_neg()
        }
    } else if mag >= 1 << 63 {
        INDEFINITE
    } else {
        mag as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn truncation_is_fistp_under_chop() {
        for (x, want) in [
            (2.9f64, 2u64),
            (-2.9, (-2i64) as u64),
            (0.5, 0),
            (-0.0, 0),
            (9_223_372_036_854_775_808.0, 1 << 63),
            (-9_223_372_036_854_775_808.0, 1 << 63),
            (
                -9_223_372_036_854_774_784.0,
                (-9_223_372_036_854_774_784i64) as u64,
            ),
            (f64::NAN, 1 << 63),
            (4294967296.5, 4294967296),
            (1e300, 1 << 63),
        ] {
            assert_eq!(truncate(F80::from_f64(x)), want, "{x}");
        }
    }
}
