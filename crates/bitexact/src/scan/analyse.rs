//! The per-function analysis of [`scan`](super::scan): each function's
//! agreed instructions walked in address order through the data flow and
//! the signature matcher, with loop heads found first (what a loop writes
//! is unknown at its head), on several threads: contiguous chunks of the
//! function list, taken in turn, their results joined in function order,
//! so the report is the same for any number of threads.

use alloc::vec::Vec;
use core::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use super::decode::Code;
use super::env::ImageEnv;
use super::flow::{Flow, LoopWrites, Writes};
use super::graph::Graph;
use super::image::Image;
use super::raw::RawSite;
use super::signature::{Matcher, Tables};

/// The longest loop, in instructions, whose head forgets what it writes.
const MAX_LOOP: usize = 1024;
/// The most loops a function's heads are worked out for.
const MAX_LOOPS: usize = 256;

/// The raw sites of some functions (with each function's index), and the
/// data addresses their instructions read.
type Found = (Vec<(usize, RawSite)>, Vec<u64>);

/// Functions per chunk a thread takes.
const CHUNK: usize = 64;

/// The raw sites of every function of `graph` (with the function's index),
/// in function order, and the data addresses the site instructions read.
pub(super) fn functions(
    image: &Image<'_>,
    code: &Code,
    graph: &Graph,
    tables: &Tables,
    threads: usize,
) -> Found {
    let n = graph.funcs.len();
    let chunks = n.div_ceil(CHUNK);
    let threads = threads.clamp(1, chunks.max(1));
    if threads == 1 {
        return chunk(image, code, graph, tables, 0..n);
    }
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<(usize, Found)>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let c = next.fetch_add(1, Ordering::Relaxed);
                if c >= chunks {
                    break;
                }
                let r = chunk(
                    image,
                    code,
                    graph,
                    tables,
                    c * CHUNK..n.min((c + 1) * CHUNK),
                );
                done.lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .push((c, r));
            });
        }
    });
    let mut done = done
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    done.sort_unstable_by_key(|&(c, _)| c);
    let mut raw = Vec::new();
    let mut referenced = Vec::new();
    for (_, (r, mut refs)) in done {
        raw.extend(r);
        referenced.append(&mut refs);
    }
    (raw, referenced)
}

/// [`functions`] for the functions `range` of `graph`, on this thread.
fn chunk(
    image: &Image<'_>,
    code: &Code,
    graph: &Graph,
    tables: &Tables,
    range: core::ops::Range<usize>,
) -> Found {
    let bodies = range.map(|fi| (fi, graph.funcs[fi].va, graph.funcs[fi].end));
    walk_each(image, code, tables, bodies, false)
}

/// Each `(index, start, end)` of `bodies` walked ([`walk`]): the agreed
/// instructions of `[start, end)`, or (`swept`) the ones only the linear
/// sweep decodes. The raw sites with their body's index, in order, and the
/// data addresses the site instructions read.
fn walk_each(
    image: &Image<'_>,
    code: &Code,
    tables: &Tables,
    bodies: impl Iterator<Item = (usize, u64, u64)>,
    swept: bool,
) -> Found {
    let mut env = ImageEnv::new(image);
    let mut flow = env.flow();
    let mut raw: Vec<(usize, RawSite)> = Vec::new();
    let mut scratch = Vec::new();
    let mut referenced: Vec<u64> = Vec::new();
    let mut body: Vec<iced_x86::Instruction> = Vec::new();
    for (k, start, end) in bodies {
        body.clear();
        if swept {
            code.for_each_swept_in(image, start, end, |ins| body.push(*ins));
        } else {
            code.for_each_in(image, start, end, |ins| body.push(*ins));
        }
        walk(
            &body,
            start,
            &mut flow,
            &mut env,
            tables,
            &mut scratch,
            &mut referenced,
        );
        raw.extend(scratch.drain(..).map(|s| (k, s)));
    }
    (raw, referenced)
}

/// One body (a function's agreed instructions, or a run of sweep-only
/// code) from `start` through the data flow and a fresh matcher.
fn walk(
    body: &[iced_x86::Instruction],
    start: u64,
    flow: &mut Flow,
    env: &mut ImageEnv<'_, '_>,
    tables: &Tables,
    sites: &mut Vec<RawSite>,
    referenced: &mut Vec<u64>,
) {
    flow.reset();
    let mut m = Matcher::default();
    let bitness = env.image.bitness;
    let (heads, loops) = loop_heads(body, start, flow);
    let mut next_head = heads.iter().peekable();
    for ins in body {
        while let Some((head, w)) = next_head.next_if(|(at, _)| *at <= ins.ip()) {
            m.loop_head(*head, flow, w.regs());
            flow.enter_loop(w);
        }
        m.feed(ins, flow, env, tables, bitness);
    }
    m.finish(sites, referenced, &loops);
}

/// The raw sites of the code only the linear sweep decodes (`--sweep`),
/// each run of it walked as a function would be: `(run index, site)`, in
/// run order. On one thread: such code is a small part of an image.
pub(super) fn sweep_runs(
    image: &Image<'_>,
    code: &Code,
    tables: &Tables,
    runs: &[(u64, u64)],
) -> Vec<(usize, RawSite)> {
    let bodies = runs.iter().enumerate().map(|(k, &(s, e))| (k, s, e));
    walk_each(image, code, tables, bodies, true).0
}

/// The loop heads of a function's instructions (`body`, in address order,
/// from `start`): each target of a backward branch inside the function,
/// with what the instructions from it to the branch write (loops sharing a
/// head merged), in address order; and each loop's instructions, by
/// address in order (the head through the branch, less what cannot get
/// back to the branch).
#[allow(clippy::type_complexity)]
fn loop_heads(
    body: &[iced_x86::Instruction],
    start: u64,
    flow: &mut Flow,
) -> (Vec<(u64, LoopWrites)>, Vec<Vec<u64>>) {
    let mut heads: Vec<(u64, LoopWrites)> = Vec::new();
    let mut loops: Vec<Vec<u64>> = Vec::new();
    let mut each: Option<(Vec<Writes>, Vec<Exit>)> = None;
    for (b, ins) in body.iter().enumerate() {
        if !ins.is_jcc_short_or_near() && !ins.is_jmp_short_or_near() && !ins.is_loop() {
            continue;
        }
        let t = ins.near_branch_target();
        if t < start || t > ins.ip() {
            continue;
        }
        let Ok(h) = body[..=b].binary_search_by_key(&t, |i| i.ip()) else {
            continue;
        };
        // A loop longer than this (or past the count) keeps the flow as it
        // was at its head: what it writes is not worked out (the cost would
        // grow with the square of a huge function's size).
        if b - h >= MAX_LOOP || heads.len() >= MAX_LOOPS {
            continue;
        }
        // What each instruction writes, found once a function.
        let (each, exits) = each.get_or_insert_with(|| {
            (
                body.iter().map(|i| flow.writes_of(i)).collect(),
                exits(body),
            )
        });
        let member = in_loop(exits, h, b);
        let mut w = LoopWrites::default();
        for (&e, _) in each[h..=b].iter().zip(&member).filter(|(_, r)| **r) {
            w.add(e);
        }
        loops.push(
            body[h..=b]
                .iter()
                .zip(&member)
                .filter(|(_, r)| **r)
                .map(|(i, _)| i.ip())
                .collect(),
        );
        w.settle();
        heads.push((t, w));
    }
    heads.sort_by_key(|&(t, _)| t);
    let mut merged: Vec<(u64, LoopWrites)> = Vec::new();
    for (t, w) in heads {
        match merged.last_mut() {
            Some((u, m)) if *u == t => {
                m.merge(&w);
                m.settle();
            }
            _ => merged.push((t, w)),
        }
    }
    (merged, loops)
}

/// How control leaves an instruction: whether it falls through, and the
/// index of its direct jump's target in the function's instructions.
#[derive(Clone, Copy)]
struct Exit {
    falls: bool,
    target: Option<usize>,
}

/// [`Exit`] of each of `body`'s instructions.
fn exits(body: &[iced_x86::Instruction]) -> Vec<Exit> {
    use iced_x86::FlowControl as F;
    body.iter()
        .map(|ins| {
            let fc = ins.flow_control();
            let falls = !matches!(
                fc,
                F::UnconditionalBranch | F::IndirectBranch | F::Return | F::Exception
            );
            let target = if matches!(fc, F::UnconditionalBranch | F::ConditionalBranch) {
                body.binary_search_by_key(&ins.near_branch_target(), |i| i.ip())
                    .ok()
            } else {
                None
            };
            Exit { falls, target }
        })
        .collect()
}

/// Which of the instructions `h..=b` (a loop head to its backward branch)
/// lie on a path to that branch within the range: not the cold code after
/// a `ret` that only jumps back in (its epilogue's `pop ebx` is not the
/// loop's). `exits` are the function's.
fn in_loop(exits: &[Exit], h: usize, b: usize) -> Vec<bool> {
    let n = b - h + 1;
    let mut reach = alloc::vec![false; n];
    reach[n - 1] = true;
    loop {
        let mut changed = false;
        for i in (0..n - 1).rev() {
            if reach[i] {
                continue;
            }
            let e = exits[h + i];
            let jumps = e
                .target
                .is_some_and(|t| (h..=b).contains(&t) && reach[t - h]);
            if (e.falls && reach[i + 1]) || jumps {
                reach[i] = true;
                changed = true;
            }
        }
        if !changed {
            return reach;
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::scan::{scan_on, Options};
    use std::{format, vec};

    /// The report is the same on 1, 2, 3 and 16 threads, on real images
    /// nobody here wrote with hundreds of functions (this test's own
    /// executable, and the system's `libc` and `gcc` where they are).
    #[test]
    fn threads_do_not_change_the_report() {
        let mut images = vec![std::env::current_exe().unwrap()];
        for p in [
            "/usr/lib/x86_64-linux-gnu/libc.so.6",
            "/usr/bin/x86_64-linux-gnu-gcc-12",
        ] {
            if std::path::Path::new(p).exists() {
                images.push(p.into());
            }
        }
        for path in images {
            let bytes = std::fs::read(&path).unwrap();
            let options = Options::default();
            let one = format!("{:?}", scan_on(&bytes, &options, 1).unwrap());
            for t in [2, 3, 16] {
                let many = format!("{:?}", scan_on(&bytes, &options, t).unwrap());
                assert!(one == many, "{} on {t} threads", path.display());
            }
        }
    }
}
