//! `Random4Class` in the engine contract: 2500-byte states, walked back.

use super::calls::{self, Tap, FAMILY_ABOUT};
use crate::engine::tap::Taps;
use crate::engine::{
    snapshot, DiffError, Engine, IdentifyInfo, Info, Loaded, Options, RecoverInfo, StateError,
    StateInfo, StateKind, TapError, Value, Walk,
};
#[cfg(feature = "alloc")]
use crate::engine::{
    Field, Fields, Identification, Identified, Recovered, Reported, Saved, Walked,
};
use crate::westwood::random4::{self, Random4};

pub use crate::westwood::random4::{DEFAULT_MAX_TWISTS, MAX_TWISTS};

/// `Random4Class`: MT19937 with the 1998 seeding.
#[derive(Clone, Copy, Debug)]
pub struct Random4Class;

impl crate::engine::Sealed for Random4Class {}

impl Engine for Random4Class {
    type Gen = Random4;
    type Tap = Tap;
    type Word = i32;

    const CHECKS: &'static [crate::engine::Check] = crate::westwood::selftest_random4::CHECKS;
    const INFO: Info = Info {
        name: "westwood",
        class: Some("random4"),
        default_class: false,
        title: "Random4Class",
        about: "MT19937 with the 1998 seeding (0 becomes 4375)",
        seeding: "A new `Random4Class(seed)` (the original's default seed is 4357; seed 0 \
                  becomes 4375, the original's typo)",
        raw: "The tempered word as a signed int (the first draw twists)",
        family_about: FAMILY_ABOUT,
        taps: Tap::TABLE,
        state: Some(StateInfo {
            lengths: &[random4::STATE_LEN],
            layouts: &[],
            layout_note: "",
            summary: "624 words and mti, 2500 bytes",
            identify: Some(IdentifyInfo {
                walk: Walk::twists(DEFAULT_MAX_TWISTS, MAX_TWISTS),
                how: "no search: the 1998 seeding is walked back and inverted",
                searches_seeds: false,
            }),
            diff: Some(Walk::twists(DEFAULT_MAX_TWISTS, MAX_TWISTS)),
            lossy: "",
        }),
        recover: Some(RecoverInfo {
            note: "624 or more raw values need no search",
            needs_range: false,
            offset_note: "with 624 or more raw values, 62400000: the 100 000 twists `state \
                          identify` walks",
        }),
        ..Info::DEFAULTS
    };

    const FINDABLE: bool = true;

    /// `mti` in `0..=624` and the words a generator's
    /// (`codec::mt_block_plausible`).
    fn find_filter(window: &[u8], _layout: Option<&str>) -> bool {
        crate::engine::codec::mt_block_plausible(window)
    }

    fn outcomes(tap: Tap) -> Option<f64> {
        calls::outcomes(tap)
    }

    fn seeded(seed: u64, _options: &Options) -> Random4 {
        Random4::new(seed as u32)
    }

    fn word(gen: &mut Random4) -> i32 {
        gen.raw()
    }

    fn tap(name: &str, args: &[&str], ledger: bool) -> Result<Tap, TapError> {
        calls::tap(name, args, ledger, Tap::TABLE)
    }

    fn call(gen: &mut Random4, tap: Tap) -> (Value, u64) {
        calls::call(gen, tap, Random4::get_float)
    }

    fn fixed_words(tap: Tap) -> Option<u64> {
        calls::fixed_words(tap)
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

    /// The state file and the draw counter (`position`, 8 bytes
    /// little-endian).
    #[cfg(feature = "alloc")]
    fn snapshot(gen: &Random4) -> Saved {
        let mut b = Self::save(gen, None, false)?;
        b.extend_from_slice(&gen.position().to_le_bytes());
        Ok(b)
    }

    /// A snapshot without its counter counts from 0.
    fn restore(bytes: &[u8]) -> Result<Random4, StateError> {
        let (state, position) = snapshot::split_position(bytes, random4::STATE_LEN)?;
        let (mut r, _) = Self::load(state, None)?;
        if let Some(p) = position {
            r.set_position(p);
        }
        Ok(r)
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
        if matches!(tap, Tap::Raw) && values.len() >= crate::mt19937::N {
            return random4::outputs_query(values, max_offset);
        }
        crate::westwood::recover_classes::query::<Random4>(tap, values, max_offset.unwrap_or(0))
    }
}

crate::engine::rand::rand_core_impls!(Random4, u32 | g | g.raw() as u32, |s| Random4::new(s));
