//! Which addresses hold the x87 instructions the code hook acts on: those
//! Unicorn does not compute exactly ([`Inexact`], handed to the host) and
//! those that read the status word (noted: its exception flags are not
//! modelled). Found by their bytes when executable memory is mapped, so
//! the hook costs one lookup per instruction.

use crate::host::Inexact;

/// What the code hook watches for at an address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Watched {
    /// An instruction the host runs.
    Host(Inexact),
    /// `fnstsw`, `fnstenv` or `fnsave`: a read of the status word.
    StatusRead,
}

/// Addresses of candidate instructions in executable memory, found by
/// their bytes when the memory is mapped: the hook fires only where an
/// instruction really starts, so a candidate inside another instruction
/// costs a lookup and nothing else.
#[derive(Default)]
pub(crate) struct Watch {
    /// Sorted by address.
    at: Vec<(u32, Watched)>,
}

impl Watch {
    /// Adds every candidate in `bytes`, code mapped at `va`: each place a
    /// watched opcode starts, and each start a run of legacy prefixes
    /// before it can give.
    pub(crate) fn add_code(&mut self, va: u32, bytes: &[u8]) {
        for (i, w) in bytes.windows(2).enumerate() {
            let kind = match (w[0], w[1]) {
                (0xd9, b) => match Inexact::from_second_byte(b) {
                    Some(op) => Some(Watched::Host(op)),
                    // fnstenv m
                    None if b < 0xc0 && (b >> 3) & 7 == 6 => Some(Watched::StatusRead),
                    None => None,
                },
                // fnstsw ax
                (0xdf, 0xe0) => Some(Watched::StatusRead),
                // fnsave m, fnstsw m16
                (0xdd, b) if b < 0xc0 && (b >> 3) & 7 >= 6 => Some(Watched::StatusRead),
                _ => None,
            };
            let Some(k) = kind else {
                continue;
            };
            // The opcode, and each start a run of prefixes before it can
            // give the same instruction (`3E D9 FE` is fsin too).
            let mut start = i;
            loop {
                self.at.push((va.wrapping_add(start as u32), k));
                if start == 0 || !is_prefix(bytes[start - 1]) || i - start >= 14 {
                    break;
                }
                start -= 1;
            }
        }
        self.at.sort_unstable_by_key(|&(a, _)| a);
        self.at.dedup_by_key(|&mut (a, _)| a);
    }

    /// What is watched at `va`, if anything.
    pub(crate) fn get(&self, va: u32) -> Option<Watched> {
        self.at
            .binary_search_by_key(&va, |&(a, _)| a)
            .ok()
            .map(|i| self.at[i].1)
    }
}

/// Whether `b` is an x86 legacy prefix (segment, operand or address size,
/// lock, rep): one may stand before an x87 opcode and leave it the same
/// instruction.
pub(crate) fn is_prefix(b: u8) -> bool {
    matches!(
        b,
        0x26 | 0x2e | 0x36 | 0x3e | 0x64 | 0x65 | 0x66 | 0x67 | 0xf0 | 0xf2 | 0xf3
    )
}
