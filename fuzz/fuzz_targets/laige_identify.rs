//! Identification of laige states made from a seed (SPEC 3, 8). The fuzz
//! bytes pick a seed, a number of draws (< 5000), maybe a substream id, and
//! maybe one of the 128 state bits to flip. Unflipped, `identify` returns the
//! stream's seed and the draw count (and `substream_id` the id); flipped, it
//! never returns an identification whose replay differs from the state.
#![no_main]

use bitexact::laige::{decode_state, encode_state, identify, substream_id, Prng};
use bitexact_fuzz::{laige_replay, Bytes};
use libfuzzer_sys::fuzz_target;

const MAX_DRAWS: u64 = 10_000;

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    let master = b.u64();
    let draws = u64::from(b.u16() % 5000);
    let sub = b.u8() & 1 == 1;
    let id_wanted = b.u32();
    let flip = b.u8() & 1 == 1;
    let bit = usize::from(b.u8()) % 128;

    let mut prng = if sub {
        Prng::derive_substream(master, id_wanted)
    } else {
        Prng::new(master)
    };
    let stream_seed = prng.seed();
    for _ in 0..draws {
        prng.next_u64();
    }
    let mut bytes = encode_state(&prng);
    if flip {
        bytes[8 + bit / 8] ^= 1 << (bit % 8);
    }
    let Ok(state) = decode_state(&bytes) else {
        assert!(flip, "a state encode_state wrote was refused");
        return;
    };
    let (p1, p2) = (state.state_part1(), state.state_part2());
    let result = identify(p1, p2, MAX_DRAWS);
    if !flip {
        let id = result.unwrap_or_else(|e| panic!("seed {stream_seed:#x} + {draws}: {e}"));
        assert_eq!((id.seed, id.words_drawn), (stream_seed, draws));
        if sub {
            assert_eq!(substream_id(master, id.seed), Ok(id_wanted));
        }
    }
    if let Ok(id) = result {
        if let Err(e) = laige_replay(p1, p2, &id) {
            panic!("bit {bit} flipped: identified as {id:?}, which does not replay: {e}");
        }
    }
});
