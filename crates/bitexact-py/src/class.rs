//! One helper for every generator class: [`Class`] ties a Python class to
//! its engine of the list (`bitexact::engine::Engine`), the generic
//! functions here do what every class does alike, and [`py_class!`] writes
//! each class's `#[pymethods]` block: the methods every class has (copy,
//! `__copy__`, `__deepcopy__`, `__repr__`, `_engine`), the shared ones it
//! asks for (fill, discard, state files, pickling, identification), each one
//! line calling a function here, then the engine's own methods. What they
//! compute is the library's: a pickle is the engine's snapshot
//! (`Engine::snapshot`), a discard its `Engine::discard`.

use crate::work::{self, Dtype};
use crate::{bytes_arg, error};
use bitexact::engine::{Engine, Identification};
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyType};

/// A generator of the engine list as a Python class.
pub(crate) trait Class: Clone + Send + Sync + Sized + 'static {
    /// The engine.
    type E: Engine<Word: Dtype>;
    /// The class's Python name (`bitexact.sots.Rng`), for its repr.
    const NAME: &'static str;
    fn gen(&self) -> &Gen<Self>;
    fn gen_mut(&mut self) -> &mut Gen<Self>;
    fn of(gen: Gen<Self>) -> Self;
    /// What the repr shows inside the parentheses.
    fn fields(&self) -> String;
}

/// A class's generator.
pub(crate) type Gen<C> = <<C as Class>::E as Engine>::Gen;
/// A class's raw word.
pub(crate) type Word<C> = <<C as Class>::E as Engine>::Word;

/// `Name(fields)`.
pub(crate) fn repr<C: Class>(c: &C) -> String {
    format!("{}({})", C::NAME, c.fields())
}

/// Raw words, bit for bit one word at a time ([`Engine::fill`]).
pub(crate) fn raw_words<C: Class>(gen: &mut Gen<C>, out: &mut [Word<C>]) {
    C::E::fill(gen, out);
}

/// Draws of one of the generator's mappings into a new array or `out`
/// (`fill` bit for bit the single draws), bounded by the words one call
/// may spend.
pub(crate) fn fill_with<'py, C: Class, T: Dtype>(
    py: Python<'py>,
    c: &mut C,
    n: Option<&Bound<'py, PyAny>>,
    out: Option<&Bound<'py, PyAny>>,
    fill: fn(&mut Gen<C>, &mut [T]),
) -> PyResult<Bound<'py, PyArray1<T>>> {
    let info = C::E::INFO;
    work::fill_array(
        py,
        c.gen_mut(),
        n,
        out,
        (info.limits.skip_words, info.unit),
        fill,
    )
}

/// Spend `words` raw words unread ([`work::discard`]: bounded, in slices,
/// at once for a generator that jumps ahead).
pub(crate) fn discard<C: Class>(
    py: Python<'_>,
    c: &mut C,
    words: &Bound<'_, PyAny>,
    what: &str,
) -> PyResult<()> {
    let info = C::E::INFO;
    work::discard(py, c.gen_mut(), words, what, info, C::E::discard)
}

/// The state file in `layout` (the engine's only one when `None`).
pub(crate) fn save<C: Class>(c: &C, layout: Option<&str>) -> PyResult<Vec<u8>> {
    C::E::save(c.gen(), layout, false).map_err(error)
}

/// A generator from a state file.
pub(crate) fn load<C: Class>(bytes: &[u8], layout: Option<&str>) -> PyResult<C> {
    C::E::load(bytes, layout)
        .map(|(g, _)| C::of(g))
        .map_err(error)
}

/// The state file as `bytes`.
pub(crate) fn to_bytes<'py, C: Class>(py: Python<'py>, c: &C) -> PyResult<Bound<'py, PyBytes>> {
    Ok(PyBytes::new(py, &save(c, None)?))
}

/// A generator from a state file given as `bytes` or `bytearray`.
pub(crate) fn from_bytes<C: Class>(b: &Bound<'_, PyAny>) -> PyResult<C> {
    load(&bytes_arg(b)?, None)
}

/// `__reduce__`: the class's `_from_pickle` and the bytes it takes, the
/// engine's snapshot ([`Engine::snapshot`]: the state and what a state file
/// leaves out, such as the draw counter).
pub(crate) fn reduce<'py, C: Class + pyo3::PyClass>(
    slf: &Bound<'py, C>,
) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyBytes>,))> {
    let load = slf.as_any().get_type().getattr("_from_pickle")?;
    // Another thread using the generator: RuntimeError, as every method.
    let this = slf.try_borrow()?;
    let snapshot = C::E::snapshot(this.gen()).map_err(error)?;
    Ok((load, (PyBytes::new(slf.py(), &snapshot),)))
}

/// A pickle's generator ([`Engine::restore`]: bytes the snapshot did not
/// write are refused).
pub(crate) fn from_pickle<C: Class>(_cls: &Bound<'_, PyType>, b: &Bound<'_, PyAny>) -> PyResult<C> {
    C::E::restore(&bytes_arg(b)?).map(C::of).map_err(error)
}

/// `(seed, words_drawn)` of the state, or `None` (not reachable within the
/// bound): the identification of a generator that walks back.
pub(crate) fn identify<C: Class>(
    py: Python<'_>,
    c: &C,
    bound: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<(u64, u64)>> {
    let space = C::E::INFO.seed.space();
    let found = work::identify::<C::E>(py, c.gen(), bound, (0..space, None))?;
    Ok(found.map(pair))
}

/// `(seed, words_drawn)`.
pub(crate) fn pair(id: Identification) -> (u64, u64) {
    (id.seed, id.words_drawn)
}

/// `py_class! { Type(Engine) "bitexact.mod.Name", |g| repr-fields; groups... { own methods } }`:
/// the `Class` impl and the `#[pymethods]` block of a generator class, with
/// `_engine` (the `(family, class)` of its engine in the list, which
/// `bitexact.engines()` pairs it with).
///
/// Groups (each `name args;`): `fill NAME;` raw words as an array (with
/// `out=`), `fill NAME = PATH => TYPE, "doc";` a mapping's draws so, `discard ARG;` discard (bounded, or any count for a generator that jumps ahead)
/// ahead, `save NAME;` / `load NAME;` the state file as bytes, `pickle;`,
/// `identify BOUND;` `(seed, words_drawn)` or None; `states BOUND;` is
/// `to_bytes`, `from_bytes`, `pickle` and `identify` together.
macro_rules! py_class {
    (
        $ty:ident($engine:ty) $name:literal, |$g:ident| $fields:expr;
        $($rest:tt)*
    ) => {
        impl $crate::class::Class for $ty {
            type E = $engine;
            const NAME: &'static str = $name;
            fn gen(&self) -> &$crate::class::Gen<Self> {
                &self.0
            }
            fn gen_mut(&mut self) -> &mut $crate::class::Gen<Self> {
                &mut self.0
            }
            fn of(gen: $crate::class::Gen<Self>) -> Self {
                Self(gen)
            }
            fn fields(&self) -> String {
                let $g = &self.0;
                $fields
            }
        }
        $crate::class::py_class!(@m $ty [
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
            fn __repr__(&self) -> String {
                $crate::class::repr(self)
            }
            /// The engine of the list this class is: `(family, class)`.
            #[classattr]
            fn _engine() -> (&'static str, Option<&'static str>) {
                let info = &<$engine as bitexact::engine::Engine>::INFO;
                (info.name, info.class)
            }
        ] $($rest)*);
    };
    (@m $ty:ident [$($acc:tt)*] fill $fill:ident; $($rest:tt)*) => {
        $crate::class::py_class!(@m $ty [$($acc)*]
            fill $fill = $crate::class::raw_words::<$ty> => $crate::class::Word<$ty>,
                "`n` raw words as a numpy array, bit for bit `n` single draws, leaving \
                 the same state (at most the words one call may spend).";
            $($rest)*);
    };
    (@m $ty:ident [$($acc:tt)*] fill $fill:ident = $f:path => $t:ty, $doc:literal; $($rest:tt)*) => {
        $crate::class::py_class!(@m $ty [$($acc)*
            #[doc = $doc]
            /// `out=` fills a caller's contiguous 1-d array of that dtype in
            /// place instead (and returns it).
            #[pyo3(signature = (n = None, *, out = None))]
            fn $fill<'py>(
                &mut self,
                py: Python<'py>,
                n: Option<&Bound<'py, PyAny>>,
                out: Option<&Bound<'py, PyAny>>,
            ) -> PyResult<Bound<'py, numpy::PyArray1<$t>>> {
                $crate::class::fill_with(py, self, n, out, $f)
            }
        ] $($rest)*);
    };
    (@m $ty:ident [$($acc:tt)*] discard $arg:ident; $($rest:tt)*) => {
        $crate::class::py_class!(@m $ty [$($acc)*
            /// Spend that many raw words unread (the state as many single
            /// draws leave), fast; at most the words one call may spend
            /// (any count, at once, for a generator that jumps ahead).
            fn discard(&mut self, py: Python<'_>, $arg: &Bound<'_, PyAny>) -> PyResult<()> {
                $crate::class::discard(py, self, $arg, stringify!($arg))
            }
        ] $($rest)*);
    };
    (@m $ty:ident [$($acc:tt)*] save $save:ident; $($rest:tt)*) => {
        $crate::class::py_class!(@m $ty [$($acc)*
            /// The state file's bytes (as the CLI's `state save` writes).
            fn $save<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyBytes>> {
                $crate::class::to_bytes(py, self)
            }
        ] $($rest)*);
    };
    (@m $ty:ident [$($acc:tt)*] load $load:ident; $($rest:tt)*) => {
        $crate::class::py_class!(@m $ty [$($acc)*
            /// A generator from a state file's bytes; bitexact.Error on a
            /// wrong length or a field out of range.
            #[classmethod]
            fn $load(_cls: &Bound<'_, pyo3::types::PyType>, b: &Bound<'_, PyAny>) -> PyResult<Self> {
                $crate::class::from_bytes(b)
            }
        ] $($rest)*);
    };
    (@m $ty:ident [$($acc:tt)*] pickle; $($rest:tt)*) => {
        $crate::class::py_class!(@m $ty [$($acc)*
            fn __reduce__<'py>(
                slf: &Bound<'py, Self>,
            ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, pyo3::types::PyBytes>,))> {
                $crate::class::reduce(slf)
            }
            #[classmethod]
            fn _from_pickle(cls: &Bound<'_, pyo3::types::PyType>, b: &Bound<'_, PyAny>) -> PyResult<Self> {
                $crate::class::from_pickle(cls, b)
            }
        ] $($rest)*);
    };
    (@m $ty:ident [$($acc:tt)*] states $bound:ident; $($rest:tt)*) => {
        $crate::class::py_class!(@m $ty [$($acc)*]
            save to_bytes; load from_bytes; pickle; identify $bound; $($rest)*);
    };
    (@m $ty:ident [$($acc:tt)*] identify $bound:ident; $($rest:tt)*) => {
        $crate::class::py_class!(@m $ty [$($acc)*
            /// `(seed, words_drawn)` of this state, with no search over
            /// seeds (the candidate replayed whole), or None when no seed
            /// reaches it within the bound (the engine's default when
            /// None; refused past its ceiling). Raises bitexact.Error
            /// "not sure: …" when the walk meets more steps with two
            /// possible predecessors than it follows (only an edited state
            /// has them): no answer either way. Ctrl-C stops it.
            #[pyo3(signature = ($bound = None))]
            fn identify(&self, py: Python<'_>, $bound: Option<&Bound<'_, PyAny>>) -> PyResult<Option<(u64, u64)>> {
                $crate::class::identify(py, self, $bound)
            }
        ] $($rest)*);
    };
    (@m $ty:ident [$($acc:tt)*] { $($own:tt)* }) => {
        #[pymethods]
        impl $ty {
            $($acc)*
            $($own)*
        }
    };
}
pub(crate) use py_class;
