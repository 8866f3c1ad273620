//! C&C Generals in the engine contract ([`crate::engine`]): the raw draw,
//! `GetGameLogicRandomValue` and `GetGameLogicRandomValueReal` as taps
//! ([`Tap`], `tap.rs`); 24-byte state files; identification walks
//! the invertible step back (no search); the seed search is
//! [`super::recover`].

use super::tap::Tap;
use super::{GameRandom, DEFAULT_MAX_DRAWS, STATE_LEN};
use crate::engine::tap::Taps;
use crate::engine::{
    DiffError, Engine, Game, IdentifyInfo, Info, Limits, Loaded, Options, RecoverInfo, StateError,
    StateInfo, StateKind, Value, Walk,
};
#[cfg(feature = "alloc")]
use crate::engine::{Field, Fields, Identified, Recovered, Saved, Walked};

/// `GameLogicRandom` as an [`Engine`].
#[derive(Clone, Copy, Debug)]
pub struct Generals;

impl crate::engine::Sealed for Generals {}

/// The generator has no jump ahead: skips and saves step every draw, about
/// 1.8 ns each, so its skip bound is 2.5·10^9 draws (about 5 s).
pub const MAX_SKIP_DRAWS: u64 = 2_500_000_000;

/// `identify`'s and `diff`'s ceiling: 10^9 draws, about 5 s.
pub const MAX_DRAWS: u64 = 1_000_000_000;

impl Engine for Generals {
    type Gen = GameRandom;
    type Tap = Tap;
    type Word = u32;

    const CHECKS: &'static [crate::engine::Check] = super::selftest::CHECKS;
    const INFO: Info = Info {
        name: "generals",
        title: "GameLogicRandom",
        about: "the six-word add-with-carry generator",
        family_about:
            "C&C Generals / Zero Hour GameLogicRandom: the six-word add-with-carry generator",
        seeding: "A new stream after `init(seed)`: s[i] = seed + C[i]",
        raw: "One draw: five add-with-carry steps, the 192-bit number incremented, s0",
        taps: Tap::TABLE,
        limits: Limits {
            skip_words: MAX_SKIP_DRAWS,
            ..Limits::DEFAULTS
        },
        state: Some(StateInfo {
            lengths: &[STATE_LEN],
            layouts: &[],
            layout_note: "",
            summary: "six little-endian words, 24 bytes",
            identify: Some(IdentifyInfo {
                walk: Walk::draws(DEFAULT_MAX_DRAWS, MAX_DRAWS),
                how: "Walk the step back (it is invertible) to the form seeding leaves, no \
                      search: prints seed, words_drawn",
                searches_seeds: false,
            }),
            diff: Some(Walk::draws(DEFAULT_MAX_DRAWS, MAX_DRAWS)),
            lossy: "",
        }),
        recover: Some(RecoverInfo {
            note: "",
            needs_range: false,
            offset_note: "",
        }),
        games: &[Game {
            alias: "zh",
            title: "Zero Hour",
            layout: None,
        }],
        ..Info::DEFAULTS
    };

    fn caveat(tap: Tap) -> Option<&'static str> {
        match tap {
            Tap::Value(lo, hi) if lo > hi => Some(
                "value with LO above HI is kept as the game computes it (no error): the span \
                 HI - LO + 1 wraps as an unsigned int, so values fall outside HI..=LO",
            ),
            #[allow(clippy::neg_cmp_op_on_partial_ord)]
            Tap::Real(lo, hi) if !(hi - lo > 0.0) => {
                Some("real with HI - LO <= 0 returns HI and draws nothing, as the game does")
            }
            _ => None,
        }
    }

    /// None for every tap: nearby seeds' streams are not independent, so
    /// no chance estimate holds. Seeding adds the seed to six constants and
    /// a draw adds words, so the first raw word is a constant plus six
    /// times the seed (seed 6's is seed 5's plus 6): in a range that does
    /// not wrap, every seed gives the same first `value:1,6` (measured:
    /// three dice match 333 333 of the seeds 0..2·10^6, not the 9 259 an
    /// independent stream would, and more dice do not thin them out).
    fn outcomes(_tap: Tap) -> Option<f64> {
        None
    }

    fn seeded(seed: u64, _options: &Options) -> GameRandom {
        GameRandom::new(seed as u32)
    }

    fn word(gen: &mut GameRandom) -> u32 {
        gen.next_u32()
    }

    fn call(gen: &mut GameRandom, tap: Tap) -> (Value, u64) {
        let start = *gen;
        let v = match tap {
            Tap::Raw => Value::U32(gen.next_u32()),
            Tap::Value(lo, hi) => Value::I32(gen.value(lo, hi)),
            Tap::Real(lo, hi) => Value::F32(gen.real(lo, hi)),
        };
        // A draw always moves the state; the no-draw edges do not.
        (v, u64::from(*gen != start))
    }

    fn fixed_words(tap: Tap) -> Option<u64> {
        Some(match tap {
            Tap::Raw => 1,
            Tap::Value(lo, hi) => u64::from(hi.wrapping_sub(lo).wrapping_add(1) != 0),
            // The game's own test, `delta <= 0` (NaN draws): kept as written.
            #[allow(clippy::neg_cmp_op_on_partial_ord)]
            Tap::Real(lo, hi) => u64::from(!(hi - lo <= 0.0)),
        })
    }

    fn discard(gen: &mut GameRandom, words: u64) {
        gen.discard(words);
    }

    #[cfg(feature = "alloc")]
    fn save(gen: &GameRandom, _layout: Option<&str>, _lossy: bool) -> Saved {
        Ok(super::encode_state(gen).to_vec())
    }

    fn load(bytes: &[u8], _layout: Option<&str>) -> Loaded<GameRandom> {
        super::decode_state(bytes)
            .map(|g| (g, None))
            .map_err(|e| StateError::new(StateKind::Length { len: e.len }, e))
    }

    #[cfg(feature = "alloc")]
    fn identify(state: &GameRandom, bound: u64, stop: &dyn Fn() -> bool) -> Walked {
        super::identify_until(state.state(), bound, stop).map(Identified::Found)
    }

    fn words_between(a: &GameRandom, b: &GameRandom, bound: u64) -> Result<u64, DiffError> {
        super::draws_between(a, b, bound)
    }

    #[cfg(feature = "alloc")]
    fn describe(state: &GameRandom, _layout: Option<&'static str>) -> Fields {
        const NAMES: [&str; 6] = ["s0", "s1", "s2", "s3", "s4", "s5"];
        NAMES
            .iter()
            .zip(state.state())
            .map(|(n, w)| (*n, Field::Hex32(w)))
            .collect()
    }

    #[cfg(feature = "alloc")]
    fn recover(tap: Tap, values: &[&str], max_offset: Option<u64>, _: &Options) -> Recovered {
        super::recover::query(tap, values, max_offset.unwrap_or(0))
    }
}

crate::engine::rand::rand_core_impls!(GameRandom, u32 | g | g.next_u32(), |s| GameRandom::new(s));
