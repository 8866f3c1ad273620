//! The end of a walk through one function: [`Matcher::finish`] turns what
//! the matcher collected into the function's sites, each with what was seen
//! and whether its sequence is complete (SPEC 10's rules per signature).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::Matcher;
use crate::scan::constants::{
    twist_offset, BY_ARRAY, MSVC_ADD, MSVC_MUL, PSDES, RES53, SPLITMIX, WWLIB_ADD, WWLIB_MUL,
};
use crate::scan::raw::RawSite;
use crate::scan::report::Signature;

impl Matcher {
    /// For every two of the function's fixed addresses, or two
    /// displacements off unknown registers, that are one of `bytes` apart,
    /// the instruction naming the higher (both sorted by
    /// [`finish`](Self::finish) first): where an array of that length
    /// shows its end.
    fn apart(&self, bytes: &[u64]) -> Vec<u64> {
        let mut out = Vec::new();
        for &d in bytes {
            ends(&self.addresses, |a| a.wrapping_add(d), &mut out);
            ends(&self.displacements, |a| a.wrapping_add(d as i64), &mut out);
        }
        out
    }

    /// Whether a `lea r, [k + d]` computes the twist's `k + 397` (or
    /// `k - 227`): `d` counted from the word `k` stands for. Where `k`
    /// indexes the array from a base a few bytes off the base other indices
    /// use (gcc counting from `k + 1` reads `mt[k]` as `[mt - 4 + 4k]`),
    /// `d` is corrected by that bias: `lea r, [k + 396]` there is `+ 397`.
    /// Exactly: a twist of 396 is never taken for 397.
    fn lea_offset(&self) -> bool {
        self.index_leas.iter().any(|&(h, d)| {
            let own: Vec<u64> = self
                .indexed
                .iter()
                .filter(|&&(_, i)| i == h)
                .map(|&(b, _)| b)
                .collect();
            if own.is_empty() {
                return twist_offset(d);
            }
            own.iter().any(|&c1| {
                // The array's start: a base other indices use near `k`'s
                // (the modulo's result indexes from it), else `k`'s own.
                let mut starts: Vec<u64> = self
                    .indexed
                    .iter()
                    .filter(|&&(b, i)| i != h && b.abs_diff(c1) <= 8)
                    .map(|&(b, _)| b)
                    .collect();
                if starts.is_empty() {
                    starts.push(c1);
                }
                starts.into_iter().any(|c0| {
                    let bias = c1.wrapping_sub(c0) as i64;
                    bias % 4 == 0 && (twist_offset(d - bias / 4) || twist_offset(d - bias))
                })
            })
        })
    }

    /// The sites of the function walked; `loops` are its loops, each as
    /// the addresses of its instructions in order.
    pub fn finish(mut self, out: &mut Vec<RawSite>, reads: &mut Vec<u64>, loops: &[Vec<u64>]) {
        reads.append(&mut self.reads);
        // The array's end and the twist's offset as two memory operands
        // apart, worked out only where a seeding or a twist needs them.
        let seeding = !(self.knuth.is_empty()
            && self.knuth_imm.is_empty()
            && self.by_array.is_empty()
            && self.by_array_imm.is_empty()
            && self.seed1998.is_empty());
        let twist = !self.twist.is_empty();
        if seeding || (twist && !self.offset397) {
            self.addresses.sort_unstable();
            self.addresses.dedup();
            self.displacements.sort_unstable();
            self.displacements.dedup();
        }
        let mut lengths = core::mem::take(&mut self.bounds.n624);
        if seeding {
            lengths.extend(self.apart(&[2496, 2492]));
        }
        let twist_offset = self.offset397
            || (twist && (self.lea_offset() || !self.apart(&[1588, 908, 3176, 1816]).is_empty()));
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
            if let Some(k) = self.twist_mix {
                seen.push(format!("((a ^ b) & {k:#010x}) ^ a"));
            }
            out.push(site(
                Signature::Mt19937Twist,
                (masks == 2 || self.twist_mix.is_some()) && self.shr1 && offset,
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
            let instructions: Vec<u64> = self.by_array.iter().map(|&(a, _, _)| a).collect();
            let n624 = in_624_loop(&lengths, &instructions, loops);
            if n624 {
                seen.push("624-word loop".to_string());
            }
            out.push(site(
                Signature::Mt19937SeedByArray,
                over(0) && over(1) && n624,
                seen,
                instructions,
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
            let n624 = in_624_loop(&lengths, &self.knuth, loops);
            if n624 {
                seen.push("624-word loop".to_string());
            }
            out.push(site(
                Signature::Mt19937SeedKnuth,
                self.knuth_complete && n624,
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
            let n624 = in_624_loop(&lengths, &self.seed1998, loops);
            if n624 {
                seen.push("624-word loop".to_string());
            }
            let complete = n624 || self.seed1998_extra.contains(&"& 0xffff0000");
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
        // The 53-bit double: both its doubles read in the function.
        let read = |j: usize| self.res53.iter().any(|&(_, k)| k == j);
        if read(0) && (read(1) || read(2)) {
            let mut seen: Vec<String> = (0..3)
                .filter(|&j| read(j))
                .map(|j| RES53[j].1.to_string())
                .collect();
            let mut instructions: Vec<u64> = self.res53.iter().map(|&(a, _)| a).collect();
            for (shifts, what) in [(&self.shr5, "a >> 5"), (&self.shr6, "b >> 6")] {
                if let Some(&first) = shifts.first() {
                    seen.push(what.to_string());
                    instructions.push(first);
                }
            }
            let complete = !self.shr5.is_empty() && !self.shr6.is_empty();
            out.push(site(Signature::Mt19937Res53, complete, seen, instructions));
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

/// Whether a loop of `loops` (each its instructions' addresses, sorted)
/// that holds one of `instructions` also holds one of `lengths`
/// (instructions showing the state's length: a compare with 624 or 623
/// words, or their bytes, whose jump bounds the index to 624 words, or an
/// access at the array's end). A seeding loop of 600 words inlined beside
/// the 624-word loops of another is not a 624-word seeding; nor is one
/// unrolled so that its bound is 624 less its step (the counter's offset
/// from the index is not tracked, so 616 may end a loop of 616 words).
fn in_624_loop(lengths: &[u64], instructions: &[u64], loops: &[Vec<u64>]) -> bool {
    loops.iter().any(|l| {
        let inside = |a: &u64| l.binary_search(a).is_ok();
        instructions.iter().any(inside) && lengths.iter().any(inside)
    })
}

/// For each `(value, instruction)` of `list` (sorted), the instructions of
/// the entries whose value is `far(value)`, into `out`.
fn ends<T: Copy + Ord>(list: &[(T, u64)], far: impl Fn(T) -> T, out: &mut Vec<u64>) {
    for &(a, _) in list {
        let b = far(a);
        let k = list.partition_point(|&(x, _)| x < b);
        out.extend(
            list[k..]
                .iter()
                .take_while(|&&(x, _)| x == b)
                .map(|&(_, at)| at),
        );
    }
}
