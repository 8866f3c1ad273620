//! `state find`'s answer written once for every front end (SPEC 16): the
//! engines a user names, the text lines and summary the CLI prints, and the
//! JSON document the CLI's `--json`, C's `bx_state_find_json` and Python's
//! `bitexact.state_find` give.

use super::{findable, Hit, Report};
use crate::engines::{Id, NameError};
use crate::json::Json;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

/// Why a name given for `state find` names no engine it looks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineNameError {
    /// Not an engine (or class) at all.
    Unknown(NameError),
    /// An engine whose every byte string of its length is a state (laige,
    /// Generals): not looked for.
    NotLookedFor,
}

impl fmt::Display for EngineNameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineNameError::Unknown(e) => e.fmt(f),
            EngineNameError::NotLookedFor => f.write_str(
                "not looked for by state find (any bytes of its length are one of its states; \
                 cut the state out and use state identify)",
            ),
        }
    }
}

impl core::error::Error for EngineNameError {}

/// The engines a name stands for: a family (every findable class of it:
/// `westwood`), or `family:class` (`westwood:random4`) for one.
pub fn engines_named(name: &str) -> Result<Vec<Id>, EngineNameError> {
    let findable = findable();
    let ids: Vec<Id> = match name.split_once(':') {
        Some((family, class)) => {
            alloc::vec![Id::find(family, Some(class)).map_err(EngineNameError::Unknown)?]
        }
        None => {
            let family: Vec<Id> = Id::family(name).iter().collect();
            if family.is_empty() {
                return Err(EngineNameError::Unknown(
                    Id::find(name, None).expect_err("an empty family is no engine"),
                ));
            }
            family
                .into_iter()
                .filter(|id| findable.contains(id))
                .collect()
        }
    };
    if ids.is_empty() || ids.iter().any(|id| !findable.contains(id)) {
        return Err(EngineNameError::NotLookedFor);
    }
    Ok(ids)
}

/// `westwood random4`, `sots`: an engine as a report names it.
pub fn label(id: Id) -> String {
    id.info().display_name().to_string()
}

/// One hit as a line: `at OFFSET (HEX)[, address A]: ENGINE[ (LAYOUT
/// layout)]: seed S, …` or `: not identified: WHY`, then the other layouts
/// the same bytes were read in.
pub fn hit_line(h: &Hit) -> String {
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
    for a in &h.also {
        let why = a
            .why
            .as_ref()
            .map_or(String::new(), |w| format!(": not identified: {w}"));
        s += &format!(
            " (also read as the {} layout at {}{why})",
            a.layout.unwrap_or("other"),
            a.offset
        );
    }
    s
}

/// The closing line: `looked through N bytes of 'NAME' for ENGINES: K
/// states identified[, M candidates not identified]`.
pub fn summary(report: &Report, name: &str) -> String {
    let names: Vec<String> = report.engines.iter().map(|id| label(*id)).collect();
    let not = match report.candidates.len() {
        0 => String::new(),
        1 => ", 1 candidate not identified".into(),
        n => format!(", {n} candidates not identified"),
    };
    let found = report.identified.len();
    let raw = match &report.read_as_raw {
        Some(why) => format!(" as raw bytes (it starts like a minidump but is not one: {why})"),
        None => String::new(),
    };
    format!(
        "looked through {} bytes of '{name}'{raw} for {}: {found} state{} identified{not}",
        report.bytes,
        names.join(", "),
        if found == 1 { "" } else { "s" }
    )
}

/// One hit as JSON: `offset`, `engine`, `class`, `address`, `layout`, the
/// identification's fields (`seed`, …, `words_drawn`) or `why`, and `also`
/// (each `offset`, `layout` and, for a reading tried and not identified,
/// `why`).
pub fn hit_json(h: &Hit) -> Json {
    let info = h.id.info();
    let mut obj = Json::object();
    obj.set("offset", h.offset);
    obj.set("engine", info.name);
    if let Some(c) = info.class {
        obj.set("class", c);
    }
    if let Some(a) = h.address {
        obj.set("address", a);
    }
    if let Some(l) = h.layout {
        obj.set("layout", l);
    }
    match &h.fields {
        Some(fields) => {
            for &(k, v) in fields {
                obj.set(k, v);
            }
        }
        None => obj.set("why", h.why.as_str()),
    }
    if !h.also.is_empty() {
        let also = h
            .also
            .iter()
            .map(|a| {
                let mut o = Json::object();
                o.set("offset", a.offset);
                o.set("layout", a.layout.map_or(Json::Null, Json::from));
                if let Some(why) = &a.why {
                    o.set("why", why.as_str());
                }
                o
            })
            .collect();
        obj.set("also", Json::Array(also));
    }
    obj
}

/// The report as one JSON object: `identified` (hits), `candidates` (how
/// many), `bytes`, `engines`, `complete` (false when stopped), and with
/// `all` the candidates themselves as `candidate_list`.
pub fn report_json(report: &Report, all: bool) -> Json {
    let list = |hits: &[Hit]| Json::Array(hits.iter().map(hit_json).collect());
    let mut obj = Json::object();
    obj.set("identified", list(&report.identified));
    obj.set("candidates", report.candidates.len() as u64);
    obj.set("bytes", report.bytes);
    obj.set(
        "engines",
        Json::Array(report.engines.iter().map(|id| label(*id).into()).collect()),
    );
    obj.set("complete", !report.stopped);
    if let Some(why) = &report.read_as_raw {
        obj.set("read_as_raw", why.as_str());
    }
    if all {
        obj.set("candidate_list", list(&report.candidates));
    }
    obj
}
