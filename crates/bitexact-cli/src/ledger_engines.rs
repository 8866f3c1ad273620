//! `bitexact ledger laige|westwood|openra|generals`: a script of tap calls
//! run through the engine, counting the raw words (draws) each entry point
//! spends per turn. The calls are the engine's `--tap`s written as words
//! (`ranged 1 6` for `ranged:1,6`); the no-draw edges count 0 words.

use crate::cli::{LedgerCommand, LedgerCommon};
use crate::engines::drive::{self, Counting, Drive};
use crate::engines::{check_work, wwlib};
use crate::ledger::{read_script, write_report, Entries, Report};
use crate::{Failure, Outcome};
use bitexact::ledger::Tally;
use std::io::Write;

/// A script line: a new turn, or a call.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Line<T> {
    Turn,
    Call(T),
}

/// A whole script for engine `D`: its lines (blank and comment lines
/// dropped, a leading byte-order mark skipped), or a message naming the
/// first bad line.
pub fn parse_script<D: Drive>(text: &str) -> Result<Vec<Line<D::Tap>>, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let code = line.split('#').next().unwrap_or("");
        let words: Vec<&str> = code.split_whitespace().collect();
        let parsed = match words.split_first() {
            None => continue,
            Some((&"turn", [])) => Ok(Line::Turn),
            Some((&"turn", _)) => Err("turn takes no argument".to_string()),
            Some((&name, args)) => drive::tap_of_line::<D>(name, args).map(Line::Call),
        };
        let parsed = parsed.map_err(|e| format!("script line {}: {e}", i + 1))?;
        lines.push(parsed);
        check_work(lines.len() as u64, "the script's calls")
            .map_err(|_| format!("script line {}: the script spends too many words", i + 1))?;
    }
    Ok(lines)
}

/// Run the script through `g` and report.
fn run<D: Drive>(mut g: D, common: &LedgerCommon, out: &mut impl Write) -> Outcome {
    let text = read_script(&common.script)?;
    let lines = parse_script::<D>(&text).map_err(Failure::Usage)?;
    let names = D::ENTRY_POINTS;
    let mut turns: Vec<(u64, Vec<Tally>)> = vec![(0, vec![Tally::default(); names.len()])];
    let mut total = vec![Tally::default(); names.len()];
    for line in lines {
        match line {
            Line::Turn => {
                let n = turns.len() as u64;
                turns.push((n, vec![Tally::default(); names.len()]));
            }
            Line::Call(tap) => {
                let before = g.position();
                g.call(tap);
                let words = g.position() - before;
                let k = names.iter().position(|&n| n == D::entry(tap)).unwrap_or(0);
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
        extra: vec![("words_drawn", g.position())],
    };
    write_report(out, common.json, &report)
}

pub fn ledger(cmd: &LedgerCommand, out: &mut impl Write) -> Outcome {
    match cmd {
        LedgerCommand::Sots(_) => unreachable!("sots has its own ledger"),
        LedgerCommand::Laige {
            seed,
            substream,
            common,
        } => run(
            Counting::new(bitexact::laige::Prng::derive_substream(
                *seed,
                substream.unwrap_or(0),
            )),
            common,
            out,
        ),
        LedgerCommand::Westwood {
            seed,
            class,
            common,
        } => wwlib::with_class!(*class, *seed, |g| run(g, common, out)),
        LedgerCommand::Openra { seed, common } => {
            run(bitexact::openra::MersenneTwister::new(*seed), common, out)
        }
        LedgerCommand::Generals { seed, common } => run(
            Counting::new(bitexact::generals::GameRandom::new(*seed)),
            common,
            out,
        ),
    }
}
