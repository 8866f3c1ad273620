//! The engine contract: what every generator gives the front ends, and the
//! one list of generators they are built from.
//!
//! Each generator implements [`Engine`] once, in its own module (`sots`,
//! `laige`, `westwood`, `openra`, `generals`): its name and seed width
//! ([`Info`]), its taps (one table, [`Info::taps`]; parse, call, fixed
//! word cost, the entry point a ledger tallies), its skip, its state codec, identification and the
//! draws between two states, its seed search, and its work limits. The
//! list ([`Id`](crate::engines::Id), [`with_engine!`](crate::with_engine)) registers it;
//! [`crate::stream`], [`crate::recover::query`], [`crate::ledger`], the
//! CLI's subcommands, the C ABI and the Python package dispatch through
//! that list, never through a `match` of their own. Adding a generator is
//! its module, one line in the list (`__engine_list!` in `list.rs`), and
//! one line per front end.
//!
//! The trait is sealed (as `object`'s `Object` is): its methods are the
//! library's contract with its front ends, not an extension point.
//!
//! ```
//! use bitexact::engine::{Engine, Options, Value};
//! use bitexact::engines::Id;
//!
//! let id = Id::find("westwood", Some("random2")).unwrap();
//! let answer = bitexact::with_engine!(id, E => {
//!     let mut g = E::seeded(1, &Options::default());
//!     let tap = E::tap("ranged", &["1", "2147483647"], false).unwrap();
//!     E::call(&mut g, tap)
//! });
//! assert_eq!(answer, (Value::I32(2_025_287_382), 1)); // SPEC 4: the value and its words
//! ```

pub mod check;
pub mod codec;
pub(crate) mod error;
#[cfg(feature = "alloc")]
mod fields;
mod info;
pub mod ledger;
mod options;
pub(crate) mod rand;
#[cfg(feature = "alloc")]
pub mod recovery;
pub mod reversible;
pub mod snapshot;
pub mod tap;
#[cfg(test)]
mod tests;
mod value;

pub use crate::text::Text;
pub use check::Check;
pub use error::{
    Bound, DiffError, Identification, NotReachable, Reason, SeedError, StateError, StateKind, Unit,
};
#[cfg(feature = "alloc")]
pub use fields::{Field, Fields};
pub use info::{
    DisplayName, Game, IdentifyInfo, Info, LayoutInfo, Limits, RecoverInfo, SeedKind, StateInfo,
    Walk, MAX_CALL_SKIP, MAX_WORK,
};
pub use options::{Opt, Options};
pub use tap::{TapError, TapSpec};
pub use value::{RawWord, Value, WordKind, Words};

mod sealed {
    pub trait Sealed {}
}
pub(crate) use sealed::Sealed;

/// A generator's whole contract with the front ends (SPEC 6, 8, 9, 11).
///
/// Every method is bit-exact as the generator's own methods are (it calls
/// them). Word counts are raw words (sots' 32-bit words, laige's 64-bit
/// draws, the WWLib classes' raw draws).
pub trait Engine: Sealed + Sized + 'static {
    /// The generator.
    type Gen: Clone + core::fmt::Debug + PartialEq + Send + Sync + 'static;
    /// A parsed tap: one call with its arguments, each variant a row of
    /// its table ([`tap::Taps`], made by [`taps!`](crate::taps)).
    type Tap: tap::Taps;
    /// The raw word (`u32`, `i32` or `u64`: a [`RawWord`]).
    type Word: RawWord;

    /// Its description.
    const INFO: Info;
    /// Its known-answer checks (`bitexact selftest`), in order.
    const CHECKS: &'static [Check] = &[];

    /// Seeded with `seed` (already checked against [`Info::seed`] by
    /// [`Id::check_seed`](crate::engines::Id::check_seed); a 32-bit seed in the low bits), with `options`
    /// (those not in [`Info::options`] are ignored).
    fn seeded(seed: u64, options: &Options) -> Self::Gen;

    /// One raw word. 1 word.
    fn word(gen: &mut Self::Gen) -> Self::Word;

    /// `out.len()` raw words, bit for bit [`word`](Self::word) called once
    /// per element, leaving the same state (faster where the generator has
    /// a bulk path).
    fn fill(gen: &mut Self::Gen, out: &mut [Self::Word]) {
        for w in out {
            *w = Self::word(gen);
        }
    }

    /// The tap `name` with its arguments (`ranged` with `["1", "6"]`), as
    /// `--tap ranged:1,6` and the ledger line `ranged 1 6` write it: a row
    /// of [`Info::taps`] ([`tap::Args::row`]) and its arguments read
    /// ([`tap::Taps::parse`] by default). `ledger` admits the calls a
    /// ledger counts that are not taps (sots' `tnormal-attempts K`,
    /// [`TapSpec::ledger_only`]).
    fn tap(name: &str, args: &[&str], ledger: bool) -> Result<Self::Tap, TapError> {
        <Self::Tap as tap::Taps>::parse(name, args, ledger)
    }

    /// One call of `tap`: its value and the raw words it spent.
    fn call(gen: &mut Self::Gen, tap: Self::Tap) -> (Value, u64);

    /// The entry point a ledger tallies `tap` under: the
    /// [`TapSpec::entry`] of its row (`value` for `value:1,6`).
    fn entry(tap: Self::Tap) -> &'static str {
        <Self::Tap as tap::Taps>::TABLE[tap::Taps::row(tap)].entry
    }

    /// The index in [`Info::taps`] a ledger tallies `tap` under: the row of
    /// its [`entry`](Self::entry).
    fn entry_point(tap: Self::Tap) -> usize {
        tap::row_of(Self::INFO.taps, Self::entry(tap))
    }

    /// The row of [`Info::taps`] `tap` was parsed from.
    fn spec(tap: Self::Tap) -> &'static TapSpec {
        &Self::INFO.taps[Self::entry_point(tap)]
    }

    /// The words every call of `tap` spends, when rejections cannot make it
    /// vary; `None` otherwise.
    fn fixed_words(tap: Self::Tap) -> Option<u64>;

    /// Spend `words` raw words unread, fast (whole twists, whole table
    /// cycles, jump-ahead where the generator has them).
    fn discard(gen: &mut Self::Gen, words: u64);

    /// The state file of `gen` in `layout` (one of [`StateInfo::layouts`];
    /// `None` for a generator with one). `lossy` writes what the layout can
    /// hold where it cannot hold everything (Random2Class's disabled flag in
    /// the TS layout) instead of refusing.
    #[cfg(feature = "alloc")]
    fn save(gen: &Self::Gen, layout: Option<&str>, lossy: bool) -> Saved {
        let _ = (gen, layout, lossy);
        Err(StateError::no_states(Self::INFO.title))
    }

    /// A state file's generator, in `layout` or the one its length names,
    /// and the layout it was read in.
    fn load(bytes: &[u8], layout: Option<&str>) -> Loaded<Self::Gen> {
        let _ = (bytes, layout);
        Err(StateError::no_states(Self::INFO.title))
    }

    /// What of `options` the generator keeps beyond its seeding, set on
    /// `gen` (a loaded state's: [`load`](Self::load) takes no options):
    /// sots' precision. The default, for a generator whose options only
    /// choose its seeding (laige's substream) or that has none: nothing.
    fn set_options(gen: &mut Self::Gen, options: &Options) {
        let _ = (gen, options);
    }

    /// The whole generator as bytes, for a copy in another process (Python's
    /// pickle): the library's own format, not a game's state file, restored
    /// by [`restore`](Self::restore) to a generator equal to `gen` that draws
    /// what it draws — the state, and what a state file leaves out (sots'
    /// precision, a draw counter). The default, for a generator whose state
    /// file holds all of it in one layout: that file
    /// ([`save`](Self::save)`(gen, None, false)`). Every engine of the list
    /// is checked to round-trip (`snapshot_tests`).
    #[cfg(feature = "alloc")]
    fn snapshot(gen: &Self::Gen) -> Saved {
        Self::save(gen, None, false)
    }

    /// The generator [`snapshot`](Self::snapshot)'s bytes hold; bytes it did
    /// not write (a wrong length, a field out of range, a draw counter past
    /// [`snapshot::MAX_POSITION`]) are refused. The default reads the state
    /// file ([`load`](Self::load)`(bytes, None)`).
    fn restore(bytes: &[u8]) -> Result<Self::Gen, StateError> {
        Self::load(bytes, None).map(|(g, _)| g)
    }

    /// Where `state` sits in its seed's stream, walking back at most
    /// `bound` ([`StateInfo::identify`]'s unit). The default, for a
    /// generator whose states cannot be identified ([`StateInfo::identify`]
    /// `None`) or that has none, says so ([`Reason::NotIdentifiable`],
    /// [`Reason::NoStates`]). Identified means replayed
    /// (SPEC 8): the seed advanced by the words found reproduces the whole
    /// state. A generator that identifies by searching seeds returns
    /// [`Identified::Search`]: run it ([`crate::search`]) and pass the first
    /// hit to [`Engine::identified`].
    /// `stop` is polled every millisecond or so of work: when it returns
    /// true the walk ends with [`Reason::Stopped`].
    #[cfg(feature = "alloc")]
    fn identify(state: &Self::Gen, bound: u64, stop: &dyn Fn() -> bool) -> Walked {
        let _ = (state, bound, stop);
        Err(match Self::INFO.state {
            Some(_) => NotReachable::not_identifiable(Self::INFO.title),
            None => NotReachable::no_states(Self::INFO.title),
        })
    }

    /// Several states' seed searches as one pass over the seeds (SPEC 16:
    /// `state find` identifies a file's candidates together), for an engine
    /// whose [`identify`](Engine::identify) searches seeds: `states` are
    /// states it returned [`Identified::Search`] for. `None` (the default)
    /// when the engine cannot merge them; they are then searched one by one.
    /// Every hit is replayed, as [`identify`](Engine::identify)'s are.
    #[cfg(feature = "alloc")]
    fn identify_together(states: &[Self::Gen], bound: u64) -> Option<Together> {
        let _ = (states, bound);
        None
    }

    /// The fields an identification prints (SPEC 6: `seed`, then the
    /// engine's own such as `twists` and `left`, then `words_drawn`), or why
    /// the state is still not reachable though its stream was found (a flag
    /// no draw sets, a seed field that disagrees).
    /// `options.master`, for a generator with substreams, adds the
    /// `substream` id of the state's seed.
    #[cfg(feature = "alloc")]
    fn identified(state: &Self::Gen, id: Identification, options: &Options) -> Reported {
        let _ = (state, options);
        Ok(alloc::vec![
            ("seed", Field::U64(id.seed)),
            ("words_drawn", Field::U64(id.words_drawn)),
        ])
    }

    /// Raw words from state `a` to state `b` of one stream (B minus A),
    /// stepping at most `bound` ([`StateInfo::diff`]'s unit) each way. Needs
    /// no seed. The default, for a generator whose states cannot be compared
    /// ([`StateInfo::diff`] `None`) or that has none, says so.
    fn words_between(a: &Self::Gen, b: &Self::Gen, bound: u64) -> Result<u64, DiffError> {
        let _ = (a, b, bound);
        let engine = Self::INFO.title;
        Err(match Self::INFO.state {
            Some(_) => DiffError::NotComparable { engine },
            None => DiffError::NoStates { engine },
        })
    }

    /// A state's fields for `state show` (no search).
    #[cfg(feature = "alloc")]
    fn describe(state: &Self::Gen, layout: Option<&'static str>) -> Fields {
        let _ = (state, layout);
        Fields::new()
    }

    /// The seed search for `values` (text, in the CLI's notation) observed
    /// through `tap`, starting at a word offset in `0..=max_offset`
    /// (`None`: the engine's default, 0). The default: none
    /// ([`recovery::QueryError::NotRecoverable`]); an engine that declares
    /// a search ([`Info::recover`]) and has no faster one of its own writes
    /// `recovery::PerSeed::<Self>::recovery(tap, values, max_offset, o)`,
    /// the search every engine gets from its taps.
    #[cfg(feature = "alloc")]
    fn recover(tap: Self::Tap, values: &[&str], max_offset: Option<u64>, o: &Options) -> Recovered {
        let _ = (tap, values, max_offset, o);
        Err(recovery::QueryError::NotRecoverable {
            engine: Self::INFO.title,
        })
    }

    /// Where the generator stands within its block, for notes about a state
    /// (sots' `left`, Random4Class's `mti`); empty for most.
    #[cfg(feature = "alloc")]
    fn position_fields(gen: &Self::Gen) -> Fields {
        let _ = gen;
        Fields::new()
    }

    /// What a user should know about a call that the game makes oddly but
    /// this reproduces as written (sots' `bell` with its bounds reversed):
    /// one sentence for front ends to print beside the values, or `None`.
    fn caveat(tap: Self::Tap) -> Option<&'static str> {
        let _ = tap;
        None
    }

    /// How many values one call of `tap` returns, about equally likely (a
    /// die's 6, a raw word's 2^32), where that is known: the chance that a
    /// call matches an observed value is its inverse. `None` for taps whose
    /// values are not near-uniform over a known set (floats, bell curves).
    fn outcomes(tap: Self::Tap) -> Option<f64> {
        let _ = tap;
        None
    }

    /// Whether [`find_filter`](Self::find_filter) tells states from other
    /// bytes, so `state find` looks for this generator (SPEC 16).
    const FINDABLE: bool = false;

    /// A cheap structure check of `window` (one state file's length, in
    /// `layout`): false for bytes that cannot be a state the game reaches
    /// (cursors out of step, a counter out of range, a run of one word).
    /// Candidates that pass are loaded and identified.
    fn find_filter(window: &[u8], layout: Option<&str>) -> bool {
        let _ = (window, layout);
        false
    }

    /// The fields a ledger prints after its tallies (`left` for sots), before
    /// `words_drawn`.
    #[cfg(feature = "alloc")]
    fn ledger_fields(gen: &Self::Gen) -> Fields {
        let _ = gen;
        Fields::new()
    }
}

/// What [`Engine::save`] returns: the state file's bytes.
#[cfg(feature = "alloc")]
pub type Saved = Result<alloc::vec::Vec<u8>, StateError>;
/// What [`Engine::load`] returns: the generator and the layout it was read in.
pub type Loaded<G> = Result<(G, Option<&'static str>), StateError>;
/// What [`Engine::identify`] returns.
#[cfg(feature = "alloc")]
pub type Walked = Result<Identified, NotReachable>;
/// What [`Engine::identified`] returns: the fields to report.
#[cfg(feature = "alloc")]
pub type Reported = Result<Fields, NotReachable>;
/// What [`Engine::recover`] returns: the search set up.
#[cfg(feature = "alloc")]
pub type Recovered = Result<recovery::Recovery, recovery::QueryError>;

/// What [`Engine::identify`] found.
#[cfg(feature = "alloc")]
pub enum Identified {
    /// The walk found it (replayed).
    Found(Identification),
    /// Run this seed search over a range of seeds; its first hit (seed,
    /// words drawn) is the answer, already replayed. Empty-handed over the
    /// whole range means not reachable.
    Search(recovery::Recovery),
}

/// One seed search for several states, from [`Engine::identify_together`].
#[cfg(feature = "alloc")]
#[derive(Debug)]
pub struct Together {
    /// The search. A hit's `offset` is an index into `points`, not a word
    /// count.
    pub searcher: alloc::boxed::Box<dyn recovery::Searcher>,
    /// For each hit `offset`: the index of the state it replays to, among
    /// those given, and the words drawn from the seeding to it.
    pub points: alloc::vec::Vec<(usize, u64)>,
}

#[cfg(feature = "alloc")]
impl core::fmt::Debug for Identified {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Identified::Found(id) => f.debug_tuple("Found").field(id).finish(),
            Identified::Search(_) => f.write_str("Search(..)"),
        }
    }
}
