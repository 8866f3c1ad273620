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

use crate::fpu::{FpuState, F80};

/// One helper's model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Crt {
    /// `_CIlog`
    Log,
    /// `_CIlog10`
    Log10,
    /// `_CIexp`
    Exp,
    /// `_CIpow`
    Pow,
    /// `_CIsqrt`
    Sqrt,
    /// `_CIsin`
    Sin,
    /// `_CIcos`
    Cos,
    /// `_CItan`
    Tan,
    /// `_CIatan`
    Atan,
    /// `_CIatan2`
    Atan2,
    /// `_CIfmod`
    Fmod,
    /// `_ftol`, `_ftol2`, `_ftol2_sse`
    Ftol,
}

/// Every model with its helper names and its `host-NAME` name.
const MODELS: [(Crt, &[&str], &str); 12] = [
    (Crt::Log, &["_CIlog"], "log"),
    (Crt::Log10, &["_CIlog10"], "log10"),
    (Crt::Exp, &["_CIexp"], "exp"),
    (Crt::Pow, &["_CIpow"], "pow"),
    (Crt::Sqrt, &["_CIsqrt"], "sqrt"),
    (Crt::Sin, &["_CIsin"], "sin"),
    (Crt::Cos, &["_CIcos"], "cos"),
    (Crt::Tan, &["_CItan"], "tan"),
    (Crt::Atan, &["_CIatan"], "atan"),
    (Crt::Atan2, &["_CIatan2"], "atan2"),
    (Crt::Fmod, &["_CIfmod"], "fmod"),
    (Crt::Ftol, &["_ftol", "_ftol2", "_ftol2_sse"], "ftol"),
];

/// The C runtime's functions that return a floating-point value in ST(0)
/// on x86: C89's and C99's `<math.h>` (and their `f` / `l` forms, which
/// return in ST(0) too), Microsoft's `_`-named ones, the Bessel functions,
/// `difftime`, and the text-to-number conversions.
const ST0_FUNCTIONS: &[&str] = &[
    "acos",
    "acosh",
    "asin",
    "asinh",
    "atan",
    "atan2",
    "atanh",
    "cbrt",
    "ceil",
    "copysign",
    "cos",
    "cosh",
    "erf",
    "erfc",
    "exp",
    "exp2",
    "expm1",
    "fabs",
    "fdim",
    "floor",
    "fma",
    "fmax",
    "fmin",
    "fmod",
    "frexp",
    "hypot",
    "ldexp",
    "lgamma",
    "log",
    "log10",
    "log1p",
    "log2",
    "logb",
    "modf",
    "nan",
    "nearbyint",
    "nextafter",
    "nexttoward",
    "pow",
    "remainder",
    "remquo",
    "rint",
    "round",
    "scalbln",
    "scalbn",
    "sin",
    "sinh",
    "sqrt",
    "tan",
    "tanh",
    "tgamma",
    "trunc",
    "_cabs",
    "_chgsign",
    "_copysign",
    "_hypot",
    "_logb",
    "_nextafter",
    "_scalb",
    "_j0",
    "_j1",
    "_jn",
    "_y0",
    "_y1",
    "_yn",
    "j0",
    "j1",
    "jn",
    "y0",
    "y1",
    "yn",
    "difftime",
    "_difftime32",
    "_difftime64",
    "atof",
    "_atof_l",
    "strtod",
    "_strtod_l",
    "wcstod",
    "_wcstod_l",
    "_wtof",
    "_wtof_l",
    "strtold",
    "wcstold",
    "_atodbl",
    "_atoldbl",
];

/// Whether `f` is one of [`ST0_FUNCTIONS`], or its `float` / `long double`
/// form (`sqrtf`, `sqrtl`).
fn returns_st0(f: &str) -> bool {
    ST0_FUNCTIONS.contains(&f)
        || ["f", "l"].iter().any(|s| {
            f.strip_suffix(s)
                .is_some_and(|b| ST0_FUNCTIONS.contains(&b))
        })
}

/// Whether `dll` is a Microsoft C runtime.
fn is_crt(dll: &str) -> bool {
    let d = dll.to_ascii_lowercase();
    d.starts_with("msvcr")
        || d.starts_with("ucrtbase")
        || d.starts_with("api-ms-win-crt-")
        || d == "crtdll.dll"
}

impl Crt {
    /// The model of the import `DLL!function`, when it is one of the
    /// helpers of a Microsoft C runtime.
    pub fn for_import(import: &str) -> Option<Crt> {
        let (dll, f) = import.split_once('!')?;
        if !is_crt(dll) {
            return None;
        }
        MODELS
            .iter()
            .find(|(_, names, _)| names.contains(&f))
            .map(|m| m.0)
    }

    /// The model named `host-NAME` (`host-log`, `host-ftol`, …).
    pub fn by_name(n: &str) -> Option<Crt> {
        let n = n.strip_prefix("host-")?;
        MODELS.iter().find(|m| m.2 == n).map(|m| m.0)
    }

    /// The names `by_name` takes, for messages.
    pub fn names() -> Vec<String> {
        MODELS.iter().map(|m| format!("host-{}", m.2)).collect()
    }

    /// The helper's name, as the notes print it.
    pub fn helper(self) -> &'static str {
        MODELS.iter().find(|m| m.0 == self).map_or("?", |m| m.1[0])
    }

    /// Whether its result is EDX:EAX (else ST(0)).
    pub fn returns_integer(self) -> bool {
        self == Crt::Ftol
    }

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

/// Whether the import `DLL!function` returns its result in ST(0) (or, for
/// `_ftol`, takes its operand there): a Microsoft C runtime's x87 helpers
/// and double-returning math functions. Such an import is never stubbed
/// with an integer.
pub fn uses_x87(import: &str) -> bool {
    if Crt::for_import(import).is_some() {
        return true;
    }
    let Some((dll, f)) = import.split_once('!') else {
        return false;
    };
    is_crt(dll) && (returns_st0(f) || f.starts_with("_CI"))
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

    #[test]
    fn helpers_are_found_only_in_a_crt() {
        assert_eq!(Crt::for_import("MSVCR90.dll!_CIlog"), Some(Crt::Log));
        assert_eq!(Crt::for_import("msvcrt.dll!_ftol2_sse"), Some(Crt::Ftol));
        assert_eq!(Crt::for_import("game.dll!_CIlog"), None);
        assert!(uses_x87("MSVCR80.dll!sqrt"));
        assert!(uses_x87("MSVCR80.dll!_CIasin"));
        for f in ["round", "cbrt", "_j0", "_difftime64", "sqrtf", "roundl"] {
            assert!(uses_x87(&format!("ucrtbase.dll!{f}")), "{f}");
        }
        assert!(!uses_x87("ucrtbase.dll!rand") && !uses_x87("ucrtbase.dll!lround"));
        assert!(!uses_x87("KERNEL32.dll!GetTickCount"));
        assert_eq!(Crt::by_name("host-atan2"), Some(Crt::Atan2));
        assert_eq!(Crt::by_name("log"), None);
    }
}
