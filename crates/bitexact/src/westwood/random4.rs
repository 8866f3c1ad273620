//! `Random4Class`: WWLib's Mersenne Twister (SPEC 11).
//!
//! MT19937 with the **1998 seeding** of Matsumoto and Nishimura's first
//! `mt19937.c` (`sgenrand`), not Knuth's 2002 `init_genrand`:
//! `mt[0] = seed`, `mt[i] = 69069 · mt[i − 1]` (wrapping). The block is *not*
//! twisted at seeding: the state is the seeded block with `mti == 624`, and
//! the first draw twists. Twist and tempering are the textbook ones
//! ([`crate::mt19937`]); a draw returns the tempered word as `i32`.
//!
//! **Reproduced, not fixed.** A seed of 0 becomes **4375** — the original
//! meant 4357 (the reference code's default, and `Random4Class`'s own
//! default seed) and swapped two digits. So `Random4::new(0)` and
//! `Random4::new(4375)` are the same stream, and identification names 4375.
//!
//! `Get_Float()` is `f32(u32 word) · 2^-32`: the word is rounded to f32
//! first (to nearest), the scale is exact, so a word `≥ 0xFFFFFF80` gives
//! exactly **1.0** — the interval is closed at 1 in the original too.
//!
//! The ranged draw is WWLib's shared pick with 32 significant bits
//! ([`ranged`](super::ranged)).
//!
//! State bytes ([`encode_state`]): the 624 words then `mti`, little-endian
//! (2500 bytes), as the class lays them out (`unsigned int mt[624]; int mti;`).

use crate::engine::{Bound, Identification, NotReachable, Reason, Unit};
use crate::mt19937::walk::{stopped, walk_back, Walk};
use crate::mt19937::{temper, Block, Mt19937, N};

/// `Random4Class`'s default seed (the reference code's 4357).
pub const DEFAULT_SEED: u32 = 4357;

/// What a seed of 0 becomes: 4375, the original's typo for 4357.
pub const ZERO_SEED: u32 = 4375;

/// The 1998 seeding multiplier (Knuth's 69069).
pub const SEED_MULTIPLIER: u32 = 69069;

/// 69069⁻¹ mod 2^32 (69069 is odd), to step the seeding back.
pub const SEED_MULTIPLIER_INV: u32 = {
    // Newton's iteration for the inverse mod 2^32.
    let a = SEED_MULTIPLIER;
    let mut x = a;
    let mut i = 0;
    while i < 5 {
        x = x.wrapping_mul(2u32.wrapping_sub(a.wrapping_mul(x)));
        i += 1;
    }
    x
};

/// State bytes: 624 words and `mti`.
pub const STATE_LEN: usize = 4 * N + 4;

/// The block `sgenrand(seed)` writes (0 already replaced by [`ZERO_SEED`]).
pub fn seed_block(seed: u32) -> Block {
    let mut mt = [0u32; N];
    mt[0] = if seed == 0 { ZERO_SEED } else { seed };
    for i in 1..N {
        mt[i] = SEED_MULTIPLIER.wrapping_mul(mt[i - 1]);
    }
    mt
}

/// `mti` outside `0..=624`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MtiOutOfRange {
    /// The value found.
    pub mti: i64,
}

impl core::fmt::Display for MtiOutOfRange {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "Random4Class state has mti = {}; expected 0..=624",
            self.mti
        )
    }
}

impl core::error::Error for MtiOutOfRange {}

/// `Random4Class`. Equal when the words and `mti` are (the draw counter is
/// not state).
#[derive(Clone)]
pub struct Random4 {
    mt: Mt19937,
    /// `mt.position()` when this object was built.
    start: u64,
}

impl PartialEq for Random4 {
    fn eq(&self, other: &Self) -> bool {
        self.mt == other.mt
    }
}

impl Eq for Random4 {}

impl core::fmt::Debug for Random4 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Random4")
            .field("mti", &self.mti())
            .field("mt[0]", &self.state()[0])
            .finish_non_exhaustive()
    }
}

impl Default for Random4 {
    /// `Random4Class()`: seed 4357.
    fn default() -> Self {
        Self::new(DEFAULT_SEED)
    }
}

impl Random4 {
    /// `Random4Class(seed)`: the 1998 seeding, 0 → 4375, the first draw
    /// twists.
    pub fn new(seed: u32) -> Self {
        // left == 0: the next draw twists.
        Self::at(Mt19937::from_state(seed_block(seed), 0).expect("left 0 is in range"))
    }

    /// A generator at an explicit state: the 624 words and `mti` (the next
    /// word's index, `0..=624`; 624 means the next draw twists).
    pub fn from_state(mt: Block, mti: u32) -> Result<Self, MtiOutOfRange> {
        if mti as usize > N {
            return Err(MtiOutOfRange { mti: mti.into() });
        }
        Ok(Self::at(
            Mt19937::from_state(mt, N as u32 - mti).expect("checked above"),
        ))
    }

    fn at(mt: Mt19937) -> Self {
        let start = mt.position();
        Self { mt, start }
    }

    /// The 624 words as the class holds them.
    pub fn state(&self) -> &Block {
        self.mt.state()
    }

    /// `mti`: the index of the next word (624: the next draw twists).
    pub fn mti(&self) -> u32 {
        N as u32 - self.mt.left()
    }

    /// The generator underneath (for [`crate::sots::words_between`], which
    /// works for any MT19937 states).
    pub fn mt(&self) -> &Mt19937 {
        &self.mt
    }

    /// Raw draws since construction (or since the state was built): a
    /// counter for measuring cost, not state.
    pub fn position(&self) -> u64 {
        self.mt.position().wrapping_sub(self.start)
    }

    /// Sets the draw counter (not state), restoring a copy's.
    pub fn set_position(&mut self, position: u64) {
        self.start = self.mt.position().wrapping_sub(position);
    }

    /// One raw draw: the tempered word as `i32`. 1 draw.
    #[inline]
    pub fn raw(&mut self) -> i32 {
        self.mt.next_u32() as i32
    }

    /// Spend `draws` raw draws (whole blocks by twisting only).
    pub fn discard(&mut self, draws: u64) {
        self.mt.discard(draws);
    }

    /// `Get_Float()`: `f32(u32 word) · 2^-32`, in `[0, 1]` — words from
    /// `0xFFFFFF80` on give 1.0 (reproduced, not fixed). 1 raw draw.
    #[inline]
    pub fn get_float(&mut self) -> f32 {
        float_of_word(self.raw() as u32)
    }
}

/// `Get_Float` of one tempered word: round to f32, scale by 2^-32 (exact).
#[inline]
pub fn float_of_word(word: u32) -> f32 {
    word as f32 * (1.0 / 4_294_967_296.0)
}

super::ranged::wwlib_draws! {
    Random4, bits: 32,
    /// The ranged draw on `[min, max]` inclusive, with 32 significant bits
    /// (see [`ranged`](super::ranged) for the rules and the raw draws it
    /// spends). Errors, spending nothing, where the original loops for ever.
    ranged;
    /// `ranged(1, 2147483647) / 2147483648.0`, composed as for the other
    /// classes (not a `Random4Class` method). 1 raw draw plus rejections.
    double;
}

/// The first raw draws of a seed, computed without the generator: the
/// first block is `twist(seed_block(seed))`, and seeding word `i` is
/// `seed · 69069^i`, so draw `j` of it needs three seeding words (`j`,
/// `j + 1`, `j + 397`) or, past 226, an earlier word of the same block.
/// `out[j]` is draw `j` for `j < out.len()` (at most 624).
pub fn first_draws(seed: u32, out: &mut [i32]) {
    let s = if seed == 0 { ZERO_SEED } else { seed };
    let init = |i: usize| s.wrapping_mul(POWERS[i]);
    let mut block = [0u32; N];
    let n = out.len().min(N);
    // Word 623 reads block[0]; compute it first when needed.
    for j in 0..n {
        let far = if j < N - 397 {
            init(j + 397)
        } else {
            block[j + 397 - N]
        };
        let next = if j + 1 < N { init(j + 1) } else { block[0] };
        let y = (init(j) & 0x8000_0000) | (next & 0x7fff_ffff);
        block[j] = far ^ crate::mt19937::mix(y);
        out[j] = temper(block[j]) as i32;
    }
}

/// `69069^i mod 2^32` for `i in 0..624`.
static POWERS: [u32; N] = {
    let mut p = [1u32; N];
    let mut i = 1;
    while i < N {
        p[i] = p[i - 1].wrapping_mul(SEED_MULTIPLIER);
        i += 1;
    }
    p
};

/// The state's 2500 bytes: 624 words, then `mti`, little-endian.
pub fn encode_state(r: &Random4) -> [u8; STATE_LEN] {
    let mut out = [0u8; STATE_LEN];
    for (chunk, w) in out.chunks_exact_mut(4).zip(r.state()) {
        chunk.copy_from_slice(&w.to_le_bytes());
    }
    out[4 * N..].copy_from_slice(&r.mti().to_le_bytes());
    out
}

/// Why state bytes do not decode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StateError {
    /// Not 2500 bytes.
    Length(usize),
    /// `mti` outside `0..=624`.
    Mti(MtiOutOfRange),
}

impl core::fmt::Display for StateError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            StateError::Length(n) => write!(
                f,
                "a Random4Class state is {STATE_LEN} bytes (624 words and mti), not {n}"
            ),
            StateError::Mti(e) => write!(f, "{e}"),
        }
    }
}

impl core::error::Error for StateError {}

/// Read [`encode_state`]'s bytes.
pub fn decode_state(bytes: &[u8]) -> Result<Random4, StateError> {
    if bytes.len() != STATE_LEN {
        return Err(StateError::Length(bytes.len()));
    }
    let mut mt = [0u32; N];
    for (w, chunk) in mt.iter_mut().zip(bytes.chunks_exact(4)) {
        *w = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
    }
    let tail = &bytes[4 * N..];
    let mti = i32::from_le_bytes([tail[0], tail[1], tail[2], tail[3]]);
    let mti = u32::try_from(mti).map_err(|_| StateError::Mti(MtiOutOfRange { mti: mti.into() }))?;
    Random4::from_state(mt, mti).map_err(StateError::Mti)
}

/// No seed within `max_twists`.
fn beyond(max_twists: u64) -> NotReachable {
    NotReachable::new(
        Reason::Beyond(Bound {
            max: max_twists,
            unit: Unit::Twists,
        }),
        format_args!(
            "no seed reaches this Random4Class state within {max_twists} twists of seeding (the \
             first {} draws); it was edited, is not seeded by the 1998 sgenrand, or lies further on",
            max_twists.saturating_mul(N as u64)
        ),
    )
}

/// The seed whose [`seed_block`] `block` is, judging words 1..623 and (when
/// `whole_head`) all of word 0, else only its top bit (all an untwist
/// recovers).
fn seed_of(block: &Block, whole_head: bool) -> Option<u32> {
    for i in 2..N {
        if block[i] != SEED_MULTIPLIER.wrapping_mul(block[i - 1]) {
            return None;
        }
    }
    let seed = block[1].wrapping_mul(SEED_MULTIPLIER_INV);
    let head_mask = if whole_head { u32::MAX } else { 0x8000_0000 };
    ((seed ^ block[0]) & head_mask == 0).then_some(seed)
}

/// Whether `Random4Class(seed)` after `draws` raw draws is `saved`, whole:
/// all 624 words and `mti`.
pub fn replays_to(seed: u32, draws: u64, saved: &Random4) -> bool {
    let mut r = Random4::new(seed);
    r.discard(draws);
    r.state() == saved.state() && r.mti() == saved.mti()
}

/// The seed and the draws since seeding of a `Random4Class` state, walking
/// back at most `max_twists` twists (no search over seeds: the 1998 seeding
/// is recognised by its recurrence and inverted by 69069⁻¹). Each candidate
/// is replayed whole before it is returned ([`replays_to`], SPEC 8), so an
/// edited state is never identified. Cost: one untwist per twist walked,
/// one twist per twist of the answer.
pub fn identify(saved: &Random4, max_twists: u64) -> Result<Identification, NotReachable> {
    identify_until(saved, max_twists, &|| false)
}

/// [`identify`], polling `stop` every 1024 twists walked: when it returns
/// true the walk ends with [`Reason::Stopped`].
pub fn identify_until(
    saved: &Random4,
    max_twists: u64,
    stop: &dyn Fn() -> bool,
) -> Result<Identification, NotReachable> {
    if crate::mt19937::is_zero_state(saved.state()) {
        return Err(NotReachable::zero_state());
    }
    let mti = u64::from(saved.mti());
    let block = saved.state();
    // Straight from seeding: the block is the seeded one, mti == 624.
    if let Some(seed) = seed_of(block, true) {
        if mti == N as u64 && replays_to(seed, 0, saved) {
            return Ok(Identification {
                seed: seed.into(),
                words_drawn: 0,
            });
        }
    }
    // After k ≥ 1 twists, 1 ≤ mti ≤ 624 words of the k-th block are read.
    let found = walk_back(block, max_twists, stop, |older, twists| {
        if mti == 0 {
            return None;
        }
        let draws = (twists - 1) * N as u64 + mti;
        let seed = seed_of(older, false).filter(|&s| replays_to(s, draws, saved))?;
        Some(Identification {
            seed: seed.into(),
            words_drawn: draws,
        })
    });
    match found {
        Walk::Found(id) => Ok(id),
        Walk::Stopped(twists) => Err(stopped(twists, max_twists, "this Random4Class state")),
        Walk::Exhausted => Err(beyond(max_twists)),
    }
}

/// The 1998 `sgenrand`, as the outputs walk asks it (seed 0 is seeded as
/// [`ZERO_SEED`]: the walk names both).
#[cfg(feature = "alloc")]
static SGENRAND: crate::mt19937::walk::Seeding = crate::mt19937::walk::Seeding {
    tail: |before_last, last| last == SEED_MULTIPLIER.wrapping_mul(before_last),
    seed_of: |block| seed_of(block, false),
    replays: |seed, offset, values| {
        let mut r = Random4::new(seed);
        r.discard(offset);
        values.iter().all(|&v| r.raw() as u32 == v)
    },
    twin: Some((ZERO_SEED, 0)),
};

/// The default offset bound with 624 raw draws: as far back as `identify`
/// walks by default (100 000 twists, 62.4 million draws).
pub const DEFAULT_OUTPUTS_OFFSET: u64 = DEFAULT_MAX_TWISTS * N as u64;

/// Random4Class `identify`'s and `diff`'s default bound: 100 000 twists
/// (62.4 million draws, about 0.1 s).
pub const DEFAULT_MAX_TWISTS: u64 = 100_000;

/// Random4Class `identify`'s and `diff`'s ceiling: 16 million twists, about
/// 16 s.
pub const MAX_TWISTS: u64 = 16_000_000;

/// The largest offset bound with 624 raw draws (about 10 s).
pub use crate::mt19937::walk::MAX_OUTPUTS_OFFSET;

/// With 624 or more consecutive raw draws (`vals`, as `i32` or their bits)
/// there is no seed search: the draws give the state, which is walked back
/// to the 1998 seeding (`mt19937::walk::outputs_walk`), at draw offsets
/// `0..=max_offset` (default [`DEFAULT_OUTPUTS_OFFSET`], at most
/// [`MAX_OUTPUTS_OFFSET`]); every hit replayed over all the draws.
#[cfg(feature = "alloc")]
pub fn outputs_query(
    vals: &[&str],
    max_offset: Option<u64>,
) -> Result<crate::engine::recovery::Recovery, crate::engine::recovery::QueryError> {
    let words =
        crate::engine::recovery::values(vals, |v| crate::num::parse_i32(v).map(|x| x as u32))?;
    crate::mt19937::walk::Outputs::recovery(words, max_offset, DEFAULT_OUTPUTS_OFFSET, &SGENRAND)
}
