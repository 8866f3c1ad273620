//! Westwood's WWLib classes in the engine contract ([`crate::engine`]): one
//! family, `westwood`, of four generators sharing one tap vocabulary (`raw`,
//! `ranged:MIN,MAX`, `double`, and `float` for Random4Class).
//!
//! `Random2Class` (the default class) has TS and RA2 state files and
//! identifies by searching seeds ([`Identified::Search`]); `Random4Class`
//! has 2500-byte states and walks back; `RandomClass` and `Random3Class`
//! have no state files.

use super::random4::{self, Random4};
use super::ranged::{double, Pick, Raw};
use super::{Layout, Random2, Random3, RandomLcg};
use crate::engine::tap::{parse_i32, Args};
use crate::engine::{
    DiffError, Engine, Id, Info, LayoutInfo, Loaded, Options, RecoverInfo, StateError, StateInfo,
    StateKind, TapError, Unit, Value, Walk, MAX_WORK,
};
#[cfg(feature = "alloc")]
use crate::engine::{
    Field, Fields, Identification, Identified, NotReachable, Reason, Recovered, Reported, Saved,
    Walked,
};

/// A WWLib tap (every class; `Float` is Random4Class's `Get_Float`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tap {
    /// The raw draw (`operator()`), as `i32`
    Raw,
    /// `ranged(min, max)` inclusive (`Pick_Random_Number`)
    Ranged(i32, i32),
    /// `ranged(1, 2147483647) / 2^31`
    Double,
    /// `Get_Float()` (Random4Class)
    Float,
}

const TAPS: &str = "raw, ranged:MIN,MAX, double";
const TAPS4: &str = "raw, ranged:MIN,MAX, double, float";
const CALLS: &str = "raw, ranged MIN MAX, double";
const CALLS4: &str = "raw, ranged MIN MAX, double, float";
const CALLS_HELP: &str = "raw                  one raw draw\n\
    ranged MIN MAX       the ranged pick (0 draws for equal bounds; rejections spend more)\n\
    double               ranged(1, 2147483647) / 2^31\n\
    float                Get_Float (class random4)";
const ENTRY_POINTS: &[&str] = &["raw", "ranged", "double", "float"];
const FAMILY_ABOUT: &str =
    "Westwood's WWLib classes: Random2Class, the TS / RA2 / YR randomizer, by default";
const RECOVER: Option<RecoverInfo> = Some(RecoverInfo {
    taps: "raw (default), ranged:MIN,MAX, double (and float for class random4)",
    needs_range: false,
    offset_note: "",
});

/// A WWLib tap from its name and arguments; `float` only for a class that
/// has `Get_Float`.
fn ww_tap(name: &str, args: &[&str], ledger: bool, has_float: bool) -> Result<Tap, TapError> {
    let a = Args::new(name, args, ledger);
    Ok(match name {
        "raw" => a.none("raw").map(|_| Tap::Raw)?,
        "double" => a.none("double").map(|_| Tap::Double)?,
        "float" if has_float => a.none("float").map(|_| Tap::Float)?,
        "float" => {
            return Err(TapError::OtherClass {
                name: "float",
                what: "Random4Class's Get_Float",
                class: "random4",
            })
        }
        "ranged" => {
            let (min, max) = a.two("ranged", "ranged:MIN,MAX", parse_i32)?;
            super::check_range(min, max).map_err(|e| TapError::invalid(format_args!("{e}")))?;
            Tap::Ranged(min, max)
        }
        _ if has_float => return Err(a.unknown("westwood", TAPS4, CALLS4)),
        _ => return Err(a.unknown("westwood", TAPS, CALLS)),
    })
}

/// Counts a WWLib generator's raw draws.
struct Counting<'a, G> {
    g: &'a mut G,
    draws: u64,
}

impl<G: Raw> Raw for Counting<'_, G> {
    const SIGNIFICANT_BITS: u32 = G::SIGNIFICANT_BITS;
    fn raw(&mut self) -> i32 {
        self.draws += 1;
        self.g.raw()
    }
}

/// One call of a WWLib tap, and the raw draws it spent.
fn ww_call<G: Raw>(g: &mut G, tap: Tap, float: impl FnOnce(&mut G) -> f32) -> (Value, u64) {
    let mut c = Counting { g, draws: 0 };
    let v = match tap {
        Tap::Raw => Value::I32(c.raw()),
        // The range was checked when the tap was parsed.
        Tap::Ranged(min, max) => {
            Value::I32(Pick::<Counting<'_, G>>::new(min, max).map_or(min, |p| p.draw(&mut c)))
        }
        Tap::Double => Value::F64(double(&mut c)),
        Tap::Float => {
            c.draws += 1;
            Value::F32(float(c.g))
        }
    };
    (v, c.draws)
}

fn ww_entry_point(tap: Tap) -> usize {
    match tap {
        Tap::Raw => 0,
        Tap::Ranged(..) => 1,
        Tap::Double => 2,
        Tap::Float => 3,
    }
}

fn ww_fixed_words(tap: Tap) -> Option<u64> {
    match tap {
        Tap::Raw | Tap::Float => Some(1),
        Tap::Ranged(..) | Tap::Double => None,
    }
}

/// `Random2Class`: the TS / RA2 / YR randomizer, with its state files.
#[derive(Clone, Copy, Debug)]
pub struct Random2Class;

/// `RandomClass`: the 15-bit LCG.
#[derive(Clone, Copy, Debug)]
pub struct RandomClass;

/// `Random3Class`: the pseudo-DES hash used directly.
#[derive(Clone, Copy, Debug)]
pub struct Random3Class;

/// `Random4Class`: MT19937 with the 1998 seeding.
#[derive(Clone, Copy, Debug)]
pub struct Random4Class;

impl crate::engine::Sealed for Random2Class {}
impl crate::engine::Sealed for RandomClass {}
impl crate::engine::Sealed for Random3Class {}
impl crate::engine::Sealed for Random4Class {}

/// Random2Class `identify`'s ceiling: the walk keeps 16 bytes per 250
/// draws, so 10^9 draws is 64 MB.
pub const MAX_IDENTIFY_DRAWS: u64 = 1_000_000_000;

/// Random4Class `identify`'s and `diff`'s default bound: 100 000 twists
/// (62.4 million draws, about 0.1 s).
pub const DEFAULT_MAX_TWISTS: u64 = 100_000;

/// Random4Class `identify`'s and `diff`'s ceiling: 16 million twists, about
/// 16 s.
pub const MAX_TWISTS: u64 = 16_000_000;

/// The layout named `name` (`ts`, `ra2`).
fn layout_named(name: &str) -> Result<Layout, StateError> {
    Layout::ALL
        .into_iter()
        .find(|l| name == layout_name(*l))
        .ok_or_else(|| {
            StateError::new(
                StateKind::UnknownLayout,
                format_args!("unknown layout '{name}' (expected ts or ra2)"),
            )
        })
}

const fn layout_name(l: Layout) -> &'static str {
    match l {
        Layout::Ts => "ts",
        Layout::Ra2 => "ra2",
    }
}

impl Engine for Random2Class {
    type Gen = Random2;
    type Tap = Tap;
    type Word = i32;

    const ID: Id = Id::Random2;
    #[cfg(feature = "alloc")]
    const CHECKS: &'static [crate::selftest::Check] = super::selftest::CHECKS;
    const INFO: Info = Info {
        name: "westwood",
        class: Some("random2"),
        title: "Random2Class",
        about: "the TS/RA2/YR randomizer (250-word lagged XOR seeded by Random3Class)",
        family_about: FAMILY_ABOUT,
        taps: TAPS,
        calls: CALLS,
        calls_help: CALLS_HELP,
        entry_points: ENTRY_POINTS,
        state: Some(StateInfo {
            lengths: &[super::TS_LEN, super::RA2_LEN],
            layouts: &[
                LayoutInfo {
                    name: "ts",
                    about: "Tiberian Sun: 1008 bytes",
                },
                LayoutInfo {
                    name: "ra2",
                    about: "Red Alert 2 / Yuri's Revenge: 1012 bytes, with the disabled flag",
                },
            ],
            layout_note: "Random2Class objects differ by game",
            summary: "the randomizer object, TS 1008 bytes or RA2/YR 1012 bytes",
            identify: Walk::draws(super::DEFAULT_MAX_DRAWS, MAX_IDENTIFY_DRAWS),
            identify_how: "Walk the table back to every possible seeding point, then search the \
                           seeds on every core: prints seed, words_drawn",
            diff: Walk::draws(super::DEFAULT_MAX_DRAWS, MAX_WORK),
            searches_seeds: true,
            lossy: "it is written enabled (the stream then moves on its next draw)",
        }),
        recover: RECOVER,
        ..Info::DEFAULTS
    };

    fn seeded(seed: u64, _options: &Options) -> Random2 {
        Random2::new(seed as u32)
    }

    fn word(gen: &mut Random2) -> i32 {
        gen.raw()
    }

    fn fill(gen: &mut Random2, out: &mut [i32]) {
        gen.fill(out);
    }

    fn tap(name: &str, args: &[&str], ledger: bool) -> Result<Tap, TapError> {
        ww_tap(name, args, ledger, false)
    }

    fn call(gen: &mut Random2, tap: Tap) -> (Value, u64) {
        ww_call(gen, tap, |_| 0.0)
    }

    fn entry_point(tap: Tap) -> usize {
        ww_entry_point(tap)
    }

    fn fixed_words(tap: Tap) -> Option<u64> {
        ww_fixed_words(tap)
    }

    fn discard(gen: &mut Random2, words: u64) {
        gen.discard(words);
    }

    #[cfg(feature = "alloc")]
    fn save(gen: &Random2, layout: Option<&str>, lossy: bool) -> Saved {
        let Some(name) = layout else {
            return Err(StateError::new(
                StateKind::UnknownLayout,
                format_args!("a layout is needed: ts or ra2 (Random2Class objects differ by game)"),
            ));
        };
        let layout = layout_named(name)?;
        let mut rng = gen.clone();
        if lossy && layout == Layout::Ts {
            rng.set_disabled(false);
        }
        layout
            .encode(&rng)
            .map(|b| b.to_vec())
            .map_err(|e| StateError::new(StateKind::NotRepresentable, e))
    }

    fn load(bytes: &[u8], layout: Option<&str>) -> Loaded<Random2> {
        let layout = match layout {
            Some(name) => layout_named(name)?,
            None => Layout::from_len(bytes.len()).ok_or_else(|| {
                StateError::new(
                    StateKind::Length { len: bytes.len() },
                    format_args!(
                        "westwood state is {} bytes: neither a TS (1008) nor an RA2/YR (1012) \
                         randomizer",
                        bytes.len()
                    ),
                )
            })?,
        };
        layout
            .decode(bytes)
            .map(|d| (d.rng, Some(layout_name(layout))))
            .map_err(|e| {
                let kind = match e {
                    super::DecodeError::WrongLength { len, .. } => StateKind::Length { len },
                    _ => StateKind::Field,
                };
                StateError::new(kind, e)
            })
    }

    /// No draw sets the disabled flag, so a state with it set is not
    /// reachable; its table and cursors are searched with the flag clear,
    /// to say which stream it came from ([`Engine::identified`] then says
    /// not reachable, naming it).
    #[cfg(feature = "alloc")]
    fn identify(state: &Random2, bound: u64, stop: &dyn Fn() -> bool) -> Walked {
        let mut wanted = state.clone();
        wanted.set_disabled(false);
        let candidates = match super::Candidates::new_until(&wanted, bound, stop) {
            Err(c) => return Err(super::irregular(c)),
            Ok(Err(walked)) => {
                return Err(NotReachable::new(
                    Reason::Stopped(crate::engine::Bound {
                        max: walked,
                        unit: Unit::Draws,
                    }),
                    format_args!(
                        "stopped after walking the table back {walked} of {bound} draws, before \
                         any seed was searched"
                    ),
                ))
            }
            Ok(Ok(c)) => c,
        };
        if candidates.is_empty() {
            return Err(NotReachable::new(
                Reason::NoSeedingPoint {
                    index1: state.index1(),
                    bound: crate::engine::Bound {
                        max: bound,
                        unit: Unit::Draws,
                    },
                },
                format_args!(
                    "index1 is {}, so no seeding point lies within {bound} draws",
                    state.index1()
                ),
            ));
        }
        Ok(Identified::Search(crate::recover::Recovery::search(
            IdentifySearch(candidates),
        )))
    }

    #[cfg(feature = "alloc")]
    fn identified(state: &Random2, id: Identification, _options: &Options) -> Reported {
        if state.disabled() {
            return Err(NotReachable::new(
                Reason::FlagSet {
                    seed: id.seed,
                    words_drawn: id.words_drawn,
                },
                format_args!(
                    "not reachable by seeding and drawing: its disabled flag is set, and no draw \
                     sets it (with the flag clear, the table and cursors are seed {} after {} \
                     draws)",
                    id.seed, id.words_drawn
                ),
            ));
        }
        Ok(alloc::vec![
            ("seed", Field::U64(id.seed)),
            ("words_drawn", Field::U64(id.words_drawn)),
        ])
    }

    fn words_between(a: &Random2, b: &Random2, bound: u64) -> Result<u64, DiffError> {
        let words = super::draws_between(a, b, bound)?;
        if a.disabled() != b.disabled() {
            // No draw changes the flag: B is not reached from A by drawing.
            return Err(DiffError::FieldDiffers {
                field: "the disabled flag",
                of: "Random2Class",
                a: a.disabled().into(),
                b: b.disabled().into(),
                words,
                unit: Unit::Draws,
            });
        }
        Ok(words)
    }

    #[cfg(feature = "alloc")]
    fn describe(r: &Random2, layout: Option<&'static str>) -> Fields {
        alloc::vec![
            ("class", Field::Str("Random2Class")),
            ("layout", Field::Str(layout.unwrap_or(""))),
            ("disabled", r.disabled().into()),
            ("index1", r.index1().into()),
            ("index2", r.index2().into()),
            ("cursors_regular", r.irregular().is_none().into()),
            ("first_word", Field::Hex32(r.table()[0] as u32)),
            ("last_word", Field::Hex32(r.table()[249] as u32)),
        ]
    }

    #[cfg(feature = "alloc")]
    fn recover(tap: Tap, values: &[&str], max_offset: Option<u64>, _: &Options) -> Recovered {
        super::recover::query(tap, values, max_offset.unwrap_or(0))
    }
}

/// Random2Class identification as a seed search: a hit is a seed and the
/// draws since seeding, replayed whole (table, cursors and flag).
#[cfg(feature = "alloc")]
#[derive(Debug)]
struct IdentifySearch(super::Candidates);

#[cfg(feature = "alloc")]
impl crate::recover::Searcher for IdentifySearch {
    fn search(&self, seeds: core::ops::Range<u64>) -> alloc::vec::Vec<crate::recover::Hit> {
        self.0
            .search(seeds)
            .map(|id| crate::recover::Hit {
                seed: id.seed,
                offset: id.words_drawn,
            })
            .collect()
    }
}

/// The engine impl of a WWLib class without state files.
macro_rules! stateless_class {
    ($engine:ident, $gen:ty, $id:ident, $class:literal, $title:literal, $about:literal) => {
        impl Engine for $engine {
            type Gen = $gen;
            type Tap = Tap;
            type Word = i32;

            const ID: Id = Id::$id;
            const INFO: Info = Info {
                name: "westwood",
                class: Some($class),
                default_class: false,
                title: $title,
                about: $about,
                family_about: FAMILY_ABOUT,
                taps: TAPS,
                calls: CALLS,
                calls_help: CALLS_HELP,
                entry_points: ENTRY_POINTS,
                recover: RECOVER,
                ..Info::DEFAULTS
            };

            fn seeded(seed: u64, _options: &Options) -> $gen {
                <$gen>::new(seed as u32)
            }

            fn word(gen: &mut $gen) -> i32 {
                gen.raw()
            }

            fn tap(name: &str, args: &[&str], ledger: bool) -> Result<Tap, TapError> {
                ww_tap(name, args, ledger, false)
            }

            fn call(gen: &mut $gen, tap: Tap) -> (Value, u64) {
                ww_call(gen, tap, |_| 0.0)
            }

            fn entry_point(tap: Tap) -> usize {
                ww_entry_point(tap)
            }

            fn fixed_words(tap: Tap) -> Option<u64> {
                ww_fixed_words(tap)
            }

            fn discard(gen: &mut $gen, words: u64) {
                gen.discard(words);
            }

            #[cfg(feature = "alloc")]
            fn recover(
                tap: Tap,
                values: &[&str],
                max_offset: Option<u64>,
                _: &Options,
            ) -> Recovered {
                super::recover_classes::query::<$gen>(tap, values, max_offset.unwrap_or(0))
            }
        }
    };
}

stateless_class!(
    RandomClass,
    RandomLcg,
    Random,
    "random",
    "RandomClass",
    "the 15-bit LCG (TD/RA1; default seed 0)"
);
stateless_class!(
    Random3Class,
    Random3,
    Random3,
    "random3",
    "Random3Class",
    "the pseudo-DES hash of (seed, index), used directly"
);

impl Engine for Random4Class {
    type Gen = Random4;
    type Tap = Tap;
    type Word = i32;

    const ID: Id = Id::Random4;
    const CHECKS: &'static [crate::selftest::Check] = super::selftest_random4::CHECKS;
    const INFO: Info = Info {
        name: "westwood",
        class: Some("random4"),
        default_class: false,
        title: "Random4Class",
        about: "MT19937 with the 1998 seeding (0 becomes 4375)",
        family_about: FAMILY_ABOUT,
        taps: TAPS4,
        calls: CALLS4,
        calls_help: CALLS_HELP,
        entry_points: ENTRY_POINTS,
        state: Some(StateInfo {
            lengths: &[random4::STATE_LEN],
            layouts: &[],
            layout_note: "",
            summary: "624 words and mti, 2500 bytes",
            identify: Walk::twists(DEFAULT_MAX_TWISTS, MAX_TWISTS),
            identify_how: "no search: the 1998 seeding is walked back and inverted",
            diff: Walk::twists(DEFAULT_MAX_TWISTS, MAX_TWISTS),
            searches_seeds: false,
            lossy: "",
        }),
        recover: RECOVER,
        ..Info::DEFAULTS
    };

    fn seeded(seed: u64, _options: &Options) -> Random4 {
        Random4::new(seed as u32)
    }

    fn word(gen: &mut Random4) -> i32 {
        gen.raw()
    }

    fn tap(name: &str, args: &[&str], ledger: bool) -> Result<Tap, TapError> {
        ww_tap(name, args, ledger, true)
    }

    fn call(gen: &mut Random4, tap: Tap) -> (Value, u64) {
        ww_call(gen, tap, Random4::get_float)
    }

    fn entry_point(tap: Tap) -> usize {
        ww_entry_point(tap)
    }

    fn fixed_words(tap: Tap) -> Option<u64> {
        ww_fixed_words(tap)
    }

    fn discard(gen: &mut Random4, words: u64) {
        gen.discard(words);
    }

    #[cfg(feature = "alloc")]
    fn save(gen: &Random4, _layout: Option<&str>, _lossy: bool) -> Saved {
        Ok(random4::encode_state(gen).to_vec())
    }

    fn load(bytes: &[u8], _layout: Option<&str>) -> Loaded<Random4> {
        random4::decode_state(bytes)
            .map(|r| (r, None))
            .map_err(|e| {
                let kind = match e {
                    random4::StateError::Length(len) => StateKind::Length { len },
                    random4::StateError::Mti(_) => StateKind::Field,
                };
                StateError::new(kind, e)
            })
    }

    #[cfg(feature = "alloc")]
    fn identify(state: &Random4, bound: u64, stop: &dyn Fn() -> bool) -> Walked {
        random4::identify_until(state, bound, stop).map(Identified::Found)
    }

    /// `seed`, `words_drawn`, `mti`, and `also_seed: 0` for seed 4375
    /// (`Random4Class(0)` is seed 4375's stream: the original's typo).
    #[cfg(feature = "alloc")]
    fn identified(state: &Random4, id: Identification, _options: &Options) -> Reported {
        let mut fields = alloc::vec![
            ("seed", Field::U64(id.seed)),
            ("words_drawn", Field::U64(id.words_drawn)),
            ("mti", state.mti().into()),
        ];
        if id.seed == u64::from(random4::ZERO_SEED) {
            fields.push(("also_seed", Field::U64(0)));
        }
        Ok(fields)
    }

    fn words_between(a: &Random4, b: &Random4, bound: u64) -> Result<u64, DiffError> {
        crate::mt19937::words_between(a.mt(), b.mt(), bound)
    }

    #[cfg(feature = "alloc")]
    fn position_fields(r: &Random4) -> Fields {
        alloc::vec![("mti", r.mti().into())]
    }

    #[cfg(feature = "alloc")]
    fn describe(r: &Random4, _layout: Option<&'static str>) -> Fields {
        alloc::vec![
            ("class", Field::Str("Random4Class")),
            ("mti", r.mti().into()),
            ("first_word", Field::Hex32(r.state()[0])),
            ("last_word", Field::Hex32(r.state()[623])),
        ]
    }

    #[cfg(feature = "alloc")]
    fn recover(tap: Tap, values: &[&str], max_offset: Option<u64>, _: &Options) -> Recovered {
        super::recover_classes::query::<Random4>(tap, values, max_offset.unwrap_or(0))
    }
}

crate::engine::rand::rand_core_impls!(Random2, u32 | g | g.raw() as u32, |s| Random2::new(s));
// RandomClass's draws are 15 bits; rand_core gets the LCG's whole 32-bit
// state after each step (the word the draw's bits are taken from), one
// draw per word.
crate::engine::rand::rand_core_impls!(
    RandomLcg,
    u32 | g | {
        g.raw();
        g.seed()
    },
    |s| RandomLcg::new(s)
);
crate::engine::rand::rand_core_impls!(Random3, u32 | g | g.raw() as u32, |s| Random3::new(s));
crate::engine::rand::rand_core_impls!(Random4, u32 | g | g.raw() as u32, |s| Random4::new(s));
