//! Raw scenario-stream draws logged as values (SPEC 12.2), shared by the
//! two writers that log them: Vinifera (`ts::values`) and Ares (`ares`).
//! Each writer says which of its lines are values ([`Labels`]); the
//! reading and the search are here.
//!
//! Each value's draw position in `Random2Class(seed)` is searched up to the
//! bound, the whole bound every time, so a value that also occurs elsewhere
//! is said so. That Vinifera's two values are adjacent draws is inferred,
//! not seen: the positions are reported, adjacency is not required. The log
//! is placed by its first value: when that value occurs more than once within
//! the bound the log is "not placed" (ambiguous, never consistent); a later
//! value found more than once is listed with its occurrences. A 32-bit
//! value is found within `n` draws of an unrelated stream with chance about
//! `n / 2^32`; the report says it.

use super::error::{SyncError, Which};
use super::format::Info;
use super::lines::Lines;
use super::options::Options;
use super::report::{Divergence, Report, MAX_CHANCE};
use crate::json::Json;
use crate::westwood::Random2;
use std::io::BufRead;
use std::string::String;
use std::vec::Vec;

/// One logged value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Value {
    /// The 1-based line.
    pub line: u64,
    /// The line's label (`Scenario random`, `Random Number`, `My Random Number`).
    pub label: &'static str,
    /// The raw draw, as the generator's signed word.
    pub value: i32,
    /// The line as written.
    pub text: String,
}

/// One labelled line: `PREFIX number`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Label {
    /// What the line starts with (`Scenario random:`).
    pub prefix: &'static str,
    /// Its name in the report (`Scenario random`).
    pub label: &'static str,
    /// Whether the number is hex (`%x`, `%08X`) rather than a signed `%d`.
    pub hex: bool,
}

/// Which lines of one writer's log the values are, and what else it logs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Labels {
    /// The format its reports are of.
    pub format: &'static Info,
    /// The value lines, each a raw draw.
    pub values: &'static [Label],
    /// The line holding the match seed (Vinifera's `Random seed:`).
    pub seed: Option<Label>,
    /// The line holding the frame (Ares' `My Frame:`).
    pub frame: Option<Label>,
    /// What a log with no value line lacks, for its error.
    pub wanted: &'static str,
}

/// What one log holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Values {
    /// The values, in file order.
    pub values: Vec<Value>,
    /// Vinifera's `Random seed:`.
    pub seed: Option<i64>,
    /// Ares' `My Frame:`.
    pub frame: Option<i64>,
}

fn number(text: &str, n: u64, hex: bool, what: &str) -> Result<i64, SyncError> {
    let t = text.trim();
    let v = if hex {
        u32::from_str_radix(t, 16).ok().map(i64::from)
    } else {
        t.parse::<i32>().ok().map(i64::from)
    };
    v.ok_or_else(|| {
        SyncError::at(
            n,
            text,
            std::format!(
                "{what} '{t}' is not a 32-bit {}",
                if hex { "hex number" } else { "integer" }
            ),
        )
    })
}

/// Read a log of `labels`' lines. Errors: a labelled line whose number
/// does not parse, no value at all.
pub fn read(labels: &Labels, reader: &mut dyn BufRead) -> Result<Values, SyncError> {
    let mut lines = Lines::new(reader);
    let mut out = Values::default();
    while let Some((n, text)) = lines.next_line()? {
        read_line(labels, n, text, &mut out)?;
    }
    if out.values.is_empty() {
        return Err(no_values(labels));
    }
    Ok(out)
}

/// One line, into `out` when it is one of `labels`' lines. Errors: a
/// labelled line whose number does not parse.
pub(crate) fn read_line(
    labels: &Labels,
    n: u64,
    text: &str,
    out: &mut Values,
) -> Result<(), SyncError> {
    let t = text.trim();
    let parse = |l: &Label| -> Option<Result<i64, SyncError>> {
        let rest = t.strip_prefix(l.prefix)?;
        Some(number(rest, n, l.hex, l.label))
    };
    for l in labels.values {
        if let Some(v) = parse(l) {
            out.values.push(Value {
                line: n,
                label: l.label,
                value: v? as i32,
                text: t.into(),
            });
        }
    }
    if let Some(v) = labels.seed.as_ref().and_then(parse) {
        out.seed = Some(v?);
    }
    if let Some(v) = labels.frame.as_ref().and_then(parse) {
        out.frame = Some(v?);
    }
    Ok(())
}

/// The error for a log with no value line.
pub(crate) fn no_values(labels: &Labels) -> SyncError {
    SyncError::whole(
        None,
        std::format!(
            "no {} line (not a {} log?)",
            labels.wanted,
            labels.format.name
        ),
    )
}

/// The draw numbers (1-based) at which each value occurs in seed `seed`'s
/// stream within `max` draws: at most 4 kept per value, with the count.
fn positions(
    seed: u32,
    values: &[i32],
    max: u64,
    options: &Options,
) -> Result<Vec<(Vec<u64>, u64)>, SyncError> {
    let mut out: Vec<(Vec<u64>, u64)> = std::vec![(Vec::new(), 0); values.len()];
    let mut g = Random2::new(seed);
    for d in 1..=max {
        options.stop_at(d)?;
        let w = g.raw();
        for (k, v) in values.iter().enumerate() {
            if w == *v {
                out[k].1 += 1;
                if out[k].0.len() < 64 {
                    out[k].0.push(d);
                }
            }
        }
    }
    Ok(out)
}

struct Placed {
    found: Vec<(Vec<u64>, u64)>,
    log: Values,
    seed: u32,
}

fn place(
    format: &Info,
    log: Values,
    seed: Option<u32>,
    max: u64,
    which: Which,
    options: &Options,
) -> Result<Placed, SyncError> {
    let seed = match (seed, log.seed) {
        (Some(s), _) => s,
        (None, Some(s)) => s as u32,
        (None, None) => {
            return Err(SyncError::whole(
                Some(which),
                std::format!(
                    "{}: no seed (the log has no 'Random seed:' line): give the match seed",
                    format.name
                ),
            ))
        }
    };
    let vals: Vec<i32> = log.values.iter().map(|v| v.value).collect();
    Ok(Placed {
        found: positions(seed, &vals, max, options)?,
        log,
        seed,
    })
}

/// Logs already read, checked against the seed (`options.seed`, else each
/// log's own): each value's draws in the seed's stream within the bound,
/// the log placed by its first value; with two logs, how many draws B is
/// ahead of A. The report is of `format`, with its bounds.
pub(crate) fn check(
    format: &'static Info,
    la: Values,
    lb: Option<Values>,
    options: &Options,
) -> Result<Report, SyncError> {
    let seed = options.seed_u32()?;
    let max = options.max_draws(format)?;
    let mut report = Report::new(format);
    // The seed given wins over a log's own `Random seed:` line, said so
    // when they differ; without one each log uses its own (B: A's when it
    // has none).
    for (side, l) in core::iter::once(("A", &la)).chain(lb.iter().map(|l| ("B", l))) {
        if let (Some(given), Some(own)) = (seed, l.seed) {
            if given != own as u32 {
                report.details.push(std::format!(
                    "{side}'s 'Random seed: {own}' is not the seed given ({}): the seed given is used",
                    given as i32
                ));
            }
        }
    }
    let pa = place(format, la, seed, max, Which::A, options)?;
    let pb = match lb {
        Some(lb) => {
            let own = seed.or(lb.seed.map(|s| s as u32)).or(Some(pa.seed));
            Some(place(format, lb, own, max, Which::B, options)?)
        }
        None => None,
    };
    if let Some(b) = &pb {
        if b.seed != pa.seed {
            report.summary = std::format!(
                "divergence: the logs are of different matches: A's seed is {}, B's {}",
                pa.seed as i32,
                b.seed as i32
            );
            report.first_divergence = Some(Divergence {
                line: None,
                logged: std::format!("A: Random seed: {}", pa.seed as i32),
                expected: std::format!("B: Random seed: {}", b.seed as i32),
                ..Divergence::default()
            });
            return Ok(report);
        }
    }
    let chance = max as f64 / 4_294_967_296.0;
    report.extra.push(("seed", Json::from(pa.seed)));
    report.extra.push(("max_draws", Json::from(max)));
    report.extra.push(("chance_per_value", Json::from(chance)));
    let mut all = Vec::new();
    let mut missing: Option<(char, usize)> = None;
    let mut several = 0u64;
    for (side, p) in core::iter::once(('A', &pa)).chain(pb.iter().map(|p| ('B', p))) {
        for (k, (v, (pos, count))) in p.log.values.iter().zip(&p.found).enumerate() {
            let mut o = Json::object();
            o.set("log", std::format!("{side}"));
            o.set("line", v.line);
            o.set("label", v.label);
            o.set("value", v.value);
            o.set("draws", pos.clone());
            o.set("occurrences", *count);
            all.push(o);
            let at = match pos.first() {
                None => {
                    missing.get_or_insert((side, k));
                    std::format!("not within the first {max} draws")
                }
                Some(d) => {
                    // The log is placed by its first value; a later value
                    // found twice is listed, not a doubt about the place.
                    if *count > 1 && k == 0 {
                        several = several.max(*count);
                    }
                    let also = if *count > 1 {
                        std::format!(
                            " (it also occurs at draw {}; {count} times within the bound)",
                            pos[1]
                        )
                    } else {
                        String::new()
                    };
                    std::format!(
                        "draw #{d}: the scenario stream had made {} draws before it{also}",
                        d - 1
                    )
                }
            };
            let who = if pb.is_some() {
                std::format!("{side} ")
            } else {
                String::new()
            };
            report.details.push(std::format!(
                "{who}line {} {} {}: {at}",
                v.line,
                v.label,
                v.value
            ));
            report.checked += 1;
        }
    }
    report.extra.push(("values", Json::Array(all)));
    if let Some((side, k)) = missing {
        let p = if side == 'A' {
            &pa
        } else {
            pb.as_ref().unwrap_or(&pa)
        };
        let v = &p.log.values[k];
        report.summary = std::format!(
            "divergence: {}'s {} {} (line {}) is not a draw of seed {}'s scenario stream within the first {max} draws",
            if side == 'A' { "the log" } else { "the second log" },
            v.label,
            v.value,
            v.line,
            p.seed
        );
        report.first_divergence = Some(Divergence {
            line: Some(v.line),
            frame: p.log.frame,
            logged: v.text.clone(),
            expected: std::format!(
                "a raw draw of seed {}'s stream within draws 1..={max}",
                p.seed
            ),
            context: std::vec![v.text.clone()],
            ..Divergence::default()
        });
        return Ok(report);
    }
    if several > 1 {
        // Not placed: never "consistent" (SPEC 8, 12).
        report.ambiguous = Some(several);
        report.summary = std::format!(
            "not placed: the log's first value occurs {several} times within the first {max} draws of seed {}'s scenario stream (see each value's draws below), so where the log sits is not sure",
            pa.seed
        );
        return Ok(report);
    }
    // Each value at its first occurrence after the previous value's: the
    // log is written in draw order, so a value found only before the one
    // logged above it is a divergence.
    let ordered = |p: &Placed| -> Result<Vec<u64>, usize> {
        let mut out = Vec::with_capacity(p.found.len());
        let mut prev = 0u64;
        for (k, (pos, _)) in p.found.iter().enumerate() {
            let Some(&d) = pos.iter().find(|&&d| k == 0 || d > prev) else {
                return Err(k);
            };
            out.push(d);
            prev = d;
        }
        Ok(out)
    };
    let mut placed = Vec::new();
    for (side, p) in core::iter::once(("A", &pa)).chain(pb.iter().map(|p| ("B", p))) {
        match ordered(p) {
            Ok(v) => placed.push(v),
            Err(k) => {
                let v = &p.log.values[k];
                let prev = &p.log.values[k - 1];
                report.summary = std::format!(
                    "divergence: {side}'s {} {} (line {}) occurs in seed {}'s stream only before the {} logged above it: the log is not in the stream's order",
                    v.label, v.value, v.line, p.seed, prev.label
                );
                report.first_divergence = Some(Divergence {
                    line: Some(v.line),
                    frame: p.log.frame,
                    logged: v.text.clone(),
                    expected: std::format!("a draw after the one '{}' is", prev.text),
                    context: std::vec![prev.text.clone(), v.text.clone()],
                    ..Divergence::default()
                });
                return Ok(report);
            }
        }
    }
    let pos_a = &placed[0];
    // The chance that unrelated values land where these did: the first
    // anywhere within the bound, each later one within its gap after the
    // one before (B's first: within its distance of A's first).
    let mut joint = chance;
    let mut refs: Vec<(u64, u64)> = pos_a.windows(2).map(|w| (w[0], w[1])).collect();
    if let Some(pos_b) = placed.get(1) {
        refs.push((pos_a[0], pos_b[0]));
        refs.extend(pos_b.windows(2).map(|w| (w[0], w[1])));
    }
    for (from, to) in refs {
        // The same draw again (a second player in step logs the same value)
        // tells nothing new.
        if from != to {
            joint *= (2.0 * from.abs_diff(to) as f64 + 1.0) / 4_294_967_296.0;
        }
    }
    report.extra.push(("chance", Json::from(joint.min(1.0))));
    if joint > MAX_CHANCE {
        report.summary = std::format!(
            "not sure: the values are draws of seed {}'s scenario stream (the first is draw #{}), but values of an unrelated stream land so within {max} draws with chance {:.1e}: a smaller draw bound (where the game stood, roughly) or more values settle it",
            pa.seed,
            pos_a[0],
            joint.min(1.0)
        );
        return Ok(report);
    }
    report.position = Some(pos_a[0] - 1);
    report.consistent = true;
    report.summary = match &pb {
        None => std::format!(
            "consistent: every value is a draw of seed {}'s scenario stream, in the log's order; the first is draw #{} (unrelated values land so with chance {joint:.1e})",
            pa.seed,
            pos_a[0]
        ),
        Some(b) => {
            let pos_b = &placed[1];
            let d = pos_b[0] as i64 - pos_a[0] as i64;
            report.extra.push(("b_ahead", Json::from(d)));
            let rel = match d {
                0 => "A and B had made the same number of draws".into(),
                d if d > 0 => std::format!("B is {d} draws ahead of A"),
                d => std::format!("B is {} draws behind A", -d),
            };
            // Every value pair, not only the first: where the gap changes.
            let later = pos_a
                .iter()
                .zip(pos_b.iter())
                .enumerate()
                .skip(1)
                .find(|(_, (x, y))| **y as i64 - **x as i64 != d);
            let count_differs = pos_a.len() != pos_b.len();
            report.consistent = d == 0 && later.is_none() && !count_differs;
            if d != 0 {
                report.shift = Some(d);
                report.first_divergence = Some(Divergence {
                    line: Some(b.log.values[0].line),
                    frame: b.log.frame,
                    logged: std::format!("B: {} at draw #{}", b.log.values[0].text, pos_b[0]),
                    expected: std::format!("A: {} at draw #{}", pa.log.values[0].text, pos_a[0]),
                    ..Divergence::default()
                });
            } else if let Some((k, (x, y))) = later {
                report.shift = Some(*y as i64 - *x as i64);
                report.first_divergence = Some(Divergence {
                    line: Some(b.log.values[k].line),
                    frame: b.log.frame,
                    logged: std::format!("B: {} at draw #{y}", b.log.values[k].text),
                    expected: std::format!("A: {} at draw #{x}", pa.log.values[k].text),
                    ..Divergence::default()
                });
            }
            if let Some((k, (x, y))) = later {
                report.details.push(std::format!(
                    "the gap changes at the logs' value {}: A's is draw #{x}, B's #{y} ({:+} draws)",
                    k + 1,
                    *y as i64 - *x as i64
                ));
            }
            if count_differs {
                report.details.push(std::format!(
                    "A logs {} values, B {}",
                    pos_a.len(),
                    pos_b.len()
                ));
            }
            let verdict = if report.consistent { "consistent" } else { "divergence" };
            std::format!(
                "{verdict}: {rel} when the logs were written (A's first value is draw #{}, B's #{}){}",
                pos_a[0],
                pos_b[0],
                match (later, count_differs) {
                    (Some(_), _) => ", and the gap changes later",
                    (None, true) => ", but they log different numbers of values",
                    _ => "",
                }
            )
        }
    };
    Ok(report)
}
