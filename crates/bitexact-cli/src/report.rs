//! Printing what the library reports: `key: value` lines or one JSON object
//! (the library's `Fields`), identifications and the bounds commands take.

use crate::{Failure, Outcome};
use bitexact::engine::{Field, Fields};
use serde_json::{Map, Value as Json};
use std::io::Write;

/// A field as JSON: numbers and booleans as themselves, names and hex words
/// as strings.
/// (The library's rule, `bitexact::json::Json::from(Field)`, read back.)
pub fn field_json(f: Field) -> Json {
    serde_json::from_str(&bitexact::json::Json::from(f).to_text()).unwrap_or(Json::Null)
}

/// `key: value` lines (strings unquoted), or one JSON object in the order
/// given.
pub fn write_fields(out: &mut impl Write, json: bool, fields: &[(&str, Field)]) -> Outcome {
    if json {
        let obj: Map<String, Json> = fields
            .iter()
            .map(|(k, v)| ((*k).to_string(), field_json(*v)))
            .collect();
        writeln!(out, "{}", Json::Object(obj))?;
    } else {
        for (k, v) in fields {
            writeln!(out, "{k}: {v}")?;
        }
    }
    Ok(())
}

/// An identification's report: `key: value` lines, or one JSON object that
/// starts with `"identified": true`.
pub fn write_identified(
    out: &mut impl Write,
    json: bool,
    fields: &Fields,
    extra: &[(&str, Json)],
) -> Outcome {
    if json {
        let mut obj = Map::new();
        obj.insert("identified".into(), true.into());
        for (k, v) in fields.iter() {
            obj.insert((*k).to_string(), field_json(*v));
        }
        for (k, v) in extra {
            obj.insert((*k).to_string(), v.clone());
        }
        writeln!(out, "{}", Json::Object(obj))?;
        Ok(())
    } else {
        write_fields(out, false, fields)
    }
}

/// An identification that found nothing (or stopped): exit 1 with `msg` on
/// stderr and, with `--json`, one object on stdout as well:
/// `{"identified": false, "reason": msg, …extra}`.
pub fn not_identified(
    out: &mut impl Write,
    json: bool,
    msg: String,
    extra: &[(&str, Json)],
) -> Outcome {
    if json {
        let mut obj = Map::new();
        obj.insert("identified".into(), false.into());
        obj.insert("reason".into(), msg.clone().into());
        for (k, v) in extra {
            obj.insert((*k).to_string(), v.clone());
        }
        writeln!(out, "{}", Json::Object(obj))?;
    }
    Err(Failure::Different(msg))
}

/// Refuse `n` above `limit`, naming the option: a bound that would run for
/// hours is refused, not started.
pub fn check_bound(n: u64, what: &str, limit: u64) -> Outcome {
    if n > limit {
        Err(Failure::usage(format!(
            "{what} {n} is over the limit of {limit}"
        )))
    } else {
        Ok(())
    }
}
