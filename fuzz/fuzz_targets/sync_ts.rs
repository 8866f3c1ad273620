//! Tiberian Sun's RNG ring (SPEC 12.5): any bytes, as one dump or two,
//! never panic and give a report that keeps its promises; a ring written
//! here from a seed's own scenario stream (newest first, cursors before
//! each call) is consistent with its seed and with itself, and a second
//! player's copy with one extra call is never "consistent".
#![no_main]

use bitexact::sync::{Format, Options};
use bitexact::westwood::{pick_random_number, Random2};
use bitexact_fuzz::{sync_any, sync_run, Bytes};
use libfuzzer_sys::fuzz_target;

/// The ring of `n` calls from `g` (kinds and ranges from `b`), with one
/// extra call before call `extra` when given: newest first.
fn ring(b: &mut Bytes, g: &mut Random2, n: usize, extra: Option<usize>) -> String {
    let mut lines = Vec::new();
    let mut calls: Vec<(u8, i32, i32)> = Vec::new();
    for _ in 0..n {
        let k = b.u8();
        let lo = i32::from(b.u8() as i8);
        calls.push((k, lo, lo + i32::from(b.u16() % 1000)));
    }
    for (i, &(k, lo, hi)) in calls.iter().enumerate() {
        let mut one = |k: u8, lo: i32, hi: i32, caller: u32| {
            let (m1, m2) = (g.index1(), g.index2());
            let text = if k % 3 == 0 {
                g.raw();
                format!("RNG: CRITICAL UNRANGED CALLER: {caller:08x}  FRAME: {:<10} MIX1: {m1:>3} MIX2: {m2:>3}", i / 4)
            } else {
                pick_random_number(g, lo, hi).expect("a narrow range");
                format!("RNG: CRITICAL RANGED   CALLER: {caller:08x}  FRAME: {:<10} MIX1: {m1:>3} MIX2: {m2:>3} MIN: {lo}  MAX: {hi}", i / 4)
            };
            lines.push(text);
        };
        if extra == Some(i) {
            one(1, 0, 99, 0x0042_e8b4);
        }
        one(k, lo, hi, 0x0040_0000 + u32::from(k));
    }
    lines.reverse();
    format!("FPU State: 9001f\r\n\r\n--- BEGIN RANDOM ---\r\n{}\r\n\r\n", lines.join("\r\n"))
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    let mode = b.u8();
    let seed = b.u32();
    let options = Options {
        seed: (mode & 2 == 0).then_some(i64::from(seed)),
        max_draws: Some(u64::from(b.u16() % 3000)),
        max_shift: Some(u64::from(b.u8() % 20)),
        ..Options::default()
    };
    if mode & 1 == 0 {
        sync_any(Format::Ts, &mut b, mode, &options);
        return;
    }
    let warmup = u64::from(b.u16() % 2000);
    let n = usize::from(b.u8() % 60) + 3;
    let extra = usize::from(b.u8()) % n;
    let mut script = Bytes::new(b.rest());
    let mut g = Random2::new(seed);
    g.discard(warmup);
    let a = ring(&mut script, &mut g.clone(), n, None);
    let mut script = Bytes::new(b.rest());
    let with_seed = Options {
        seed: Some(i64::from(seed)),
        max_draws: Some(warmup + 10),
        ..Options::default()
    };
    let r = sync_run(Format::Ts, a.as_bytes(), None, &with_seed).expect("a ring the stream wrote");
    assert!(!(r.first_divergence.is_some() && r.consistent));
    assert!(r.first_divergence.is_none(), "{}", r.text());
    let two = format!("{a}{a}");
    let r = sync_run(Format::Ts, two.as_bytes(), Some(a.len()), &Options::default()).expect("two rings");
    assert!(r.consistent, "{}", r.text());
    let b_ring = ring(&mut script, &mut g, n, Some(extra));
    let both = format!("{a}{b_ring}");
    if let Ok(r) = sync_run(Format::Ts, both.as_bytes(), Some(a.len()), &Options::default()) {
        assert!(!r.consistent, "an extra call called consistent: {}", r.text());
    }
});
