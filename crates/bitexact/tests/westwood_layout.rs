//! The generator's object bytes (SPEC 4): both layouts written by hand from
//! their description, round trips, and every kind of bad input.

use bitexact::westwood::{
    decode_ra2, decode_ts, encode_ra2, encode_ts, Cursor, CursorOutOfRange, DecodeError,
    EncodeError, IrregularCursors, Layout, Random2, RA2_LEN, TS_LEN,
};
use proptest::prelude::*;

/// The TS bytes written by hand: LE i32 index1, LE i32 index2, 250 LE i32.
fn ts_by_hand(index1: i32, index2: i32, table: &[i32]) -> Vec<u8> {
    let mut v = Vec::new();
    v.extend_from_slice(&index1.to_le_bytes());
    v.extend_from_slice(&index2.to_le_bytes());
    for w in table {
        v.extend_from_slice(&w.to_le_bytes());
    }
    v
}

/// The RA2 bytes by hand: flag byte, 3 padding bytes, then as TS.
fn ra2_by_hand(flag: u8, padding: [u8; 3], index1: i32, index2: i32, table: &[i32]) -> Vec<u8> {
    let mut v = vec![flag];
    v.extend_from_slice(&padding);
    v.extend(ts_by_hand(index1, index2, table));
    v
}

fn at(seed: u32, draws: u64) -> Random2 {
    let mut rng = Random2::new(seed);
    rng.discard(draws);
    rng
}

#[test]
fn lengths() {
    assert_eq!(TS_LEN, 1008);
    assert_eq!(RA2_LEN, 1012);
    assert_eq!(RA2_LEN, 0x3F4);
    assert_eq!(Layout::Ts.byte_len(), TS_LEN);
    assert_eq!(Layout::Ra2.byte_len(), RA2_LEN);
    assert_eq!(Layout::from_len(1008), Some(Layout::Ts));
    assert_eq!(Layout::from_len(1012), Some(Layout::Ra2));
    assert_eq!(Layout::from_len(1010), None);
}

#[test]
fn encoders_write_the_documented_layouts() {
    let rng = at(5, 1_234); // index1 = 234, index2 = 87
    let (i1, i2) = (rng.index1() as i32, rng.index2() as i32);
    assert_eq!((i1, i2), (234, 87));
    let ts = ts_by_hand(i1, i2, rng.table());
    assert_eq!(encode_ts(&rng).unwrap().to_vec(), ts);
    assert_eq!(Layout::Ts.encode(&rng).unwrap().to_vec(), ts);
    let ra2 = ra2_by_hand(0, [0; 3], i1, i2, rng.table());
    assert_eq!(encode_ra2(&rng).to_vec(), ra2);
    assert_eq!(Layout::Ra2.encode(&rng).unwrap().as_ref(), &ra2[..]);
    let mut off = rng.clone();
    off.set_disabled(true);
    assert_eq!(encode_ra2(&off)[..4], [1, 0, 0, 0]);
}

#[test]
fn both_layouts_round_trip() {
    for seed in [0, 1, 2, 0xdead_beef, u32::MAX] {
        for draws in [0, 1, 102, 103, 146, 147, 249, 250, 251, 500, 9_999] {
            let rng = at(seed, draws);
            for layout in Layout::ALL {
                let bytes = layout.encode(&rng).unwrap();
                assert_eq!(bytes.len(), layout.byte_len());
                let back = layout.decode(&bytes).unwrap();
                assert_eq!(back.irregular, None);
                let back = back.strict().unwrap();
                assert_eq!(back, rng);
                // The decoded generator continues the stream.
                let (mut a, mut b) = (rng.clone(), back);
                for _ in 0..600 {
                    assert_eq!(a.raw(), b.raw());
                }
            }
        }
    }
    let mut off = at(7, 77);
    off.set_disabled(true);
    let back = decode_ra2(&encode_ra2(&off)).unwrap().strict().unwrap();
    assert!(back.disabled());
    assert_eq!(back, off);
}

#[test]
fn ts_cannot_store_a_set_disabled_flag() {
    let mut rng = at(1, 10);
    rng.set_disabled(true);
    assert_eq!(encode_ts(&rng), Err(EncodeError::DisabledInTs));
    assert_eq!(Layout::Ts.encode(&rng), Err(EncodeError::DisabledInTs));
    assert!(EncodeError::DisabledInTs
        .to_string()
        .contains("Tiberian Sun"));
}

#[test]
fn every_wrong_length_is_rejected() {
    let buf = vec![0u8; 1100];
    for len in 0..buf.len() {
        let bytes = &buf[..len];
        for layout in Layout::ALL {
            let r = layout.decode(bytes);
            if len == layout.byte_len() {
                // Zero bytes: cursors 0 and 0, irregular but decodable.
                assert!(r.is_ok(), "{layout} {len}");
            } else {
                assert_eq!(r.unwrap_err(), DecodeError::WrongLength { layout, len });
            }
        }
    }
    let e = decode_ra2(&buf[..TS_LEN]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "westwood state is 1008 bytes; the ra2 layout is 1012 bytes (1008 is the ts layout's length)"
    );
    let e = decode_ts(&buf[..1009]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "westwood state is 1009 bytes; the ts layout is 1008 bytes"
    );
}

#[test]
fn cursors_outside_0_to_250_are_rejected() {
    let table = *Random2::new(3).table();
    for bad in [-1, 250, 251, 353, 1000, i32::MAX, i32::MIN] {
        for (i1, i2, cursor) in [(bad, 103, Cursor::Index1), (0, bad, Cursor::Index2)] {
            let want = DecodeError::CursorOutOfRange(CursorOutOfRange {
                cursor,
                value: bad.into(),
            });
            assert_eq!(decode_ts(&ts_by_hand(i1, i2, &table)), Err(want));
            assert_eq!(
                decode_ra2(&ra2_by_hand(0, [0; 3], i1, i2, &table)),
                Err(want)
            );
            let text = want.to_string();
            assert!(
                text.contains(&bad.to_string()) && text.contains("0..250"),
                "{text}"
            );
        }
    }
    assert!(Random2::from_parts(table, 250, 103).is_err());
    assert!(Random2::from_parts(table, 0, 250).is_err());
}

/// Pairs not 103 apart decode (the game would run them) but are reported;
/// `strict` refuses them.
#[test]
fn non_103_cursor_pairs_are_reported() {
    let table = *Random2::new(4).table();
    for i1 in [0, 1, 146, 147, 249] {
        for i2 in 0..250 {
            let regular = i2 == (i1 + 103) % 250;
            for layout in Layout::ALL {
                let bytes = match layout {
                    Layout::Ts => ts_by_hand(i1 as i32, i2 as i32, &table),
                    Layout::Ra2 => ra2_by_hand(0, [0; 3], i1 as i32, i2 as i32, &table),
                };
                let d = layout.decode(&bytes).unwrap();
                assert_eq!((d.rng.index1(), d.rng.index2()), (i1, i2));
                if regular {
                    assert_eq!(d.irregular, None);
                    assert!(d.strict().is_ok());
                } else {
                    let c = IrregularCursors {
                        index1: i1,
                        index2: i2,
                    };
                    assert_eq!(d.irregular, Some(c));
                    assert_eq!(d.rng.irregular(), Some(c));
                    assert_eq!(d.strict(), Err(DecodeError::IrregularCursors(c)));
                }
            }
        }
    }
    let c = IrregularCursors {
        index1: 10,
        index2: 12,
    };
    assert_eq!(c.gap(), 2);
    assert!(c.to_string().contains("2 apart, not 103"), "{c}");
    let wrapped = IrregularCursors {
        index1: 200,
        index2: 10,
    };
    assert_eq!(wrapped.gap(), 60);
}

#[test]
fn ra2_flag_byte_and_padding() {
    let rng = at(9, 99);
    let (i1, i2) = (rng.index1() as i32, rng.index2() as i32);
    // Padding is not inspected.
    let d = decode_ra2(&ra2_by_hand(1, [0xde, 0xad, 0xbe], i1, i2, rng.table())).unwrap();
    assert!(d.rng.disabled());
    assert_eq!(d.rng.table(), rng.table());
    // A flag byte other than 0 or 1 is not a bool the game writes.
    for byte in 2..=255u8 {
        assert_eq!(
            decode_ra2(&ra2_by_hand(byte, [0; 3], i1, i2, rng.table())),
            Err(DecodeError::BadFlag { byte })
        );
    }
    assert!(DecodeError::BadFlag { byte: 0x80 }
        .to_string()
        .contains("0x80"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Random bytes of any length never panic either decoder.
    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..1100)) {
        let _ = decode_ts(&bytes);
        let _ = decode_ra2(&bytes);
        if let Some(layout) = Layout::from_len(bytes.len()) {
            let _ = layout.decode(&bytes);
        }
    }

    /// Random bytes of the right lengths either decode — and then re-encode
    /// to the same bytes (RA2: padding zeroed) — or fail with a cursor or
    /// flag error.
    #[test]
    fn right_length_random_bytes(
        body in proptest::collection::vec(any::<u8>(), TS_LEN),
        head in any::<[u8; 4]>(),
        small_cursors in any::<bool>(),
        c1 in 0u8..250,
        c2 in 0u8..250,
    ) {
        let mut body = body;
        if small_cursors {
            body[..8].copy_from_slice(&[c1, 0, 0, 0, c2, 0, 0, 0]);
        }
        match decode_ts(&body) {
            Ok(d) => prop_assert_eq!(encode_ts(&d.rng).unwrap().to_vec(), body.clone()),
            Err(e) => prop_assert!(matches!(e, DecodeError::CursorOutOfRange(_))),
        }
        let mut ra2 = head.to_vec();
        ra2.extend_from_slice(&body);
        match decode_ra2(&ra2) {
            Ok(d) => {
                let mut want = ra2.clone();
                want[1..4].fill(0);
                prop_assert_eq!(encode_ra2(&d.rng).to_vec(), want);
            }
            Err(e) => {
                let expected = matches!(
                    e,
                    DecodeError::CursorOutOfRange(_) | DecodeError::BadFlag { .. }
                );
                prop_assert!(expected, "{:?}", e);
            }
        }
    }

    /// Any in-range state round trips through both layouts.
    #[test]
    fn any_state_round_trips(
        table in proptest::collection::vec(any::<i32>(), 250),
        i1 in 0usize..250,
        i2 in 0usize..250,
        disabled in any::<bool>(),
    ) {
        let mut rng = Random2::from_parts(table.try_into().unwrap(), i1, i2).unwrap();
        rng.set_disabled(disabled);
        let back = decode_ra2(&encode_ra2(&rng)).unwrap();
        prop_assert_eq!(&back.rng, &rng);
        prop_assert_eq!(back.irregular.is_none(), i2 == (i1 + 103) % 250);
        if !disabled {
            prop_assert_eq!(decode_ts(&encode_ts(&rng).unwrap()).unwrap().rng, rng);
        }
    }
}
