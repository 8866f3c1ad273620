//! What the pseudo-DES vector kernels (`psdes_avx.rs`) test a seed's first
//! words against, shared by the kernels and the searches that dispatch to
//! them: identification's filter of first words ([`Filter`], [`FEW`]) and
//! the seed search's ([`RawFilter`], [`WALKED`], [`MAX_SEARCH_OFFSET`]).

use alloc::boxed::Box;
use alloc::vec;

/// The largest `max_offset` supported: draws whose two table words are both
/// still the seeding hashes.
pub const MAX_SEARCH_OFFSET: u64 = 146;

/// The most distinct first words compared directly (see `Candidates::few`).
pub(crate) const FEW: usize = 4;

/// Seeds hashed per block in identification's search.
pub(crate) const SEARCH_BLOCK: usize = 256;

/// The first words a seed must have to be a candidate: a blocked Bloom
/// filter of one 32-bit block per point or so (a power of two between
/// 2^[`MIN_BLOCK_BITS`] and 2^[`MAX_BLOCK_BITS`] blocks). A word `w` sets,
/// and a seed's first word must find set, the three bits of [`mask`]`(w)`
/// (from `w`'s low 15 bits) in block `w >> shift` (its top bits, at most
/// 17 of them: the two parts never overlap). One load a seed: at the
/// default bound's 40 000 points (2^16 blocks, 256 KiB, in L2) about one
/// seed in 700 passes and goes on to the exact lookup.
///
/// (Before: two bitmaps, 32 KiB and 256 KiB, of which 14 % of seeds passed
/// the first and needed the second — a branchy second pass that cost more
/// than the hash; before that one bitmap of 1 MiB, out of L2, 3× slower
/// than the portable loop with AMD's microcoded gathers. Issue 32.)
///
/// Invariant (the vector kernels' gathers rely on it, and check it):
/// `blocks.len() == 1 << (32 - shift)`, so every `w >> shift` is an index.
#[derive(Clone)]
pub(crate) struct Filter {
    blocks: Box<[u32]>,
    shift: u32,
}

/// The fewest and most blocks of [`Filter`], as powers of two.
pub(crate) const MIN_BLOCK_BITS: u32 = 6;
pub(crate) const MAX_BLOCK_BITS: u32 = 17;

/// The three bits word `w` sets in its block (bits 0..15 of `w`, five at a
/// time).
#[inline(always)]
pub(crate) fn mask(w: u32) -> u32 {
    1 << (w & 31) | 1 << (w >> 5 & 31) | 1 << (w >> 10 & 31)
}

impl core::fmt::Debug for Filter {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let ones: u32 = self.blocks.iter().map(|b| b.count_ones()).sum();
        f.debug_struct("Filter")
            .field("blocks", &self.blocks.len())
            .field("ones", &ones)
            .finish()
    }
}

impl Filter {
    /// The filter of `n` words, one block a word rounded up to a power of
    /// two within the bounds.
    pub(crate) fn new(words: impl Iterator<Item = u32>, n: usize) -> Filter {
        let bits = n.max(1).next_power_of_two().trailing_zeros();
        Filter::with_block_bits(words, bits.clamp(MIN_BLOCK_BITS, MAX_BLOCK_BITS))
    }

    /// The filter of `words` with `2^bits` blocks (`bits` clamped to the
    /// bounds; the tests make small, dense ones).
    pub(crate) fn with_block_bits(words: impl Iterator<Item = u32>, bits: u32) -> Filter {
        let bits = bits.clamp(MIN_BLOCK_BITS, MAX_BLOCK_BITS);
        let mut f = Filter {
            blocks: vec![0u32; 1 << bits].into_boxed_slice(),
            shift: 32 - bits,
        };
        for w in words {
            f.blocks[(w >> f.shift) as usize] |= mask(w);
        }
        f
    }

    /// The blocks and the shift that picks a word's block (for the vector
    /// kernels: `blocks.len() == 1 << (32 - shift)`).
    #[inline(always)]
    pub(crate) fn parts(&self) -> (&[u32], u32) {
        (&self.blocks, self.shift)
    }

    /// Whether `w` passes.
    #[inline(always)]
    pub(crate) fn pass(&self, w: u32) -> bool {
        let m = mask(w);
        self.blocks[(w >> self.shift) as usize] & m == m
    }

    /// Bit `i` set when `words[i]` passes.
    #[inline(always)]
    pub(crate) fn pass_block(&self, words: &[u32; SEARCH_BLOCK]) -> [u64; SEARCH_BLOCK / 64] {
        let mut bits = [0u64; SEARCH_BLOCK / 64];
        for (chunk, out) in words.chunks_exact(64).zip(&mut bits) {
            for (j, &w) in chunk.iter().enumerate() {
                *out |= u64::from(self.pass(w)) << j;
            }
        }
        bits
    }
}

/// `bits` with bit `i` moved to bit `i ^ x` (`x < 64`).
#[inline(always)]
pub(crate) fn xor_lanes(mut bits: u64, x: usize) -> u64 {
    const LOW: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0f0f_0f0f_0f0f_0f0f,
        0x00ff_00ff_00ff_00ff,
        0x0000_ffff_0000_ffff,
        0x0000_0000_ffff_ffff,
    ];
    for (b, low) in LOW.iter().enumerate() {
        let s = 1 << b;
        if x & s != 0 {
            bits = ((bits & low) << s) | ((bits >> s) & low);
        }
    }
    bits
}

/// What a vector kernel lets through for the exact check: the seeds and
/// start draws whose draws, read as the tap reads them (`raw & mask`, a
/// pick above `span` rejected and drawn again when `reject`), give the
/// first `count` values' picks `wants` — or whose draws run past the last
/// one the kernel computes before that is decided. A superset of the seeds
/// the portable kernel confirms, so the hits are the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RawFilter {
    pub(crate) mask: i32,
    pub(crate) wants: [i32; WALKED],
    pub(crate) count: usize,
    pub(crate) span: i32,
    pub(crate) reject: bool,
}

/// The most values a vector kernel follows (the rest are the exact check's).
pub(crate) const WALKED: usize = 4;
