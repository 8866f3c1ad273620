//! `bitexact.laige`: the laige engine's xorshift128+ `Prng` with substreams.

use crate::{error, int_arg, u64_arg, U32};
use bitexact::laige::engine::{Laige, MAX_DRAWS};
use bitexact::laige::{self, Prng};
use pyo3::prelude::*;
use pyo3::types::PyType;

/// The laige engine's `Prng`: xorshift128+ seeded by splitmix64's mix of
/// the 64-bit seed, with substreams `derive_substream(seed, id)`.
///
/// Bit-exact: integer arithmetic only; the golden seed's outputs and their
/// FNV-1a (the laige PRNG doc) are checked, and the period (2^128 - 1) is proven.
/// Every draw spends one 64-bit word; next_range also one per rejection.
#[pyclass(name = "Prng", module = "bitexact.laige", eq)]
#[derive(Clone, PartialEq)]
pub struct LaigePrng(Prng);

crate::class::py_class! {
    LaigePrng(Laige) "bitexact.laige.Prng", |g| format!(
        "seed={}, state=({:#x}, {:#x})",
        g.seed(),
        g.state_part1(),
        g.state_part2()
    );
    fill fill;
    fill fill_float01 = Prng::fill_float01 => f32,
        "`n` next_float01 draws as a numpy float32 array, bit for bit. n words.";
    discard words;
    states max_draws;
    {
        #[new]
        fn new(seed: &Bound<'_, PyAny>) -> PyResult<Self> {
            Ok(Self(Prng::new(u64_arg(seed, "seed")?)))
        }

        /// `Prng(seed + id * 0x9E3779B97F4A7C15)` (wrapping): the documented
        /// derivation of substream `id` of a master seed.
        #[staticmethod]
        fn derive_substream(seed: &Bound<'_, PyAny>, id: &Bound<'_, PyAny>) -> PyResult<Self> {
            Ok(Self(Prng::derive_substream(
                u64_arg(seed, "seed")?,
                int_arg(id, "id", U32)?,
            )))
        }

        /// This stream's substream `id`: a fresh stream derived from this
        /// stream's construction seed, independent of its position.
        fn substream(&self, id: &Bound<'_, PyAny>) -> PyResult<Self> {
            Ok(Self(self.0.substream(int_arg(id, "id", U32)?)))
        }

        /// The xorshift128+ output. 1 word.
        fn next_u64(&mut self) -> u64 {
            self.0.next_u64()
        }

        /// Uniform on [lo, hi) (half-open; u32 bounds): `lo + r % (hi - lo)`,
        /// rejecting r >= 2^64 - (2^64 mod n). 1 word + 1 per rejection.
        /// lo >= hi raises bitexact.Error and spends nothing.
        fn next_range(&mut self, lo: &Bound<'_, PyAny>, hi: &Bound<'_, PyAny>) -> PyResult<u32> {
            let lo = int_arg(lo, "lo", U32)?;
            let hi = int_arg(hi, "hi", U32)?;
            self.0.next_range(lo, hi).map_err(error)
        }

        /// `(next_u64() >> 40) * 2**-24`: uniform on [0, 1) in steps of 2^-24,
        /// a float32 exactly. 1 word.
        fn next_float01(&mut self) -> f32 {
            self.0.next_float01()
        }

        /// The construction seed (the save/replay identity).
        #[getter]
        fn seed(&self) -> u64 {
            self.0.seed()
        }

        /// `(part1, part2)`: the xorshift128+ state words s0, s1.
        #[getter]
        fn state(&self) -> (u64, u64) {
            (self.0.state_part1(), self.0.state_part2())
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
            .map(Self)
            .map_err(error)
        }
    }
}

/// The id of the substream of `master` whose seed is `seed`
/// (`seed = master + id * 0x9E3779B97F4A7C15`), or bitexact.Error when
/// `seed` is no substream of `master` (its id would not fit in 32 bits).
#[pyfunction]
fn substream_id(master: &Bound<'_, PyAny>, seed: &Bound<'_, PyAny>) -> PyResult<u32> {
    laige::substream_id(u64_arg(master, "master")?, u64_arg(seed, "seed")?)
        .map_err(|e| error(format!("master seed {master}: {e}")))
}

pub(crate) fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<LaigePrng>()?;
    m.add_function(wrap_pyfunction!(substream_id, m)?)?;
    m.add("GOLDEN_SEED", laige::GOLDEN_SEED)?;
    m.add("GOLDEN_FNV1A_4096", laige::GOLDEN_FNV1A_4096)?;
    m.add("DEFAULT_MAX_DRAWS", laige::DEFAULT_MAX_DRAWS)?;
    m.add("MAX_DRAWS", MAX_DRAWS)?;
    Ok(())
}
