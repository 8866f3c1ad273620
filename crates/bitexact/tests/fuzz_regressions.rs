//! Inputs the fuzz targets in `fuzz/` found, kept as tests (see
//! `fuzz/README.md`). Each input is the target's raw bytes, decoded here the
//! way the target decodes them, and each test asserts the promise the target
//! asserts: SPEC 8, "identified" only after a replay — seeding the found
//! seed and drawing the found number of words, one at a time, reproduces the
//! whole saved state. The replays are written here from the public API; no
//! expected value comes from the code under test.

#![cfg(feature = "alloc")]

use bitexact::engine::{Identification, Reason};
use bitexact::mt19937::Mt19937;
use bitexact::sots::{self, decode_item, Rng};
use bitexact::westwood::{Candidates, Layout, Random2};

/// Fuzz bytes read as little-endian numbers; past the end every read is 0
/// (as `bitexact_fuzz::Bytes` reads them).
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn u8(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }
    fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.u8(), self.u8()])
    }
    fn u32(&mut self) -> u32 {
        u32::from(self.u16()) | (u32::from(self.u16()) << 16)
    }
}

/// `Rng::new(seed)` after `words` draws of one word each, compared whole
/// (624 words and `left`) with `state`.
fn sots_replays(state: &Mt19937, id: &Identification) -> bool {
    let mut rng = Rng::new(id.seed as u32);
    for _ in 0..id.words_drawn {
        rng.next_u32();
    }
    rng.left() == state.left() && rng.state() == state.state()
}

/// `Random2::new(seed)` after `draws` raw draws, compared whole (250 words,
/// both cursors, the `disabled` flag) with `saved`.
fn westwood_replays(saved: &Random2, id: &Identification) -> bool {
    let mut rng = Random2::new(id.seed as u32);
    for _ in 0..id.words_drawn {
        rng.raw();
    }
    rng.table() == saved.table()
        && (rng.index1(), rng.index2()) == (saved.index1(), saved.index2())
        && rng.disabled() == saved.disabled()
}

/// `fuzz/fuzz_targets/sots_identify.rs`, commit f4b63f1: a bit of word 623
/// flipped was identified as the unedited stream (the untwist reads word
/// 623 only through bits the initializer check does not see).
///
/// Bytes: seed 0xff00087e, words 0xffff % 5000 = 535, mode 0xff (flip; an
/// edge word), pick 0xfa00 (edge word 2000 % 11 = index 9 = word 623, bit 0).
#[test]
fn sots_identify_word_623_bit_flipped() {
    const INPUT: &[u8] = b"\x7e\x08\x00\xff\xff\xff\xff\x00\xfa";
    const EDGE_WORDS: [usize; 11] = [0, 1, 2, 226, 227, 228, 396, 397, 622, 623, 624];
    let mut b = Bytes(INPUT);
    let seed = b.u32();
    let words = u64::from(b.u16() % 5000);
    let mode = b.u8();
    let pick = b.u16();
    assert_eq!(mode & 3, 3, "flip, at an edge word");
    let word = EDGE_WORDS[usize::from(pick >> 5) % EDGE_WORDS.len()];
    let bit = word * 32 + usize::from(pick & 31);
    assert_eq!((seed, words, word, bit % 32), (0xff00_087e, 535, 623, 0));

    let mut rng = Rng::new(seed);
    rng.discard(words);
    let mut item = rng.save_state();
    item[bit / 8] ^= 1 << (bit % 8);
    let state = decode_item(&item).unwrap();
    if let Ok(id) = sots::identify(&state, 64) {
        assert!(
            sots_replays(&state, &id),
            "an edited block identified as {id:?}, which does not replay"
        );
    }
}

/// The same finding in general: every bit of word 623 (and of its
/// neighbours at the twist's seams), at two positions of two seeds.
#[test]
fn sots_identify_never_names_an_edited_block() {
    for (seed, words) in [(5489u32, 0u64), (5489, 1418), (1, 700), (0xff00_087e, 535)] {
        let mut rng = Rng::new(seed);
        rng.discard(words);
        let clean = rng.save_state();
        for word in [0usize, 1, 226, 227, 396, 397, 622, 623] {
            for bit in 0..32 {
                let mut item = clean;
                let at = word * 32 + bit;
                item[at / 8] ^= 1 << (at % 8);
                let state = decode_item(&item).unwrap();
                if let Ok(id) = sots::identify(&state, 64) {
                    assert!(
                        sots_replays(&state, &id),
                        "seed {seed} + {words} words, word {word} bit {bit} flipped: \
                         identified as {id:?}, which does not replay"
                    );
                }
            }
        }
    }
}

/// `fuzz/fuzz_targets/westwood_identify.rs`, commit f4b63f1: an RA2 state
/// with the `disabled` flag set (here by the flipped bit) was identified,
/// but no draw sets the flag, so the replay cannot reproduce it.
///
/// Bytes: seed 0x2224682e, draws 0x0a42 = 2626, mode 0x4d (RA2, flag clear,
/// flip, edge pick), range seed - 0 .. seed + 1, pick 0 (the flag byte, bit 0).
#[test]
fn westwood_identify_disabled_flag_set() {
    const INPUT: &[u8] = b"\x2e\x68\x24\x22\x42\x0a\x4d";
    let mut b = Bytes(INPUT);
    let seed = b.u32();
    let draws = u64::from(b.u16() % 5000);
    let mode = b.u8();
    let (below, above) = (u64::from(b.u8()), u64::from(b.u8()) + 1);
    let pick = b.u32();
    assert_eq!(
        (seed, draws, mode, below, above, pick),
        (572_811_310, 2626, 0x4d, 0, 1, 0)
    );

    let mut rng = Random2::new(seed);
    rng.discard(draws);
    let mut bytes = Layout::Ra2.encode(&rng).unwrap().to_vec();
    bytes[0] ^= 1; // the flag byte
    let saved = Layout::Ra2.decode(&bytes).unwrap().rng;
    assert!(saved.disabled());
    let range = u64::from(seed) - below..u64::from(seed) + above;
    let candidates = Candidates::new(&saved, 6000).unwrap();
    for id in candidates.search(range) {
        assert!(
            westwood_replays(&saved, &id),
            "a disabled state identified as {id:?}, which does not replay"
        );
    }
}

/// `fuzz/fuzz_targets/sots_item.rs` (found on the working tree after
/// f4b63f1): the item of seed 5489 after 1418 words (the seed corpus file
/// `fuzz/seeds/sots_item/seed5489-1418words.bin`) with its `left` bytes
/// changed from 454 to 624 (`p\x02\x00\x00`). The block is seed 5489 plus
/// two further twists; `identify` says twists 2, left 624, words_drawn 1248.
/// But 1248 single draws from `Rng::new(5489)` end at the block *before*
/// (one twist fewer) with left 0: the generator twists lazily, so a block
/// past the seeding one with `left == 624` is a state no run of draws
/// leaves. Either identification calls it "not reachable" (SPEC 8, strict),
/// or SPEC 8's replay names the equivalence (left 0 here = left 624 of the
/// next block, as `words_between` already treats them). Open: reported, not
/// decided here.
#[test]
fn sots_item_left_624_after_further_twists() {
    let mut rng = Rng::new(5489);
    rng.discard(1418);
    let mut item = rng.save_state();
    item[2496..2500].copy_from_slice(b"p\x02\x00\x00");
    let state = decode_item(&item).unwrap();
    assert_eq!(state.left(), 624);
    if let Ok(id) = sots::identify(&state, 16) {
        assert!(
            sots_replays(&state, &id),
            "identified as {id:?}, which does not replay"
        );
    }
    // Decided: not reachable, and the error names the eager form.
    let e = sots::identify(&state, 16).unwrap_err();
    assert_eq!(
        e.reason,
        Reason::Eager {
            seed: 5489,
            twists: 2,
            words_drawn: 1248
        }
    );
}

/// `sync_generals` (arbitrary text): a frame number after a multi-byte
/// character was cut inside that character (a panic). Any bytes: an error
/// or a report, never a panic.
#[cfg(feature = "std")]
#[test]
fn sync_generals_frame_digits_after_a_multibyte_character() {
    const INPUT: &[u8] = &[
        0x00, 0x64, 0xb3, 0x6e, 0x60, 0x20, 0x6c, 0x6c, 0x20, 0x3d, 0x20, 0x64, 0x45, 0x31, 0x58,
        0x30, 0x20, 0x32, 0x49, 0x6e, 0x69, 0x52, 0x65, 0x61, 0x6c, 0x20, 0x3d, 0x20, 0x20, 0x64,
        0x6f, 0x49, 0x6e, 0x69, 0x74, 0x52, 0x61, 0x6e, 0x69, 0x01, 0xdf, 0x2d, 0xff, 0xff, 0xff,
        0x32, 0x20, 0x49, 0x6e, 0x69, 0x74, 0x52, 0x61, 0x6e, 0x64, 0x3d, 0x6f, 0x6d, 0x20, 0x37,
        0xff, 0xff, 0x32, 0x20, 0x49, 0x6e, 0x94, 0x94, 0x94, 0x94, 0x94, 0x94, 0x94, 0x94, 0x94,
        0x94, 0x94, 0x94, 0x94, 0xb3, 0x00, 0x09, 0x3d, 0x20, 0x49, 0x6e, 0x94, 0x94, 0x94, 0x94,
        0x94, 0x94, 0x94, 0x94, 0x94, 0x94, 0x94, 0x94, 0x94, 0xb3, 0x00, 0x09, 0x3d, 0x00, 0x00,
        0x00, 0x00, 0x00, 0xff, 0x49, 0x6e, 0x69, 0x74, 0x52, 0x61, 0x6e, 0x64, 0x6f, 0x6d, 0x20,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x65,
        0x41, 0x7a, 0x64, 0x69, 0x6f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x47, 0x65, 0x74,
        0x47, 0x61, 0x6d, 0x65, 0x41, 0x75, 0x64, 0x69, 0x6f, 0x52, 0x61, 0x6e, 0x64, 0x6f, 0x6d,
        0x56, 0x61, 0x6c, 0x75, 0x65, 0x41, 0x75, 0x64, 0x69, 0x6f, 0x52, 0x61, 0x6e, 0x64, 0x6f,
        0x6d, 0x56, 0x61, 0x09, 0x3d, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0x49, 0x6e, 0x69, 0x74,
        0x52, 0x61, 0x6e, 0x64, 0x6f, 0x6d, 0x20, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0x61, 0x6d, 0x65, 0x47, 0x65, 0x74, 0x47, 0x61, 0x6d, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x65, 0x41, 0x7a, 0x64, 0x69,
        0x6f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x47, 0x65, 0xfe, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0x00, 0xff, 0x49, 0x6e, 0x69, 0x74, 0x52, 0x61, 0x6e, 0x64, 0x6f, 0x6d,
        0x20, 0xff, 0xff, 0x0a, 0xff, 0xff, 0xff, 0xff, 0xff, 0x47, 0x65, 0x74, 0x47, 0x61, 0x6d,
        0x65, 0x41, 0x7a, 0x64, 0x69, 0x6f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x47, 0x65,
        0x74, 0x47, 0x61, 0x6d, 0x65, 0x41, 0x75, 0x64, 0x69, 0x6f, 0x52, 0xff, 0xff, 0xff, 0x6e,
        0x52, 0x61, 0x6e, 0x64, 0x6f, 0x6d, 0x56, 0x69, 0x74, 0x52, 0x61, 0x6e, 0x64, 0x6f, 0x6d,
        0x20, 0x34, 0x45, 0x20, 0x58, 0x32, 0x30, 0x49, 0x6e, 0x69, 0x6e, 0x44, 0x6f, 0x6d, 0x20,
        0xa2, 0x36, 0x45, 0x20, 0x00, 0x31, 0x58, 0x32,
    ];
    let mut b = Bytes(INPUT);
    let mode = b.u8();
    let seed = b.u32();
    let options = bitexact::sync::Options {
        seed: (mode & 2 == 0).then_some(i64::from(seed)),
        max_shift: Some(u64::from(b.u8() % 80)),
        ..bitexact::sync::Options::default()
    };
    let mut text = b.0;
    let _ = bitexact::sync::check(bitexact::sync::Format::Generals, &mut text, None, &options);
}

/// `fuzz/fuzz_targets/sync_openra_diff.rs`: a report compared with itself
/// was a divergence when it repeated a net frame (a file holding two
/// desyncs' reports): A's first frame 18 was paired with B's last, whose
/// orders differ. The newest of each side is compared now. The same shape,
/// written out.
#[test]
fn sync_openra_a_report_repeating_a_net_frame_against_itself() {
    let text = "Player: P\nSync for net frame 18 -----\nSharedRandom: 5 (#1)\nOrders Issued:\n\nSync for net frame 18 -----\nSharedRandom: 5 (#1)\nOrders Issued:\n\t J\n";
    let options = bitexact::sync::Options::default();
    let r = bitexact::sync::check(
        bitexact::sync::Format::Openra,
        &mut text.as_bytes(),
        Some(&mut text.as_bytes()),
        &options,
    )
    .expect("two reports");
    assert!(r.first_divergence.is_none(), "{}", r.text());
    assert!(r.consistent, "{}", r.text());
}
