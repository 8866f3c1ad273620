//! Fixed-size little-endian state codecs, shared by the generators whose
//! state file is a run of 32-bit words (Generals' six, `System.Random`'s 58).

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

/// The little-endian 32-bit word at byte `at` of `bytes` (0 past the end).
pub fn word_at(bytes: &[u8], at: usize) -> u32 {
    bytes
        .get(at..at + 4)
        .map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// Whether 20 words of the `n` words of `bytes` — the first four, the last
/// four, and twelve spread between — are pairwise distinct: a cheap sign of
/// a generator's table rather than memory that is partly a run of one value
/// (a table running into zeros, filled buffers), for `state find`'s
/// structure filters. A genuine table fails it with probability about
/// 190 / 2^32.
pub fn distinct_words(bytes: &[u8], n: usize) -> bool {
    const SPREAD: usize = 12;
    if n < 2 * SPREAD {
        return false;
    }
    let index = |k: usize| match k {
        0..4 => k,
        4..8 => n - 8 + k,
        _ => 4 + (k - 8) * (n - 9) / (SPREAD - 1),
    };
    let at = |k: usize| word_at(bytes, 4 * index(k));
    (0..8 + SPREAD).all(|i| (0..i).all(|j| at(i) != at(j)))
}

/// An MT19937 block of 624 words and its position counter (sots' `left`,
/// Random4Class's `mti`), 2500 bytes: the counter in `0..=624`, the
/// sampled words distinct ([`distinct_words`]), and words 1..624 as a
/// generator's are ([`words_look_random`]; word 0 is left out: a freshly
/// seeded block holds the seed there).
pub fn mt_block_plausible(bytes: &[u8]) -> bool {
    bytes.len() == 2500
        && word_at(bytes, 2496) <= 624
        && distinct_words(bytes, 624)
        && words_look_random(&bytes[4..2496])
}

/// The most words [`words_look_random`] reads.
pub const RANDOM_WORDS_MAX: usize = 624;

/// Whether the little-endian words of `bytes` (the first
/// [`RANDOM_WORDS_MAX`]) look like a generator's uniform 32-bit words
/// rather than memory: at most three of them below 2^16 (small integers,
/// the upper halves of 64-bit pointers) and at most two equal to another
/// (text, repeated structures). A uniform word is below 2^16 with chance
/// 2^-16, so 623 of them fail the first test with chance about 3·10^-10,
/// and the second (4.5·10^-5 equal pairs expected) about 2·10^-14: a
/// genuine block is not turned away in practice. The windows of real crash
/// dumps that passed the cheaper tests before this one — stack memory with
/// 142 or more small words, path names with 150 or more repeats — are.
pub fn words_look_random(bytes: &[u8]) -> bool {
    let mut words = [0u32; RANDOM_WORDS_MAX];
    let mut n = 0;
    for (w, c) in words.iter_mut().zip(bytes.chunks_exact(4)) {
        *w = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
        n += 1;
    }
    let words = &mut words[..n];
    if words.iter().filter(|&&w| w < 1 << 16).count() > 3 {
        return false;
    }
    words.sort_unstable();
    words.windows(2).filter(|p| p[0] == p[1]).count() <= 2
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Genuine MT19937 blocks — fresh from Knuth's initializer (seed 0's
    /// word 1 is 1) and twisted — pass; the same blocks with four small
    /// words, or three words copied over others, do not.
    #[test]
    fn genuine_blocks_look_random_and_memory_does_not() {
        let block_bytes = |mt: &crate::mt19937::Block| {
            let mut b = [0u8; 2500];
            put_words(&mut b, mt.iter().copied().chain([624]));
            b
        };
        let mut s = 0x2545_f491u32;
        for seed in [0u32, 1, 4375, 5489, u32::MAX]
            .into_iter()
            .chain((0..300).map(|_| {
                s = s.wrapping_mul(0x0019_660d).wrapping_add(0x3c6e_f35f);
                s
            }))
        {
            let mut mt = crate::mt19937::init_genrand(seed);
            for twist in 0..4 {
                let b = block_bytes(&mt);
                assert!(mt_block_plausible(&b), "seed {seed}, twist {twist}");
                let mut small = b;
                for k in [10, 200, 400, 600] {
                    put_words(&mut small[4 * k..], [k as u32]);
                }
                assert!(!words_look_random(&small[4..2496]), "seed {seed}");
                let mut repeats = b;
                for k in [10, 200, 400] {
                    let w = word_at(&b, 4 * (k + 1));
                    put_words(&mut repeats[4 * k..], [w]);
                }
                assert!(!words_look_random(&repeats[4..2496]), "seed {seed}");
                crate::mt19937::twist(&mut mt);
            }
        }
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
