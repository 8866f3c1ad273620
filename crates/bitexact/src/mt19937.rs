//! The textbook 32-bit Mersenne Twister (MT19937), and the inverses that let a
//! saved state be traced back to its seed.
//!
//! This is Matsumoto and Nishimura's `mt19937ar` generator: N = 624 words of
//! state, M = 397, twist matrix `0x9908b0df`, tempering (11, 7 & `0x9d2c5680`,
//! 15 & `0xefc60000`, 18) and Knuth's `init_genrand` seeding. SPEC 2 fixes the
//! one convention the original leaves to the implementation: seeding is
//! followed by **one twist**, so a fresh generator has `left == 624` and its
//! first draw is the tempered `mt[0]`; after that the twist is lazy (it runs when
//! a draw finds `left == 0`). Outputs are identical to `mt19937ar` and `rand_mt`.
//!
//! Besides the generator ([`Mt19937`]) the module exposes the pieces on their
//! own, with their inverses:
//!
//! | forward | inverse | what it is |
//! | --- | --- | --- |
//! | [`temper`] | [`untemper`] | output scrambling of one word |
//! | [`twist`] | [`untwist`] | the block recurrence (624 words → next 624) |
//! | [`init_step`] | [`init_unstep`] | one step of Knuth's initializer |
//!
//! [`Mt19937::fill`] writes a slice of draws a block at a time (bit for bit
//! the `next_u32` loop, same state afterwards).
//!
//! [`untwist`] is exact on words 1..623 and bit 31 of word 0; word 0's low 31
//! bits never reach the next block, so it restores them from the block's own
//! words 623 and 396 (valid when the block itself came from a twist, see
//! [`restore_head`]). `sots::identify` builds the no-search seed identification
//! of SPEC 2.4 from these.

mod diff;
mod fill;
pub(crate) mod walk;

pub use diff::words_between;

/// Words in the state block.
pub const N: usize = 624;
/// The recurrence's middle offset.
pub const M: usize = 397;
/// The twist matrix's last row.
pub const MATRIX_A: u32 = 0x9908_b0df;
/// Multiplier of Knuth's initializer (`init_genrand`); odd, so invertible mod 2^32.
pub const INIT_MULTIPLIER: u32 = 1_812_433_253;
/// The inverse of [`INIT_MULTIPLIER`] modulo 2^32.
pub const INIT_MULTIPLIER_INV: u32 = inverse_mod_2_32(INIT_MULTIPLIER);

const UPPER_MASK: u32 = 0x8000_0000;
const LOWER_MASK: u32 = 0x7fff_ffff;

/// The 624-word state block.
pub type Block = [u32; N];

/// Inverse of an odd number modulo 2^32 (Newton's iteration doubles the
/// correct low bits each step: 1 → 2 → 4 → … → 32 … and beyond).
const fn inverse_mod_2_32(a: u32) -> u32 {
    let mut x: u32 = 1;
    let mut i = 0;
    while i < 6 {
        x = x.wrapping_mul(2u32.wrapping_sub(a.wrapping_mul(x)));
        i += 1;
    }
    x
}

/// One step of Knuth's initializer: `mt[i]` from `mt[i-1]`.
#[inline]
pub const fn init_step(prev: u32, i: u32) -> u32 {
    INIT_MULTIPLIER
        .wrapping_mul(prev ^ (prev >> 30))
        .wrapping_add(i)
}

/// The inverse of [`init_step`]: `mt[i-1]` from `mt[i]`.
#[inline]
pub const fn init_unstep(word: u32, i: u32) -> u32 {
    let t = word.wrapping_sub(i).wrapping_mul(INIT_MULTIPLIER_INV);
    // x ^ (x >> 30) is its own inverse: the top two bits pass through unchanged.
    t ^ (t >> 30)
}

/// Knuth's initializer (`init_genrand`) alone, **without** the twist that
/// [`Mt19937::new`] runs after it.
pub fn init_genrand(seed: u32) -> Block {
    let mut mt = [0u32; N];
    mt[0] = seed;
    for i in 1..N {
        mt[i] = init_step(mt[i - 1], i as u32);
    }
    mt
}

/// Whether words 1..623 of `block` follow Knuth's initializer, and if so the
/// seed it started from (recovered by inverting the step from word 1).
///
/// Word 0 is not read beyond its top bit, which must agree with the seed:
/// that is all an [`untwist`] can vouch for.
pub fn init_seed_of(block: &Block) -> Option<u32> {
    for i in 2..N {
        if block[i] != init_step(block[i - 1], i as u32) {
            return None;
        }
    }
    let seed = init_unstep(block[1], 1);
    ((seed ^ block[0]) & UPPER_MASK == 0).then_some(seed)
}

/// The twist's per-word mixing: `(y >> 1) ^ (MATRIX_A if y is odd)`.
#[inline(always)]
pub(crate) const fn mix(y: u32) -> u32 {
    (y >> 1) ^ ((y & 1).wrapping_neg() & MATRIX_A)
}

/// The inverse of [`mix`]: `y` from `mix(y)`. Bit 31 of `y >> 1` is 0 and
/// bit 31 of `MATRIX_A` is 1, so bit 31 of `mix(y)` says whether `y` was odd.
#[inline(always)]
pub(crate) const fn unmix(t: u32) -> u32 {
    let odd = t >> 31;
    ((t ^ (odd.wrapping_neg() & MATRIX_A)) << 1) | odd
}

/// Whether the block's 19937 state bits — the top bit of word 0 and words
/// 1..624 — are all zero. Such a block twists to the all-zero block, which
/// twists to itself for ever; no seeded generator reaches it (Knuth's
/// initializer never zeroes words 1..624, nor does the 1998 one but for
/// seed 0, which `Random4Class` seeds as 4375; and the twist is a bijection
/// on the 19937-bit states, so a nonzero one never becomes zero).
pub fn is_zero_state(mt: &Block) -> bool {
    mt[0] & UPPER_MASK == 0 && mt[1..].iter().all(|&w| w == 0)
}

crate::simd::dispatch! {
    /// Regenerate the block in place: the textbook `mt19937ar` twist, where word
    /// i mixes the top bit of word i, the low 31 bits of word i+1 and word i+397,
    /// reading already-regenerated words once the indices wrap.
    ///
    /// Three loops over the three index ranges, so no index needs a modulo and
    /// LLVM vectorises the first two (their read-after-write distances, 1 ahead
    /// and 227 behind, allow it). Compiled with AVX2 when the CPU has it.
    pub fn twist(mt: &mut Block) = twist_kernel;
}

/// [`twist`]'s body, always inlined so the bulk path can compile it inside
/// its AVX2 copy.
#[inline(always)]
fn twist_kernel(mt: &mut Block) {
    for i in 0..N - M {
        let y = (mt[i] & UPPER_MASK) | (mt[i + 1] & LOWER_MASK);
        mt[i] = mt[i + M] ^ mix(y);
    }
    for i in N - M..N - 1 {
        let y = (mt[i] & UPPER_MASK) | (mt[i + 1] & LOWER_MASK);
        mt[i] = mt[i + M - N] ^ mix(y);
    }
    let y = (mt[N - 1] & UPPER_MASK) | (mt[0] & LOWER_MASK);
    mt[N - 1] = mt[M - 1] ^ mix(y);
}

/// Undo [`twist`] in place.
///
/// Words 1..623 and bit 31 of word 0 of the previous block are recovered
/// exactly. The low 31 bits of word 0 never reach the newer block; they are
/// filled in by [`restore_head`], which is right whenever the previous block
/// itself came from a twist (every block but the one Knuth's initializer
/// wrote). `untwist(twist(b)) == b` holds for every block `b` a twist made;
/// not every block is one (a twist makes 2^19937 of the 2^19968), so
/// `twist(untwist(b))` need not give `b` back.
pub fn untwist(mt: &mut Block) {
    untwist_tail(mt);
    restore_head(mt);
}

crate::simd::dispatch! {
    /// [`untwist`] without [`restore_head`]: word 0 keeps only its top bit (its
    /// low 31 bits are zero).
    ///
    /// (Compiled with AVX2 when the CPU has it.)
    pub fn untwist_tail(mt: &mut Block) = untwist_tail_kernel;
}

/// [`untwist_tail`]'s body.
#[inline(always)]
fn untwist_tail_kernel(mt: &mut Block) {
    // View the stream of words as x[0..] where the older block is x[0..624]
    // and the newer x[624..1248]; the twist wrote x[k+624] = x[k+397] ^
    // mix(y_k) with y_k = top(x[k]) | low(x[k+1]), so y_k = unmix(mt[k] ^
    // x[k+397]). For k >= 227, x[k+397] is newer word k - 227: every such
    // y_k at once (written over word k, downwards, so word k - 227 is still
    // the newer one when read). For k < 227, x[k+397] = top(y_{k+397}) |
    // low(y_{k+396}), both from the first pass: every such y_k at once too.
    // Then x[j] = top(y_j) | low(y_{j-1}), downwards. Three passes with no
    // dependency from word to word nearer than 227, so the compiler
    // vectorises each; no scratch block to clear.
    for k in (N - M..N).rev() {
        mt[k] = unmix(mt[k] ^ mt[k + M - N]);
    }
    for k in 0..N - M {
        let j = k + M;
        mt[k] = unmix(mt[k] ^ ((mt[j] & UPPER_MASK) | (mt[j - 1] & LOWER_MASK)));
    }
    for j in (1..N).rev() {
        mt[j] = (mt[j] & UPPER_MASK) | (mt[j - 1] & LOWER_MASK);
    }
    mt[0] &= UPPER_MASK;
}

/// Restore the low 31 bits of word 0 of a block that came from a twist.
///
/// The step that wrote word 623 mixed in the top bit of the word before the
/// block and the low 31 bits of word 0: `mt[623] ^ mt[396] == mix(y)` with
/// `y = top(prev[623]) | low(mt[0])`, so those bits can be read back out.
pub fn restore_head(mt: &mut Block) {
    let y = unmix(mt[N - 1] ^ mt[M - 1]);
    mt[0] = (mt[0] & UPPER_MASK) | (y & LOWER_MASK);
}

/// MT19937's output tempering of one state word.
#[inline(always)]
pub const fn temper(mut y: u32) -> u32 {
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c_5680;
    y ^= (y << 15) & 0xefc6_0000;
    y ^= y >> 18;
    y
}

/// The inverse of [`temper`]: the state word behind an output.
pub const fn untemper(mut y: u32) -> u32 {
    y = undo_shift_right_xor(y, 18);
    y = undo_shift_left_xor_mask(y, 15, 0xefc6_0000);
    y = undo_shift_left_xor_mask(y, 7, 0x9d2c_5680);
    undo_shift_right_xor(y, 11)
}

/// Invert `y ^= y >> shift` (each pass fixes `shift` more bits).
const fn undo_shift_right_xor(y: u32, shift: u32) -> u32 {
    let mut x = y;
    let mut fixed = shift;
    while fixed < 32 {
        x = y ^ (x >> shift);
        fixed += shift;
    }
    x
}

/// Invert `y ^= (y << shift) & mask`.
const fn undo_shift_left_xor_mask(y: u32, shift: u32, mask: u32) -> u32 {
    let mut x = y;
    let mut fixed = shift;
    while fixed < 32 {
        x = y ^ ((x << shift) & mask);
        fixed += shift;
    }
    x
}

/// The `left` value of a state was outside `0..=624`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeftOutOfRange {
    /// The rejected value.
    pub left: i64,
}

impl core::fmt::Display for LeftOutOfRange {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "left = {} is outside 0..=624", self.left)
    }
}

impl core::error::Error for LeftOutOfRange {}

/// An MT19937 generator: the 624-word block and the read position.
///
/// `left` (words still unread in the block) is the original's state variable;
/// [`index`](Self::index) is `624 - left`, the next word to hand out. A state
/// with `left == 0` is valid: the next draw twists first.
///
/// Besides the state the generator keeps the block's tempered words (a
/// cache, recomputed with each twist in one vectorised pass), so a draw is a
/// load rather than a load and four tempering steps. The cache is not state:
/// it is not compared, saved or serialized, and is always `temper` of the
/// block.
#[derive(Clone)]
pub struct Mt19937 {
    mt: Block,
    /// `temper(mt[i])` for every i.
    tempered: Block,
    /// Next word to read, `0..=N` (`N` means the block is used up).
    idx: usize,
    /// Lazy twists this object has run; with `idx` it makes [`Self::position`].
    twists: u64,
}

/// `tempered[i] = temper(mt[i])` for the whole block (a loop LLVM vectorises).
#[inline(always)]
fn temper_block(mt: &Block, tempered: &mut Block) {
    for (t, &w) in tempered.iter_mut().zip(mt) {
        *t = temper(w);
    }
}

impl Mt19937 {
    /// Seed with Knuth's initializer and twist once (SPEC 2): `left == 624`.
    pub fn new(seed: u32) -> Self {
        let mut mt = init_genrand(seed);
        twist(&mut mt);
        Self::at(mt, 0)
    }

    /// A generator at an explicit state: the block and `left` (`0..=624`).
    pub fn from_state(mt: Block, left: u32) -> Result<Self, LeftOutOfRange> {
        if left as usize > N {
            return Err(LeftOutOfRange { left: left.into() });
        }
        Ok(Self::at(mt, N - left as usize))
    }

    fn at(mt: Block, idx: usize) -> Self {
        let mut tempered = [0; N];
        temper_block(&mt, &mut tempered);
        Self {
            mt,
            tempered,
            idx,
            twists: 0,
        }
    }

    /// The next tempered word. Spends one word; twists first when `left == 0`.
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        // One compare serves as both the `left == 0` test and the bounds
        // check; the word is already tempered.
        match self.tempered.get(self.idx) {
            Some(&y) => {
                self.idx += 1;
                y
            }
            None => self.twist_and_read_first(),
        }
    }

    /// The lazy twist of [`next_u32`](Self::next_u32), then word 0 (read).
    /// Inlined (as `rand_mt` inlines its twist): an out-of-line call in a
    /// caller's loop makes LLVM keep `idx` in memory, a store-to-load chain
    /// per draw.
    #[inline(always)]
    fn twist_and_read_first(&mut self) -> u32 {
        self.twist_now();
        self.idx = 1;
        self.tempered[0]
    }

    /// Spend `words` words without reading them; the state afterwards is the
    /// one `words` calls of [`next_u32`](Self::next_u32) leave (including a
    /// lazy `left == 0` at a block's end). Whole blocks cost one twist each.
    pub fn discard(&mut self, mut words: u64) {
        let mut twisted = false;
        loop {
            let avail = (N - self.idx) as u64;
            if words <= avail {
                self.idx += words as usize;
                break;
            }
            words -= avail;
            self.twist_untempered();
            twisted = true;
        }
        if twisted {
            temper_block(&self.mt, &mut self.tempered);
        }
    }

    /// Twist and re-temper the cache; `idx = 0`.
    #[inline]
    fn twist_now(&mut self) {
        self.twist_untempered();
        temper_block(&self.mt, &mut self.tempered);
    }

    /// Twist, leaving the tempered cache stale (the caller refreshes it
    /// before anything reads it); `idx = 0`.
    #[inline]
    fn twist_untempered(&mut self) {
        twist(&mut self.mt);
        self.idx = 0;
        self.twists += 1;
    }

    /// Words still unread in the current block (`0..=624`).
    #[inline]
    pub fn left(&self) -> u32 {
        (N - self.idx) as u32
    }

    /// Index of the next word to read, `624 - left`.
    #[inline]
    pub fn index(&self) -> usize {
        self.idx
    }

    /// The untempered state block.
    #[inline]
    pub fn state(&self) -> &Block {
        &self.mt
    }

    /// A word counter for measuring cost: words read since this object was
    /// seeded, or since the start of the block it was loaded with. The
    /// difference of two readings is the words spent in between.
    #[inline]
    pub fn position(&self) -> u64 {
        self.twists * N as u64 + self.idx as u64
    }

    /// Sets the word counter to `position` (restoring a copy's, e.g. from
    /// a pickle): only a counter this block can show, `position ≡ 624 -
    /// left (mod 624)` and at least that; returns whether it was one (else
    /// the counter is left as it was).
    pub fn set_position(&mut self, position: u64) -> bool {
        let idx = self.idx as u64;
        match position.checked_sub(idx) {
            Some(d) if d % N as u64 == 0 => {
                self.twists = d / N as u64;
                true
            }
            _ => false,
        }
    }
}

/// Equal when the block and `left` are equal (the word counter is not state).
impl PartialEq for Mt19937 {
    fn eq(&self, other: &Self) -> bool {
        self.idx == other.idx && self.mt == other.mt
    }
}

impl Eq for Mt19937 {}

impl core::fmt::Debug for Mt19937 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Mt19937")
            .field("left", &self.left())
            .field("mt[0..4]", &&self.mt[..4])
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inverse_multiplier() {
        assert_eq!(INIT_MULTIPLIER.wrapping_mul(INIT_MULTIPLIER_INV), 1);
    }

    #[test]
    fn first_words_of_5489() {
        // Seed 000's vectors.
        let mut g = Mt19937::new(5489);
        assert_eq!(g.next_u32(), 3_499_211_612);
        assert_eq!(g.next_u32(), 581_869_302);
        assert_eq!(g.next_u32(), 3_890_346_734);
    }

    #[test]
    fn untemper_inverts_temper() {
        let mut y = 0x1234_5678u32;
        for _ in 0..10_000 {
            assert_eq!(untemper(temper(y)), y);
            assert_eq!(temper(untemper(y)), y);
            y = y.wrapping_mul(2_654_435_761).wrapping_add(0x9e37_79b9);
        }
        for y in [0, 1, u32::MAX, 0x8000_0000, 0x7fff_ffff] {
            assert_eq!(untemper(temper(y)), y);
        }
    }

    #[test]
    fn init_unstep_inverts_init_step() {
        let mut p = 7u32;
        for i in 1..2000u32 {
            assert_eq!(init_unstep(init_step(p, i), i), p);
            p = p.wrapping_mul(0x0019_660d).wrapping_add(0x3c6e_f35f);
        }
    }

    #[test]
    fn untwist_inverts_twist_on_twisted_blocks() {
        let mut b = init_genrand(42);
        twist(&mut b);
        let before = b;
        let mut t = b;
        twist(&mut t);
        untwist(&mut t);
        assert_eq!(t, before);
    }

    /// `untwist` undoes `twist` on random twisted blocks, every word (the
    /// three-pass untwist against the twist it inverts, not against itself).
    #[test]
    fn untwist_inverts_twist_on_random_blocks() {
        let mut x = 0x9e37_79b9u32;
        for _ in 0..300 {
            x = x.wrapping_mul(0x0019_660d).wrapping_add(0x3c6e_f35f);
            let mut b = init_genrand(x);
            for _ in 0..(x % 3 + 1) {
                twist(&mut b);
            }
            let before = b;
            twist(&mut b);
            untwist(&mut b);
            assert_eq!(b, before, "seed {x}");
        }
    }

    /// The three-pass untwist equals the textbook serial walk (the form it
    /// replaced: `k` downwards, each step reading the word the step above
    /// recovered) on arbitrary blocks, twisted or not.
    #[test]
    fn untwist_tail_equals_the_serial_walk_on_any_block() {
        fn serial(mt: &mut Block) {
            let mut pending_top = 0u32;
            for k in (0..N).rev() {
                let far = if k + M >= N { mt[k + M - N] } else { mt[k + M] };
                let y = unmix(mt[k] ^ far);
                if k + 1 < N {
                    mt[k + 1] = pending_top | (y & LOWER_MASK);
                }
                pending_top = y & UPPER_MASK;
                if k == 0 {
                    mt[0] = pending_top;
                }
            }
        }
        let mut x = 0x2545_f491u32;
        for _ in 0..200 {
            let mut b = [0u32; N];
            for w in b.iter_mut() {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                *w = x;
            }
            let (mut fast, mut slow) = (b, b);
            untwist_tail(&mut fast);
            serial(&mut slow);
            assert_eq!(fast, slow);
        }
    }

    #[test]
    fn untwist_of_first_block_recovers_init_words_1_to_623() {
        let init = init_genrand(0xdead_beef);
        let mut b = init;
        twist(&mut b);
        untwist_tail(&mut b);
        assert_eq!(b[1..], init[1..]);
        assert_eq!(b[0], init[0] & UPPER_MASK);
        assert_eq!(init_seed_of(&b), Some(0xdead_beef));
    }
}

/// serde: `{"mt": [624 words], "left": n}`; deserializing checks `left`.
#[cfg(feature = "serde")]
mod serde_impl;
