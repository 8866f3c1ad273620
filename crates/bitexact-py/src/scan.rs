//! `bitexact.scan`: the library's scan report as the JSON document the CLI
//! prints (SPEC 10); the Python wrapper turns it into a dict.

use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;

use bitexact::scan::{scan, Options, Origin};

use crate::error;

/// _scan_json(image: bytes, from_: str | None, sweep: bool) -> str: the
/// report as JSON.
#[pyfunction]
#[pyo3(signature = (image, from_ = None, sweep = false))]
fn _scan_json(
    py: Python<'_>,
    image: PyBackedBytes,
    from_: Option<&str>,
    sweep: bool,
) -> PyResult<String> {
    let options = Options {
        from: from_.map(Origin::parse),
        sweep,
    };
    py.detach(|| scan(&image, &options).map(|r| r.to_json()))
        .map_err(error)
}

pub(crate) fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_scan_json, m)?)
}
