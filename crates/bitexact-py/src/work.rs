//! Calls that can take long: run with the GIL released, in slices or under
//! the library's search scheduler, looking for Ctrl-C every few
//! milliseconds so that it raises `KeyboardInterrupt` at once.
//!
//! A Python signal handler runs only when the interpreter is asked to
//! (`PyErr_CheckSignals`, with the GIL). Work done in slices checks between
//! slices ([`sliced`], [`fill_array`]); work the library runs in one call
//! (a search, an identification's walk) is handed a poll ([`Signals`]) that
//! re-attaches to the interpreter for a moment, at most every [`POLL`].

use crate::{bounded, count_arg, error, Error};
use bitexact::engine::{Engine, Identification, Identified, Info, NotReachable, Options, Unit};
use bitexact::recover::Recovery;
use bitexact::search::{run_recovery, Found, Hooks, Plan};
use numpy::{IntoPyArray, PyArray1, PyArrayMethods};
use pyo3::exceptions::PyMemoryError;
use pyo3::prelude::*;
use std::cell::{Cell, RefCell};
use std::ops::Range;
use std::time::{Duration, Instant};

/// How often work running without the GIL looks for Ctrl-C.
pub(crate) const POLL: Duration = Duration::from_millis(10);

/// Raw words a slice of a discard spends (sots: about 5 ms; Generals, which
/// steps every draw, about 15 ms).
pub(crate) const SLICE_WORDS: u64 = 1 << 23;

/// Elements a slice of a fill writes (about 1 ms).
const SLICE_FILL: usize = 1 << 20;

/// Work below this many units is done with the GIL held (releasing it
/// would cost more than the work).
const DETACH_AT: u64 = 1 << 16;

/// Python's signal handlers, polled from work that runs without the GIL:
/// [`raised`](Self::raised) re-attaches at most every [`POLL`] and keeps the
/// exception a handler raised (`KeyboardInterrupt`).
pub(crate) struct Signals {
    last: Cell<Instant>,
    raised: RefCell<Option<PyErr>>,
}

impl Signals {
    pub(crate) fn new() -> Signals {
        Signals {
            last: Cell::new(Instant::now()),
            raised: RefCell::new(None),
        }
    }

    /// True once a signal handler has raised.
    pub(crate) fn raised(&self) -> bool {
        if self.raised.borrow().is_some() {
            return true;
        }
        if self.last.get().elapsed() < POLL {
            return false;
        }
        let checked = Python::attach(|py| py.check_signals());
        self.last.set(Instant::now());
        match checked {
            Ok(()) => false,
            Err(e) => {
                *self.raised.borrow_mut() = Some(e);
                true
            }
        }
    }

    /// The exception a handler raised, if one did.
    pub(crate) fn into_raised(self) -> Option<PyErr> {
        self.raised.into_inner()
    }
}

/// `f()` on a worker thread with the GIL released, while this thread looks
/// for Ctrl-C every [`POLL`]: on one, `stop` is called (the worker should
/// end at its next poll), and the handler's `KeyboardInterrupt` is raised
/// once the worker has returned.
pub(crate) fn interruptible<T: Send>(
    py: Python<'_>,
    stop: impl Fn() + Send + Sync,
    f: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    let (out, raised) = py.detach(|| {
        std::thread::scope(|s| {
            let worker = s.spawn(f);
            let signals = Signals::new();
            while !worker.is_finished() {
                std::thread::sleep(POLL / 4);
                if signals.raised() {
                    stop();
                }
            }
            (worker.join(), signals.into_raised())
        })
    });
    if let Some(e) = raised {
        return Err(e);
    }
    out.map_err(|_| error("the call panicked (a bug): please report it"))
}

/// `step(n)` for slices `n` adding up to `total` (each at most `slice`),
/// with the GIL released, checking for Ctrl-C between slices.
pub(crate) fn sliced<F: FnMut(u64) + Send>(
    py: Python<'_>,
    total: u64,
    slice: u64,
    mut step: F,
) -> PyResult<()> {
    if total < DETACH_AT {
        step(total);
        return Ok(());
    }
    let mut done = 0;
    while done < total {
        let n = (total - done).min(slice.max(1));
        py.detach(|| step(n));
        done += n;
        if done < total {
            py.check_signals()?;
        }
    }
    Ok(())
}

/// `work` on `gen` itself when it is done in one slice (no Ctrl-C check
/// can stop it half done), else on a copy kept only when `work` succeeds:
/// an interrupted `work` leaves `gen` as it was.
pub(crate) fn undoable<G: Clone, R>(
    gen: &mut G,
    one_slice: bool,
    work: impl FnOnce(&mut G) -> PyResult<R>,
) -> PyResult<R> {
    if one_slice {
        return work(gen);
    }
    let mut g = gen.clone();
    let r = work(&mut g)?;
    *gen = g;
    Ok(r)
}

/// Spend `words` (the argument `what`) raw words of `gen` unread, by
/// `discard` (the engine's [`Engine::discard`]): at most the words one call
/// may spend ([`Limits::discard_words`](bitexact::engine::Limits::discard_words)
/// of `info`, refused past them), in slices with the GIL released, Ctrl-C
/// between them leaving `gen` as it was ([`undoable`]); a generator that
/// jumps ahead ([`Limits::jumps`](bitexact::engine::Limits::jumps)) takes
/// any count at once.
pub(crate) fn discard<G: Clone + Send>(
    py: Python<'_>,
    gen: &mut G,
    words: &Bound<'_, PyAny>,
    what: &str,
    info: Info,
    discard: impl Fn(&mut G, u64) + Sync,
) -> PyResult<()> {
    let words = bounded(
        what,
        crate::u64_arg(words, what)?,
        info.limits.discard_words(),
        info.unit.name(),
    )?;
    if info.limits.jumps {
        py.detach(|| discard(gen, words));
        return Ok(());
    }
    undoable(gen, words <= SLICE_WORDS, |g| {
        sliced(py, words, SLICE_WORDS, |n| discard(g, n))
    })
}

/// An empty vector with room for `n` elements, or MemoryError.
pub(crate) fn room<T>(n: u64) -> PyResult<Vec<T>> {
    let mut v = Vec::new();
    let len = usize::try_from(n).map_err(|_| no_memory(n))?;
    v.try_reserve_exact(len).map_err(|_| no_memory(n))?;
    Ok(v)
}

/// A numpy element type and its name, for messages.
pub(crate) trait Dtype: numpy::Element + Copy + Default + Send + Sync {
    const NAME: &'static str;
}

macro_rules! dtypes {
    ($($t:ty => $name:literal),*) => {
        $(impl Dtype for $t {
            const NAME: &'static str = $name;
        })*
    };
}

dtypes!(u32 => "uint32", i32 => "int32", u64 => "uint64", f32 => "float32", f64 => "float64", bool => "bool");

/// The MemoryError of an array of `n` elements that cannot be allocated
/// (never an abort).
pub(crate) fn no_memory(n: u64) -> PyErr {
    PyMemoryError::new_err(format!("cannot allocate an array of {n} elements"))
}

/// A fill's array: `n` new elements (at most `limit`, the words one call
/// may spend, in `unit`), or the caller's `out` (a contiguous 1-d array of
/// the element type, written in place and returned; `n`, when given too,
/// must be its length). `fill` draws into slices of it ([`undoable`]: a
/// Ctrl-C between slices leaves `gen` as it was).
pub(crate) fn fill_array<'py, G, T, F>(
    py: Python<'py>,
    gen: &mut G,
    n: Option<&Bound<'py, PyAny>>,
    out: Option<&Bound<'py, PyAny>>,
    (limit, unit): (u64, Unit),
    fill: F,
) -> PyResult<Bound<'py, PyArray1<T>>>
where
    G: Clone + Send,
    T: Dtype,
    F: Fn(&mut G, &mut [T]) + Sync,
{
    let n = n.map(|n| count_arg(n, "n")).transpose()?;
    if let Some(n) = n {
        bounded("n", n, limit, unit.name())?;
    }
    match out {
        None => {
            let n = n.ok_or_else(|| error("give n (a count) or out (an array to fill)"))?;
            let mut v: Vec<T> = room(n)?;
            let n = n as usize; // room() has checked that it fits

            // Zeroed and drawn slice by slice, checking for Ctrl-C between.
            undoable(gen, n <= SLICE_FILL, |g| {
                while v.len() < n {
                    if !v.is_empty() {
                        py.check_signals()?;
                    }
                    let start = v.len();
                    let end = n.min(start + SLICE_FILL);
                    let mut draw = || {
                        v.resize(end, T::default());
                        fill(g, &mut v[start..]);
                    };
                    if n < DETACH_AT as usize {
                        draw();
                    } else {
                        py.detach(draw);
                    }
                }
                Ok(())
            })?;
            Ok(v.into_pyarray(py))
        }
        Some(out) => {
            let array = out
                .cast::<PyArray1<T>>()
                .map_err(|_| error(format!("out must be a 1-d numpy {} array", T::NAME)))?;
            let mut rw = array
                .try_readwrite()
                .map_err(|_| error("out is not writeable (or is borrowed elsewhere)"))?;
            let slice = rw
                .as_slice_mut()
                .map_err(|_| error("out must be contiguous"))?;
            if let Some(n) = n.filter(|&n| n != slice.len() as u64) {
                return Err(error(format!(
                    "n {n} is not the length of out ({})",
                    slice.len()
                )));
            }
            bounded("out's length", slice.len() as u64, limit, unit.name())?;
            undoable(gen, slice.len() <= SLICE_FILL, |g| {
                if slice.len() < DETACH_AT as usize {
                    fill(g, slice);
                    return Ok(());
                }
                for (i, chunk) in slice.chunks_mut(SLICE_FILL).enumerate() {
                    if i > 0 {
                        py.check_signals()?;
                    }
                    py.detach(|| fill(g, chunk));
                }
                Ok(())
            })?;
            drop(rw);
            Ok(array.clone())
        }
    }
}

/// The scheduler's hooks for Python: cancelled when a signal handler
/// raised.
struct PyHooks(Signals);

impl Hooks for PyHooks {
    fn cancelled(&mut self) -> bool {
        self.0.raised()
    }
}

/// How a search run from Python ended.
pub(crate) enum Ended {
    /// On its own: complete, or at the hit budget.
    Found(Found),
    /// By Ctrl-C (or another exception a signal handler raised): what was
    /// found below the stop point, and the exception.
    Interrupted(Found, PyErr),
}

/// A plan from `threads` and `max_hits` (`None`: every core, and the
/// CLI's default hit limit, `DEFAULT_MAX_HITS`), refused as the CLI
/// refuses it.
pub(crate) fn plan(threads: Option<&Bound<'_, PyAny>>, max_hits: Option<u64>) -> PyResult<Plan> {
    // Any integer is read, so every count out of range (0, -1, 2**64) gets
    // the plan's one message.
    let threads = match threads {
        None => None,
        Some(t) => {
            let n = crate::int_arg::<i128>(t, "threads", "is not an integer")?;
            let n = usize::try_from(n).map_err(|_| error(crate::NAMES.threads_error(&n)))?;
            Some(n)
        }
    };
    let max_hits = max_hits.map_or(bitexact::search::DEFAULT_MAX_HITS, |m| {
        usize::try_from(m).unwrap_or(usize::MAX)
    });
    Plan::new(threads, max_hits).map_err(|e| error(crate::NAMES.plan_error(&e)))
}

/// Run `recovery` over `seeds` by `plan` on the library's scheduler, with
/// the GIL released; Ctrl-C cancels it. A worker's panic is a
/// `bitexact.Error` (never fewer hits in silence).
pub(crate) fn search(
    py: Python<'_>,
    recovery: &Recovery,
    seeds: Range<u64>,
    plan: &Plan,
) -> PyResult<Ended> {
    let (result, raised) = py.detach(|| {
        let mut hooks = PyHooks(Signals::new());
        let result = run_recovery(recovery, seeds, plan, &mut hooks);
        (result, hooks.0.into_raised())
    });
    let found = result.map_err(|e| Error::new_err(e.to_string()))?;
    Ok(match raised {
        Some(e) => Ended::Interrupted(found, e),
        None => Ended::Found(found),
    })
}

/// `bound`'s name in Python for a walk counting `unit`.
pub(crate) fn bound_name(unit: Unit) -> &'static str {
    match unit {
        Unit::Twists => "max_twists",
        _ => "max_draws",
    }
}

/// Where `gen` sits in its seed's stream, or `None` when no seed reaches it
/// (SPEC 8: identified means replayed, and a stream found is checked by
/// [`Engine::identified`] too: a flag or seed field no draw explains). The
/// walk back is bounded by `bound` (the engine's default when `None`,
/// refused past its ceiling) and runs with the GIL released, polling for
/// Ctrl-C; a generator that identifies by searching seeds searches `seeds`
/// on `threads` threads. "Not sure" ([`NotReachable::unsure`]: more
/// ambiguous steps than the walk follows) raises `bitexact.Error` with the
/// engine's sentence, never None.
pub(crate) fn identify<E: Engine>(
    py: Python<'_>,
    gen: &E::Gen,
    bound: Option<&Bound<'_, PyAny>>,
    (seeds, threads): (Range<u64>, Option<&Bound<'_, PyAny>>),
) -> PyResult<Option<Identification>> {
    let title = E::INFO.title;
    let walk = E::INFO
        .state
        .ok_or_else(|| error(format!("{title} has no state files")))?
        .identify
        .ok_or_else(|| error(NotReachable::not_identifiable(title).text.to_string()))?
        .walk;
    let name = bound_name(walk.unit);
    let bound = crate::opt_u64(bound, name)?.unwrap_or(walk.default);
    bounded(name, bound, walk.max, walk.unit.name())?;
    let plan = plan(threads, Some(1))?;
    let (walked, raised) = py.detach(|| {
        let signals = Signals::new();
        let walked = E::identify(gen, bound, &|| signals.raised());
        (walked, signals.into_raised())
    });
    if let Some(e) = raised {
        return Err(e);
    }
    let id = match walked {
        Err(e) if e.unsure() => return Err(error(e.to_string())),
        Err(_) => return Ok(None),
        Ok(Identified::Found(id)) => id,
        Ok(Identified::Search(recovery)) => match search(py, &recovery, seeds, &plan)? {
            Ended::Interrupted(_, e) => return Err(e),
            Ended::Found(found) => match found.hits.first() {
                None => return Ok(None),
                Some(h) => Identification {
                    seed: h.seed,
                    words_drawn: h.offset,
                },
            },
        },
    };
    match E::identified(gen, id, &Options::default()) {
        Ok(_) => Ok(Some(id)),
        Err(e) if e.unsure() => Err(error(e.to_string())),
        Err(_) => Ok(None),
    }
}
