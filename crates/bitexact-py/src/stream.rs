//! `bitexact.stream` and `bitexact.recover`: every engine by name, through
//! the CLI's tap vocabulary (`bitexact::stream`), so a tap string means the
//! same here as on the command line.

use crate::{count_arg, error, int_arg, u64_arg, U32};
use bitexact::recover::query::Query;
use bitexact::recover::Hit;
use bitexact::stream::{Class, Engine, Options, Stream, Value};
use numpy::IntoPyArray;
use pyo3::prelude::*;
use pyo3::types::{PyRange, PyTuple};
use std::ops::Range;

/// The CLI's bounds on work: words for a skip of a tap whose calls spend a
/// fixed number (and for an offset bound), calls for one that can reject
/// words.
const MAX_SKIP_WORDS: u64 = 10_000_000_000;
const MAX_SKIP_CALLS: u64 = 100_000_000;

/// Engine, seed and options as `Stream::new` and the searches take them.
fn options(
    engine: Engine,
    precision: &str,
    substream: Option<u32>,
    class: Option<&str>,
) -> PyResult<Options> {
    let mut o = Options {
        precision: crate::sots::precision_arg(precision)?,
        substream,
        ..Options::default()
    };
    if let Some(c) = class {
        if engine != Engine::Westwood {
            return Err(error(format!(
                "class_ is for westwood (WWLib's classes), not {}",
                engine.name()
            )));
        }
        o.class = c.parse::<Class>().map_err(error)?;
    }
    if substream.is_some() && engine != Engine::Laige {
        return Err(error(format!(
            "substream is for laige, not {}",
            engine.name()
        )));
    }
    Ok(o)
}

fn engine_arg(engine: &str) -> PyResult<Engine> {
    engine.parse::<Engine>().map_err(error)
}

/// A seed as `Stream::new` takes it: 64-bit for laige, 32-bit elsewhere
/// (OpenRA's negative `int` seeds as their bit pattern).
fn seed_arg(engine: Engine, seed: &Bound<'_, PyAny>) -> PyResult<u64> {
    if engine == Engine::Openra {
        if let Ok(s) = seed.extract::<i32>() {
            return Ok(u64::from(s as u32));
        }
    }
    u64_arg(seed, "seed")
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
    fn like(v: Value, n: usize) -> Column {
        match v {
            Value::U32(_) => Column::U32(Vec::with_capacity(n)),
            Value::I32(_) => Column::I32(Vec::with_capacity(n)),
            Value::U64(_) => Column::U64(Vec::with_capacity(n)),
            Value::F32(_) => Column::F32(Vec::with_capacity(n)),
            Value::F64(_) => Column::F64(Vec::with_capacity(n)),
            Value::Bool(_) => Column::Bool(Vec::with_capacity(n)),
        }
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
/// Bad input raises bitexact.Error with the CLI's message.
#[pyfunction]
#[pyo3(
    signature = (engine, seed, tap = None, count = None, skip = None, *, precision = "pc53", substream = None, class_ = None, words = false),
    text_signature = "(engine, seed, tap=None, count=10, skip=0, *, precision='pc53', substream=None, class_=None, words=False)"
)]
#[allow(clippy::too_many_arguments)]
fn stream<'py>(
    py: Python<'py>,
    engine: &str,
    seed: &Bound<'py, PyAny>,
    tap: Option<&str>,
    count: Option<&Bound<'py, PyAny>>,
    skip: Option<&Bound<'py, PyAny>>,
    precision: &str,
    substream: Option<&Bound<'py, PyAny>>,
    class_: Option<&str>,
    words: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let engine = engine_arg(engine)?;
    let substream = substream
        .map(|s| int_arg::<u32>(s, "substream", U32))
        .transpose()?;
    let opts = options(engine, precision, substream, class_)?;
    let seed = seed_arg(engine, seed)?;
    let count = count
        .map(|c| count_arg(c, "count"))
        .transpose()?
        .unwrap_or(10);
    let skip = skip.map(|s| count_arg(s, "skip")).transpose()?.unwrap_or(0) as u64;
    let mut s = Stream::new(engine, seed, tap, &opts).map_err(error)?;
    let drawn = py.detach(|| -> Result<(Column, Vec<u64>), String> {
        s.skip(skip, MAX_SKIP_WORDS, MAX_SKIP_CALLS)
            .map_err(|e| e.0)?;
        let mut column = Column::like(s.clone().next().0, count);
        let mut spent = Vec::with_capacity(if words { count } else { 0 });
        for _ in 0..count {
            let (v, w) = s.next();
            if !column.push(v) {
                return Err("a tap gave values of two kinds".into());
            }
            if words {
                spent.push(w);
            }
        }
        Ok((column, spent))
    });
    let (column, spent) = drawn.map_err(error)?;
    let values = column.into_array(py);
    if words {
        Ok(PyTuple::new(py, [values, spent.into_pyarray(py).into_any()])?.into_any())
    } else {
        Ok(values)
    }
}

/// `seed_range` as a half-open range of seeds within the engine's space.
fn seed_range_arg(r: Option<&Bound<'_, PyAny>>, space: u64) -> PyResult<Range<u64>> {
    let Some(r) = r else {
        return Ok(0..space);
    };
    let (a, b) = if let Ok(range) = r.cast::<PyRange>() {
        if range.getattr("step")?.extract::<i64>()? != 1 {
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

/// Run `work` over `range` in chunks of `per_chunk` seeds on `threads`
/// threads, with the GIL released, checking for Ctrl-C (KeyboardInterrupt)
/// between waves of chunks; stop after the wave that reaches `max_hits`.
fn run_search(
    py: Python<'_>,
    range: Range<u64>,
    per_chunk: u64,
    threads: usize,
    max_hits: Option<usize>,
    work: &(dyn Fn(Range<u64>) -> Vec<Hit> + Sync),
) -> PyResult<Vec<Hit>> {
    let per_chunk = per_chunk.max(1);
    let mut hits = Vec::new();
    let mut at = range.start;
    while at < range.end {
        // One wave: a chunk per thread, each thread on its own range.
        let wave_end = at
            .saturating_add(per_chunk.saturating_mul(threads as u64))
            .min(range.end);
        let start = at;
        let mut found: Vec<Hit> = py.detach(|| {
            if threads == 1 {
                return work(start..wave_end);
            }
            std::thread::scope(|s| {
                let handles: Vec<_> = (0..threads as u64)
                    .map(|t| {
                        let lo = start.saturating_add(t * per_chunk).min(wave_end);
                        let hi = lo.saturating_add(per_chunk).min(wave_end);
                        s.spawn(move || if lo < hi { work(lo..hi) } else { Vec::new() })
                    })
                    .collect();
                handles
                    .into_iter()
                    .flat_map(|h| h.join().unwrap_or_default())
                    .collect()
            })
        });
        found.sort();
        hits.extend(found);
        at = wave_end;
        py.check_signals()?;
        if max_hits.is_some_and(|m| hits.len() >= m) {
            break;
        }
    }
    if let Some(m) = max_hits {
        hits.truncate(m);
    }
    Ok(hits)
}

/// Which seeds (and word offsets) produce `values` as consecutive calls of
/// `tap`: a list of `(seed, offset)`, in seed order. `offset` is the words
/// (draws) drawn before the first call, `0..=max_offset` (default 0).
///
/// `values` are numbers (or strings in the CLI's notation, e.g. "0x3f800000"
/// for a float32's bits; each value is read as `str(value)`, so numpy
/// scalars work); `tap` is the CLI's (default: the engine's raw word);
/// `precision` is for sots float taps, `class_` the WWLib class for
/// westwood; `seed_range` is `(first, end)` with `end` exclusive, or a
/// `range` (default: all 2^32 seeds; laige's 64-bit seeds need one). Every engine is supported,
/// through the library's `recover::query` (the CLI's own setup).
/// With 624 or more sots u32 values there is no search: the state is
/// rebuilt and walked back (`max_offset` then defaults to 62.4 million).
///
/// The search runs on `threads` threads (default: every core) with the GIL
/// released, checking for Ctrl-C between chunks (KeyboardInterrupt). Each
/// hit is confirmed by replaying the generator. Bad input raises
/// bitexact.Error with the CLI's message.
#[pyfunction]
#[pyo3(signature = (engine, values, tap = None, seed_range = None, max_offset = None, *, precision = "pc53", class_ = None, max_hits = None, threads = None))]
#[allow(clippy::too_many_arguments)]
fn recover(
    py: Python<'_>,
    engine: &str,
    values: &Bound<'_, PyAny>,
    tap: Option<&str>,
    seed_range: Option<&Bound<'_, PyAny>>,
    max_offset: Option<&Bound<'_, PyAny>>,
    precision: &str,
    class_: Option<&str>,
    max_hits: Option<usize>,
    threads: Option<usize>,
) -> PyResult<Vec<(u64, u64)>> {
    let engine = engine_arg(engine)?;
    let opts = options(engine, precision, None, class_)?;
    let values: Vec<String> = values
        .try_iter()?
        .map(|v| v?.str().map(|s| s.to_string()))
        .collect::<PyResult<_>>()?;
    let explicit_offset = max_offset.map(|m| u64_arg(m, "max_offset")).transpose()?;
    let threads = threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    if max_hits == Some(0) {
        return Err(error("max_hits 0: expected at least 1"));
    }
    if let Some(k) = explicit_offset {
        if k > MAX_SKIP_WORDS {
            return Err(error(format!(
                "--max-offset {k} is over the limit of {MAX_SKIP_WORDS}"
            )));
        }
    }
    let values: Vec<&str> = values.iter().map(String::as_str).collect();
    let query = Query::new(engine, &opts, tap, &values, explicit_offset).map_err(error)?;
    if engine == Engine::Laige && seed_range.is_none() {
        return Err(error(
            "recover laige needs seed_range: its seeds are 64-bit (2^64 of them)",
        ));
    }
    let seeds = seed_range_arg(seed_range, query.seed_space())?;
    let hits = match py.detach(|| query.direct_hits(seeds.clone())) {
        // 624+ raw sots outputs: untempered and walked back, no seed search.
        Some((mut hits, _bound)) => {
            if let Some(m) = max_hits {
                hits.truncate(m);
            }
            hits
        }
        None => {
            let per_chunk = query.seeds_per_chunk(explicit_offset.unwrap_or(0));
            run_search(py, seeds, per_chunk, threads, max_hits, &|r| {
                query.search(r)
            })?
        }
    };
    Ok(hits.into_iter().map(|h| (h.seed, h.offset)).collect())
}

pub(crate) fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(stream, m)?)?;
    m.add_function(wrap_pyfunction!(recover, m)?)?;
    Ok(())
}
