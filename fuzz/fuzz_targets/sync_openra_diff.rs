//! Two OpenRA sync reports compared (SPEC 12.5), and an `.orarep`'s seed:
//! any bytes never panic; a report compared with itself is never a
//! divergence; one whose SharedRandom count or a trait's member is changed
//! is never "consistent".
#![no_main]

use bitexact::sync::openra::orarep;
use bitexact::sync::{Format, Options};
use bitexact_fuzz::{sync_run, Bytes};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    let mode = b.u8();
    let rest = b.rest();
    let _ = orarep::seed(rest);
    let options = Options::default();
    if mode & 1 == 0 {
        let cut = usize::from(u16::from_le_bytes([mode, mode.rotate_left(3)]));
        let _ = sync_run(Format::Openra, rest, Some(cut), &options);
        if let Ok(r) = sync_run(Format::Openra, &[rest, rest].concat(), Some(rest.len()), &options) {
            assert!(r.first_divergence.is_none(), "a report against itself: {}", r.text());
        }
        return;
    }
    // A report built here, against itself with one change.
    let mut b = Bytes::new(rest);
    let t = u64::from(b.u16());
    let traits = usize::from(b.u8() % 8) + 1;
    let mut text = format!("Player: P\nSync for net frame 17 -------------\nSharedRandom: 5 (#{t})\nSynced Traits:\n");
    for k in 0..traits {
        let hp = b.u16();
        text += &format!("\t {} e1 Some Owner Health ({hp})\n\t\t hp: {hp}\n", 50 + k);
    }
    text += "Synced Effects:\nOrders Issued:\n";
    let changed = if mode & 2 == 0 {
        text.replace(&format!("(#{t})"), &format!("(#{})", t + 1))
    } else {
        let k = usize::from(b.u8()) % traits;
        let needle = format!("\t {} e1 Some Owner Health (", 50 + k);
        let at = text.find(&needle).expect("the trait");
        let line_end = text[at..].find('\n').unwrap() + at;
        let hp_end = text[line_end + 1..].find('\n').unwrap() + line_end + 1;
        format!("{}\t {} e1 Some Owner Health (70000)\n\t\t hp: 70000{}", &text[..at], 50 + k, &text[hp_end..])
    };
    let r = sync_run(Format::Openra, &[text.as_bytes(), text.as_bytes()].concat(), Some(text.len()), &options)
        .expect("a report");
    assert!(r.consistent, "{}", r.text());
    if changed != text {
        let r = sync_run(Format::Openra, &[text.as_bytes(), changed.as_bytes()].concat(), Some(text.len()), &options)
            .expect("a report");
        assert!(!r.consistent, "a change called consistent: {}", r.text());
    }
});
