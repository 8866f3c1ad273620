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

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    let seed = b.u32();
    let words = u64::from(b.u16() % 5000);
    let flip = b.u8() & 1 == 1;
    // 624 words of 32 bits, then left's 32 bits.
    let bit = usize::from(b.u16()) % (625 * 32);

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
            (seed, words),
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
