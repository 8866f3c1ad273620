//! `bitexact.stream` and `bitexact.recover`: every generator of the engine
//! list by name, through the CLI's tap vocabulary (`bitexact::stream`,
//! `bitexact::recover::query`), and the library's search scheduler
//! (`bitexact::search`), so a tap string and a search mean here what they
//! mean on the command line.

use crate::args::opt_str;
use crate::work::{self, sliced, Ended};
use crate::{bounded, count_arg, error, int_arg, opt_flag, opt_u64, str_arg, u64_arg, U32};
use bitexact::engine::{Opt, Options, SeedKind, Value};
use bitexact::engines::Id;
use bitexact::recover::query::query;
use bitexact::recover::Recovery;
use bitexact::search::{Found, Plan};
use bitexact::stream::Stream;
use numpy::IntoPyArray;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyRange, PyTuple, PyType};
use std::ops::Range;

/// Calls a slice of a stream makes (a few milliseconds).
pub(crate) const SLICE_CALLS: u64 = 1 << 20;

/// The families named by the generators for which `has` holds, for
/// messages (`westwood`).
fn families(has: impl Fn(&bitexact::engine::Info) -> bool) -> String {
    let names: Vec<&str> = Id::families()
        .iter()
        .copied()
        .filter(|&f| Id::family(f).iter().any(|id| has(id.info())))
        .collect();
    names.join(", ")
}

/// The generator `engine` and `class_` name, as `Id::find` reads them.
pub(crate) fn engine_arg(engine: &str, class: Option<&str>) -> PyResult<Id> {
    let id = Id::find(engine, None).map_err(error)?;
    match class {
        None => Ok(id),
        Some(_) if id.info().class.is_none() => Err(error(format!(
            "class_ is for {} (families of several classes), not {engine}",
            families(|i| i.class.is_some())
        ))),
        Some(c) => Id::find(engine, Some(c)).map_err(error),
    }
}

/// The generator `engine` and `class_` name, and the tap text given.
pub(crate) fn engine_and_tap(
    engine: &Bound<'_, PyAny>,
    class_: Option<&Bound<'_, PyAny>>,
    tap: Option<&Bound<'_, PyAny>>,
) -> PyResult<(Id, Option<String>)> {
    let engine = str_arg(engine, "engine")?;
    let class_ = opt_str(class_, "class_")?;
    let tap = opt_str(tap, "tap")?;
    Ok((engine_arg(&engine, class_.as_deref())?, tap))
}

/// The options of `id`: a precision (sots' float taps) and a substream
/// (refused for generators without substreams).
pub(crate) fn options(
    id: Id,
    precision: Option<&Bound<'_, PyAny>>,
    substream: Option<&Bound<'_, PyAny>>,
) -> PyResult<Options> {
    let substream = substream
        .map(|s| int_arg::<u32>(s, "substream", U32))
        .transpose()?;
    if substream.is_some() && !id.info().options.contains(&Opt::Substream) {
        return Err(error(format!(
            "substream is for {}, not {}",
            families(|i| i.options.contains(&Opt::Substream)),
            id.info().name
        )));
    }
    Ok(Options {
        precision: crate::precision_obj(precision)?,
        substream,
        ..Options::default()
    })
}

/// A seed as `Stream::new` takes it: 64-bit for laige, 32-bit elsewhere
/// (OpenRA's negative `int` seeds as their bit pattern).
pub(crate) fn seed_arg(id: Id, seed: &Bound<'_, PyAny>) -> PyResult<u64> {
    let range = format!(
        "is out of range: {} seeds are {}",
        id.info().name,
        id.info().seed.range()
    );
    let v: i128 = crate::int_arg(seed, "seed", &range)?;
    if id.info().seed == SeedKind::I32 {
        if let Ok(s) = i32::try_from(v) {
            return Ok(u64::from(s as u32));
        }
    }
    match u64::try_from(v) {
        Ok(s) => id.check_seed(s).map_err(error),
        Err(_) => Err(error(format!("seed {v} {range}"))),
    }
}

/// The values of one tap, in the numpy dtype of its `Value`s.
enum Column {
    U32(Vec<u32>),
    I32(Vec<i32>),
    U64(Vec<u64>),
    F32(Vec<f32>),
    F64(Vec<f64>),
    Bool(Vec<bool>),
}

impl Column {
    fn like(v: Value, n: u64) -> PyResult<Column> {
        Ok(match v {
            Value::U32(_) => Column::U32(work::room(n)?),
            Value::I32(_) => Column::I32(work::room(n)?),
            Value::U64(_) => Column::U64(work::room(n)?),
            Value::F32(_) => Column::F32(work::room(n)?),
            Value::F64(_) => Column::F64(work::room(n)?),
            Value::Bool(_) => Column::Bool(work::room(n)?),
            Value::Unmodelled => return Err(error("this tap's values are not modelled")),
        })
    }

    /// Append `v`; false when it is not of the column's kind (a tap's
    /// values are all of one kind, so this does not happen).
    fn push(&mut self, v: Value) -> bool {
        match (self, v) {
            (Column::U32(c), Value::U32(x)) => c.push(x),
            (Column::I32(c), Value::I32(x)) => c.push(x),
            (Column::U64(c), Value::U64(x)) => c.push(x),
            (Column::F32(c), Value::F32(x)) => c.push(x),
            (Column::F64(c), Value::F64(x)) => c.push(x),
            (Column::Bool(c), Value::Bool(x)) => c.push(x),
            _ => return false,
        }
        true
    }

    fn into_array(self, py: Python<'_>) -> Bound<'_, PyAny> {
        match self {
            Column::U32(c) => c.into_pyarray(py).into_any(),
            Column::I32(c) => c.into_pyarray(py).into_any(),
            Column::U64(c) => c.into_pyarray(py).into_any(),
            Column::F32(c) => c.into_pyarray(py).into_any(),
            Column::F64(c) => c.into_pyarray(py).into_any(),
            Column::Bool(c) => c.into_pyarray(py).into_any(),
        }
    }
}

/// Skip `calls` calls of `s`'s tap as `Stream::skip` does (by words when
/// every call spends the same, up to the generator's word limit; else call
/// by call, up to its call limit; refused past it with nothing spent), in
/// slices with the GIL released, checking for Ctrl-C between them.
pub(crate) fn skip(py: Python<'_>, s: &mut Stream, calls: u64, tap: &str) -> PyResult<()> {
    s.check_skip(calls)
        .map_err(|e| error(crate::NAMES.stream_error(tap, &e)))?;
    let slice = match s.fixed_words() {
        // Calls that spend nothing: one step.
        Some(0) => calls,
        Some(w) => work::SLICE_WORDS / w,
        None => SLICE_CALLS,
    };
    // Within the bounds checked above, each slice is too.
    sliced(py, calls, slice, |n| {
        let _ = s.skip(n);
    })
}

/// `count` calls of `tap` on `engine` seeded with `seed`, after skipping
/// `skip` calls, as a numpy array whose dtype is the tap's (uint32 for
/// sots u32 and int:N, int32 for westwood raw, uint64 for laige u64,
/// float32 for float taps, float64 for unit and double, bool for chance).
/// With `words=True`, returns `(values, words)`: `words[i]` (uint64) is the
/// raw words (draws) call i spent.
///
/// Taps are the CLI's (`bitexact stream ENGINE --tap TAP`); the default is
/// the engine's raw word. `precision` is for sots' float taps,
/// `substream` draws laige's `derive_substream(seed, id)`, `class_` picks
/// a WWLib class for westwood (random, random2 (default), random3,
/// random4). Bit-exact as the generators' own methods (it calls them).
/// `count` is at most 10^8 calls; `skip` is bounded as the CLI's. Long
/// calls release the GIL and stop on Ctrl-C (KeyboardInterrupt). Bad input
/// raises bitexact.Error with the CLI's message.
#[pyfunction]
#[pyo3(
    signature = (engine, seed, tap = None, count = None, skip = None, *, precision = None, substream = None, class_ = None, words = None),
    text_signature = "(engine, seed, tap=None, count=10, skip=0, *, precision='pc53', substream=None, class_=None, words=False)"
)]
#[allow(clippy::too_many_arguments)]
fn stream<'py>(
    py: Python<'py>,
    engine: &Bound<'py, PyAny>,
    seed: &Bound<'py, PyAny>,
    tap: Option<&Bound<'py, PyAny>>,
    count: Option<&Bound<'py, PyAny>>,
    skip: Option<&Bound<'py, PyAny>>,
    precision: Option<&Bound<'py, PyAny>>,
    substream: Option<&Bound<'py, PyAny>>,
    class_: Option<&Bound<'py, PyAny>>,
    words: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let (id, tap) = engine_and_tap(engine, class_, tap)?;
    let tap = tap.as_deref();
    let words = opt_flag(words, "words", false)?;
    let info = id.info();
    let opts = options(id, precision, substream)?;
    let seed = seed_arg(id, seed)?;
    let count = count.map(|c| count_of(id, c)).transpose()?.unwrap_or(10);
    let calls = skip.map(|s| count_arg(s, "skip")).transpose()?.unwrap_or(0);
    let shown = tap.unwrap_or(info.default_tap());
    let mut s = Stream::new(id, seed, tap, &opts)
        .map_err(|e| error(crate::NAMES.stream_error(shown, &e)))?;
    self::skip(py, &mut s, calls, shown)?;
    draws(py, &mut s, count, words)
}

/// A count of calls (`stream`'s `count`, `Generator.take`'s), within the
/// generator's bound on calls made one by one.
pub(crate) fn count_of(id: Id, count: &Bound<'_, PyAny>) -> PyResult<u64> {
    // The range the message names is the one that holds (issue 34: it
    // named 0..=2^64 − 1 for a limit of 10^8).
    let limit = id.info().limits.skip_calls;
    let count = int_arg::<u64>(
        count,
        "count",
        &format!("is not a count of calls (0..={limit})"),
    )?;
    bounded("count", count, limit, "calls")
}

/// `count` calls of `s`'s tap as a numpy array in the dtype of its values
/// (with `words`, and the raw words each spent: `(values, words)`), drawn
/// in slices with the GIL released, checking for Ctrl-C between them.
pub(crate) fn draws<'py>(
    py: Python<'py>,
    s: &mut Stream,
    count: u64,
    words: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let mut column = Column::like(s.clone().next().0, count)?;
    let mut spent: Vec<u64> = if words {
        work::room(count)?
    } else {
        Vec::new()
    };
    let mut mixed = false;
    sliced(py, count, SLICE_CALLS, |n| {
        for _ in 0..n {
            let (v, w) = s.next();
            mixed |= !column.push(v);
            if words {
                spent.push(w);
            }
        }
    })?;
    if mixed {
        return Err(error("a tap gave values of two kinds"));
    }
    let values = column.into_array(py);
    if words {
        Ok(PyTuple::new(py, [values, spent.into_pyarray(py).into_any()])?.into_any())
    } else {
        Ok(values)
    }
}

/// `seed_range` as a half-open range of seeds within `0..space`.
pub(crate) fn seed_range_arg(r: Option<&Bound<'_, PyAny>>, space: u64) -> PyResult<Range<u64>> {
    let Some(r) = r else {
        return Ok(0..space);
    };
    let (a, b) = if let Ok(range) = r.cast::<PyRange>() {
        if crate::int_arg::<i128>(
            &range.getattr("step")?,
            "seed_range step",
            "is not 1 (a seed range has no step)",
        )? != 1
        {
            return Err(error("seed_range: a range with a step is not a seed range"));
        }
        (range.getattr("start")?, range.getattr("stop")?)
    } else {
        let (a, b): (Bound<'_, PyAny>, Bound<'_, PyAny>) = r.extract().map_err(|_| {
            error("seed_range: expected (first, end) with end exclusive, or a range")
        })?;
        (a, b)
    };
    let a = u64_arg(&a, "seed_range start")?;
    let b = u64_arg(&b, "seed_range end")?;
    if a >= b {
        return Err(error(format!("seed_range ({a}, {b}) is empty")));
    }
    if b > space {
        return Err(error(format!(
            "seed_range ({a}, {b}) goes past the last seed ({})",
            space - 1
        )));
    }
    Ok(a..b)
}

/// `bitexact.Hits`: the hits as a list, with `.complete`, `.stopped_at`
/// and `.expected_by_chance` (`expected`).
fn hits<'py>(py: Python<'py>, found: &Found, expected: Option<f64>) -> PyResult<Bound<'py, PyAny>> {
    static HITS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    let list: Vec<(u64, u64)> = found.hits.iter().map(|h| (h.seed, h.offset)).collect();
    HITS.import(py, "bitexact._hits", "Hits")?.call1((
        list,
        found.complete(),
        found.stopped_at(),
        expected,
    ))
}

/// `bitexact.ChanceWarning` with the CLI's sentence, before a search whose
/// values are too few to pin one seed (more than one expected by chance);
/// the estimate's number, for the hits, either way.
fn warn_chance(
    py: Python<'_>,
    id: Id,
    tap: Option<&str>,
    values: usize,
    seeds: &Range<u64>,
    max_offset: u64,
) -> PyResult<Option<f64>> {
    static CHANCE: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    let Some(e) = bitexact::recover::expected(id, tap, values, seeds.end - seeds.start, max_offset)
    else {
        return Ok(None);
    };
    if e.is_many() {
        let category = CHANCE.import(py, "bitexact._hits", "ChanceWarning")?;
        let text = std::ffi::CString::new(e.sentence(max_offset))
            .map_err(|_| error("a warning with a NUL byte"))?;
        PyErr::warn(py, category.as_any(), &text, 1)?;
    }
    Ok(Some(e.hits))
}

/// Which seeds (and word offsets) produce `values` as consecutive calls of
/// `tap`: a `bitexact.Hits` (a list of `(seed, offset)`, in seed order, with
/// `.complete` and `.stopped_at`). `offset` is the words (draws) drawn
/// before the first call, `0..=max_offset` (default 0).
///
/// The search is the CLI's (`bitexact recover`): the library's scheduler,
/// so the answer is the same for any `threads` (1..=256, default every
/// core) and the same as the CLI's. `.complete` is True when every seed of
/// the range was searched (so an empty list means "not found");
/// `max_hits` (default 1000, the CLI's: a few dice match millions of seeds)
/// stops after that many hits, and
/// `.stopped_at` is then the first seed not wholly reported (resume from
/// it). The search runs with the GIL released; Ctrl-C raises
/// KeyboardInterrupt within milliseconds, carrying `.hits` (every hit below
/// its `.stopped_at`) and `.stopped_at` (the first seed not searched). A
/// worker's panic (a bug) raises bitexact.Error, never fewer hits.
///
/// `values` are a sequence of numbers or strings in the CLI's notation
/// (e.g. "0x3f800000" for a float32's bits; a bool is 1 or 0, an integer
/// itself, a Python or numpy float its double exactly), or one str as the
/// CLI's `--values` ("3,5,1"); `tap` is the CLI's (default: the engine's
/// raw word); `precision` is for sots float taps, `class_` the WWLib class for
/// westwood; `seed_range` is `(first, end)` with `end` exclusive, or a
/// `range` (default: all 2^32 seeds; laige's 64-bit seeds need one). With
/// 624 or more sots u32 values there is no search: the state is rebuilt and
/// walked back (`max_offset` then defaults to 62.4 million). Each hit is
/// confirmed by replaying the generator. Bad input raises bitexact.Error
/// with the CLI's message.
///
/// When more than one seed of the range is expected to match the values by
/// chance alone (a few dice over 2^32 seeds), it warns before the search
/// starts, with bitexact.ChanceWarning and the CLI's line (about how many,
/// and how many more values would leave about one); the estimate is the
/// hits' `.expected_by_chance` (None when the tap has none, or for a walk).
#[pyfunction]
#[pyo3(
    signature = (engine, values, tap = None, seed_range = None, max_offset = None, *, precision = None, class_ = None, max_hits = None, threads = None),
    text_signature = "(engine, values, tap=None, seed_range=None, max_offset=None, *, precision='pc53', class_=None, max_hits=None, threads=None)"
)]
#[allow(clippy::too_many_arguments)]
fn recover<'py>(
    py: Python<'py>,
    engine: &Bound<'py, PyAny>,
    values: &Bound<'py, PyAny>,
    tap: Option<&Bound<'py, PyAny>>,
    seed_range: Option<&Bound<'py, PyAny>>,
    max_offset: Option<&Bound<'py, PyAny>>,
    precision: Option<&Bound<'py, PyAny>>,
    class_: Option<&Bound<'py, PyAny>>,
    max_hits: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let (id, tap) = engine_and_tap(engine, class_, tap)?;
    let tap = tap.as_deref();
    let info = id.info();
    let opts = options(id, precision, None)?;
    // A str is the CLI's comma-separated list ("3,5,1"), never its
    // characters one by one.
    let values: Vec<String> = if let Ok(text) = values.cast::<pyo3::types::PyString>() {
        text.to_string().split(',').map(str::to_string).collect()
    } else {
        crate::args::items(values, "values")?
            .iter()
            .map(crate::args::value_text)
            .collect::<PyResult<_>>()?
    };
    // Bounded by each search's own limit (the library's QueryError).
    let max_offset = opt_u64(max_offset, "max_offset")?;
    let max_hits = max_hits.map(|m| count_arg(m, "max_hits")).transpose()?;
    let plan = work::plan(threads, max_hits)?;
    let values: Vec<&str> = values.iter().map(String::as_str).collect();
    let recovery = query(id, &opts, tap, &values, max_offset)
        .map_err(|e| error(crate::NAMES.query_error(tap.unwrap_or(info.default_tap()), &e)))?;
    if info.recover.is_some_and(|r| r.needs_range) && seed_range.is_none() {
        return Err(error(format!(
            "recover {} needs seed_range: its seeds are 64-bit (2^64 of them)",
            info.name
        )));
    }
    let seeds = seed_range_arg(seed_range, info.seed.space())?;
    // Said before the search, as the CLI does (a walk searches no seeds).
    let expected = match recovery {
        Recovery::Search(_) => {
            warn_chance(py, id, tap, values.len(), &seeds, max_offset.unwrap_or(0))?
        }
        Recovery::Walk(_) => None,
    };
    run(py, &recovery, seeds, &plan, expected)
}

/// Run `recovery` on the library's scheduler: its `bitexact.Hits`, or the
/// KeyboardInterrupt of a Ctrl-C carrying `.hits` and `.stopped_at`.
pub(crate) fn run<'py>(
    py: Python<'py>,
    recovery: &Recovery,
    seeds: Range<u64>,
    plan: &Plan,
    expected: Option<f64>,
) -> PyResult<Bound<'py, PyAny>> {
    match work::search(py, recovery, seeds, plan)? {
        Ended::Found(found) => hits(py, &found, expected),
        Ended::Interrupted(found, e) => {
            let value = e.value(py);
            value.setattr("hits", hits(py, &found, expected)?)?;
            value.setattr("stopped_at", found.stopped_at())?;
            Err(e)
        }
    }
}

pub(crate) fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(stream, m)?)?;
    m.add_function(wrap_pyfunction!(recover, m)?)?;
    Ok(())
}
