//! Which imports are a Microsoft C runtime's x87 functions (SPEC 13.1):
//! the helpers that have built-in models ([`Crt`]), found by the names the
//! runtimes export them under or by their `host-NAME` names, and the
//! functions whose result is in ST(0), which are never stubbed with an
//! integer ([`uses_x87`]). Names only: what a model computes is the `crt`
//! module's, the x87 sequence it runs the `host` module's.

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
