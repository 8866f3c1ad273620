//! Seed identification of sots states made from a seed (SPEC 2.4, 8). The
//! fuzz bytes pick a seed, a number of words drawn (< 5000) and maybe one
//! bit to flip in the encoded item (any of the 624 words' bits or `left`'s).
//! Unflipped, `identify` must return that seed and that count; flipped, it
//! must never return an identification whose replay differs from the state.
#![no_main]

use bitexact::sots::{decode_item, identify, Rng};
use bitexact_fuzz::{sots_replay, Bytes};
use libfuzzer_sys::fuzz_target;

const MAX_TWISTS: u64 = 64;

/// Words at the twist's seams (0, 1; 226, 227 = N - M and after; 396, 397 =
/// M - 1, M; 622, 623 the last two), and `left` (624).
const EDGE_WORDS: [usize; 11] = [0, 1, 2, 226, 227, 228, 396, 397, 622, 623, 624];

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    let seed = b.u32();
    let words = u64::from(b.u16() % 5000);
    let mode = b.u8();
    let flip = mode & 1 == 1;
    // Which bit: any of the 624 words' 32 bits or left's 32 (word 624); or,
    // half the time, a bit of one of the words where the twist and its
    // inverse change their form (the fuzzer gets no coverage signal from the
    // bit's position, so the edges are not left to chance).
    let pick = b.u16();
    let word = if mode & 2 != 0 {
        EDGE_WORDS[usize::from(pick >> 5) % EDGE_WORDS.len()]
    } else {
        usize::from(pick >> 5) % 625
    };
    let bit = word * 32 + usize::from(pick & 31);

    let mut rng = Rng::new(seed);
    rng.discard(words);
    let mut item = rng.save_state();
    if flip {
        item[bit / 8] ^= 1 << (bit % 8);
    }
    let Ok(state) = decode_item(&item) else {
        assert!(
            flip && bit >= 624 * 32,
            "an item save_state wrote was refused"
        );
        return;
    };
    let result = identify(&state, MAX_TWISTS);
    if !flip {
        let id = result.unwrap_or_else(|e| panic!("seed {seed} + {words} words: {e}"));
        assert_eq!(
            (id.seed, id.words_drawn),
            (u64::from(seed), words),
            "seed {seed} + {words} words identified as {id:?}"
        );
    }
    if let Ok(id) = result {
        if let Err(e) = sots_replay(&state, &id) {
            panic!(
                "seed {seed} + {words} words, bit {bit} flipped (word {}, bit {}): \
                 identified as {id:?}, which does not replay: {e}",
                bit / 32,
                bit % 32
            );
        }
    }
});
