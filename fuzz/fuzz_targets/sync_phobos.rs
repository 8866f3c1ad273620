//! Phobos SYNC#.TXT (SPEC 12.1): any bytes, as one log or two, never panic
//! and give a report that keeps its promises; a ring written here from a
//! seed's own scenario stream (both ranged forms) is never a divergence.
#![no_main]

use bitexact::sync::{Format, Options};
use bitexact::westwood::{pick_random_number, Random2};
use bitexact_fuzz::{sync_any, sync_run, Bytes};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    let mode = b.u8();
    let seed = b.u32();
    let options = Options {
        seed: (mode & 2 == 0).then_some(i64::from(seed)),
        log: (mode & 4 != 0).then_some(usize::from(b.u8() % 4)),
        max_draws: Some(u64::from(b.u16() % 3000)),
        max_shift: Some(u64::from(b.u8() % 20)),
        ..Options::default()
    };
    if mode & 1 == 0 {
        sync_any(Format::Phobos, &mut b, mode, &options);
        return;
    }
    // A ring from the stream itself.
    let inner = mode & 16 != 0;
    let warmup = u64::from(b.u16() % 2000);
    let n = usize::from(b.u8() % 60) + 1;
    let mut g = Random2::new(seed);
    g.discard(warmup);
    let mut text = String::from("\r\nPhobos synchronization log:\r\n\r\nRNG Calls:\r\n");
    let mut i = 0;
    let line = |i: &mut usize, text: &mut String, g: &Random2, tail: &str, kind: &str, caller: u32| {
        *text += &format!(
            "#{:05}: {kind} | Caller: {caller:08x} | Frame: {:>3} | Index1: {:>3} | Index2: {:>3}{tail}\r\n",
            *i,
            *i / 3,
            g.index1(),
            g.index2()
        );
        *i += 1;
    };
    for _ in 0..n {
        let k = b.u8();
        if k % 3 == 0 {
            g.raw();
            line(&mut i, &mut text, &g, "", "Single", 0x0040_0000 + u32::from(k));
        } else {
            let lo = i32::from(b.u8() as i8);
            let hi = lo + i32::from(b.u16() % 1000);
            let before = g.position();
            let mut probe = g.clone();
            pick_random_number(&mut probe, lo, hi).expect("a narrow range");
            if inner {
                for _ in 0..probe.position() - before {
                    g.raw();
                    line(&mut i, &mut text, &g, "", "Single", 0x0065_C800);
                }
            } else {
                g = probe;
            }
            line(&mut i, &mut text, &g, &format!(" | Min: {lo} | Max: {hi}"), "Ranged", 0x0050_0000);
        }
    }
    text += "\r\n";
    let options = Options {
        seed: Some(i64::from(seed)),
        max_draws: Some(2000),
        ..Options::default()
    };
    let r = sync_run(Format::Phobos, text.as_bytes(), None, &options).expect("a well-formed ring");
    assert!(r.first_divergence.is_none(), "a genuine ring diverged: {}\n{text}", r.text());
    if r.consistent {
        assert_eq!(r.position.map(|p| p <= warmup), Some(true), "{}", r.text());
    }
    let two = format!("{text}{text}");
    let r = sync_run(Format::Phobos, two.as_bytes(), Some(text.len()), &Options::default()).expect("two rings");
    assert!(r.consistent, "a ring disagrees with itself: {}", r.text());
});
