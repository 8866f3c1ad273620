//! The save's RNG item from arbitrary bytes (SPEC 2.4, 8): decoding never
//! panics and accepts exactly 2500 or 2503 bytes with `left` in 0..=624;
//! encoding a decoded item gives back its first 2500 bytes and decodes to
//! the same state; and whatever `identify` says about it replays.
#![no_main]

use bitexact::sots::{decode_item, encode_item, identify, ItemError, ITEM_LEN};
use bitexact_fuzz::sots_replay;
use libfuzzer_sys::fuzz_target;

/// Twists walked back: a few microseconds each, so a run stays fast.
const MAX_TWISTS: u64 = 16;

fuzz_target!(|data: &[u8]| {
    let state = match decode_item(data) {
        Ok(s) => s,
        Err(ItemError::WrongLength { len }) => {
            assert_eq!(len, data.len());
            assert!(len != 2500 && len != 2503, "a {len}-byte item was refused");
            return;
        }
        Err(ItemError::LeftOutOfRange { left }) => {
            assert!(data.len() == 2500 || data.len() == 2503);
            let raw = i32::from_le_bytes(data[2496..2500].try_into().unwrap());
            assert_eq!(left, i64::from(raw));
            assert!(!(0..=624).contains(&raw), "left {raw} was refused");
            return;
        }
    };
    assert!(data.len() == 2500 || data.len() == 2503);
    let bytes = encode_item(&state);
    assert_eq!(bytes.len(), ITEM_LEN);
    assert_eq!(&bytes[..], &data[..ITEM_LEN], "encode(decode(x)) is not x");
    let again = decode_item(&bytes).expect("an encoded item decodes");
    assert_eq!(again, state);
    assert_eq!(again.state(), state.state());
    assert_eq!(again.left(), state.left());

    if let Ok(id) = identify(&state, MAX_TWISTS) {
        if let Err(e) = sots_replay(&state, &id) {
            panic!("identified as {id:?}, which does not replay: {e}");
        }
    }
});
