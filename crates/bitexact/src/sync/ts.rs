//! Tiberian Sun's sync dump (SPEC 12.2, 12.5): the RNG ring that
//! CnCNet/ts-patches (`src/log_more_oos.c`) and Vinifera
//! (`src/new/syncrecorder/syncrecorder.cpp`) print, the dump's `FPU State:`
//! line, and Vinifera's value lines.
//!
//! The ring is a section `--- BEGIN RANDOM ---` of lines (C format strings)
//!
//! ```text
//! "RNG: %s UNRANGED CALLER: %08x  FRAME: %-10d MIX1: %3d MIX2: %3d"
//! "RNG: %s RANGED   CALLER: %08x  FRAME: %-10d MIX1: %3d MIX2: %3d MIN: %d  MAX: %d"
//! ```
//!
//! ended by an empty line, **newest first**; `%s` is `CRITICAL` (the
//! scenario's synchronised `Random2Class`) or `NONCRIT ` (another
//! instance: kept apart, counted, not checked). MIX1 / MIX2 are the
//! generator's cursors **before** the call (the hooks sit at the functions'
//! entry), so a call's draws are the next newer CRITICAL entry's MIX1 minus
//! its own, mod 250, and the newest call's draws are not known. The ring
//! holds 4096 calls: ts-patches prints at most 4095, Vinifera 4096; a ring
//! not yet full prints every call since the process started. MIN and MAX are
//! printed as passed (reversed bounds stay reversed); MIN == MAX draws
//! nothing. Under ts-patches' `NoRNG=yes` nothing draws from frame 10 on:
//! every entry then shows the same cursors, which places nowhere and is
//! said so.
//!
//! The calls are read into the shape of Phobos' ring ([`super::phobos::Log`],
//! oldest first, each with the cursors after it: the next call's before), so
//! the placement in a seed's stream and the alignment of two players' rings
//! are Phobos' (`phobos_place`, `phobos_align`).
//!
//! `FPU State: %x` is the CRT's `_controlfp(0, 0)` word: two players whose
//! precision (`_PC_24` 0x20000, `_PC_53` 0x10000, `_PC_64` 0) or rounding
//! (`_RC_*`, 0x300) differ compute floats differently, a cause of desync the
//! ring cannot show: named as such. A file with no ring is Vinifera's CRC
//! log of values (SPEC 12.2), checked as [`super::values`] does.

use super::phobos::{Entry, Log};
use super::values::{self, Values};
use super::{phobos_align, phobos_place, Divergence, Format, Lines, Options, Report, SyncError};
use crate::westwood::{Pick, Random2};
use std::io::BufRead;
use std::string::String;
use std::vec::Vec;

/// The most entries one RANDOM section holds (Vinifera prints the whole
/// ring of 4096).
pub const RING: usize = 4096;

/// One line of the RANDOM section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TsEntry {
    /// The file's 1-based line.
    pub line: u64,
    /// `CRITICAL` (else `NONCRIT`).
    pub critical: bool,
    /// `RANGED` (else `UNRANGED`).
    pub ranged: bool,
    /// The return address.
    pub caller: u32,
    /// The frame.
    pub frame: i64,
    /// The first cursor before the call (`MIX1`: `Index1`).
    pub mix1: u8,
    /// The second cursor before the call (`MIX2`: `Index2`).
    pub mix2: u8,
    /// `MIN` as passed (0 for `UNRANGED`).
    pub min: i32,
    /// `MAX` as passed (0 for `UNRANGED`).
    pub max: i32,
    /// The line as written.
    pub text: String,
}

/// What one dump holds.
#[derive(Clone, Debug, Default)]
pub struct Dump {
    /// The first RANDOM section, newest first, as written.
    pub entries: Vec<TsEntry>,
    /// How many RANDOM sections the file holds (ts-patches may print the
    /// block once per player).
    pub sections: usize,
    /// `FPU State:`, with its line.
    pub fpu: Option<(u64, u32)>,
    /// Vinifera's value lines and its `Random seed:`.
    pub values: Values,
}

fn bad(n: u64, text: &str, what: &str) -> SyncError {
    SyncError::at(
        n,
        text,
        std::format!("not a Tiberian Sun RNG line ({what})"),
    )
}

/// Parse one `RNG: …` line.
pub fn parse_entry(n: u64, text: &str) -> Result<TsEntry, SyncError> {
    let mut w = text.split_whitespace();
    if w.next() != Some("RNG:") {
        return Err(bad(n, text, "no 'RNG:'"));
    }
    let critical = match w.next() {
        Some("CRITICAL") => true,
        Some("NONCRIT") => false,
        _ => return Err(bad(n, text, "neither CRITICAL nor NONCRIT")),
    };
    let ranged = match w.next() {
        Some("RANGED") => true,
        Some("UNRANGED") => false,
        _ => return Err(bad(n, text, "neither RANGED nor UNRANGED")),
    };
    let mut field = |key: &str| -> Result<&str, SyncError> {
        match (w.next(), w.next()) {
            (Some(k), Some(v)) if k == key => Ok(v),
            _ => Err(bad(n, text, &std::format!("expected '{key} …'"))),
        }
    };
    let caller = field("CALLER:")?;
    let caller =
        u32::from_str_radix(caller, 16).map_err(|_| bad(n, text, "CALLER is not 8 hex digits"))?;
    let frame: i64 = field("FRAME:")?
        .parse()
        .map_err(|_| bad(n, text, "FRAME is not a number"))?;
    if !(i64::from(i32::MIN)..=i64::from(u32::MAX)).contains(&frame) {
        return Err(bad(n, text, "FRAME out of range"));
    }
    let cursor = |s: &str, key: &str| -> Result<u8, SyncError> {
        s.parse::<u8>()
            .ok()
            .filter(|&c| c < 250)
            .ok_or_else(|| bad(n, text, &std::format!("{key} is not a cursor 0..250")))
    };
    let mix1 = cursor(field("MIX1:")?, "MIX1")?;
    let mix2 = cursor(field("MIX2:")?, "MIX2")?;
    let (mut min, mut max) = (0, 0);
    if ranged {
        min = field("MIN:")?
            .parse()
            .map_err(|_| bad(n, text, "MIN is not a 32-bit number"))?;
        max = field("MAX:")?
            .parse()
            .map_err(|_| bad(n, text, "MAX is not a 32-bit number"))?;
    }
    if w.next().is_some() {
        return Err(bad(n, text, "fields after the last one"));
    }
    Ok(TsEntry {
        line: n,
        critical,
        ranged,
        caller,
        frame,
        mix1,
        mix2,
        min,
        max,
        text: text.into(),
    })
}

/// Read a dump, streaming: the first RANDOM section, the FPU line and
/// Vinifera's value lines. Errors: a malformed line inside the section
/// (with its number), more than [`RING`] entries, a malformed value or FPU
/// line.
pub fn read(reader: &mut dyn BufRead) -> Result<Dump, SyncError> {
    let mut lines = Lines::new(reader);
    let mut dump = Dump::default();
    let mut in_ring = false;
    // In a later section (one per player listed), the entry it must repeat.
    let mut repeat = 0usize;
    let differs = |n: u64, text: &str, k: usize| {
        SyncError::at(
            n,
            text,
            std::format!(
                "the dump's RANDOM section {k} is not the same ring as the first: which one is the game's cannot be told"
            ),
        )
    };
    while let Some((n, text)) = lines.next_line()? {
        let t = text.trim();
        if t == "--- BEGIN RANDOM ---" {
            dump.sections += 1;
            in_ring = true;
            repeat = 0;
            continue;
        }
        if in_ring && dump.sections > 1 {
            if t.is_empty() || t.starts_with("--- ") {
                in_ring = false;
                if repeat != dump.entries.len() {
                    return Err(differs(n, text, dump.sections));
                }
            } else {
                let e = parse_entry(n, text)?;
                let same = dump.entries.get(repeat).is_some_and(|f| {
                    (
                        f.critical, f.ranged, f.caller, f.frame, f.mix1, f.mix2, f.min, f.max,
                    ) == (
                        e.critical, e.ranged, e.caller, e.frame, e.mix1, e.mix2, e.min, e.max,
                    )
                });
                if !same {
                    return Err(differs(n, text, dump.sections));
                }
                repeat += 1;
                continue;
            }
        }
        if in_ring {
            if t.is_empty() || t.starts_with("--- ") {
                in_ring = false;
            } else if dump.entries.len() == RING {
                return Err(SyncError::at(
                    n,
                    text,
                    std::format!("more than {RING} entries in one RANDOM section"),
                ));
            } else {
                dump.entries.push(parse_entry(n, text)?);
                continue;
            }
        }
        if let Some(rest) = t.strip_prefix("FPU State:") {
            let w = u32::from_str_radix(rest.trim(), 16)
                .map_err(|_| SyncError::at(n, text, "FPU State is not a hex word"))?;
            match dump.fpu {
                Some((first, w0)) if w0 != w => {
                    return Err(SyncError::at(
                        n,
                        text,
                        std::format!(
                            "a second 'FPU State:' line ({w:x}) differs from line {first}'s ({w0:x}): which one is the game's cannot be told"
                        ),
                    ))
                }
                Some(_) => {}
                None => dump.fpu = Some((n, w)),
            }
            continue;
        }
        values::read_line(Format::Ts, n, text, &mut dump.values)?;
    }
    Ok(dump)
}

/// The CRT control word's precision and rounding, in words.
pub fn describe_fpu(w: u32) -> String {
    let pc = match w & 0x3_0000 {
        0x2_0000 => "24-bit precision (_PC_24, single)",
        0x1_0000 => "53-bit precision (_PC_53, double)",
        0 => "64-bit precision (_PC_64, extended)",
        _ => "an invalid precision",
    };
    let rc = match w & 0x300 {
        0 => "round to nearest",
        0x100 => "round down",
        0x200 => "round up",
        _ => "round toward zero (_RC_CHOP)",
    };
    std::format!("{w:x}: {pc}, {rc}")
}

/// The dump's CRITICAL calls as a Phobos-shaped log, oldest first, each
/// with the cursors after it (the next newer call's before). Left out, each
/// said in the notes: the newest call (its draws are not known), the calls
/// after a NoRNG freeze ([`frozen_from`]) with `cut_frozen`, and, with `logger`, the newest
/// `logger` calls (Vinifera's own draws for its value lines).
fn to_log(d: &Dump, logger: usize, placing: bool) -> Result<Log, SyncError> {
    let mut crit: Vec<&TsEntry> = d.entries.iter().rev().filter(|e| e.critical).collect();
    let mut notes = Vec::new();
    if logger > 0 && crit.len() > logger + 2 {
        let cut = crit.len() - logger;
        notes.push(std::format!(
            "the {logger} newest CRITICAL calls (from line {}) are the logger's own draws for its {logger} value line{} (Vinifera's Print_CRCs): not compared",
            crit[crit.len() - 1].line,
            if logger == 1 { "" } else { "s" }
        ));
        crit.truncate(cut);
    }
    if let Some(f) = frozen_from(&crit).filter(|_| placing) {
        notes.push(std::format!(
            "from frame {} (line {}) every CRITICAL call shows cursors {}/{} though {} should draw: ts-patches' NoRNG, which stops every draw from frame 10; the {} calls from there are not checked",
            crit[f].frame,
            crit[f].line,
            crit[f].mix1,
            crit[f].mix2,
            crit[f..].iter().filter(|e| draws(e)).count(),
            crit.len() - f
        ));
        crit.truncate(f + 1);
    }
    if crit.len() < 2 {
        return Err(SyncError::whole(
            None,
            std::format!(
                "the RNG ring holds {} CRITICAL call{} to check: at least two are needed (a call's draws are read from the next one's cursors)",
                crit.len(),
                if crit.len() == 1 { "" } else { "s" }
            ),
        ));
    }
    // Placed in a stream, each call takes the cursors after it (the next
    // call's before), so its draws are counted and the newest is left out;
    // two rings are compared call for call with the cursors before each.
    let entry = |k: usize, e: &TsEntry, (index1, index2): (u8, u8)| Entry {
        number: k as u64,
        line: e.line,
        ranged: e.ranged,
        caller: e.caller,
        frame: e.frame,
        index1,
        index2,
        min: e.min,
        max: e.max,
        text: e.text.clone(),
    };
    let entries: Vec<Entry> = if placing {
        crit.windows(2)
            .enumerate()
            .map(|(k, w)| entry(k, w[0], (w[1].mix1, w[1].mix2)))
            .collect()
    } else {
        crit.iter()
            .enumerate()
            .map(|(k, e)| entry(k, e, (e.mix1, e.mix2)))
            .collect()
    };
    let newest = crit[crit.len() - 1];
    let noncrit = d.entries.iter().filter(|e| !e.critical).count();
    notes.insert(
        0,
        if placing {
            std::format!(
                "the ring's CRITICAL calls are read oldest first as #00000..#{:05}; the newest (line {}) is not checked: the ring shows cursors before a call, so its draws are not known",
                entries.len() - 1,
                newest.line
            )
        } else {
            std::format!(
                "the ring's CRITICAL calls are read oldest first as #00000..#{:05}, each with the cursors before it",
                entries.len() - 1
            )
        },
    );
    if noncrit > 0 {
        notes.push(std::format!(
            "{noncrit} NONCRIT entr{} (another Random2Class instance) kept apart, not checked",
            if noncrit == 1 { "y" } else { "ies" }
        ));
    }
    if d.sections > 1 {
        notes.push(std::format!(
            "the dump holds {} RANDOM sections (one per player listed), each the same ring",
            d.sections
        ));
    }
    Ok(Log {
        format: Format::Ts,
        // A full ring prints 4095 (ts-patches) or 4096 (Vinifera) entries.
        full: d.entries.len() >= RING - 1,
        index: 1,
        of: 1,
        entries,
        notes,
    })
}

/// Whether a call draws unless NoRNG stops it: `UNRANGED`, or `RANGED`
/// whose pick spends draws (not MIN = MAX, nor a span of `i32::MAX`:
/// SPEC 4).
fn draws(e: &TsEntry) -> bool {
    !e.ranged || Pick::<Random2>::new(e.min, e.max).map_or(true, |p| p.spends_draws())
}

/// NoRNG (ts-patches `NoRNG=yes`: nothing draws from frame 10 on): the
/// start of the newest run of CRITICAL calls (`crit`, oldest first) that all
/// show the same cursors though one of them (not the newest, whose draws
/// are not known) should draw, at frame 10 or later.
fn frozen_from(crit: &[&TsEntry]) -> Option<usize> {
    let last = crit.last()?;
    let mut f = crit.len() - 1;
    while f > 0 && (crit[f - 1].mix1, crit[f - 1].mix2) == (last.mix1, last.mix2) {
        f -= 1;
    }
    let drawing = crit[f..crit.len() - 1].iter().any(|e| draws(e));
    // NoRNG stops every draw from frame 10 on: a freeze after a call of
    // frame 10 or later that drew is not NoRNG (the stream stopped
    // mid-game), and is checked as any other call.
    let at_ten = crit[f].frame >= 10 && (f == 0 || crit[f - 1].frame < 10);
    (drawing && at_ten).then_some(f)
}

/// `sync ts`: the ring against a seed (`--seed`, or Vinifera's own
/// `Random seed:`), or two players' rings aligned; their FPU words
/// compared. A dump with no ring is checked by its values (SPEC 12.2).
pub(super) fn check(
    a: &mut dyn BufRead,
    b: Option<&mut dyn BufRead>,
    options: &Options,
) -> Result<Report, SyncError> {
    let (da, db) = super::read_both(a, b, read)?;
    let ring_a = !da.entries.is_empty();
    let ring_b = db.as_ref().map(|d| !d.entries.is_empty());
    if !ring_a && ring_b != Some(true) {
        if da.values.values.is_empty() {
            return Err(values::no_values(Format::Ts).of(super::Which::A));
        }
        if let Some(d) = &db {
            if d.values.values.is_empty() {
                return Err(values::no_values(Format::Ts).of(super::Which::B));
            }
        }
        return values::check_values(Format::Ts, da.values, db.map(|d| d.values), options);
    }
    if ring_b == Some(false) || !ring_a {
        let which = if ring_a {
            super::Which::B
        } else {
            super::Which::A
        };
        return Err(SyncError::whole(
            Some(which),
            "one dump has an RNG ring (--- BEGIN RANDOM ---) and the other has none: compare like with like",
        ));
    }
    let seed = match options.seed_u32()? {
        Some(s) => Some(s),
        None => da.values.seed.map(|s| s as u32),
    };
    let max_shift = options.max_shift(Format::Ts)?;
    // A ring is placed as Phobos' is: its bound and ceiling.
    let max_draws = options.max_draws(Format::Phobos)?;
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
            Ok(l) => phobos_place::check(&l, seed, max_draws, &opts),
            Err(e) => frozen_whole(side, d, Some(seed)).ok_or(e.of(which)),
        }
    };
    let aligned = |a: &Dump, b: &Dump| -> Result<Report, SyncError> {
        let la = to_log(a, logger(a), false).map_err(|e| e.of(super::Which::A))?;
        let lb = to_log(b, logger(b), false).map_err(|e| e.of(super::Which::B))?;
        Ok(phobos_align::check(&la, &lb, max_shift, &opts))
    };
    let mut report =
        match (seed, &db) {
            (Some(seed), None) => placed(&da, "A", super::Which::A, seed)?,
            (None, Some(db)) => aligned(&da, db)?,
            (Some(seed), Some(db)) => {
                let ra = placed(&da, "A", super::Which::A, seed)?;
                let rb = placed(db, "B", super::Which::B, seed)?;
                if !ra.consistent {
                    ra
                } else if !rb.consistent {
                    let mut rb = rb;
                    rb.summary = std::format!("the second dump: {}", rb.summary);
                    rb
                } else {
                    aligned(&da, db)?
                }
            }
            (None, None) => return Err(SyncError::whole(
                None,
                "a Tiberian Sun ring is checked against a seed or against a second dump: give one",
            )),
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
    let mut r = values::check_values(Format::Ts, va.clone(), vb.cloned(), &o)?;
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
fn logger_draws(va: &values::Values, seed: u32, ring: &Report, r: &mut Report) {
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

/// The report for a ring whose every CRITICAL call shows the same cursors
/// though some should draw (NoRNG from before its oldest call), or `None`.
fn frozen_whole(side: &str, d: &Dump, seed: Option<u32>) -> Option<Report> {
    let crit: Vec<&TsEntry> = d.entries.iter().rev().filter(|e| e.critical).collect();
    if frozen_from(&crit) != Some(0) {
        return None;
    }
    let mut r = Report::new(Format::Ts);
    r.summary = std::format!(
        "not placed: no CRITICAL call in {side}'s ring draws (every entry shows cursors {}/{}): ts-patches' NoRNG, which stops every draw from frame 10{}",
        crit[0].mix1,
        crit[0].mix2,
        seed.map_or(String::new(), |s| std::format!(
            "; seed {}'s stream stands at a draw count of {} mod 250",
            s as i32,
            crit[0].mix1
        ))
    );
    Some(r)
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
