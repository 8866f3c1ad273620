//! `Random2Class` in the engine contract: its TS and RA2 state files and
//! its identification by seed search.

use super::calls::{self, Tap, FAMILY_ABOUT, RECOVER, TAPS};
use crate::engine::{
    snapshot, DiffError, Engine, Game, IdentifyInfo, Info, LayoutInfo, Loaded, Options, StateError,
    StateInfo, StateKind, TapError, Unit, Value, Walk, MAX_WORK,
};
#[cfg(feature = "alloc")]
use crate::engine::{
    Field, Fields, Identification, Identified, NotReachable, Reason, Recovered, Reported, Saved,
    Walked,
};
use crate::westwood::{Layout, Random2};

/// Random2Class `identify`'s ceiling: the walk keeps 16 bytes per 250
/// draws, so 10^9 draws is 64 MB.
pub const MAX_IDENTIFY_DRAWS: u64 = 1_000_000_000;

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

/// `Random2Class`: the TS / RA2 / YR randomizer, with its state files.
#[derive(Clone, Copy, Debug)]
pub struct Random2Class;

impl crate::engine::Sealed for Random2Class {}

impl Engine for Random2Class {
    type Gen = Random2;
    type Tap = Tap;
    type Word = i32;

    #[cfg(feature = "alloc")]
    const CHECKS: &'static [crate::engine::Check] = crate::westwood::selftest::CHECKS;
    const INFO: Info = Info {
        name: "westwood",
        class: Some("random2"),
        title: "Random2Class",
        about: "the TS/RA2/YR randomizer (250-word lagged XOR seeded by Random3Class)",
        seeding: "A new `Random2Class(seed)`: the table filled by Random3Class(seed, 0), \
                  cursors 0 and 103, flag clear",
        raw: "One raw draw, read as the games read it (signed); with the disabled flag set it \
              is 0 and only the position moves",
        family_about: FAMILY_ABOUT,
        taps: TAPS,
        state: Some(StateInfo {
            lengths: &[crate::westwood::TS_LEN, crate::westwood::RA2_LEN],
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
            identify: Some(IdentifyInfo {
                walk: Walk::draws(crate::westwood::DEFAULT_MAX_DRAWS, MAX_IDENTIFY_DRAWS),
                how: "Walk the table back to every possible seeding point, then search the \
                      seeds on every core: prints seed, words_drawn",
                searches_seeds: true,
            }),
            diff: Some(Walk::draws(crate::westwood::DEFAULT_MAX_DRAWS, MAX_WORK)),
            lossy: "it is written enabled (the stream then moves on its next draw)",
        }),
        recover: RECOVER,
        games: &[
            Game {
                alias: "ts",
                title: "Tiberian Sun",
                layout: Some("ts"),
            },
            Game {
                alias: "ra2",
                title: "Red Alert 2",
                layout: Some("ra2"),
            },
            Game {
                alias: "yr",
                title: "Yuri's Revenge",
                layout: Some("ra2"),
            },
        ],
        ..Info::DEFAULTS
    };

    const FINDABLE: bool = true;

    /// The cursors in `0..250` and 103 apart (RA2: the flag byte 0 or 1),
    /// the table's words a generator's (`codec::words_look_random`).
    fn find_filter(window: &[u8], layout: Option<&str>) -> bool {
        use crate::engine::codec::{word_at, words_look_random};
        let body = match (layout, window.len()) {
            (Some("ts"), crate::westwood::TS_LEN) => window,
            (Some("ra2"), crate::westwood::RA2_LEN) if window[0] <= 1 => &window[4..],
            _ => return false,
        };
        let (i1, i2) = (word_at(body, 0), word_at(body, 4));
        i1 < 250 && i2 == (i1 + 103) % 250 && words_look_random(&body[8..])
    }

    fn outcomes(tap: Tap) -> Option<f64> {
        calls::outcomes(tap)
    }

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
        calls::tap(name, args, ledger, TAPS)
    }

    fn call(gen: &mut Random2, tap: Tap) -> (Value, u64) {
        calls::call(gen, tap, |_| 0.0)
    }

    fn fixed_words(tap: Tap) -> Option<u64> {
        calls::fixed_words(tap)
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
                    crate::westwood::DecodeError::WrongLength { len, .. } => {
                        StateKind::Length { len }
                    }
                    _ => StateKind::Field,
                };
                StateError::new(kind, e)
            })
    }

    /// The RA2 layout, which keeps the disabled flag, and the draw counter
    /// (`position`, 8 bytes little-endian).
    #[cfg(feature = "alloc")]
    fn snapshot(gen: &Random2) -> Saved {
        let mut b = Self::save(gen, Some("ra2"), false)?;
        b.extend_from_slice(&gen.position().to_le_bytes());
        Ok(b)
    }

    /// A snapshot without its counter counts from 0.
    fn restore(bytes: &[u8]) -> Result<Random2, StateError> {
        let (state, position) = snapshot::split_position(bytes, crate::westwood::RA2_LEN)?;
        let (mut r, _) = Self::load(state, Some("ra2"))?;
        if let Some(p) = position {
            r.set_position(p);
        }
        Ok(r)
    }

    /// No draw sets the disabled flag, so a state with it set is not
    /// reachable; its table and cursors are searched with the flag clear,
    /// to say which stream it came from ([`Engine::identified`] then says
    /// not reachable, naming it).
    #[cfg(feature = "alloc")]
    fn identify(state: &Random2, bound: u64, stop: &dyn Fn() -> bool) -> Walked {
        let mut wanted = state.clone();
        wanted.set_disabled(false);
        let candidates = match crate::westwood::Candidates::new_until(&wanted, bound, stop) {
            Err(c) => return Err(crate::westwood::irregular(c)),
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
        Ok(Identified::Search(
            crate::engine::recovery::Recovery::search(IdentifySearch(candidates)),
        ))
    }

    /// One pass for several objects: their seeding points in one filter
    /// (flags cleared, as [`identify`](Engine::identify) does).
    #[cfg(feature = "alloc")]
    fn identify_together(states: &[Random2], bound: u64) -> Option<crate::engine::Together> {
        let wanted: alloc::vec::Vec<Random2> = states
            .iter()
            .map(|s| {
                let mut s = s.clone();
                s.set_disabled(false);
                s
            })
            .collect();
        let candidates = crate::westwood::Candidates::new_many(&wanted, bound).ok()?;
        let points = (0..candidates.len()).map(|i| candidates.point(i)).collect();
        Some(crate::engine::Together {
            searcher: alloc::boxed::Box::new(TogetherSearch(candidates)),
            points,
        })
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
        let words = crate::westwood::draws_between(a, b, bound)?;
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
        crate::westwood::recover::query(tap, values, max_offset.unwrap_or(0))
    }
}

/// Random2Class identification as a seed search: a hit is a seed and the
/// draws since seeding, replayed whole (table, cursors and flag).
#[cfg(feature = "alloc")]
#[derive(Debug)]
struct IdentifySearch(crate::westwood::Candidates);

#[cfg(feature = "alloc")]
impl crate::engine::recovery::Searcher for IdentifySearch {
    fn search(
        &self,
        seeds: core::ops::Range<u64>,
    ) -> alloc::vec::Vec<crate::engine::recovery::Hit> {
        self.0
            .search(seeds)
            .map(|id| crate::engine::recovery::Hit {
                seed: id.seed,
                offset: id.words_drawn,
            })
            .collect()
    }
}

/// [`IdentifySearch`] for several states: a hit's `offset` is the index of
/// the point it replays to ([`crate::westwood::Candidates::point`]).
#[cfg(feature = "alloc")]
#[derive(Debug)]
struct TogetherSearch(crate::westwood::Candidates);

#[cfg(feature = "alloc")]
impl crate::engine::recovery::Searcher for TogetherSearch {
    fn search(
        &self,
        seeds: core::ops::Range<u64>,
    ) -> alloc::vec::Vec<crate::engine::recovery::Hit> {
        let mut search = self.0.search(seeds);
        core::iter::from_fn(|| search.next_point())
            .map(|(seed, i)| crate::engine::recovery::Hit {
                seed: seed.into(),
                offset: i as u64,
            })
            .collect()
    }
}

crate::engine::rand::rand_core_impls!(Random2, u32 | g | g.raw() as u32, |s| Random2::new(s));
