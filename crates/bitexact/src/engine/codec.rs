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
/// Random4Class's `mti`), 2500 bytes: the counter in `0..=624` and the
/// first words distinct.
pub fn mt_block_plausible(bytes: &[u8]) -> bool {
    bytes.len() == 2500 && word_at(bytes, 2496) <= 624 && distinct_words(bytes, 624)
}

#[cfg(test)]
mod tests {
    use super::*;

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
