//! What a generator is, for the front ends: [`Info`] and its parts —
//! seed width, options, taps, state files, walks and work limits — read
//! without calling the generator.

use super::error::Unit;
use super::options::Opt;
use super::tap::{self, List, Rows, TapSpec};

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
    /// The seeds, as messages write them (`0..=4294967295`).
    pub const fn range(self) -> &'static str {
        match self {
            SeedKind::U32 => "0..=4294967295",
            SeedKind::U64 => "0..=18446744073709551615",
            SeedKind::I32 => "-2147483648..=2147483647 (or their 32-bit patterns, 0..=4294967295)",
        }
    }

    /// A seed (its 32-bit pattern, as searches and states carry it) in the
    /// game's own notation, where that is signed: `Some(-31337)` for an
    /// [`SeedKind::I32`] seed `4294935959`; `None` for unsigned seeds.
    pub const fn signed(self, seed: u64) -> Option<i64> {
        match self {
            SeedKind::I32 => Some(seed as u32 as i32 as i64),
            _ => None,
        }
    }

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

/// A generator's state files ([`Engine::save`](super::Engine::save),
/// [`Engine::load`](super::Engine::load)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StateInfo {
    /// The byte lengths a state file may have.
    pub lengths: &'static [usize],
    /// The named byte layouts (`ts`, `ra2`), empty when there is one;
    /// [`Engine::load`](super::Engine::load) takes one of them or infers it
    /// from the length.
    pub layouts: &'static [LayoutInfo],
    /// What a layout is, for messages (`"Random2Class objects differ by game"`).
    pub layout_note: &'static str,
    /// What the state file is, for help texts (`the save's RNG item: 624
    /// words and left, 2500 bytes`).
    pub summary: &'static str,
    /// How a state is identified ([`Engine::identify`](super::Engine::identify)),
    /// or `None` when states cannot be: front ends then say so
    /// ([`NotReachable::not_identifiable`](super::NotReachable::not_identifiable))
    /// rather than walk.
    pub identify: Option<IdentifyInfo>,
    /// [`Engine::words_between`](super::Engine::words_between)'s bound, or
    /// `None` when the words between two states cannot be counted (front
    /// ends say so: [`DiffError::NotComparable`](super::DiffError::NotComparable)).
    pub diff: Option<Walk>,
    /// What a state that cannot be written in a layout loses when written
    /// anyway ([`Engine::save`](super::Engine::save)'s `lossy`), for help
    /// texts; empty when nothing can be lost.
    pub lossy: &'static str,
}

impl StateInfo {
    /// Identification searches seeds ([`IdentifyInfo::searches_seeds`]).
    pub const fn searches_seeds(&self) -> bool {
        matches!(
            self.identify,
            Some(IdentifyInfo {
                searches_seeds: true,
                ..
            })
        )
    }
}

/// How a generator's states are identified
/// ([`Engine::identify`](super::Engine::identify)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IdentifyInfo {
    /// The walk's bound.
    pub walk: Walk,
    /// How it works, for help texts.
    pub how: &'static str,
    /// Identification searches seeds (it takes a seed range and threads)
    /// rather than walking back
    /// ([`Engine::identify`](super::Engine::identify) then returns a search).
    pub searches_seeds: bool,
}

/// A generator's seed search ([`Engine::recover`](super::Engine::recover)).
/// The taps it takes are the [`TapSpec::recoverable`] rows of
/// [`Info::taps`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecoverInfo {
    /// What else a user should know, for help texts, printed after the
    /// list of taps and `; ` (`seeds are 64-bit, so a seed range is
    /// required`); empty for nothing.
    pub note: &'static str,
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
    /// [`Engine::discard`](super::Engine::discard) is a jump ahead, instant
    /// for any count (laige's GF(2) polynomial): a front end's discard (C's
    /// `bx_<e>_discard`, Python's `discard`) then takes any count at once,
    /// unsliced ([`discard_words`](Self::discard_words)).
    pub jumps: bool,
}

impl Limits {
    /// [`MAX_WORK`] words, [`MAX_CALL_SKIP`] calls, discards by stepping or
    /// by whole blocks.
    pub const DEFAULTS: Limits = Limits {
        skip_words: MAX_WORK,
        skip_calls: MAX_CALL_SKIP,
        jumps: false,
    };

    /// The most raw words one discard (C's `bx_<e>_discard`, Python's
    /// `discard`) may spend: any count (`u64::MAX`) when it
    /// [`jumps`](Self::jumps), else [`skip_words`](Self::skip_words)
    /// (about 5 s of work at worst); larger requests are refused.
    pub const fn discard_words(&self) -> u64 {
        if self.jumps {
            u64::MAX
        } else {
            self.skip_words
        }
    }
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
    /// Every call, once: the taps and the ledger calls, in the order a
    /// ledger reports its entry points (a row's index is its entry point,
    /// [`Engine::entry_point`](super::Engine::entry_point)). The first row is
    /// the tap drawn when none is named, the raw word
    /// ([`default_tap`](Self::default_tap)). Every list of taps a front end
    /// prints is rendered from it ([`tap_list`](Self::tap_list),
    /// [`call_list`](Self::call_list), [`calls_help`](Self::calls_help),
    /// [`recover_taps`](Self::recover_taps)).
    pub taps: &'static [TapSpec],
    /// Work bounds.
    pub limits: Limits,
    /// State files, if the generator has them.
    pub state: Option<StateInfo>,
    /// Seed search, if values can be recovered.
    pub recover: Option<RecoverInfo>,
    /// The games whose short names also name this generator (`ra2`), for
    /// the family's default class.
    pub games: &'static [Game],
    /// What seeding does, one sentence for the docs of a front end's
    /// constructor (`init(seed)`: `s[i] = seed + C[i]`); empty: "seeded with
    /// `seed`".
    pub seeding: &'static str,
    /// What one raw word is ([`Engine::word`](super::Engine::word)), one
    /// sentence for the docs of a front end's raw-word call; empty: "one raw
    /// word".
    pub raw: &'static str,
}

/// A game that names a generator: `ra2` for Random2Class in Red Alert 2's
/// layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Game {
    /// The short name front ends accept in place of the family's (`ra2`).
    pub alias: &'static str,
    /// The game's name (`Red Alert 2`).
    pub title: &'static str,
    /// The state layout the game writes, where the generator has several.
    pub layout: Option<&'static str>,
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
        taps: &[],
        limits: Limits::DEFAULTS,
        state: None,
        recover: None,
        games: &[],
        seeding: "",
        raw: "",
    };

    /// `sots`, or `westwood --class random4` style: the family and, for a
    /// class that is not the default, the class (for messages).
    pub fn display_name(&self) -> DisplayName<'_> {
        DisplayName(self)
    }

    /// The tap drawn when none is named: the first row of
    /// [`taps`](Self::taps) (the raw word).
    pub const fn default_tap(&self) -> &'static str {
        match self.taps {
            [first, ..] => first.name,
            [] => "",
        }
    }

    /// Every tap as written after `--tap`: `u64, range:MIN,MAX, float01`.
    pub const fn tap_list(&self) -> List {
        List::new(self.taps, Rows::Taps)
    }

    /// Every call as a ledger script writes it: `u64, range MIN MAX,
    /// float01`.
    pub const fn call_list(&self) -> List {
        List::new(self.taps, Rows::Calls)
    }

    /// The calls one per line with what each is and spends, for a ledger's
    /// help (the text aligned at [`TapSpec::HELP_COLUMN`]).
    pub const fn calls_help(&self) -> tap::Help {
        tap::Help(self.taps)
    }

    /// The taps values can be recovered from, the default marked:
    /// `u64 (default), range:MIN,MAX, float01` (none for a generator
    /// without a seed search).
    pub const fn recover_taps(&self) -> List {
        let taps: &'static [TapSpec] = if self.recover.is_some() {
            self.taps
        } else {
            &[]
        };
        List::new(taps, Rows::Recoverable)
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
