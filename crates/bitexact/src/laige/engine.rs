//! laige in the engine contract ([`crate::engine`]): `next_u64`,
//! `next_range` and `next_float01` as taps ([`Tap`], `tap.rs`); 24-byte state
//! files; identification walks the
//! state back (no search); the seed search is [`super::recover`] over a
//! given range of 64-bit seeds.

use super::tap::Tap;
use super::{Prng, DEFAULT_MAX_DRAWS, STATE_LEN};
use crate::engine::tap::Taps;
use crate::engine::{
    DiffError, Engine, IdentifyInfo, Info, Limits, Loaded, Opt, Options, RecoverInfo, SeedKind,
    StateError, StateInfo, StateKind, Unit, Value, Walk,
};
#[cfg(feature = "alloc")]
use crate::engine::{
    Field, Fields, Identification, Identified, NotReachable, Reason, Recovered, Reported, Saved,
    Walked,
};

/// The laige `Prng` as an [`Engine`].
#[derive(Clone, Copy, Debug)]
pub struct Laige;

impl crate::engine::Sealed for Laige {}

/// `identify`'s and `diff`'s ceiling: 2·10^9 draws, about 10 s.
pub const MAX_DRAWS: u64 = 2_000_000_000;

impl Engine for Laige {
    type Gen = Prng;
    type Tap = Tap;
    type Word = u64;

    const CHECKS: &'static [crate::engine::Check] = super::selftest::CHECKS;
    const INFO: Info = Info {
        name: "laige",
        title: "laige Prng",
        about: "xorshift128+ seeded by splitmix64, with substreams",
        family_about: "The laige engine: xorshift128+ with splitmix64 seeding and substreams",
        seeding: "A new stream seeded with `seed` (splitmix64 of seed + K and seed + 2K)",
        raw: "The next 64-bit output (part2 + old part2 after the xorshift step)",
        seed: SeedKind::U64,
        options: &[Opt::Substream],
        taps: Tap::TABLE,
        // A discard is a jump ahead (a GF(2) polynomial), instant for any
        // count.
        limits: Limits {
            jumps: true,
            ..Limits::DEFAULTS
        },
        state: Some(StateInfo {
            lengths: &[STATE_LEN],
            layouts: &[],
            layout_note: "",
            summary: "24 bytes: seed, part1, part2 as little-endian u64",
            identify: Some(IdentifyInfo {
                walk: Walk::draws(DEFAULT_MAX_DRAWS, MAX_DRAWS),
                how: "Walk the state back to its seeding state, no search: prints seed, \
                      words_drawn (and substream, given a master seed)",
                searches_seeds: false,
            }),
            diff: Some(Walk::draws(DEFAULT_MAX_DRAWS, MAX_DRAWS)),
            lossy: "",
        }),
        recover: Some(RecoverInfo {
            note: "seeds are 64-bit, so a seed range is required",
            needs_range: true,
            offset_note: "",
        }),
        ..Info::DEFAULTS
    };

    fn outcomes(tap: Tap) -> Option<f64> {
        match tap {
            Tap::U64 => Some(18_446_744_073_709_551_616.0),
            Tap::Range(lo, hi) => Some(f64::from(hi.saturating_sub(lo).max(1))),
            Tap::Float01 => None,
        }
    }

    fn seeded(seed: u64, options: &Options) -> Prng {
        Prng::derive_substream(seed, options.substream.unwrap_or(0))
    }

    fn word(gen: &mut Prng) -> u64 {
        gen.next_u64()
    }

    fn fill(gen: &mut Prng, out: &mut [u64]) {
        gen.fill(out);
    }

    fn call(gen: &mut Prng, tap: Tap) -> (Value, u64) {
        match tap {
            Tap::U64 => (Value::U64(gen.next_u64()), 1),
            Tap::Float01 => (Value::F32(gen.next_float01()), 1),
            // Checked when parsed: min < max. 1 draw, or more when it
            // rejects (each rejection has probability below 2^-32): counted
            // by walking from the state before.
            Tap::Range(min, max) => {
                let start = *gen;
                let v = Value::U32(gen.next_range(min, max).unwrap_or(min));
                (v, super::words_between(&start, gen, 4096).unwrap_or(1))
            }
        }
    }

    fn fixed_words(tap: Tap) -> Option<u64> {
        match tap {
            Tap::U64 | Tap::Float01 => Some(1),
            Tap::Range(..) => None,
        }
    }

    fn discard(gen: &mut Prng, words: u64) {
        gen.jump(words.into());
    }

    #[cfg(feature = "alloc")]
    fn save(gen: &Prng, _layout: Option<&str>, _lossy: bool) -> Saved {
        Ok(super::encode_state(gen).to_vec())
    }

    fn load(bytes: &[u8], _layout: Option<&str>) -> Loaded<Prng> {
        super::decode_state(bytes).map(|p| (p, None)).map_err(|e| {
            let kind = match e {
                super::StateError::WrongLength { len } => StateKind::Length { len },
                super::StateError::ZeroState => StateKind::Field,
            };
            StateError::new(kind, e)
        })
    }

    #[cfg(feature = "alloc")]
    fn identify(state: &Prng, bound: u64, stop: &dyn Fn() -> bool) -> Walked {
        super::identify_until(state.state_part1(), state.state_part2(), bound, stop)
            .map(Identified::Found)
    }

    #[cfg(feature = "alloc")]
    fn identified(state: &Prng, id: Identification, options: &Options) -> Reported {
        if id.seed != state.seed() {
            return Err(NotReachable::new(
                Reason::SeedField {
                    seed: id.seed,
                    words_drawn: id.words_drawn,
                    field: state.seed(),
                },
                format_args!(
                    "the state was seeded with {} ({} draws ago), but the file's seed field says {}",
                    id.seed,
                    id.words_drawn,
                    state.seed()
                ),
            ));
        }
        let mut fields = alloc::vec![
            ("seed", Field::U64(id.seed)),
            ("words_drawn", Field::U64(id.words_drawn)),
        ];
        if let Some(master) = options.master {
            let sub = super::substream_id(master, id.seed).map_err(|e| {
                NotReachable::new(
                    Reason::NotASubstream { id: e.id },
                    format_args!("master seed {master}: {e}"),
                )
            })?;
            fields.push(("substream", sub.into()));
        }
        Ok(fields)
    }

    fn words_between(a: &Prng, b: &Prng, bound: u64) -> Result<u64, DiffError> {
        let words = super::words_between(a, b, bound)?;
        if a.seed() != b.seed() {
            return Err(DiffError::FieldDiffers {
                field: "the seed fields",
                of: "Prng",
                a: a.seed(),
                b: b.seed(),
                words,
                unit: Unit::Draws,
            });
        }
        Ok(words)
    }

    #[cfg(feature = "alloc")]
    fn describe(state: &Prng, _layout: Option<&'static str>) -> Fields {
        alloc::vec![
            ("seed", Field::U64(state.seed())),
            ("part1", Field::Hex64(state.state_part1())),
            ("part2", Field::Hex64(state.state_part2())),
        ]
    }

    #[cfg(feature = "alloc")]
    fn recover(tap: Tap, values: &[&str], max_offset: Option<u64>, _: &Options) -> Recovered {
        super::recover::query(tap, values, max_offset.unwrap_or(0))
    }
}

crate::engine::rand::rand_core_impls!(Prng, u64 | g | g.next_u64(), |s| Prng::new(s));
