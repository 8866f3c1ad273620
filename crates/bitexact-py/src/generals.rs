//! `bitexact.generals`: Command & Conquer Generals' `GameLogicRandom`.

use crate::class::py_class;
use crate::{int_arg, I32, U32};
use bitexact::generals::engine::{Generals, MAX_DRAWS};
use bitexact::generals::{self, GameRandom};
use pyo3::prelude::*;
use pyo3::types::PyType;

/// One stream of Generals' generator (`GetGameLogicRandomValue` and
/// `...Real`): six words seeded `seed + C[i]`, an add-with-carry step.
///
/// Bit-exact: integer steps; real rounds each step to float32 as the game.
/// next_u32 spends one draw; value and real one, or none on their
/// degenerate ranges.
#[pyclass(name = "GameRandom", module = "bitexact.generals", eq)]
#[derive(Clone, PartialEq)]
pub struct GeneralsRandom(GameRandom);

py_class! {
    GeneralsRandom(Generals) "bitexact.generals.GameRandom", |g| format!("state={:?}", g.state());
    fill fill;
    discard draws;
    states max_draws;
    {
        #[new]
        fn new(seed: &Bound<'_, PyAny>) -> PyResult<Self> {
            Ok(Self(GameRandom::new(int_arg(seed, "seed", U32)?)))
        }

        /// One draw: the new s0. 1 draw.
        fn next_u32(&mut self) -> u32 {
            self.0.next_u32()
        }

        /// `GetGameLogicRandomValue(lo, hi)`: `(draw % (hi - lo + 1)) + lo`
        /// (wrapping; a reversed range is not an error); hi itself with no draw
        /// when hi - lo + 1 wraps to 0.
        fn value(&mut self, lo: &Bound<'_, PyAny>, hi: &Bound<'_, PyAny>) -> PyResult<i32> {
            let lo = int_arg(lo, "lo", I32)?;
            let hi = int_arg(hi, "hi", I32)?;
            Ok(self.0.value(lo, hi))
        }

        /// `GetGameLogicRandomValueReal(lo, hi)` on float32s (each the float32
        /// nearest the value given): hi with no draw when hi - lo <= 0.
        fn real(&mut self, lo: &Bound<'_, PyAny>, hi: &Bound<'_, PyAny>) -> PyResult<f32> {
            Ok(self.0.real(crate::f32_arg(lo, "lo")?, crate::f32_arg(hi, "hi")?))
        }

        /// The six state words, s0 first.
        #[getter]
        fn state(&self) -> [u32; 6] {
            self.0.state()
        }

        /// A stream at an explicit state (any six 32-bit words).
        #[classmethod]
        fn from_state(_cls: &Bound<'_, PyType>, s: &Bound<'_, PyAny>) -> PyResult<Self> {
            let words = crate::args::items(s, "state")?
                .iter()
                .map(|w| int_arg::<u32>(w, "state word", U32))
                .collect::<PyResult<Vec<u32>>>()?;
            let words: [u32; 6] = words.try_into().map_err(|w: Vec<u32>| {
                crate::error(format!("a GameRandom state is 6 words, not {}", w.len()))
            })?;
            Ok(Self(GameRandom::from_state(words)))
        }
    }
}

pub(crate) fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<GeneralsRandom>()?;
    m.add("DEFAULT_MAX_DRAWS", generals::DEFAULT_MAX_DRAWS)?;
    m.add("MAX_DRAWS", MAX_DRAWS)?;
    Ok(())
}
