//! `bitexact.laige`: the laige engine's xorshift128+ `Prng` with substreams.

use crate::{bytes_arg, error, int_arg, u64_arg, U32};
use bitexact::laige::{self, Prng};
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyType};

/// The laige engine's `Prng`: xorshift128+ seeded by splitmix64's mix of
/// the 64-bit seed, with substreams `derive_substream(seed, id)`.
///
/// Bit-exact: integer arithmetic only; the golden seed's outputs and their
/// FNV-1a (seed 001) are checked, and the period (2^128 - 1) is proven.
/// Every draw spends one 64-bit word; next_range also one per rejection.
#[pyclass(name = "Prng", module = "bitexact.laige", eq)]
#[derive(Clone, PartialEq)]
pub struct LaigePrng {
    inner: Prng,
}

#[pymethods]
impl LaigePrng {
    #[new]
    fn new(seed: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(Self {
            inner: Prng::new(u64_arg(seed, "seed")?),
        })
    }

    /// `Prng(seed + id * 0x9E3779B97F4A7C15)` (wrapping): the documented
    /// derivation of substream `id` of a master seed.
    #[staticmethod]
    fn derive_substream(seed: &Bound<'_, PyAny>, id: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(Self {
            inner: Prng::derive_substream(u64_arg(seed, "seed")?, int_arg(id, "id", U32)?),
        })
    }

    /// This stream's substream `id`: a fresh stream derived from this
    /// stream's construction seed, independent of its position.
    fn substream(&self, id: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(Self {
            inner: self.inner.substream(int_arg(id, "id", U32)?),
        })
    }

    /// The xorshift128+ output. 1 word.
    fn next_u64(&mut self) -> u64 {
        self.inner.next_u64()
    }

    /// Uniform on [lo, hi) (half-open; u32 bounds): `lo + r % (hi - lo)`,
    /// rejecting r >= 2^64 - (2^64 mod n). 1 word + 1 per rejection.
    /// lo >= hi raises bitexact.Error and spends nothing.
    fn next_range(&mut self, lo: &Bound<'_, PyAny>, hi: &Bound<'_, PyAny>) -> PyResult<u32> {
        let lo = int_arg(lo, "lo", U32)?;
        let hi = int_arg(hi, "hi", U32)?;
        self.inner.next_range(lo, hi).map_err(error)
    }

    /// `(next_u64() >> 40) * 2**-24`: uniform on [0, 1) in steps of 2^-24,
    /// a float32 exactly. 1 word.
    fn next_float01(&mut self) -> f32 {
        self.inner.next_float01()
    }

    /// `n` next_u64 draws as a numpy uint64 array, bit for bit, leaving the
    /// same state. n words.
    ///
    /// `out=` fills a caller's contiguous array of that dtype in place
    /// instead (and returns it): no allocation, no fresh pages.
    #[pyo3(signature = (n = None, *, out = None))]
    fn fill<'py>(
        &mut self,
        py: Python<'py>,
        n: Option<&Bound<'py, PyAny>>,
        out: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<u64>>> {
        let inner = &mut self.inner;
        crate::fill_array(py, n, out, "uint64", |s| inner.fill(s))
    }

    /// `n` next_float01 draws as a numpy float32 array, bit for bit. n words.
    ///
    /// `out=` fills a caller's contiguous array of that dtype in place
    /// instead (and returns it): no allocation, no fresh pages.
    #[pyo3(signature = (n = None, *, out = None))]
    fn fill_float01<'py>(
        &mut self,
        py: Python<'py>,
        n: Option<&Bound<'py, PyAny>>,
        out: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let inner = &mut self.inner;
        crate::fill_array(py, n, out, "float32", |s| inner.fill_float01(s))
    }

    /// Spend `words` words unread, by a GF(2) jump (microseconds for any n).
    fn discard(&mut self, words: &Bound<'_, PyAny>) -> PyResult<()> {
        self.inner.jump(u64_arg(words, "words")?.into());
        Ok(())
    }

    /// The construction seed (the save/replay identity).
    #[getter]
    fn seed(&self) -> u64 {
        self.inner.seed()
    }

    /// `(part1, part2)`: the xorshift128+ state words s0, s1.
    #[getter]
    fn state(&self) -> (u64, u64) {
        (self.inner.state_part1(), self.inner.state_part2())
    }

    /// A stream at an explicit state; the all-zero state raises bitexact.Error.
    #[classmethod]
    fn from_state(
        _cls: &Bound<'_, PyType>,
        seed: &Bound<'_, PyAny>,
        part1: &Bound<'_, PyAny>,
        part2: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        Prng::from_state(
            u64_arg(seed, "seed")?,
            u64_arg(part1, "part1")?,
            u64_arg(part2, "part2")?,
        )
        .map(|inner| Self { inner })
        .map_err(error)
    }

    /// The 24-byte state file: seed, part1, part2, little-endian (as the
    /// CLI's `state save laige` writes).
    fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &laige::encode_state(&self.inner))
    }

    /// Read to_bytes' 24 bytes; bitexact.Error on a wrong length or the
    /// all-zero state.
    #[classmethod]
    fn from_bytes(_cls: &Bound<'_, PyType>, b: &Bound<'_, PyAny>) -> PyResult<Self> {
        laige::decode_state(&bytes_arg(b)?)
            .map(|inner| Self { inner })
            .map_err(error)
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
            "bitexact.laige.Prng(seed={}, state=({:#x}, {:#x}))",
            self.inner.seed(),
            self.inner.state_part1(),
            self.inner.state_part2()
        )
    }
}

pub(crate) fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<LaigePrng>()?;
    m.add("GOLDEN_SEED", laige::GOLDEN_SEED)?;
    m.add("GOLDEN_FNV1A_4096", laige::GOLDEN_FNV1A_4096)?;
    Ok(())
}
