use pyo3::prelude::*;
#[pyfunction]
fn stream() {}
#[pyfunction]
fn recover() {}
pub(crate) fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(stream, m)?)?;
    m.add_function(wrap_pyfunction!(recover, m)?)?;
    Ok(())
}
