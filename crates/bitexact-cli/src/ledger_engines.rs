//! `bitexact ledger laige|westwood|openra|generals`: a script of tap calls
//! run through the engine, counting the raw words (draws) each entry point
//! spends per turn. The calls are the engine's `--tap`s written as words
//! (`ranged 1 6` for `ranged:1,6`); the no-draw edges count 0 words.

use crate::cli::{LedgerCommand, LedgerCommon};
use crate::engines::check_work;
use crate::ledger::{read_script, write_report, Entries, Report};
use crate::{Failure, Outcome};
use bitexact::ledger::Tally;
use bitexact::stream::{Engine, Options, Stream};
use std::io::Write;

/// A script line: a new turn, or a call (its tap text, `ranged:1,6`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    Turn,
    Call(String),
}

/// A whole script for `stream`'s engine: its lines (blank and comment lines
/// dropped, a leading byte-order mark skipped), every call checked against
/// the engine's taps, or a message naming the first bad line.
pub fn parse_script(stream: &Stream, text: &str) -> Result<Vec<Line>, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut check = stream.clone();
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let code = line.split('#').next().unwrap_or("");
        let words: Vec<&str> = code.split_whitespace().collect();
        let parsed = match words.split_first() {
            None => continue,
            Some((&"turn", [])) => Ok(Line::Turn),
            Some((&"turn", _)) => Err("turn takes no argument".to_string()),
            Some((&name, args)) => {
                // `ranged 1 6` is the tap `ranged:1,6`.
                let tap = if args.is_empty() {
                    name.to_string()
                } else {
                    format!("{name}:{}", args.join(","))
                };
                match check.set_tap(&tap) {
                    Ok(()) => Ok(Line::Call(tap)),
                    Err(e) if e.0.starts_with("unknown tap") => Err(format!(
                        "unknown call '{name}' (expected turn, {})",
                        stream.call_forms()
                    )),
                    Err(e) => Err(e.0),
                }
            }
        };
        let parsed = parsed.map_err(|e| format!("script line {}: {e}", i + 1))?;
        lines.push(parsed);
        check_work(lines.len() as u64, "the script's calls")
            .map_err(|_| format!("script line {}: the script spends too many words", i + 1))?;
    }
    Ok(lines)
}

/// Run the script through `stream` and report.
fn run(mut stream: Stream, common: &LedgerCommon, out: &mut impl Write) -> Outcome {
    let text = read_script(&common.script)?;
    let lines = parse_script(&stream, &text).map_err(Failure::Usage)?;
    let names = stream.entry_points();
    let mut turns: Vec<(u64, Vec<Tally>)> = vec![(0, vec![Tally::default(); names.len()])];
    let mut total = vec![Tally::default(); names.len()];
    for line in lines {
        match line {
            Line::Turn => {
                let n = turns.len() as u64;
                turns.push((n, vec![Tally::default(); names.len()]));
            }
            Line::Call(tap) => {
                stream.set_tap(&tap).map_err(|e| Failure::usage(e.0))?;
                let (_, words) = stream.next();
                let entry = stream.entry_point();
                let k = names.iter().position(|&n| n == entry).unwrap_or(0);
                for t in [&mut turns.last_mut().expect("turn 0").1[k], &mut total[k]] {
                    t.calls += 1;
                    t.words += words;
                }
            }
        }
    }
    let entries = |tallies: &[Tally]| -> Entries {
        names.iter().copied().zip(tallies.iter().copied()).collect()
    };
    let report = Report {
        turns: turns
            .iter()
            .filter(|(n, t)| *n > 0 || t.iter().any(|t| t.calls > 0))
            .map(|(n, t)| (*n, entries(t)))
            .collect(),
        total: entries(&total),
        extra: vec![("words_drawn", stream.position())],
    };
    write_report(out, common.json, &report)
}

pub fn ledger(cmd: &LedgerCommand, out: &mut impl Write) -> Outcome {
    let (engine, seed, options, common) = match cmd {
        LedgerCommand::Sots(_) => unreachable!("sots has its own ledger"),
        LedgerCommand::Laige {
            seed,
            substream,
            common,
        } => (
            Engine::Laige,
            *seed,
            Options {
                substream: *substream,
                ..Options::default()
            },
            common,
        ),
        LedgerCommand::Westwood {
            seed,
            class,
            common,
        } => (
            Engine::Westwood,
            u64::from(*seed),
            Options {
                class: (*class).into(),
                ..Options::default()
            },
            common,
        ),
        LedgerCommand::Openra { seed, common } => (
            Engine::Openra,
            u64::from(*seed as u32),
            Options::default(),
            common,
        ),
        LedgerCommand::Generals { seed, common } => (
            Engine::Generals,
            u64::from(*seed),
            Options::default(),
            common,
        ),
    };
    let stream = Stream::new(engine, seed, None, &options).map_err(|e| Failure::usage(e.0))?;
    run(stream, common, out)
}
