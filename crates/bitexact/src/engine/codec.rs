//! Fixed-size little-endian state codecs, shared by the generators whose
//! state file is a run of 32-bit words (Generals' six, `System.Random`'s 58):
//! [`save_words`] and [`load_words`] are a whole state file's codec for a
//! generator whose state is `N` words and nothing else.

use super::error::{StateError, StateKind};

/// Write `words` into `out`, four little-endian bytes each, in order.
/// Stops at whichever runs out first.
pub fn put_words(out: &mut [u8], words: impl IntoIterator<Item = u32>) {
    for (chunk, w) in out.chunks_exact_mut(4).zip(words) {
        chunk.copy_from_slice(&w.to_le_bytes());
    }
}

/// `N` little-endian 32-bit words, when `bytes` is exactly `4·N` long.
pub fn read_words<const N: usize>(bytes: &[u8]) -> Option<[u32; N]> {
    if bytes.len() != 4 * N {
        return None;
    }
    let mut out = [0u32; N];
    for (w, c) in out.iter_mut().zip(bytes.chunks_exact(4)) {
        *w = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
    }
    Some(out)
}

/// A state file of `words`, four little-endian bytes each, in order
/// ([`load_words`] reads it back).
#[cfg(feature = "alloc")]
pub fn save_words(words: &[u32]) -> alloc::vec::Vec<u8> {
    let mut out = alloc::vec![0u8; 4 * words.len()];
    put_words(&mut out, words.iter().copied());
    out
}

/// The `N` words of a state file [`save_words`] wrote: a
/// [`StateError`] of kind [`StateKind::Length`] unless `bytes` is exactly
/// `4·N` long (`title` names the generator in its message: `a PCG32 state
/// is 16 bytes (4 little-endian words), not 15`).
pub fn load_words<const N: usize>(bytes: &[u8], title: &str) -> Result<[u32; N], StateError> {
    read_words(bytes).ok_or_else(|| {
        StateError::new(
            StateKind::Length { len: bytes.len() },
            format_args!(
                "a {title} state is {} bytes ({N} little-endian words), not {}",
                4 * N,
                bytes.len()
            ),
        )
    })
}

/// The little-endian 32-bit word at byte `at` of `bytes` (0 past the end).
pub fn word_at(bytes: &[u8], at: usize) -> u32 {
    bytes
        .get(at..at + 4)
        .map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// An MT19937 block of 624 words and its position counter (sots' `left`,
/// Random4Class's `mti`), 2500 bytes: the counter in `0..=624`, and words
/// 1..624 as a generator's can be ([`words_look_random`]; word 0 is left
/// out: a freshly seeded block holds the seed there).
pub fn mt_block_plausible(bytes: &[u8]) -> bool {
    bytes.len() == 2500 && word_at(bytes, 2496) <= 624 && words_look_random(&bytes[4..2496])
}

/// The most words [`words_look_random`] reads.
pub const RANDOM_WORDS_MAX: usize = 624;

/// Whether the little-endian words of `bytes` (the first
/// [`RANDOM_WORDS_MAX`]) could be a generator's rather than memory: at
/// most `3 + n/64` of the `n` below 2^16 (small integers, zeros, the upper
/// halves of 64-bit pointers) and at most 64 distinct words of four
/// printable ASCII bytes (text). A generator's uniform 32-bit word is below
/// 2^16 with chance 2^-16 (a 31-bit one, `System.Random`'s, 2^-15) and
/// text with chance (95/256)^4, about 1.9 %: a genuine table fails with
/// chance below 10^-12 (55 31-bit words; 250 words: 10^-20; 623: 10^-35).
/// Nothing here assumes the words distinct or well mixed: a seed with many
/// trailing zero bits leaves Random4Class's block (`seed · 69069^i`) with
/// as few as one distinct word, and the twists take a thousand rounds and
/// more to mix it (hence distinct text words: a few repeated words count
/// once); and any table of uniform words holds two equal ones now and then
/// (a test of 20 sampled words distinct turned away about one
/// `System.Random` state in 10^7, and Random2Class and Random4Class states
/// too, which adversarial tests found). The windows of real crash dumps
/// that passed the cursor tests alone — stack memory with 142 small words
/// or more, path names with about 400 distinct text words — do not pass.
pub fn words_look_random(bytes: &[u8]) -> bool {
    let n = (bytes.len() / 4).min(RANDOM_WORDS_MAX);
    let words = bytes.chunks_exact(4).take(n);
    let is_text = |c: &[u8]| c.iter().all(|b| (0x20..0x7f).contains(b));
    let (mut small, mut texts) = (0, 0);
    for c in words.clone() {
        small += usize::from(u32::from_le_bytes([c[0], c[1], c[2], c[3]]) < 1 << 16);
        if small > 3 + n / 64 {
            return false;
        }
        texts += usize::from(is_text(c));
    }
    if texts <= 64 {
        return true;
    }
    // Many text words (about 12 in a genuine table): count the distinct.
    let mut text = [0u32; RANDOM_WORDS_MAX];
    let mut k = 0;
    for c in words.filter(|c| is_text(c)) {
        text[k] = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
        k += 1;
    }
    let text = &mut text[..k];
    text.sort_unstable();
    // Distinct words: one, plus one at each change in sorted order.
    text.windows(2).filter(|p| p[0] != p[1]).count() < 64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every genuine MT19937 block passes: Knuth-seeded (sots; seed 0's
    /// word 1 is 1) and 1998-seeded (Random4Class: `seed · 69069^i`, whose
    /// words keep the seed's trailing zero bits: with 24 or more, hundreds
    /// of twists still hold repeated words), for seeds with every count of
    /// trailing zeros 0..=31 and random ones, fresh and through 2000
    /// twists; the same blocks with 13 small words, or 100 words of text,
    /// do not.
    #[test]
    fn genuine_blocks_look_random_and_memory_does_not() {
        use crate::mt19937::{init_genrand, twist, Block};
        let block_bytes = |mt: &Block| {
            let mut b = [0u8; 2500];
            put_words(&mut b, mt.iter().copied().chain([624]));
            b
        };
        let mut s = 0x2545_f491u32;
        let mut next = || {
            s = s.wrapping_mul(0x0019_660d).wrapping_add(0x3c6e_f35f);
            s
        };
        let mut seeds = [0u32; 32 + 100];
        for (i, seed) in seeds.iter_mut().enumerate() {
            *seed = if i < 32 { (next() | 1) << i } else { next() };
        }
        let mut broken = 0;
        for seed in seeds
            .into_iter()
            .chain([0, 1, 4375, 5489, u32::MAX, 1 << 31])
        {
            let seed4 = if seed == 0 { 4375 } else { seed };
            for mut mt in [
                init_genrand(seed),
                crate::westwood::random4::seed_block(seed4),
            ] {
                for t in 0..2000 {
                    let b = block_bytes(&mt);
                    assert!(mt_block_plausible(&b), "seed {seed:#x}, twist {t}");
                    // 13 small words: one more than the 3 + 623/64 allowed.
                    let mut small = b;
                    for k in (0..13).map(|i| 10 + 47 * i) {
                        put_words(&mut small[4 * k..], [k as u32]);
                    }
                    assert!(!mt_block_plausible(&small), "seed {seed:#x}");
                    let mut text = b;
                    for (i, byte) in text[400..800].iter_mut().enumerate() {
                        *byte = b' ' + ((i * 37 + i / 5) % 95) as u8;
                    }
                    assert!(!mt_block_plausible(&text), "seed {seed:#x}");
                    broken += 2;
                    twist(&mut mt);
                }
            }
        }
        assert!(broken > 100_000);
        // Zeroed memory is not a state.
        assert!(!mt_block_plausible(&[0u8; 2500]));
    }

    #[test]
    fn words_round_trip_and_lengths_are_exact() {
        let mut b = [0u8; 8];
        put_words(&mut b, [0x0403_0201, 0x0807_0605]);
        assert_eq!(b, [1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(read_words::<2>(&b), Some([0x0403_0201, 0x0807_0605]));
        assert_eq!(read_words::<2>(&b[..7]), None);
        assert_eq!(read_words::<1>(&b), None);
    }
}
