//! The MT19937 tempering sequence, followed by data flow: each XOR the flow
//! makes is checked for the four steps `y ^= f(y)` — `y >> 11`,
//! `(y << 7) & 0x9d2c5680`, `(y << 15) & 0xefc60000`, `y >> 18` (the masks
//! also in their pre-shift form) — and steps chain when one's result is the
//! next one's `y`. One chain is one copy of the sequence: one site.

use alloc::string::ToString;
use alloc::vec::Vec;

use super::constants::{TEMPER_B, TEMPER_C};
use super::flow::{Flow, Node, Val};
use super::signature::RawSite;
use super::Signature;

/// One recognised step: `output = input ^ term ^ …`, `term = f(input)`.
#[derive(Debug, Clone, Copy)]
struct Step {
    /// 1: `>> 11`, 2: `(<< 7) & B`, 3: `(<< 15) & C`, 4: `>> 18`.
    k: u8,
    input: Val,
    term: Val,
    output: Val,
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
            c.last = s.output;
            c.instructions.extend(instrs);
            return;
        }
        self.chains.push(Chain {
            steps: alloc::vec![s.k],
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
                    .map(|&k| STEP_NAMES[k as usize - 1].to_string())
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
        let (k, y) = match flow.node(t).0 {
            Node::Shr(z, 11) => (1, z),
            Node::Shr(z, 18) => (4, z),
            Node::AndK(w, m) => match (flow.node(w).0, m as u32) {
                (Node::Shl(z, 7), TEMPER_B) => (2, z),
                (Node::Shl(z, 15), TEMPER_C) => (3, z),
                _ => continue,
            },
            Node::Shl(w, sh) => match (flow.node(w).0, sh) {
                (Node::AndK(z, m), 7) if m as u32 == TEMPER_B >> 7 => (2, z),
                (Node::AndK(z, m), 15) if m as u32 == TEMPER_C >> 15 => (3, z),
                _ => continue,
            },
            _ => continue,
        };
        if parts.contains(&y) {
            out.push(Step {
                k,
                input: y,
                term: t,
                output: v,
            });
        }
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
        Node::Shr(a, _) | Node::Shl(a, _) | Node::AndK(a, _) => {
            collect(flow, a, stop, out, depth - 1)
        }
        _ => {}
    }
}
