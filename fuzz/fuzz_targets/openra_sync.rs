//! OpenRA sync reports (SPEC 11): the parser never panics on any text; a
//! report it accepts checks without panicking, one verdict per frame; a
//! report written from a seed's own stream is consistent frame by frame.
#![no_main]

use bitexact::sync::openra::{check_frames, read, Verdict};
use bitexact::openra::MersenneTwister;
use bitexact_fuzz::Bytes;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    let seed = b.u32() as i32;
    let mode = b.u8();
    if mode & 1 == 0 {
        // Arbitrary text.
        let mut text = b.rest();
        if let Ok(frames) = read(&mut text) {
            assert!(!frames.is_empty());
            if let Ok(v) = check_frames(seed, &frames, 64, 200_000) {
                assert_eq!(v.len(), frames.len());
            }
        }
        return;
    }
    // A report from the stream itself, with noise lines between frames.
    let n = usize::from(b.u8() % 8) + 1;
    let mut counts: Vec<u64> = (0..n).map(|_| u64::from(b.u16() % 2000)).collect();
    counts.sort_unstable();
    let mut m = MersenneTwister::new(seed);
    let mut text = String::new();
    for (k, &t) in counts.iter().enumerate() {
        while m.total_count() < t {
            m.next();
        }
        let last = if t == 0 { 0 } else { m.last() };
        text += &format!(
            "Sync for net frame {} ----\nSharedRandom: {last} (#{t})\n",
            k * 3
        );
        text += "Synced Traits:\n  Actor 1 Foo: 0xdeadbeef\n";
    }
    let frames = read(&mut text.as_bytes()).expect("a report in OpenRA's format");
    let verdicts = check_frames(seed, &frames, 16, 100_000).expect("within bounds");
    assert!(
        verdicts.iter().all(|v| *v == Verdict::Consistent),
        "{verdicts:?}"
    );
});
