//! The `bitexact` Python package's native module (`bitexact._bitexact`).
//!
//! Thin, like the CLI: argument conversion, numpy arrays and errors live
//! here; every computation is a call into the `bitexact` crate, through its
//! engine contract (`bitexact::engine::Engine`). Every generator of the
//! engine list is `bitexact.Generator` ([`generator`]: the library's
//! type-erased stream, by name) with no line here; `_engines()` gives the
//! list. The families with typed classes ([`TYPED`]) are submodules, one
//! class per generator, each made by [`class::py_class!`] (the methods every
//! class shares: copy, pickle, repr, fill, discard, state files,
//! identification); `stream` and `recover` share the CLI's tap vocabulary
//! and the library's search scheduler.
//!
//! The boundary's promises: bad input raises `bitexact.Error` (a
//! `ValueError`) with one line; no Rust panic escapes as a
//! `PanicException`; every call that can take long releases the GIL and
//! turns Ctrl-C into `KeyboardInterrupt` within milliseconds ([`work`]).

use pyo3::prelude::*;

mod args;
mod class;
mod dotnet;
mod error;
mod find;
mod generals;
mod generator;
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

pub(crate) use args::precision_obj;
pub(crate) use error::{error, Error, NAMES};

pub(crate) use args::{
    bool_arg, bounded, bytes_arg, count_arg, f32_arg, int_arg, opt_flag, opt_u64, str_arg, u64_arg,
    I32, U32,
};

/// A family's typed module: its classes and functions added to the module.
type Init = fn(&Bound<'_, PyModule>) -> PyResult<()>;

/// The families with typed classes, each its module (`bitexact.sots`, …;
/// `__init__.py` registers them as such): the ergonomic API SPEC 9 names.
/// A generator needs no line here (`bitexact.Generator` draws every one);
/// a family wanting typed classes adds its module and its line.
const TYPED: &[(&str, Init)] = &[
    ("sots", sots::init),
    ("laige", laige::init),
    ("westwood", westwood::init),
    ("openra", openra::init),
    ("generals", generals::init),
    ("dotnet", dotnet::init),
];

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
    for &(name, init) in TYPED {
        // Each name is a family of the library's list: a typo fails the
        // import, naming it.
        let id = bitexact::engines::Id::find(name, None).map_err(|e| {
            pyo3::exceptions::PyImportError::new_err(format!("typed module {name}: {e}"))
        })?;
        let sub = PyModule::new(py, &format!("bitexact.{name}"))?;
        sub.setattr("__doc__", id.info().family_about)?;
        init(&sub)?;
        m.add(name, &sub)?;
    }
    generator::init(m)?;
    stream::init(m)?;
    scan::init(m)?;
    sync::init(m)?;
    find::init(m)?;
    #[cfg(feature = "test-hooks")]
    test_hooks::init(m)?;
    Ok(())
}
