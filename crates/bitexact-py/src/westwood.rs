//! `bitexact.westwood`: Tiberian Sun / Red Alert 2 `Random2Class` and
//! WWLib's `Random4Class`.

use crate::{bytes_arg, count_arg, error, int_arg, u64_arg, I32, U32};
use bitexact::westwood::{random4, Layout, Random2, Random4};
use numpy::{IntoPyArray, PyArray1};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyType};

fn layout_arg(s: &str) -> PyResult<Layout> {
    match s {
        "ts" => Ok(Layout::Ts),
        "ra2" => Ok(Layout::Ra2),
        _ => Err(error(format!("unknown layout '{s}' (expected ts or ra2)"))),
    }
}

/// `Random2Class`, the Tiberian Sun / Red Alert 2 / Yuri's Revenge
/// randomizer: a 250-word lagged XOR table seeded by `Random3Class`
/// (pseudo-DES).
///
/// Bit-exact: integer arithmetic; SPEC 4's seed-1 vectors are checked. raw
/// spends one draw; ranged one per attempt (it rejects); double is
/// ranged(1, 2^31 - 1) / 2^31.
#[pyclass(name = "Random2", module = "bitexact.westwood", eq)]
#[derive(Clone, PartialEq)]
pub struct WwRandom2 {
    inner: Random2,
}

#[pymethods]
impl WwRandom2 {
    #[new]
    fn new(seed: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(Self {
            inner: Random2::new(int_arg(seed, "seed", U32)?),
        })
    }

    /// The raw draw, signed as the games read it. 1 draw.
    fn raw(&mut self) -> i32 {
        self.inner.raw()
    }

    /// Uniform on [lo, hi] (inclusive), the game's `Random_Pick`: 1 draw per
    /// attempt. A range the original cannot draw raises bitexact.Error
    /// (spending nothing).
    fn ranged(&mut self, lo: &Bound<'_, PyAny>, hi: &Bound<'_, PyAny>) -> PyResult<i32> {
        let lo = int_arg(lo, "lo", I32)?;
        let hi = int_arg(hi, "hi", I32)?;
        self.inner.ranged(lo, hi).map_err(error)
    }

    /// `ranged(1, 2^31 - 1) / 2^31` as a double, in (0, 1). 1 draw per attempt.
    fn double(&mut self) -> f64 {
        self.inner.double()
    }

    /// `n` raw draws as a numpy int32 array, bit for bit, leaving the same
    /// state. n draws.
    ///
    /// `out=` fills a caller's contiguous array of that dtype in place
    /// instead (and returns it): no allocation, no fresh pages.
    #[pyo3(signature = (n = None, *, out = None))]
    fn fill<'py>(
        &mut self,
        py: Python<'py>,
        n: Option<&Bound<'py, PyAny>>,
        out: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<i32>>> {
        let inner = &mut self.inner;
        crate::fill_array(py, n, out, "int32", |s| inner.fill(s))
    }

    /// Spend `draws` raw draws unread (whole table cycles at once).
    fn discard(&mut self, py: Python<'_>, draws: &Bound<'_, PyAny>) -> PyResult<()> {
        let draws = u64_arg(draws, "draws")?;
        py.detach(|| self.inner.discard(draws));
        Ok(())
    }

    /// Raw draws since seeding (or loading): not part of the state.
    #[getter]
    fn position(&self) -> u64 {
        self.inner.position()
    }

    /// Red Alert 2's `disabled` flag (a set flag makes every draw 0).
    #[getter]
    fn get_disabled(&self) -> bool {
        self.inner.disabled()
    }

    #[setter]
    fn set_disabled(&mut self, disabled: bool) {
        self.inner.set_disabled(disabled);
    }

    /// The cursors `(index1, index2)`, each 0..250.
    #[getter]
    fn cursors(&self) -> (usize, usize) {
        (self.inner.index1(), self.inner.index2())
    }

    /// The 250-word table as a numpy int32 array (a copy).
    fn table<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i32>> {
        PyArray1::from_slice(py, self.inner.table())
    }

    /// The object's bytes in a game's layout: "ts" (Tiberian Sun, 1008
    /// bytes; a set disabled flag cannot be stored and raises
    /// bitexact.Error) or "ra2" (Red Alert 2 / Yuri's Revenge, 1012 bytes).
    #[pyo3(signature = (layout = "ra2"))]
    fn to_bytes<'py>(&self, py: Python<'py>, layout: &str) -> PyResult<Bound<'py, PyBytes>> {
        let bytes = layout_arg(layout)?.encode(&self.inner).map_err(error)?;
        Ok(PyBytes::new(py, &bytes))
    }

    /// A generator from to_bytes' bytes; the layout is told by the length
    /// (1008: ts, 1012: ra2) unless given. Cursors out of range, a bad flag
    /// byte or (unless strict=False) cursors not 103 apart, which the game
    /// never writes, raise bitexact.Error.
    #[classmethod]
    #[pyo3(signature = (b, layout = None, strict = true))]
    fn from_bytes(
        _cls: &Bound<'_, PyType>,
        b: &Bound<'_, PyAny>,
        layout: Option<&str>,
        strict: bool,
    ) -> PyResult<Self> {
        let bytes = bytes_arg(b)?;
        let layout = match layout {
            Some(l) => layout_arg(l)?,
            None => Layout::from_len(bytes.len()).ok_or_else(|| {
                error(format!(
                    "westwood state is {} bytes; expected 1008 (ts) or 1012 (ra2)",
                    bytes.len()
                ))
            })?,
        };
        let decoded = layout.decode(&bytes).map_err(error)?;
        let inner = if strict {
            decoded.strict().map_err(error)?
        } else {
            decoded.rng
        };
        Ok(Self { inner })
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

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> crate::Reduce<'py, (Bound<'py, PyBytes>, &'static str, bool)> {
        let load = slf.get_type().getattr("from_bytes")?;
        let bytes = slf.borrow().to_bytes(slf.py(), "ra2")?;
        Ok((load, (bytes, "ra2", false)))
    }

    fn __repr__(&self) -> String {
        format!(
            "bitexact.westwood.Random2(cursors=({}, {}), disabled={}, position={})",
            self.inner.index1(),
            self.inner.index2(),
            if self.inner.disabled() {
                "True"
            } else {
                "False"
            },
            self.inner.position()
        )
    }
}

/// WWLib's `Random4Class`: MT19937 with the 1998 `sgenrand` seeding (69069
/// multiplier; seed 0 becomes 4375, the original's typo for 4357; no seed
/// means the default 4357).
///
/// Bit-exact: integer draws everywhere; get_float as the original's f32
/// arithmetic. raw spends one draw, ranged one per attempt.
#[pyclass(name = "Random4", module = "bitexact.westwood", eq)]
#[derive(Clone, PartialEq)]
pub struct WwRandom4 {
    inner: Random4,
}

#[pymethods]
impl WwRandom4 {
    #[new]
    #[pyo3(signature = (seed = None))]
    fn new(seed: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let seed = match seed {
            Some(s) => int_arg(s, "seed", U32)?,
            None => random4::DEFAULT_SEED,
        };
        Ok(Self {
            inner: Random4::new(seed),
        })
    }

    /// The raw draw (the tempered word as a signed int). 1 draw.
    fn raw(&mut self) -> i32 {
        self.inner.raw()
    }

    /// Uniform on [lo, hi] (inclusive), WWLib's pick. 1 draw per attempt.
    fn ranged(&mut self, lo: &Bound<'_, PyAny>, hi: &Bound<'_, PyAny>) -> PyResult<i32> {
        let lo = int_arg(lo, "lo", I32)?;
        let hi = int_arg(hi, "hi", I32)?;
        self.inner.ranged(lo, hi).map_err(error)
    }

    /// The double of WWLib's ranged draw, as Random2's. 1 draw per attempt.
    fn double(&mut self) -> f64 {
        self.inner.double()
    }

    /// `Get_Float`: the word scaled to a float32 in [0, 1). 1 draw.
    fn get_float(&mut self) -> f32 {
        self.inner.get_float()
    }

    /// `n` raw draws as a numpy int32 array (n calls of raw). n draws.
    fn fill<'py>(
        &mut self,
        py: Python<'py>,
        n: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<i32>>> {
        let n = count_arg(n, "n")?;
        let inner = &mut self.inner;
        let out: Vec<i32> = py.detach(|| (0..n).map(|_| inner.raw()).collect());
        Ok(out.into_pyarray(py))
    }

    /// Spend `draws` raw draws unread.
    fn discard(&mut self, py: Python<'_>, draws: &Bound<'_, PyAny>) -> PyResult<()> {
        let draws = u64_arg(draws, "draws")?;
        py.detach(|| self.inner.discard(draws));
        Ok(())
    }

    /// Raw draws since seeding (or loading): not part of the state.
    #[getter]
    fn position(&self) -> u64 {
        self.inner.position()
    }

    /// `mti`, the index of the next word (624: the next draw twists).
    #[getter]
    fn mti(&self) -> u32 {
        self.inner.mti()
    }

    /// The 624-word block as a numpy uint32 array (a copy).
    fn state<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u32>> {
        PyArray1::from_slice(py, self.inner.state())
    }

    /// The 2500-byte state: 624 words, then mti, little-endian.
    fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &random4::encode_state(&self.inner))
    }

    /// Read to_bytes' 2500 bytes; bitexact.Error on a wrong length or mti.
    #[classmethod]
    fn from_bytes(_cls: &Bound<'_, PyType>, b: &Bound<'_, PyAny>) -> PyResult<Self> {
        random4::decode_state(&bytes_arg(b)?)
            .map(|inner| Self { inner })
            .map_err(error)
    }

    /// `(seed, draws)` of this state, with no search over seeds (each
    /// candidate replayed whole), or None when no seed reaches it within
    /// `max_twists` twists.
    #[pyo3(signature = (max_twists = 100_000))]
    fn identify(&self, py: Python<'_>, max_twists: u64) -> Option<(u32, u64)> {
        let inner = &self.inner;
        py.detach(|| random4::identify(inner, max_twists))
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
            "bitexact.westwood.Random4(mti={}, position={})",
            self.inner.mti(),
            self.inner.position()
        )
    }
}

pub(crate) fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<WwRandom2>()?;
    m.add_class::<WwRandom4>()?;
    Ok(())
}
