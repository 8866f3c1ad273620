//! The image's bytes searched for the signatures' constants: where the
//! psdes tables lie, and the constants seen other than as operands of
//! agreed instructions.

use alloc::vec::Vec;

use super::constants::{
    BY_ARRAY, K1998, KNUTH, MATRIX_A, MSVC_ADD, MSVC_MUL, PSDES, SPLITMIX, TEMPER_B, TEMPER_C,
    TEMPER_MSVC, UNIT_SCALES, WWLIB_MUL,
};
use super::decode::Code;
use super::image::Image;
use super::report::{DataHit, Signature, MAX_DATA_HITS};
use super::signature::Tables;

/// Calls `f(offset, key)` for every offset of `hay` where one of the
/// little-endian 32-bit `keys` starts (one pass, a hashed filter: data is
/// mostly zeros and small numbers, which a byte-by-byte search would
/// stop at).
fn each_word(hay: &[u8], keys: &[u32], mut f: impl FnMut(usize, u32)) {
    let hash = |w: u32| (w.wrapping_mul(0x9e37_79b1) >> 20) as usize;
    let mut filter = [0u64; 64];
    for &k in keys {
        filter[hash(k) / 64] |= 1 << (hash(k) % 64);
    }
    for (i, win) in hay.windows(4).enumerate() {
        let w = u32::from_le_bytes([win[0], win[1], win[2], win[3]]);
        let h = hash(w);
        if filter[h / 64] >> (h % 64) & 1 == 1 && keys.contains(&w) {
            f(i, w);
        }
    }
}

/// Where the psdes tables and the twist's `mag01` tables lie in the
/// image's bytes (one pass over them).
pub(crate) fn find_tables(image: &Image<'_>) -> Tables {
    let mut t = Tables::default();
    let keys = [PSDES[0], PSDES[4], MATRIX_A];
    for r in &image.regions {
        each_word(r.bytes, &keys, |i, w| {
            if w == MATRIX_A {
                // `{0, 0x9908b0df}`: the matrix word after a zero word.
                if i >= 4 && r.bytes[i - 4..i] == [0; 4] {
                    t.mag01.push(r.va + i as u64 - 4);
                }
                // `{0, 0x9908b0df}` as two 64-bit words.
                if i >= 8
                    && r.bytes[i - 8..i] == [0; 8]
                    && r.bytes.get(i + 4..i + 8) == Some(&[0; 4][..])
                {
                    t.mag01_64.push(r.va + i as u64 - 8);
                }
                return;
            }
            let which = usize::from(w == PSDES[4]);
            let words = &PSDES[which * 4..which * 4 + 4];
            let whole = words
                .iter()
                .enumerate()
                .all(|(j, c)| r.bytes.get(i + 4 * j..i + 4 * j + 4) == Some(&c.to_le_bytes()[..]));
            if whole {
                t.psdes.push((r.va + i as u64, which));
            }
        });
    }
    t.mag01.sort_unstable();
    t.mag01_64.sort_unstable();
    t
}

/// Distinctive constants seen in the bytes but not as an operand of an
/// agreed instruction.
pub(crate) fn data_hits(
    image: &Image<'_>,
    code: &Code,
    referenced: &[u64],
    tables: &Tables,
) -> Vec<DataHit> {
    let mut pats: Vec<(u64, u8, Signature)> = alloc::vec![
        (u64::from(TEMPER_B), 4, Signature::Mt19937Temper),
        (u64::from(TEMPER_C), 4, Signature::Mt19937Temper),
        (u64::from(TEMPER_MSVC[0]), 4, Signature::Mt19937Temper),
        (u64::from(TEMPER_MSVC[1]), 4, Signature::Mt19937Temper),
        (u64::from(MATRIX_A), 4, Signature::Mt19937Twist),
        (u64::from(KNUTH), 4, Signature::Mt19937SeedKnuth),
        (u64::from(BY_ARRAY[1]), 4, Signature::Mt19937SeedByArray),
        (u64::from(WWLIB_MUL), 4, Signature::WwlibLcg),
    ];
    pats.extend(
        PSDES
            .iter()
            .map(|&c| (u64::from(c), 4, Signature::WestwoodPsdes)),
    );
    pats.extend(SPLITMIX.iter().map(|&c| (c, 8, Signature::Splitmix64)));
    pats.extend(
        UNIT_SCALES[..2]
            .iter()
            .map(|&(c, _)| (c, 8, Signature::SotsUnitScale)),
    );
    // Small multipliers are common numbers in data: listed only where the
    // sweep decodes them as an operand of code the descent did not reach.
    let weak = [
        (u64::from(K1998), Signature::Mt19937Seed1998),
        (u64::from(BY_ARRAY[0]), Signature::Mt19937SeedByArray),
        (u64::from(MSVC_MUL), Signature::MsvcRand),
        (u64::from(MSVC_ADD), Signature::MsvcRand),
    ];
    pats.extend(weak.iter().map(|&(c, sig)| (c, 4, sig)));
    let keys: Vec<u32> = pats.iter().map(|&(c, _, _)| c as u32).collect();
    let mut out = Vec::new();
    for r in &image.regions {
        each_word(r.bytes, &keys, |i, w| {
            for &(c, width, sig) in pats.iter().filter(|p| p.0 as u32 == w) {
                if width == 8 && r.bytes.get(i..i + 8) != Some(&c.to_le_bytes()[..]) {
                    continue;
                }
                let va = r.va + i as u64;
                if out.len() >= MAX_DATA_HITS
                    || (r.exec && is_operand(va, c, width, |a| code.decode_at(image, a)))
                {
                    continue;
                }
                let sweep_only =
                    r.exec && is_operand(va, c, width, |a| code.decode_swept_at(image, a));
                if !sweep_only && weak.iter().any(|&(k, _)| k == c) {
                    continue;
                }
                let in_read_table = sig == Signature::WestwoodPsdes
                    && tables.psdes.iter().any(|&(t, _)| {
                        va >= t && va < t + 16 && referenced.binary_search(&t).is_ok()
                    });
                let referenced = in_read_table || referenced.binary_search(&va).is_ok();
                out.push(DataHit {
                    va,
                    constant: c,
                    width,
                    signature: sig,
                    section: r.name.clone(),
                    referenced,
                    in_code: r.exec,
                    sweep_only,
                });
            }
        });
    }
    out.sort_by_key(|d| d.va);
    out
}

/// Whether the bytes at `va` are the immediate `c` of an instruction that
/// `decode` gives (the agreed ones, or the sweep's own).
fn is_operand(
    va: u64,
    c: u64,
    w: u8,
    decode: impl Fn(u64) -> Option<iced_x86::Instruction>,
) -> bool {
    for back in 1..=14u64 {
        let Some(start) = va.checked_sub(back) else {
            break;
        };
        if let Some(ins) = decode(start) {
            if ins.next_ip() >= va + u64::from(w) {
                return (0..ins.op_count()).any(|i| {
                    matches!(
                        ins.op_kind(i),
                        iced_x86::OpKind::Immediate32
                            | iced_x86::OpKind::Immediate32to64
                            | iced_x86::OpKind::Immediate64
                    ) && (ins.immediate(i) == c || (w == 4 && ins.immediate(i) as u32 as u64 == c))
                });
            }
        }
    }
    false
}
