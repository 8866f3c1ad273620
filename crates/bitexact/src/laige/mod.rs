//! The laige engine's `Prng`: xorshift128+ seeded by splitmix64, with
//! substreams (SPEC 3, seed 001).
//!
//! # Determinism contract
//!
//! Everything here is unsigned 64-bit integer arithmetic plus, in
//! [`Prng::next_float01`], one multiply of an integer below 2^24 by the exact
//! power of two 2^-24. There are no floats in the state, no libm, no
//! platform intrinsics, so the same (seed, substream id, call sequence) gives
//! bit-identical results on every platform and compiler.
//!
//! - **Core**: xorshift128+ on two words (part1, part2):
//!   `o0 = part1; o1 = part2; part1 = o1; t = o0 ^ (o0 << 23);
//!   part2 = t ^ o1 ^ (t >> 18) ^ (o1 >> 5); out = part2 + o1` (wrapping).
//! - **Seeding**: `part1 = mix(seed + K)`, `part2 = mix(seed + 2K)` with
//!   `K = 0x9E3779B97F4A7C15` and splitmix64's finaliser [`mix`].
//!   No seed reaches the all-zero state (the only state xorshift128+ cannot
//!   leave): `mix` is a bijection of u64 and its two inputs differ by the
//!   nonzero K, so `mix(seed + K) == mix(seed + 2K)` never holds, while the
//!   all-zero state needs both to be 0.
//! - **Substreams**: `derive_substream(seed, id) == Prng::new(seed + id · K)`
//!   (wrapping). Id 0 is the master stream; derivation composes:
//!   `derive(derive(s, i), j) == derive(s, i + j)`.
//! - **Period**: every nonzero state has period exactly 2^128 − 1, proven by
//!   [`period::prove_full_period`] (a test runs it), not sampled.
//!
//! # Misuse warnings
//!
//! - A `Prng` is `Clone`, and a clone shares the stream position: draws from
//!   a copy of a live stream repeat or interleave with the original's. Give
//!   each consumer its own [`substream`](Prng::substream) instead.
//! - Not a CSPRNG: the state follows from two outputs. Never use it for
//!   tokens, keys or anything security-sensitive.
//! - [`next_float01`](Prng::next_float01) has 2^24 distinct values; derive
//!   wider floats from [`next_u64`](Prng::next_u64) when more spread is needed.
//! - Substream ids are identities: reusing an id for another consumer, or
//!   renumbering between sessions, changes the streams and breaks replays.
//! - [`next_range`](Prng::next_range) with `min >= max` is an error here (the
//!   original's release build is undefined behaviour).
//!
//! Identification ([`identify`]) walks a saved state back to its seeding
//! state, and finds a substream's id from its seed and the master seed.
//!
//! # Jump-ahead and bulk draws
//!
//! [`Prng::jump`] moves a stream any number of draws ahead (up to the
//! period) in a few microseconds, through the characteristic polynomial of
//! the state map ([`CHAR_POLY_LOW`], the one the period proof finds):
//! `x^n mod p` applied to the state by Horner's rule. [`Prng::fill`] and
//! [`Prng::fill_float01`] write a whole slice, bit for bit the single-draw
//! loop and the same state afterwards; from [`LANE_THRESHOLD`] words on they
//! use jump-ahead to run [`LANES`] stretches of the stream side by side.

pub mod engine;
mod fill;
#[cfg(all(feature = "std", target_arch = "x86_64"))]
mod fill_avx2;
mod identify;
mod jump;
mod lanes;
pub mod period;
#[cfg(feature = "alloc")]
pub mod recover;
mod selftest;
pub mod tap;
mod vectors;

pub use identify::{
    decode_state, encode_state, identify, identify_until, replays_to, substream_id, unmix,
    unstep_state, words_between, SubstreamError, DEFAULT_MAX_DRAWS,
};
pub use jump::{
    apply_residue, characteristic_polynomial, jump_polynomial, jump_residue, jump_state,
    CHAR_POLY_LOW,
};
pub use lanes::{LANES, LANE_THRESHOLD, MAX_STRIDE_LOG2, MIN_STRIDE_LOG2};
pub use vectors::{GOLDEN_FIRST_32, GOLDEN_FNV1A_4096, GOLDEN_SEED};

/// Bytes in a laige state file: seed, part1, part2 as little-endian u64.
pub const STATE_LEN: usize = 24;

/// Why a laige state file was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StateError {
    /// Not 24 bytes.
    WrongLength {
        /// The length given.
        len: usize,
    },
    /// part1 = part2 = 0: no seed reaches it and xorshift128+ never leaves it.
    ZeroState,
}

impl core::fmt::Display for StateError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            StateError::WrongLength { len } => write!(
                f,
                "laige state is {len} bytes; expected {STATE_LEN} (seed, part1, part2 as little-endian u64)"
            ),
            StateError::ZeroState => f.write_str(
                "laige state has part1 = part2 = 0, which no seed reaches and xorshift128+ never leaves",
            ),
        }
    }
}

impl core::error::Error for StateError {}

/// splitmix64's increment: the seeding and substream step K.
pub const SPLITMIX64_INCREMENT: u64 = 0x9e37_79b9_7f4a_7c15;
/// The first multiplier of [`mix`] (Stafford's "Mix13").
pub const MIX_MULTIPLIER_A: u64 = 0xbf58_476d_1ce4_e5b9;
/// The second multiplier of [`mix`].
pub const MIX_MULTIPLIER_B: u64 = 0x94d0_49bb_1331_11eb;
/// The resolution of [`Prng::next_float01`]: 2^-24.
pub const FLOAT01_UNIT: f32 = 1.0 / 16_777_216.0;

/// splitmix64's finaliser: a bijection of u64 (inverse: [`unmix`]).
#[inline]
pub const fn mix(mut z: u64) -> u64 {
    z ^= z >> 30;
    z = z.wrapping_mul(MIX_MULTIPLIER_A);
    z ^= z >> 27;
    z = z.wrapping_mul(MIX_MULTIPLIER_B);
    z ^ (z >> 31)
}

/// The seeding state of `seed`: `(mix(seed + K), mix(seed + 2K))`.
#[inline]
pub const fn seed_state(seed: u64) -> (u64, u64) {
    let z = seed.wrapping_add(SPLITMIX64_INCREMENT);
    (mix(z), mix(z.wrapping_add(SPLITMIX64_INCREMENT)))
}

/// One xorshift128+ transition of a raw state (the output is not formed).
#[inline]
pub const fn step_state(part1: u64, part2: u64) -> (u64, u64) {
    let (o0, o1) = (part1, part2);
    let t = o0 ^ (o0 << 23);
    (o1, t ^ o1 ^ (t >> 18) ^ (o1 >> 5))
}

/// `min >= max` in [`Prng::next_range`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EmptyRange {
    /// The lower bound given.
    pub min: u32,
    /// The upper bound given (must exceed `min`).
    pub max: u32,
}

impl core::fmt::Display for EmptyRange {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "empty range [{}, {}): min must be below max",
            self.min, self.max
        )
    }
}

impl core::error::Error for EmptyRange {}

/// The laige `Prng`: its construction seed and the xorshift128+ state.
///
/// With the `serde` feature it serializes as `{"seed", "part1", "part2"}`;
/// deserializing rejects the all-zero state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "PrngFields"))]
pub struct Prng {
    seed: u64,
    part1: u64,
    part2: u64,
}

impl Prng {
    /// The master stream of `seed`. O(1); the state is nonzero for every seed.
    pub const fn new(seed: u64) -> Prng {
        let (part1, part2) = seed_state(seed);
        Prng { seed, part1, part2 }
    }

    /// A stream at an explicit saved state `(seed, part1, part2)`. The
    /// all-zero state is rejected: no seed reaches it and it never moves.
    pub fn from_state(seed: u64, part1: u64, part2: u64) -> Result<Prng, StateError> {
        if part1 == 0 && part2 == 0 {
            return Err(StateError::ZeroState);
        }
        Ok(Prng { seed, part1, part2 })
    }

    /// `Prng::new(seed + id · K)` (wrapping): the documented derivation.
    pub const fn derive_substream(seed: u64, id: u32) -> Prng {
        Prng::new(seed.wrapping_add((id as u64).wrapping_mul(SPLITMIX64_INCREMENT)))
    }

    /// This stream's substream `id`: a fresh stream derived from
    /// [`seed`](Self::seed), independent of this stream's position.
    pub const fn substream(&self, id: u32) -> Prng {
        Prng::derive_substream(self.seed, id)
    }

    /// The construction seed (the save/replay identity).
    pub const fn seed(&self) -> u64 {
        self.seed
    }

    /// The first state word (xorshift128+'s s0).
    pub const fn state_part1(&self) -> u64 {
        self.part1
    }

    /// The second state word (s1).
    pub const fn state_part2(&self) -> u64 {
        self.part2
    }

    /// One 64-bit draw: the xorshift128+ output. Advances the state once.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let (p1, p2) = step_state(self.part1, self.part2);
        self.part1 = p1;
        self.part2 = p2;
        p2.wrapping_add(p1)
    }

    /// Uniform on `[min, max)`: `n = max − min`; when 2^64 mod n is 0 one
    /// draw and `min + r % n`; otherwise draws `r >= 2^64 − (2^64 mod n)` are
    /// rejected and redrawn, then `min + r % n`. (The engine calls this
    /// "Lemire" but reduces with `%`; `%` is the contract.) Expected draws
    /// < 2. `min >= max` is an error and spends nothing.
    #[inline]
    pub fn next_range(&mut self, min: u32, max: u32) -> Result<u32, EmptyRange> {
        if min >= max {
            return Err(EmptyRange { min, max });
        }
        let n = u64::from(max - min);
        let rem = n.wrapping_neg() % n; // 2^64 mod n
        let mut r = self.next_u64();
        if rem != 0 {
            let limit = rem.wrapping_neg(); // 2^64 − rem
            while r >= limit {
                r = self.next_u64();
            }
        }
        Ok(min + (r % n) as u32)
    }

    /// Uniform on [0, 1) with 24-bit resolution: `(next_u64() >> 40) · 2^-24`,
    /// exactly k · 2^-24 for some k < 2^24; never 1.0. One draw.
    #[inline]
    pub fn next_float01(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 * FLOAT01_UNIT
    }
}

/// The serialized fields of a [`Prng`], checked on the way in.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct PrngFields {
    seed: u64,
    part1: u64,
    part2: u64,
}

#[cfg(feature = "serde")]
impl TryFrom<PrngFields> for Prng {
    type Error = StateError;
    fn try_from(f: PrngFields) -> Result<Prng, StateError> {
        Prng::from_state(f.seed, f.part1, f.part2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float01_unit_is_2_pow_minus_24() {
        assert_eq!(FLOAT01_UNIT.to_bits(), 0x3380_0000);
    }

    #[test]
    fn range_rejects_empty() {
        let mut p = Prng::new(1);
        assert_eq!(p.next_range(5, 5), Err(EmptyRange { min: 5, max: 5 }));
        assert_eq!(p.next_range(6, 5), Err(EmptyRange { min: 6, max: 5 }));
        assert_eq!(p, Prng::new(1), "an error spends nothing");
    }
}
