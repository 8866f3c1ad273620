//! The `bitexact` Python package's native module (`bitexact._bitexact`).
//!
//! Thin, like the CLI: argument conversion, numpy arrays and errors live
//! here; every computation is a call into the `bitexact` crate, through its
//! engine contract (`bitexact::engine::Engine`). Submodules `sots`,
//! `laige`, `westwood`, `openra`, `generals` and `dotnet` hold one class per
//! generator of the engine list, each made by [`class::py_class!`] (the
//! methods every class shares: copy, pickle, repr, fill, discard, state
//! files, identification); `stream` and `recover` share the CLI's tap
//! vocabulary and the library's search scheduler.
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

pub(crate) use args::{precision_arg, precision_obj};
pub(crate) use error::{error, Error, NAMES};

pub(crate) use args::{
    bool_arg, bounded, bytes_arg, count_arg, f32_arg, int_arg, opt_flag, opt_u64, str_arg, u64_arg,
    I32, U32,
};

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
        ("dotnet", dotnet::init),
    ] {
        let sub = PyModule::new(py, name)?;
        init(&sub)?;
        m.add_submodule(&sub)?;
    }
    stream::init(m)?;
    scan::init(m)?;
    sync::init(m)?;
    find::init(m)?;
    #[cfg(feature = "test-hooks")]
    test_hooks::init(m)?;
    Ok(())
}
