//! Both Westwood byte layouts from arbitrary bytes (SPEC 4, 8): decoding
//! never panics and refuses exactly what SPEC 4 says (wrong length, a cursor
//! outside 0..250, an RA2 flag byte other than 0/1); encoding a decoded
//! state gives back the bytes (RA2's padding aside) and decodes to the same
//! state; irregular cursors are reported and refused by identification; and
//! any identification of the state over a small seed range replays.
#![no_main]

use bitexact::westwood::{Candidates, DecodeError, Layout, RA2_LEN, TS_LEN};
use bitexact_fuzz::{westwood_replay, Bytes};
use libfuzzer_sys::fuzz_target;

const MAX_DRAWS: u64 = 2_000;

fn cursor_ok(bytes: &[u8], at: usize) -> bool {
    let v = i32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
    (0..250).contains(&v)
}

fuzz_target!(|data: &[u8]| {
    for layout in Layout::ALL {
        let body = match layout {
            Layout::Ts => 0,
            Layout::Ra2 => 4,
        };
        let decoded = match layout.decode(data) {
            Ok(d) => d,
            Err(DecodeError::WrongLength { layout: l, len }) => {
                assert_eq!((l, len), (layout, data.len()));
                assert_ne!(len, layout.byte_len());
                continue;
            }
            Err(DecodeError::BadFlag { byte }) => {
                assert_eq!(layout, Layout::Ra2);
                assert_eq!(byte, data[0]);
                assert!(byte > 1);
                continue;
            }
            Err(DecodeError::CursorOutOfRange(_)) => {
                assert!(!cursor_ok(data, body) || !cursor_ok(data, body + 4));
                continue;
            }
            Err(e @ DecodeError::IrregularCursors(_)) => {
                panic!("decode (not strict) returned {e:?}")
            }
        };
        assert_eq!(data.len(), layout.byte_len());
        assert!(cursor_ok(data, body) && cursor_ok(data, body + 4));
        let rng = decoded.rng.clone();
        assert_eq!(decoded.irregular, rng.irregular());
        assert_eq!(
            decoded.irregular.is_none(),
            rng.index2() == (rng.index1() + 103) % 250
        );
        assert_eq!(
            decoded.clone().strict().is_ok(),
            decoded.irregular.is_none()
        );
        if layout == Layout::Ra2 {
            assert_eq!(rng.disabled(), data[0] == 1);
        } else {
            assert!(!rng.disabled());
        }

        let encoded = layout
            .encode(&rng)
            .expect("a decoded state encodes in its layout");
        assert_eq!(encoded.len(), layout.byte_len());
        match layout {
            Layout::Ts => assert_eq!(&encoded[..], data, "encode(decode(x)) is not x"),
            Layout::Ra2 => {
                assert_eq!(encoded[0], data[0]);
                assert_eq!(&encoded[1..4], &[0, 0, 0], "padding not zero");
                assert_eq!(&encoded[4..], &data[4..], "encode(decode(x)) is not x");
            }
        }
        let again = layout.decode(&encoded).expect("encoded bytes decode");
        assert_eq!(again, decoded);
        // The other layout refuses these bytes by their length.
        let other = match layout {
            Layout::Ts => Layout::Ra2,
            Layout::Ra2 => Layout::Ts,
        };
        assert!(matches!(
            other.decode(&encoded),
            Err(DecodeError::WrongLength { .. })
        ));
        let _ = (TS_LEN, RA2_LEN);

        match Candidates::new(&rng, MAX_DRAWS) {
            Err(_) => assert!(rng.irregular().is_some(), "regular cursors refused"),
            Ok(cands) => {
                assert!(rng.irregular().is_none(), "irregular cursors accepted");
                // A few hundred seeds around one taken from the bytes.
                let mut b = Bytes::new(&data[data.len() - 4..]);
                let centre = u64::from(b.u32());
                let range = centre.saturating_sub(128)..centre + 128;
                for id in cands.search(range.clone()) {
                    assert!(range.contains(&id.seed));
                    assert!(id.words_drawn <= MAX_DRAWS);
                    if let Err(e) = westwood_replay(&rng, &id) {
                        panic!("identified as {id:?}, which does not replay: {e}");
                    }
                }
            }
        }
    }
});
