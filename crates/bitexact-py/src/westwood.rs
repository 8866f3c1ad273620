//! `bitexact.westwood`: WWLib's classes — `Random2Class` (the Tiberian Sun /
//! Red Alert 2 randomizer), `RandomClass`, `Random3Class` and
//! `Random4Class` — one Python class each, through the engine contract.

use crate::class::{pair, py_class};
use crate::{bytes_arg, error, int_arg, I32, U32};
use bitexact::engine::Engine;
use bitexact::westwood::engines::{Random2Class, Random3Class, Random4Class, RandomClass};
use bitexact::westwood::{random4, Random2, Random3, Random4, RandomLcg};
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyType};

/// A WWLib class: its `py_class!` with the draws every WWLib class has
/// (`raw`, `ranged`, `double`), then its own methods.
macro_rules! wwlib_class {
    (
        $ty:ident($engine:ty) $name:literal, |$g:ident| $fields:expr;
        { $($own:tt)* }
        $($groups:tt)*
    ) => {
        py_class! {
            $ty($engine) $name, |$g| $fields;
            fill fill;
            discard draws;
            $($groups)*
            {
                /// The raw draw (`operator()`), signed as the games read it.
                /// 1 draw.
                fn raw(&mut self) -> i32 {
                    self.0.raw()
                }

                /// Uniform on [lo, hi] (inclusive), WWLib's `Pick_Random_Number`:
                /// 1 draw per attempt. A range the original cannot draw raises
                /// bitexact.Error (spending nothing).
                fn ranged(&mut self, lo: &Bound<'_, PyAny>, hi: &Bound<'_, PyAny>) -> PyResult<i32> {
                    let lo = int_arg(lo, "lo", I32)?;
                    let hi = int_arg(hi, "hi", I32)?;
                    self.0.ranged(lo, hi).map_err(error)
                }

                /// `ranged(1, 2^31 - 1) / 2^31` as a double, in (0, 1). 1 draw
                /// per attempt.
                fn double(&mut self) -> f64 {
                    self.0.double()
                }

                $($own)*
            }
        }
    };
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
pub struct WwRandom2(Random2);

wwlib_class! {
    WwRandom2(Random2Class) "bitexact.westwood.Random2", |g| format!(
        "cursors=({}, {}), disabled={}, position={}",
        g.index1(),
        g.index2(),
        if g.disabled() { "True" } else { "False" },
        g.position()
    );
    {
        #[new]
        fn new(seed: &Bound<'_, PyAny>) -> PyResult<Self> {
            Ok(Self(Random2::new(int_arg(seed, "seed", U32)?)))
        }

        /// Raw draws since seeding (or loading): not part of the state.
        #[getter]
        fn position(&self) -> u64 {
            self.0.position()
        }

        /// Red Alert 2's `disabled` flag (a set flag makes every draw 0).
        #[getter]
        fn get_disabled(&self) -> bool {
            self.0.disabled()
        }

        #[setter]
        fn set_disabled(&mut self, disabled: &Bound<'_, PyAny>) -> PyResult<()> {
            self.0.set_disabled(crate::bool_arg(disabled, "disabled")?);
            Ok(())
        }

        /// The cursors `(index1, index2)`, each 0..250.
        #[getter]
        fn cursors(&self) -> (usize, usize) {
            (self.0.index1(), self.0.index2())
        }

        /// The 250-word table as a numpy int32 array (a copy).
        fn table<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i32>> {
            PyArray1::from_slice(py, self.0.table())
        }

        /// The object's bytes in a game's layout: "ts" (Tiberian Sun, 1008
        /// bytes; a set disabled flag cannot be stored and raises
        /// bitexact.Error) or "ra2" (Red Alert 2 / Yuri's Revenge, 1012 bytes).
        #[pyo3(signature = (layout = None), text_signature = "(layout='ra2')")]
        fn to_bytes<'py>(&self, py: Python<'py>, layout: Option<&Bound<'py, PyAny>>) -> PyResult<Bound<'py, PyBytes>> {
            let layout = crate::args::opt_str(layout, "layout")?.unwrap_or_else(|| "ra2".into());
            Ok(PyBytes::new(py, &crate::class::save(self, Some(&layout))?))
        }

        /// A generator from to_bytes' bytes; the layout is told by the length
        /// (1008: ts, 1012: ra2) unless given. Cursors out of range, a bad flag
        /// byte or (unless strict=False) cursors not 103 apart, which the game
        /// never writes, raise bitexact.Error.
        #[classmethod]
        #[pyo3(signature = (b, layout = None, strict = None), text_signature = "(b, layout=None, strict=True)")]
        fn from_bytes(
            _cls: &Bound<'_, PyType>,
            b: &Bound<'_, PyAny>,
            layout: Option<&Bound<'_, PyAny>>,
            strict: Option<&Bound<'_, PyAny>>,
        ) -> PyResult<Self> {
            let layout = crate::args::opt_str(layout, "layout")?;
            let strict = crate::opt_flag(strict, "strict", true)?;
            let r: Self = crate::class::load(&bytes_arg(b)?, layout.as_deref())?;
            match r.0.irregular() {
                Some(c) if strict => Err(error(format!("westwood state: {c}"))),
                _ => Ok(r),
            }
        }

        /// `(seed, words_drawn)` of this state, found by walking the table
        /// back to every possible seeding point within `max_draws` (default
        /// 10^7, at most 10^9) and searching the seeds of `seed_range`
        /// (`(first, end)`, end exclusive, or a range; default all 2^32) on
        /// `threads` threads (default every core), with the GIL released;
        /// the hit is replayed whole (table, cursors and flag). None when no
        /// seed of the range reaches it, or the disabled flag is set (no draw
        /// sets it). Ctrl-C stops it (KeyboardInterrupt).
        #[pyo3(signature = (seed_range = None, max_draws = None, threads = None))]
        fn identify(
            &self,
            py: Python<'_>,
            seed_range: Option<&Bound<'_, PyAny>>,
            max_draws: Option<&Bound<'_, PyAny>>,
            threads: Option<&Bound<'_, PyAny>>,
        ) -> PyResult<Option<(u64, u64)>> {
            let seeds = crate::stream::seed_range_arg(seed_range, Random2Class::INFO.seed.space())?;
            let found =
                crate::work::identify::<Random2Class>(py, &self.0, max_draws, (seeds, threads))?;
            Ok(found.map(pair))
        }
    }
    pickle;
}

/// WWLib's `RandomClass`: the 15-bit LCG of Tiberian Dawn and Red Alert
/// (`seed = seed * 0x41C64E6D + 0x3039`, the draw `(seed >> 10) & 0x7fff`;
/// default seed 0).
///
/// Bit-exact: integer arithmetic. raw spends one draw, ranged one per
/// attempt.
#[pyclass(name = "Random", module = "bitexact.westwood", eq)]
#[derive(Clone, PartialEq)]
pub struct WwRandom(RandomLcg);

wwlib_class! {
    WwRandom(RandomClass) "bitexact.westwood.Random", |g| format!("seed={}", g.seed());
    {
        #[new]
        #[pyo3(signature = (seed = None))]
        fn new(seed: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
            let seed = seed.map(|s| int_arg(s, "seed", U32)).transpose()?;
            Ok(Self(RandomLcg::new(seed.unwrap_or(0))))
        }

        /// The LCG's 32-bit state (the seed, stepped once per draw).
        #[getter]
        fn seed(&self) -> u32 {
            self.0.seed()
        }
    }
    pickle;
}

/// WWLib's `Random3Class`: the pseudo-DES hash of (seed, index), used
/// directly; each draw hashes the next index.
///
/// Bit-exact: integer arithmetic. raw spends one draw (one index), ranged
/// one per attempt.
#[pyclass(name = "Random3", module = "bitexact.westwood", eq)]
#[derive(Clone, PartialEq)]
pub struct WwRandom3(Random3);

wwlib_class! {
    WwRandom3(Random3Class) "bitexact.westwood.Random3", |g| format!(
        "seed={}, index={}",
        g.seed(),
        g.index()
    );
    {
        /// `Random3Class(seed, index)` (the original's defaults: 0 and 0).
        #[new]
        #[pyo3(signature = (seed = None, index = None))]
        fn new(seed: Option<&Bound<'_, PyAny>>, index: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
            let seed = seed.map(|s| int_arg(s, "seed", U32)).transpose()?;
            let index = index.map(|i| int_arg(i, "index", U32)).transpose()?;
            Ok(Self(Random3::with_index(seed.unwrap_or(0), index.unwrap_or(0))))
        }

        /// The seed.
        #[getter]
        fn seed(&self) -> u32 {
            self.0.seed()
        }

        /// The index the next draw hashes.
        #[getter]
        fn index(&self) -> u32 {
            self.0.index()
        }
    }
    pickle;
}

/// WWLib's `Random4Class`: MT19937 with the 1998 `sgenrand` seeding (69069
/// multiplier; seed 0 becomes 4375, the original's typo for 4357; no seed
/// means the default 4357).
///
/// Bit-exact: integer draws everywhere; get_float as the original's f32
/// arithmetic. raw spends one draw, ranged one per attempt.
#[pyclass(name = "Random4", module = "bitexact.westwood", eq)]
#[derive(Clone, PartialEq)]
pub struct WwRandom4(Random4);

wwlib_class! {
    WwRandom4(Random4Class) "bitexact.westwood.Random4", |g| format!(
        "mti={}, position={}",
        g.mti(),
        g.position()
    );
    {
        #[new]
        #[pyo3(signature = (seed = None))]
        fn new(seed: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
            let seed = seed.map(|s| int_arg(s, "seed", U32)).transpose()?;
            Ok(Self(Random4::new(seed.unwrap_or(random4::DEFAULT_SEED))))
        }

        /// `Get_Float`: the word scaled to a float32 in [0, 1). 1 draw.
        fn get_float(&mut self) -> f32 {
            self.0.get_float()
        }

        /// Raw draws since seeding (or loading): not part of the state.
        #[getter]
        fn position(&self) -> u64 {
            self.0.position()
        }

        /// `mti`, the index of the next word (624: the next draw twists).
        #[getter]
        fn mti(&self) -> u32 {
            self.0.mti()
        }

        /// The 624-word block as a numpy uint32 array (a copy).
        fn state<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u32>> {
            PyArray1::from_slice(py, self.0.state())
        }
    }
    states max_twists;
}

pub(crate) fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<WwRandom2>()?;
    m.add_class::<WwRandom>()?;
    m.add_class::<WwRandom3>()?;
    m.add_class::<WwRandom4>()?;
    m.add("DEFAULT_MAX_DRAWS", bitexact::westwood::DEFAULT_MAX_DRAWS)?;
    Ok(())
}
