//! C&C Generals / Zero Hour `GameLogicRandom` (SPEC 11): the six-word
//! add-with-carry generator behind `GameLogicRandomValue` and its real
//! counterpart. The client and audio streams are the same generator with
//! their own state: one [`GameRandom`] per stream.
//!
//! State: six `u32` words `s[0..6]`. `init(S)` sets `s[i] = S + C[i]` with
//! the constants [`SEED_OFFSETS`]. A draw is five add-with-carry steps on
//! the word just written, the carry starting at 0,
//! `s4 = s5 + s4 + c; s3 = s4 + s3 + c; s2 = s3 + s2 + c; s1 = s2 + s1 + c;
//! s0 = s1 + s0 + c`, then the 192-bit number `s0..s5` (`s5` the low word) is
//! incremented by one, and the draw is `s0` after the increment.
//!
//! **The carry rule.** The original's `ADC` macro stores the sum into one of
//! its operands before it compares, so from the second step on it tests only
//! `sum < old word`. That is the true carry except when the word just written
//! is `0xFFFFFFFF` with a carry in, which no draw can produce: a step's
//! carry-out with a result of `0xFFFFFFFF` needs both inputs `0xFFFFFFFF` and
//! a carry in — the same case one step earlier — and the first step has no
//! carry in. So the true carry is modelled, and `tests/generals.rs` runs the
//! macro's rule beside it.
//!
//! | call | result | draws |
//! | --- | --- | --- |
//! | [`next_u32`](GameRandom::next_u32) | one draw | 1 |
//! | [`value`](GameRandom::value)`(lo, hi)` | `d = hi − lo + 1` (as u32): `d == 0` returns `hi`; else `(draw mod d) as i32 + lo` — a reversed range is not an error | 1, or 0 when `d == 0` |
//! | [`real`](GameRandom::real)`(lo, hi)` | `delta = hi − lo`; `delta ≤ 0` returns `hi`; else `f32(f32(f32(draw) · 2^-32) · delta) + lo`, each step rounded to f32 | 1, or 0 when `delta ≤ 0` |
//!
//! `real` rounds every step to f32: the game sets the x87 to 24-bit
//! precision before its logic runs, so this is also its x87 behaviour for
//! normal values. Reversed ranges, `d == 0` and `delta ≤ 0` are reproduced,
//! not fixed.

#[cfg(feature = "alloc")]
pub mod recover;

use crate::engine::reversible::{self, SeedOf};
use crate::engine::{DiffError, Identification, NotReachable, Unit};

pub mod engine;
mod selftest;
pub mod tap;
/// `C[i]`: `init(S)` sets `s[i] = S + C[i]`.
pub const SEED_OFFSETS: [u32; 6] = [
    0xf22d_0e56,
    0x8831_26e9,
    0xc624_dd2f,
    0x0702_c49c,
    0x9e35_3f7d,
    0x6fdf_3b64,
];

/// State bytes: six little-endian words, `s0` first.
pub const STATE_LEN: usize = 24;

/// The default bound on draws [`identify`] walks back: 10^8 (about half a
/// second in a release build).
pub const DEFAULT_MAX_DRAWS: u64 = 100_000_000;

/// One stream of the Generals generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameRandom {
    s: [u32; 6],
}

impl GameRandom {
    /// `init(seed)`: `s[i] = seed + C[i]`.
    pub const fn new(seed: u32) -> Self {
        let mut s = [0u32; 6];
        let mut i = 0;
        while i < 6 {
            s[i] = seed.wrapping_add(SEED_OFFSETS[i]);
            i += 1;
        }
        Self { s }
    }

    /// A stream at an explicit state (any six words).
    pub const fn from_state(s: [u32; 6]) -> Self {
        Self { s }
    }

    /// The six words, `s0` first.
    pub const fn state(&self) -> [u32; 6] {
        self.s
    }

    /// One draw (see the module docs).
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        step(&mut self.s);
        self.s[0]
    }

    /// Spend `draws` draws.
    pub fn discard(&mut self, draws: u64) {
        for _ in 0..draws {
            step(&mut self.s);
        }
    }

    /// `GetGameLogicRandomValue(lo, hi)`: `d = hi − lo + 1` as u32; `d == 0`
    /// returns `hi` with no draw; else `(draw mod d) as i32 + lo` (wrapping;
    /// a reversed range is not an error).
    #[inline]
    pub fn value(&mut self, lo: i32, hi: i32) -> i32 {
        let d = hi.wrapping_sub(lo).wrapping_add(1) as u32;
        if d == 0 {
            return hi;
        }
        ((self.next_u32() % d) as i32).wrapping_add(lo)
    }

    /// `GetGameLogicRandomValueReal(lo, hi)`: `delta = f32(hi − lo)`;
    /// `delta ≤ 0` (NaN is not) returns `hi` with no draw; else
    /// `f32(f32(f32(draw) · 2^-32) · delta) + lo`, each step rounded to f32.
    #[inline]
    pub fn real(&mut self, lo: f32, hi: f32) -> f32 {
        let delta = hi - lo;
        if delta <= 0.0 {
            return hi;
        }
        real_of_draw(self.next_u32(), lo, delta)
    }
}

/// `real`'s mapping of one draw, given `lo` and `delta = hi − lo`.
#[inline]
pub fn real_of_draw(draw: u32, lo: f32, delta: f32) -> f32 {
    let unit = draw as f32 * (1.0 / 4_294_967_296.0);
    unit * delta + lo
}

/// Add with carry: `(a + b + c) mod 2^32` and the carry out.
#[inline(always)]
const fn adc(a: u32, b: u32, c: u32) -> (u32, u32) {
    let sum = a as u64 + b as u64 + c as u64;
    (sum as u32, (sum >> 32) as u32)
}

/// One draw's update of the six words.
#[inline(always)]
fn step(s: &mut [u32; 6]) {
    let mut c = 0;
    for i in (0..5).rev() {
        (s[i], c) = adc(s[i + 1], s[i], c);
    }
    // The 192-bit increment, s5 the low word.
    for i in (0..6).rev() {
        s[i] = s[i].wrapping_add(1);
        if s[i] != 0 {
            break;
        }
    }
}

/// The inverse of one draw's update of the words: the words before the draw.
pub fn unstep(s: &mut [u32; 6]) {
    for i in (0..6).rev() {
        let was_zero = s[i] == 0;
        s[i] = s[i].wrapping_sub(1);
        if !was_zero {
            break;
        }
    }
    // Forward, word i was written as new[i + 1] + old[i] + c, with the
    // carry of the step before: recover the old words in the same order.
    let new = *s;
    let mut c = 0;
    for i in (0..5).rev() {
        let old = new[i].wrapping_sub(new[i + 1]).wrapping_sub(c);
        c = adc(new[i + 1], old, c).1;
        s[i] = old;
    }
}

/// Whether the words have the form seeding leaves, `s[i] − s[0] = C[i] −
/// C[0]`, and if so the seed, `s[0] − C[0]`.
pub fn seed_of_state(s: &[u32; 6]) -> Option<u32> {
    let seed = s[0].wrapping_sub(SEED_OFFSETS[0]);
    (0..6)
        .all(|i| s[i] == seed.wrapping_add(SEED_OFFSETS[i]))
        .then_some(seed)
}

/// Whether `GameRandom::new(seed)` after `draws` draws has the state `s`.
pub fn replays_to(seed: u32, draws: u64, s: &[u32; 6]) -> bool {
    reversible::replays_to(seed.into(), draws, &GameRandom { s: *s })
}

/// Walk a state back, at most `max_draws` draws, to the form seeding leaves:
/// the seed and the draws since. No search over seeds: the step is
/// invertible ([`unstep`]) and the seeded form names its seed. The candidate
/// is replayed whole before it is returned (SPEC 8). Cost: a few
/// nanoseconds per draw walked, and the replay.
pub fn identify(s: [u32; 6], max_draws: u64) -> Result<Identification, NotReachable> {
    identify_until(s, max_draws, &|| false)
}

/// [`identify`], polling `stop` every 2^16 draws walked: when it returns
/// true the walk ends with [`Reason::Stopped`](crate::engine::Reason::Stopped).
pub fn identify_until(
    s: [u32; 6],
    max_draws: u64,
    stop: &dyn Fn() -> bool,
) -> Result<Identification, NotReachable> {
    reversible::identify(&GameRandom { s }, max_draws, Unit::Draws, stop)
}

/// Draws from state A to state B of the same stream (B minus A), stepping
/// at most `max_draws` in each direction.
pub fn draws_between(a: &GameRandom, b: &GameRandom, max_draws: u64) -> Result<u64, DiffError> {
    reversible::words_between(a, b, max_draws, Unit::Draws)
}

/// The walk back ([`crate::engine::reversible`]): the step is a bijection.
impl reversible::Reversible for GameRandom {
    fn seeded(seed: u64) -> Self {
        GameRandom::new(seed as u32)
    }

    fn step(&mut self) {
        step(&mut self.s);
    }

    fn unstep(&mut self, _others: &mut dyn FnMut(Self)) -> bool {
        unstep(&mut self.s);
        true
    }

    fn seed_of(&self) -> SeedOf {
        seed_of_state(&self.s).map_or(SeedOf::No, |s| SeedOf::Seed(s.into()))
    }
}

/// The state's 24 bytes: six little-endian words, `s0` first.
pub fn encode_state(g: &GameRandom) -> [u8; STATE_LEN] {
    let mut out = [0u8; STATE_LEN];
    crate::engine::codec::put_words(&mut out, g.s);
    out
}

/// State bytes that are not 24 long.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StateLengthError {
    /// The length found.
    pub len: usize,
}

impl core::fmt::Display for StateLengthError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "a Generals random state is {STATE_LEN} bytes (six words), not {}",
            self.len
        )
    }
}

impl core::error::Error for StateLengthError {}

/// Read [`encode_state`]'s bytes (any six words are a state).
pub fn decode_state(bytes: &[u8]) -> Result<GameRandom, StateLengthError> {
    crate::engine::codec::read_words(bytes)
        .map(|s| GameRandom { s })
        .ok_or(StateLengthError { len: bytes.len() })
}
