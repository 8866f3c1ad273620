use crate::engine::Field;
use crate::engines::Id;
use crate::find::{find, Region, Report};
use crate::search::Plan;
use crate::westwood::{encode_ra2, encode_ts, Random2};
use std::time::{Duration, Instant};
use std::vec;
use std::vec::Vec;

fn at(seed: u32, draws: u64) -> Random2 {
    let mut r = Random2::new(seed);
    for _ in 0..draws {
        r.raw();
    }
    r
}

fn file(objects: &[(Random2, bool)]) -> (Vec<u8>, Vec<u64>) {
    let mut bytes = vec![0xEEu8; 37];
    let mut offsets = Vec::new();
    for (r, ra2) in objects {
        offsets.push(bytes.len() as u64);
        if *ra2 {
            bytes.extend_from_slice(&encode_ra2(r));
        } else {
            bytes.extend_from_slice(&encode_ts(r).unwrap());
        }
        bytes.extend_from_slice(&[0xEE; 13]);
    }
    (bytes, offsets)
}

fn fields_of(report: &Report, offset: u64) -> Option<(u64, u64)> {
    let h = report.identified.iter().find(|h| h.offset == offset)?;
    let f = h.fields.as_ref()?;
    let get = |k: &str| match f.iter().find(|(n, _)| *n == k)?.1 {
        Field::U64(v) => Some(v),
        _ => None,
    };
    Some((get("seed")?, get("words_drawn")?))
}

/// Several objects of low seeds, in both layouts, one seed's two
/// snapshots, a duplicate: each named by its own seed and draws (checked
/// by replay), although the merged pass ends early.
#[test]
fn find_names_each_object_by_its_seed() {
    let objs = [
        (at(90_000, 1234), false),
        (at(20, 5), true),
        (at(20, 300), false),
        (at(50_000, 0), true),
        (at(90_000, 1234), true),
        (at(7, 249), false),
    ];
    let (bytes, offsets) = file(&objs);
    let plan = Plan::new(Some(2), 1).unwrap();
    let region = Region {
        bytes: &bytes,
        file_offset: 0,
        address: None,
    };
    let t = Instant::now();
    let report = find(&[region], &[Id::Random2], &plan, &|| {
        t.elapsed() > Duration::from_secs(20)
    });
    assert!(!report.stopped);
    let want = [
        (90_000, 1234),
        (20, 5),
        (20, 300),
        (50_000, 0),
        (90_000, 1234),
        (7, 249),
    ];
    for (k, &off) in offsets.iter().enumerate() {
        let got = fields_of(&report, off);
        assert_eq!(got, Some(want[k]), "object {k} at {off}: {report:#?}");
        let (s, d) = got.unwrap();
        assert!(at(s as u32, d) == objs[k].0);
    }
}

/// A stop in the middle of the merged pass: the unreachable object must
/// not be reported as "no seed reaches it", nor identified; the
/// reachable one, if named, by its own seed.
#[test]
fn find_stopped_mid_search_is_not_unreachable() {
    let mut edited = at(123_456, 900);
    let mut table = *edited.table();
    table[17] ^= 1;
    edited = Random2::from_parts(table, edited.index1(), edited.index2()).unwrap();
    let objs = [
        (at(10, 7), false),
        (edited, false),
        (at(3_000_000, 4321), true),
    ];
    let (bytes, offsets) = file(&objs);
    let plan = Plan::new(Some(2), 1).unwrap();
    let region = Region {
        bytes: &bytes,
        file_offset: 0,
        address: None,
    };
    let t = Instant::now();
    let report = find(&[region], &[Id::Random2], &plan, &|| {
        t.elapsed() > Duration::from_millis(600)
    });
    assert!(report.stopped, "{report:#?}");
    assert!(t.elapsed() < Duration::from_secs(5));
    if let Some(got) = fields_of(&report, offsets[0]) {
        assert_eq!(got, (10, 7));
    }
    if let Some(got) = fields_of(&report, offsets[2]) {
        assert_eq!(got, (3_000_000, 4321));
    }
    assert!(fields_of(&report, offsets[1]).is_none());
    for c in &report.candidates {
        assert!(
            !c.why.contains("no seed reaches"),
            "stopped search claims unreachable: {c:#?}"
        );
    }
}

/// One state twice: an RA2 object with the disabled flag set, and a TS
/// copy with the flag clear; and an RA2 object read also as TS (its last
/// 1008 bytes). The flagged RA2 reading is never identified (no draw sets
/// the flag): its bytes are named in their TS reading (a TS object after a
/// stray 1 is the same bytes), the RA2 reading under `also` saying why;
/// the TS copy by its seed; the RA2 object once, at its RA2 offset.
#[test]
fn find_flagged_copy_and_two_layouts() {
    let s = at(4_242, 2_000);
    let mut flagged = s.clone();
    flagged.set_disabled(true);
    let objs = [(flagged, true), (s.clone(), false), (at(99, 1), true)];
    let (bytes, offsets) = file(&objs);
    let plan = Plan::new(Some(2), 1).unwrap();
    let region = Region {
        bytes: &bytes,
        file_offset: 0,
        address: None,
    };
    let t = Instant::now();
    let report = find(&[region], &[Id::Random2], &plan, &|| {
        t.elapsed() > Duration::from_secs(20)
    });
    assert!(!report.stopped);
    assert_eq!(fields_of(&report, offsets[0]), None, "{report:#?}");
    assert_eq!(fields_of(&report, offsets[0] + 4), Some((4_242, 2_000)));
    let ts = report
        .identified
        .iter()
        .find(|h| h.offset == offsets[0] + 4);
    let also = &ts.expect("the TS reading").also;
    assert_eq!(also.len(), 1, "{report:#?}");
    assert_eq!((also[0].offset, also[0].layout), (offsets[0], Some("ra2")));
    assert!(
        also[0]
            .why
            .as_deref()
            .is_some_and(|w| w.contains("disabled flag is set")),
        "{report:#?}"
    );
    assert_eq!(fields_of(&report, offsets[1]), Some((4_242, 2_000)));
    assert_eq!(fields_of(&report, offsets[2]), Some((99, 1)));
    assert_eq!(report.identified.len(), 3, "{report:#?}");
    assert!(report.candidates.is_empty(), "{report:#?}");
}

/// Many objects (30, both layouts, seeds up to 2·10^6, draws up to 10^7 —
/// the merged filter far past its cap) on 1 and 16 threads: each named by
/// its planted seed and draws.
#[test]
fn find_many_objects_many_threads() {
    let mut objs = Vec::new();
    let mut want = Vec::new();
    for k in 0..30u64 {
        let seed = ((k * 69_069 + 12_345) % 2_000_000) as u32;
        let draws = (k * 2_654_435_761) % 10_000_000;
        let mut r = Random2::new(seed);
        r.discard(draws);
        // the generator's own step for the last few, as a cross-check
        for _ in 0..(k % 3) {
            r.raw();
        }
        objs.push((r, k % 2 == 0));
        want.push((u64::from(seed), draws + k % 3));
    }
    let (bytes, offsets) = file(&objs);
    for threads in [1, 16] {
        let plan = Plan::new(Some(threads), 1).unwrap();
        let region = Region {
            bytes: &bytes,
            file_offset: 0,
            address: None,
        };
        let t = Instant::now();
        let report = find(&[region], &[Id::Random2], &plan, &|| {
            t.elapsed() > Duration::from_secs(60)
        });
        assert!(!report.stopped);
        for (k, &off) in offsets.iter().enumerate() {
            assert_eq!(
                fields_of(&report, off),
                Some(want[k]),
                "{threads} threads, object {k}"
            );
        }
        assert_eq!(report.identified.len(), 30);
    }
}
