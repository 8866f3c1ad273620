//! SPEC 10.1 on code assembled by hand: each spelling of a signature's
//! step is the same step (the value computed), and each near miss — a mask
//! one bit off, a shift by another count, a rotate kept with the wrong
//! mask, the 53-bit double with another scale — is never complete. The
//! forms real compilers emit are proven on their own output in the CLI's
//! `scan_msvc.rs` (MSVC) and `scan_reference.rs` (gcc, mingw-w64); these
//! are the spellings no compiler here emits on demand.
#![cfg(feature = "scan")]

mod common;

use bitexact::scan::{scan, Options, Report, Signature};
use common::elf::*;

fn run(image: &[u8]) -> Report {
    scan(image, &Options::default()).expect("scans")
}

fn sites(r: &Report, sig: Signature) -> Vec<bool> {
    r.sites
        .iter()
        .filter(|s| s.signature == sig)
        .map(|s| s.complete)
        .collect()
}

/// The tempering of `y` (scratch `t`) with each masked step written as
/// `(y & m) << k`, and the last step as `rol` + mask when `rotate` is given
/// (`rol t, r; and t, mask`).
fn temper_masked_first(b: u32, c: u32, k7: u8, rotate: Option<(u8, u32)>) -> Vec<u8> {
    let (y, t) = (EAX, ECX);
    let mut a = Asm::default();
    a.mov(t, y).shr(t, 11).xor(y, t);
    a.mov(t, y).and_imm(t, b).shl(t, k7).xor(y, t);
    a.mov(t, y).and_imm(t, c).shl(t, 15).xor(y, t);
    match rotate {
        None => a.mov(t, y).shr(t, 18).xor(y, t),
        Some((r, mask)) => {
            a.mov(t, y).raw(&[0xc1, 0xc0 | t, r]); // rol t, r
            a.and_imm(t, mask).xor(y, t)
        }
    };
    a.ret();
    a.0
}

#[test]
fn masks_before_their_shift_are_the_same_steps() {
    // MSVC's masks (the bits `<< k` discards set), and the same masks with
    // those bits clear: both are `(y << k) & B`.
    for (b, c) in [(0xff3a_58ad, 0xffff_df8c), (0x013a_58ad, 0x0001_df8c)] {
        let code = temper_masked_first(b, c, 7, None);
        for image in [elf64(&code), elf32(&code)] {
            let r = run(&image);
            assert_eq!(sites(&r, Signature::Mt19937Temper), [true], "{b:#x}");
            assert_eq!(r.mt19937_confirmed(), Some(true));
        }
    }
}

#[test]
fn a_mask_one_bit_off_or_a_shift_of_six_is_never_complete() {
    for code in [
        temper_masked_first(0xff3a_58ac, 0xffff_df8c, 7, None),
        temper_masked_first(0xff3a_58ad, 0xffff_df8d, 7, None),
        temper_masked_first(0xff3a_58ad, 0xffff_df8c, 6, None),
    ] {
        let r = run(&elf64(&code));
        let t = sites(&r, Signature::Mt19937Temper);
        assert!(!t.is_empty() && !t.contains(&true), "{:#?}", r.sites);
        assert_eq!(r.mt19937_confirmed(), Some(false));
    }
}

#[test]
fn a_rotate_and_its_mask_is_the_right_shift() {
    // `rol y, 14; and 0x3fff` keeps the top 14 bits: `y >> 18`.
    let code = temper_masked_first(0xff3a_58ad, 0xffff_df8c, 7, Some((14, 0x3fff)));
    assert_eq!(sites(&run(&elf64(&code)), Signature::Mt19937Temper), [true]);
    // `ror y, 18` is the same rotate.
    let mut ror = code.clone();
    let at = ror
        .windows(3)
        .position(|w| w == [0xc1, 0xc1, 14])
        .expect("the rol");
    ror[at + 1] = 0xc9; // ror ecx, …
    ror[at + 2] = 18;
    assert_eq!(sites(&run(&elf64(&ror)), Signature::Mt19937Temper), [true]);
    // One bit more is a rotated-in bit of y's low end: not `y >> 18`.
    let wrong = temper_masked_first(0xff3a_58ad, 0xffff_df8c, 7, Some((14, 0x7fff)));
    assert!(!sites(&run(&elf64(&wrong)), Signature::Mt19937Temper).contains(&true));
}

/// `a >> 5`, `b >> 6`, then the x87 `fmul`s by the doubles at the end of
/// the code (32-bit absolute addresses): `scale26` and `scale53`.
fn res53(sa: u8, sb: u8, scale26: f64, scale53: f64) -> Vec<u8> {
    let mut a = Asm::default();
    a.shr(EAX, sa).shr(ECX, sb);
    let data = entry_of(32) as u32 + 2 * 3 + 2 * 6 + 1 + 3;
    a.raw(&[0xdc, 0x0d]).raw(&data.to_le_bytes()); // fmul qword [data]
    a.raw(&[0xdc, 0x0d]).raw(&(data + 8).to_le_bytes());
    a.ret().raw(&[0xcc; 3]);
    assert_eq!(entry_of(32) as usize + a.len(), data as usize);
    a.raw(&scale26.to_le_bytes()).raw(&scale53.to_le_bytes());
    a.0
}

#[test]
fn the_53_bit_double_is_a_site() {
    let two = |e: i32| 2f64.powi(e);
    let r = run(&elf32(&res53(5, 6, two(26), two(-53))));
    assert_eq!(sites(&r, Signature::Mt19937Res53), [true]);
    // Divided by 2^53 instead: the same double.
    let r = run(&elf32(&res53(5, 6, two(26), two(53))));
    assert_eq!(sites(&r, Signature::Mt19937Res53), [true]);
    // A mapping alone confirms no generator.
    assert_eq!(r.mt19937_confirmed(), Some(false));
    // Other shifts: the doubles alone, never complete.
    let r = run(&elf32(&res53(4, 6, two(26), two(-53))));
    assert_eq!(sites(&r, Signature::Mt19937Res53), [false]);
    // Another scale is another mapping: no site.
    let r = run(&elf32(&res53(5, 6, two(26), two(-52))));
    assert!(sites(&r, Signature::Mt19937Res53).is_empty());
}
