//! `bitexact-emu batch`: one call per input line, one trace record per
//! call; `--carry NAME` hands a buffer from each call to the next.

use std::io::{BufRead, Write};

use bitexact_emu::report;
use bitexact_emu::{spec, Arg, Call, Elem, Scalar};

use crate::args::BatchArgs;
use crate::fail::Fail;
use crate::setup::setup;

pub(crate) fn run(a: BatchArgs) -> Result<(), Fail> {
    let mut s = setup(&a.common)?;
    let reader: Box<dyn BufRead> = if a.inputs.as_os_str() == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(std::io::BufReader::new(
            std::fs::File::open(&a.inputs)
                .map_err(|e| Fail(format!("cannot read '{}': {e}", a.inputs.display())))?,
        ))
    };
    let given: Option<Vec<String>> = a
        .names
        .as_ref()
        .map(|n| n.split(',').map(|x| x.trim().to_string()).collect());
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut calls = 0u64;
    let mut notes: Vec<String> = Vec::new();
    let place = |line: u64| format!("{}:{line}", a.inputs.display());
    let mut carried: std::collections::HashMap<String, (Elem, Vec<Scalar>)> =
        std::collections::HashMap::new();
    for (k, line) in reader.lines().enumerate() {
        let n = k as u64 + 1;
        let line = line.map_err(|e| Fail(format!("{}: {e}", place(n))))?;
        if line.trim().is_empty() {
            continue;
        }
        let input = parse_input(&line).map_err(|e| Fail(format!("{}: {e}", place(n))))?;
        let args = spec::parse_args(&input.args).map_err(|e| Fail(format!("{}: {e}", place(n))))?;
        let names: Vec<String> = match &given {
            Some(g) if g.len() == args.len() => g.clone(),
            Some(g) => {
                return Err(Fail(format!(
                    "{}: {} arguments but {} names",
                    place(n),
                    args.len(),
                    g.len()
                )))
            }
            None => (0..args.len()).map(|i| format!("arg{i}")).collect(),
        };
        let cw = input.cw.unwrap_or(a.common.cw);
        let mut args = args;
        let mut regs = s.regs.clone();
        // Every buffer by name — the arguments' (--names), then the
        // registers' (their names) — and the carried ones given the
        // values the call before left in them.
        let mut buffers: Vec<(&str, &mut Arg)> = names
            .iter()
            .map(String::as_str)
            .zip(args.iter_mut())
            .chain(regs.iter_mut().map(|(r, a)| (r.name(), a)))
            .filter(|(_, a)| matches!(a, Arg::Buf { .. }))
            .collect();
        let buf_names: Vec<String> = buffers.iter().map(|(n, _)| n.to_string()).collect();
        if let Some(missing) = a.carry.iter().find(|c| !buf_names.contains(c)) {
            return Err(Fail(format!(
                "{}: no buffer named {missing} to carry (the buffers are named {})",
                place(n),
                if buf_names.is_empty() {
                    "nothing: this line has none".to_string()
                } else {
                    buf_names.join(", ")
                }
            )));
        }
        for (name, arg) in buffers.iter_mut() {
            let (Some((elem0, before)), Arg::Buf { elem, values }) =
                (carried.get(*name), &mut **arg)
            else {
                continue;
            };
            if elem0 != elem || before.len() != values.len() {
                return Err(Fail(format!(
                    "{}: the carried buffer {name} is {}*{} here, {}*{} on the line before",
                    place(n),
                    elem.name(),
                    values.len(),
                    elem0.name(),
                    before.len()
                )));
            }
            values.clone_from(before);
        }
        drop(buffers);
        let call = Call {
            address: s.address,
            conv: s.conv,
            args: args.clone(),
            cw,
            max_instructions: a.common.max_instructions,
            out: s.out.clone(),
            regs,
            names: buf_names.clone(),
        };
        let o = s.program.call(&call).map_err(|e| {
            let Fail(m) = Fail::from(e);
            Fail(format!("{}: {m}", place(n)))
        })?;
        s.note(&o, &mut notes);
        let omit: &[String] = if carried.is_empty() { &[] } else { &a.carry };
        let reg_names: Vec<String> = call
            .regs
            .iter()
            .filter(|(_, a)| matches!(a, Arg::Buf { .. }))
            .map(|(r, _)| r.name().to_string())
            .collect();
        let rec = report::record(
            input.call_id.unwrap_or(n),
            &names,
            &args,
            &reg_names,
            omit,
            &a.ret_name,
            s.ret,
            cw,
            &o,
            &s.out_names,
        );
        if let Some(key) = report::duplicate_key(&rec) {
            return Err(Fail(format!(
                "{}: the record would hold the field \"{key}\" twice: rename an argument (--names), the result (--ret-name) or an --out-buf",
                place(n)
            )));
        }
        carried.clear();
        for ((name, after), elem) in buf_names.iter().zip(&o.buffers).zip(
            call.args
                .iter()
                .chain(call.regs.iter().map(|(_, a)| a))
                .filter_map(|a| match a {
                    Arg::Buf { elem, .. } => Some(*elem),
                    Arg::Value(_) => None,
                }),
        ) {
            if a.carry.contains(name) {
                carried.insert(name.clone(), (elem, after.clone()));
            }
        }
        writeln!(out, "{rec}")?;
        calls += 1;
    }
    out.flush()?;
    drop(out);
    let mut err = std::io::stderr().lock();
    for note in notes {
        let _ = writeln!(err, "note: {note}");
    }
    let _ = writeln!(err, "batch: {calls} calls");
    Ok(())
}

struct Input {
    args: String,
    cw: Option<u16>,
    call_id: Option<u64>,
}

fn parse_input(line: &str) -> Result<Input, String> {
    let v: serde_json::Value =
        serde_json::from_str(line).map_err(|e| format!("not a JSON object: {e}"))?;
    let obj = v
        .as_object()
        .ok_or("not a JSON object: an input line is {\"args\": \"LIST\"}")?;
    let mut input = Input {
        args: String::new(),
        cw: None,
        call_id: None,
    };
    let mut has_args = false;
    for (k, v) in obj {
        match (k.as_str(), v) {
            ("args", serde_json::Value::String(s)) => {
                input.args = s.clone();
                has_args = true;
            }
            ("args", _) => return Err("\"args\" is a string in the call syntax, e.g. \"i32:5,f32:1.5\"".into()),
            ("cw", serde_json::Value::String(s)) => input.cw = Some(spec::control_word(s)?),
            ("cw", serde_json::Value::Number(x)) => {
                input.cw = Some(
                    x.as_u64()
                        .filter(|&c| c <= 0xffff)
                        .ok_or(format!("\"cw\" {x} is not a control word"))? as u16,
                )
            }
            ("call_id", serde_json::Value::Number(x)) => {
                input.call_id = Some(x.as_u64().ok_or(format!("\"call_id\" {x} is not a whole number"))?)
            }
            (other, _) => {
                return Err(format!(
                    "unknown or mistyped key \"{other}\" (an input line has \"args\", and optionally \"cw\" and \"call_id\")"
                ))
            }
        }
    }
    if !has_args {
        return Err("no \"args\" (an input line is {\"args\": \"LIST\"}; \"\" for none)".into());
    }
    Ok(input)
}
