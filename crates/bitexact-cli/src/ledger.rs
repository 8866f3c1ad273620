//! `bitexact ledger sots`: run a script of calls through the word ledger.

use crate::cli::{LedgerArgs, LedgerEngine};
use crate::engines::seed_u32;
use crate::num;
use crate::{read_file, Failure, Outcome};
use bitexact::ledger::{Ledger, Tally, Turn};
use bitexact::sots::Rng;
use serde_json::{json, Map, Value as Json};
use std::io::{Read, Write};

/// One script line.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Call {
    Turn,
    U32,
    Unit,
    Float,
    Int(u32),
    Chance(f32),
    FRange(f32, f32),
    Bell(i32, i32),
    TNormal(u64),
}

fn parse_line(line: &str) -> Result<Option<Call>, String> {
    let code = line.split('#').next().unwrap_or("");
    let words: Vec<&str> = code.split_whitespace().collect();
    let Some((&name, args)) = words.split_first() else {
        return Ok(None);
    };
    let arity = |n: usize, form: &str| {
        if args.len() == n {
            Ok(())
        } else {
            Err(format!(
                "'{name}' takes {n} argument{}: {form}",
                if n == 1 { "" } else { "s" }
            ))
        }
    };
    let call = match name {
        "turn" => arity(0, "turn").map(|_| Call::Turn)?,
        "u32" => arity(0, "u32").map(|_| Call::U32)?,
        "unit" => arity(0, "unit").map(|_| Call::Unit)?,
        "float" => arity(0, "float").map(|_| Call::Float)?,
        "int" => {
            arity(1, "int N")?;
            Call::Int(num::parse_u32(args[0])?)
        }
        "chance" => {
            arity(1, "chance P")?;
            Call::Chance(num::parse_f32(args[0])?)
        }
        "frange" => {
            arity(2, "frange LO HI")?;
            Call::FRange(num::parse_f32(args[0])?, num::parse_f32(args[1])?)
        }
        "bell" => {
            arity(2, "bell LO HI")?;
            Call::Bell(num::parse_i32(args[0])?, num::parse_i32(args[1])?)
        }
        "tnormal-attempts" => {
            arity(1, "tnormal-attempts K")?;
            Call::TNormal(num::parse_u64(args[0])?)
        }
        _ => {
            return Err(format!(
                "unknown call '{name}' (expected turn, u32, unit, float, int, chance, frange, bell, tnormal-attempts)"
            ))
        }
    };
    Ok(Some(call))
}

fn tally_json(t: Tally) -> Json {
    json!({ "calls": t.calls, "words": t.words })
}

/// `{"calls":…,"words":…,"entry_points":{name:{"calls":…,"words":…},…}}`
fn tallies_json(turn: &Turn) -> Map<String, Json> {
    let total = turn.total();
    let entries: Map<String, Json> = turn
        .entries()
        .filter(|(_, t)| t.calls > 0)
        .map(|(e, t)| (e.name().to_string(), tally_json(t)))
        .collect();
    let mut obj = Map::new();
    obj.insert("calls".into(), total.calls.into());
    obj.insert("words".into(), total.words.into());
    obj.insert("entry_points".into(), entries.into());
    obj
}

fn turn_json(turn: &Turn) -> Json {
    let mut obj = tallies_json(turn);
    obj.insert("turn".into(), turn.number.into());
    obj.into()
}

fn write_turn(out: &mut impl Write, label: &str, turn: &Turn) -> std::io::Result<()> {
    let total = turn.total();
    writeln!(out, "{label}: {} calls, {} words", total.calls, total.words)?;
    for (e, t) in turn.entries().filter(|(_, t)| t.calls > 0) {
        writeln!(
            out,
            "  {:<8} {:>8} calls {:>10} words",
            e.name(),
            t.calls,
            t.words
        )?;
    }
    Ok(())
}

pub fn run(args: &LedgerArgs, out: &mut impl Write) -> Outcome {
    match args.engine {
        LedgerEngine::Sots => {}
    }
    let text = if args.script.as_os_str() == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| Failure::usage(format!("cannot read the script from stdin: {e}")))?;
        s
    } else {
        String::from_utf8(read_file(&args.script)?)
            .map_err(|_| Failure::usage(format!("'{}' is not UTF-8 text", args.script.display())))?
    };
    let mut calls = Vec::new();
    for (i, line) in text.lines().enumerate() {
        match parse_line(line) {
            Ok(Some(call)) => calls.push(call),
            Ok(None) => {}
            Err(msg) => return Err(Failure::usage(format!("script line {}: {msg}", i + 1))),
        }
    }

    let rng = Rng::with_precision(seed_u32(args.seed, "sots")?, args.precision.into());
    let mut ledger = Ledger::new(rng);
    let mut turns = Vec::new();
    for call in calls {
        match call {
            Call::Turn => turns.push(ledger.end_turn()),
            Call::U32 => drop(ledger.next_u32()),
            Call::Unit => drop(ledger.next_unit()),
            Call::Float => drop(ledger.next_float()),
            Call::Int(n) => drop(ledger.next_int_inclusive(n)),
            Call::Chance(p) => drop(ledger.chance(p)),
            Call::FRange(lo, hi) => drop(ledger.float_range(lo, hi)),
            Call::Bell(lo, hi) => drop(ledger.int_range_bell(lo, hi)),
            Call::TNormal(k) => ledger.truncated_normal(k),
        }
    }
    let totals = ledger.totals();
    turns.push(*ledger.current_turn());
    // Turn 0 holds the calls before the first `turn` line: shown only if any.
    turns.retain(|t| t.number > 0 || t.total().calls > 0);
    let left = ledger.rng().left();
    let drawn = ledger.rng().position();

    if args.json {
        let report = json!({
            "turns": turns.iter().map(turn_json).collect::<Vec<_>>(),
            "total": tallies_json(&totals),
            "left": left,
            "words_drawn": drawn,
        });
        writeln!(out, "{report}")?;
    } else {
        for turn in &turns {
            write_turn(out, &format!("turn {}", turn.number), turn)?;
        }
        write_turn(out, "total", &totals)?;
        writeln!(out, "left: {left}")?;
        writeln!(out, "words_drawn: {drawn}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_parse() {
        assert_eq!(parse_line("  # nothing"), Ok(None));
        assert_eq!(parse_line(""), Ok(None));
        assert_eq!(parse_line("turn"), Ok(Some(Call::Turn)));
        assert_eq!(parse_line("int 6 # a die"), Ok(Some(Call::Int(6))));
        assert_eq!(parse_line("bell -3 3"), Ok(Some(Call::Bell(-3, 3))));
        assert_eq!(parse_line("tnormal-attempts 2"), Ok(Some(Call::TNormal(2))));
        assert!(parse_line("int").unwrap_err().contains("int N"));
        assert!(parse_line("roll 3").unwrap_err().contains("unknown call"));
        assert!(parse_line("chance x").is_err());
    }
}
