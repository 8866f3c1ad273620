//! `bitexact.generals`: Command & Conquer Generals' `GameLogicRandom`.

use crate::{bytes_arg, count_arg, error, int_arg, u64_arg, I32, U32};
use bitexact::generals::{self, GameRandom};
use numpy::{IntoPyArray, PyArray1};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyType};

/// One stream of Generals' generator (`GetGameLogicRandomValue` and
/// `...Real`): six words seeded `seed + C[i]`, an add-with-carry step.
///
/// Bit-exact: integer steps; real rounds each step to float32 as the game.
/// next_u32 spends one draw; value and real one, or none on their
/// degenerate ranges.
#[pyclass(name = "GameRandom", module = "bitexact.generals", eq)]
#[derive(Clone, PartialEq)]
pub struct GeneralsRandom {
    inner: GameRandom,
}

#[pymethods]
impl GeneralsRandom {
    #[new]
    fn new(seed: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(Self {
            inner: GameRandom::new(int_arg(seed, "seed", U32)?),
        })
    }

    /// One draw: the new s0. 1 draw.
    fn next_u32(&mut self) -> u32 {
        self.inner.next_u32()
    }

    /// `GetGameLogicRandomValue(lo, hi)`: `(draw % (hi - lo + 1)) + lo`
    /// (wrapping; a reversed range is not an error); hi itself with no draw
    /// when hi - lo + 1 wraps to 0.
    fn value(&mut self, lo: &Bound<'_, PyAny>, hi: &Bound<'_, PyAny>) -> PyResult<i32> {
        let lo = int_arg(lo, "lo", I32)?;
        let hi = int_arg(hi, "hi", I32)?;
        Ok(self.inner.value(lo, hi))
    }

    /// `GetGameLogicRandomValueReal(lo, hi)` on float32s: hi with no draw
    /// when hi - lo <= 0.
    fn real(&mut self, lo: f32, hi: f32) -> f32 {
        self.inner.real(lo, hi)
    }

    /// `n` draws as a numpy uint32 array (n calls of next_u32). n draws.
    fn fill<'py>(
        &mut self,
        py: Python<'py>,
        n: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<u32>>> {
        let n = count_arg(n, "n")?;
        let inner = &mut self.inner;
        let out: Vec<u32> = py.detach(|| (0..n).map(|_| inner.next_u32()).collect());
        Ok(out.into_pyarray(py))
    }

    /// Spend `draws` draws unread.
    fn discard(&mut self, py: Python<'_>, draws: &Bound<'_, PyAny>) -> PyResult<()> {
        let draws = u64_arg(draws, "draws")?;
        py.detach(|| self.inner.discard(draws));
        Ok(())
    }

    /// The six state words, s0 first.
    #[getter]
    fn state(&self) -> [u32; 6] {
        self.inner.state()
    }

    /// A stream at an explicit state (any six words).
    #[classmethod]
    fn from_state(_cls: &Bound<'_, PyType>, s: [u32; 6]) -> Self {
        Self {
            inner: GameRandom::from_state(s),
        }
    }

    /// The 24-byte state: six little-endian words.
    fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &generals::encode_state(&self.inner))
    }

    /// Read to_bytes' 24 bytes; bitexact.Error on a wrong length.
    #[classmethod]
    fn from_bytes(_cls: &Bound<'_, PyType>, b: &Bound<'_, PyAny>) -> PyResult<Self> {
        generals::decode_state(&bytes_arg(b)?)
            .map(|inner| Self { inner })
            .map_err(error)
    }

    /// `(seed, draws)` of this state (stepping back at most `max_draws`),
    /// or None.
    #[pyo3(signature = (max_draws = generals::DEFAULT_MAX_DRAWS))]
    fn identify(&self, py: Python<'_>, max_draws: u64) -> Option<(u32, u64)> {
        let s = self.inner.state();
        py.detach(|| generals::identify(s, max_draws))
            .ok()
            .map(|i| (i.seed, i.draws))
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

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> crate::Reduce<'py, (Bound<'py, PyBytes>,)> {
        let load = slf.get_type().getattr("from_bytes")?;
        Ok((load, (slf.borrow().to_bytes(slf.py()),)))
    }

    fn __repr__(&self) -> String {
        format!(
            "bitexact.generals.GameRandom(state={:?})",
            self.inner.state()
        )
    }
}

pub(crate) fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<GeneralsRandom>()?;
    Ok(())
}
