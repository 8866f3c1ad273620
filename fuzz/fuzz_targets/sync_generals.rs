//! Generals DEBUG_RANDOM_LOGIC lines (SPEC 12.3): any bytes never panic; a
//! log written from the generator is never a divergence (consistent, or
//! "not sure" when its lines carry few bits); one changed value is named at
//! its line.
#![no_main]

use bitexact::generals::GameRandom;
use bitexact::sync::{Format, Options, Stream};
use bitexact_fuzz::{sync_any, sync_run, Bytes};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    let mode = b.u8();
    let seed = b.u32();
    if mode & 1 == 0 {
        let options = Options {
            seed: (mode & 2 == 0).then_some(i64::from(seed)),
            max_shift: Some(u64::from(b.u8() % 80)),
            stream: [Stream::Logic, Stream::Client, Stream::Audio][usize::from(mode >> 6) % 3],
            ..Options::default()
        };
        sync_any(Format::Generals, &mut b, mode, &options);
        return;
    }
    let n = usize::from(b.u8()) + 1;
    let change = usize::from(b.u8()) % n;
    let mut g = GameRandom::new(seed);
    let mut text = format!("InitRandom {seed:08x}\n");
    let mut changed_line = None;
    for i in 0..n {
        if b.u8() % 4 == 0 {
            let v = g.real(0.0, 1.0);
            text += &format!("{}: GetGameLogicRandomValueReal = {v:.6}, A.cpp line {i}\n", i / 5);
        } else {
            let lo = i32::from(b.u8() as i8);
            let hi = lo + i32::from(b.u8());
            let mut v = g.value(lo, hi);
            if i == change && hi > lo && mode & 2 != 0 {
                v = if v == hi { lo } else { v + 1 };
                changed_line = Some(i as u64 + 2);
            }
            text += &format!("{}: GetGameLogicRandomValue = {v} ({lo} - {hi}), B.cpp line {i}\n", i / 5);
        }
    }
    let r = sync_run(Format::Generals, text.as_bytes(), None, &Options::default()).expect("well formed");
    match changed_line {
        // Never a divergence; "not sure" when the lines carry few bits.
        None => assert!(r.first_divergence.is_none(), "{}\n{text}", r.text()),
        Some(l) => {
            let d = r.first_divergence.as_ref().expect("a changed value is a divergence");
            assert_eq!(d.line, Some(l), "{}", r.text());
        }
    }
});
