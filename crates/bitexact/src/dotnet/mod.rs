//! .NET's seeded `System.Random` (SPEC 15): Knuth's subtractive generator as
//! Microsoft wrote it, one algorithm across .NET Framework 1.1–4.8, Mono and
//! .NET Core / .NET 5+ for `new Random(seed)` (.NET 6+ keeps it as
//! `Net5CompatSeedImpl`). The generator of XNA / MonoGame / FNA games,
//! Terraria's `UnifiedRandom`, Unity scripts using `System.Random`.
//!
//! State: `SeedArray[56]` (index 0 unused), `inext`, `inextp`. A word
//! (`InternalSample`) advances both cursors (1..=55, cyclic) and writes
//! `SeedArray[inext] − SeedArray[inextp]`, folded into `0..int.MaxValue`.
//! The second cursor starts at 21, not Knuth's 31: reproduced, not fixed.
//! Arithmetic wraps as C#'s unchecked `int` does, so the odd seeds (whose
//! `161803398 − |seed|` is negative) are bit-exact too.
//!
//! | call | result | words |
//! | --- | --- | --- |
//! | [`next`](Random::next) | `Next()`: the word, `0..=2147483646` | 1 |
//! | [`next_max`](Random::next_max) | `Next(max)`: `(int)(Sample() · max)` | 1 |
//! | [`next_range`](Random::next_range) | `Next(min, max)`: `(int)(Sample() · (max − min)) + min`; past `int.MaxValue` the large-range sample | 1, or 2 past `int.MaxValue` |
//! | [`next_double`](Random::next_double) | `NextDouble()` = `Sample()` = `word · (1 / int.MaxValue)` | 1 |
//! | [`next_bytes`](Random::next_bytes) | `NextBytes`: each byte `(byte)(word % 256)` | 1 a byte |
//!
//! Seeds `s` and `−s` give one stream (`Math.Abs`), `int.MinValue` that of
//! `int.MaxValue`. Every float step is one IEEE double operation (the .NET
//! JITs round each to double; no x87 extended precision is involved).

pub mod engine;
#[cfg(feature = "alloc")]
pub mod recover;
mod seeding;
mod selftest;
pub mod tap;

pub use seeding::{magnitude, seed_of_array, seeded_array, SeedOf, MAX_BRANCHES};

/// `int.MaxValue`, Microsoft's `MBIG`.
pub const MBIG: i32 = i32::MAX;
/// Microsoft's `MSEED`: `SeedArray[55] = MSEED − |seed|`.
pub const MSEED: i32 = 161_803_398;
/// Where the second cursor starts (Knuth's is 31).
pub const INEXTP_START: i32 = 21;
/// State bytes: the 56 ints of `SeedArray`, then `inext`, `inextp`, each
/// little-endian.
pub const STATE_LEN: usize = 232;
/// The default bound on words `identify` walks back: 10^7, about 0.6 s on
/// the 2-core test machine for a state it does not reach (each seeding
/// point, one in 55 draws, is undone: about 2 µs).
pub const DEFAULT_MAX_WORDS: u64 = 10_000_000;

/// One seeded `System.Random`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Random {
    seed_array: [i32; 56],
    inext: i32,
    inextp: i32,
}

impl Random {
    /// `new Random(seed)`.
    pub fn new(seed: i32) -> Random {
        Random {
            seed_array: seeded_array(seed),
            inext: 0,
            inextp: INEXTP_START,
        }
    }

    /// A generator at an explicit state. `None` when a cursor is outside
    /// `0..=55` (the game would index out of its array).
    pub fn from_parts(seed_array: [i32; 56], inext: i32, inextp: i32) -> Option<Random> {
        ((0..=55).contains(&inext) && (0..=55).contains(&inextp)).then_some(Random {
            seed_array,
            inext,
            inextp,
        })
    }

    /// `SeedArray`, index 0 (unused) first.
    pub fn seed_array(&self) -> &[i32; 56] {
        &self.seed_array
    }

    /// The cursors `(inext, inextp)`.
    pub fn cursors(&self) -> (i32, i32) {
        (self.inext, self.inextp)
    }

    /// `InternalSample()`: one word, `0..=2147483646` (−1 only from a state
    /// no seeding reaches). 1 word.
    #[inline]
    pub fn word(&mut self) -> i32 {
        let mut i = self.inext + 1;
        if i >= 56 {
            i = 1;
        }
        let mut p = self.inextp + 1;
        if p >= 56 {
            p = 1;
        }
        let mut r = self.seed_array[i as usize].wrapping_sub(self.seed_array[p as usize]);
        if r == MBIG {
            r -= 1;
        }
        if r < 0 {
            r = r.wrapping_add(MBIG);
        }
        self.seed_array[i as usize] = r;
        self.inext = i;
        self.inextp = p;
        r
    }

    /// `Next()`: the word. 1 word.
    #[inline]
    #[allow(clippy::should_implement_trait)] // .NET's name; not an iterator
    pub fn next(&mut self) -> i32 {
        self.word()
    }

    /// `Sample()` (`NextDouble()`): `word · (1 / int.MaxValue)`. 1 word.
    #[inline]
    pub fn next_double(&mut self) -> f64 {
        sample(self.word())
    }

    /// `Next(max)`: `(int)(Sample() · max)`, in `0..max` (0 when `max` is
    /// 0). `None` for a negative `max` (where .NET throws), no word spent.
    /// 1 word.
    #[inline]
    pub fn next_max(&mut self, max: i32) -> Option<i32> {
        (max >= 0).then(|| of_max(self.word(), max))
    }

    /// `Next(min, max)`: in `min..max` (`min` when they are equal). `None`
    /// when `min > max` (where .NET throws), no word spent. 1 word, 2 when
    /// `max − min` exceeds `int.MaxValue` (the large-range sample).
    pub fn next_range(&mut self, min: i32, max: i32) -> Option<i32> {
        if min > max {
            return None;
        }
        let range = i64::from(max) - i64::from(min);
        Some(if range <= i64::from(MBIG) {
            of_range(self.word(), min, range)
        } else {
            let first = self.word();
            let second = self.word();
            of_large_range(first, second, min, range)
        })
    }

    /// `NextBytes(buffer)`: each byte `(byte)(word % 256)`. 1 word a byte.
    pub fn next_bytes(&mut self, buffer: &mut [u8]) {
        for b in buffer {
            *b = byte_of(self.word());
        }
    }

    /// Spend `words` words.
    pub fn discard(&mut self, words: u64) {
        for _ in 0..words {
            self.word();
        }
    }

    /// The 232 state bytes ([`STATE_LEN`]).
    pub fn encode(&self) -> [u8; STATE_LEN] {
        let mut out = [0u8; STATE_LEN];
        let words = self.seed_array.iter().chain([&self.inext, &self.inextp]);
        crate::engine::codec::put_words(&mut out, words.map(|&w| w as u32));
        out
    }

    /// Read [`encode`](Self::encode)'s bytes: 232 of them, cursors in
    /// `0..=55`.
    pub fn decode(bytes: &[u8]) -> Result<Random, StateError> {
        let w: [u32; 58] = crate::engine::codec::read_words(bytes)
            .ok_or(StateError::Length { len: bytes.len() })?;
        let mut seed_array = [0i32; 56];
        for (a, &x) in seed_array.iter_mut().zip(&w) {
            *a = x as i32;
        }
        let (inext, inextp) = (w[56] as i32, w[57] as i32);
        Random::from_parts(seed_array, inext, inextp).ok_or(StateError::Cursor { inext, inextp })
    }
}

/// `Sample()` of one word.
#[inline]
pub fn sample(word: i32) -> f64 {
    f64::from(word) * (1.0 / f64::from(MBIG))
}

/// `Next(max)` of one word (`max ≥ 0`).
#[inline]
pub fn of_max(word: i32, max: i32) -> i32 {
    (sample(word) * f64::from(max)) as i32
}

/// `Next(min, max)` of one word, for `range = max − min ≤ int.MaxValue`.
#[inline]
pub fn of_range(word: i32, min: i32, range: i64) -> i32 {
    ((sample(word) * range as f64) as i32).wrapping_add(min)
}

/// `Next(min, max)` past `int.MaxValue` (`GetSampleForLargeRange`): the
/// first word, negated when the second is even, mapped onto the range.
#[inline]
pub fn of_large_range(first: i32, second: i32, min: i32, range: i64) -> i32 {
    let r = if second % 2 == 0 {
        first.wrapping_neg()
    } else {
        first
    };
    let d = (f64::from(r) + (f64::from(MBIG) - 1.0)) / (2.0 * f64::from(MBIG) - 1.0);
    ((d * range as f64) as i64 + i64::from(min)) as i32
}

/// `NextBytes`' byte of one word: `(byte)(word % 256)`.
#[inline]
pub fn byte_of(word: i32) -> u8 {
    (word % 256) as u8
}

/// Why state bytes are not a `System.Random`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StateError {
    /// Not 232 bytes.
    Length {
        /// The length found.
        len: usize,
    },
    /// A cursor outside `0..=55`.
    Cursor {
        /// `inext` as read.
        inext: i32,
        /// `inextp` as read.
        inextp: i32,
    },
}

impl core::fmt::Display for StateError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            StateError::Length { len } => write!(
                f,
                "a System.Random state is {STATE_LEN} bytes (SeedArray's 56 ints, inext, inextp), \
                 not {len}"
            ),
            StateError::Cursor { inext, inextp } => write!(
                f,
                "inext {inext} and inextp {inextp} must both lie in 0..=55 (SeedArray's indices)"
            ),
        }
    }
}

impl core::error::Error for StateError {}
