//! `sync ts` (SPEC 12.2, 12.5): a dump's ring placed in the seed's scenario
//! stream or two players' rings aligned (Phobos' placement and alignment),
//! their FPU words compared, and Vinifera's value lines checked beside the
//! ring; a dump with no ring, by its values alone.

use super::dump::{describe_fpu, read, Dump};
use super::info::TS;
use super::ring::{frozen_whole, to_log};
use super::values::LABELS;
use crate::sync::error::{read_both, SyncError, Which};
use crate::sync::options::Options;
use crate::sync::phobos::{align, info::PHOBOS, place};
use crate::sync::report::{Divergence, Report};
use crate::sync::values::{self, Values};
use crate::westwood::Random2;
use std::io::BufRead;
use std::string::String;

/// `sync ts`: the ring against a seed (the one given, or Vinifera's own
/// `Random seed:`), or two players' rings aligned; their FPU words
/// compared. A dump with no ring is checked by its values (SPEC 12.2).
pub(super) fn check(
    a: &mut dyn BufRead,
    b: Option<&mut dyn BufRead>,
    options: &Options,
) -> Result<Report, SyncError> {
    let (da, db) = read_both(a, b, read)?;
    let ring_a = !da.entries.is_empty();
    let ring_b = db.as_ref().map(|d| !d.entries.is_empty());
    if !ring_a && ring_b != Some(true) {
        if da.values.values.is_empty() {
            return Err(values::no_values(&LABELS).of(Which::A));
        }
        if let Some(d) = &db {
            if d.values.values.is_empty() {
                return Err(values::no_values(&LABELS).of(Which::B));
            }
        }
        return values::check(&TS, da.values, db.map(|d| d.values), options);
    }
    if ring_b == Some(false) || !ring_a {
        let which = if ring_a { Which::B } else { Which::A };
        return Err(SyncError::whole(
            Some(which),
            "one dump has an RNG ring (--- BEGIN RANDOM ---) and the other has none: compare like with like",
        ));
    }
    let seed = match options.seed_u32()? {
        Some(s) => Some(s),
        None => da.values.seed.map(|s| s as u32),
    };
    let max_shift = options.max_shift(&TS)?;
    // A ring is placed as Phobos' is: its bound and ceiling.
    let max_draws = options.max_draws(&PHOBOS)?;
    // No inner lines to group unless a range is given (TS's ranged function
    // is not known to call the unranged one).
    let mut opts = options.clone();
    opts.ranged_fn = opts.ranged_fn.or(Some((0, 0)));
    // The logger's own draws are compared only when both dumps have them.
    let logger = |d: &Dump| match &db {
        Some(_) => d.values.values.len(),
        None => 0,
    };
    // Placed in a stream, a ring is checked up to a NoRNG freeze (one
    // frozen from its oldest call places nowhere); two rings are aligned
    // call for call, every call with the cursors before it.
    let placed = |d: &Dump, side: &str, which, seed: u32| -> Result<Report, SyncError> {
        match to_log(d, logger(d), true) {
            Ok(l) => place::check(&l, seed, max_draws, &opts),
            Err(e) => frozen_whole(side, d, Some(seed)).ok_or(e.of(which)),
        }
    };
    let aligned = |a: &Dump, b: &Dump| -> Result<Report, SyncError> {
        let la = to_log(a, logger(a), false).map_err(|e| e.of(Which::A))?;
        let lb = to_log(b, logger(b), false).map_err(|e| e.of(Which::B))?;
        Ok(align::check(&la, &lb, max_shift, &opts))
    };
    let mut report = match (seed, &db) {
        (Some(seed), None) => placed(&da, "A", Which::A, seed)?,
        (None, Some(db)) => aligned(&da, db)?,
        (Some(seed), Some(db)) => {
            // Both rings are placed before either answer is read.
            let ra = placed(&da, "A", Which::A, seed)?;
            let rb = placed(db, "B", Which::B, seed)?;
            place::both(ra, || Ok(rb), "dump", || aligned(&da, db))?
        }
        (None, None) => {
            return Err(SyncError::whole(
                None,
                "a Tiberian Sun ring is checked against a seed ({seed}) or against a second dump: give one",
            ))
        }
    };
    if let (Some(given), Some(own)) = (options.seed_u32()?, da.values.seed) {
        if own as u32 != given {
            report.details.insert(
                0,
                std::format!(
                    "the dump's own 'Random seed:' line says {own}: checked against the seed given, {}, as asked",
                    given as i32
                ),
            );
        }
    }
    compare_fpu(&da, db.as_ref(), &mut report);
    check_values(&da, db.as_ref(), seed, options, &mut report)?;
    Ok(report)
}

/// Vinifera's value lines beside its ring: each a draw of the same stream
/// (with a seed), or the two dumps' values compared. A value that does not
/// fit makes the report a divergence even where the rings agree.
fn check_values(
    a: &Dump,
    b: Option<&Dump>,
    seed: Option<u32>,
    options: &Options,
    report: &mut Report,
) -> Result<(), SyncError> {
    let (va, vb) = (&a.values, b.map(|d| &d.values));
    if va.values.is_empty() || vb.is_some_and(|v| v.values.is_empty()) {
        return Ok(());
    }
    if seed.is_none() && vb.is_none() {
        return Ok(());
    }
    let mut o = options.clone();
    o.seed = seed.map(|s| i64::from(s as i32));
    let mut r = values::check(&TS, va.clone(), vb.cloned(), &o)?;
    if let (true, Some(seed), None) = (r.consistent, seed, vb) {
        logger_draws(va, seed, report, &mut r);
    }
    if r.consistent {
        report
            .details
            .push(std::format!("the value lines: {}", r.summary));
    } else if report.consistent {
        report.consistent = false;
        report.summary = std::format!(
            "divergence: the rings agree, but the value lines do not: {}",
            r.summary.strip_prefix("divergence: ").unwrap_or(&r.summary)
        );
        report.first_divergence = r.first_divergence;
    } else {
        report
            .details
            .push(std::format!("also, the value lines: {}", r.summary));
    }
    Ok(())
}

/// Vinifera's logger draws each value line's word as one of the ring's
/// newest CRITICAL calls (one word each, in line order), so where the ring
/// is placed the values' draws are known: the newest call starts at the
/// placement's end, the one before it one word earlier. A value found in
/// the stream but not at its logger call's draw is a divergence too.
fn logger_draws(va: &Values, seed: u32, ring: &Report, r: &mut Report) {
    let (Some(p), Some(draws)) = (
        ring.position,
        ring.extra.iter().find(|(k, _)| *k == "draws"),
    ) else {
        return;
    };
    let crate::json::Json::Int(d) = draws.1 else {
        return;
    };
    let Some(end) = u64::try_from(d).ok().and_then(|d| p.checked_add(d)) else {
        return;
    };
    let n = va.values.len() as u64;
    let Some(first) = (end + 1).checked_sub(n) else {
        return;
    };
    let mut gen = Random2::new(seed);
    gen.discard(first);
    for (k, v) in va.values.iter().enumerate() {
        let word = gen.raw();
        if word != v.value {
            let at = first + k as u64;
            r.consistent = false;
            r.summary = std::format!(
                "divergence: the log's {} {} (line {}) is not the word of the logger's draw the ring records (draw {at} of seed {}'s stream, the ring's {} CRITICAL call), which is {word}",
                v.label,
                v.value,
                v.line,
                seed as i32,
                ordinal(n - k as u64)
            );
            r.first_divergence = Some(Divergence {
                line: Some(v.line),
                logged: v.text.clone(),
                expected: std::format!("{}: {word} (draw {at})", v.label),
                ..Divergence::default()
            });
            return;
        }
    }
    r.details.push(std::format!(
        "each value line is the word of its logger call in the ring (draws {first}..={end})"
    ));
}

fn ordinal(k: u64) -> String {
    match k {
        1 => "newest".into(),
        2 => "second newest".into(),
        3 => "third newest".into(),
        k => std::format!("{k}th newest"),
    }
}

/// Two players' FPU words: different ones are a cause of desync the ring
/// does not show — the report is then not "consistent" even where the
/// rings agree.
fn compare_fpu(a: &Dump, b: Option<&Dump>, report: &mut Report) {
    let Some(b) = b else {
        if let Some((_, w)) = a.fpu {
            report
                .details
                .push(std::format!("FPU State {}", describe_fpu(w)));
        }
        return;
    };
    match (a.fpu, b.fpu) {
        (Some((_, wa)), Some((lb, wb))) if wa != wb => {
            let why = std::format!(
                "the FPU control words differ: A {}, B {}: the two players compute floats differently",
                describe_fpu(wa),
                describe_fpu(wb)
            );
            if report.consistent {
                report.consistent = false;
                report.summary = std::format!(
                    "divergence: the rings agree, but {why} (a cause of desync the RNG ring does not show)"
                );
                report.first_divergence = Some(Divergence {
                    line: Some(lb),
                    logged: std::format!("A: FPU State: {wa:x}"),
                    expected: std::format!("B: FPU State: {wb:x}"),
                    ..Divergence::default()
                });
            } else {
                report.details.push(std::format!("also: {why}"));
            }
        }
        (Some((_, w)), Some(_)) => report.details.push(std::format!(
            "FPU State the same on both sides: {}",
            describe_fpu(w)
        )),
        (Some(_), None) | (None, Some(_)) => report.details.push(
            "only one dump has an 'FPU State:' line (Vinifera writes none): the FPU words are not compared"
                .into(),
        ),
        (None, None) => {}
    }
}
