//! `System.Random` in the engine contract ([`crate::engine`]): `Next`,
//! `NextDouble` and `NextBytes` as taps (the table `TAPS`); seeds are C#
//! `int`s
//! (searched as their 32-bit patterns, so a stream is found at both `s` and
//! `−s`); 232-byte state files; identification walks back to the seeding
//! cursors and undoes the seeding (no search); the seed search is
//! [`super::recover`].

use super::{Random, DEFAULT_MAX_WORDS, MBIG, STATE_LEN};
use crate::engine::reversible::{self, Reversible};
use crate::engine::tap::{parse_i32, Args};
use crate::engine::{
    DiffError, Engine, IdentifyInfo, Info, Loaded, Options, RecoverInfo, SeedKind, StateError,
    StateInfo, StateKind, TapError, TapSpec, Unit, Value, Walk,
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

/// A `System.Random` tap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tap {
    /// `Next()`
    Next,
    /// `Next(max)`, `max ≥ 0`
    Max(i32),
    /// `Next(min, max)`, `min ≤ max`
    Range(i32, i32),
    /// `NextDouble()`
    Double,
    /// One byte of `NextBytes`
    Bytes,
}

impl Tap {
    /// What the call returns for its word(s), as an integer (`double`: the
    /// f64's bits). `second` is read only by a large-range `Next(min, max)`.
    #[inline]
    pub fn of_words(self, first: i32, second: i32) -> i64 {
        match self {
            Tap::Next => first.into(),
            Tap::Max(max) => super::of_max(first, max).into(),
            Tap::Range(min, max) => {
                let range = i64::from(max) - i64::from(min);
                if range <= i64::from(MBIG) {
                    super::of_range(first, min, range).into()
                } else {
                    super::of_large_range(first, second, min, range).into()
                }
            }
            Tap::Double => super::sample(first).to_bits() as i64,
            Tap::Bytes => super::byte_of(first).into(),
        }
    }

    /// The words one call spends: 2 for `Next(min, max)` past
    /// `int.MaxValue`, else 1.
    pub const fn words(self) -> u64 {
        match self {
            Tap::Range(min, max) if (max as i64) - (min as i64) > MBIG as i64 => 2,
            _ => 1,
        }
    }
}

/// The walk back's ceiling: 10^8 words (about 6 s).
pub const MAX_WORDS: u64 = 100_000_000;

/// `System.Random`'s calls, the one place they are named (every list of
/// them is rendered from it); `next`'s three forms are told apart by their
/// arguments.
const TAPS: &[TapSpec] = &[
    TapSpec::new("next", &[], "Next()").recoverable(),
    TapSpec::new("next", &["MAX"], "Next(MAX)")
        .entry("next-max")
        .recoverable(),
    TapSpec::new(
        "next",
        &["MIN", "MAX"],
        "Next(MIN, MAX) (2 draws when MAX - MIN > 2147483647)",
    )
    .entry("next-range")
    .recoverable(),
    TapSpec::new("double", &[], "NextDouble()").recoverable(),
    TapSpec::new("bytes", &[], "one byte of NextBytes").recoverable(),
];

impl Engine for Dotnet {
    type Gen = Random;
    type Tap = Tap;
    type Word = i32;

    const CHECKS: &'static [crate::engine::check::Check] = super::selftest::CHECKS;
    const INFO: Info = Info {
        name: "dotnet",
        title: "System.Random",
        about: ".NET's seeded System.Random (Knuth's subtractive generator, Microsoft's)",
        family_about: ".NET's seeded System.Random (XNA / MonoGame / FNA games, Terraria, Unity \
                       scripts): Next, Next(max), Next(min, max), NextDouble, NextBytes",
        seed: SeedKind::I32,
        taps: TAPS,
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

    fn tap(name: &str, args: &[&str], ledger: bool) -> Result<Tap, TapError> {
        let a = Args::new(name, args, ledger);
        Ok(match a.row("dotnet", TAPS)?.entry {
            "next" => Tap::Next,
            "next-max" => {
                let max = a.one(parse_i32)?;
                if max < 0 {
                    return Err(TapError::invalid(format_args!(
                        "Next(max) with a negative max ({max}): .NET throws"
                    )));
                }
                Tap::Max(max)
            }
            "next-range" => {
                let (min, max) = a.two(parse_i32)?;
                if min > max {
                    return Err(TapError::invalid(format_args!(
                        "Next(min, max) with min {min} above max {max}: .NET throws"
                    )));
                }
                Tap::Range(min, max)
            }
            "double" => Tap::Double,
            "bytes" => Tap::Bytes,
            row => unreachable!("the row {row} is not parsed"),
        })
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

    fn entry(tap: Tap) -> &'static str {
        match tap {
            Tap::Next => "next",
            Tap::Max(_) => "next-max",
            Tap::Range(..) => "next-range",
            Tap::Double => "double",
            Tap::Bytes => "bytes",
        }
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
