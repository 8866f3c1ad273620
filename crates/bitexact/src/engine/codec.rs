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
