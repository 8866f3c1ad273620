//! Generals `crcDebug<machine>.txt` files: the `RandomSeed:` lines (SPEC
//! 12.3).
//!
//! Builds with `DEBUG_CRC` write each line as `"%d:%d "` (frame, index within
//! the frame) and the message with its newlines turned into spaces. The
//! message `"RandomSeed: %d\n"` (`GameLogic.cpp`) carries
//! `GetGameLogicRandomSeedCRC()` as a signed int: [`seed_crc`] of the six
//! logic words. Each such line is placed at the smallest draw count, not
//! below the previous line's, whose state has that CRC (within the bound);
//! two machines' files are compared frame by frame: first every
//! `FRAME:INDEX` line both hold (the other CRC lines: a differing one is
//! where the machines' logic parted), then the `RandomSeed:` lines' draw
//! counts. A 32-bit CRC can match
//! by chance (about one in 2^32 per state scanned): the report gives the
//! chance.

use super::info::GENERALS_CRC;
use crate::generals::GameRandom;
use crate::json::Json;
use crate::sync::error::{read_both, SyncError};
use crate::sync::lines::Lines;
use crate::sync::options::Options;
use crate::sync::report::{Divergence, Report, MAX_CHANCE};
use std::io::BufRead;
use std::string::String;
use std::vec::Vec;

/// `GetGameLogicRandomSeedCRC()`: `crc = 0`; for each of the 24 bytes of the
/// six words in array order, each word little-endian,
/// `crc = (crc << 1) + byte + (old crc >> 31)` (32-bit wrapping; the release
/// build's `shl`/`adc` loop and the debug build's `addCRC` compute the same).
pub fn seed_crc(state: &[u32; 6]) -> u32 {
    let mut crc = 0u32;
    for w in state {
        for byte in w.to_le_bytes() {
            crc = (crc << 1)
                .wrapping_add(u32::from(byte))
                .wrapping_add(crc >> 31);
        }
    }
    crc
}

/// One `RandomSeed:` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeedLine {
    /// The 1-based file line.
    pub line: u64,
    /// The frame (`%d` before the colon).
    pub frame: i64,
    /// The index within the frame.
    pub index: i64,
    /// The CRC, as the u32 the signed `%d` printed.
    pub crc: u32,
    /// The line as written.
    pub text: String,
}

/// Read the `RandomSeed:` lines of a crcDebug file. Other lines are skipped
/// unless they carry `RandomSeed:` without the `FRAME:INDEX ` prefix or a
/// number after it (an error with the line).
pub fn read(reader: &mut dyn BufRead) -> Result<Vec<SeedLine>, SyncError> {
    read_file(reader, false).map(|f| f.0)
}

/// One `FRAME:INDEX message` line of a crcDebug file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrcLine {
    /// The 1-based file line.
    pub line: u64,
    /// The frame and the index within it.
    pub key: (i64, i64),
    /// The line as written (its end trimmed).
    pub text: String,
}

/// The most `FRAME:INDEX` lines kept of one file for a comparison.
pub const MAX_LINES: usize = 1 << 24;

/// `FRAME:INDEX ` at the start of `text`, parsed.
fn prefix(text: &str) -> Option<(i64, i64)> {
    let (frame, rest) = text.trim_start().split_once(':')?;
    let (index, _) = rest.split_once(' ')?;
    Some((frame.trim().parse().ok()?, index.trim().parse().ok()?))
}

/// [`read`], and with `all` every `FRAME:INDEX` line too (to compare two
/// machines' files line for line).
fn read_file(
    reader: &mut dyn BufRead,
    all: bool,
) -> Result<(Vec<SeedLine>, Vec<CrcLine>), SyncError> {
    let mut lines = Lines::new(reader);
    let mut out = Vec::new();
    let mut every = Vec::new();
    while let Some((n, text)) = lines.next_line()? {
        if all {
            if let Some(key) = prefix(text) {
                if every.len() == MAX_LINES {
                    return Err(SyncError::at(
                        n,
                        text,
                        std::format!("more than {MAX_LINES} FRAME:INDEX lines to compare"),
                    ));
                }
                every.push(CrcLine {
                    line: n,
                    key,
                    text: text.trim_end().into(),
                });
            }
        }
        let Some(at) = text.find("RandomSeed: ") else {
            continue;
        };
        let bad = |what: &str| {
            SyncError::at(
                n,
                text,
                std::format!("not a crcDebug RandomSeed line ({what})"),
            )
        };
        let head = text.trim_start();
        let (frame, rest) = head
            .split_once(':')
            .ok_or_else(|| bad("no 'FRAME:INDEX ' prefix"))?;
        let (index, _) = rest
            .split_once(' ')
            .ok_or_else(|| bad("no 'FRAME:INDEX ' prefix"))?;
        let frame: i64 = frame
            .trim()
            .parse()
            .map_err(|_| bad("the frame is not a number"))?;
        let index: i64 = index
            .trim()
            .parse()
            .map_err(|_| bad("the index is not a number"))?;
        let value = text[at + "RandomSeed: ".len()..]
            .split_whitespace()
            .next()
            .unwrap_or("");
        let crc = value
            .parse::<i64>()
            .ok()
            .filter(|v| (i64::from(i32::MIN)..=i64::from(u32::MAX)).contains(v))
            .ok_or_else(|| bad("the CRC is not a 32-bit integer"))?;
        out.push(SeedLine {
            line: n,
            frame,
            index,
            crc: crc as u32,
            text: text.trim_end().into(),
        });
    }
    if out.is_empty() {
        return Err(SyncError::whole(
            None,
            "no 'RandomSeed:' line (not a crcDebug file?)",
        ));
    }
    Ok((out, every))
}

/// The first `FRAME:INDEX` line both files hold whose text differs, in A's
/// order, as (A's line, B's line).
fn first_other_difference<'l>(
    a: &'l [CrcLine],
    b: &'l [CrcLine],
) -> Option<(&'l CrcLine, &'l CrcLine)> {
    let mut at: std::collections::HashMap<(i64, i64), &CrcLine> = std::collections::HashMap::new();
    for l in b {
        at.entry(l.key).or_insert(l);
    }
    a.iter()
        .find_map(|x| at.get(&x.key).filter(|y| y.text != x.text).map(|&y| (x, y)))
}

/// Each line's draw count, in order, from `seed` within `max` draws; stops
/// at the first line not found (its index).
fn place(
    seed: u32,
    lines: &[SeedLine],
    max: u64,
    options: &Options,
) -> Result<(Vec<u64>, Option<usize>), SyncError> {
    let mut g = GameRandom::new(seed);
    let mut drawn = 0u64;
    let mut out = Vec::with_capacity(lines.len());
    for (i, l) in lines.iter().enumerate() {
        loop {
            if seed_crc(&g.state()) == l.crc {
                out.push(drawn);
                break;
            }
            if drawn >= max {
                return Ok((out, Some(i)));
            }
            options.stop_at(drawn)?;
            g.next_u32();
            drawn += 1;
        }
    }
    Ok((out, None))
}

pub(super) fn check(
    a: &mut dyn BufRead,
    b: Option<&mut dyn BufRead>,
    options: &Options,
) -> Result<Report, SyncError> {
    let seed = options.seed_u32()?;
    let max = options.max_draws(&GENERALS_CRC)?;
    let two = b.is_some();
    let (fa, fb) = read_both(a, b, |r| read_file(r, two))?;
    let mut report = Report::new(&GENERALS_CRC);
    // Two machines: every line both files hold is compared first; a
    // differing RandomSeed line is left to the checks below, which count
    // its draws.
    let first = fb
        .as_ref()
        .and_then(|fb| first_other_difference(&fa.1, &fb.1));
    if let Some((x, y)) = first {
        if !x.text.contains("RandomSeed: ") || !y.text.contains("RandomSeed: ") {
            report.summary = std::format!(
                "divergence: the machines' files first differ at frame {}, index {} (A line {}, B line {})",
                x.key.0,
                x.key.1,
                x.line,
                y.line
            );
            report.first_divergence = Some(Divergence {
                line: Some(x.line),
                frame: Some(x.key.0),
                logged: std::format!("A: {}", x.text),
                expected: std::format!("B line {}: {}", y.line, y.text),
                context: std::vec![x.text.clone(), y.text.clone()],
                ..Divergence::default()
            });
            return Ok(report);
        }
    }
    if let (Some(fb), None) = (&fb, first) {
        let keys: std::collections::HashSet<(i64, i64)> = fb.1.iter().map(|l| l.key).collect();
        let both = fa.1.iter().filter(|l| keys.contains(&l.key)).count();
        report.details.push(std::format!(
            "the {both} FRAME:INDEX lines both files hold are the same as written"
        ));
    }
    let (la, lb) = (fa.0, fb.map(|f| f.0));
    let Some(seed) = seed else {
        return match lb {
            Some(lb) => Ok(compare_values(report, &la, &lb)),
            None => Err(SyncError::whole(
                None,
                "generals-crc: give the match seed (or a second machine's file to compare)",
            )),
        };
    };
    report.extra.push(("seed", Json::from(seed)));
    report.extra.push(("max_draws", Json::from(max)));
    let (pa, missing) = place(seed, &la, max, options)?;
    if let Some(i) = missing {
        let l = &la[i];
        report.summary = std::format!(
            "divergence: line {} (frame {}): no logic state of seed {seed} from draw {} to draw {max} has CRC {}",
            l.line,
            l.frame,
            pa.last().copied().unwrap_or(0),
            l.crc as i32
        );
        report.first_divergence = Some(Divergence {
            line: Some(l.line),
            frame: Some(l.frame),
            logged: l.text.clone(),
            expected: std::format!(
                "a state reached from draw {} within {max} draws",
                pa.last().copied().unwrap_or(0)
            ),
            context: la[i.saturating_sub(3)..=i]
                .iter()
                .map(|l| l.text.clone())
                .collect(),
            ..Divergence::default()
        });
        report.checked = i as u64;
        return Ok(report);
    }
    let last = pa.last().copied().unwrap_or(0);
    // The chance that forged CRCs land so: the first anywhere within the
    // bound searched, each later one within its gap after the one before
    // (the same state again, a frame without draws, tells nothing new).
    let mut chance = (max as f64 + 1.0) / 4_294_967_296.0;
    for (w, c) in pa.windows(2).zip(la.windows(2)) {
        if w[1] != w[0] || c[1].crc != c[0].crc {
            chance *= (w[1] - w[0]) as f64 / 4_294_967_296.0 + 1.0 / 4_294_967_296.0;
        }
    }
    let chance = chance.min(1.0);
    report.extra.push(("chance", Json::from(chance)));
    if chance > MAX_CHANCE {
        report.summary = std::format!(
            "not sure: the RandomSeed lines are logic states of seed {seed} (the first at draw {}), but forged CRCs land so within {max} draws with chance {chance:.1e}: more lines, or a smaller draw bound, settle it",
            pa[0]
        );
        report.checked = la.len() as u64;
        return Ok(report);
    }
    let frames = |lines: &[SeedLine], pos: &[u64]| -> Json {
        Json::Array(
            lines
                .iter()
                .zip(pos)
                .map(|(l, d)| {
                    let mut o = Json::object();
                    o.set("line", l.line);
                    o.set("frame", l.frame);
                    o.set("draws", *d);
                    o
                })
                .collect(),
        )
    };
    report.extra.push(("frames", frames(&la, &pa)));
    report.position = pa.first().copied();
    report.checked = la.len() as u64;
    let Some(lb) = lb else {
        report.consistent = true;
        report.summary = std::format!(
            "consistent: all {} RandomSeed lines are logic states of seed {seed} (draws {}..{last}; forged CRCs would land so with chance {chance:.1e})",
            la.len(),
            pa[0]
        );
        let mut prev = pa[0];
        for (l, d) in la.iter().zip(&pa).take(20) {
            report.details.push(std::format!(
                "frame {}: at draw {d} (+{} since the line before)",
                l.frame,
                d - prev
            ));
            prev = *d;
        }
        if la.len() > 20 {
            report.details.push(std::format!(
                "… {} more frames (see the JSON report)",
                la.len() - 20
            ));
        }
        return Ok(report);
    };
    let (pb, missing) = place(seed, &lb, max, options)?;
    report.extra.push(("frames_b", frames(&lb, &pb)));
    // Frame by frame: crcDebug keeps the last lines only, so two machines'
    // files can start at different frames.
    let common = pairs(&la, &lb);
    if common.is_empty() {
        report.summary = "not aligned: the two files share no FRAME:INDEX RandomSeed line".into();
        return Ok(report);
    }
    for &(i, j) in &common {
        let (x, y) = (&la[i], &lb[j]);
        let (dx, dy) = (pa[i], pb.get(j).copied());
        if Some(dx) != dy {
            report.summary = std::format!(
                "divergence: at frame {} the logic streams part: A had made {dx} draws, B {}",
                x.frame,
                dy.map_or_else(
                    || std::format!("a state not reached within {max} draws"),
                    |d| std::format!("{d}")
                )
            );
            if let Some(d) = dy {
                report.shift = Some(d as i64 - dx as i64);
            }
            report.first_divergence = Some(Divergence {
                line: Some(x.line),
                frame: Some(x.frame),
                logged: std::format!("A: {} ({dx} draws)", x.text),
                expected: std::format!("B line {}: {}", y.line, y.text),
                context: std::vec![x.text.clone(), y.text.clone()],
                ..Divergence::default()
            });
            return Ok(report);
        }
    }
    if let Some(i) = missing {
        // B's lines past A's end are placed too: one no state has is B's
        // divergence from the seed.
        let l = &lb[i];
        report.summary = std::format!(
            "divergence: B's line {} (frame {}): no logic state of seed {seed} from draw {} to draw {max} has CRC {}",
            l.line,
            l.frame,
            pb.last().copied().unwrap_or(0),
            l.crc as i32
        );
        report.extra.push(("divergence_in", Json::from("b")));
        report.first_divergence = Some(Divergence {
            line: Some(l.line),
            frame: Some(l.frame),
            logged: std::format!("B: {}", l.text),
            expected: std::format!(
                "a state reached from draw {} within {max} draws",
                pb.last().copied().unwrap_or(0)
            ),
            context: lb[i.saturating_sub(3)..=i]
                .iter()
                .map(|l| l.text.clone())
                .collect(),
            ..Divergence::default()
        });
        return Ok(report);
    }
    if common.len() != la.len() || common.len() != lb.len() {
        report.details.push(std::format!(
            "the files hold {} and {} RandomSeed lines, {} of them at common frames; every line is a state of the seed",
            la.len(),
            lb.len(),
            common.len()
        ));
    }
    report.consistent = true;
    report.summary = std::format!(
        "consistent: both machines' {} common frames have the same logic draw counts (seed {seed})",
        common.len()
    );
    Ok(report)
}

/// The lines both files hold (same frame and index within it), as index
/// pairs in A's order.
fn pairs(la: &[SeedLine], lb: &[SeedLine]) -> Vec<(usize, usize)> {
    let mut at: std::collections::HashMap<(i64, i64), usize> = std::collections::HashMap::new();
    for (j, l) in lb.iter().enumerate() {
        at.entry((l.frame, l.index)).or_insert(j);
    }
    la.iter()
        .enumerate()
        .filter_map(|(i, l)| at.get(&(l.frame, l.index)).map(|&j| (i, j)))
        .collect()
}

fn compare_values(mut report: Report, la: &[SeedLine], lb: &[SeedLine]) -> Report {
    let common = pairs(la, lb);
    if common.is_empty() {
        report.summary = "not aligned: the two files share no FRAME:INDEX RandomSeed line".into();
        return report;
    }
    for (k, &(i, j)) in common.iter().enumerate() {
        let (x, y) = (&la[i], &lb[j]);
        if x.crc != y.crc {
            report.summary = std::format!(
                "divergence: frame {}: A's logic-state CRC is {}, B's {} (give the seed to count the draws)",
                x.frame,
                x.crc as i32,
                y.crc as i32
            );
            report.first_divergence = Some(Divergence {
                line: Some(x.line),
                frame: Some(x.frame),
                logged: std::format!("A: {}", x.text),
                expected: std::format!("B line {}: {}", y.line, y.text),
                context: std::vec![x.text.clone(), y.text.clone()],
                ..Divergence::default()
            });
            report.checked = k as u64;
            return report;
        }
    }
    report.consistent = true;
    report.checked = common.len() as u64;
    report.summary = std::format!(
        "consistent: the {} RandomSeed lines at common frames agree",
        report.checked
    );
    report
}
