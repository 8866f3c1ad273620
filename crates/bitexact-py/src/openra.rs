//! `bitexact.openra`: OpenRA's `MersenneTwister`.

use crate::{count_arg, error, int_arg, u64_arg, I32};
use bitexact::openra;
use numpy::{IntoPyArray, PyArray1};
use pyo3::prelude::*;

/// `OpenRA.Support.MersenneTwister`: MT19937 seeded by `init_genrand` with
/// the `int` seed's bit pattern; `Next()` is the word mod 2147483647.
///
/// Bit-exact: the words are MT19937's (checked against numpy's); `NextFloat`
/// rounds to float32 as C# does. next and next_float spend one draw;
/// next_range one, or none when hi - lo <= 1.
#[pyclass(name = "MersenneTwister", module = "bitexact.openra", eq)]
#[derive(Clone, PartialEq)]
pub struct OpenraMt {
    inner: openra::MersenneTwister,
}

#[pymethods]
impl OpenraMt {
    /// `new MersenneTwister(seed)`; seed is a C# int (-2^31..2^31).
    #[new]
    fn new(seed: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(Self {
            inner: openra::MersenneTwister::new(int_arg(seed, "seed", I32)?),
        })
    }

    /// `Next()`: one word mod 2147483647, in 0..2147483647. 1 draw.
    fn next(&mut self) -> i32 {
        self.inner.next()
    }

    /// `Next(lo, hi)`: `lo + Next() % (hi - lo)` (wrapping), lo itself with
    /// no draw when hi - lo <= 1; hi < lo raises bitexact.Error (OpenRA
    /// throws), spending nothing.
    fn next_range(&mut self, lo: &Bound<'_, PyAny>, hi: &Bound<'_, PyAny>) -> PyResult<i32> {
        let lo = int_arg(lo, "lo", I32)?;
        let hi = int_arg(hi, "hi", I32)?;
        self.inner.next_range(lo, hi).map_err(error)
    }

    /// `NextFloat()`: `float(Next()) / 2^31`, a float32. 1 draw.
    fn next_float(&mut self) -> f32 {
        self.inner.next_float()
    }

    /// `n` Next() values as a numpy int32 array (n calls of next). n draws.
    fn fill<'py>(
        &mut self,
        py: Python<'py>,
        n: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<i32>>> {
        let n = count_arg(n, "n")?;
        let inner = &mut self.inner;
        let out: Vec<i32> = py.detach(|| (0..n).map(|_| inner.next()).collect());
        Ok(out.into_pyarray(py))
    }

    /// Spend `draws` draws as that many next() calls would (counters too).
    fn discard(&mut self, py: Python<'_>, draws: &Bound<'_, PyAny>) -> PyResult<()> {
        let draws = u64_arg(draws, "draws")?;
        py.detach(|| self.inner.discard(draws));
        Ok(())
    }

    /// OpenRA's `Last`: the last Next() value (0 before any).
    #[getter]
    fn last(&self) -> i32 {
        self.inner.last()
    }

    /// OpenRA's `TotalCount`: draws so far (what its sync reports show).
    #[getter]
    fn total_count(&self) -> u64 {
        self.inner.total_count()
    }

    /// A copy at the same state.
    fn copy(&self) -> Self {
        self.clone()
    }

    fn __copy__(&self) -> Self {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "bitexact.openra.MersenneTwister(last={}, total_count={})",
            self.inner.last(),
            self.inner.total_count()
        )
    }
}

pub(crate) fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<OpenraMt>()?;
    Ok(())
}
