//! Two Generals logs compared line by line (SPEC 12.3), each also replayed
//! when a seed is given: whichever parts first — a log from its seed, or
//! the logs from each other — is reported, with the shifts that realign the
//! call sites after it (one named only when it is the only fit).

use super::info::GENERALS;
use super::log::{Item, Kind, Reader};
use super::replay::{explain, Replayer};
use super::stream::marker;
use crate::json::Json;
use crate::sync::error::{SyncError, Which};
use crate::sync::report::{Divergence, Report};
use std::string::String;
use std::vec::Vec;

/// Two logs line by line (kind, value, bounds, frame, file and line); with a
/// seed, each is also replayed as it is read, and whichever parts first —
/// a log from its seed, or the logs from each other — is reported.
pub(super) fn compare<'r>(
    mut a: Reader<'r>,
    mut b: Reader<'r>,
    max_shift: u64,
    seed: Option<u32>,
) -> Result<Report, SyncError> {
    let stream = a.stream;
    let mut report = Report::new(&GENERALS);
    let mut reps = seed.map(|s| (Replayer::new(Some(s)), Replayer::new(Some(s))));
    let mut n = 0u64;
    let mut last_frame = i64::MIN;
    // The seed each log's stream runs from: its last InitRandom (with the
    // line), or the seed given. InitRandom lines make no draw: they are
    // not compared as lines, only the seeds they set.
    let (mut seed_a, mut seed_b) = ((seed, 0u64), (seed, 0u64));
    loop {
        let x = next_draw(&mut a, reps.as_mut().map(|p| &mut p.0), &mut seed_a)?;
        let y = next_draw(&mut b, reps.as_mut().map(|p| &mut p.1), &mut seed_b)?;
        if let (Some(sa), Some(sb), Some(_), Some(_)) = (seed_a.0, seed_b.0, &x, &y) {
            if sa != sb {
                let at = |line: u64| {
                    if line == 0 {
                        "the seed given".into()
                    } else {
                        std::format!("InitRandom at line {line}")
                    }
                };
                report.summary = std::format!(
                    "divergence: the logs agree on {n} {} lines, then their streams run from different seeds: A's {sa:08x} ({}), B's {sb:08x} ({})",
                    stream.name(),
                    at(seed_a.1),
                    at(seed_b.1)
                );
                let line = seed_a.1.max(seed_b.1);
                report.first_divergence = Some(Divergence {
                    line: Some(line),
                    logged: std::format!("A: seeded {sa:08x} ({})", at(seed_a.1)),
                    expected: std::format!("B: seeded {sb:08x} ({})", at(seed_b.1)),
                    ..Divergence::default()
                });
                report.extra.push((
                    "divergence_in",
                    Json::from(if seed_b.1 > seed_a.1 { "b" } else { "a" }),
                ));
                report.checked = n;
                return Ok(report);
            }
        }
        if let Some((ra, rb)) = reps.as_mut() {
            for (it, rp, r, who) in [(&x, ra, &mut a, "A"), (&y, rb, &mut b, "B")] {
                let Some(it) = it else { continue };
                if let Some(m) = rp.feed(it, r)? {
                    report.details.append(&mut rp.notes);
                    explain(&mut report, r, it.clone(), m, max_shift, who, n)?;
                    return Ok(report);
                }
            }
        }
        let (x, y) = match (x, y) {
            (None, None) => {
                if n == 0 {
                    return Err(SyncError::whole(
                        None,
                        std::format!(
                            "neither log has a {} line: nothing to compare",
                            marker(stream)
                        ),
                    ));
                }
                report.consistent = true;
                report.checked = n;
                report.summary = std::format!(
                    "consistent: the two logs' {n} {} lines agree{}",
                    stream.name(),
                    if reps.is_some() {
                        " and both replay from the seed"
                    } else {
                        ""
                    }
                );
                return Ok(report);
            }
            (Some(x), Some(y)) if x.same(&y) => {
                n += 1;
                last_frame = x.frame;
                continue;
            }
            (Some(x), Some(y)) => (x, y),
            (Some(first), None) => {
                let rp = reps.as_mut().map(|p| &mut p.0);
                return one_ends(
                    report,
                    first,
                    &mut a,
                    rp,
                    Which::A,
                    n,
                    last_frame,
                    max_shift,
                );
            }
            (None, Some(first)) => {
                let rp = reps.as_mut().map(|p| &mut p.1);
                return one_ends(
                    report,
                    first,
                    &mut b,
                    rp,
                    Which::B,
                    n,
                    last_frame,
                    max_shift,
                );
            }
        };
        parted(&mut report, x, y, &mut a, &mut b, max_shift, n)?;
        return Ok(report);
    }
}

/// The next draw line of `r`, feeding the InitRandom lines before it to
/// the replay (when there is one) and recording the seed they set.
fn next_draw(
    r: &mut Reader<'_>,
    mut rp: Option<&mut Replayer>,
    seeded: &mut (Option<u32>, u64),
) -> Result<Option<Item>, SyncError> {
    while let Some(it) = r.next()? {
        if let Kind::Init(s) = it.kind {
            if let Some(rp) = rp.as_deref_mut() {
                rp.feed(&it, r)?;
            }
            *seeded = (Some(s), it.line);
            continue;
        }
        return Ok(Some(it));
    }
    Ok(None)
}

/// One log ends first. A debug log is written line by line, so one copied
/// or cut while the game ran ends anywhere, mid-frame included: the other
/// log running on is not a divergence. With a seed, the lines read past the
/// end are still replayed (`first` was replayed by the caller already).
#[allow(clippy::too_many_arguments)]
fn one_ends(
    mut report: Report,
    first: Item,
    r: &mut Reader<'_>,
    mut rp: Option<&mut Replayer>,
    side: Which,
    n: u64,
    last_frame: i64,
    max_shift: u64,
) -> Result<Report, SyncError> {
    let stream = r.stream;
    let name = if side == Which::B { "B" } else { "A" };
    let mut more = 1u64;
    while let Some(i) = r.next()? {
        if let Some(rp) = rp.as_deref_mut() {
            if let Some(m) = rp.feed(&i, r)? {
                report.details.append(&mut rp.notes);
                explain(&mut report, r, i, m, max_shift, name, n)?;
                return Ok(report);
            }
        }
        if !matches!(i.kind, Kind::Init(_)) {
            more += 1;
        }
    }
    report.consistent = true;
    report.checked = n;
    report.summary = std::format!(
        "consistent: the two logs' {n} common {} lines agree; {name} runs on for {more} more line{} from its line {} (frame {}), past the other log's end{}",
        stream.name(),
        if more == 1 { "" } else { "s" },
        first.line,
        first.frame,
        if rp.is_some() { ", and replays from the seed" } else { "" }
    );
    if first.frame <= last_frame {
        report.details.push(std::format!(
            "the other log ends inside frame {last_frame}: a log written line by line, cut or copied while the game ran"
        ));
    }
    report.extra.push((
        "runs_on",
        Json::from(if side == Which::B { "b" } else { "a" }),
    ));
    Ok(report)
}

/// The two logs' lines `x` and `y` differ: name them, and the shifts of up
/// to `max_shift` lines on either side that realign the call sites after.
fn parted(
    report: &mut Report,
    x: Item,
    y: Item,
    a: &mut Reader<'_>,
    b: &mut Reader<'_>,
    max_shift: u64,
    n: u64,
) -> Result<(), SyncError> {
    let stream = a.stream;
    let mut context: Vec<String> = a.recent.iter().map(|l| std::format!("A {l}")).collect();
    if let Some(l) = b.recent.back() {
        context.push(std::format!("B {l}"));
    }
    report.first_divergence = Some(Divergence {
        line: Some(x.line),
        frame: Some(x.frame),
        file: Some(x.file.clone()),
        source_line: Some(x.source_line),
        logged: std::format!("A line {}: {}", x.line, x.describe(stream)),
        expected: std::format!("B line {}: {}", y.line, y.describe(stream)),
        context,
        ..Divergence::default()
    });
    report.extra.push(("line_b", Json::from(y.line)));
    let mut ra: Vec<Item> = std::vec![x];
    ra.extend(a.ahead()?);
    let mut rb: Vec<Item> = std::vec![y];
    rb.extend(b.ahead()?);
    let agree = |p: &[Item], q: &[Item]| {
        let m = p.len().min(q.len());
        m > 0 && p[..m].iter().zip(&q[..m]).all(|(u, v)| u.same_site(v))
    };
    let mut fits: Vec<i64> = Vec::new();
    if ra.len() > 1 && rb.len() > 1 && agree(&ra[1..], &rb[1..]) {
        fits.push(0);
    }
    for k in 1..=max_shift as usize {
        if k < rb.len() && agree(&ra, &rb[k..]) {
            fits.push(k as i64);
        }
        if k < ra.len() && agree(&ra[k..], &rb) {
            fits.push(-(k as i64));
        }
    }
    let s = |k: i64| if k.abs() == 1 { "" } else { "s" };
    report.shift = match fits.as_slice() {
        [k] => Some(*k),
        _ => None,
    };
    report.details.push(match fits.as_slice() {
        [0] => "only this line differs: the call sites after it agree, and no shift does".into(),
        [k] if *k > 0 => std::format!(
            "B has {k} extra draw line{} from its line {}: skipping {} realigns the call sites after it (kind, bounds, frame, file, line), and no other shift does",
            s(*k),
            rb[0].line,
            if *k == 1 { "it" } else { "them" }
        ),
        [k] => std::format!(
            "A has {} extra draw line{} from its line {}: skipping {} realigns the call sites after it (kind, bounds, frame, file, line), and no other shift does",
            -k,
            s(*k),
            ra[0].line,
            if *k == -1 { "it" } else { "them" }
        ),
        [] => std::format!(
            "no shift of up to {max_shift} lines on either side realigns the next lines"
        ),
        many => {
            let list: Vec<String> = many.iter().map(|k| std::format!("{k:+}")).collect();
            std::format!(
                "{} shifts realign the call sites equally ({}): not enough lines after the divergence to tell which, so none is named",
                many.len(),
                list.join(", ")
            )
        }
    });
    report.checked = n;
    report.summary = std::format!(
        "divergence: the logs agree on {n} {} lines, then part",
        stream.name()
    );
    Ok(())
}
