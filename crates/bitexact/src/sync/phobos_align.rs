//! Two players' Phobos logs of the same moment aligned to each other (SPEC
//! 12.1, no seed needed).
//!
//! The rings are anchored on the first entry of A present in B — the same
//! call (kind, caller, frame, range) with the same cursors; among several,
//! the one agreeing longest. Frame and cursors alone do not make a call: a
//! `Ranged(5, 5)` call draws nothing and shows the cursors of the call
//! before it, so it would anchor B's first entry one call early and report
//! a divergence at the rings' first entries. The rings are then walked
//! together. At the first entry where kind, caller, range or cursors differ,
//! skipping `k ≤ max_shift` entries on one side is tried: the rest must agree
//! on kind, caller, frame and range (the cursors stay apart after an extra
//! draw, by design). The shift is positive when B made the extra calls.

use super::phobos::{context, current_game, Entry, Log};
use super::{Options, Report};
use crate::json::Json;
use std::collections::HashMap;
use std::vec::Vec;

fn run(a: &[Entry], b: &[Entry]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x.same(y)).count()
}

/// Whether `a` and `b` agree call for call (not cursors) over their overlap,
/// which must be at least one entry.
fn agree_calls(a: &[Entry], b: &[Entry]) -> bool {
    let n = a.len().min(b.len());
    n > 0 && a[..n].iter().zip(&b[..n]).all(|(x, y)| x.same_call(y))
}

pub(super) fn check(a: &Log, b: &Log, max_shift: u64, options: &Options) -> Report {
    let mut report = Report::new(a.format);
    for n in &a.notes {
        report.details.push(std::format!("A: {n}"));
    }
    for n in &b.notes {
        report.details.push(std::format!("B: {n}"));
    }
    // Each ring from its current game: a ring holding the end of an earlier
    // game of the session is compared from where the new game starts.
    let (sa, _) = current_game(&a.entries);
    let (sb, _) = current_game(&b.entries);
    for (side, log, start) in [("A", a, sa), ("B", b, sb)] {
        if start > 0 {
            report.details.push(std::format!(
                "{side}: the frames and cursors restart at #{:05} (a new game in the same session): compared from there",
                log.entries[start].number
            ));
        }
    }
    let (ea, eb) = (&a.entries[sa..], &b.entries[sb..]);
    let mut by_key: HashMap<(i64, u8, u8), Vec<usize>> = HashMap::new();
    for (j, e) in eb.iter().enumerate() {
        by_key
            .entry((e.frame, e.index1, e.index2))
            .or_default()
            .push(j);
    }
    let mut anchor = None;
    for (i, e) in ea.iter().enumerate() {
        if let Some(js) = by_key.get(&(e.frame, e.index1, e.index2)) {
            let mut best: Option<(usize, usize)> = None;
            let mut ties = 0;
            for &j in js.iter().filter(|&&j| e.same(&eb[j])) {
                let r = run(&ea[i..], &eb[j..]);
                match best {
                    Some((br, _)) if br > r => {}
                    Some((br, _)) if br == r => ties += 1,
                    _ => {
                        best = Some((r, j));
                        ties = 1;
                    }
                }
            }
            if let Some((_, j)) = best {
                anchor = Some((i, j, ties));
                break;
            }
        }
    }
    // Rings that never filled both start at their process's first call:
    // they are compared from #00000, whatever the anchor.
    // A ring that never filled, or one cut at a new game, starts at its
    // game's first call ("complete"); two such are compared from there.
    let (full_a, full_b) = (a.full && sa == 0, b.full && sb == 0);
    if !full_a && !full_b {
        anchor = Some((0, 0, 1));
    }
    let Some((mut i0, mut j0, ties)) = anchor else {
        report.summary = "not aligned: no entry of A has the frame and cursors of an entry of B; the logs do not overlap (different games, or written far apart)".into();
        return report;
    };
    // A ring that never filled holds every call since its process started;
    // its calls before the anchor in frames the full ring covers are calls
    // the other log does not have.
    for (x, x0, y, side) in [(ea, i0, eb, "A"), (eb, j0, ea, "B")] {
        let (full_x, full_y) = if side == "A" {
            (full_a, full_b)
        } else {
            (full_b, full_a)
        };
        if full_x || !full_y || x0 == 0 {
            continue;
        }
        if let Some(k) = x[..x0].iter().position(|e| e.frame > y[0].frame) {
            let e = &x[k];
            report.first_divergence = Some(e.divergence(
                options.names.as_ref(),
                std::format!("{side} #{:05}: {}", e.number, e.describe()),
                std::format!(
                    "no such call in the other log, whose ring covers frame {} on",
                    y[0].frame
                ),
                context(x, k),
            ));
            report.summary = std::format!(
                "divergence: {side} #{:05} (frame {}) is a call the other log does not have, in frames its ring covers",
                e.number,
                e.frame
            );
            return report;
        }
    }
    report.extra.push(("anchor_a", Json::from(ea[i0].number)));
    report.extra.push(("anchor_b", Json::from(eb[j0].number)));
    if ties > 1 {
        report.ambiguous = Some(ties as u64);
        report.summary = std::format!(
            "not aligned: A's entry #{:05} matches {ties} entries of B equally well; the logs cannot be aligned with certainty",
            ea[i0].number
        );
        return report;
    }
    // Two full rings that both hold entries before the anchor: under the
    // anchor's offset those entries are the same calls in both (a genuine
    // pair is offset by the calls one made more, so one side's head is
    // empty), so the walk starts at the oldest pair the offset aligns.
    if full_a && full_b && i0 > 0 && j0 > 0 {
        let m = i0.min(j0);
        i0 -= m;
        j0 -= m;
    }
    let agree = run(&ea[i0..], &eb[j0..]);
    let (i, j) = (i0 + agree, j0 + agree);
    report.checked = agree as u64;
    if i == ea.len() || j == eb.len() {
        // One ring ends first. The other's further calls in frames up to
        // the last frame both logged are calls the first did not make; in
        // later frames they only say that log was written later.
        // The shorter log covers up to its newest call, also one it does
        // not check (Tiberian Sun's newest call, whose draws are unknown).
        let (longer, from, side, shorter) = if i == ea.len() {
            (eb, j, "B", a)
        } else {
            (ea, i, "A", b)
        };
        let last = ea[i - 1]
            .frame
            .max(eb[j - 1].frame)
            .max(shorter.covered.unwrap_or(i64::MIN));
        let extra = longer[from..]
            .iter()
            .take_while(|e| e.frame <= last)
            .count();
        if extra > 0 {
            let e = &longer[from];
            let k = extra as i64;
            report.shift = Some(if side == "B" { k } else { -k });
            report
                .extra
                .push(("extra_in", Json::from(if side == "B" { "b" } else { "a" })));
            report.first_divergence = Some(e.divergence(
                options.names.as_ref(),
                std::format!("{side} #{:05}: {}", e.number, e.describe()),
                std::format!(
                    "no such call: the other log's calls end at frame {last}, agreeing up to here"
                ),
                context(longer, from),
            ));
            report.summary = std::format!(
                "divergence: the logs agree on {agree} calls, then {side} has {extra} more call{} in frames up to {last}, the last frame both logged, from #{:05}",
                if extra == 1 { "" } else { "s" },
                e.number
            );
            report.details.push(std::format!(
                "{side} has {extra} extra call{} at #{:05} (caller {:08x}) that the other log does not have",
                if extra == 1 { "" } else { "s" },
                e.number,
                e.caller
            ));
            return report;
        }
        report.consistent = true;
        report.summary = std::format!(
            "consistent: A #{:05}..#{:05} and B #{:05}..#{:05} agree ({agree} calls, kind, caller, frame, range and cursors)",
            ea[i0].number,
            ea[i - 1].number,
            eb[j0].number,
            eb[j - 1].number
        );
        if ea.len() - i > 0 || eb.len() - j > 0 {
            report.details.push(std::format!(
                "{side}'s {} further calls are all in frames after {last}: that log was written later",
                longer.len() - from
            ));
        }
        if ea.len() - i > 0 || eb.len() - j > 0 || i0 > 0 || j0 > 0 {
            report.details.push(std::format!(
                "outside the overlap: A has {} entries before and {} after it, B {} before and {} after",
                i0,
                ea.len() - i,
                j0,
                eb.len() - j
            ));
        }
        return report;
    }
    let (x, y) = (&ea[i], &eb[j]);
    let mut context_lines: Vec<std::string::String> = context(ea, i)
        .into_iter()
        .map(|l| std::format!("A {l}"))
        .collect();
    context_lines.push(std::format!("B {}", y.text.trim_end()));
    report.first_divergence = Some(x.divergence(
        options.names.as_ref(),
        std::format!("A #{:05}: {}", x.number, x.describe()),
        std::format!("B #{:05}: {}", y.number, y.describe()),
        context_lines,
    ));
    report.extra.push(("entry_b", Json::from(y.number)));
    report.extra.push(("line_b", Json::from(y.line)));
    let name = |e: &Entry| {
        options
            .names
            .as_ref()
            .and_then(|n| n.name_of(e.caller))
            .map_or_else(
                || std::format!("{:08x}", e.caller),
                |n| std::format!("{:08x} ({n})", e.caller),
            )
    };
    // Every shift is tried; one is named only when it is the only fit.
    let mut fits: Vec<i64> = Vec::new();
    if agree_calls(&ea[i + 1..], &eb[j + 1..]) || (i + 1 == ea.len() && j + 1 == eb.len()) {
        fits.push(0);
    }
    for k in 1..=max_shift as usize {
        if j + k < eb.len() && agree_calls(&ea[i..], &eb[j + k..]) {
            fits.push(k as i64);
        }
        if i + k < ea.len() && agree_calls(&ea[i + k..], &eb[j..]) {
            fits.push(-(k as i64));
        }
    }
    let found = match fits.as_slice() {
        [k] => Some(*k),
        _ => None,
    };
    report.details.push(match fits.as_slice() {
        [0] => "only this call differs: the calls after it agree (kind, caller, frame, range), and no shift does".into(),
        [k] if *k > 0 => std::format!(
            "B has {k} extra call{} at #{:05} (caller {}): skipping {} realigns the rest (kind, caller, frame, range), and no other shift does",
            if *k == 1 { "" } else { "s" },
            y.number,
            name(y),
            if *k == 1 { "it" } else { "them" }
        ),
        [k] => std::format!(
            "A has {} extra call{} at #{:05} (caller {}): skipping {} realigns the rest (kind, caller, frame, range), and no other shift does",
            -k,
            if *k == -1 { "" } else { "s" },
            x.number,
            name(x),
            if *k == -1 { "it" } else { "them" }
        ),
        [] => std::format!("no shift of up to {max_shift} calls on either side realigns the rest"),
        many => {
            let list: Vec<std::string::String> = many.iter().map(|k| std::format!("{k:+}")).collect();
            report.extra.push(("shifts", Json::from(many.to_vec())));
            std::format!(
                "{} shifts realign the rest equally ({}): the calls after the divergence repeat too much to tell which",
                many.len(),
                list.join(", ")
            )
        }
    });
    report.shift = found;
    // With one shift the divergence is the first extra call: that side's
    // entry, its line, frame and caller.
    if let Some(k) = found.filter(|&k| k != 0) {
        let (side, e, list, at, other, next) = if k > 0 {
            ("B", y, eb, j, "A", x)
        } else {
            ("A", x, ea, i, "B", y)
        };
        report.first_divergence = Some(
            e.divergence(
                options.names.as_ref(),
                std::format!("{side} #{:05}: {}", e.number, e.describe()),
                std::format!(
                    "no such call in {other}: its next call is {other} #{:05}: {}",
                    next.number,
                    next.describe()
                ),
                context(list, at)
                    .into_iter()
                    .map(|l| std::format!("{side} {l}"))
                    .collect(),
            ),
        );
        report
            .extra
            .retain(|(key, _)| *key != "entry_b" && *key != "line_b");
        report
            .extra
            .push(("extra_in", Json::from(if k > 0 { "b" } else { "a" })));
        report.summary = std::format!(
            "divergence: A and B agree on {agree} calls from A #{:05} / B #{:05}, then {side} has {} extra call{} at {side} #{:05} (frame {}, caller {}) that {other} does not make",
            ea[i0].number,
            eb[j0].number,
            k.abs(),
            if k.abs() == 1 { "" } else { "s" },
            e.number,
            e.frame,
            name(e)
        );
        return report;
    }
    report.summary = std::format!(
        "divergence: A and B agree on {agree} calls from A #{:05} / B #{:05}, then part at A #{:05} / B #{:05}",
        ea[i0].number,
        eb[j0].number,
        x.number,
        y.number
    );
    report
}
