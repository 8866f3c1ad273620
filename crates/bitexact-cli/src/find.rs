//! `bitexact state find`: every generator state in a whole file (SPEC 16),
//! through `bitexact::find`; this file reads the file, names the engines,
//! prints.

use crate::cli::FindArgs;
use crate::report::field_json;
use crate::{Failure, Outcome};
use bitexact::engine::Id;
use bitexact::find::{self, minidump, Hit, Region};
use serde_json::{json, Value as Json};
use std::io::Write;

/// The largest file read: 4 GiB.
const MAX_FILE: usize = 1 << 32;

pub fn run(args: &FindArgs, out: &mut impl Write) -> Outcome {
    let bytes = crate::read_limited(&args.file, MAX_FILE)?;
    let name = crate::input_name(&args.file);
    let engines = engines(&args.engines)?;
    let regions = if minidump::is_minidump(&bytes) {
        minidump::regions(&bytes).map_err(|e| Failure::usage(format!("'{name}': {e}")))?
    } else {
        vec![Region {
            bytes: &bytes,
            file_offset: 0,
            address: None,
        }]
    };
    let plan = crate::search::plan(args.threads, 1)?;
    let stop = crate::search::ctrl_c_pressed();
    let stop = move || stop();
    let report = find::find(&regions, &engines, &plan, &stop);
    if args.json {
        let list = |hits: &[Hit]| -> Vec<Json> { hits.iter().map(hit_json).collect() };
        let mut obj = json!({
            "identified": list(&report.identified),
            "candidates": report.candidates.len(),
            "bytes": report.bytes,
            "engines": report.engines.iter().map(|id| label(*id)).collect::<Vec<_>>(),
            "complete": !report.stopped,
        });
        if args.all {
            obj["candidate_list"] = list(&report.candidates).into();
        }
        writeln!(out, "{obj}")?;
    } else {
        for h in &report.identified {
            writeln!(out, "{}", hit_line(h))?;
        }
        if args.all {
            for h in &report.candidates {
                writeln!(out, "{}", hit_line(h))?;
            }
        }
    }
    out.flush()?;
    let names: Vec<String> = report.engines.iter().map(|id| label(*id)).collect();
    let not = match report.candidates.len() {
        0 => String::new(),
        n if args.all => format!(", {n} candidates not identified (listed)"),
        n => format!(", {n} candidates not identified (--all lists them)"),
    };
    let found = report.identified.len();
    let summary = format!(
        "looked through {} bytes of '{name}' for {}: {found} state{} identified{not}",
        report.bytes,
        names.join(", "),
        if found == 1 { "" } else { "s" }
    );
    if report.stopped {
        return Err(Failure::Interrupted(format!(
            "{summary} (interrupted: the rest of the file, or of a seed search, was not looked \
             through)"
        )));
    }
    if found == 0 {
        return Err(Failure::Different(summary));
    }
    crate::summary!("{summary}");
    Ok(())
}

/// `--engine` names: a family (every findable class of it), or
/// `westwood:random4` for one class.
fn engines(names: &[String]) -> Result<Vec<Id>, Failure> {
    let findable = find::findable();
    let mut out = Vec::new();
    for n in names {
        let (family, class) = match n.split_once(':') {
            Some((f, c)) => (f, Some(c)),
            None => (n.as_str(), None),
        };
        let ids: Vec<Id> = match class {
            Some(c) => vec![Id::find(family, Some(c))
                .map_err(|e| Failure::usage(format!("--engine {n}: {e}")))?],
            None => {
                let fam: Vec<Id> = Id::family(family).iter().collect();
                if fam.is_empty() {
                    return Err(Failure::usage(format!(
                        "--engine {n}: {}",
                        Id::find(family, None).unwrap_err()
                    )));
                }
                fam.into_iter().filter(|id| findable.contains(id)).collect()
            }
        };
        if ids.is_empty() || ids.iter().any(|id| !findable.contains(id)) {
            return Err(Failure::usage(format!(
                "--engine {n}: not looked for by state find (any bytes of its length are one of its states; \
                 cut the state out and use state identify)"
            )));
        }
        out.extend(ids);
    }
    out.sort();
    out.dedup();
    Ok(out)
}

/// `westwood random4`, `sots`.
fn label(id: Id) -> String {
    id.info().display_name().to_string()
}

fn hit_line(h: &Hit) -> String {
    let mut s = format!("at {} ({:#x})", h.offset, h.offset);
    if let Some(a) = h.address {
        s += &format!(", address {a:#x}");
    }
    s += &format!(": {}", label(h.id));
    if let Some(l) = h.layout {
        s += &format!(" ({l} layout)");
    }
    match &h.fields {
        Some(fields) => {
            let f: Vec<String> = fields.iter().map(|(k, v)| format!("{k} {v}")).collect();
            s += &format!(": {}", f.join(", "));
        }
        None => s += &format!(": not identified: {}", h.why),
    }
    for (offset, layout) in &h.also {
        s += &format!(
            " (also read as the {} layout at {offset})",
            layout.unwrap_or("other")
        );
    }
    s
}

fn hit_json(h: &Hit) -> Json {
    let info = h.id.info();
    let mut obj = json!({"offset": h.offset, "engine": info.name});
    if let Some(c) = info.class {
        obj["class"] = c.into();
    }
    if let Some(a) = h.address {
        obj["address"] = a.into();
    }
    if let Some(l) = h.layout {
        obj["layout"] = l.into();
    }
    match &h.fields {
        Some(fields) => {
            for (k, v) in fields {
                obj[*k] = field_json(*v);
            }
        }
        None => obj["why"] = h.why.clone().into(),
    }
    if !h.also.is_empty() {
        obj["also"] = h
            .also
            .iter()
            .map(|(offset, layout)| json!({"offset": offset, "layout": layout}))
            .collect::<Vec<_>>()
            .into();
    }
    obj
}
