//! `bitexact.sots`: the Sword of the Stars "Mars" generator, state items,
//! identification and `Mars_Vec3` arithmetic.

use crate::args::triple_arg;
use crate::{error, f32_arg, int_arg, I32, U32};
use bitexact::engine::Engine;
use bitexact::mt19937::{Mt19937, N};
use bitexact::sots::engine::{Sots, MAX_TWISTS};
use bitexact::sots::{self, movefleet, Vec3, DEFAULT_MAX_TWISTS};
use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray1};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyType};

/// The Mars engine generator: MT19937 (seeded by Knuth's initializer and one
/// twist, as the engine does) with every entry point the binary has, each
/// spending exactly the words the original spends, and the x87 precision
/// model its float draws are narrowed under ("pc53", MSVC's default, or
/// "pc24", a Direct3D 9 process).
///
/// Bit-exact: integer draws everywhere; float draws follow the original's
/// x87 sequence under the precision model, checked against the x87 unit.
/// The raw words are MT19937's, checked against numpy's MT19937.
#[pyclass(name = "Rng", module = "bitexact.sots", eq)]
#[derive(Clone, PartialEq)]
pub struct SotsRng(sots::Rng);

crate::class::py_class! {
    SotsRng(Sots) "bitexact.sots.Rng", |g| format!(
        "left={}, position={}, precision='{}'",
        g.left(),
        g.position(),
        g.precision().name()
    );
    fill fill_u32;
    fill fill_float = sots::Rng::fill_float => f32,
        "`n` next_float draws as a numpy float32 array, bit for bit. n words.";
    fill fill_unit = sots::Rng::fill_unit => f64,
        "`n` next_unit draws as a numpy float64 array, bit for bit. n words.";
    discard words;
    save save_state;
    pickle;
    {
        #[new]
        #[pyo3(signature = (seed, precision = None), text_signature = "(seed, precision='pc53')")]
        fn new(seed: &Bound<'_, PyAny>, precision: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
            let seed: u32 = int_arg(seed, "seed", U32)?;
            Ok(Self(sots::Rng::with_precision(seed, crate::precision_obj(precision)?)))
        }

        /// The tempered word. 1 word.
        fn next_u32(&mut self) -> u32 {
            self.0.next_u32()
        }

        /// `y * UNIT_SCALE` as a double, closed [0, 1]. 1 word.
        fn next_unit(&mut self) -> f64 {
            self.0.next_unit()
        }

        /// The unit narrowed to float32 under the precision model (returned as a
        /// Python float holding the float32 exactly). 1 word.
        fn next_float(&mut self) -> f32 {
            self.0.next_float()
        }

        /// Uniform on [0, n] by mask and rejection. 1 word + 1 per rejection.
        fn next_int_inclusive(&mut self, n: &Bound<'_, PyAny>) -> PyResult<u32> {
            Ok(self.0.next_int_inclusive(int_arg(n, "n", U32)?))
        }

        /// `next_float() < p` (p: the float32 nearest the value given — a
        /// Python float rounded once, a numpy float32 exactly); p <= 0 is
        /// False and p >= 1 True with no draw. 0 or 1 word.
        fn chance(&mut self, p: &Bound<'_, PyAny>) -> PyResult<bool> {
            Ok(self.0.chance(f32_arg(p, "p")?))
        }

        /// `f32(lo + f32((hi - lo) * unit))` under the precision model (lo and hi:
        /// the float32 nearest the value given — a Python float rounded once, a
        /// numpy float32 exactly). 1 word.
        fn float_range(&mut self, lo: &Bound<'_, PyAny>, hi: &Bound<'_, PyAny>) -> PyResult<f32> {
            Ok(self.0.float_range(f32_arg(lo, "lo")?, f32_arg(hi, "hi")?))
        }

        /// Triangular integer on [lo, hi]: `lo + next_int_inclusive(h // 2) +
        /// next_int_inclusive(h - h // 2)` with `h = hi - lo` (i32, wrapping; an
        /// inverted range is reproduced, not an error). At least 2 words.
        fn int_range_bell(&mut self, lo: &Bound<'_, PyAny>, hi: &Bound<'_, PyAny>) -> PyResult<i32> {
            let lo = int_arg(lo, "lo", I32)?;
            let hi = int_arg(hi, "hi", I32)?;
            Ok(self.0.int_range_bell(lo, hi))
        }

        /// The truncated normal's uniform tap `(y + 0.5) * 2**-32`, strictly
        /// inside (0, 1). 1 word.
        fn next_open_unit(&mut self) -> f64 {
            self.0.next_open_unit()
        }

        /// Words still unread in the current block, 0..=624 (the save's `left`).
        #[getter]
        fn left(&self) -> u32 {
            self.0.left()
        }

        /// Words drawn since this object was seeded (or since the start of the
        /// block it was loaded with): the difference of two readings is the
        /// words spent in between.
        #[getter]
        fn position(&self) -> u64 {
            self.0.position()
        }

        /// The precision model, "pc53" or "pc24" (not part of the saved state).
        #[getter]
        fn get_precision(&self) -> &'static str {
            self.0.precision().name()
        }

        #[setter]
        fn set_precision(&mut self, precision: &Bound<'_, PyAny>) -> PyResult<()> {
            self.0.set_precision(crate::precision_obj(Some(precision))?);
            Ok(())
        }

        /// The untempered 624-word block as a numpy uint32 array (a copy).
        fn state<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u32>> {
            PyArray1::from_slice(py, self.0.state())
        }

        /// A generator from the save's `RNG` item (2500 bytes, or 2503 with the
        /// item's padding). Raises bitexact.Error on a wrong length or a `left`
        /// outside 0..=624.
        #[classmethod]
        #[pyo3(signature = (b, precision = None), text_signature = "(b, precision='pc53')")]
        fn load_state(
            _cls: &Bound<'_, PyType>,
            b: &Bound<'_, PyAny>,
            precision: Option<&Bound<'_, PyAny>>,
        ) -> PyResult<Self> {
            let precision = crate::precision_obj(precision)?;
            let mut r: Self = crate::class::from_bytes(b)?;
            r.0.set_precision(precision);
            Ok(r)
        }

        /// The state as numpy's MT19937 state dict, usable as
        /// `np.random.MT19937().state = r.to_numpy()`: `{'bit_generator':
        /// 'MT19937', 'state': {'key': uint32[624], 'pos': 624 - left}}`. numpy
        /// then produces the same words as next_u32 (its `random_raw`).
        fn to_numpy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
            let state = PyDict::new(py);
            state.set_item("key", PyArray1::from_slice(py, self.0.state()))?;
            state.set_item("pos", N as u32 - self.0.left())?;
            let d = PyDict::new(py);
            d.set_item("bit_generator", "MT19937")?;
            d.set_item("state", state)?;
            Ok(d)
        }

        /// A generator at the state of numpy's MT19937 state dict (or of an
        /// object with such a `.state`, e.g. `np.random.MT19937(...)`):
        /// `left = 624 - pos`. Raises bitexact.Error on anything else.
        #[classmethod]
        #[pyo3(signature = (state, precision = None), text_signature = "(state, precision='pc53')")]
        fn from_numpy(
            _cls: &Bound<'_, PyType>,
            state: &Bound<'_, PyAny>,
            precision: Option<&Bound<'_, PyAny>>,
        ) -> PyResult<Self> {
            let precision = crate::precision_obj(precision)?;
            let dict = match state.cast::<PyDict>() {
                Ok(d) => d.clone(),
                Err(_) => match state.getattr("state") {
                    Ok(s) => s.cast_into::<PyDict>().map_err(|_| {
                        error("from_numpy: .state is not a dict (expected numpy's MT19937 state)")
                    })?,
                    Err(_) => {
                        return Err(error(
                            "from_numpy: expected numpy's MT19937 state dict or an MT19937",
                        ))
                    }
                },
            };
            let (block, pos) = numpy_state(&dict)?;
            let left = (N as i64)
                .checked_sub(pos)
                .and_then(|l| u32::try_from(l).ok())
                .filter(|&l| l as usize <= N)
                .ok_or_else(|| error(format!("from_numpy: pos = {pos} is outside 0..=624")))?;
            let mt = Mt19937::from_state(block, left).map_err(error)?;
            let mut inner = sots::Rng::from_mt(mt);
            inner.set_precision(precision);
            Ok(Self(inner))
        }

        /// Where this state sits in its seed's stream (as `bitexact.sots.identify`
        /// of its item), or None.
        #[pyo3(signature = (max_twists = None))]
        fn identify(&self, py: Python<'_>, max_twists: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Identity>> {
            identity(py, &self.0, max_twists)
        }
    }
}

/// The 624 words and `pos` of numpy's state dict.
fn numpy_state(d: &Bound<'_, PyDict>) -> PyResult<([u32; N], i64)> {
    let bad = |what: &str| {
        error(format!(
            "from_numpy: {what} (expected numpy's MT19937 state)"
        ))
    };
    match d.get_item("bit_generator")? {
        Some(name) if name.extract::<String>().ok().as_deref() == Some("MT19937") => {}
        Some(name) => {
            return Err(error(format!(
                "from_numpy: bit_generator is {}, not 'MT19937'",
                name.repr()?
            )))
        }
        None => return Err(bad("no 'bit_generator'")),
    }
    let state = d
        .get_item("state")?
        .ok_or_else(|| bad("no 'state'"))?
        .cast_into::<PyDict>()
        .map_err(|_| bad("'state' is not a dict"))?;
    let key = state.get_item("key")?.ok_or_else(|| bad("no 'key'"))?;
    let words: Vec<u32> = match key.extract::<PyReadonlyArray1<'_, u32>>() {
        Ok(a) => a.to_vec().map_err(|_| bad("'key' is not contiguous"))?,
        Err(_) => key
            .extract::<Vec<u32>>()
            .map_err(|_| bad("'key' is not 624 uint32 words"))?,
    };
    let block: [u32; N] = words
        .try_into()
        .map_err(|w: Vec<u32>| bad(&format!("'key' has {} words, not 624", w.len())))?;
    let pos = state.get_item("pos")?.ok_or_else(|| bad("no 'pos'"))?;
    let pos: i64 = int_arg(&pos, "from_numpy: 'pos'", "is outside 0..=624")?;
    Ok((block, pos))
}

/// Where a saved state sits in its seed's stream (from `identify`).
#[pyclass(name = "Identity", module = "bitexact.sots", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Identity {
    /// The seed the stream was started with.
    #[pyo3(get)]
    seed: u32,
    /// Twists after the seeding one (0 for a block straight from seeding).
    #[pyo3(get)]
    twists: u64,
    /// The state's `left`.
    #[pyo3(get)]
    left: u32,
    /// Words drawn since seeding: `twists * 624 + (624 - left)`.
    #[pyo3(get)]
    words_drawn: u64,
}

#[pymethods]
impl Identity {
    fn __repr__(&self) -> String {
        format!(
            "bitexact.sots.Identity(seed={}, twists={}, left={}, words_drawn={})",
            self.seed, self.twists, self.left, self.words_drawn
        )
    }
}

/// Where `r`'s state sits in its seed's stream, or None.
fn identity(
    py: Python<'_>,
    r: &sots::Rng,
    max_twists: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<Identity>> {
    let space = Sots::INFO.seed.space();
    let found = crate::work::identify::<Sots>(py, r, max_twists, (0..space, None))?;
    Ok(found.map(|id| Identity {
        seed: id.seed as u32,
        twists: sots::twists_of(id.words_drawn, r.left()),
        left: r.left(),
        words_drawn: id.words_drawn,
    }))
}

/// The seed of a saved `RNG` item (bytes, as save_state writes) and the
/// words drawn since seeding, with no search over seeds: each twist is
/// undone and the candidate replayed whole, so an edited state is never
/// named. None when no seed reaches it within `max_twists` twists (default
/// 100 000, 62.4 million words, about 0.1 s; at most 16 million, about
/// 16 s). Ctrl-C stops it (KeyboardInterrupt). Raises bitexact.Error when
/// the bytes are not an item.
#[pyfunction]
#[pyo3(signature = (b, max_twists = None))]
fn identify(
    py: Python<'_>,
    b: &Bound<'_, PyAny>,
    max_twists: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<Identity>> {
    let r: SotsRng = crate::class::from_bytes(b)?;
    identity(py, &r.0, max_twists)
}

type Triple = (f32, f32, f32);

fn vec3((x, y, z): Triple) -> Vec3 {
    Vec3::new(x, y, z)
}

fn triple(v: Vec3) -> Triple {
    (v.x, v.y, v.z)
}

/// `Mars_Vec3_Normalize` of (x, y, z) (each rounded to float32): the
/// direction and the length, with the original's float32 narrowings under
/// the precision model, bit for bit (checked against the x87 unit). A zero
/// or tiny vector gives (0, 0, 0) and the x87 indefinite (NaN) as length,
/// as the original does.
#[pyfunction]
#[pyo3(signature = (v, precision = None), text_signature = "(v, precision='pc53')")]
fn normalize(
    v: &Bound<'_, PyAny>,
    precision: Option<&Bound<'_, PyAny>>,
) -> PyResult<(Triple, f32)> {
    let (dir, len) = vec3(triple_arg(v, "v")?).normalize(crate::precision_obj(precision)?);
    Ok((triple(dir), len))
}

/// The MoveFleet leg: the position after moving `move` towards `dest` from
/// `pos`, with the original's narrowings under the precision model, bit for
/// bit.
#[pyfunction]
#[pyo3(signature = (pos, dest, r#move, precision = None), text_signature = "(pos, dest, move, precision='pc53')")]
fn leg(
    pos: &Bound<'_, PyAny>,
    dest: &Bound<'_, PyAny>,
    r#move: &Bound<'_, PyAny>,
    precision: Option<&Bound<'_, PyAny>>,
) -> PyResult<Triple> {
    Ok(triple(movefleet::leg(
        vec3(triple_arg(pos, "pos")?),
        vec3(triple_arg(dest, "dest")?),
        f32_arg(r#move, "move")?,
        crate::precision_obj(precision)?,
    )))
}

pub(crate) fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<SotsRng>()?;
    m.add_class::<Identity>()?;
    m.add_function(wrap_pyfunction!(identify, m)?)?;
    m.add_function(wrap_pyfunction!(normalize, m)?)?;
    m.add_function(wrap_pyfunction!(leg, m)?)?;
    m.add("ITEM_LEN", sots::ITEM_LEN)?;
    m.add("DEFAULT_MAX_TWISTS", DEFAULT_MAX_TWISTS)?;
    m.add("MAX_TWISTS", MAX_TWISTS)?;
    Ok(())
}
