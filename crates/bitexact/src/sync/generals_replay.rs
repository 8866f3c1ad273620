//! The Generals checks (SPEC 12.3): a log replayed from its seed, or two
//! logs compared line by line; on the first mismatch, the shifts that
//! realign the next lines.

use super::generals::{marker, Item, Kind, Reader, LOOKAHEAD};
use super::{Divergence, Format, Report, SyncError};
use crate::generals::GameRandom;
use crate::json::Json;
use std::string::String;
use std::vec::Vec;

/// How many int lines of `items` a generator at `g` checks, and whether
/// all match (`None` on the first mismatch).
fn verify(mut g: GameRandom, items: &[Item]) -> Option<usize> {
    let mut ints = 0;
    for it in items {
        let d = g.next_u32();
        if let Kind::Int { value, lo, hi } = it.kind {
            if !int_matches(d, value, lo, hi) {
                return None;
            }
            ints += 1;
        }
    }
    Some(ints)
}

fn int_matches(draw: u32, value: i32, lo: i32, hi: i32) -> bool {
    let d = hi.wrapping_sub(lo).wrapping_add(1) as u32;
    d != 0 && ((draw % d) as i32).wrapping_add(lo) == value
}

/// The fewest int lines a realignment must check (or all that remain).
const MIN_VERIFY: usize = 8;

pub(super) fn replay(
    mut r: Reader<'_>,
    seed: Option<u32>,
    max_shift: u64,
    who: &str,
) -> Result<Report, SyncError> {
    let stream = r.stream;
    let mut report = Report::new(Format::Generals);
    let mut g = seed.map(GameRandom::new);
    let mut seeded_by = seed.map(|s| std::format!("seed {s:#010x}"));
    let (mut drawn, mut ints, mut reals, mut inits) = (0u64, 0u64, 0u64, 0u64);
    while let Some(it) = r.next()? {
        let (value, lo, hi) = match it.kind {
            Kind::Init(s) => {
                if let Some(given) = seed.filter(|&given| given != s) {
                    report.details.push(std::format!(
                        "line {}: InitRandom {s:08x} re-seeds the stream (the log's seed, not the {given:#010x} given)",
                        it.line
                    ));
                }
                g = Some(GameRandom::new(s));
                seeded_by = Some(std::format!("InitRandom {s:08x} (line {})", it.line));
                inits += 1;
                drawn = 0;
                continue;
            }
            Kind::Real => (0, 0, 0),
            Kind::Int { value, lo, hi } => (value, lo, hi),
        };
        let Some(gen) = g.as_mut() else {
            return Err(SyncError::at(
                it.line,
                r.recent.back().map_or("", |s| s.as_str()),
                "a random-value line before any InitRandom line, and no seed given",
            )
            .of(r.which));
        };
        let before = *gen;
        let d = gen.next_u32();
        drawn += 1;
        if it.kind == Kind::Real {
            reals += 1;
            continue;
        }
        ints += 1;
        if int_matches(d, value, lo, hi) {
            continue;
        }
        let dd = hi.wrapping_sub(lo).wrapping_add(1) as u32;
        let expected = if dd == 0 {
            "no line: a call with hi − lo + 1 = 0 draws nothing and logs nothing".into()
        } else {
            std::format!(
                "{} ({lo} - {hi}): draw {} since {} is {d:#010x}",
                ((d % dd) as i32).wrapping_add(lo),
                drawn,
                seeded_by.as_deref().unwrap_or("")
            )
        };
        let context: Vec<String> = r.recent.iter().cloned().collect();
        report.first_divergence = Some(Divergence {
            line: Some(it.line),
            frame: Some(it.frame),
            file: Some(it.file.clone()),
            source_line: Some(it.source_line),
            logged: it.describe(stream),
            expected,
            context,
            ..Divergence::default()
        });
        let mut rest = std::vec![it.clone()];
        rest.extend(r.ahead()?);
        // Every shift is tried; one that fits is reported only when it is
        // the only one (a short or low-entropy look-ahead fits several).
        let mut fits: Vec<(i64, usize)> = Vec::new();
        let shifts = (0..=max_shift as i64).flat_map(|k| {
            if k == 0 {
                std::vec![0]
            } else {
                std::vec![k, -k]
            }
        });
        for k in shifts {
            if k < 0 && (-k) as usize >= rest.len() {
                continue;
            }
            // k = 0: this line's draw was made, its value differs; k > 0: the
            // game made k draws first; k < 0: the log's next |k| lines are extra.
            let items = match k {
                0 => &rest[1..],
                k if k > 0 => &rest[..],
                k => &rest[(-k) as usize..],
            };
            let mut g0 = before;
            g0.discard(if k == 0 { 1 } else { k.max(0) as u64 });
            if let Some(n) = verify(g0, items) {
                let need = MIN_VERIFY.min(
                    items
                        .iter()
                        .filter(|i| matches!(i.kind, Kind::Int { .. }))
                        .count(),
                );
                if n >= need.max(1) {
                    fits.push((k, n));
                }
            }
        }
        match fits.as_slice() {
            [(k, n)] => {
                let k = *k;
                report.shift = Some(k);
                report.details.push(match k {
                    0 => std::format!("only this line differs: the {n} int lines after it (up to {LOOKAHEAD} lines read) match the replay, and no other shift of up to {max_shift} does"),
                    k if k > 0 => std::format!("{who} matches again from line {} if the game made {k} extra draw{} before it that the log does not show ({n} int lines checked; no other shift of up to {max_shift} fits)", it.line, if k == 1 { "" } else { "s" }),
                    k => std::format!("{who} matches again if the {} line{} from line {} are dropped: the log shows {} draw{} the replay does not make ({n} int lines checked; no other shift of up to {max_shift} fits)", -k, if k == -1 { "" } else { "s" }, it.line, -k, if k == -1 { "" } else { "s" }),
                });
            }
            [] => report.details.push(std::format!(
                "no shift of up to {max_shift} draws realigns the next {} lines",
                rest.len()
            )),
            many => {
                let list: Vec<String> = many.iter().map(|(k, _)| std::format!("{k:+}")).collect();
                report.details.push(std::format!(
                    "{} shifts fit the next {} lines equally ({}): too few or too narrow values after the divergence to tell which",
                    many.len(),
                    rest.len(),
                    list.join(", ")
                ));
                report.extra.push((
                    "shifts",
                    Json::from(many.iter().map(|f| f.0).collect::<Vec<i64>>()),
                ));
            }
        }
        report.checked = ints + reals;
        report.summary = std::format!(
            "divergence: {who}'s line {} (frame {}, {} line {}) is not the replay's draw",
            it.line,
            it.frame,
            it.file,
            it.source_line
        );
        report.extra.push(("stream", Json::from(stream.name())));
        return Ok(report);
    }
    if ints + reals == 0 {
        return Err(SyncError::whole(
            Some(r.which),
            std::format!(
                "no {} line and no InitRandom line: nothing to check",
                marker(stream)
            ),
        ));
    }
    report.consistent = true;
    report.checked = ints + reals;
    report.position = Some(0);
    report.summary = std::format!(
        "consistent: {who}'s {} {} lines replay exactly ({ints} int values checked, {reals} real lines counted but not checked: they do not carry their bounds){}",
        ints + reals,
        stream.name(),
        if inits > 1 { std::format!("; {inits} InitRandom re-seedings") } else { String::new() }
    );
    report.extra.push(("stream", Json::from(stream.name())));
    report.extra.push(("ints", Json::from(ints)));
    report.extra.push(("reals", Json::from(reals)));
    report.extra.push(("bytes", Json::from(r.lines.bytes())));
    Ok(report)
}

pub(super) fn compare<'r>(
    mut a: Reader<'r>,
    mut b: Reader<'r>,
    max_shift: u64,
) -> Result<Report, SyncError> {
    let stream = a.stream;
    let mut report = Report::new(Format::Generals);
    let mut n = 0u64;
    let mut last_frame = i64::MIN;
    loop {
        let (x, y) = (a.next()?, b.next()?);
        if x.is_none() && y.is_none() {
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
                "consistent: the two logs' {n} {} lines agree",
                stream.name()
            );
            return Ok(report);
        }
        match (&x, &y) {
            (Some(x), Some(y)) if x.same(y) => {
                n += 1;
                last_frame = x.frame;
                continue;
            }
            (Some(_), None) | (None, Some(_)) => {
                // One log ends first: the other's further lines in frames up
                // to the last both logged are draws the first did not make;
                // later frames only say that log runs on.
                let (first, side, r) = if y.is_some() {
                    (y.clone(), "B", &mut b)
                } else {
                    (x.clone(), "A", &mut a)
                };
                let first = first.unwrap_or_else(unreachable_item);
                if first.frame > last_frame {
                    report.consistent = true;
                    report.checked = n;
                    report.summary = std::format!(
                        "consistent: the two logs' {n} common {} lines agree; {side} runs on past frame {last_frame}, where the other log ends",
                        stream.name()
                    );
                    return Ok(report);
                }
                let mut extra = 1u64;
                while let Some(i) = r.next()? {
                    if i.frame > last_frame {
                        break;
                    }
                    extra += 1;
                }
                report.shift = Some(if side == "B" {
                    extra as i64
                } else {
                    -(extra as i64)
                });
                report.first_divergence = Some(Divergence {
                    line: Some(first.line),
                    frame: Some(first.frame),
                    file: Some(first.file.clone()),
                    source_line: Some(first.source_line),
                    logged: std::format!("{side} line {}: {}", first.line, first.describe(stream)),
                    expected: std::format!("no such line: the other log ends at frame {last_frame}, agreeing up to here"),
                    context: r.recent.iter().cloned().collect(),
                    ..Divergence::default()
                });
                report
                    .extra
                    .push(("extra_in", Json::from(if side == "B" { "b" } else { "a" })));
                report.checked = n;
                report.summary = std::format!(
                    "divergence: the logs agree on {n} {} lines, then {side} has {extra} more in frames up to {last_frame}, where the other log ends (line {} of {side})",
                    stream.name(),
                    first.line
                );
                return Ok(report);
            }
            _ => {}
        }
        let mut context: Vec<String> = a.recent.iter().map(|l| std::format!("A {l}")).collect();
        if let Some(l) = b.recent.back() {
            context.push(std::format!("B {l}"));
        }
        let d = |i: &Option<Item>| {
            i.as_ref().map_or("the end of the log".into(), |i| {
                std::format!("line {}: {}", i.line, i.describe(stream))
            })
        };
        let at = x
            .as_ref()
            .or(y.as_ref())
            .cloned()
            .unwrap_or_else(unreachable_item);
        report.first_divergence = Some(Divergence {
            line: x.as_ref().map(|i| i.line),
            frame: Some(at.frame),
            file: Some(at.file.clone()),
            source_line: Some(at.source_line),
            logged: std::format!("A {}", d(&x)),
            expected: std::format!("B {}", d(&y)),
            context,
            ..Divergence::default()
        });
        report
            .extra
            .push(("line_b", Json::from(y.as_ref().map(|i| i.line))));
        let mut ra: Vec<Item> = x.into_iter().collect();
        ra.extend(a.ahead()?);
        let mut rb: Vec<Item> = y.into_iter().collect();
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
        let found = match fits.as_slice() {
            [k] => Some(*k),
            _ => None,
        };
        if fits.len() > 1 {
            let list: Vec<String> = fits.iter().map(|k| std::format!("{k:+}")).collect();
            report.details.push(std::format!(
                "{} shifts realign the call sites equally ({}): not enough lines after the divergence to tell which",
                fits.len(),
                list.join(", ")
            ));
        }
        report.shift = found;
        report.details.push(match found {
            Some(0) => "only this line differs: the call sites after it agree".into(),
            Some(k) if k > 0 => std::format!(
                "B has {k} extra draw line{} from its line {}: skipping {} realigns the call sites after it (kind, bounds, frame, file, line)",
                if k == 1 { "" } else { "s" },
                rb[0].line,
                if k == 1 { "it" } else { "them" }
            ),
            Some(k) => std::format!(
                "A has {} extra draw line{} from its line {}: skipping {} realigns the call sites after it (kind, bounds, frame, file, line)",
                -k,
                if k == -1 { "" } else { "s" },
                ra[0].line,
                if k == -1 { "it" } else { "them" }
            ),
            None if fits.len() > 1 => "so no shift is named".into(),
            None => std::format!(
                "no shift of up to {max_shift} lines on either side realigns the next lines"
            ),
        });
        report.checked = n;
        report.summary = std::format!(
            "divergence: the logs agree on {n} {} lines, then part",
            stream.name()
        );
        return Ok(report);
    }
}

/// A placeholder for a side known to hold an item (never shown).
fn unreachable_item() -> Item {
    Item {
        line: 0,
        kind: Kind::Real,
        frame: 0,
        file: String::new(),
        source_line: 0,
    }
}
