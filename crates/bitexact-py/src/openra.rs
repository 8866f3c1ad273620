//! `bitexact.openra`: OpenRA's `MersenneTwister`.

use crate::class::py_class;
use crate::{error, int_arg, I32};
use bitexact::openra::{self, engine::Openra};
use pyo3::prelude::*;

/// `OpenRA.Support.MersenneTwister`: MT19937 seeded by `init_genrand` with
/// the `int` seed's bit pattern; `Next()` is the word mod 2147483647.
///
/// Bit-exact: the words are MT19937's (checked against numpy's); `NextFloat`
/// rounds to float32 as C# does. next and next_float spend one draw;
/// next_range one, or none when hi - lo <= 1. Pickles and copies keep the
/// whole state (OpenRA itself saves none, so there are no state files).
#[pyclass(name = "MersenneTwister", module = "bitexact.openra", eq)]
#[derive(Clone, PartialEq)]
pub struct OpenraMt(openra::MersenneTwister);

py_class! {
    OpenraMt(Openra) "bitexact.openra.MersenneTwister", |g| format!(
        "last={}, total_count={}",
        g.last(),
        g.total_count()
    );
    fill fill;
    discard draws;
    pickle;
    {
        /// `new MersenneTwister(seed)`; seed is a C# int (-2^31..2^31).
        #[new]
        fn new(seed: &Bound<'_, PyAny>) -> PyResult<Self> {
            Ok(Self(openra::MersenneTwister::new(int_arg(seed, "seed", I32)?)))
        }

        /// `Next()`: one word mod 2147483647, in 0..2147483647. 1 draw.
        fn next(&mut self) -> i32 {
            self.0.next()
        }

        /// `Next(lo, hi)`: `lo + Next() % (hi - lo)` (wrapping), lo itself with
        /// no draw when hi - lo <= 1; hi < lo raises bitexact.Error (OpenRA
        /// throws), spending nothing.
        fn next_range(&mut self, lo: &Bound<'_, PyAny>, hi: &Bound<'_, PyAny>) -> PyResult<i32> {
            let lo = int_arg(lo, "lo", I32)?;
            let hi = int_arg(hi, "hi", I32)?;
            self.0.next_range(lo, hi).map_err(error)
        }

        /// `NextFloat()`: `float(Next()) / 2^31`, a float32. 1 draw.
        fn next_float(&mut self) -> f32 {
            self.0.next_float()
        }

        /// OpenRA's `Last`: the last Next() value (0 before any).
        #[getter]
        fn last(&self) -> i32 {
            self.0.last()
        }

        /// OpenRA's `TotalCount`: draws so far (what its sync reports show).
        #[getter]
        fn total_count(&self) -> u64 {
            self.0.total_count()
        }
    }
}

pub(crate) fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<OpenraMt>()?;
    Ok(())
}
