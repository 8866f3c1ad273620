//! The `bitexact` Python package's native module (`bitexact._bitexact`).
//!
//! Thin, like the CLI: argument conversion, numpy arrays and errors live
//! here; every computation is a call into the `bitexact` crate. Submodules
//! `sots`, `laige`, `westwood`, `openra` and `generals` mirror the crate's;
//! `stream` and `recover` share the CLI's tap vocabulary.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use pyo3::types::PyInt;

mod generals;
mod laige;
mod openra;
mod scan;
mod sots;
mod stream;
mod westwood;

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
        Err(_) if obj.is_instance_of::<PyInt>() => Err(out_of_range(
            what,
            obj,
            "does not fit in 64 bits (0..=18446744073709551615)",
        )),
        Err(e) => Err(e),
    }
}

fn out_of_range(what: &str, obj: &Bound<'_, PyAny>, range: &str) -> PyErr {
    let shown = obj
        .str()
        .map(|s| s.to_string())
        .unwrap_or_else(|_| "?".into());
    error(format!("{what} {shown} {range}"))
}

/// The ranges `int_arg` reports, worded as the CLI's number parser.
pub(crate) const U32: &str = "does not fit in 32 bits (0..=4294967295)";
pub(crate) const I32: &str = "is out of the i32 range (-2147483648..=2147483647)";
pub(crate) const COUNT: &str = "is not a count (0 or more)";

/// A count of draws (`n` of a fill, `skip` of a stream).
pub(crate) fn count_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<usize> {
    match obj.extract::<i64>() {
        Ok(v) => usize::try_from(v).map_err(|_| out_of_range(what, obj, COUNT)),
        Err(_) if obj.is_instance_of::<PyInt>() => Err(out_of_range(what, obj, "is too large")),
        Err(e) => Err(e),
    }
}

/// Bytes from a `bytes` or `bytearray` argument.
pub(crate) fn bytes_arg(obj: &Bound<'_, PyAny>) -> PyResult<PyBackedBytes> {
    Ok(obj.extract::<PyBackedBytes>()?)
}

/// What `__reduce__` returns: the loader and its arguments (pickling).
pub(crate) type Reduce<'py, A> = PyResult<(Bound<'py, PyAny>, A)>;

/// Fills at least this long release the GIL while they run.
pub(crate) const DETACH_AT: usize = 1 << 16;

/// A fill's array: `n` new elements, or the caller's `out` (a contiguous
/// 1-d array of the element type, written in place and returned; `n`, when
/// given too, must be its length). `fill` writes the elements, with the GIL
/// released for long fills.
pub(crate) fn fill_array<'py, T: numpy::Element + Default + Copy + Send>(
    py: Python<'py>,
    n: Option<&Bound<'py, PyAny>>,
    out: Option<&Bound<'py, PyAny>>,
    dtype: &str,
    fill: impl FnOnce(&mut [T]) + Send,
) -> PyResult<Bound<'py, numpy::PyArray1<T>>> {
    use numpy::{IntoPyArray, PyArray1, PyArrayMethods};
    let n = n.map(|n| count_arg(n, "n")).transpose()?;
    let run = |slice: &mut [T]| {
        if slice.len() >= DETACH_AT {
            py.detach(|| fill(slice));
        } else {
            fill(slice);
        }
    };
    match out {
        None => {
            let n = n.ok_or_else(|| error("give n (a count) or out (an array to fill)"))?;
            let mut v = vec![T::default(); n];
            run(&mut v);
            Ok(v.into_pyarray(py))
        }
        Some(out) => {
            let array = out
                .cast::<PyArray1<T>>()
                .map_err(|_| error(format!("out must be a 1-d numpy {dtype} array")))?;
            let mut rw = array
                .try_readwrite()
                .map_err(|_| error("out is not writeable (or is borrowed elsewhere)"))?;
            let slice = rw
                .as_slice_mut()
                .map_err(|_| error("out must be contiguous"))?;
            if let Some(n) = n.filter(|&n| n != slice.len()) {
                return Err(error(format!(
                    "n {n} is not the length of out ({})",
                    slice.len()
                )));
            }
            run(slice);
            drop(rw);
            Ok(array.clone())
        }
    }
}

#[pymodule]
fn _bitexact(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
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
    Ok(())
}
