//! Minidumps and dotnet states from arbitrary bytes (SPEC 16): reading a
//! minidump's memory list never panics, and every region it gives lies
//! within the file (also once joined, or read as raw bytes); a 232-byte window is a `System.Random` state exactly
//! when its cursors are in range, and whatever the walk back identifies
//! replays.
#![no_main]

use bitexact::dotnet::Random;
use bitexact::engine::reversible::{identify, replays_to};
use bitexact::engine::Unit;
use bitexact::find::minidump;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(regions) = minidump::regions(data) {
        for r in regions {
            let start = r.file_offset as usize;
            assert_eq!(&data[start..start + r.bytes.len()], r.bytes);
        }
    }
    // The regions `state find` looks through (ranges joined where they
    // follow each other, or the whole file as raw bytes) lie within the
    // file too, and hold as many bytes as the ranges or the file.
    let memory = bitexact::find::regions(data);
    for r in &memory.regions {
        let start = r.file_offset as usize;
        assert_eq!(&data[start..start + r.bytes.len()], r.bytes);
    }
    if memory.raw_because.is_some() || !minidump::is_minidump(data) {
        assert_eq!(memory.regions.len(), 1);
        assert_eq!(memory.regions[0].bytes.len(), data.len());
    }
    if let Some(w) = data.get(..232) {
        if let Ok(state) = Random::decode(w) {
            assert_eq!(&state.encode()[..], w);
            if let Ok(id) = identify(&state, 200, Unit::Draws, &|| false) {
                assert!(replays_to(id.seed, id.words_drawn, &state), "{id:?} does not replay");
            }
        }
    }
});
