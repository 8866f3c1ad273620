//! Phobos' JSON desync dumps (SPEC 12.5; the unmerged PR #1253,
//! `src/Misc/DesyncLogging.cpp`): `SYNC%01d.json` / `SYNC%01d_%03d.json`,
//! nlohmann's 4-space indent with sorted keys, holding the scenario
//! stream's whole `Random2Class` state —
//! `"Randomizer": {"Next1", "Next2", "Table": [250 unsigned], "unknown_00"}`
//! — and `"Network": {"CurrentFrame", "LatestFramesCRC": [256], …}`.
//!
//! Against a seed, the state is identified: the number of draws that seed's
//! stream had made (searched up to the draw bound). Two players' dumps:
//! how many draws one stream is ahead of the other (searched both ways up
//! to the bound), and the first frame whose `LatestFramesCRC` differ.
//!
//! Only the values needed are read, each by its key (`"Next1"`, …), from
//! the dump's text; the rest of the document is not parsed.

use super::info::PHOBOS;
use crate::json::Json;
use crate::sync::error::{SyncError, Which};
use crate::sync::report::{Divergence, Report};
use crate::westwood::Random2;
use std::io::{BufRead, Read};
use std::string::String;
use std::vec::Vec;

/// The largest dump read (a real one is tens of KB).
pub const MAX_BYTES: usize = 64 << 20;

/// What a dump holds.
#[derive(Clone)]
pub struct Dump {
    /// The scenario stream's state.
    pub state: Random2,
    /// `Network.CurrentFrame`.
    pub frame: Option<u64>,
    /// `Network.LatestFramesCRC`, [`CRCS`] of them (`None`: the dump has
    /// none).
    pub crcs: Option<Vec<u64>>,
}

/// The CRCs `Network.LatestFramesCRC` holds (`EventClass::LatestFramesCRC`).
pub const CRCS: usize = 256;

/// The value after `"key":` in `text`, as written (a number, `true`, …, or
/// an array up to its `]`).
fn value<'t>(text: &'t str, key: &str) -> Option<&'t str> {
    let at = text.find(&std::format!("\"{key}\""))?;
    let rest = text[at + key.len() + 2..]
        .trim_start()
        .strip_prefix(':')?
        .trim_start();
    let end = if rest.starts_with('[') {
        rest.find(']')? + 1
    } else {
        rest.find([',', '}', '\n']).unwrap_or(rest.len())
    };
    Some(rest[..end].trim())
}

fn numbers(array: &str) -> Option<Vec<u64>> {
    let inner = array.strip_prefix('[')?.strip_suffix(']')?;
    if inner.trim().is_empty() {
        return Some(Vec::new());
    }
    inner.split(',').map(|n| n.trim().parse().ok()).collect()
}

/// The text of the object (`{…}`) that is the value of the top-level key
/// `key` — not a key of the same name nested deeper. Strings are skipped
/// whole (an escaped quote included), so a brace or key inside one does
/// not count.
fn top_level<'t>(text: &'t str, key: &str) -> Option<&'t str> {
    let bytes = text.as_bytes();
    let (mut depth, mut i) = (0usize, 0usize);
    let mut start = None;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                let from = i + 1;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                let name = text.get(from..i.min(bytes.len()))?;
                let after = text.get(i + 1..).unwrap_or("").trim_start();
                if start.is_none() && depth == 1 && name == key && after.starts_with(':') {
                    let v = after[1..].trim_start();
                    if !v.starts_with('{') {
                        return None;
                    }
                    start = Some(text.len() - v.len());
                    i = text.len() - v.len();
                    continue;
                }
            }
            b'{' | b'[' => depth += 1,
            b'}' | b']' => {
                depth = depth.checked_sub(1)?;
                if let (Some(s), 1) = (start, depth) {
                    return text.get(s..=i);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// Whether a log's first bytes are a JSON document (a `{`).
pub fn is_json(reader: &mut dyn BufRead) -> Result<bool, SyncError> {
    let head = reader
        .fill_buf()
        .map_err(|e| SyncError::whole(None, std::format!("cannot be read: {e}")))?;
    let head = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
    Ok(head.iter().find(|c| !c.is_ascii_whitespace()) == Some(&b'{'))
}

/// Read a dump. Errors: too large, no top-level `Randomizer` with `Next1`,
/// `Next2` and 250 table words, cursors out of range, an `unknown_00` that
/// is not a flag, a `LatestFramesCRC` that is not [`CRCS`] 32-bit words.
pub fn read(reader: &mut dyn BufRead) -> Result<Dump, SyncError> {
    let mut bytes = Vec::new();
    reader
        .take(MAX_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| SyncError::whole(None, std::format!("cannot be read: {e}")))?;
    if bytes.len() > MAX_BYTES {
        return Err(SyncError::whole(
            None,
            std::format!("is over {MAX_BYTES} bytes: not a Phobos JSON dump"),
        ));
    }
    let text = String::from_utf8_lossy(&bytes);
    let bad = |what: &str| {
        SyncError::whole(
            None,
            std::format!("not a Phobos JSON dump with the scenario stream's state: {what}"),
        )
    };
    let r =
        top_level(&text, "Randomizer").ok_or_else(|| bad("no top-level \"Randomizer\" object"))?;
    let cursor = |k: &str| -> Result<usize, SyncError> {
        value(r, k)
            .and_then(|v| v.parse::<usize>().ok())
            .filter(|&c| c < 250)
            .ok_or_else(|| bad(&std::format!("\"{k}\" is not a cursor 0..250")))
    };
    let (n1, n2) = (cursor("Next1")?, cursor("Next2")?);
    let table = value(r, "Table")
        .and_then(numbers)
        .filter(|t| t.len() == 250 && t.iter().all(|&w| w <= u64::from(u32::MAX)))
        .ok_or_else(|| bad("\"Table\" is not 250 unsigned 32-bit words"))?;
    let mut words = [0i32; 250];
    for (w, &t) in words.iter_mut().zip(&table) {
        *w = t as u32 as i32;
    }
    let mut state = Random2::from_parts(words, n1, n2).map_err(|e| bad(&std::format!("{e}")))?;
    // Byte 0 of Red Alert 2's Random2Class: set, a draw returns 0 and
    // changes nothing (SPEC 4).
    match value(r, "unknown_00") {
        None | Some("false" | "0") => {}
        Some("true" | "1") => state.set_disabled(true),
        Some(v) => return Err(bad(&std::format!("\"unknown_00\" is {v}, not a flag"))),
    }
    let net = top_level(&text, "Network");
    let crcs = match net.and_then(|n| value(n, "LatestFramesCRC")) {
        None => None,
        Some(v) => Some(
            numbers(v)
                .filter(|c| c.len() == CRCS && c.iter().all(|&w| w <= u64::from(u32::MAX)))
                .ok_or_else(|| {
                    bad(&std::format!(
                        "\"LatestFramesCRC\" is not {CRCS} unsigned 32-bit CRCs"
                    ))
                })?,
        ),
    };
    Ok(Dump {
        state,
        frame: net
            .and_then(|n| value(n, "CurrentFrame"))
            .and_then(|v| v.parse().ok()),
        crcs,
    })
}

impl core::fmt::Debug for Dump {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Dump")
            .field("next1", &self.state.index1())
            .field("next2", &self.state.index2())
            .field("frame", &self.frame)
            .field("crcs", &self.crcs.as_ref().map(Vec::len))
            .finish()
    }
}

/// How many draws `to` is ahead of `from` (negative: behind), within
/// `max` draws either way.
fn ahead(from: &Random2, to: &Random2, max: u64) -> Option<i64> {
    let cursors = |g: &Random2| (g.index1(), g.index2());
    for (x, y, sign) in [(from, to, 1i64), (to, from, -1)] {
        let mut g = x.clone();
        for d in 0..=max {
            // The table repeats its cursors every 250 draws: compared only then.
            if cursors(&g) == cursors(y) && g.table() == y.table() {
                return Some(sign * d as i64);
            }
            g.raw();
        }
    }
    None
}

/// `side`'s dump's cursors as a divergence shows them: `A: Randomizer
/// Next1 … Next2 …`.
fn cursors(side: &str, d: &Dump) -> String {
    std::format!(
        "{side}: Randomizer Next1 {} Next2 {}",
        d.state.index1(),
        d.state.index2()
    )
}

/// One dump against `seed` (identified within `max` draws), or two dumps
/// compared.
pub(super) fn check(
    a: &Dump,
    b: Option<&Dump>,
    seed: Option<u32>,
    max: u64,
) -> Result<Report, SyncError> {
    let mut report = Report::new(&PHOBOS);
    report.extra.push(("json", Json::from(true)));
    for (side, d) in core::iter::once(("A", a)).chain(b.map(|d| ("B", d))) {
        if d.state.disabled()
            && (seed.is_some() || !b.is_some_and(|b| b.state.disabled() && a.state.disabled()))
        {
            report.summary = std::format!(
                "divergence: {side}'s scenario stream has its disabled flag set (unknown_00: true): while it is set every draw returns 0 and changes nothing; {}",
                if seed.is_some() { "a seeded scenario stream has it clear" } else { "the other's has it clear" }
            );
            report.first_divergence = Some(Divergence {
                logged: std::format!("{side}: Randomizer unknown_00 true"),
                expected: "unknown_00 false".into(),
                ..Divergence::default()
            });
            return Ok(report);
        }
    }
    if let Some(seed) = seed {
        for (side, d) in core::iter::once(("A", a)).chain(b.map(|d| ("B", d))) {
            let found =
                crate::westwood::identify(&d.state, u64::from(seed)..u64::from(seed) + 1, max);
            match found {
                Ok(id) => {
                    report.details.push(std::format!(
                        "{side}: the scenario stream's state is seed {} after {} draws{}",
                        seed as i32,
                        id.words_drawn,
                        d.frame
                            .map_or(String::new(), |f| std::format!(" (frame {f})"))
                    ));
                    if side == "A" {
                        report.position = Some(id.words_drawn);
                    }
                }
                Err(_) => {
                    report.summary = std::format!(
                        "divergence: {side}'s scenario stream state is not seed {}'s within {max} draws",
                        seed as i32
                    );
                    report.first_divergence = Some(Divergence {
                        logged: cursors(side, d),
                        expected: std::format!(
                            "a state of seed {} within {max} draws",
                            seed as i32
                        ),
                        ..Divergence::default()
                    });
                    return Ok(report);
                }
            }
        }
        if b.is_none() {
            report.consistent = true;
            report.summary = std::format!(
                "consistent: the dump's scenario stream is seed {} after {} draws (its whole state replayed)",
                seed as i32,
                report.position.unwrap_or(0)
            );
            report.checked = 1;
            return Ok(report);
        }
    }
    let Some(b) = b else {
        return Err(SyncError::whole(
            Some(Which::A),
            "a Phobos JSON dump is checked against a seed ({seed}: which seed's stream it is, and how far) or a second player's dump: give one",
        ));
    };
    report.checked = 2;
    let d = ahead(&a.state, &b.state, max);
    let (ca, cb) = (
        a.crcs.as_deref().unwrap_or(&[]),
        b.crcs.as_deref().unwrap_or(&[]),
    );
    let crc = ca.iter().zip(cb).position(|(x, y)| x != y);
    match (d, crc) {
        (Some(0), None) => {
            report.consistent = true;
            let crcs = match (&a.crcs, &b.crcs) {
                (Some(_), Some(_)) => std::format!("the {CRCS} LatestFramesCRC agree"),
                (None, None) => "neither dump has a LatestFramesCRC: no CRC was compared".into(),
                (None, _) => "A's dump has no LatestFramesCRC: no CRC was compared".into(),
                (_, None) => "B's dump has no LatestFramesCRC: no CRC was compared".into(),
            };
            report.summary = std::format!(
                "consistent: the two scenario streams are in the same state{}; {crcs}",
                a.frame
                    .map_or(String::new(), |f| std::format!(" at frame {f}"))
            );
        }
        _ => {
            let mut parts = Vec::new();
            match d {
                Some(0) => {}
                Some(k) => {
                    let (side, k) = if k > 0 { ("B", k) } else { ("A", -k) };
                    parts.push(std::format!(
                        "{side}'s scenario stream is {k} draw{} ahead of the other's",
                        if k == 1 { "" } else { "s" }
                    ));
                    report.shift = d;
                }
                None => parts.push(std::format!(
                    "the scenario streams differ and neither is within {max} draws of the other (another seed, or a re-seeded stream)"
                )),
            }
            if let Some(i) = crc {
                parts.push(std::format!(
                    "LatestFramesCRC first differ at slot {i} ({} vs {})",
                    ca[i],
                    cb[i]
                ));
                report.extra.push(("crc_slot", Json::from(i)));
            }
            report.summary = std::format!("divergence: {}", parts.join("; "));
            report.first_divergence = Some(Divergence {
                frame: a.frame.map(|f| f as i64),
                logged: cursors("A", a),
                expected: cursors("B", b),
                ..Divergence::default()
            });
        }
    }
    Ok(report)
}
