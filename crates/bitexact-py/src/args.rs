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
//! argument takes the float32 nearest the value given: a Python float (a
//! double) is rounded to float32 once; a numpy `float32` passes exactly.
//! (The text forms of taps, `frange:S,HI`, round the decimal itself to
//! float32 once, through no double; a decimal within 2^-53 of a float32
//! rounding boundary then differs from `float(S)` rounded — pass the
//! method the float32 itself, which a Python float holds exactly.)

use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use pyo3::types::{PyBool, PyByteArray, PyBytes, PyFloat, PyInt, PyMemoryView, PyString};

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

/// A float argument as a double: a Python float, int or bool, a numpy
/// number (anything with `__float__`); an int too large for a double, or
/// anything else, is a `bitexact.Error`.
pub(crate) fn f64_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<f64> {
    let numeric = obj.is_instance_of::<PyFloat>()
        || obj.is_instance_of::<PyInt>()
        || (!obj.is_instance_of::<PyString>() && obj.hasattr("__float__").unwrap_or(false));
    if !numeric {
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

/// A float32 argument: the float32 nearest the value given (a double
/// rounded once; a numpy float32 exactly). A value beyond float32's range
/// rounds to infinity, as a C caller's narrowing does.
pub(crate) fn f32_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<f32> {
    Ok(f64_arg(obj, what)? as f32)
}

/// Three float32 coordinates from a sequence of exactly three numbers.
pub(crate) fn triple_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<(f32, f32, f32)> {
    let items: Vec<Bound<'_, PyAny>> = match obj.try_iter() {
        Ok(it) if !obj.is_instance_of::<PyString>() => {
            it.collect::<PyResult<_>>().map_err(|_| {
                error(format!(
                    "{what} must be three numbers (x, y, z), not {}",
                    shown(obj)
                ))
            })?
        }
        _ => {
            return Err(error(format!(
                "{what} must be three numbers (x, y, z), not {}",
                shown(obj)
            )))
        }
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

/// The items of a sequence argument (any iterable but text and bytes).
pub(crate) fn items<'py>(obj: &Bound<'py, PyAny>, what: &str) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let textual = obj.is_instance_of::<PyString>() || obj.is_instance_of::<PyBytes>();
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

/// A flag: True or False (a Python or numpy bool, or the ints 0 and 1).
pub(crate) fn bool_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<bool> {
    if obj.is_instance_of::<PyBool>() {
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
        let b = obj.call_method0("tobytes")?;
        return Ok(b.extract::<PyBackedBytes>()?);
    }
    Err(error(format!(
        "{what} must be bytes, bytearray or memoryview, not {}",
        shown(obj)
    )))
}
