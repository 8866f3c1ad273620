//! Sword of the Stars in the engine contract ([`crate::engine`]): the taps
//! are the Mars entry points ([`Call`]), the state is the save's `RNG` item,
//! identification walks the block back (no search), and the seed search is
//! [`super::recover`].

use super::calls::Call;
use super::{Rng, DEFAULT_MAX_TWISTS, ITEM_LEN, ITEM_LEN_PADDED};
use crate::engine::tap::Taps;
use crate::engine::{
    snapshot, DiffError, Engine, IdentifyInfo, Info, Loaded, Opt, Options, RecoverInfo, StateError,
    StateInfo, StateKind, Unit, Value, Walk,
};
#[cfg(feature = "alloc")]
use crate::engine::{
    Field, Fields, Identification, Identified, Recovered, Reported, Saved, Walked,
};
use crate::x87::UnknownPrecision;

/// The Mars generator as an [`Engine`].
#[derive(Clone, Copy, Debug)]
pub struct Sots;

impl crate::engine::Sealed for Sots {}

/// `identify`'s and `diff`'s ceiling: 16 million twists, about 16 s.
pub const MAX_TWISTS: u64 = 16_000_000;

impl Engine for Sots {
    type Gen = Rng;
    type Tap = Call;
    type Word = u32;

    const CHECKS: &'static [crate::engine::Check] = super::selftest::CHECKS;
    const INFO: Info = Info {
        name: "sots",
        title: "Sword of the Stars \"Mars\" MT19937",
        about: "MT19937 (Knuth seeding, then one twist) with the seven Mars entry points",
        family_about: "Sword of the Stars \"Mars\": MT19937 and its draw mappings",
        seeding: "A new generator seeded with `seed` (Knuth's init_genrand; the first draw \
                  twists), precision pc53; `left` is 624 and no word is drawn",
        raw: "The next tempered word",
        unit: Unit::Words,
        options: &[Opt::Precision],
        taps: Call::TABLE,
        state: Some(StateInfo {
            lengths: &[ITEM_LEN, ITEM_LEN_PADDED],
            layouts: &[],
            layout_note: "",
            summary: "the save's RNG item: 624 words and left, 2500 bytes",
            identify: Some(IdentifyInfo {
                walk: Walk::twists(DEFAULT_MAX_TWISTS, MAX_TWISTS),
                how: "Walk the 624 words back to Knuth's initializer, no search: prints seed, \
                      twists (further twists after seeding), left, words_drawn",
                searches_seeds: false,
            }),
            diff: Some(Walk::twists(DEFAULT_MAX_TWISTS, MAX_TWISTS)),
            lossy: "",
        }),
        recover: Some(RecoverInfo {
            note: "624 or more u32 values need no search",
            needs_range: false,
            offset_note:
                "; with 624 or more u32 values, 62400000: the 100 000 twists `state identify` walks",
        }),
        ..Info::DEFAULTS
    };

    const FINDABLE: bool = true;

    /// The item's `left` in `0..=624` and its words a generator's
    /// (`codec::mt_block_plausible`).
    fn find_filter(window: &[u8], _layout: Option<&str>) -> bool {
        crate::engine::codec::mt_block_plausible(window)
    }

    fn caveat(tap: Call) -> Option<&'static str> {
        match tap {
            Call::IntRangeBell(lo, hi) if lo > hi => Some(
                "bell with LO above HI is kept as the game computes it (no swap, no error): its \
                 halves reach the draws as huge unsigned bounds, so values fall far outside \
                 HI..=LO",
            ),
            _ => None,
        }
    }

    fn outcomes(tap: Call) -> Option<f64> {
        match tap {
            Call::U32 => Some(4_294_967_296.0),
            Call::IntInclusive(n) => Some(f64::from(n) + 1.0),
            _ => None,
        }
    }

    fn seeded(seed: u64, options: &Options) -> Rng {
        Rng::with_precision(seed as u32, options.precision)
    }

    fn word(gen: &mut Rng) -> u32 {
        gen.next_u32()
    }

    fn fill(gen: &mut Rng, out: &mut [u32]) {
        gen.fill_u32(out);
    }

    fn call(gen: &mut Rng, call: Call) -> (Value, u64) {
        let before = gen.position();
        let value = match call {
            Call::U32 => Value::U32(gen.next_u32()),
            Call::Unit => Value::F64(gen.next_unit()),
            Call::Float => Value::F32(gen.next_float()),
            Call::IntInclusive(n) => Value::U32(gen.next_int_inclusive(n)),
            Call::Chance(p) => Value::Bool(gen.chance(p)),
            Call::FloatRange(lo, hi) => Value::F32(gen.float_range(lo, hi)),
            Call::IntRangeBell(lo, hi) => Value::I32(gen.int_range_bell(lo, hi)),
            // Not modelled: its words are spent (2 per attempt).
            Call::TruncatedNormal(k) => {
                gen.discard(2 * u64::from(k.get()));
                Value::Unmodelled
            }
        };
        (value, gen.position() - before)
    }

    fn fixed_words(call: Call) -> Option<u64> {
        call.fixed_words()
    }

    fn discard(gen: &mut Rng, words: u64) {
        gen.discard(words);
    }

    #[cfg(feature = "alloc")]
    fn save(gen: &Rng, _layout: Option<&str>, _lossy: bool) -> Saved {
        Ok(gen.save_state().to_vec())
    }

    fn load(bytes: &[u8], _layout: Option<&str>) -> Loaded<Rng> {
        Rng::load_state(bytes).map(|r| (r, None)).map_err(|e| {
            let kind = match e {
                super::ItemError::WrongLength { len } => StateKind::Length { len },
                super::ItemError::LeftOutOfRange { .. } => StateKind::Field,
            };
            StateError::new(kind, e)
        })
    }

    fn set_options(gen: &mut Rng, options: &Options) {
        gen.set_precision(options.precision);
    }

    /// The item, the precision's name and the word counter (`position`, 8
    /// bytes little-endian).
    #[cfg(feature = "alloc")]
    fn snapshot(gen: &Rng) -> Saved {
        let mut b = gen.save_state().to_vec();
        b.extend_from_slice(gen.precision().name().as_bytes());
        b.extend_from_slice(&gen.position().to_le_bytes());
        Ok(b)
    }

    /// A snapshot without its counter (one from before counters were
    /// kept) counts from the start of its block.
    fn restore(bytes: &[u8]) -> Result<Rng, StateError> {
        let (item, rest) = bytes.split_at(bytes.len().min(ITEM_LEN));
        let (precision, position) = snapshot::split_position(rest, 4)?;
        let (mut r, _) = Self::load(item, None)?;
        let precision = core::str::from_utf8(precision)
            .ok()
            .and_then(|p| p.parse().ok())
            .ok_or_else(|| StateError::new(StateKind::Field, UnknownPrecision))?;
        r.set_precision(precision);
        if let Some(p) = position {
            if !r.set_position(p) {
                return Err(snapshot::counter_not_shown(Self::INFO.title));
            }
        }
        Ok(r)
    }

    #[cfg(feature = "alloc")]
    fn identify(state: &Rng, bound: u64, stop: &dyn Fn() -> bool) -> Walked {
        super::identify_until(state.mt(), bound, stop).map(Identified::Found)
    }

    #[cfg(feature = "alloc")]
    fn identified(state: &Rng, id: Identification, _options: &Options) -> Reported {
        let left = state.left();
        let twists = super::twists_of(id.words_drawn, left);
        Ok(alloc::vec![
            ("seed", Field::U64(id.seed)),
            ("twists", Field::U64(twists)),
            ("left", left.into()),
            ("words_drawn", Field::U64(id.words_drawn)),
        ])
    }

    fn words_between(a: &Rng, b: &Rng, bound: u64) -> Result<u64, DiffError> {
        super::words_between(a.mt(), b.mt(), bound)
    }

    #[cfg(feature = "alloc")]
    fn describe(state: &Rng, _layout: Option<&'static str>) -> Fields {
        let words = state.state();
        alloc::vec![
            ("left", state.left().into()),
            ("index", (crate::mt19937::N as u32 - state.left()).into()),
            ("first_word", Field::Hex32(words[0])),
            ("last_word", Field::Hex32(words[crate::mt19937::N - 1])),
        ]
    }

    #[cfg(feature = "alloc")]
    fn recover(tap: Call, values: &[&str], max_offset: Option<u64>, o: &Options) -> Recovered {
        super::recover::query(tap, values, max_offset, o.precision)
    }

    #[cfg(feature = "alloc")]
    fn position_fields(gen: &Rng) -> Fields {
        alloc::vec![("left", gen.left().into())]
    }

    #[cfg(feature = "alloc")]
    fn ledger_fields(gen: &Rng) -> Fields {
        Self::position_fields(gen)
    }
}

crate::engine::rand::rand_core_impls!(Rng, u32 | g | g.next_u32(), |s| Rng::new(s));
crate::engine::rand::rand_core_impls!(crate::mt19937::Mt19937, u32 | g | g.next_u32(), |s| {
    crate::mt19937::Mt19937::new(s)
});
