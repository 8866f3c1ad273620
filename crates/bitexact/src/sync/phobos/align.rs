//! Two players' Phobos logs of the same moment aligned to each other (SPEC
//! 12.1, no seed needed).
//!
//! Each ring is first read as calls: a `RandomRanged` call's inner
//! `Single` lines (callers inside the ranged function) are folded into its
//! `Ranged` line, so an extra ranged call is one extra call and is named by
//! the line that holds its caller and range.
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

use super::anchor::{longest_run, run, MIN_ANCHOR};
use super::ring::{calls, context, current_game, Entry, Log, RANGED_FN};
use crate::json::Json;
use crate::sync::options::Options;
use crate::sync::report::{Divergence, Report};
use crate::westwood::{Pick, Random2};
use std::string::String;
use std::vec::Vec;

/// Whether `a` and `b` agree call for call (not cursors) over their overlap,
/// which must be at least one entry.
fn agree_calls(a: &[Entry], b: &[Entry]) -> bool {
    let n = a.len().min(b.len());
    n > 0 && a[..n].iter().zip(&b[..n]).all(|(x, y)| x.same_call(y))
}

pub(crate) fn check(a: &Log, b: &Log, max_shift: u64, options: &Options) -> Report {
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
    // Each call compared whole: a ranged call's inner `Single` lines are
    // folded into its `Ranged` line (whose cursors are the call's), so an
    // extra ranged call is one call, and a ring starting inside one still
    // aligns.
    let ranged_fn = options.ranged_fn.unwrap_or(RANGED_FN);
    let (ca, cb) = (
        whole_calls(&a.entries[sa..], ranged_fn),
        whole_calls(&b.entries[sb..], ranged_fn),
    );
    for (side, folded) in [
        ("A", a.entries.len() - sa - ca.len()),
        ("B", b.entries.len() - sb - cb.len()),
    ] {
        if folded > 0 {
            report.details.push(std::format!(
                "{side}: {folded} inner Single lines of RandomRanged ({:08x}..{:08x}) folded into their Ranged calls: each call is compared whole and named by its Ranged line",
                ranged_fn.0, ranged_fn.1
            ));
        }
    }
    let (ea, eb) = (&ca[..], &cb[..]);
    let (mut anchor, best_run) = longest_run(ea, eb);
    // One call alike with its cursors is a coincidence of 1 in 250
    // between unrelated rings: an anchor agrees on two in a row.
    if best_run < MIN_ANCHOR {
        anchor = None;
    }
    // A ring that never filled, or one cut at a new game, starts at its
    // game's first call ("complete"); two such are compared from there.
    let (full_a, full_b) = (a.full && sa == 0, b.full && sb == 0);
    if !full_a && !full_b {
        anchor = Some((0, 0, 1));
    }
    let Some((mut i0, mut j0, ties)) = anchor else {
        report.summary = std::format!(
            "not aligned: no {MIN_ANCHOR} calls in a row of A are calls of B with the same frame and cursors; the rings do not overlap (different games or seeds, or written far apart) or differ at every call"
        );
        return report;
    };
    // Under the anchor's alignment, the calls both rings hold before it
    // must be the same calls: where they are not, the rings part before the
    // anchor (an extra call whose draws the streams later made up), and
    // the walk from the anchor would not see it.
    if let Some(t) = (1..=i0.min(j0)).find(|&t| !ea[i0 - t].same_call(&eb[j0 - t])) {
        let (ib, jb) = (i0 - t, j0 - t);
        let (x, y) = (&ea[ib], &eb[jb]);
        // The calls before it, shifted by k on one side, agree again: k
        // extra calls on that side, ending here (one shift only).
        let back = |a: &[Entry], b: &[Entry]| {
            let n = a.len().min(b.len()).min(16);
            n > 0 && (1..=n).all(|s| a[a.len() - s].same_call(&b[b.len() - s]))
        };
        let fits: Vec<i64> = (1..=max_shift as usize)
            .flat_map(|k| {
                let b_extra = jb >= k && back(&ea[..=ib], &eb[..=jb - k]);
                let a_extra = ib >= k && back(&ea[..=ib - k], &eb[..=jb]);
                [(b_extra, k as i64), (a_extra, -(k as i64))]
            })
            .filter(|&(ok, _)| ok)
            .map(|(_, k)| k)
            .collect();
        // At a ring's oldest entry no shift leaves calls to compare: the
        // cursors say whether that entry began where the other side's call
        // ended (an extra call after it) rather than where it began.
        let before = a.cursors_before;
        let mut fits = fits;
        let edge = if fits.is_empty() && jb == 0 && edge_extra(ea, ib, y, before, ranged_fn) {
            Some(("B", y, "A", x))
        } else if fits.is_empty() && ib == 0 && edge_extra(eb, jb, x, before, ranged_fn) {
            Some(("A", x, "B", y))
        } else {
            None
        };
        if let Some((side, e, other, o)) = edge {
            fits.push(if side == "B" { 1 } else { -1 });
            report.details.push(std::format!(
                "{side} #{:05} is the oldest entry of {side}'s ring: its cursors say it began where {other} #{:05} ended, not where {other} #{:05} began, so it is a call made after it",
                e.number, o.number, o.number
            ));
        }
        if let [k] = fits[..] {
            let (side, e, list, at, other, next) = if k > 0 {
                (
                    "B",
                    &eb[jb + 1 - k as usize],
                    eb,
                    jb + 1 - k as usize,
                    "A",
                    &ea[ib + 1],
                )
            } else {
                (
                    "A",
                    &ea[ib + 1 - (-k) as usize],
                    ea,
                    ib + 1 - (-k) as usize,
                    "B",
                    &eb[jb + 1],
                )
            };
            report.shift = Some(k);
            report
                .extra
                .push(("extra_in", Json::from(if k > 0 { "b" } else { "a" })));
            report.first_divergence = Some(extra_call(options, side, list, at, other, next));
            report.summary = std::format!(
                "divergence: {side} has {} extra call{} at {side} #{:05} (frame {}, caller {:08x}) that {other} does not make: the calls before and after agree once {} skipped (after it the streams met again, so the rings agree with their cursors from A #{:05} / B #{:05})",
                k.abs(),
                if k.abs() == 1 { "" } else { "s" },
                e.number,
                e.frame,
                e.caller,
                if k.abs() == 1 { "it is" } else { "they are" },
                ea[i0].number,
                eb[j0].number
            );
            return report;
        }
        report.first_divergence = Some(parted(options, ea, ib, y));
        report.summary = std::format!(
            "divergence: the rings share a run of {best_run} calls alike with their cursors from A #{:05} / B #{:05}, but before it, where both hold calls, they part: A #{:05} and B #{:05} are different calls{}",
            ea[i0].number,
            eb[j0].number,
            x.number,
            y.number,
            if fits.is_empty() {
                String::new()
            } else {
                std::format!(" ({} shifts fit equally: which side made extra calls is not named)", fits.len())
            }
        );
        return report;
    }
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
        let last = ea[i - 1].frame.max(eb[j - 1].frame);
        let (longer, from, side) = if i == ea.len() {
            (eb, j, "B")
        } else {
            (ea, i, "A")
        };
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
    report.first_divergence = Some(parted(options, ea, i, y));
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
        report.first_divergence = Some(extra_call(options, side, list, at, other, next));
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

/// The divergence where A's call `ea[i]` and B's call `y` differ: A's
/// entry named, with A's lines up to it and then B's line as the context.
fn parted(options: &Options, ea: &[Entry], i: usize, y: &Entry) -> Divergence {
    let x = &ea[i];
    let mut lines: Vec<String> = context(ea, i)
        .into_iter()
        .map(|l| std::format!("A {l}"))
        .collect();
    lines.push(std::format!("B {}", y.text.trim_end()));
    x.divergence(
        options.names.as_ref(),
        std::format!("A #{:05}: {}", x.number, x.describe()),
        std::format!("B #{:05}: {}", y.number, y.describe()),
        lines,
    )
}

/// The divergence of an extra call: `list[at]`, a call of `side`'s ring
/// that `other` does not make (`next` is `other`'s next call), with the
/// lines of `side` up to it as the context.
fn extra_call(
    options: &Options,
    side: &str,
    list: &[Entry],
    at: usize,
    other: &str,
    next: &Entry,
) -> Divergence {
    let e = &list[at];
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
    )
}

/// The log's calls, one entry each: a call's last entry (its `Ranged`
/// line, whose cursors are after the whole call) stands for its inner
/// `Single` lines too (see [`super::ring::calls`]).
fn whole_calls(entries: &[Entry], ranged_fn: (u32, u32)) -> Vec<Entry> {
    calls(entries, ranged_fn)
        .into_iter()
        .map(|c| entries[c.last].clone())
        .collect()
}

/// Whether `y`, the oldest entry of its ring, is a call its player made
/// after `xs[ix]` (which it faces under the anchor) and not in its place:
/// its cursors must say it began where `xs[ix]` ended and not where
/// `xs[ix]` began. With `before`, each entry shows the cursors before it
/// (Tiberian Sun); else after it (Phobos), and `y`'s draws must fit.
fn edge_extra(xs: &[Entry], ix: usize, y: &Entry, before: bool, ranged_fn: (u32, u32)) -> bool {
    let inner = |e: &Entry| !e.ranged && (ranged_fn.0..ranged_fn.1).contains(&e.caller);
    if inner(y) || inner(&xs[ix]) || (ix > 0 && inner(&xs[ix - 1])) {
        return false;
    }
    if before {
        return match xs.get(ix + 1) {
            Some(next) => y.index1 == next.index1 && y.index1 != xs[ix].index1,
            None => false,
        };
    }
    let delta = |from: &Entry| (i32::from(y.index1) - i32::from(from.index1)).rem_euclid(250);
    let after_x = may_draw(y, delta(&xs[ix]));
    let in_place = ix == 0 || may_draw(y, delta(&xs[ix - 1]));
    after_x && !in_place
}

/// Whether a whole call `e` can have moved `Index1` by `d` (mod 250): a
/// `Single` draws one word; a `Ranged` one none for equal bounds, one when
/// its mask never rejects, else at least one.
fn may_draw(e: &Entry, d: i32) -> bool {
    if !e.ranged {
        return d == 1;
    }
    match Pick::<Random2>::new(e.min, e.max) {
        Ok(p) if !p.spends_draws() => d == 0,
        Ok(p) if p.mask() == p.span() => d == 1,
        _ => d != 0,
    }
}
