//! `bitexact ledger ENGINE`: a script of calls run through the library's
//! word ledger (`bitexact::ledger`), tallied per entry point and per turn,
//! printed.

use crate::cli::LedgerArgs;
use crate::report::field_json;
use crate::{read_limited, Failure, Outcome};
use bitexact::engine::{Fields, TapSpec};
use bitexact::ledger::{run_script, LineError, RunError, Tally, Turn};
use serde_json::{json, Map, Value as Json};
use std::io::Write;

/// Scripts larger than this are refused (a generous bound: one call is a line).
const MAX_SCRIPT_BYTES: usize = 64 << 20;

fn plural(n: u64, one: &str) -> String {
    format!("{n} {one}{}", if n == 1 { "" } else { "s" })
}

fn tally_json(t: Tally) -> Json {
    json!({ "calls": t.calls, "words": t.words })
}

/// A turn's (or the total's) tallies by entry point, in report order.
pub type Entries = Vec<(&'static str, Tally)>;

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
    // The names' column as wide as the longest name used (at least 8), so
    // that a long entry point (`next-range`) keeps the counts aligned.
    let used = || entries.iter().filter(|(_, t)| t.calls > 0);
    let width = used().map(|(e, _)| e.len()).max().unwrap_or(0).max(8);
    for (e, t) in used() {
        let calls = if t.calls == 1 { "call" } else { "calls" };
        let words = if t.words == 1 { "word" } else { "words" };
        writeln!(
            out,
            "  {e:<width$} {:>8} {calls:<5} {:>10} {words}",
            t.calls, t.words
        )?;
    }
    Ok(())
}

/// Print a ledger's report: per turn, the total, the closing fields; or
/// one JSON object.
pub fn write_report(
    out: &mut impl Write,
    json: bool,
    turns: &[(u64, Entries)],
    total: &Entries,
    fields: &Fields,
) -> Outcome {
    if json {
        writeln!(out, "{}", report_json(turns, total, fields))?;
    } else {
        for (n, e) in turns {
            write_turn(out, &format!("turn {n}"), e)?;
        }
        write_turn(out, "total", total)?;
        for (k, v) in fields {
            writeln!(out, "{k}: {v}")?;
        }
    }
    Ok(())
}

/// The report's JSON document, as `--json` prints it (without the newline).
pub fn report_json(turns: &[(u64, Entries)], total: &Entries, fields: &Fields) -> String {
    let mut obj = Map::new();
    let turns: Vec<Json> = turns
        .iter()
        .map(|(n, e)| {
            let mut t = Map::new();
            t.insert("turn".into(), (*n).into());
            t.extend(tallies_json(e));
            t.into()
        })
        .collect();
    obj.insert("turns".into(), turns.into());
    obj.insert("total".into(), tallies_json(total).into());
    for (k, v) in fields {
        obj.insert((*k).into(), field_json(*v));
    }
    Json::Object(obj).to_string()
}

fn entries_of(turn: &Turn, taps: &'static [TapSpec]) -> Entries {
    turn.entries(taps).collect()
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

pub fn run(LedgerArgs(args): &LedgerArgs, out: &mut impl Write) -> Outcome {
    let text = read_script(&args.path("script"))?;
    let id = args.id();
    let report = run_script(id, args.u64("seed").unwrap_or(0), &args.options(), &text).map_err(
        |e| match e {
            RunError::Seed(e) => Failure::usage(e.to_string()),
            RunError::Script(e) => match e.error {
                LineError::Call(c) => match crate::NAMES.other_class(&c) {
                    Some(m) => Failure::usage(format!("script line {}: {m}", e.line)),
                    None => Failure::usage(e.to_string()),
                },
                _ => Failure::usage(e.to_string()),
            },
        },
    )?;
    let names = report.taps;
    let turns: Vec<(u64, Entries)> = report
        .turns
        .iter()
        .map(|t| (t.number, entries_of(t, names)))
        .collect();
    let total = entries_of(&report.total, names);
    if let Some(path) = args.path_opt("html") {
        let json = report_json(&turns, &total, &report.fields);
        let files = crate::html::names([args.path("script").as_path()]);
        let command = format!("ledger {}", args.family.name);
        let source = bitexact::report::html::Source {
            command: &command,
            files: &[files[0].as_str()],
        };
        crate::html::write(
            &path,
            &bitexact::report::html::ledger(&report, &json, &source),
        )?;
    }
    write_report(out, args.flag("json"), &turns, &total, &report.fields)
}
