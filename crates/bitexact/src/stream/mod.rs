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

use crate::engine::tap::Split;
use crate::engine::{Engine, Info, Options, SeedError, TapError, Value};
use crate::engines::Id;
use alloc::boxed::Box;
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
}

impl fmt::Display for StreamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StreamError::Seed(e) => e.fmt(f),
            StreamError::Tap(e) => e.fmt(f),
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

/// One generator and its current tap, type-erased.
trait Draws: Send + Sync + fmt::Debug {
    fn next(&mut self) -> (Value, u64);
    fn set_tap(&mut self, name: &str, args: &[&str], ledger: bool) -> Result<(), TapError>;
    fn fixed_words(&self) -> Option<u64>;
    fn caveat(&self) -> Option<&'static str>;
    fn entry_point(&self) -> usize;
    fn discard(&mut self, words: u64);
    fn position(&self) -> u64;
    fn boxed_clone(&self) -> Box<dyn Draws>;
}

/// Generator `E`'s state, its tap and the raw words drawn since seeding.
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

impl<E: Engine> Draws for Of<E> {
    fn next(&mut self) -> (Value, u64) {
        let (v, words) = E::call(&mut self.gen, self.tap);
        self.drawn += words;
        (v, words)
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
        self.drawn += words;
    }

    fn position(&self) -> u64 {
        self.drawn
    }

    fn boxed_clone(&self) -> Box<dyn Draws> {
        Box::new(Of::<E> {
            gen: self.gen.clone(),
            tap: self.tap,
            drawn: self.drawn,
        })
    }
}

/// A generator drawn through one tap: [`next`](Self::next) returns each
/// call's value and the raw words (draws) it spent. Bit-exact as the
/// generator's own methods are (it calls them).
#[derive(Debug)]
pub struct Stream {
    id: Id,
    draws: Box<dyn Draws>,
}

impl Clone for Stream {
    fn clone(&self) -> Stream {
        Stream {
            id: self.id,
            draws: self.draws.boxed_clone(),
        }
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
        let draws = crate::with_engine!(id, E => {
            let split = Split::tap(tap.unwrap_or(E::INFO.default_tap()));
            let tap = E::tap(split.name, split.args(), false)?;
            Box::new(Of::<E> {
                gen: E::seeded(seed, options),
                tap,
                drawn: 0,
            }) as Box<dyn Draws>
        });
        Ok(Stream { id, draws })
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
        self.draws.set_tap(split.name, split.args(), false)
    }

    /// Draw through a ledger line's call (`ranged`, `["1", "6"]`; sots'
    /// `tnormal-attempts K` too) from here on. On error nothing changes.
    pub fn set_call(&mut self, name: &str, args: &[&str]) -> Result<(), TapError> {
        self.draws.set_tap(name, args, true)
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

    /// Raw words (draws) spent since seeding.
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
