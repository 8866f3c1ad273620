//! Tiberian Sun's sync dump read streaming (SPEC 12.2, 12.5): its first
//! `--- BEGIN RANDOM ---` section ([`TsEntry`], newest first, as written),
//! its `FPU State:` word, and Vinifera's value lines ([`Dump`]).

use super::values::LABELS;
use crate::sync::error::SyncError;
use crate::sync::lines::Lines;
use crate::sync::values::{self, Values};
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
        values::read_line(&LABELS, n, text, &mut dump.values)?;
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
