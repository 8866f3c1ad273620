//! The end of a walk through one function: [`Matcher::finish`] turns what
//! the matcher collected into the function's sites, each with what was seen
//! and whether its sequence is complete (SPEC 10's rules per signature).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::{Matcher, RawSite};
use crate::scan::constants::{BY_ARRAY, MSVC_ADD, MSVC_MUL, PSDES, SPLITMIX, WWLIB_ADD, WWLIB_MUL};
use crate::scan::Signature;

impl Matcher {
    /// Whether two of the function's fixed addresses, or two displacements
    /// off unknown registers, are one of `bytes` apart (sorted and deduped
    /// by [`finish`](Self::finish) first).
    fn apart(&self, bytes: &[u64]) -> bool {
        bytes.iter().any(|&d| {
            self.addresses
                .iter()
                .any(|&a| self.addresses.binary_search(&a.wrapping_add(d)).is_ok())
                || self
                    .displacements
                    .iter()
                    .any(|&a| self.displacements.binary_search(&(a + d as i64)).is_ok())
        })
    }

    /// The sites of the function walked.
    pub fn finish(mut self, out: &mut Vec<RawSite>, reads: &mut Vec<u64>) {
        reads.append(&mut self.reads);
        self.addresses.sort_unstable();
        self.addresses.dedup();
        self.displacements.sort_unstable();
        self.displacements.dedup();
        self.n624 |= self.apart(&[2496, 2492]);
        let twist_offset = self.offset397 || self.apart(&[1588, 908]);
        let used = self.chains.finish(out);
        for (at, m) in core::mem::take(&mut self.masks) {
            if !used.contains(&at) {
                out.push(RawSite {
                    signature: Signature::Mt19937Temper,
                    complete: false,
                    seen: alloc::vec![format!("{m:#010x} alone")],
                    instructions: alloc::vec![at],
                });
            }
        }
        if !self.twist.is_empty() {
            let mut seen = alloc::vec![if self.twist_table {
                "mag01 {0, 0x9908b0df}".to_string()
            } else {
                "0x9908b0df".to_string()
            }];
            let mut instructions = self.twist.clone();
            let mut masks = 0;
            for m in [0x8000_0000u32, 0x7fff_ffff] {
                if self.twist_masks.iter().any(|&(_, c)| c == m) {
                    seen.push(format!("{m:#010x}"));
                    masks += 1;
                }
            }
            instructions.extend(self.twist_masks.iter().map(|&(a, _)| a));
            if self.shr1 {
                seen.push("y >> 1".to_string());
            }
            let offset = twist_offset;
            if offset {
                seen.push("397-word offset".to_string());
            }
            out.push(site(
                Signature::Mt19937Twist,
                masks == 2 && self.shr1 && offset,
                seen,
                instructions,
            ));
        }
        // A multiply by the constant is never dropped: one the flow did not
        // see as `x * K` (its operand folded to a constant) is an
        // incomplete site unless a tied one makes the site.
        // A 624-word loop over a global array bounded by its end pointer.

        if self.knuth.is_empty() && !self.knuth_imm.is_empty() {
            out.push(site(
                Signature::Mt19937SeedKnuth,
                false,
                alloc::vec!["* 1812433253 (operand not followed)".to_string()],
                self.knuth_imm.clone(),
            ));
        }
        for (at, j) in core::mem::take(&mut self.by_array_imm) {
            if !self.by_array.iter().any(|&(a, _, _)| a == at) {
                self.by_array.push((at, j, false));
            }
        }
        if !self.by_array.is_empty() {
            // As for Knuth's: unoptimised code reloads `x` for the shift.
            let over = |j: usize| {
                self.by_array
                    .iter()
                    .any(|&(_, i, o)| i == j && (o || self.shr30))
            };
            let mut seen: Vec<String> = Vec::new();
            for (j, k) in BY_ARRAY.iter().enumerate() {
                if self.by_array.iter().any(|&(_, i, _)| i == j) {
                    let tied = if over(j) { " over x ^ (x >> 30)" } else { "" };
                    seen.push(format!("* {k}{tied}"));
                }
            }
            if self.n624 {
                seen.push("624-word loop".to_string());
            }
            out.push(site(
                Signature::Mt19937SeedByArray,
                over(0) && over(1) && self.n624,
                seen,
                self.by_array.iter().map(|&(a, _, _)| a).collect(),
            ));
        }
        if !self.knuth.is_empty() {
            self.knuth.extend(self.knuth_imm.iter().copied());
            // Unoptimised code reloads `x` for the shift, so the data flow
            // cannot tie the two: a `>> 30` in the same function does.
            self.knuth_complete |= self.shr30;
            let mut seen = alloc::vec!["* 1812433253".to_string()];
            if self.knuth_complete {
                seen.push("x ^ (x >> 30)".to_string());
            }
            if self.n624 {
                seen.push("624-word loop".to_string());
            }
            out.push(site(
                Signature::Mt19937SeedKnuth,
                self.knuth_complete && self.n624,
                seen,
                self.knuth,
            ));
        }
        if !self.seed1998.is_empty() {
            // 69069 alone is any LCG or hash (CPython's frozenset hash has
            // it): the seeding needs the 624-word loop, or the 1990s
            // sgenrand's 0xffff0000 mask, beside it.
            let mut seen = alloc::vec!["* 69069".to_string()];
            seen.extend(self.seed1998_extra.iter().map(|s| s.to_string()));
            if self.n624 {
                seen.push("624-word loop".to_string());
            }
            let complete = self.n624 || self.seed1998_extra.contains(&"& 0xffff0000");
            out.push(site(
                Signature::Mt19937Seed1998,
                complete,
                seen,
                self.seed1998,
            ));
        }
        if !self.psdes.is_empty() {
            let mut which: Vec<usize> = self.psdes.iter().map(|&(_, j)| j).collect();
            which.sort_unstable();
            which.dedup();
            let seen = which
                .iter()
                .map(|&j| format!("{:#010x}", PSDES[j]))
                .collect();
            let instrs = self.psdes.iter().map(|&(a, _)| a).collect();
            out.push(site(
                Signature::WestwoodPsdes,
                which.len() == 8,
                seen,
                instrs,
            ));
        }
        for (sig, _, instrs, complete) in self.lcgs {
            let (m, a) = if sig == Signature::WwlibLcg {
                (WWLIB_MUL, WWLIB_ADD)
            } else {
                (MSVC_MUL, MSVC_ADD)
            };
            let mut seen = alloc::vec![format!("* {m:#x}")];
            if complete {
                seen.push(format!("+ {a:#x}"));
            }
            out.push(site(sig, complete, seen, instrs));
        }
        let mut sm = self.splitmix;
        for (j, c) in SPLITMIX.iter().enumerate() {
            let lo = self.halves.iter().find(|&&(_, h)| h == *c as u32);
            let hi = self.halves.iter().find(|&&(_, h)| h == (*c >> 32) as u32);
            if let (Some(&(a, _)), Some(&(b, _))) = (lo, hi) {
                sm.push((a, j));
                sm.push((b, j));
            }
        }
        if !sm.is_empty() {
            let mut which: Vec<usize> = sm.iter().map(|&(_, j)| j).collect();
            which.sort_unstable();
            which.dedup();
            let seen = which
                .iter()
                .map(|&j| format!("{:#018x}", SPLITMIX[j]))
                .collect();
            out.push(site(
                Signature::Splitmix64,
                which.len() == 3,
                seen,
                sm.iter().map(|&(a, _)| a).collect(),
            ));
        }
        for (at, what) in self.units {
            out.push(site(
                Signature::SotsUnitScale,
                true,
                alloc::vec![what],
                alloc::vec![at],
            ));
        }
    }
}

fn site(
    signature: Signature,
    complete: bool,
    seen: Vec<String>,
    mut instructions: Vec<u64>,
) -> RawSite {
    instructions.sort_unstable();
    instructions.dedup();
    RawSite {
        signature,
        complete,
        seen,
        instructions,
    }
}
