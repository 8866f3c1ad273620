//! A generator drawn through one of its taps, chosen by name at run time
//! (SPEC 6, 9, 11): what the CLI's `stream` and `ledger` and the Python
//! package's `bitexact.stream` draw from (needs `alloc`). It dispatches
//! through the engine list ([`crate::engine`]), so a generator added there
//! appears here at once.
//!
//! ```
//! use bitexact::engine::{Options, Value};
//! use bitexact::engines::Id;
//! use bitexact::stream::Stream;
//!
//! let mut s = Stream::new(Id::Sots, 5489, Some("u32"), &Options::default()).unwrap();
//! assert_eq!(s.next(), (Value::U32(3_499_211_612), 1)); // the value and the words it spent
//! let w = Id::find("westwood", None).unwrap();
//! let mut w = Stream::new(w, 1, Some("ranged:1,2147483647"), &Options::default()).unwrap();
//! assert_eq!(w.next().0, Value::I32(2_025_287_382)); // SPEC 4
//! assert!(Stream::new(Id::Laige, 1, Some("range:5,5"), &Options::default()).is_err());
//! ```
//!
//! A stream is also the whole generator chosen by name, as a front end's
//! one class for every engine (Python's `bitexact.Generator`) holds it: one
//! raw word ([`Stream::word`]) and raw words in bulk ([`Stream::fill_words`],
//! bit for bit the single words), one call of another tap
//! ([`Stream::call`]), the state file ([`Stream::save`], [`Stream::load`])
//! and the whole generator as bytes ([`Stream::snapshot`],
//! [`Stream::restore`]).
//!
//! ```
//! use bitexact::engine::{Options, Value, Words};
//! use bitexact::engines::Id;
//! use bitexact::stream::Stream;
//!
//! let r4 = Id::find("westwood", Some("random4")).unwrap();
//! let mut s = Stream::new(r4, 1, Some("ranged:1,6"), &Options::default()).unwrap();
//! let (die, spent) = s.next(); // 1 draw, and 1 per rejection
//! let mut words = [0i32; 3];
//! s.fill_words(Words::I32(&mut words)).unwrap();
//! let saved = s.save(None, false).unwrap();
//! let (mut back, _) = Stream::load(r4, &saved, None, Some("raw"), &Options::default()).unwrap();
//! assert_eq!(back.word(), s.word()); // the same state, a raw word each
//! assert_eq!(s.position(), spent + 4);
//! let copy = Stream::restore(r4, &s.snapshot().unwrap(), Some(s.tap()), s.position()).unwrap();
//! assert_eq!(copy, s);
//! assert!(matches!(die, Value::I32(1..=6)));
//! ```

use crate::engine::tap::Split;
use crate::engine::{
    Engine, Info, Options, RawWord, Saved, SeedError, StateError, TapError, Value, WordKind, Words,
};
use crate::engines::Id;
use alloc::boxed::Box;
use alloc::string::{String, ToString};
use core::any::Any;
use core::fmt;

/// Why a stream cannot be opened or skipped.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum StreamError {
    /// The seed is outside the generator's seeds.
    Seed(SeedError),
    /// The tap is not one of the generator's.
    Tap(TapError),
    /// A skip by words past the generator's limit ([`Info::limits`]).
    SkipWords {
        /// The words asked for.
        words: u64,
        /// The limit.
        limit: u64,
    },
    /// A skip call by call (a tap that can reject words) past the limit.
    SkipCalls {
        /// The calls asked for.
        calls: u64,
        /// The limit.
        limit: u64,
    },
    /// Bytes that are not a state file (or a snapshot) of the generator.
    State(StateError),
}

impl fmt::Display for StreamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StreamError::Seed(e) => e.fmt(f),
            StreamError::Tap(e) => e.fmt(f),
            StreamError::State(e) => e.fmt(f),
            StreamError::SkipWords { words, limit } => {
                write!(f, "a skip of {words} words is over the limit of {limit}")
            }
            StreamError::SkipCalls { calls, limit } => write!(
                f,
                "a skip of {calls} calls of a tap that can reject words is over the limit of {limit}"
            ),
        }
    }
}

impl core::error::Error for StreamError {}

impl From<TapError> for StreamError {
    fn from(e: TapError) -> StreamError {
        StreamError::Tap(e)
    }
}

impl From<StateError> for StreamError {
    fn from(e: StateError) -> StreamError {
        StreamError::State(e)
    }
}

/// One generator and its current tap, type-erased.
trait Draws: Send + Sync + fmt::Debug + Any {
    fn next(&mut self) -> (Value, u64);
    fn call(&mut self, name: &str, args: &[&str]) -> Result<(Value, u64), TapError>;
    fn word(&mut self) -> Value;
    fn fill(&mut self, out: Words<'_>) -> Result<(), WordKind>;
    fn word_kind(&self) -> WordKind;
    fn set_tap(&mut self, name: &str, args: &[&str], ledger: bool) -> Result<(), TapError>;
    fn fixed_words(&self) -> Option<u64>;
    fn caveat(&self) -> Option<&'static str>;
    fn entry_point(&self) -> usize;
    fn discard(&mut self, words: u64);
    fn position(&self) -> u64;
    fn save(&self, layout: Option<&str>, lossy: bool) -> Saved;
    fn snapshot(&self) -> Saved;
    fn boxed_clone(&self) -> Box<dyn Draws>;
    fn as_any(&self) -> &dyn Any;
    fn same(&self, other: &dyn Draws) -> bool;
}

/// Generator `E`'s state, its tap and the raw words drawn since seeding
/// (or loading), counted mod 2^64.
struct Of<E: Engine> {
    gen: E::Gen,
    tap: E::Tap,
    drawn: u64,
}

impl<E: Engine> fmt::Debug for Of<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct(E::INFO.title)
            .field("tap", &self.tap)
            .field("drawn", &self.drawn)
            .finish_non_exhaustive()
    }
}

impl<E: Engine> Of<E> {
    /// `gen` drawn through the tap `text` (the raw word when `None`).
    fn boxed(gen: E::Gen, tap: Option<&str>, drawn: u64) -> Result<Box<dyn Draws>, TapError> {
        let split = Split::tap(tap.unwrap_or(E::INFO.default_tap()));
        let tap = E::tap(split.name, split.args(), false)?;
        Ok(Box::new(Of::<E> { gen, tap, drawn }))
    }
}

impl<E: Engine> Draws for Of<E> {
    fn next(&mut self) -> (Value, u64) {
        let (v, words) = E::call(&mut self.gen, self.tap);
        self.drawn = self.drawn.wrapping_add(words);
        (v, words)
    }

    fn call(&mut self, name: &str, args: &[&str]) -> Result<(Value, u64), TapError> {
        let (v, words) = E::call(&mut self.gen, E::tap(name, args, false)?);
        self.drawn = self.drawn.wrapping_add(words);
        Ok((v, words))
    }

    fn word(&mut self) -> Value {
        self.drawn = self.drawn.wrapping_add(1);
        E::word(&mut self.gen).value()
    }

    fn fill(&mut self, out: Words<'_>) -> Result<(), WordKind> {
        let out = E::Word::slice(out).ok_or(E::Word::KIND)?;
        E::fill(&mut self.gen, out);
        self.drawn = self.drawn.wrapping_add(out.len() as u64);
        Ok(())
    }

    fn word_kind(&self) -> WordKind {
        E::Word::KIND
    }

    fn set_tap(&mut self, name: &str, args: &[&str], ledger: bool) -> Result<(), TapError> {
        self.tap = E::tap(name, args, ledger)?;
        Ok(())
    }

    fn caveat(&self) -> Option<&'static str> {
        E::caveat(self.tap)
    }

    fn fixed_words(&self) -> Option<u64> {
        E::fixed_words(self.tap)
    }

    fn entry_point(&self) -> usize {
        E::entry_point(self.tap)
    }

    fn discard(&mut self, words: u64) {
        E::discard(&mut self.gen, words);
        self.drawn = self.drawn.wrapping_add(words);
    }

    fn position(&self) -> u64 {
        self.drawn
    }

    fn save(&self, layout: Option<&str>, lossy: bool) -> Saved {
        E::save(&self.gen, layout, lossy)
    }

    fn snapshot(&self) -> Saved {
        E::snapshot(&self.gen)
    }

    fn boxed_clone(&self) -> Box<dyn Draws> {
        Box::new(Of::<E> {
            gen: self.gen.clone(),
            tap: self.tap,
            drawn: self.drawn,
        })
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn same(&self, other: &dyn Draws) -> bool {
        other
            .as_any()
            .downcast_ref::<Of<E>>()
            .is_some_and(|o| o.gen == self.gen && o.tap == self.tap)
    }
}

/// A generator drawn through one tap: [`next`](Self::next) returns each
/// call's value and the raw words (draws) it spent. Bit-exact as the
/// generator's own methods are (it calls them).
///
/// Two streams are equal when they draw the same from here on: the same
/// generator, its state equal (as its own type compares states), drawn
/// through the same tap; their [`position`](Self::position)s may differ.
#[derive(Debug)]
pub struct Stream {
    id: Id,
    draws: Box<dyn Draws>,
    tap: String,
}

impl Clone for Stream {
    fn clone(&self) -> Stream {
        Stream {
            id: self.id,
            draws: self.draws.boxed_clone(),
            tap: self.tap.clone(),
        }
    }
}

impl PartialEq for Stream {
    fn eq(&self, other: &Stream) -> bool {
        self.id == other.id && self.draws.same(&*other.draws)
    }
}

impl Stream {
    /// Generator `id` seeded with `seed` (checked against its seeds: 32-bit
    /// everywhere but laige; OpenRA's `int` seed as its bit pattern) and
    /// `options`, drawn through `tap` (`ranged:1,6`; the raw word when
    /// `None`).
    pub fn new(
        id: Id,
        seed: u64,
        tap: Option<&str>,
        options: &Options,
    ) -> Result<Stream, StreamError> {
        let seed = id.check_seed(seed).map_err(StreamError::Seed)?;
        let draws = crate::with_engine!(id, E => Of::<E>::boxed(E::seeded(seed, options), tap, 0)?);
        Ok(Stream::of(id, draws, tap))
    }

    fn of(id: Id, draws: Box<dyn Draws>, tap: Option<&str>) -> Stream {
        let tap = tap.unwrap_or(id.info().default_tap()).to_string();
        Stream { id, draws, tap }
    }

    /// Generator `id` at the state file `bytes` ([`Engine::load`]: in
    /// `layout`, or the one its length names), with what of `options` it
    /// keeps beyond seeding ([`Engine::set_options`]: sots' precision),
    /// drawn through `tap` (the raw word when `None`); its
    /// [`position`](Self::position) counts from 0 here. Also the layout it
    /// was read in.
    pub fn load(
        id: Id,
        bytes: &[u8],
        layout: Option<&str>,
        tap: Option<&str>,
        options: &Options,
    ) -> Result<(Stream, Option<&'static str>), StreamError> {
        let (draws, layout) = crate::with_engine!(id, E => {
            let (mut gen, layout) = E::load(bytes, layout)?;
            E::set_options(&mut gen, options);
            (Of::<E>::boxed(gen, tap, 0)?, layout)
        });
        Ok((Stream::of(id, draws, tap), layout))
    }

    /// The state file of the generator in `layout` (one of its
    /// [`StateInfo::layouts`](crate::engine::StateInfo::layouts); `None`
    /// for a generator with one), `lossy` as [`Engine::save`] takes it.
    pub fn save(&self, layout: Option<&str>, lossy: bool) -> Saved {
        self.draws.save(layout, lossy)
    }

    /// The whole generator as bytes ([`Engine::snapshot`]): with the tap and
    /// the position, what [`restore`](Self::restore) makes an equal stream
    /// of, in another process too. Every generator of the list has one.
    pub fn snapshot(&self) -> Saved {
        self.draws.snapshot()
    }

    /// The stream a [`snapshot`](Self::snapshot) of generator `id` holds,
    /// drawn through `tap` (the raw word when `None`), its position
    /// `position`. Bytes the snapshot did not write are refused
    /// ([`Engine::restore`]).
    pub fn restore(
        id: Id,
        snapshot: &[u8],
        tap: Option<&str>,
        position: u64,
    ) -> Result<Stream, StreamError> {
        let draws =
            crate::with_engine!(id, E => Of::<E>::boxed(E::restore(snapshot)?, tap, position)?);
        Ok(Stream::of(id, draws, tap))
    }

    /// The tap drawn, as it was given (`ranged:1,6`; the raw word's name
    /// when none was).
    pub fn tap(&self) -> &str {
        &self.tap
    }

    /// One call of the tap `text` (`ranged:1,6`), the stream's own tap
    /// kept: its value and the raw words it spent. On error nothing is
    /// spent.
    pub fn call(&mut self, text: &str) -> Result<(Value, u64), TapError> {
        let split = Split::tap(text);
        self.draws.call(split.name, split.args())
    }

    /// One raw word ([`Engine::word`]), as a value of its type. 1 word.
    pub fn word(&mut self) -> Value {
        self.draws.word()
    }

    /// The type of the generator's raw word.
    pub fn word_kind(&self) -> WordKind {
        self.draws.word_kind()
    }

    /// Fill `out` with raw words, bit for bit [`word`](Self::word) once per
    /// element ([`Engine::fill`]), leaving the same state. `out` must hold
    /// words of the generator's type ([`word_kind`](Self::word_kind)); else
    /// nothing is drawn and the error is that type.
    pub fn fill_words(&mut self, out: Words<'_>) -> Result<(), WordKind> {
        self.draws.fill(out)
    }

    /// What to know about the tap as the game makes it (sots' `bell` with
    /// its bounds reversed), one sentence, or `None`
    /// ([`Engine::caveat`]).
    pub fn caveat(&self) -> Option<&'static str> {
        self.draws.caveat()
    }

    /// The stream's generator.
    pub fn id(&self) -> Id {
        self.id
    }

    /// Its description.
    pub fn info(&self) -> &'static Info {
        self.id.info()
    }

    /// Draw through the tap `text` (`ranged:1,6`) from here on: the
    /// generator and its position are kept. On error nothing changes.
    pub fn set_tap(&mut self, text: &str) -> Result<(), TapError> {
        let split = Split::tap(text);
        self.draws.set_tap(split.name, split.args(), false)?;
        self.tap = text.to_string();
        Ok(())
    }

    /// Draw through a ledger line's call (`ranged`, `["1", "6"]`; sots'
    /// `tnormal-attempts K` too) from here on. On error nothing changes.
    pub fn set_call(&mut self, name: &str, args: &[&str]) -> Result<(), TapError> {
        self.draws.set_tap(name, args, true)?;
        self.tap = name.to_string();
        for (i, a) in args.iter().enumerate() {
            self.tap.push(if i == 0 { ':' } else { ',' });
            self.tap.push_str(a);
        }
        Ok(())
    }

    /// One call: its value and the raw words (draws) it spent.
    #[allow(clippy::should_implement_trait)] // never ends: not an iterator
    pub fn next(&mut self) -> (Value, u64) {
        self.draws.next()
    }

    /// The tap's entry point, as an index into [`Info::taps`]: what a
    /// ledger tallies it under.
    pub fn entry_point(&self) -> usize {
        self.draws.entry_point()
    }

    /// The words every call of this tap spends, when rejections cannot make
    /// it vary; `None` otherwise.
    pub fn fixed_words(&self) -> Option<u64> {
        self.draws.fixed_words()
    }

    /// Spend `words` raw words unread, fast (whole twists, table cycles,
    /// jumps ahead where the generator has them). Unbounded: see
    /// [`skip`](Self::skip) for the bounded form.
    pub fn discard(&mut self, words: u64) {
        self.draws.discard(words);
    }

    /// Raw words (draws) spent since seeding, loading or restoring (plus the
    /// position restored), mod 2^64 (only a generator that jumps ahead gets
    /// that far).
    pub fn position(&self) -> u64 {
        self.draws.position()
    }

    /// Skip `calls` calls of the tap: by words when every call spends the
    /// same ([`fixed_words`](Self::fixed_words)), up to the generator's
    /// [`Limits::skip_words`](crate::engine::Limits); else call by call, up
    /// to its `skip_calls`. A skip past a bound is refused, with nothing
    /// spent.
    pub fn skip(&mut self, calls: u64) -> Result<(), StreamError> {
        self.check_skip(calls)?;
        match self.fixed_words() {
            Some(w) => self.discard(calls.saturating_mul(w)),
            None => {
                for _ in 0..calls {
                    self.next();
                }
            }
        }
        Ok(())
    }

    /// Whether [`skip`](Self::skip)`(calls)` is within the bounds: the
    /// error it would return, without spending anything (for a front end
    /// that skips in slices).
    pub fn check_skip(&self, calls: u64) -> Result<(), StreamError> {
        let limits = self.info().limits;
        match self.fixed_words() {
            Some(w) if calls.saturating_mul(w) > limits.skip_words => Err(StreamError::SkipWords {
                words: calls.saturating_mul(w),
                limit: limits.skip_words,
            }),
            None if calls > limits.skip_calls => Err(StreamError::SkipCalls {
                calls,
                limit: limits.skip_calls,
            }),
            _ => Ok(()),
        }
    }
}
