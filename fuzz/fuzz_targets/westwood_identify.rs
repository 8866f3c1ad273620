//! Identification of Westwood states made from a seed (SPEC 4, 8). The fuzz
//! bytes pick a seed, a number of raw draws (< 5000), a layout, for RA2
//! maybe the disabled flag, and maybe one bit to flip in the encoded bytes
//! (the table, the cursors or the flag byte). The seed search runs over a few
//! hundred seeds around the seed. Unflipped with the flag clear, the search
//! must find (seed, draws); every identification it reports must replay
//! whole, flag included, so a state with the flag set is never identified.
#![no_main]

use bitexact::westwood::{identify, Candidates, Layout, Random2};
use bitexact_fuzz::{westwood_replay, Bytes};
use libfuzzer_sys::fuzz_target;

const MAX_DRAWS: u64 = 6_000;

#[derive(Clone, Copy)]
enum Edge {
    Flag,
    Index1,
    Index2,
    Word(usize),
}

/// The flag byte, the cursors, and the table words where the lagged XOR's
/// two loops meet (0, 102, 103, 146, 147, 249).
const EDGES: [Edge; 9] = [
    Edge::Flag,
    Edge::Index1,
    Edge::Index2,
    Edge::Word(0),
    Edge::Word(102),
    Edge::Word(103),
    Edge::Word(146),
    Edge::Word(147),
    Edge::Word(249),
];

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    let seed = b.u32();
    let draws = u64::from(b.u16() % 5000);
    let mode = b.u8();
    let layout = if mode & 1 == 0 {
        Layout::Ts
    } else {
        Layout::Ra2
    };
    let disabled = layout == Layout::Ra2 && mode & 2 != 0;
    let flip = mode & 4 != 0;
    let below = u64::from(b.u8());
    let above = u64::from(b.u8()) + 1;

    let mut rng = Random2::new(seed);
    rng.discard(draws);
    rng.set_disabled(disabled);
    let mut bytes = layout.encode(&rng).expect("encodable").to_vec();
    // Any bit of the bytes (flag, padding, cursors, table), or half the time
    // a bit of the flag, a cursor or a table word at the lag's seams (the
    // fuzzer gets no coverage signal from the bit's position).
    let pick = b.u32() as usize;
    let bit = if mode & 8 != 0 {
        let body = if layout == Layout::Ra2 { 4 } else { 0 };
        let byte = match EDGES[(pick >> 5) % EDGES.len()] {
            Edge::Flag => 0,
            Edge::Index1 => body,
            Edge::Index2 => body + 4,
            Edge::Word(w) => body + 8 + 4 * w,
        };
        byte * 8 + (pick & 31) % if byte == 0 { 8 } else { 32 }
    } else {
        pick % (bytes.len() * 8)
    };
    if flip {
        bytes[bit / 8] ^= 1 << (bit % 8);
    }
    let saved = match layout.decode(&bytes) {
        Ok(d) => d.rng,
        Err(e) => {
            assert!(flip, "bytes encode wrote were refused: {e}");
            return;
        }
    };
    let range = u64::from(seed).saturating_sub(below)..u64::from(seed) + above;
    let cands = match Candidates::new(&saved, MAX_DRAWS) {
        Ok(c) => c,
        Err(e) => {
            assert!(flip, "a state Random2 reached was refused: {e}");
            return;
        }
    };
    let hits: Vec<_> = cands.search(range.clone()).collect();
    for id in &hits {
        assert!(range.contains(&u64::from(id.seed)));
        if let Err(e) = westwood_replay(&saved, id) {
            panic!(
                "seed {seed} + {draws} draws ({layout}, disabled {disabled}), flip {flip} bit \
                 {bit}: identified as {id:?}, which does not replay: {e}"
            );
        }
    }
    // Hits come in increasing seed order, each seed once.
    assert!(hits.windows(2).all(|w| w[0].seed < w[1].seed));
    // The one-shot identify agrees with the first hit.
    let one = identify(&saved, range.clone(), MAX_DRAWS).ok();
    assert_eq!(one, hits.first().copied());
    if !flip && !disabled {
        assert!(
            hits.iter()
                .any(|id| (id.seed, id.words_drawn) == (u64::from(seed), draws)),
            "seed {seed} + {draws} draws ({layout}, disabled {disabled}) not found: {hits:?}"
        );
    }
});
