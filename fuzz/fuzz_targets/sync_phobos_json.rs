//! Phobos' JSON dumps (PR #1253, SPEC 12.5): any bytes never panic; a dump
//! written here from a seed's state after k draws is that seed after k
//! draws, and two dumps d draws apart are d apart, never "consistent".
#![no_main]

use bitexact::sync::{Format, Options};
use bitexact::westwood::Random2;
use bitexact_fuzz::{sync_run, Bytes};
use libfuzzer_sys::fuzz_target;

/// A dump as PR #1253 writes it: 256 `LatestFramesCRC` (here `crc + i`).
fn dump(g: &Random2, crc: u32) -> String {
    let table: Vec<String> = g.table().iter().map(|&w| (w as u32).to_string()).collect();
    let crcs: Vec<String> = (0..256u32).map(|i| crc.wrapping_add(i).to_string()).collect();
    format!(
        "{{\n    \"Network\": {{\n        \"CurrentFrame\": 10,\n        \"LatestFramesCRC\": [\n            {}\n        ]\n    }},\n    \"Randomizer\": {{\n        \"Next1\": {},\n        \"Next2\": {},\n        \"Table\": [\n            {}\n        ],\n        \"unknown_00\": false\n    }}\n}}\n",
        crcs.join(",\n            "),
        g.index1(),
        g.index2(),
        table.join(",\n            ")
    )
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    let mode = b.u8();
    let seed = b.u32();
    if mode & 1 == 0 {
        let options = Options {
            seed: (mode & 2 == 0).then_some(i64::from(seed)),
            max_draws: Some(u64::from(b.u16() % 3000)),
            ..Options::default()
        };
        let cut = (mode & 8 != 0).then_some(usize::from(b.u16()));
        let mut text = b"{".to_vec();
        text.extend_from_slice(b.rest());
        let _ = sync_run(Format::Phobos, &text, cut, &options);
        return;
    }
    let k = u64::from(b.u16() % 2000);
    let d = u64::from(b.u8() % 40) + 1;
    let mut g = Random2::new(seed);
    g.discard(k);
    let a = dump(&g, 7);
    let opts = Options {
        seed: Some(i64::from(seed)),
        max_draws: Some(k + 1),
        ..Options::default()
    };
    let r = sync_run(Format::Phobos, a.as_bytes(), None, &opts).expect("a dump");
    assert!(r.consistent, "{}", r.text());
    assert_eq!(r.position, Some(k));
    g.discard(d);
    let bdump = dump(&g, 7);
    let opts = Options {
        max_draws: Some(100),
        ..Options::default()
    };
    let r = sync_run(Format::Phobos, format!("{a}{bdump}").as_bytes(), Some(a.len()), &opts).expect("two dumps");
    assert!(!r.consistent);
    assert_eq!(r.shift, Some(d as i64), "{}", r.text());
});
