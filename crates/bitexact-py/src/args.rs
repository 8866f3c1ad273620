//! The one conversion layer for Python arguments (SPEC 9): every value a
//! function or method takes goes through these, so a wrong-typed or
//! out-of-range value of any kind — a Python `int` of any size, `bool`, a
//! numpy integer or float scalar, a float where an integer belongs, a
//! string where a number belongs — is `bitexact.Error` naming the argument
//! and what it accepts, never `OverflowError` or `TypeError`.
//!
//! Integers are anything with `__index__` (Python ints, bools, numpy
//! integer scalars), read whole before the range is checked. Floats are
//! anything with `__float__` (ints too, when they fit a double). A float32
//! argument takes the float32 nearest the value given, rounded once: a
//! Python float (a double) from the double; an int, `Fraction`, `Decimal`
//! or numpy float from its exact value (a numpy `float32` passes exactly).
//! (The text forms of taps, `frange:S,HI`, round the decimal itself to
//! float32 once, through no double; a decimal within 2^-53 of a float32
//! rounding boundary then differs from `float(S)` rounded — pass the
//! method the float32 itself, which a Python float holds exactly.)

use std::path::{Path, PathBuf};

use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use pyo3::types::{
    PyBool, PyByteArray, PyBytes, PyDict, PyFloat, PyFrozenSet, PyInt, PyMemoryView, PySet,
    PyString,
};

use crate::error;

/// The ranges the integer arguments report, worded as the library's
/// number parser.
pub(crate) use bitexact::num::{I32_RANGE as I32, U32_RANGE as U32};
pub(crate) const U64: &str = "does not fit in 64 bits (0..=18446744073709551615)";

/// What `obj` is, for messages: its value and its type.
fn shown(obj: &Bound<'_, PyAny>) -> String {
    let v = obj
        .repr()
        .map(|s| s.to_string())
        .unwrap_or_else(|_| "?".into());
    let v: String = v.chars().take(60).collect();
    let t = obj
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".into());
    format!("{v} ({t})")
}

/// An integer argument, whole: a Python int, bool or numpy integer (any
/// object with `__index__`, a float never).
fn whole(obj: &Bound<'_, PyAny>, what: &str, range: &str) -> PyResult<i128> {
    let int = if obj.is_instance_of::<PyInt>() {
        obj.clone()
    } else if !obj.is_instance_of::<PyFloat>() && obj.hasattr("__index__").unwrap_or(false) {
        obj.call_method0("__index__")
            .map_err(|_| error(format!("{what} must be an integer, not {}", shown(obj))))?
    } else {
        return Err(error(format!(
            "{what} must be an integer, not {}",
            shown(obj)
        )));
    };
    int.extract::<i128>().map_err(|_| {
        error(format!(
            "{what} {} {range}",
            int.str().map(|s| s.to_string()).unwrap_or_default()
        ))
    })
}

/// An integer argument that must fit `T`: out of range, or not an integer,
/// it is a `bitexact.Error` naming the argument and the range.
pub(crate) fn int_arg<T: TryFrom<i128>>(
    obj: &Bound<'_, PyAny>,
    what: &str,
    range: &str,
) -> PyResult<T> {
    let v = whole(obj, what, range)?;
    T::try_from(v).map_err(|_| error(format!("{what} {v} {range}")))
}

/// A `u64` argument (all of it: above `i64::MAX` too).
pub(crate) fn u64_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<u64> {
    int_arg(obj, what, U64)
}

/// An optional `u64` argument.
pub(crate) fn opt_u64(obj: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Option<u64>> {
    obj.map(|o| u64_arg(o, what)).transpose()
}

/// A count (`n` of a fill, `count` and `skip` of a stream, `max_hits`):
/// 0 or more, within 64 bits.
pub(crate) fn count_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<u64> {
    int_arg(obj, what, "is not a count (0..=18446744073709551615)")
}

/// A count refused past `limit` (a work bound of the library's, stated in
/// `unit`).
pub(crate) fn bounded(what: &str, n: u64, limit: u64, unit: &str) -> PyResult<u64> {
    if n > limit {
        return Err(error(format!(
            "{what} {n} is over the limit of {limit} {unit}"
        )));
    }
    Ok(n)
}

/// Whether `obj` is a number a float argument takes: a Python float, int
/// or bool, or anything with `__float__` but text.
fn numeric(obj: &Bound<'_, PyAny>) -> bool {
    obj.is_instance_of::<PyFloat>()
        || obj.is_instance_of::<PyInt>()
        || (!obj.is_instance_of::<PyString>() && obj.hasattr("__float__").unwrap_or(false))
}

/// A float argument as a double: a Python float, int or bool, a numpy
/// number (anything with `__float__`); an int too large for a double, or
/// anything else, is a `bitexact.Error`.
pub(crate) fn f64_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<f64> {
    if !numeric(obj) {
        return Err(error(format!(
            "{what} must be a number, not {}",
            shown(obj)
        )));
    }
    match obj.extract::<f64>() {
        Ok(v) => Ok(v),
        Err(_) => Err(error(format!(
            "{what} {} is not a number a double holds",
            shown(obj)
        ))),
    }
}

/// A float32 argument: the float32 nearest the value given, rounded once
/// (ties to even). A Python float is a double, rounded to float32 once;
/// a value that is exact in Python — an int of any size, a `Fraction`, a
/// finite `Decimal`, a numpy float32 or longdouble (whatever
/// `as_integer_ratio` gives exactly) — is rounded from its exact value,
/// never through a double first. A value beyond float32's range rounds to
/// infinity, as a C caller's narrowing does, but one beyond a double's
/// (`10**400`) is refused, as for a float argument; NaN stays NaN.
pub(crate) fn f32_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<f32> {
    if !obj.is_instance_of::<PyFloat>() && numeric(obj) {
        if let Some((n, d)) = exact_ratio(obj) {
            match nearest_f32(&n, &d) {
                Ok(Some(v)) => return Ok(v),
                Ok(None) => {
                    return Err(error(format!(
                        "{what} {} is not a number a double holds",
                        shown(obj)
                    )))
                }
                Err(_) => {}
            }
        }
    }
    Ok(f64_arg(obj, what)? as f32)
}

/// `obj`'s exact value as `(numerator, denominator > 0)` Python ints: an
/// integer through `__index__`, anything else through `as_integer_ratio`;
/// `None` when it has neither (or is infinite or NaN).
fn exact_ratio<'py>(obj: &Bound<'py, PyAny>) -> Option<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    let one = || 1i32.into_pyobject(obj.py()).ok().map(|o| o.into_any());
    if obj.is_instance_of::<PyInt>() {
        return Some((obj.clone(), one()?));
    }
    if obj.hasattr("__index__").unwrap_or(false) {
        let n = obj.call_method0("__index__").ok()?;
        return n.is_instance_of::<PyInt>().then_some((n, one()?));
    }
    let pair = obj.call_method0("as_integer_ratio").ok()?;
    let (n, d): (Bound<'py, PyAny>, Bound<'py, PyAny>) = pair.extract().ok()?;
    let positive = d.gt(0i32).unwrap_or(false);
    (n.is_instance_of::<PyInt>() && d.is_instance_of::<PyInt>() && positive).then_some((n, d))
}

/// The float32 nearest `n / d` (Python ints, `d > 0`), ties to even;
/// `None` when `n / d` is beyond every double (2^1024 and up).
///
/// `n / d` is first brought to a 53-bit odd-rounded significand (the
/// quotient of 55 to 57 bits, its remainder folded into the lowest bit,
/// then halved to 53 bits the same way): a double that rounds to the same
/// float32 as the exact value does, because round-to-odd at 53 bits keeps
/// every bit a rounding to 24 (or fewer, subnormal) bits looks at. That
/// double is exact (its exponent is well inside double's normal range) and
/// `as f32` rounds it once.
fn nearest_f32(n: &Bound<'_, PyAny>, d: &Bound<'_, PyAny>) -> PyResult<Option<f32>> {
    let negative = n.lt(0i32)?;
    let n = n.call_method0("__abs__")?;
    let sign = if negative { -1.0f32 } else { 1.0 };
    if !n.is_truthy()? {
        return Ok(Some(0.0 * sign));
    }
    let bits = |x: &Bound<'_, PyAny>| -> PyResult<i64> { x.call_method0("bit_length")?.extract() };
    // n / d is in [2^(e-1), 2^(e+1)).
    let e = bits(&n)? - bits(d)?;
    if e > 1024 {
        // Beyond every double: refused, as a float argument is.
        return Ok(None);
    }
    if e > 200 {
        return Ok(Some(f32::INFINITY * sign));
    }
    if e < -200 {
        return Ok(Some(0.0 * sign));
    }
    // q = floor(n / d · 2^shift) has 55 to 57 bits.
    let shift = 56 - e;
    let (num, den) = if shift >= 0 {
        (n.lshift(shift)?, d.clone())
    } else {
        (n.clone(), d.lshift(-shift)?)
    };
    let (q, r): (u64, Bound<'_, PyAny>) = num.divmod(&den)?.extract()?;
    let (mut q, mut sticky, mut k) = (q, r.is_truthy()?, shift);
    while q >= 1 << 53 {
        sticky |= q & 1 == 1;
        q >>= 1;
        k -= 1;
    }
    let m = q | u64::from(sticky);
    // 2^-k, k in 56 ± 203: a normal double.
    let scale = f64::from_bits(((1023 - k) as u64) << 52);
    Ok(Some((m as f64 * scale) as f32 * sign))
}

/// Refused where an ordered sequence belongs: text, bytes-likes (a
/// sequence of byte values, never meant as numbers) and unordered
/// collections (a set's or a dict's order is not the caller's).
fn unordered_or_textual(obj: &Bound<'_, PyAny>) -> bool {
    obj.is_instance_of::<PyString>()
        || obj.is_instance_of::<PyBytes>()
        || obj.is_instance_of::<PyByteArray>()
        || obj.is_instance_of::<PyMemoryView>()
        || obj.is_instance_of::<PySet>()
        || obj.is_instance_of::<PyFrozenSet>()
        || obj.is_instance_of::<PyDict>()
}

/// Three float32 coordinates from a sequence of exactly three numbers (a
/// list, tuple, numpy array…; text, bytes, sets and dicts refused).
pub(crate) fn triple_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<(f32, f32, f32)> {
    let refuse = || {
        error(format!(
            "{what} must be three numbers (x, y, z), not {}",
            shown(obj)
        ))
    };
    if unordered_or_textual(obj) {
        return Err(refuse());
    }
    let items: Vec<Bound<'_, PyAny>> = match obj.try_iter() {
        Ok(it) => it.collect::<PyResult<_>>().map_err(|_| refuse())?,
        Err(_) => return Err(refuse()),
    };
    let [x, y, z] = items.as_slice() else {
        return Err(error(format!(
            "{what} must be three numbers (x, y, z), not {} of them",
            items.len()
        )));
    };
    Ok((
        f32_arg(x, &format!("{what}.x"))?,
        f32_arg(y, &format!("{what}.y"))?,
        f32_arg(z, &format!("{what}.z"))?,
    ))
}

/// The items of a sequence argument, in order: any iterable but text,
/// bytes-likes, sets and dicts.
pub(crate) fn items<'py>(obj: &Bound<'py, PyAny>, what: &str) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let textual = unordered_or_textual(obj);
    match obj.try_iter() {
        Ok(it) if !textual => it
            .collect::<PyResult<_>>()
            .map_err(|_| error(format!("{what} could not be read as a sequence"))),
        _ => Err(error(format!(
            "{what} must be a sequence, not {}",
            shown(obj)
        ))),
    }
}

/// A text argument.
pub(crate) fn str_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    obj.extract::<String>()
        .map_err(|_| error(format!("{what} must be a str, not {}", shown(obj))))
}

/// An optional text argument.
pub(crate) fn opt_str(obj: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Option<String>> {
    obj.map(|o| str_arg(o, what)).transpose()
}

/// Whether `obj` is a Python or numpy bool (numpy 2's `numpy.bool` has
/// no `__index__`).
pub(crate) fn is_bool(obj: &Bound<'_, PyAny>) -> bool {
    if obj.is_instance_of::<PyBool>() {
        return true;
    }
    let name = obj
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_default();
    from_numpy(obj) && (name == "bool" || name == "bool_")
}

/// Whether `obj`'s type is one of numpy's (its scalars' module is `numpy`).
fn from_numpy(obj: &Bound<'_, PyAny>) -> bool {
    obj.get_type().module().is_ok_and(|m| m == "numpy")
}

/// An optional flag: `default` when not given (None), else as [`bool_arg`].
pub(crate) fn opt_flag(
    obj: Option<&Bound<'_, PyAny>>,
    what: &str,
    default: bool,
) -> PyResult<bool> {
    Ok(obj
        .map(|o| bool_arg(o, what))
        .transpose()?
        .unwrap_or(default))
}

/// A flag: True or False (a Python or numpy bool, or the ints 0 and 1).
pub(crate) fn bool_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<bool> {
    if is_bool(obj) {
        return obj.is_truthy();
    }
    match whole(obj, what, "is not a flag (True or False)") {
        Ok(0) => Ok(false),
        Ok(1) => Ok(true),
        _ => Err(error(format!(
            "{what} must be True or False, not {}",
            shown(obj)
        ))),
    }
}

/// Bytes from a bytes-like argument (`bytes`, `bytearray`, `memoryview`).
pub(crate) fn bytes_arg(obj: &Bound<'_, PyAny>) -> PyResult<PyBackedBytes> {
    bytes_named(obj, "the state")
}

/// [`bytes_arg`] naming the argument in its error.
pub(crate) fn bytes_named(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<PyBackedBytes> {
    if obj.is_instance_of::<PyBytes>() || obj.is_instance_of::<PyByteArray>() {
        return Ok(obj.extract::<PyBackedBytes>()?);
    }
    if obj.is_instance_of::<PyMemoryView>() {
        // A released view cannot be read: refused as any bad value is.
        let b = obj
            .call_method0("tobytes")
            .map_err(|e| error(format!("{what} could not be read: {e}")))?;
        return Ok(b.extract::<PyBackedBytes>()?);
    }
    Err(error(format!(
        "{what} must be bytes, bytearray or memoryview, not {}",
        shown(obj)
    )))
}

/// A path argument: a `str`, or an `os.PathLike` whose `__fspath__` gives
/// `str` or `bytes` — as the file system's bytes (a `str` holding
/// surrogate escapes, as `os.fsdecode` makes of a name that is not UTF-8,
/// names that file). `Ok(None)` for anything else (bytes-likes are data,
/// not paths); a `__fspath__` that fails or gives something else is a
/// `bitexact.Error`.
pub(crate) fn path_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Option<PathBuf>> {
    let fs = if obj.is_instance_of::<PyString>() {
        obj.clone()
    } else if !obj.is_instance_of::<PyBytes>() && obj.hasattr("__fspath__").unwrap_or(false) {
        obj.call_method0("__fspath__")
            .map_err(|e| error(format!("{what}: its __fspath__ failed: {e}")))?
    } else {
        return Ok(None);
    };
    if fs.is_instance_of::<PyString>() {
        return fs
            .extract::<PathBuf>()
            .map(Some)
            .map_err(|e| error(format!("{what} is not a path this system can name: {e}")));
    }
    if fs.is_instance_of::<PyBytes>() {
        let raw: Vec<u8> = fs.extract()?;
        return Ok(Some(path_of_bytes(raw).map_err(|_| {
            error(format!("{what} is not a path this system can name"))
        })?));
    }
    Err(error(format!(
        "{what}'s __fspath__ gave {}, not str or bytes",
        shown(&fs)
    )))
}

/// A path from the file system's bytes (on Windows, which names files in
/// UTF-16, only UTF-8 bytes are one).
fn path_of_bytes(raw: Vec<u8>) -> Result<PathBuf, ()> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStringExt;
        Ok(PathBuf::from(std::ffi::OsString::from_vec(raw)))
    }
    #[cfg(not(unix))]
    {
        String::from_utf8(raw).map(PathBuf::from).map_err(|_| ())
    }
}

/// Refuses a path that is not a regular file (nor, with `folders`, a
/// directory) before anything opens it: a FIFO would block the open with
/// no way to interrupt it, and a device (`/dev/zero`) would be read up to
/// the size limit. Such a file is read by the caller and passed as bytes.
pub(crate) fn readable_file(path: &Path, folders: bool) -> PyResult<()> {
    let shown = path.display();
    let meta = std::fs::metadata(path).map_err(|e| error(format!("cannot read '{shown}': {e}")))?;
    if meta.is_file() || (folders && meta.is_dir()) {
        return Ok(());
    }
    if meta.is_dir() {
        return Err(error(format!("cannot read '{shown}': it is a directory")));
    }
    Err(error(format!(
        "cannot read '{shown}': not a regular file (a pipe, socket or device); read it yourself and pass its bytes"
    )))
}

/// One value of a search (`recover`'s `values`) as the library's text:
/// a `str` as written (the CLI's notation), a bool as 1 or 0, an integer
/// in decimal, a Python or numpy float as its double's exact decimal
/// expansion (so a float32 tap takes the float32 nearest the double,
/// rounded once, as every float32 argument does), anything else as its
/// `str()`.
pub(crate) fn value_text(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    if obj.is_instance_of::<PyString>() {
        return obj.extract();
    }
    if is_bool(obj) {
        return Ok(if obj.is_truthy()? { "1" } else { "0" }.into());
    }
    let numpy = from_numpy(obj);
    let float = obj.is_instance_of::<PyFloat>() || (numpy && obj.hasattr("__float__")?);
    if !obj.is_instance_of::<PyInt>() && float && !obj.hasattr("__index__")? {
        let d: f64 = obj.extract()?;
        return Ok(exact_decimal(d));
    }
    if obj.hasattr("__index__")? {
        if let Ok(n) = obj.call_method0("__index__") {
            return Ok(n.str()?.to_string());
        }
    }
    Ok(obj.str()?.to_string())
}

/// `d` written out exactly (a double has at most 767 significant decimal
/// digits); `inf`, `-inf` and `NaN` as the library's parser reads them.
fn exact_decimal(d: f64) -> String {
    if !d.is_finite() {
        return format!("{d}");
    }
    let s = format!("{d:.767e}");
    let (mantissa, exponent) = s.split_once('e').unwrap_or((&s, "0"));
    let mantissa = mantissa.trim_end_matches('0').trim_end_matches('.');
    format!("{mantissa}e{exponent}")
}

/// A precision model by name ("pc53", "pc24"), for every float draw.
pub(crate) fn precision_arg(s: &str) -> PyResult<bitexact::x87::Precision> {
    s.parse::<bitexact::x87::Precision>().map_err(error)
}

/// [`precision_arg`] of a Python argument (`None`: "pc53").
pub(crate) fn precision_obj(obj: Option<&Bound<'_, PyAny>>) -> PyResult<bitexact::x87::Precision> {
    match obj {
        None => Ok(bitexact::x87::Precision::Pc53),
        Some(o) => precision_arg(&str_arg(o, "precision")?),
    }
}
