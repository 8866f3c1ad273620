//! `bitexact ledger sots`: run a script of calls through the word ledger.

use crate::cli::{LedgerArgs, LedgerCommand};
use crate::engines::{check_work, parse_sots_call};
use crate::{read_limited, Failure, Outcome};
use bitexact::ledger::{Call, Ledger, Tally, Turn};
use bitexact::sots::Rng;
use serde_json::{json, Map, Value as Json};
use std::io::Write;

/// Scripts larger than this are refused (a generous bound: one call is a line).
const MAX_SCRIPT_BYTES: usize = 64 << 20;

/// A script line: a new turn, or a call.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Line {
    Turn,
    Call(Call),
}

/// One script line: `None` for a blank or comment line.
pub fn parse_line(line: &str) -> Result<Option<Line>, String> {
    let code = line.split('#').next().unwrap_or("");
    let words: Vec<&str> = code.split_whitespace().collect();
    match words.split_first() {
        None => Ok(None),
        Some((&"turn", [])) => Ok(Some(Line::Turn)),
        Some((&"turn", _)) => Err("turn takes no argument".into()),
        Some((&name, args)) => parse_sots_call(name, args).map(|c| Some(Line::Call(c))).map_err(|e| {
            if e.starts_with("unknown call") {
                format!("{e} (expected turn, u32, unit, float, int, chance, frange, bell, tnormal-attempts)")
            } else {
                e
            }
        }),
    }
}

/// Words a call can be expected to spend, for the work bound (rejections aside).
fn nominal_words(call: Call) -> u64 {
    match call {
        Call::TruncatedNormal(k) => 2 * u64::from(k.get()),
        Call::IntRangeBell(..) => 2,
        _ => 1,
    }
}

fn plural(n: u64, one: &str) -> String {
    format!("{n} {one}{}", if n == 1 { "" } else { "s" })
}

fn tally_json(t: Tally) -> Json {
    json!({ "calls": t.calls, "words": t.words })
}

/// A turn's (or the total's) tallies by entry point, in report order.
pub type Entries = Vec<(&'static str, Tally)>;

/// What a ledger prints: the turns, the total, and closing `key: value`s.
pub struct Report {
    pub turns: Vec<(u64, Entries)>,
    pub total: Entries,
    pub extra: Vec<(&'static str, u64)>,
}

fn sum(entries: &Entries) -> Tally {
    let mut t = Tally::default();
    for (_, e) in entries {
        t.calls += e.calls;
        t.words += e.words;
    }
    t
}

/// `{"calls":…,"words":…,"entry_points":{name:{"calls":…,"words":…},…}}`
fn tallies_json(entries: &Entries) -> Map<String, Json> {
    let total = sum(entries);
    let used: Map<String, Json> = entries
        .iter()
        .filter(|(_, t)| t.calls > 0)
        .map(|(e, t)| (e.to_string(), tally_json(*t)))
        .collect();
    let mut obj = Map::new();
    obj.insert("calls".into(), total.calls.into());
    obj.insert("words".into(), total.words.into());
    obj.insert("entry_points".into(), used.into());
    obj
}

fn write_turn(out: &mut impl Write, label: &str, entries: &Entries) -> std::io::Result<()> {
    let total = sum(entries);
    writeln!(
        out,
        "{label}: {}, {}",
        plural(total.calls, "call"),
        plural(total.words, "word")
    )?;
    for (e, t) in entries.iter().filter(|(_, t)| t.calls > 0) {
        let calls = if t.calls == 1 { "call" } else { "calls" };
        let words = if t.words == 1 { "word" } else { "words" };
        writeln!(
            out,
            "  {e:<8} {:>8} {calls:<5} {:>10} {words}",
            t.calls, t.words
        )?;
    }
    Ok(())
}

/// Print a ledger's report: per turn, the total, the closing values; or
/// one JSON object.
pub fn write_report(out: &mut impl Write, json: bool, r: &Report) -> Outcome {
    if json {
        let mut obj = Map::new();
        let turns: Vec<Json> = r
            .turns
            .iter()
            .map(|(n, e)| {
                let mut t = Map::new();
                t.insert("turn".into(), (*n).into());
                t.extend(tallies_json(e));
                t.into()
            })
            .collect();
        obj.insert("turns".into(), turns.into());
        obj.insert("total".into(), tallies_json(&r.total).into());
        for (k, v) in &r.extra {
            obj.insert((*k).into(), (*v).into());
        }
        writeln!(out, "{}", Json::Object(obj))?;
    } else {
        for (n, e) in &r.turns {
            write_turn(out, &format!("turn {n}"), e)?;
        }
        write_turn(out, "total", &r.total)?;
        for (k, v) in &r.extra {
            writeln!(out, "{k}: {v}")?;
        }
    }
    Ok(())
}

fn entries_of(turn: &Turn) -> Entries {
    turn.entries().map(|(e, t)| (e.name(), t)).collect()
}

/// A script file (or `-`, stdin) as text, within [`MAX_SCRIPT_BYTES`].
pub fn read_script(path: &std::path::Path) -> Result<String, Failure> {
    read_text(path, "script")
}

/// A text file (or `-`, stdin), within [`MAX_SCRIPT_BYTES`]; `what` names
/// it in messages.
pub fn read_text(path: &std::path::Path, what: &str) -> Result<String, Failure> {
    let bytes = read_limited(path, MAX_SCRIPT_BYTES)?;
    String::from_utf8(bytes).map_err(|_| {
        Failure::usage(format!(
            "the {what} '{}' is not UTF-8 text",
            crate::input_name(path)
        ))
    })
}

/// A whole script: its lines in order (blank and comment lines dropped), or
/// a one-line message naming the first bad line. A UTF-8 byte-order mark at
/// the start is skipped (editors on Windows write one). The calls' nominal
/// words are bounded by the CLI's work limit.
pub fn parse_script(text: &str) -> Result<Vec<Line>, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = Vec::new();
    let mut work = 0u64;
    for (i, line) in text.lines().enumerate() {
        match parse_line(line) {
            Ok(Some(l)) => {
                if let Line::Call(c) = l {
                    work = work.saturating_add(nominal_words(c));
                    if check_work(work, "the script's calls").is_err() {
                        return Err(format!(
                            "script line {}: the script spends too many words",
                            i + 1
                        ));
                    }
                }
                lines.push(l);
            }
            Ok(None) => {}
            Err(msg) => return Err(format!("script line {}: {msg}", i + 1)),
        }
    }
    Ok(lines)
}

pub fn run(cmd: &LedgerCommand, out: &mut impl Write) -> Outcome {
    match cmd {
        LedgerCommand::Sots(args) => sots(args, out),
        other => crate::ledger_engines::ledger(other, out),
    }
}

fn sots(args: &LedgerArgs, out: &mut impl Write) -> Outcome {
    let text = read_script(&args.script)?;
    let lines = parse_script(&text).map_err(Failure::Usage)?;

    let rng = Rng::with_precision(args.seed, args.precision.into());
    let mut ledger = Ledger::new(rng);
    let mut turns = Vec::new();
    for line in lines {
        match line {
            Line::Turn => turns.push(ledger.end_turn()),
            Line::Call(c) => drop(ledger.apply(c)),
        }
    }
    let totals = ledger.totals();
    turns.push(*ledger.current_turn());
    // Turn 0 holds the calls before the first `turn` line: shown only if any.
    turns.retain(|t| t.number > 0 || t.total().calls > 0);
    let report = Report {
        turns: turns.iter().map(|t| (t.number, entries_of(t))).collect(),
        total: entries_of(&totals),
        extra: vec![
            ("left", ledger.rng().left().into()),
            ("words_drawn", ledger.rng().position()),
        ],
    };
    write_report(out, args.json, &report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_parse() {
        assert_eq!(parse_line("  # nothing"), Ok(None));
        assert_eq!(parse_line(""), Ok(None));
        assert_eq!(parse_line("turn"), Ok(Some(Line::Turn)));
        assert_eq!(
            parse_line("int 6 # a die"),
            Ok(Some(Line::Call(Call::IntInclusive(6))))
        );
        assert_eq!(
            parse_line("bell -3 3"),
            Ok(Some(Line::Call(Call::IntRangeBell(-3, 3))))
        );
        assert!(matches!(
            parse_line("tnormal-attempts 2"),
            Ok(Some(Line::Call(Call::TruncatedNormal(_))))
        ));
        assert!(parse_line("int").unwrap_err().contains("int N"));
        assert!(parse_line("roll 3").unwrap_err().contains("unknown call"));
        assert!(parse_line("turn 2").is_err());
        assert!(parse_line("chance x").is_err());
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        assert_eq!(
            parse_script("\u{feff}u32\nturn\n"),
            Ok(vec![Line::Call(Call::U32), Line::Turn])
        );
        // Only at the start: elsewhere it is an unknown call.
        assert!(parse_script("u32\n\u{feff}u32\n")
            .unwrap_err()
            .starts_with("script line 2:"));
    }
}
