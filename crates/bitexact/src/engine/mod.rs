//! The engine contract: what every generator gives the front ends, and the
//! one list of generators they are built from.
//!
//! Each generator implements [`Engine`] once, in its own module (`sots`,
//! `laige`, `westwood`, `openra`, `generals`): its name and seed width
//! ([`Info`]), its taps (parse, call, fixed word cost, the entry point a
//! ledger tallies), its skip, its state codec, identification and the
//! draws between two states, its seed search, and its work limits. The
//! list below ([`Id`], [`with_engine!`](crate::with_engine)) registers it;
//! [`crate::stream`], [`crate::recover::query`], [`crate::ledger`], the
//! CLI's subcommands, the C ABI and the Python package dispatch through
//! that list, never through a `match` of their own. Adding a generator is
//! its module, one line in the list (`__engine_list!` in this file), and
//! one line per front end.
//!
//! The trait is sealed (as `object`'s `Object` is): its methods are the
//! library's contract with its front ends, not an extension point.
//!
//! ```
//! use bitexact::engine::{Engine, Id, Options, Value};
//!
//! let id = Id::find("westwood", Some("random2")).unwrap();
//! let answer = bitexact::with_engine!(id, E => {
//!     let mut g = E::seeded(1, &Options::default());
//!     let tap = E::tap("ranged", &["1", "2147483647"], false).unwrap();
//!     E::call(&mut g, tap)
//! });
//! assert_eq!(answer, (Value::I32(2_025_287_382), 1)); // SPEC 4: the value and its words
//! ```

pub(crate) mod error;
#[cfg(feature = "alloc")]
mod fields;
pub(crate) mod rand;
pub mod tap;

pub use error::{
    Bound, DiffError, Identification, NameError, NotReachable, Reason, SeedError, StateError,
    StateKind, Text, Unit,
};
#[cfg(feature = "alloc")]
pub use fields::{Field, Fields};
pub use tap::TapError;

use crate::x87::Precision;

/// What else a generator needs beyond its seed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The x87 precision model of float draws (sots; default pc53).
    pub precision: Precision,
    /// Draw from `derive_substream(seed, id)` (laige).
    pub substream: Option<u32>,
    /// A master seed: an identification also names the substream id of the
    /// state's seed relative to it (generators with [`Opt::Substream`]).
    pub master: Option<u64>,
}

/// The options a generator takes beyond its seed ([`Info::options`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Opt {
    /// [`Options::precision`]
    Precision,
    /// [`Options::substream`]
    Substream,
}

/// A value one call produced.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// An unsigned 32-bit integer
    U32(u32),
    /// A signed 32-bit integer
    I32(i32),
    /// An unsigned 64-bit integer
    U64(u64),
    /// An f32
    F32(f32),
    /// An f64
    F64(f64),
    /// A boolean (`chance`)
    Bool(bool),
    /// A call whose value is not modelled, only its words (sots' truncated
    /// normal in a ledger).
    Unmodelled,
}

/// How a generator's seed is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SeedKind {
    /// `0..=4294967295`
    U32,
    /// `0..=2^64 − 1`
    U64,
    /// A C# `int` (OpenRA): `-2147483648..=2147483647`, or its 32-bit
    /// pattern; searches and reports use the pattern.
    I32,
}

impl SeedKind {
    /// One past the largest seed a search can cover: 2^32, or 2^64 − 1 for
    /// 64-bit seeds (ranges end below 2^64, so the last seed is not
    /// searchable).
    pub const fn space(self) -> u64 {
        match self {
            SeedKind::U64 => u64::MAX,
            SeedKind::U32 | SeedKind::I32 => 1 << 32,
        }
    }
}

/// What a walk (identification, the draws between two states) is bounded
/// by, its default and its ceiling (SPEC 8: stated in its unit, with a
/// measured time).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Walk {
    /// What the bound counts.
    pub unit: Unit,
    /// The bound when none is given.
    pub default: u64,
    /// The largest bound a front end accepts (about 10 s of work).
    pub max: u64,
}

impl Walk {
    /// A walk bounded in draws: `default` when none is given, at most `max`.
    pub const fn draws(default: u64, max: u64) -> Walk {
        Walk {
            unit: Unit::Draws,
            default,
            max,
        }
    }

    /// A walk bounded in twists (624-word blocks): `default`, at most `max`.
    pub const fn twists(default: u64, max: u64) -> Walk {
        Walk {
            unit: Unit::Twists,
            default,
            max,
        }
    }
}

/// A named byte layout of a generator's state files.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LayoutInfo {
    /// Its name (`ts`).
    pub name: &'static str,
    /// What it is (`Tiberian Sun: 1008 bytes`).
    pub about: &'static str,
}

/// A generator's state files ([`Engine::save`], [`Engine::load`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StateInfo {
    /// The byte lengths a state file may have.
    pub lengths: &'static [usize],
    /// The named byte layouts (`ts`, `ra2`), empty when there is one;
    /// [`Engine::load`] takes one of them or infers it from the length.
    pub layouts: &'static [LayoutInfo],
    /// What a layout is, for messages (`"Random2Class objects differ by game"`).
    pub layout_note: &'static str,
    /// What the state file is, for help texts (`the save's RNG item: 624
    /// words and left, 2500 bytes`).
    pub summary: &'static str,
    /// `identify`'s bound.
    pub identify: Walk,
    /// How `identify` works, for help texts.
    pub identify_how: &'static str,
    /// [`Engine::words_between`]'s bound.
    pub diff: Walk,
    /// Identification searches seeds (it takes a seed range and threads)
    /// rather than walking back ([`Engine::identify`] then returns a search).
    pub searches_seeds: bool,
    /// What a state that cannot be written in a layout loses when written
    /// anyway ([`Engine::save`]'s `lossy`), for help texts; empty when
    /// nothing can be lost.
    pub lossy: &'static str,
}

/// A generator's seed search ([`Engine::recover`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecoverInfo {
    /// The taps values can be recovered from, for help texts.
    pub taps: &'static str,
    /// A range of seeds is required (64-bit seeds).
    pub needs_range: bool,
    /// What the offset bound defaults to beyond 0, for help texts (empty:
    /// nothing more).
    pub offset_note: &'static str,
}

/// The most raw words one call of a front end may be asked to spend (a skip,
/// a save after N words), and the most calls it makes one by one for taps
/// whose calls can reject words. Larger requests are refused rather than
/// left to run for hours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Words (draws) a skip by words may spend: [`MAX_WORK`] for
    /// generators that jump ahead or discard by whole blocks.
    pub skip_words: u64,
    /// Calls a skip makes one by one ([`MAX_CALL_SKIP`]).
    pub skip_calls: u64,
}

/// The most words one front-end call may spend: 10^10. Measured for
/// `stream --skip 10^10` (release build, the 2-core Xeon development
/// machine, the other core busy): sots discards by whole twists in 5.0 s,
/// westwood by whole table cycles in 1.3 s, laige jumps ahead at once.
pub const MAX_WORK: u64 = 10_000_000_000;

/// The most calls a skip makes one by one, for taps whose calls can reject
/// words: 10^8. Measured as above: westwood `ranged:1,6` 3.9 s (the
/// slowest), sots `bell:1,6` 2.2 s, sots `int:6` 1.4 s, laige `range:0,5`
/// 0.2 s.
pub const MAX_CALL_SKIP: u64 = 100_000_000;

/// A generator's description: everything a front end prints or checks
/// without calling it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Info {
    /// The family's name, as every front end spells it (`sots`, `westwood`).
    pub name: &'static str,
    /// The class within a family of several generators (`random2`), or
    /// `None`.
    pub class: Option<&'static str>,
    /// This is the family's default class.
    pub default_class: bool,
    /// The generator's own name in the game (`Random2Class`, `Prng`).
    pub title: &'static str,
    /// One line for help texts: what this generator is.
    pub about: &'static str,
    /// One line for help texts: what the family is (the same for every
    /// class of a family).
    pub family_about: &'static str,
    /// How seeds are written.
    pub seed: SeedKind,
    /// What a raw word is called: [`Unit::Words`] (sots' 32-bit words) or
    /// [`Unit::Draws`].
    pub unit: Unit,
    /// The options beyond the seed.
    pub options: &'static [Opt],
    /// The tap drawn when none is named (the raw word).
    pub default_tap: &'static str,
    /// Every tap, as written after `--tap` (`u64, range:MIN,MAX, float01`).
    pub taps: &'static str,
    /// Every call as a ledger script writes it (`u64, range MIN MAX, float01`).
    pub calls: &'static str,
    /// The calls one per line with what each spends, for a ledger's help.
    pub calls_help: &'static str,
    /// The entry points a ledger tallies, in report order.
    pub entry_points: &'static [&'static str],
    /// Work bounds.
    pub limits: Limits,
    /// State files, if the generator has them.
    pub state: Option<StateInfo>,
    /// Seed search, if values can be recovered.
    pub recover: Option<RecoverInfo>,
}

impl Info {
    /// The fields most generators share, for struct update syntax
    /// (`Info { name: "…", ..Info::DEFAULTS }`): a family of one generator
    /// with 32-bit seeds whose raw calls are draws, skips bounded by
    /// [`MAX_WORK`] and [`MAX_CALL_SKIP`], no options, no state files, no
    /// seed search.
    pub const DEFAULTS: Info = Info {
        name: "",
        class: None,
        default_class: true,
        title: "",
        about: "",
        family_about: "",
        seed: SeedKind::U32,
        unit: Unit::Draws,
        options: &[],
        default_tap: "raw",
        taps: "",
        calls: "",
        calls_help: "",
        entry_points: &[],
        limits: Limits {
            skip_words: MAX_WORK,
            skip_calls: MAX_CALL_SKIP,
        },
        state: None,
        recover: None,
    };

    /// `sots`, or `westwood --class random4` style: the family and, for a
    /// class that is not the default, the class (for messages).
    pub fn display_name(&self) -> DisplayName<'_> {
        DisplayName(self)
    }
}

/// [`Info::display_name`].
#[derive(Clone, Copy, Debug)]
pub struct DisplayName<'a>(&'a Info);

impl core::fmt::Display for DisplayName<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.0.class {
            Some(c) if !self.0.default_class => write!(f, "{} {c}", self.0.name),
            _ => f.write_str(self.0.name),
        }
    }
}

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
    /// A parsed tap: one call with its arguments.
    type Tap: Copy + core::fmt::Debug + PartialEq + Send + Sync + 'static;
    /// The raw word (`u32`, `i32` or `u64`).
    type Word: Copy + Default + core::fmt::Debug + Send + Sync + 'static;

    /// This generator in the list.
    const ID: Id;
    /// Its description.
    const INFO: Info;
    /// Its known-answer checks (`bitexact selftest`), in order.
    const CHECKS: &'static [crate::selftest::Check] = &[];

    /// Seeded with `seed` (already checked against [`Info::seed`] by
    /// [`Id::check_seed`]; a 32-bit seed in the low bits), with `options`
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
    /// `--tap ranged:1,6` and the ledger line `ranged 1 6` write it.
    /// `ledger` admits the calls a ledger counts that are not taps (sots'
    /// `tnormal-attempts K`).
    fn tap(name: &str, args: &[&str], ledger: bool) -> Result<Self::Tap, TapError>;

    /// One call of `tap`: its value and the raw words it spent.
    fn call(gen: &mut Self::Gen, tap: Self::Tap) -> (Value, u64);

    /// The index in [`Info::entry_points`] a ledger tallies `tap` under.
    fn entry_point(tap: Self::Tap) -> usize;

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

    /// Where `state` sits in its seed's stream, walking back at most
    /// `bound` ([`StateInfo::identify`]'s unit). Identified means replayed
    /// (SPEC 8): the seed advanced by the words found reproduces the whole
    /// state. A generator that identifies by searching seeds returns
    /// [`Identified::Search`]: run it ([`crate::search`]) and pass the first
    /// hit to [`Engine::identified`].
    /// `stop` is polled every millisecond or so of work: when it returns
    /// true the walk ends with [`Reason::Stopped`].
    #[cfg(feature = "alloc")]
    fn identify(state: &Self::Gen, bound: u64, stop: &dyn Fn() -> bool) -> Walked {
        let _ = (state, bound, stop);
        Err(NotReachable::no_states(Self::INFO.title))
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
    /// no seed.
    fn words_between(a: &Self::Gen, b: &Self::Gen, bound: u64) -> Result<u64, DiffError> {
        let _ = (a, b, bound);
        Err(DiffError::NoStates {
            engine: Self::INFO.title,
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
    /// (`None`: the engine's default, 0).
    #[cfg(feature = "alloc")]
    fn recover(tap: Self::Tap, values: &[&str], max_offset: Option<u64>, o: &Options) -> Recovered {
        let _ = (tap, values, max_offset, o);
        Err(crate::recover::QueryError::NotRecoverable {
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
pub type Recovered = Result<crate::recover::Recovery, crate::recover::QueryError>;

/// What [`Engine::identify`] found.
#[cfg(feature = "alloc")]
pub enum Identified {
    /// The walk found it (replayed).
    Found(Identification),
    /// Run this seed search over a range of seeds; its first hit (seed,
    /// words drawn) is the answer, already replayed. Empty-handed over the
    /// whole range means not reachable.
    Search(crate::recover::Recovery),
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

/// The list of generators: the one place a generator is registered (its
/// variant of [`Id`] and its [`Engine`] type). `__engine_list!((m) args)`
/// calls `m! { args Variant => Type, ... }`; [`Id`] and
/// [`with_engine!`](crate::with_engine) are made from it.
#[doc(hidden)]
#[macro_export]
macro_rules! __engine_list {
    (($($m:tt)+) $args:tt) => {
        $($m)+! { $args
            /// Sword of the Stars "Mars": MT19937 and its draw mappings (SPEC 2)
            Sots => $crate::sots::engine::Sots,
            /// The laige engine's xorshift128+ `Prng` (SPEC 3)
            Laige => $crate::laige::engine::Laige,
            /// WWLib `RandomClass`, the 15-bit LCG (SPEC 11)
            Random => $crate::westwood::engines::RandomClass,
            /// WWLib `Random2Class`, the TS / RA2 / YR randomizer (SPEC 4)
            Random2 => $crate::westwood::engines::Random2Class,
            /// WWLib `Random3Class`, the pseudo-DES hash (SPEC 11)
            Random3 => $crate::westwood::engines::Random3Class,
            /// WWLib `Random4Class`, MT19937 with the 1998 seeding (SPEC 11)
            Random4 => $crate::westwood::engines::Random4Class,
            /// OpenRA's `MersenneTwister` (SPEC 11)
            Openra => $crate::openra::engine::Openra,
            /// C&C Generals' `GameLogicRandom` (SPEC 11)
            Generals => $crate::generals::engine::Generals,
        }
    };
}

/// `with_engine!(id, E => body)`: `body` with the type `E` bound to the
/// generator `id` names (an [`Engine`](crate::engine::Engine)). The one
/// `match` over the list; front ends write generic code and dispatch
/// through it.
#[macro_export]
macro_rules! with_engine {
    ($id:expr, $e:ident => $body:expr) => {
        $crate::__engine_list!(($crate::__with_engine_match)($id, $e, $body))
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __with_engine_match {
    (($id:expr, $e:ident, $body:expr) $($(#[$m:meta])* $v:ident => $t:ty,)*) => {
        match $id {
            $($crate::engine::Id::$v => {
                #[allow(unused)]
                type $e = $t;
                $body
            })*
        }
    };
}

macro_rules! define_ids {
    (() $($(#[$m:meta])* $id:ident => $ty:ty,)*) => {
        /// A generator in the list.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Id {
            $($(#[$m])* $id,)*
        }

        impl Id {
            /// Every generator, in the order the docs list them.
            pub const ALL: &'static [Id] = &[$(Id::$id),*];

            /// The generator's description.
            pub const fn info(self) -> &'static Info {
                match self {
                    $(Id::$id => &<$ty as Engine>::INFO,)*
                }
            }
        }
    };
}

__engine_list!((define_ids)());

impl Id {
    /// The generator a family name and class name give: `("sots", None)`,
    /// `("westwood", Some("random4"))`; the family's default class when
    /// `class` is `None`.
    pub fn find(name: &str, class: Option<&str>) -> Result<Id, NameError> {
        let family = FamilyList::of(name);
        let Some(first) = family.iter().next() else {
            return Err(NameError::UnknownEngine { name: name.into() });
        };
        match class {
            None => Ok(family
                .iter()
                .find(|id| id.info().default_class)
                .unwrap_or(first)),
            Some(c) => family
                .iter()
                .find(|id| id.info().class == Some(c))
                .ok_or_else(|| NameError::UnknownClass {
                    engine: first.info().name,
                    name: c.into(),
                    classes: family,
                }),
        }
    }

    /// The families' names, each once, in list order.
    pub fn families() -> &'static [&'static str] {
        &FAMILIES
    }

    /// The generators of the family `name`, in list order.
    pub fn family(name: &str) -> FamilyList {
        FamilyList::of(name)
    }

    /// The generator's known-answer checks ([`Engine::CHECKS`]).
    pub fn checks(self) -> &'static [crate::selftest::Check] {
        crate::with_engine!(self, E => E::CHECKS)
    }

    /// `seed` as the generator takes it: within its [`SeedKind`] (an `i32`
    /// seed given as its 32-bit pattern).
    pub fn check_seed(self, seed: u64) -> Result<u64, SeedError> {
        let info = self.info();
        match info.seed {
            SeedKind::U64 => Ok(seed),
            SeedKind::U32 | SeedKind::I32 if seed <= u64::from(u32::MAX) => Ok(seed),
            _ => Err(SeedError {
                seed,
                engine: info.name,
            }),
        }
    }
}

/// The generators of one family, in list order (no allocation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FamilyList {
    ids: [Option<Id>; Id::ALL.len()],
}

impl FamilyList {
    fn of(name: &str) -> FamilyList {
        let mut ids = [None; Id::ALL.len()];
        for (slot, id) in ids
            .iter_mut()
            .zip(Id::ALL.iter().filter(|id| id.info().name == name))
        {
            *slot = Some(*id);
        }
        FamilyList { ids }
    }

    /// The generators, in list order.
    pub fn iter(&self) -> impl Iterator<Item = Id> + '_ {
        self.ids.iter().flatten().copied()
    }
}

/// The families in list order, each once.
const FAMILIES: [&str; family_count()] = families_array();

const fn family_count() -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < Id::ALL.len() {
        if first_of_family(i) {
            n += 1;
        }
        i += 1;
    }
    n
}

const fn first_of_family(i: usize) -> bool {
    let name = Id::ALL[i].info().name.as_bytes();
    let mut j = 0;
    while j < i {
        if bytes_eq(Id::ALL[j].info().name.as_bytes(), name) {
            return false;
        }
        j += 1;
    }
    true
}

const fn bytes_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

const fn families_array() -> [&'static str; family_count()] {
    let mut out = [""; family_count()];
    let (mut i, mut n) = (0, 0);
    while i < Id::ALL.len() {
        if first_of_family(i) {
            out[n] = Id::ALL[i].info().name;
            n += 1;
        }
        i += 1;
    }
    out
}
