//! The MT19937 tempering sequence, followed by data flow: each XOR the flow
//! makes is checked for the four steps `y ^= f(y)` — `y >> 11`,
//! `(y << 7) & 0x9d2c5680`, `(y << 15) & 0xefc60000`, `y >> 18` — and
//! steps chain when one's result is the next one's `y`. One chain is one
//! copy of the sequence: one site.
//!
//! A step is matched by the value it computes (SPEC 10.1), so these forms
//! are one step each:
//!
//! | form | emitted by |
//! | --- | --- |
//! | `(y << 7) & 0x9d2c5680`, `(y << 15) & 0xefc60000` | gcc and mingw-w64 at every `-O` (they rewrite a mask written first into this form) |
//! | `(y & 0xff3a58ad) << 7`, `(y & 0xffffdf8c) << 15` (the bits the shift discards set) | MSVC: Visual C++ 2008 (x87 and x64), 2010, 2015–2019, 2022 — numpy's `mtrand` / `_mt19937`, randomgen, randomstate, MSVC's own `std::mt19937` |
//! | `(y & 0x013a58ad) << 7` and any other bits above `32 - k` | the same step, whoever writes it |
//! | `y >> 11`, `y >> 18`, also masked with any bits above `32 - k` set | every compiler; MSVC's `std::mt19937` masks `y >> 11` with its `d` (0xffffffff) read from data ([`Node::AndVar`]: the site says so) |
//! | `rol y, 14; and 0x3fff` for `y >> 18` (and alike for `>> 11`) | hand-written code |
//!
//! A mask off by one bit, or a shift by another count, is no step: such a
//! XOR stays out of the chain, so the site is incomplete.

use alloc::string::ToString;
use alloc::vec::Vec;

use super::constants::{TEMPER_B, TEMPER_C};
use super::flow::{Flow, Node, Val};
use super::raw::RawSite;
use super::report::Signature;

/// One recognised step: `output = input ^ term ^ …`, `term = f(input)`.
#[derive(Debug, Clone, Copy)]
struct Step {
    /// 1: `>> 11`, 2: `(<< 7) & B`, 3: `(<< 15) & C`, 4: `>> 18`.
    k: u8,
    input: Val,
    term: Val,
    output: Val,
    /// Its mask was read from a variable ([`Node::AndVar`]).
    var: bool,
}

const STEP_NAMES: [&str; 4] = [
    "y >> 11",
    "(y << 7) & 0x9d2c5680",
    "(y << 15) & 0xefc60000",
    "y >> 18",
];

#[derive(Debug, Default)]
struct Chain {
    steps: Vec<u8>,
    /// The steps whose mask was read from a variable.
    var: Vec<u8>,
    last: Val,
    instructions: Vec<u64>,
}

/// The chains of one function's walk.
#[derive(Debug, Default)]
pub(crate) struct Chains {
    chains: Vec<Chain>,
    /// Terms already counted in a step.
    terms: Vec<Val>,
}

impl Chains {
    /// A new XOR `v`: the step it completes, if any, joins a chain.
    pub fn xor(&mut self, flow: &Flow, v: Val) {
        let mut steps = Vec::new();
        temper_steps(flow, v, &mut steps);
        // A XOR that folds in an older result (`sink ^= draw()`) holds that
        // result's steps again: each step counts once.
        steps.retain(|s| !self.terms.contains(&s.term));
        // A step that extends a chain first.
        steps.sort_by_key(|s| !self.extends(s));
        if let Some(&step) = steps.first() {
            self.add(step, flow);
        }
    }

    fn extends(&self, s: &Step) -> bool {
        self.chains
            .iter()
            .any(|c| c.last == s.input && c.steps.last() == Some(&(s.k - 1)))
    }

    fn add(&mut self, s: Step, flow: &Flow) {
        self.terms.push(s.term);
        let mut instrs = alloc::vec![flow.node(s.output).1];
        collect(flow, s.term, s.input, &mut instrs, 3);
        if let Some(c) = self
            .chains
            .iter_mut()
            .rev()
            .find(|c| c.last == s.input && c.steps.last() == Some(&(s.k - 1)))
        {
            c.steps.push(s.k);
            if s.var {
                c.var.push(s.k);
            }
            c.last = s.output;
            c.instructions.extend(instrs);
            return;
        }
        self.chains.push(Chain {
            steps: alloc::vec![s.k],
            var: if s.var { alloc::vec![s.k] } else { Vec::new() },
            last: s.output,
            instructions: instrs,
        });
    }

    /// The sites: every chain holding a masked step (`complete` when it is
    /// the whole sequence in order). Returns the instructions they use.
    pub fn finish(self, out: &mut Vec<RawSite>) -> Vec<u64> {
        let mut used = Vec::new();
        for c in self.chains {
            if !c.steps.iter().any(|&k| k == 2 || k == 3) {
                continue;
            }
            let mut instructions = c.instructions;
            instructions.sort_unstable();
            instructions.dedup();
            used.extend(&instructions);
            out.push(RawSite {
                signature: Signature::Mt19937Temper,
                complete: c.steps == [1, 2, 3, 4],
                seen: c
                    .steps
                    .iter()
                    .map(|&k| {
                        let name = STEP_NAMES[k as usize - 1];
                        if c.var.contains(&k) {
                            alloc::format!(
                                "{name} (its mask read from a variable the image sets to all ones)"
                            )
                        } else {
                            name.to_string()
                        }
                    })
                    .collect(),
                instructions,
            });
        }
        used
    }
}

/// The tempering steps `v` (a XOR) completes: `v = y ^ f(y) ^ rest`, with
/// `y` and `f(y)` anywhere in its tree of XORs (compilers reassociate:
/// `y ^ sink ^ (y >> 18)`).
fn temper_steps(flow: &Flow, v: Val, out: &mut Vec<Step>) {
    let mut parts: Vec<Val> = Vec::new();
    xor_parts(flow, v, &mut parts, 3);
    for &t in &parts {
        let Some((y, shift, var)) = shifted(flow, t) else {
            continue;
        };
        let Some(k) = step_of(shift) else {
            continue;
        };
        if parts.contains(&y) {
            out.push(Step {
                k,
                input: y,
                term: t,
                output: v,
                var,
            });
        }
    }
}

/// A 32-bit shift of one value with the bits it keeps: `(y >> k) & m` or
/// `(y << k) & m`, where `m` holds only bits the shift can set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shifted {
    Right(u32, u32),
    Left(u32, u32),
}

/// Which tempering step a shifted term is (SPEC 10.1: the value computed,
/// not one spelling of it): `>> 11` and `>> 18` keep every bit the shift
/// leaves, `<< 7` and `<< 15` keep exactly the mask's.
fn step_of(s: Shifted) -> Option<u8> {
    match s {
        Shifted::Right(11, m) if m == u32::MAX >> 11 => Some(1),
        Shifted::Left(7, TEMPER_B) => Some(2),
        Shifted::Left(15, TEMPER_C) => Some(3),
        Shifted::Right(18, m) if m == u32::MAX >> 18 => Some(4),
        _ => None,
    }
}

/// `t` as a shift of one value `y` with a mask, in every form compilers
/// write it (module docs): the mask after the shift (`(y << 7) & B`), the
/// mask before it with the bits the shift discards free (MSVC's
/// `and ecx, 0xff3a58ad; shl ecx, 7`), and a right shift as a rotate and a
/// mask (`rol y, 14; and 0x3fff` is `y >> 18`). The mask returned is the
/// bits the result can hold; the flag says a mask was read from a variable.
fn shifted(flow: &Flow, t: Val) -> Option<(Val, Shifted, bool)> {
    let low = |k: u32| u32::MAX >> k;
    let high = |k: u32| u32::MAX << k;
    Some(match flow.node(t).0 {
        Node::Shr(w, k) if k < 32 => {
            let (z, m, var) = inner_mask(flow, w);
            (z, Shifted::Right(k, (m >> k) & low(k)), var)
        }
        Node::Shl(w, k) if k < 32 => {
            let (z, m, var) = inner_mask(flow, w);
            (z, Shifted::Left(k, (m << k) & high(k)), var)
        }
        Node::AndK(w, m) | Node::AndVar(w, m) => {
            let var = matches!(flow.node(t).0, Node::AndVar(..));
            let m = m as u32;
            match flow.node(w).0 {
                Node::Shr(z, k) if k < 32 => {
                    let (z, n, inner) = inner_mask(flow, z);
                    (z, Shifted::Right(k, m & (n >> k) & low(k)), var || inner)
                }
                Node::Shl(z, k) if k < 32 => {
                    let (z, n, inner) = inner_mask(flow, z);
                    (z, Shifted::Left(k, m & (n << k) & high(k)), var || inner)
                }
                // `rol y, r` then a mask of only the low `r` bits: those
                // are `y >> (32 - r)`; of only the high `32 - r`: `y << r`.
                Node::Rol(z, r) if m & !((1u32 << r) - 1) == 0 => {
                    (z, Shifted::Right(32 - r, m), var)
                }
                Node::Rol(z, r) if m & ((1u32 << r) - 1) == 0 => (z, Shifted::Left(r, m), var),
                _ => return None,
            }
        }
        _ => return None,
    })
}

/// The value under a mask applied before a shift, that mask (`u32::MAX`
/// when there is none), and whether it was read from a variable.
fn inner_mask(flow: &Flow, w: Val) -> (Val, u32, bool) {
    match flow.node(w).0 {
        Node::AndK(z, m) => (z, m as u32, false),
        Node::AndVar(z, m) => (z, m as u32, true),
        _ => (w, u32::MAX, false),
    }
}

/// `v` and, when it is a XOR, its operands, recursively (to `depth`).
fn xor_parts(flow: &Flow, v: Val, out: &mut Vec<Val>, depth: u32) {
    out.push(v);
    if let (Node::Xor(a, b), true) = (flow.node(v).0, depth > 0) {
        xor_parts(flow, a, out, depth - 1);
        xor_parts(flow, b, out, depth - 1);
    }
}

/// The instructions that made `v`, down to (not including) `stop`.
fn collect(flow: &Flow, v: Val, stop: Val, out: &mut Vec<u64>, depth: u32) {
    if v == stop || depth == 0 {
        return;
    }
    let (node, at) = flow.node(v);
    if at != 0 {
        out.push(at);
    }
    out.extend(flow.const_source(v));
    match node {
        Node::Xor(a, b) => {
            collect(flow, a, stop, out, depth - 1);
            collect(flow, b, stop, out, depth - 1);
        }
        Node::Shr(a, _)
        | Node::Shl(a, _)
        | Node::AndK(a, _)
        | Node::AndVar(a, _)
        | Node::Rol(a, _) => collect(flow, a, stop, out, depth - 1),
        _ => {}
    }
}
