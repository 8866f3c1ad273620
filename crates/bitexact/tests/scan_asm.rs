//! `bitexact::scan` on images assembled by hand: what compilers will not
//! emit on demand (renamed and interleaved tempering, overlapping
//! instructions, constants straddling instructions), and hostile headers.
#![cfg(feature = "scan")]

mod common;

use bitexact::scan::{scan, Options, Origin, Report, ScanError, Signature};
use common::elf::*;

fn run(image: &[u8]) -> Report {
    scan(image, &Options::default()).expect("scans")
}

fn tempers(r: &Report) -> Vec<bool> {
    r.sites
        .iter()
        .filter(|s| s.signature == Signature::Mt19937Temper)
        .map(|s| s.complete)
        .collect()
}

#[test]
fn textbook_tempering_is_one_complete_site() {
    let mut a = Asm::default();
    a.temper(EAX, ECX).ret();
    for image in [elf64(&a.0), elf32(&a.0)] {
        let r = run(&image);
        assert_eq!(tempers(&r), [true]);
        let s = &r.sites[0];
        // From the first shift (copies are not part of the sequence):
        // shr+xor, shl+and+xor, shl+and+xor, shr+xor.
        assert_eq!(s.va, entry_of(if image[4] == 2 { 64 } else { 32 }) + 2);
        assert_eq!(s.instructions.len(), 10, "{:x?}", s.instructions);
    }
}

#[test]
fn renamed_and_interleaved_tempering_is_found() {
    // y in edi, scratch esi, unrelated work on ebx/edx between every step.
    let mut a = Asm::default();
    a.mov(ESI, EDI)
        .mov_imm(EBX, 5)
        .shr(ESI, 11)
        .add_imm(EDX, 3)
        .xor(EDI, ESI);
    a.mov(ESI, EDI)
        .shl(ESI, 7)
        .mov_imm(EDX, 0x1234)
        .and_imm(ESI, 0x9d2c_5680)
        .xor(EDI, ESI);
    a.mov(EBX, EDI)
        .nop()
        .shl(EBX, 15)
        .and_imm(EBX, 0xefc6_0000)
        .xor(EBX, EDI); // result in ebx now
    a.mov(EDX, EBX).shr(EDX, 18).xor(EDX, EBX).ret();
    let r = run(&elf64(&a.0));
    assert_eq!(tempers(&r), [true], "{:#?}", r.sites);
}

#[test]
fn two_chains_in_lockstep_are_two_sites() {
    // eax/ecx and ebx/edx tempered step by step, alternating.
    let mut a = Asm::default();
    a.mov(ECX, EAX)
        .mov(EDX, EBX)
        .shr(ECX, 11)
        .shr(EDX, 11)
        .xor(EAX, ECX)
        .xor(EBX, EDX);
    a.mov(ECX, EAX).mov(EDX, EBX).shl(ECX, 7).shl(EDX, 7);
    a.and_imm(ECX, 0x9d2c_5680)
        .and_imm(EDX, 0x9d2c_5680)
        .xor(EAX, ECX)
        .xor(EBX, EDX);
    a.mov(ECX, EAX).mov(EDX, EBX).shl(ECX, 15).shl(EDX, 15);
    a.and_imm(ECX, 0xefc6_0000)
        .and_imm(EDX, 0xefc6_0000)
        .xor(EAX, ECX)
        .xor(EBX, EDX);
    a.mov(ECX, EAX)
        .mov(EDX, EBX)
        .shr(ECX, 18)
        .shr(EDX, 18)
        .xor(EAX, ECX)
        .xor(EBX, EDX)
        .ret();
    let r = run(&elf32(&a.0));
    assert_eq!(tempers(&r), [true, true], "{:#?}", r.sites);
}

#[test]
fn masks_on_the_wrong_value_are_not_a_complete_site() {
    // The shifts and masks are all there, but each XOR folds into another
    // register: no value is tempered.
    let mut a = Asm::default();
    a.mov(ECX, EAX).shr(ECX, 11).xor(EBX, ECX);
    a.mov(ECX, EAX)
        .shl(ECX, 7)
        .and_imm(ECX, 0x9d2c_5680)
        .xor(EDX, ECX);
    a.mov(ECX, EAX)
        .shl(ECX, 15)
        .and_imm(ECX, 0xefc6_0000)
        .xor(ESI, ECX);
    a.mov(ECX, EAX).shr(ECX, 18).xor(EDI, ECX).ret();
    let r = run(&elf64(&a.0));
    let t = tempers(&r);
    assert!(t.iter().all(|c| !c), "{:#?}", r.sites);
    assert_eq!(t.len(), 2, "the two masks, each alone: {:#?}", r.sites);
}

#[test]
fn steps_out_of_order_are_not_complete() {
    let mut a = Asm::default();
    a.mov(ECX, EAX).shr(ECX, 18).xor(EAX, ECX);
    a.mov(ECX, EAX)
        .shl(ECX, 15)
        .and_imm(ECX, 0xefc6_0000)
        .xor(EAX, ECX);
    a.mov(ECX, EAX)
        .shl(ECX, 7)
        .and_imm(ECX, 0x9d2c_5680)
        .xor(EAX, ECX);
    a.mov(ECX, EAX).shr(ECX, 11).xor(EAX, ECX).ret();
    let r = run(&elf64(&a.0));
    assert!(!tempers(&r).is_empty());
    assert!(tempers(&r).iter().all(|c| !c), "{:#?}", r.sites);
}

#[test]
fn a_lone_mask_is_an_incomplete_site() {
    let mut a = Asm::default();
    a.and_imm(EAX, 0x9d2c_5680).ret();
    let r = run(&elf64(&a.0));
    assert_eq!(tempers(&r), [false]);
    assert_eq!(r.sites[0].seen, ["0x9d2c5680 alone"]);
}

#[test]
fn bytes_the_descent_jumps_over_are_not_code() {
    // jmp +5 over `and eax, 0x9d2c5680` (25 80 56 2c 9d): the sweep
    // decodes the and, control flow never reaches it.
    let mut a = Asm::default();
    a.raw(&[0xeb, 0x05])
        .raw(&[0x25, 0x80, 0x56, 0x2c, 0x9d])
        .ret();
    let r = run(&elf64(&a.0));
    assert!(r.sites.is_empty(), "{:#?}", r.sites);
    let d: Vec<u64> = r.data.iter().map(|d| d.va).collect();
    assert_eq!(d, [entry_of(64) + 3], "listed as data instead");
}

#[test]
fn an_instruction_hidden_inside_another_is_not_agreed() {
    // jmp +1 over a 0xb8 byte: the sweep reads `mov eax, imm32` swallowing
    // the real `and eax, 0x9d2c5680` the descent decodes from offset 3.
    let mut a = Asm::default();
    a.raw(&[0xeb, 0x01, 0xb8]).and_imm(EAX, 0x9d2c_5680).ret();
    let r = run(&elf64(&a.0));
    assert!(
        r.sites
            .iter()
            .all(|s| !s.instructions.contains(&(entry_of(64) + 3))),
        "{:#?}",
        r.sites
    );
}

#[test]
fn a_constant_straddling_two_instructions_is_data() {
    // mov eax, 0x56800000 (b8 00 00 80 56) then sub al, 0x9d (2c 9d).
    let mut a = Asm::default();
    a.raw(&[0xb8, 0x00, 0x00, 0x80, 0x56, 0x2c, 0x9d]).ret();
    let r = run(&elf32(&a.0));
    assert!(r.sites.is_empty());
    assert_eq!(r.data.len(), 1);
    assert_eq!(
        (r.data[0].va, r.data[0].constant),
        (entry_of(32) + 3, 0x9d2c_5680)
    );
}

#[test]
fn a_constant_inside_a_longer_immediate_is_data() {
    // movabs rax, 0x119d2c5680111111
    let mut a = Asm::default();
    a.raw(&[0x48, 0xb8])
        .raw(&0x1122_9d2c_5680_1122u64.to_le_bytes())
        .ret();
    let r = run(&elf64(&a.0));
    assert!(r.sites.is_empty());
    assert_eq!(r.data.len(), 1);
}

#[test]
fn lcgs_need_their_increment_to_be_complete() {
    let mut a = Asm::default();
    a.imul_imm(EAX, EAX, 0x41c6_4e6d).add_imm(EAX, 0x3039);
    a.imul_imm(ECX, ECX, 0x0003_43fd).add_imm(ECX, 0x0026_9ec3);
    a.imul_imm(EDX, EDX, 0x41c6_4e6d).add_imm(EBX, 0x3039).ret(); // adds to another register
    let r = run(&elf32(&a.0));
    let got: Vec<(Signature, bool)> = r.sites.iter().map(|s| (s.signature, s.complete)).collect();
    assert_eq!(
        got,
        [
            (Signature::WwlibLcg, true),
            (Signature::MsvcRand, true),
            (Signature::WwlibLcg, false)
        ]
    );
}

#[test]
fn reachability_follows_direct_calls_in_a_stripped_image() {
    // entry: call A; call B; ret.  A: temper; ret.  B: call C; ret.
    // C: temper; ret.  D (reached only from entry's pointer push): temper.
    let mut a = Asm::default();
    let (at_a, at_b, at_c) = (16, 60, 70);
    a.call(at_a).call(at_b).ret();
    while a.len() < at_a {
        a.raw(&[0xcc]);
    }
    a.temper(EAX, ECX).ret();
    while a.len() < at_b {
        a.raw(&[0xcc]);
    }
    a.call(at_c).ret();
    while a.len() < at_c {
        a.raw(&[0xcc]);
    }
    a.temper(EBX, EDX).ret();
    let image = elf64(&a.0);
    let va = |off: usize| entry_of(64) + off as u64;
    let from_b = scan(
        &image,
        &Options {
            from: Some(Origin::Va(va(at_b))),
            ..Options::default()
        },
    )
    .unwrap();
    let reach: Vec<(u64, Option<bool>)> = from_b
        .functions
        .iter()
        .map(|f| (f.va, f.reachable))
        .collect();
    assert_eq!(reach, [(va(at_a), Some(false)), (va(at_c), Some(true))]);
    let c = &from_b.functions[1];
    assert_eq!(
        c.path.iter().map(|p| p.0).collect::<Vec<_>>(),
        [va(at_b), va(at_c)]
    );
    assert!(from_b.functions.iter().all(|f| f.name.is_none()));
    let from_entry = scan(
        &image,
        &Options {
            from: Some(Origin::Va(va(0))),
            ..Options::default()
        },
    )
    .unwrap();
    assert!(from_entry
        .functions
        .iter()
        .all(|f| f.reachable == Some(true)));
    let err = scan(
        &image,
        &Options {
            from: Some(Origin::Name("turn_driver".into())),
            ..Options::default()
        },
    )
    .unwrap_err();
    assert!(matches!(err, ScanError::NoSuchFunction(_)), "{err}");
}

#[test]
fn hostile_headers_are_typed_errors() {
    let good = elf64(&[0xc3]);
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("empty", vec![]),
        ("truncated ELF header", good[..20].to_vec()),
        ("truncated program header", good[..70].to_vec()),
        ("MZ and nothing", b"MZ\x90\x00".to_vec()),
        ("text", b"hello, world\n".to_vec()),
        ("ARM", {
            let mut v = good.clone();
            v[18] = 0x28;
            v
        }),
        ("segment past the end", {
            let mut v = good.clone();
            v[64 + 32..64 + 40].copy_from_slice(&u64::MAX.to_le_bytes()); // p_filesz
            v
        }),
    ];
    for (what, bytes) in cases {
        match scan(&bytes, &Options::default()) {
            Err(e) => assert!(!e.to_string().is_empty(), "{what}"),
            Ok(r) => panic!("{what}: scanned as {:?}", r.image),
        }
    }
    let arm = {
        let mut v = good.clone();
        v[18] = 0x28;
        v
    };
    let e = scan(&arm, &Options::default()).unwrap_err();
    assert!(e.to_string().contains("not x86"), "{e}");
}

mod never_panics {
    use super::*;
    use proptest::prelude::*;

    fn sample() -> Vec<u8> {
        let mut a = Asm::default();
        a.call(16).ret();
        while a.len() < 16 {
            a.raw(&[0xcc]);
        }
        a.temper(EAX, ECX)
            .imul_imm(EAX, EAX, 0x41c6_4e6d)
            .add_imm(EAX, 0x3039)
            .ret();
        elf64(&a.0)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        #[test]
        fn random_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..2048)) {
            let _ = scan(&bytes, &Options::default());
        }

        #[test]
        fn random_code(code in proptest::collection::vec(any::<u8>(), 0..4096)) {
            for image in [elf64(&code), elf32(&code)] {
                let r = scan(&image, &Options { from: Some(Origin::Va(entry_of(64))), sweep: true });
                if let Ok(r) = r {
                    for s in &r.sites {
                        prop_assert!(s.function < r.functions.len());
                    }
                }
            }
        }

        #[test]
        fn mutated_image(flips in proptest::collection::vec((0usize..400, any::<u8>()), 1..12)) {
            let mut image = sample();
            for (at, b) in flips {
                let n = image.len();
                image[at % n] ^= b;
            }
            let _ = scan(&image, &Options::default());
        }
    }
}

#[test]
fn code_the_descent_cannot_reach_is_said_to_be_unreached() {
    // entry: mov rax, [rip + ptr]; call rax; ret — then 16 int3, then the
    // tempering function. The pointer (in the image, not relocated) is the
    // only way there: the descent cannot follow it, the sweep decodes it.
    let mut a = Asm::default();
    a.raw(&[0x48, 0x8b, 0x05]).raw(&9u32.to_le_bytes()); // mov rax, [rip+9]
    a.raw(&[0xff, 0xd0]).ret(); // call rax; ret
    a.raw(&[0xcc; 6]); // to the pointer at +16
    let target = entry_of(64) + 32;
    a.raw(&target.to_le_bytes());
    a.raw(&[0xcc; 8]);
    assert_eq!(a.len(), 32);
    a.temper(EAX, ECX).ret();
    let r = run(&elf64(&a.0));
    assert!(r.sites.is_empty(), "{:#?}", r.sites);
    let unreached: Vec<u64> = r
        .data
        .iter()
        .filter(|d| d.sweep_only)
        .map(|d| d.constant)
        .collect();
    assert_eq!(unreached, [0x9d2c_5680, 0xefc6_0000]);
    assert!(r.data.iter().all(|d| d.in_code));
}

/// A 32-bit `switch`: `cmp eax, n; j? default; jmp [table + eax*4]`, the
/// table right after the jump (MSVC / Borland put it in `.text`), two cases
/// (a WWLib LCG step, an MSVC `rand` step), a default `ret`, then a
/// tempering block only a third table entry points at. That block's
/// address is 0x4005xx, so a sweep that takes the table for instructions
/// reads `7c 00` `40` `00 89 00 40 00 xx`, then `05 40 00` plus the first
/// case's first two bytes (`add eax, imm32`): out of step in the first case.
fn switch_image(guard: &[u8]) -> (Vec<u8>, u64) {
    let va = |off: usize| entry_of(32) + off as u64;
    let mut a = Asm::default();
    a.raw(guard);
    let jmp_at = a.len();
    let table_at = jmp_at + 7;
    let case0 = table_at + 12;
    let case1 = case0 + 13;
    let default = case1 + 13;
    let hidden = (default + 1..)
        .find(|&o| (va(o) >> 8) & 0xff == 0x05)
        .unwrap();
    a.raw(&[0xff, 0x24, 0x85])
        .raw(&(va(table_at) as u32).to_le_bytes());
    for t in [case0, case1, hidden] {
        a.raw(&(va(t) as u32).to_le_bytes());
    }
    assert_eq!(a.len(), case0);
    a.imul_imm(ECX, ECX, 0x41c6_4e6d).add_imm(ECX, 0x3039).ret();
    a.imul_imm(EDX, EDX, 0x0003_43fd)
        .add_imm(EDX, 0x0026_9ec3)
        .ret();
    assert_eq!(a.len(), default);
    a.ret();
    while a.len() < hidden {
        a.raw(&[0xcc]);
    }
    a.temper(EAX, ECX).ret();
    (elf32(&a.0), va(default))
}

fn guard(cmp_n: u8, jcc: u8, default_at: usize) -> Vec<u8> {
    // cmp eax, n (83 f8 n); jcc rel8 to the default case.
    let rel = default_at as i64 - 5;
    vec![0x83, 0xf8, cmp_n, jcc, rel as u8]
}

#[test]
fn a_switch_reads_exactly_the_entries_its_bound_allows() {
    // ja: n + 1 entries; jae: n entries. Either way two cases, never the
    // third entry's tempering block.
    for (n, jcc) in [(1u8, 0x77u8), (2, 0x73)] {
        let default_at = 5 + 7 + 12 + 13 + 13;
        let (image, _) = switch_image(&guard(n, jcc, default_at));
        let r = run(&image);
        let got: Vec<(Signature, bool)> =
            r.sites.iter().map(|s| (s.signature, s.complete)).collect();
        assert_eq!(
            got,
            [(Signature::WwlibLcg, true), (Signature::MsvcRand, true)],
            "jcc {jcc:#x}: {:#?}",
            r.sites
        );
        let unreached: Vec<u64> = r
            .data
            .iter()
            .filter(|d| d.sweep_only)
            .map(|d| d.constant)
            .collect();
        assert_eq!(unreached, [0x9d2c_5680, 0xefc6_0000], "jcc {jcc:#x}");
    }
}

#[test]
fn a_table_in_code_does_not_put_the_sweep_out_of_step() {
    // The table's last byte is 0x00 (the high byte of 0x004000xx), an
    // `add r/m8, r8` opcode that swallows the first case's bytes when the
    // sweep reads the table as code: the case must still be agreed whole.
    let default_at = 5 + 7 + 12 + 13 + 13;
    let (image, _) = switch_image(&guard(1, 0x77, default_at));
    let r = run(&image);
    let lcg = r
        .sites
        .iter()
        .find(|s| s.signature == Signature::WwlibLcg)
        .unwrap();
    assert_eq!(lcg.instructions, [entry_of(32) + 24, entry_of(32) + 30]);
}

#[test]
fn a_table_with_no_bound_is_not_read() {
    let (image, _) = switch_image(&[0x90; 5]);
    let r = run(&image);
    assert!(r.sites.is_empty(), "{:#?}", r.sites);
    // The case's multiplier is still listed, as bytes in code (the sweep
    // is out of step there, so not even as its operand).
    assert!(
        r.data
            .iter()
            .any(|d| d.in_code && d.constant == 0x41c6_4e6d),
        "{:#?}",
        r.data
    );
}

#[test]
fn a_constant_equal_to_a_code_address_does_not_split_a_function() {
    // entry: call f; ret.  f: mov eax, <address of f+5>; temper ebx; ret.
    let mut a = Asm::default();
    a.call(16).ret();
    while a.len() < 16 {
        a.raw(&[0xcc]);
    }
    a.mov_imm(EAX, (entry_of(32) + 16 + 5) as u32);
    a.temper(EBX, EDX).ret();
    let r = run(&elf32(&a.0));
    assert_eq!(r.functions.len(), 1);
    assert_eq!(r.functions[0].va, entry_of(32) + 16);
    assert_eq!(tempers(&r), [true]);
}

#[test]
fn a_function_passed_by_address_is_a_root() {
    // gcc's non-PIE _start: mov edi, offset main; call [indirect]. Here:
    // mov edi, <g>; call rdi; ret.  g: temper; ret.
    let mut a = Asm::default();
    let g = 16;
    a.raw(&[0xbf])
        .raw(&((entry_of(64) + g as u64) as u32).to_le_bytes());
    a.raw(&[0xff, 0xd7]).ret();
    while a.len() < g {
        a.raw(&[0xcc]);
    }
    a.temper(EAX, ECX).ret();
    let r = run(&elf64(&a.0));
    assert_eq!(tempers(&r), [true]);
    assert_eq!(r.functions[0].va, entry_of(64) + g as u64);
}
