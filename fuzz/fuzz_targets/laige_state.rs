//! laige state files from arbitrary bytes (SPEC 3, 8): decoding never panics,
//! accepts exactly 24 bytes with a nonzero state, round-trips byte for byte,
//! and whatever `identify` says about the state replays to both words.
#![no_main]

use bitexact::laige::{decode_state, encode_state, identify, StateError, STATE_LEN};
use bitexact_fuzz::laige_replay;
use libfuzzer_sys::fuzz_target;

/// Draws walked back: a few nanoseconds each.
const MAX_DRAWS: u64 = 20_000;

fuzz_target!(|data: &[u8]| {
    let prng = match decode_state(data) {
        Ok(p) => p,
        Err(StateError::WrongLength { len }) => {
            assert_eq!(len, data.len());
            assert_ne!(len, STATE_LEN);
            return;
        }
        Err(StateError::ZeroState) => {
            assert_eq!(data.len(), STATE_LEN);
            assert!(
                data[8..].iter().all(|&b| b == 0),
                "a nonzero state was refused"
            );
            return;
        }
    };
    assert_eq!(data.len(), STATE_LEN);
    let bytes = encode_state(&prng);
    assert_eq!(&bytes[..], data, "encode(decode(x)) is not x");
    assert_eq!(decode_state(&bytes), Ok(prng));

    let (p1, p2) = (prng.state_part1(), prng.state_part2());
    if let Ok(id) = identify(p1, p2, MAX_DRAWS) {
        assert!(id.words_drawn <= MAX_DRAWS);
        if let Err(e) = laige_replay(p1, p2, &id) {
            panic!("identified as {id:?}, which does not replay: {e}");
        }
    }
});
