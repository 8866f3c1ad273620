//! `bitexact.Generator`: every generator of the engine list by name, as one
//! class (the library's type-erased `bitexact::stream::Stream`), and
//! `bitexact._engines()`, the list itself as the package sees it. A
//! generator added to the library's list has both at once, with no line
//! here.
//!
//! Everything it computes is the library's: the tap vocabulary and its
//! parsing (the CLI's `--tap`), the draws, the bulk fills, discards, state
//! files and snapshots (the pickle). What is here is arguments, arrays,
//! slicing for Ctrl-C, and errors.

use crate::stream::{count_of, draws, engine_and_tap, engine_arg, options, seed_arg, skip};
use crate::work::{self, Dtype};
use crate::{bytes_arg, count_arg, error, opt_flag, str_arg, u64_arg, NAMES};
use bitexact::engine::{Engine, Info, RawWord, Value, WordKind};
use bitexact::engines::Id;
use bitexact::stream::Stream;
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyType};

/// Any generator of the engine list, chosen by name, drawn through a tap
/// of the CLI's vocabulary (`bitexact stream ENGINE --tap TAP`): one call
/// (`next`), one call of another tap (`call`), the raw word (`word`), raw
/// words in bulk (`fill`, bit for bit the single words), calls in bulk
/// (`take`), skips and discards, the state file where the engine has one
/// (`save_state`, `Generator.from_state`), copies and pickles (the whole
/// generator, its tap and its position). Bit-exact as the generators' own
/// methods (it calls them); the typed classes (`bitexact.sots.Rng`, …) are
/// the same generators with their own methods.
///
/// Equal generators draw the same from here on: the same engine, its state
/// equal, drawn through the same tap (positions may differ). Bad input
/// raises bitexact.Error with the CLI's message; long calls release the
/// GIL and turn Ctrl-C into KeyboardInterrupt, leaving the generator as it
/// was.
#[pyclass(name = "Generator", module = "bitexact", eq)]
#[derive(Clone, PartialEq)]
pub struct Generator(Stream);

/// A value of a call as Python has it: an `int`, a `float` (a float32
/// exactly), a `bool`; `None` for a call whose value is not modelled.
fn value<'py>(py: Python<'py>, v: Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::U32(x) => x.into_pyobject(py)?.into_any(),
        Value::I32(x) => x.into_pyobject(py)?.into_any(),
        Value::U64(x) => x.into_pyobject(py)?.into_any(),
        Value::F32(x) => f64::from(x).into_pyobject(py)?.into_any(),
        Value::F64(x) => x.into_pyobject(py)?.into_any(),
        Value::Bool(x) => x.into_pyobject(py)?.to_owned().into_any(),
        Value::Unmodelled => py.None().into_bound(py),
    })
}

/// The numpy dtype of a raw word.
fn dtype(kind: WordKind) -> &'static str {
    match kind {
        WordKind::U32 => u32::NAME,
        WordKind::I32 => i32::NAME,
        WordKind::U64 => u64::NAME,
    }
}

/// `n` raw words of `g` (or `out` filled), as [`work::fill_array`] draws
/// them: bounded by the words one call may spend.
fn fill_as<'py, T: Dtype + RawWord>(
    py: Python<'py>,
    g: &mut Stream,
    n: Option<&Bound<'py, PyAny>>,
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let info = g.info();
    // T is the stream's word (the caller matched it): the fill draws.
    let fill = |s: &mut Stream, out: &mut [T]| {
        let _ = s.fill_words(T::words(out));
    };
    let array: Bound<'py, PyArray1<T>> =
        work::fill_array(py, g, n, out, (info.limits.skip_words, info.unit), fill)?;
    Ok(array.into_any())
}

impl Generator {
    /// The tap text given (the engine's raw word when `None`), for messages.
    fn shown(id: Id, tap: Option<&str>) -> &str {
        tap.unwrap_or(id.info().default_tap())
    }
}

#[pymethods]
impl Generator {
    /// `engine` (a family of the list: "sots", "westwood", …; `class_` picks
    /// one of a family of several, its default when None) seeded with
    /// `seed` (32-bit, or 64-bit for laige; OpenRA's and .NET's int seeds
    /// signed or as their bit pattern), drawn through `tap` (the CLI's taps:
    /// "ranged:1,6", "float"; the raw word when None). `precision` is for
    /// sots' float taps ("pc53" or "pc24"), `substream` draws laige's
    /// `derive_substream(seed, id)`.
    #[new]
    #[pyo3(
        signature = (engine, seed, *, class_ = None, tap = None, precision = None, substream = None),
        text_signature = "(engine, seed, *, class_=None, tap=None, precision='pc53', substream=None)"
    )]
    fn new(
        engine: &Bound<'_, PyAny>,
        seed: &Bound<'_, PyAny>,
        class_: Option<&Bound<'_, PyAny>>,
        tap: Option<&Bound<'_, PyAny>>,
        precision: Option<&Bound<'_, PyAny>>,
        substream: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let (id, tap) = engine_and_tap(engine, class_, tap)?;
        let opts = options(id, precision, substream)?;
        let seed = seed_arg(id, seed)?;
        let tap = tap.as_deref();
        Stream::new(id, seed, tap, &opts)
            .map(Self)
            .map_err(|e| error(NAMES.stream_error(Self::shown(id, tap), &e)))
    }

    /// A generator at the state file `b` of `engine` (bytes, as
    /// `save_state` and the CLI's `state save` write; in `layout`, or the
    /// one its length names), drawn through `tap`; `precision` is what a
    /// sots state keeps beyond its file. Its `position` counts from 0.
    /// Raises bitexact.Error for an engine without state files, a wrong
    /// length or a field out of range.
    #[classmethod]
    #[pyo3(
        signature = (engine, b, *, class_ = None, layout = None, tap = None, precision = None),
        text_signature = "(engine, b, *, class_=None, layout=None, tap=None, precision='pc53')"
    )]
    #[allow(clippy::too_many_arguments)]
    fn from_state(
        _cls: &Bound<'_, PyType>,
        engine: &Bound<'_, PyAny>,
        b: &Bound<'_, PyAny>,
        class_: Option<&Bound<'_, PyAny>>,
        layout: Option<&Bound<'_, PyAny>>,
        tap: Option<&Bound<'_, PyAny>>,
        precision: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let (id, tap) = engine_and_tap(engine, class_, tap)?;
        let layout = crate::args::opt_str(layout, "layout")?;
        let opts = options(id, precision, None)?;
        let tap = tap.as_deref();
        Stream::load(id, &bytes_arg(b)?, layout.as_deref(), tap, &opts)
            .map(|(s, _)| Self(s))
            .map_err(|e| error(NAMES.stream_error(Self::shown(id, tap), &e)))
    }

    /// The engine's family ("westwood").
    #[getter]
    fn engine(&self) -> &'static str {
        self.0.info().name
    }

    /// Its class within a family of several ("random2"), or None.
    #[getter]
    fn class_(&self) -> Option<&'static str> {
        self.0.info().class
    }

    /// The generator's own name in the game ("Random2Class").
    #[getter]
    fn title(&self) -> &'static str {
        self.0.info().title
    }

    /// The tap drawn by `next` and `take`, as given ("ranged:1,6"; the raw
    /// word's name when none was). Setting it keeps the generator and its
    /// position; a tap the engine does not have raises bitexact.Error and
    /// changes nothing.
    #[getter]
    fn get_tap(&self) -> &str {
        self.0.tap()
    }

    #[setter]
    fn set_tap(&mut self, tap: &Bound<'_, PyAny>) -> PyResult<()> {
        let text = str_arg(tap, "tap")?;
        self.0
            .set_tap(&text)
            .map_err(|e| error(NAMES.tap_error(&text, &e)))
    }

    /// Raw words (draws) spent since seeding, loading or unpickling (a
    /// pickle keeps it), mod 2^64.
    #[getter]
    fn position(&self) -> u64 {
        self.0.position()
    }

    /// The numpy dtype of the raw words `word` and `fill` give ("uint32",
    /// "int32", "uint64").
    #[getter]
    fn dtype(&self) -> &'static str {
        dtype(self.0.word_kind())
    }

    /// One call of the tap: an int, a float (a float32 tap's value exactly)
    /// or a bool. Its words are the tap's (`position` says how many).
    fn next<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        value(py, self.0.next().0)
    }

    /// One call of `tap` ("ranged:1,6"), the generator's own tap kept. A tap
    /// the engine does not have raises bitexact.Error, spending nothing.
    fn call<'py>(
        &mut self,
        py: Python<'py>,
        tap: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let text = str_arg(tap, "tap")?;
        let (v, _) = self
            .0
            .call(&text)
            .map_err(|e| error(NAMES.tap_error(&text, &e)))?;
        value(py, v)
    }

    /// One raw word (the engine's raw tap, whatever the generator's tap).
    /// 1 word.
    fn word<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        value(py, self.0.word())
    }

    /// `n` raw words as a numpy array of `dtype`, bit for bit `n` calls of
    /// `word`, leaving the same state (at most the words one call may
    /// spend). `out=` fills a caller's contiguous 1-d array of that dtype
    /// in place instead (and returns it).
    #[pyo3(signature = (n = None, *, out = None))]
    fn fill<'py>(
        &mut self,
        py: Python<'py>,
        n: Option<&Bound<'py, PyAny>>,
        out: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let g = &mut self.0;
        match g.word_kind() {
            WordKind::U32 => fill_as::<u32>(py, g, n, out),
            WordKind::I32 => fill_as::<i32>(py, g, n, out),
            WordKind::U64 => fill_as::<u64>(py, g, n, out),
        }
    }

    /// `count` calls of the tap as a numpy array in the dtype of its values,
    /// as `bitexact.stream` gives them (with `words=True`, `(values,
    /// words)`: the raw words each call spent). At most 10^8 calls; Ctrl-C
    /// leaves the generator as it was.
    #[pyo3(signature = (count, *, words = None), text_signature = "(count, *, words=False)")]
    fn take<'py>(
        &mut self,
        py: Python<'py>,
        count: &Bound<'py, PyAny>,
        words: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let count = count_of(self.0.id(), count)?;
        let words = opt_flag(words, "words", false)?;
        let one_slice = count <= crate::stream::SLICE_CALLS;
        work::undoable(&mut self.0, one_slice, |s| draws(py, s, count, words))
    }

    /// Skip `calls` calls of the tap: by words when every call spends the
    /// same (up to the words one call may spend), else call by call (up to
    /// 10^8); refused past the bound with nothing spent. Ctrl-C leaves the
    /// generator as it was.
    fn skip(&mut self, py: Python<'_>, calls: &Bound<'_, PyAny>) -> PyResult<()> {
        let calls = count_arg(calls, "calls")?;
        let g = &mut self.0;
        let tap = g.tap().to_string();
        work::undoable(g, false, |s| skip(py, s, calls, &tap))
    }

    /// Spend `words` raw words unread (the state as many single words
    /// leave), fast; at most the words one call may spend (any count, at
    /// once, for a generator that jumps ahead: laige).
    fn discard(&mut self, py: Python<'_>, words: &Bound<'_, PyAny>) -> PyResult<()> {
        let info: Info = *self.0.info();
        work::discard(py, &mut self.0, words, "words", info, Stream::discard)
    }

    /// The state file's bytes (as the CLI's `state save` writes), in
    /// `layout` (for an engine with several: Random2Class's "ts" or "ra2");
    /// `lossy` writes what the layout can hold where it cannot hold
    /// everything. Raises bitexact.Error for an engine without state files.
    #[pyo3(signature = (layout = None, *, lossy = None), text_signature = "(layout=None, *, lossy=False)")]
    fn save_state<'py>(
        &self,
        py: Python<'py>,
        layout: Option<&Bound<'py, PyAny>>,
        lossy: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let layout = crate::args::opt_str(layout, "layout")?;
        let lossy = opt_flag(lossy, "lossy", false)?;
        let bytes = self.0.save(layout.as_deref(), lossy).map_err(error)?;
        Ok(PyBytes::new(py, &bytes))
    }

    /// A copy at the same state, tap and position.
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
        let info = self.0.info();
        let class = info
            .class
            .map(|c| format!(", class_='{c}'"))
            .unwrap_or_default();
        format!(
            "bitexact.Generator('{}'{class}, tap='{}', position={})",
            info.name,
            self.0.tap(),
            self.0.position()
        )
    }

    /// The engine, its class, the tap, the engine's snapshot (the whole
    /// generator: `Engine::snapshot`) and the position.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(
        Bound<'py, PyAny>,
        (
            &'static str,
            Option<&'static str>,
            String,
            Bound<'py, PyBytes>,
            u64,
        ),
    )> {
        let load = slf.as_any().get_type().getattr("_from_pickle")?;
        // Another thread using the generator: RuntimeError, as every method.
        let this = slf.try_borrow()?;
        let s = &this.0;
        let snapshot = s.snapshot().map_err(error)?;
        let info = s.info();
        let args = (
            info.name,
            info.class,
            s.tap().to_string(),
            PyBytes::new(slf.py(), &snapshot),
            s.position(),
        );
        Ok((load, args))
    }

    /// A pickle's generator: bytes the engine's snapshot did not write are
    /// refused (bitexact.Error).
    #[classmethod]
    #[pyo3(signature = (engine, class_, tap, b, position))]
    fn _from_pickle(
        _cls: &Bound<'_, PyType>,
        engine: &Bound<'_, PyAny>,
        class_: Option<&Bound<'_, PyAny>>,
        tap: &Bound<'_, PyAny>,
        b: &Bound<'_, PyAny>,
        position: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        let engine = str_arg(engine, "engine")?;
        let class_ = crate::args::opt_str(class_, "class_")?;
        let id = engine_arg(&engine, class_.as_deref())?;
        let tap = str_arg(tap, "tap")?;
        let position = u64_arg(position, "position")?;
        Stream::restore(id, &bytes_arg(b)?, Some(&tap), position)
            .map(Self)
            .map_err(|e| error(NAMES.stream_error(&tap, &e)))
    }
}

/// The engine list as the package sees it: for every generator, in the
/// list's order, `(family, class, default, title, about, taps, layouts,
/// states, dtype)`: its class or None, whether it is its family's default,
/// its name in the game, one line on it, its taps as the CLI writes them
/// ("ranged:MIN,MAX"), its state files' named layouts, whether it has state
/// files, and the numpy dtype of its raw word.
#[pyfunction]
#[allow(clippy::type_complexity)]
fn _engines() -> Vec<(
    &'static str,
    Option<&'static str>,
    bool,
    &'static str,
    &'static str,
    Vec<String>,
    Vec<&'static str>,
    bool,
    &'static str,
)> {
    Id::ALL
        .iter()
        .map(|&id| {
            let info = id.info();
            let taps = info
                .taps
                .iter()
                .filter(|t| !t.ledger_only)
                .map(|t| t.form(bitexact::engine::tap::Syntax::Tap).to_string())
                .collect();
            let layouts = info
                .state
                .map(|s| s.layouts.iter().map(|l| l.name).collect())
                .unwrap_or_default();
            let kind = bitexact::with_engine!(id, E => <<E as Engine>::Word as RawWord>::KIND);
            (
                info.name,
                info.class,
                info.default_class,
                info.title,
                info.about,
                taps,
                layouts,
                info.state.is_some(),
                dtype(kind),
            )
        })
        .collect()
}

pub(crate) fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Generator>()?;
    m.add_function(wrap_pyfunction!(_engines, m)?)?;
    Ok(())
}
