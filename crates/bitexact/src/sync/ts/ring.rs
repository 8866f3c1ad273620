//! A dump's ring as Phobos' shape ([`phobos::Log`](crate::sync::phobos::Log),
//! SPEC 12.2): its CRITICAL calls oldest first, the calls it cannot check
//! left out and said so, and ts-patches' NoRNG freeze recognised.

use super::dump::{Dump, TsEntry, RING};
use super::info::TS;
use crate::sync::error::SyncError;
use crate::sync::phobos::{Entry, Log};
use crate::sync::report::Report;
use crate::westwood::{Pick, Random2};
use std::string::String;
use std::vec::Vec;

/// The dump's CRITICAL calls as a Phobos-shaped log, oldest first, each
/// with the cursors after it (the next newer call's before). Left out, each
/// said in the notes: the newest call (its draws are not known), the calls
/// after a NoRNG freeze ([`frozen_from`]) with `cut_frozen`, and, with `logger`, the newest
/// `logger` calls (Vinifera's own draws for its value lines).
pub(super) fn to_log(d: &Dump, logger: usize, placing: bool) -> Result<Log, SyncError> {
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
        format: &TS,
        cursors_before: !placing,
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

/// The report for a ring whose every CRITICAL call shows the same cursors
/// though some should draw (NoRNG from before its oldest call), or `None`.
pub(super) fn frozen_whole(side: &str, d: &Dump, seed: Option<u32>) -> Option<Report> {
    let crit: Vec<&TsEntry> = d.entries.iter().rev().filter(|e| e.critical).collect();
    if frozen_from(&crit) != Some(0) {
        return None;
    }
    let mut r = Report::new(&TS);
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
