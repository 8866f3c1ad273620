//! Functions and the direct call graph: starts from the symbols (ELF
//! symtab / dynsym, COFF symbols, exports), the entry point and every
//! direct call target; each agreed instruction belongs to the nearest start
//! at or before it (within a sized symbol's extent; the rest of a gap is a
//! function of its own, named by address).

use alloc::collections::VecDeque;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use super::decode::Code;
use super::image::Image;
use super::stripped::Starts;

/// A function: where it starts and ends, and its name when a symbol gives one.
#[derive(Debug, Clone)]
pub(crate) struct Func {
    pub va: u64,
    pub end: u64,
    pub name: Option<String>,
    /// The symbol's other names at this address.
    pub aliases: Vec<String>,
}

/// Every function of the image, sorted by start.
#[derive(Debug)]
pub(crate) struct Graph {
    pub funcs: Vec<Func>,
    /// Direct calls and tail jumps: callee indices per caller.
    pub callees: Vec<Vec<u32>>,
}

/// Whether a code address an instruction takes (`lea rdi, [rip + main]`,
/// `push offset f`, a constant that happens to equal an address) or the
/// image relocates (a vtable slot, a callback table) starts a function:
/// only in an image without a full symbol table (exports and `.dynsym`
/// name only some functions), outside every sized symbol, and only where
/// no jump leads and no instruction falls
/// through — a `&&label` of a computed goto, or a number, must not split
/// the function it points into. A direct `jmp` there does not count against
/// it (a tail call), a conditional one or a jump table's does.
fn is_function_pointer(image: &Image<'_>, code: &Code, jumped_to: &[u64], p: u64) -> bool {
    use iced_x86::{FlowControl, Mnemonic};
    if image.has_symtab || jumped_to.binary_search(&p).is_ok() || !code.is_agreed(image, p) {
        return false;
    }
    // Inside a sized symbol (a `.dynsym` function): part of it.
    let k = image.symbols.partition_point(|s| s.va < p);
    if k > 0
        && image.symbols[k - 1]
            .va
            .saturating_add(image.symbols[k - 1].size)
            > p
    {
        return false;
    }
    for back in 1..=15u64 {
        let Some(start) = p.checked_sub(back) else {
            break;
        };
        if let Some(i) = code.decode_at(image, start) {
            if i.next_ip() == p {
                // After a return, a jump, `ud2`, padding or a call that
                // never returns: a function may start. After an indirect
                // jump (a switch's or a computed goto's dispatch) it is a
                // label of the same function.
                return matches!(
                    i.flow_control(),
                    FlowControl::Return | FlowControl::UnconditionalBranch | FlowControl::Exception
                ) || matches!(i.mnemonic(), Mnemonic::Int3 | Mnemonic::Nop)
                    || code.noreturn_calls.binary_search(&i.ip()).is_ok();
            }
        }
    }
    true
}

impl Graph {
    /// The functions of `image` as `code` decoded it, with the starts a
    /// stripped image showed (`extra`, empty for any other): its function
    /// starts the descent agrees on, and its pointers that pass
    /// [`is_function_pointer`].
    pub fn build(image: &Image<'_>, code: &Code, extra: &Starts) -> Self {
        let mut starts: Vec<(u64, u64, Option<String>)> = image
            .symbols
            .iter()
            .map(|s| (s.va, s.size, Some(s.name.clone())))
            .collect();
        starts.extend(image.info.entry.map(|e| (e, 0, None)));
        // The stripped-image rules' starts, and the exception table's.
        starts.extend(
            extra
                .functions
                .iter()
                .chain(&image.unwind_starts)
                .filter(|&&va| code.is_agreed(image, va))
                .map(|&va| (va, 0, None)),
        );
        starts.extend(code.call_targets.iter().map(|&t| (t, 0, None)));
        // Conditional-jump and jump-table targets are labels inside
        // functions (a plain `jmp` may be a tail call).
        let mut jumped_to: Vec<u64> = code
            .branches
            .iter()
            .filter(|b| !b.call && !b.unconditional)
            .map(|b| b.to)
            .collect();
        jumped_to.extend_from_slice(&code.table_targets);
        jumped_to.sort_unstable();
        jumped_to.dedup();
        starts.extend(
            code.pointers
                .iter()
                .chain(&image.pointers)
                .chain(&extra.pointers)
                .filter(|&&p| is_function_pointer(image, code, &jumped_to, p))
                .map(|&t| (t, 0, None)),
        );
        // Code before the first start of a region belongs to a function at
        // the region's first agreed instruction.
        for (ri, bits) in &code.maps {
            let r = &image.regions[*ri];
            if let Some(first) = bits.next_set(0, r.bytes.len()) {
                starts.push((r.va + first as u64, 0, None));
            }
        }
        starts.sort_by(|a, b| {
            a.0.cmp(&b.0)
                .then(b.2.is_some().cmp(&a.2.is_some()))
                .then(b.1.cmp(&a.1))
        });
        starts.dedup_by_key(|s| s.0);

        let region_end = |va: u64| {
            image
                .region_of(va)
                .map_or(va, |(r, _)| r.va + r.bytes.len() as u64)
        };
        let mut funcs = Vec::with_capacity(starts.len());
        for (i, (va, size, name)) in starts.iter().enumerate() {
            let next = starts
                .get(i + 1)
                .map_or(u64::MAX, |s| s.0)
                .min(region_end(*va));
            let end = if *size > 0 {
                va.saturating_add(*size).min(next)
            } else {
                next
            };
            let aliases = match name {
                Some(_) => image
                    .symbols
                    .binary_search_by_key(va, |s| s.va)
                    .map_or_else(|_| Vec::new(), |k| image.symbols[k].aliases.clone()),
                None => Vec::new(),
            };
            funcs.push(Func {
                va: *va,
                end,
                name: name.clone(),
                aliases,
            });
            if end < next {
                // A gap after a sized symbol: its code, if any, is a function of its own.
                if let Some((mi, off)) = code.locate(image, end) {
                    let r = &image.regions[code.maps[mi].0];
                    let stop = (next - r.va) as usize;
                    if let Some(first) = code.maps[mi].1.next_set(off, stop) {
                        funcs.push(Func {
                            va: r.va + first as u64,
                            end: next,
                            name: None,
                            aliases: Vec::new(),
                        });
                    }
                }
            }
        }
        let mut g = Graph {
            callees: vec![Vec::new(); funcs.len()],
            funcs,
        };
        for b in &code.branches {
            let (Some(from), Some(to)) = (g.containing(b.from), g.starting(b.to)) else {
                continue;
            };
            if from != to || b.call {
                g.callees[from].push(to as u32);
            }
        }
        for c in &mut g.callees {
            c.sort_unstable();
            c.dedup();
        }
        g
    }

    /// The function holding `va`.
    pub fn containing(&self, va: u64) -> Option<usize> {
        let i = self.funcs.partition_point(|f| f.va <= va).checked_sub(1)?;
        (va < self.funcs[i].end).then_some(i)
    }

    /// The function starting at `va`.
    pub fn starting(&self, va: u64) -> Option<usize> {
        let i = self.funcs.partition_point(|f| f.va < va);
        (self.funcs.get(i)?.va == va).then_some(i)
    }

    /// For each function, the one it was first reached from (breadth-first,
    /// so along a shortest chain of calls), or `None` if unreachable; the
    /// roots are their own parents.
    pub fn reach(&self, roots: &[usize]) -> Vec<Option<u32>> {
        let mut parent = vec![None; self.funcs.len()];
        let mut queue = VecDeque::new();
        for &r in roots {
            if parent[r].is_none() {
                parent[r] = Some(r as u32);
                queue.push_back(r);
            }
        }
        while let Some(f) = queue.pop_front() {
            for &c in &self.callees[f] {
                if parent[c as usize].is_none() {
                    parent[c as usize] = Some(f as u32);
                    queue.push_back(c as usize);
                }
            }
        }
        parent
    }
}
