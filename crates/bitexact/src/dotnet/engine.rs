//! `System.Random` in the engine contract ([`crate::engine`]): `Next`,
//! `NextDouble` and `NextBytes` as taps ([`Tap`], `tap.rs`); seeds are C#
//! `int`s
//! (searched as their 32-bit patterns, so a stream is found at both `s` and
//! `−s`); 232-byte state files; identification walks back to the seeding
//! cursors and undoes the seeding (no search); the seed search is
//! [`super::recover`].

use super::tap::Tap;
use super::{Random, DEFAULT_MAX_WORDS, MBIG, STATE_LEN};
use crate::engine::reversible::{self, Reversible};
use crate::engine::tap::Taps;
use crate::engine::{
    DiffError, Engine, IdentifyInfo, Info, Loaded, Options, RecoverInfo, SeedKind, StateError,
    StateInfo, StateKind, Unit, Value, Walk,
};
#[cfg(feature = "alloc")]
use crate::engine::{
    Field, Fields, Identification, Identified, NotReachable, Reason, Recovered, Reported, Saved,
    Walked,
};

/// .NET's `System.Random` as an [`Engine`].
#[derive(Clone, Copy, Debug)]
pub struct Dotnet;

impl crate::engine::Sealed for Dotnet {}

/// The walk back's ceiling: 10^8 words (about 6 s).
pub const MAX_WORDS: u64 = 100_000_000;

impl Engine for Dotnet {
    type Gen = Random;
    type Tap = Tap;
    type Word = i32;

    const CHECKS: &'static [crate::engine::Check] = super::selftest::CHECKS;
    const INFO: Info = Info {
        name: "dotnet",
        title: "System.Random",
        about: ".NET's seeded System.Random (Knuth's subtractive generator, Microsoft's)",
        family_about: ".NET's seeded System.Random (XNA / MonoGame / FNA games, Terraria, Unity \
                       scripts): Next, Next(max), Next(min, max), NextDouble, NextBytes",
        seeding: "`new Random(seed)` (seeds s and -s give one stream)",
        raw: "`Next()`: one draw, 0..=2147483646",
        seed: SeedKind::I32,
        taps: Tap::TABLE,
        state: Some(StateInfo {
            lengths: &[STATE_LEN],
            layouts: &[],
            layout_note: "",
            summary: "SeedArray's 56 ints, inext, inextp, little-endian, 232 bytes",
            identify: Some(IdentifyInfo {
                walk: Walk::draws(DEFAULT_MAX_WORDS, MAX_WORDS),
                how: "Walk the draws back to the seeding cursors and undo the seeding, no \
                      search: prints seed (and the negated seed: one stream), words_drawn",
                searches_seeds: false,
            }),
            diff: Some(Walk::draws(DEFAULT_MAX_WORDS, MAX_WORDS)),
            lossy: "",
        }),
        recover: Some(RecoverInfo {
            note: "seeds are searched as 32-bit patterns (--seed-range 0..4294967296), so each stream is found twice, \
                   at S and at -S, and printed as C# ints (JSON: seed, the pattern, and int_seed)",
            needs_range: false,
            offset_note: "",
        }),
        ..Info::DEFAULTS
    };

    const FINDABLE: bool = true;

    /// `SeedArray[0]` zero, every other entry in `-1..=int.MaxValue` (what
    /// seeding and draws write), the cursors 21 apart (mod 55) or the
    /// seeding's `(0, 21)`, the entries a generator's
    /// (`codec::words_look_random`).
    fn find_filter(window: &[u8], _layout: Option<&str>) -> bool {
        use crate::engine::codec::{word_at, words_look_random};
        if window.len() != STATE_LEN || word_at(window, 0) != 0 {
            return false;
        }
        let (i, p) = (word_at(window, 224) as i32, word_at(window, 228) as i32);
        let cursors = (i, p) == (0, super::INEXTP_START)
            || ((1..=55).contains(&i)
                && (1..=55).contains(&p)
                && (p - i).rem_euclid(55) == super::INEXTP_START);
        cursors
            && (1..56).all(|k| word_at(window, 4 * k) as i32 >= -1)
            && words_look_random(&window[4..224])
    }

    fn outcomes(tap: Tap) -> Option<f64> {
        Some(match tap {
            Tap::Next | Tap::Double => f64::from(MBIG),
            Tap::Max(max) => f64::from(max.max(1)),
            Tap::Range(min, max) => ((i64::from(max) - i64::from(min)).max(1)) as f64,
            Tap::Bytes => 256.0,
        })
    }

    fn seeded(seed: u64, _options: &Options) -> Random {
        Random::new(seed as u32 as i32)
    }

    /// `Next()`.
    fn word(gen: &mut Random) -> i32 {
        gen.word()
    }

    fn call(gen: &mut Random, tap: Tap) -> (Value, u64) {
        let v = match tap {
            Tap::Next => Value::I32(gen.next()),
            // Checked when parsed: max >= 0, min <= max.
            Tap::Max(max) => Value::I32(gen.next_max(max).unwrap_or(0)),
            Tap::Range(min, max) => Value::I32(gen.next_range(min, max).unwrap_or(min)),
            Tap::Double => Value::F64(gen.next_double()),
            Tap::Bytes => {
                let mut b = [0u8];
                gen.next_bytes(&mut b);
                Value::U32(b[0].into())
            }
        };
        (v, tap.words())
    }

    fn fixed_words(tap: Tap) -> Option<u64> {
        Some(tap.words())
    }

    fn discard(gen: &mut Random, words: u64) {
        gen.discard(words);
    }

    #[cfg(feature = "alloc")]
    fn save(gen: &Random, _layout: Option<&str>, _lossy: bool) -> Saved {
        Ok(gen.encode().to_vec())
    }

    fn load(bytes: &[u8], _layout: Option<&str>) -> Loaded<Random> {
        Random::decode(bytes).map(|g| (g, None)).map_err(|e| {
            let kind = match e {
                super::StateError::Length { len } => StateKind::Length { len },
                super::StateError::Cursor { .. } => StateKind::Field,
            };
            StateError::new(kind, e)
        })
    }

    #[cfg(feature = "alloc")]
    fn identify(state: &Random, bound: u64, stop: &dyn Fn() -> bool) -> Walked {
        let (i, p) = state.cursors();
        let seeding = (i, p) == (0, super::INEXTP_START);
        if !seeding && (i == 0 || (p - i).rem_euclid(55) != super::INEXTP_START) {
            return Err(NotReachable::new(
                Reason::IrregularCursors {
                    index1: i as usize,
                    index2: p as usize,
                },
                format_args!(
                    "inext {i} and inextp {p}: every draw moves both by one, so inextp stays 21 \
                     after inext (mod 55) and no seeding leads here"
                ),
            ));
        }
        reversible::identify(state, bound, Unit::Draws, stop).map(Identified::Found)
    }

    #[cfg(feature = "alloc")]
    fn identified(_state: &Random, id: Identification, _options: &Options) -> Reported {
        let s = id.seed as i64;
        let mut fields = alloc::vec![("seed", Field::U64(id.seed))];
        if s > 0 {
            fields.push(("negated_seed", Field::I64(-s)));
        }
        if s == i64::from(MBIG) {
            fields.push(("min_value_seed", Field::I64(i32::MIN.into())));
        }
        fields.push(("words_drawn", Field::U64(id.words_drawn)));
        Ok(fields)
    }

    fn words_between(a: &Random, b: &Random, bound: u64) -> Result<u64, DiffError> {
        reversible::words_between(a, b, bound, Unit::Draws)
    }

    #[cfg(feature = "alloc")]
    fn describe(state: &Random, _layout: Option<&'static str>) -> Fields {
        let (i, p) = state.cursors();
        alloc::vec![
            ("inext", Field::I64(i.into())),
            ("inextp", Field::I64(p.into())),
        ]
    }

    #[cfg(feature = "alloc")]
    fn recover(tap: Tap, values: &[&str], max_offset: Option<u64>, _: &Options) -> Recovered {
        super::recover::query(tap, values, max_offset.unwrap_or(0))
    }
}

/// The walk back ([`crate::engine::reversible`]). A draw overwrites
/// `SeedArray[inext]` with a folded difference: the value it overwrote is
/// one of up to three preimages, kept when it lies in `-1..=int.MaxValue`
/// (what seeding and draws write). The seeding cursors `(0, 21)` share
/// their array with `(55, 21)`, 55 draws on: both are checked for seeding.
impl Reversible for Random {
    fn seeded(seed: u64) -> Random {
        Random::new(seed as u32 as i32)
    }

    fn step(&mut self) {
        self.word();
    }

    fn unstep(&mut self, others: &mut dyn FnMut(Random)) -> bool {
        let (i, p) = (self.inext, self.inextp);
        if i == 0 {
            return false;
        }
        let (iu, pu) = (i as usize, p as usize);
        let pre =
            super::seeding::preimages(self.seed_array[iu], self.seed_array[pu], true, -1, MBIG);
        let Some((&first, rest)) = pre.as_slice().split_first() else {
            return false;
        };
        let back = |c: i32| if c == 1 { 55 } else { c - 1 };
        (self.inext, self.inextp) = (back(i), back(p));
        for &x in rest {
            let mut other = *self;
            other.seed_array[iu] = x;
            others(other);
        }
        self.seed_array[iu] = first;
        true
    }

    fn seed_of(&self) -> reversible::SeedOf {
        if self.cursors() != (0, 21) && self.cursors() != (55, 21) {
            return reversible::SeedOf::No;
        }
        match super::seed_of_array(self.seed_array()) {
            super::SeedOf::Seed(s) => reversible::SeedOf::Seed(u64::from(s as u32)),
            super::SeedOf::No => reversible::SeedOf::No,
            super::SeedOf::Unsure => reversible::SeedOf::Unsure,
        }
    }
}
