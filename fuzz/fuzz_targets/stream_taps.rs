//! The shared vocabulary (SPEC 9): any generator of the list and any tap text either is
//! refused with a message or gives a stream whose calls never panic, whose
//! word counts add up to its position, and whose skip by words lands where
//! calling does.
#![no_main]

use bitexact::engine::Options;
use bitexact::engines::Id;
use bitexact::stream::Stream;
use bitexact_fuzz::Bytes;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    let engine = Id::ALL[usize::from(b.u8()) % Id::ALL.len()];
    let seed = if b.u8() & 1 == 1 {
        b.u64()
    } else {
        u64::from(b.u32())
    };
    let skip = u64::from(b.u16() % 700);
    let tap = String::from_utf8_lossy(b.rest()).into_owned();
    let options = Options::default();
    let Ok(mut fast) = Stream::new(engine, seed, Some(&tap), &options) else {
        return;
    };
    let mut slow = fast.clone();
    let mut words = 0;
    for _ in 0..skip {
        words += slow.next().1;
    }
    assert_eq!(slow.position(), words);
    fast.skip(skip).expect("within the bounds");
    assert_eq!(fast.position(), slow.position());
    for _ in 0..8 {
        let (a, b) = (fast.next(), slow.next());
        assert!(
            format!("{a:?}") == format!("{b:?}"),
            "{engine:?} {tap:?}: {a:?} vs {b:?}"
        );
    }
});
