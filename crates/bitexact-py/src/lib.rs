//! The `bitexact` Python package's native module (`bitexact._bitexact`).
//!
//! Thin, like the CLI: argument conversion, numpy arrays and errors live
//! here; every computation is a call into the `bitexact` crate, through its
//! engine contract (`bitexact::engine::Engine`). Submodules `sots`,
//! `laige`, `westwood`, `openra` and `generals` hold one class per
//! generator of the engine list, each made by [`class::py_class!`] (the
//! methods every class shares: copy, pickle, repr, fill, discard, state
//! files, identification); `stream` and `recover` share the CLI's tap
//! vocabulary and the library's search scheduler.
//!
//! The boundary's promises: bad input raises `bitexact.Error` (a
//! `ValueError`) with one line; no Rust panic escapes as a
//! `PanicException`; every call that can take long releases the GIL and
//! turns Ctrl-C into `KeyboardInterrupt` within milliseconds ([`work`]).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use pyo3::types::PyInt;

mod class;
mod generals;
mod laige;
mod openra;
mod scan;
mod sots;
mod stream;
mod sync;
#[cfg(feature = "test-hooks")]
mod test_hooks;
mod westwood;
mod work;

pyo3::create_exception!(
    bitexact,
    Error,
    PyValueError,
    "Bad input to a bitexact call (a ValueError): the message is the CLI's one-line message."
);

/// A `bitexact.Error` carrying `msg` (the library's `Display` text).
pub(crate) fn error(msg: impl std::fmt::Display) -> PyErr {
    Error::new_err(msg.to_string())
}

/// A precision model by name ("pc53", "pc24"), for every float draw.
pub(crate) fn precision_arg(s: &str) -> PyResult<bitexact::x87::Precision> {
    s.parse::<bitexact::x87::Precision>().map_err(error)
}

/// An integer argument that must fit `T`: a non-integer is a `TypeError`
/// (as Python's own calls), an integer out of `T`'s range a
/// `bitexact.Error` naming the argument and the range.
pub(crate) fn int_arg<T: TryFrom<i64>>(
    obj: &Bound<'_, PyAny>,
    what: &str,
    range: &str,
) -> PyResult<T> {
    match obj.extract::<i64>() {
        Ok(v) => T::try_from(v).map_err(|_| out_of_range(what, obj, range)),
        Err(_) if obj.is_instance_of::<PyInt>() => Err(out_of_range(what, obj, range)),
        Err(e) => Err(e),
    }
}

/// A `u64` argument (all of it: above `i64::MAX` too).
pub(crate) fn u64_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<u64> {
    match obj.extract::<u64>() {
        Ok(v) => Ok(v),
        Err(_) if obj.is_instance_of::<PyInt>() => Err(out_of_range(what, obj, U64)),
        Err(e) => Err(e),
    }
}

/// An optional `u64` argument.
pub(crate) fn opt_u64(obj: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Option<u64>> {
    obj.map(|o| u64_arg(o, what)).transpose()
}

fn out_of_range(what: &str, obj: &Bound<'_, PyAny>, range: &str) -> PyErr {
    let shown = obj
        .str()
        .map(|s| s.to_string())
        .unwrap_or_else(|_| "?".into());
    error(format!("{what} {shown} {range}"))
}

/// The ranges `int_arg` reports, worded as the library's number parser.
pub(crate) use bitexact::num::{I32_RANGE as I32, U32_RANGE as U32};
pub(crate) const U64: &str = "does not fit in 64 bits (0..=18446744073709551615)";

/// A count (`n` of a fill, `count` and `skip` of a stream, `max_hits`):
/// 0 or more, within 64 bits.
pub(crate) fn count_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<u64> {
    match obj.extract::<u64>() {
        Ok(v) => Ok(v),
        Err(_) if obj.is_instance_of::<PyInt>() => Err(out_of_range(
            what,
            obj,
            "is not a count (0..=18446744073709551615)",
        )),
        Err(e) => Err(e),
    }
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

/// Bytes from a `bytes` or `bytearray` argument.
pub(crate) fn bytes_arg(obj: &Bound<'_, PyAny>) -> PyResult<PyBackedBytes> {
    Ok(obj.extract::<PyBackedBytes>()?)
}

#[pymodule]
fn _bitexact(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    // numpy's C API capsule, fetched now: fetched lazily, by the first call
    // returning an array, a Ctrl-C pending during numpy's import made the
    // fetch fail, which rust-numpy turns into a panic.
    // An array made from a Vec also needs its container class, made here too.
    py.import("numpy")?;
    std::panic::catch_unwind(|| {
        numpy::PyArray1::<u8>::zeros(py, 0, false);
        numpy::IntoPyArray::into_pyarray(Vec::<u8>::new(), py);
    })
    .map_err(|_| pyo3::exceptions::PyImportError::new_err("numpy's C API could not be loaded"))?;
    m.add("Error", py.get_type::<Error>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    for (name, init) in [
        (
            "sots",
            sots::init as fn(&Bound<'_, PyModule>) -> PyResult<()>,
        ),
        ("laige", laige::init),
        ("westwood", westwood::init),
        ("openra", openra::init),
        ("generals", generals::init),
    ] {
        let sub = PyModule::new(py, name)?;
        init(&sub)?;
        m.add_submodule(&sub)?;
    }
    stream::init(m)?;
    scan::init(m)?;
    sync::init(m)?;
    #[cfg(feature = "test-hooks")]
    test_hooks::init(m)?;
    Ok(())
}
