//! `bitexact trace compare` and `bitexact trace replay movefleet`.

use crate::cli::{CompareArgs, ModelArg, ReplayArgs, ReportFormat};
use crate::jsonl::Reader;
use crate::{Failure, Outcome};
use bitexact::report::html::TracePlot;
use bitexact::sots::movefleet::Model;
use bitexact::trace::{movefleet as mf, Comparison, FieldDiff, Record, Summary, Value};
use serde_json::{json, Map, Value as Json};
use std::io::Write;

/// How records are paired.
enum Pairing {
    Key(String),
    LineOrder,
}

fn key_of(
    reader: &Reader,
    pairing: &Pairing,
    line: u64,
    record: &Record,
) -> Result<String, Failure> {
    match pairing {
        Pairing::LineOrder => Ok(line.to_string()),
        Pairing::Key(k) => record
            .get(k)
            .and_then(Value::key_text)
            .ok_or_else(|| reader.error(format!("no usable '{k}' field to match records by"))),
    }
}

pub fn compare(args: &CompareArgs, out: &mut impl Write) -> Outcome {
    let mut a = Reader::open(&args.file_a)?;
    let mut b = Reader::open(&args.file_b)?;
    let mut next_a = a.next_record()?;
    let mut next_b = b.next_record()?;
    // --key, else `call_id` when A's first record has one, else line order.
    let pairing = match &args.key {
        Some(k) => Pairing::Key(k.clone()),
        None if next_a
            .as_ref()
            .is_some_and(|(_, r)| r.get("call_id").is_some()) =>
        {
            Pairing::Key("call_id".into())
        }
        None => Pairing::LineOrder,
    };
    let mut cmp = Comparison::new();
    let mut plot = args.html.as_ref().map(|_| {
        cmp.keep_compared();
        TracePlot::new()
    });
    let (mut ord_a, mut ord_b) = (0u64, 0u64);
    while next_a.is_some() || next_b.is_some() {
        if let Some((line, rec)) = next_a.take() {
            ord_a += 1;
            let key = key_of(&a, &pairing, ord_a, &rec)?;
            cmp.push_a(key, line, rec)
                .map_err(|d| a.error(format!("duplicate key '{}'", d.key)))?;
            observe(&mut cmp, plot.as_mut());
            next_a = a.next_record()?;
        }
        if let Some((line, rec)) = next_b.take() {
            ord_b += 1;
            let key = key_of(&b, &pairing, ord_b, &rec)?;
            cmp.push_b(key, line, rec)
                .map_err(|d| b.error(format!("duplicate key '{}'", d.key)))?;
            observe(&mut cmp, plot.as_mut());
            next_b = b.next_record()?;
        }
    }
    let summary = cmp.finish();
    let key_name = match &pairing {
        Pairing::Key(k) => k.as_str(),
        Pairing::LineOrder => "record",
    };
    let title = format!(
        "trace compare: {} vs {}",
        args.file_a.display(),
        args.file_b.display()
    );
    let json = Json::Object(summary_json(key_name, &summary, true)).to_string();
    if let (Some(path), Some(plot)) = (&args.html, &plot) {
        let files = crate::html::names([args.file_a.as_path(), args.file_b.as_path()]);
        let files: Vec<&str> = files.iter().map(String::as_str).collect();
        let source = bitexact::report::html::Source {
            command: "trace compare",
            files: &files,
        };
        crate::html::write(
            path,
            &bitexact::report::html::trace(&summary, plot, &json, &source),
        )?;
    }
    match args.format() {
        ReportFormat::Md => write_md(out, &title, key_name, &summary, true)?,
        ReportFormat::Json => writeln!(out, "{json}")?,
    }
    if summary.records_a == 0 && summary.records_b == 0 {
        crate::summary!("trace compare: 0 records in either trace, nothing to compare");
        return Ok(());
    }
    if summary.is_clean() {
        crate::summary!(
            "trace compare: {} records compared, none diverged",
            summary.compared
        );
        Ok(())
    } else {
        Err(Failure::Different(format!(
            "trace compare: {} of {} compared records diverged; {} missing in A, {} missing in B",
            summary.diverged, summary.compared, summary.missing_in_a, summary.missing_in_b
        )))
    }
}

/// The verdict of a one-model replay: every record reproduced, or how many not.
fn replay_verdict(summary: &Summary, model: &str) -> Outcome {
    if summary.is_clean() {
        crate::summary!(
            "trace replay: {} records replayed under {model}, all reproduced",
            summary.compared
        );
        Ok(())
    } else {
        Err(Failure::Different(format!(
            "trace replay: {} of {} replayed records are not reproduced under {model}",
            summary.diverged, summary.compared
        )))
    }
}

fn model_name(m: Model, p: bitexact::x87::Precision) -> String {
    match m {
        Model::Faithful => format!("faithful ({p})"),
        Model::Double => "double".into(),
    }
}

pub fn replay(args: &ReplayArgs, out: &mut impl Write) -> Outcome {
    let p: bitexact::x87::Precision = args.precision.into();
    let models: Vec<Model> = match args.model {
        ModelArg::Faithful => vec![Model::Faithful],
        ModelArg::Double => vec![Model::Double],
        ModelArg::All => Model::ALL.to_vec(),
    };
    let all = args.model == ModelArg::All;
    let mut summaries: Vec<Summary> = models.iter().map(|_| Summary::default()).collect();
    let mut unexplained = 0u64;
    let mut reader = Reader::open(&args.file)?;
    if all && args.format() == ReportFormat::Md {
        writeln!(out, "| call | reproduced by |\n| --- | --- |")?;
    }
    while let Some((line, rec)) = reader.next_record()? {
        let leg = mf::parse_leg(&rec).map_err(|e| reader.error(e))?;
        let key = leg
            .call_id
            .as_ref()
            .and_then(Value::key_text)
            .unwrap_or_else(|| format!("line {line}"));
        let mut by = Vec::new();
        for (m, s) in models.iter().zip(summaries.iter_mut()) {
            s.records_a += 1;
            s.records_b += 1;
            let diffs = mf::diffs(&leg, mf::replay(&leg, *m, p));
            if diffs.is_empty() {
                by.push(m.name());
            }
            s.add(&key, line, line, diffs);
        }
        if by.is_empty() {
            unexplained += 1;
        }
        if all {
            let names = if by.is_empty() {
                "none".to_string()
            } else {
                by.join(", ")
            };
            match args.format() {
                ReportFormat::Md => writeln!(out, "| {key} | {names} |")?,
                ReportFormat::Json => writeln!(
                    out,
                    "{}",
                    json!({"call": key, "line": line, "reproduced_by": by})
                )?,
            }
        }
    }
    for (m, s) in models.iter().zip(&summaries) {
        let title = format!(
            "trace replay movefleet: {} under {}",
            args.file.display(),
            model_name(*m, p)
        );
        match args.format() {
            ReportFormat::Md => {
                if all {
                    writeln!(out)?;
                }
                write_md(out, &title, "call", s, false)?
            }
            ReportFormat::Json => {
                let mut obj = summary_json("call", s, false);
                obj.insert("model".into(), m.name().into());
                if *m == Model::Faithful {
                    obj.insert("precision".into(), p.name().into());
                }
                writeln!(out, "{}", Json::Object(obj))?
            }
        }
    }
    if summaries[0].records_a == 0 {
        return Err(Failure::Different(format!(
            "trace replay: 0 records in {}, nothing was checked",
            crate::input_name(&args.file)
        )));
    }
    if all {
        if unexplained == 0 {
            crate::summary!(
                "trace replay: {} records replayed, each reproduced by some model",
                summaries[0].compared
            );
            Ok(())
        } else {
            Err(Failure::Different(format!(
                "trace replay: {unexplained} of {} records reproduced by no model",
                summaries[0].compared
            )))
        }
    } else {
        replay_verdict(&summaries[0], &model_name(models[0], p))
    }
}

/// Feed the pair the last push compared (if any) to the page's plot.
fn observe(cmp: &mut Comparison, plot: Option<&mut TracePlot>) {
    if let (Some(plot), Some(c)) = (plot, cmp.take_compared()) {
        plot.record(&c.key, c.line_a, c.line_b, &c.diffs);
    }
}

fn value_json(v: &Option<Value>) -> Json {
    match v {
        None => Json::Null,
        Some(v) => Json::String(v.to_string()),
    }
}

fn diff_json(d: &FieldDiff) -> Json {
    json!({"field": d.field, "a": value_json(&d.a), "b": value_json(&d.b), "ulp": d.ulp})
}

fn summary_json(key_name: &str, s: &Summary, two_sided: bool) -> Map<String, Json> {
    let mut m = Map::new();
    if two_sided {
        m.insert("records_a".into(), s.records_a.into());
        m.insert("records_b".into(), s.records_b.into());
    } else {
        m.insert("records".into(), s.records_a.into());
    }
    m.insert("compared".into(), s.compared.into());
    m.insert("diverged".into(), s.diverged.into());
    if two_sided {
        m.insert("missing_in_a".into(), s.missing_in_a.into());
        m.insert("missing_in_b".into(), s.missing_in_b.into());
    }
    let fields: Map<String, Json> = s
        .fields
        .iter()
        .map(|(k, f)| {
            (
                k.clone(),
                json!({"diverged": f.diverged, "worst_ulp": f.worst_ulp}),
            )
        })
        .collect();
    m.insert("fields".into(), fields.into());
    m.insert(
        "first_divergence".into(),
        match &s.first_divergence {
            None => Json::Null,
            Some(d) => json!({
                "key_field": key_name, "key": d.key, "line_a": d.line_a, "line_b": d.line_b,
                "fields": d.diffs.iter().map(diff_json).collect::<Vec<_>>(),
            }),
        },
    );
    if two_sided {
        let keys = |v: &Vec<(String, u64)>| {
            v.iter()
                .map(|(k, l)| json!({"key": k, "line": l}))
                .collect::<Vec<_>>()
        };
        m.insert(
            "first_missing_in_a".into(),
            keys(&s.first_missing_in_a).into(),
        );
        m.insert(
            "first_missing_in_b".into(),
            keys(&s.first_missing_in_b).into(),
        );
    }
    m
}

fn cell(v: &Option<Value>) -> String {
    v.as_ref().map_or_else(
        || "(missing)".to_string(),
        |v| v.to_string().replace('|', "\\|"),
    )
}

fn write_md(
    out: &mut impl Write,
    title: &str,
    key_name: &str,
    s: &Summary,
    two_sided: bool,
) -> std::io::Result<()> {
    writeln!(out, "## {title}\n")?;
    if two_sided {
        writeln!(
            out,
            "| records in A | records in B | compared | diverged | missing in A | missing in B |"
        )?;
        writeln!(out, "| ---: | ---: | ---: | ---: | ---: | ---: |")?;
        writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} |",
            s.records_a, s.records_b, s.compared, s.diverged, s.missing_in_a, s.missing_in_b
        )?;
    } else {
        writeln!(
            out,
            "| records | compared | diverged |\n| ---: | ---: | ---: |"
        )?;
        writeln!(out, "| {} | {} | {} |", s.records_a, s.compared, s.diverged)?;
    }
    if !s.fields.is_empty() {
        writeln!(
            out,
            "\n| field | diverged | worst ULP |\n| --- | ---: | ---: |"
        )?;
        for (k, f) in &s.fields {
            let ulp = f
                .worst_ulp
                .map_or_else(|| "-".to_string(), |u| u.to_string());
            writeln!(out, "| {k} | {} | {ulp} |", f.diverged)?;
        }
    }
    if let Some(d) = &s.first_divergence {
        let lines = if two_sided {
            format!("A line {}, B line {}", d.line_a, d.line_b)
        } else {
            format!("line {}", d.line_a)
        };
        writeln!(out, "\nFirst divergence: {key_name} {} ({lines})\n", d.key)?;
        let (ha, hb) = if two_sided {
            ("A", "B")
        } else {
            ("recorded", "recomputed")
        };
        writeln!(
            out,
            "| field | {ha} | {hb} | ULP |\n| --- | --- | --- | ---: |"
        )?;
        for f in &d.diffs {
            let ulp = f.ulp.map_or_else(|| "-".to_string(), |u| u.to_string());
            writeln!(
                out,
                "| {} | {} | {} | {ulp} |",
                f.field,
                cell(&f.a),
                cell(&f.b)
            )?;
        }
    }
    for (side, list, n) in [
        ("A", &s.first_missing_in_a, s.missing_in_a),
        ("B", &s.first_missing_in_b, s.missing_in_b),
    ] {
        if n > 0 {
            let other = if side == "A" { "B" } else { "A" };
            let shown: Vec<String> = list
                .iter()
                .map(|(k, l)| format!("{k} ({other} line {l})"))
                .collect();
            writeln!(
                out,
                "\nMissing in {side}: {n} records, first {}",
                shown.join(", ")
            )?;
        }
    }
    Ok(())
}
