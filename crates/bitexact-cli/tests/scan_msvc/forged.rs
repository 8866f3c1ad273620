//! Forgeries of real MSVC code: the downloaded image's own bytes patched
//! one bit or one count off, each a near miss that computes something
//! other than MT19937, which the scan must never call complete.

use super::*;

/// `image` with the immediate `old` of each instruction in `at` set to
/// `new` (`width` bytes, little-endian, the last such run in the
/// instruction's bytes), written to a fresh file.
fn patched(t: &Truth, image: &Path, at: &[(&Insn, u64, u64, usize)], name: &str) -> PathBuf {
    let mut bytes = std::fs::read(image).unwrap();
    for &(insn, old, new, width) in at {
        let want = &old.to_le_bytes()[..width];
        let pos = insn
            .bytes
            .windows(width)
            .rposition(|w| w == want)
            .unwrap_or_else(|| panic!("{:#x} {}: no {old:#x}", insn.va, insn.operands));
        let off = t.file_offset(insn.va) + pos;
        bytes[off..off + width].copy_from_slice(&new.to_le_bytes()[..width]);
    }
    let out = temp(name);
    std::fs::write(&out, bytes).unwrap();
    out
}

/// The instructions of the function holding `va`.
fn function_insns(t: &Truth, va: u64) -> Vec<&Insn> {
    let f = t.function(va);
    t.insns
        .iter()
        .filter(|i| i.va >= f && t.function(i.va) == f)
        .collect()
}

fn complete(all: &[Site], signature: &str) -> usize {
    all.iter()
        .filter(|s| s.signature == signature && s.complete)
        .count()
}

/// One tempering copy fewer is complete, and the function `f` holds an
/// incomplete one: the broken copy, still listed.
fn one_copy_broken(before: &[Site], after: &[Site], f: u64) {
    assert_eq!(
        complete(after, "mt19937.temper"),
        complete(before, "mt19937.temper") - 1
    );
    assert!(after
        .iter()
        .any(|s| s.signature == "mt19937.temper" && !s.complete && s.function == f));
}

/// The 2.7 image, its ground truth and its report, or `None` (skipped).
fn numpy27() -> Option<(PathBuf, Truth, Vec<Site>)> {
    let path = get(&NUMPY_27_WIN32, "numpy/random/mtrand.pyd")?;
    let t = Truth::of("objdump", &path);
    let all = sites(&scan(&path));
    Some((path, t, all))
}

#[test]
fn a_temper_mask_one_bit_off_is_never_complete() {
    let Some((path, t, before)) = numpy27() else {
        return;
    };
    let e = expected(&t);
    let and = t.insns.iter().find(|i| i.va == e.temper_b[0]).unwrap();
    let m = immediate(and).unwrap();
    let forged = patched(
        &t,
        &path,
        &[(and, m, m ^ 1, 4)],
        "msvc-mask-one-bit-off.pyd",
    );
    one_copy_broken(&before, &sites(&scan(&forged)), t.function(and.va));
}

#[test]
fn a_temper_shift_of_six_is_never_complete() {
    let Some((path, t, before)) = numpy27() else {
        return;
    };
    let e = expected(&t);
    let k = t.insns.iter().position(|i| i.va == e.temper_b[0]).unwrap();
    let shl = t.insns[k..]
        .iter()
        .find(|i| i.mnemonic == "shl")
        .expect("the mask's shift");
    assert_eq!(immediate(shl), Some(7));
    let forged = patched(&t, &path, &[(shl, 7, 6, 1)], "msvc-shift-six.pyd");
    // The mask is still one of the tempering's: a site, never complete.
    one_copy_broken(&before, &sites(&scan(&forged)), t.function(shl.va));
}

#[test]
fn a_twist_of_396_words_is_never_complete() {
    let Some((path, t, before)) = numpy27() else {
        return;
    };
    // The block twist (`rk_random`): its loops read mt[i + 397] as
    // `[ecx+eax*4+0x630]` with eax = i + 1, mt[i - 227] as
    // `[ecx+eax*4-0x390]`, the last word's mt[396] as `[ecx+0x630]`, and
    // bound the first loop by N - M = 227. A twist of M = 396 reads four
    // bytes lower and runs to 228.
    let e = expected(&t);
    let block = e
        .twist
        .iter()
        .copied()
        .find(|&a| {
            function_insns(&t, a)
                .iter()
                .any(|i| i.operands.contains("+0x630]"))
        })
        .expect("the block twist");
    let f = t.function(block);
    let mut edits = Vec::new();
    for i in function_insns(&t, block) {
        if i.operands.contains("+0x630]") {
            edits.push((i, 0x630, 0x62c, 4));
        } else if i.operands.contains("-0x390]") {
            edits.push((i, (-0x390i32) as u32 as u64, (-0x394i32) as u32 as u64, 4));
        } else if i.mnemonic == "cmp" && immediate(i) == Some(0xe3) {
            edits.push((i, 0xe3, 0xe4, 4));
        }
    }
    assert!(edits.len() >= 4, "the twist's offsets: {}", edits.len());
    let forged = patched(&t, &path, &edits, "msvc-twist-396.pyd");
    let after = sites(&scan(&forged));
    let twist = |all: &[Site]| {
        all.iter()
            .find(|s| s.signature == "mt19937.twist" && s.function == f)
            .map(|s| s.complete)
    };
    assert_eq!(twist(&before), Some(true));
    assert_eq!(twist(&after), Some(false), "a 396-word twist");
}

#[test]
fn a_625_word_bound_in_a_register_is_never_complete() {
    // Visual C++ 2019 x64 holds the seeding's bound in a register:
    // `mov r14d, 0x270 … cmp r10d, r14d`. At 0x271 it is a 625-word loop.
    let member = "numpy/random/_mt19937.cp311-win_amd64.pyd";
    let Some(path) = get(&NUMPY_22_WIN64, member) else {
        return;
    };
    let t = Truth::of("objdump", &path);
    let e = expected(&t);
    let seeding = e.by_array[0];
    let body = function_insns(&t, seeding);
    let mov = body
        .iter()
        .find(|i| i.mnemonic == "mov" && immediate(i) == Some(0x270))
        .expect("the bound in a register");
    assert!(e
        .knuth
        .iter()
        .any(|&k| t.function(k) == t.function(seeding)));
    let knuth = |all: &[Site]| {
        all.iter()
            .find(|s| s.signature == "mt19937.seed_knuth" && s.function == t.function(seeding))
            .map(|s| s.complete)
    };
    assert_eq!(knuth(&sites(&scan(&path))), Some(true));
    let forged = patched(&t, &path, &[(mov, 0x270, 0x271, 4)], "msvc-bound-625.pyd");
    assert_eq!(knuth(&sites(&scan(&forged))), Some(false));
}

#[test]
fn a_count_down_of_624_is_never_complete() {
    // Visual C++ 2008 x64 counts the seeding down: `mov r11d, 0x26f; mov
    // rbx, r11 … sub rbx, r10; jne`, 623 steps after the first word. 624
    // steps seed 625 words.
    let Some(path) = get(&RANDOMGEN_114_WIN64, "randomgen/mt19937.pyd") else {
        return;
    };
    let t = Truth::of("objdump", &path);
    let e = expected(&t);
    // `init_by_array`'s inlined `init_genrand` (the other copy is dead).
    let (f, mov) = e
        .knuth
        .iter()
        .filter(|&&k| e.by_array.iter().any(|&b| t.function(b) == t.function(k)))
        .find_map(|&k| {
            let mov = function_insns(&t, k)
                .into_iter()
                .find(|i| i.mnemonic == "mov" && immediate(i) == Some(0x26f))?;
            Some((t.function(k), mov))
        })
        .expect("a seeding that counts down");
    let knuth = |all: &[Site]| {
        all.iter()
            .find(|s| s.signature == "mt19937.seed_knuth" && s.function == f)
            .map(|s| s.complete)
    };
    assert_eq!(knuth(&sites(&scan(&path))), Some(true));
    let forged = patched(&t, &path, &[(mov, 0x26f, 0x270, 4)], "msvc-count-624.pyd");
    assert_eq!(knuth(&sites(&scan(&forged))), Some(false));
}
