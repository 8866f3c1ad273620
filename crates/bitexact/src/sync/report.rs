//! The one report shape every format returns (SPEC 12), rendered once as
//! text and as JSON for every front end.

use super::format::Info;
use crate::json::Json;
use core::fmt::Write;
use std::string::String;
use std::vec::Vec;

/// Where a log and its replay (or the other log) first part.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Divergence {
    /// The dump's own entry number (Phobos `#NNNNN`), for call-list logs.
    pub entry: Option<u64>,
    /// The 1-based line of the log file.
    pub line: Option<u64>,
    /// The game frame the log gives.
    pub frame: Option<i64>,
    /// The caller's return address (Phobos).
    pub caller: Option<u32>,
    /// The function holding the caller, from the names given.
    pub caller_name: Option<String>,
    /// The source file the log gives (Generals).
    pub file: Option<String>,
    /// The source line the log gives (Generals).
    pub source_line: Option<u64>,
    /// What the log says.
    pub logged: String,
    /// What the replay (or the other log) says.
    pub expected: String,
    /// Lines around it, as written, the diverging one last (or marked).
    pub context: Vec<String>,
}

impl Divergence {
    /// Where it is, as the text report says it: entry, line, frame and
    /// caller as the log gives them, and with `full` the caller's name and
    /// the source file and line too; "at the start" when the log gives none.
    pub fn place(&self, full: bool) -> String {
        let mut parts: Vec<String> = Vec::new();
        if let Some(e) = self.entry {
            parts.push(std::format!("entry #{e:05}"));
        }
        if let Some(l) = self.line {
            parts.push(std::format!("line {l}"));
        }
        if let Some(f) = self.frame {
            parts.push(std::format!("frame {f}"));
        }
        if let Some(c) = self.caller {
            parts.push(match self.caller_name.as_ref().filter(|_| full) {
                Some(n) => std::format!("caller {c:08x} ({n})"),
                None => std::format!("caller {c:08x}"),
            });
        }
        if let Some(f) = self.file.as_ref().filter(|f| full && !f.is_empty()) {
            parts.push(match self.source_line {
                Some(l) => std::format!("{f} line {l}"),
                None => f.clone(),
            });
        }
        if parts.is_empty() {
            "at the start".into()
        } else {
            parts.join(", ")
        }
    }
}

/// The largest chance that an unrelated stream fits as well that is still
/// called consistent (every placement's bound, SPEC 12).
pub(crate) const MAX_CHANCE: f64 = 1e-4;

/// The answer of a check (`sync::check`).
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The format checked (its name is the JSON's `format`).
    pub format: &'static Info,
    /// The log is consistent with the seed (or the two logs agree). Never true
    /// for a log that could not be placed (see `ambiguous`).
    pub consistent: bool,
    /// One sentence: the answer.
    pub summary: String,
    /// The first divergence, when there is one.
    pub first_divergence: Option<Divergence>,
    /// The signed number of calls or draws whose insertion (positive: the
    /// second log, or the game, made them) or removal (negative) realigns the
    /// rest, when one within the bound does; 0 when only the diverging entry
    /// differs and the rest agrees.
    pub shift: Option<i64>,
    /// The draw count in the seed's stream before the log's first checked
    /// call, when placed.
    pub position: Option<u64>,
    /// The number of placements when more than one fits (the answer is then
    /// "not sure", never "consistent").
    pub ambiguous: Option<u64>,
    /// Entries, lines or values checked.
    pub checked: u64,
    /// Further lines of the text report, after the summary and divergence.
    pub details: Vec<String>,
    /// Format-specific JSON fields.
    pub extra: Vec<(&'static str, Json)>,
}

impl Report {
    /// An empty report of `format`: not consistent, no summary yet.
    pub(crate) fn new(format: &'static Info) -> Self {
        Self {
            format,
            consistent: false,
            summary: String::new(),
            first_divergence: None,
            shift: None,
            position: None,
            ambiguous: None,
            checked: 0,
            details: Vec::new(),
            extra: Vec::new(),
        }
    }

    /// The report as one JSON object: `format`, `consistent`, `summary`,
    /// `first_divergence` (null or `{entry|line, frame, caller,
    /// caller_name, file, source_line, logged, expected, context}`),
    /// `shift`, `position`, `ambiguous`, `checked`, `details`, then the
    /// format's own fields. A divergence's caller fields are there for the
    /// formats whose divergences carry one, its source fields for those
    /// that carry a source line ([`Info::fields`]).
    pub fn to_json(&self) -> String {
        let mut o = Json::object();
        o.set("format", self.format.name);
        o.set("consistent", self.consistent);
        o.set("summary", self.summary.as_str());
        o.set(
            "first_divergence",
            self.first_divergence.as_ref().map_or(Json::Null, |d| {
                let mut j = Json::object();
                if let Some(e) = d.entry {
                    j.set("entry", e);
                }
                j.set("line", d.line);
                j.set("frame", d.frame);
                if self.format.fields.caller {
                    j.set("caller", d.caller);
                    j.set("caller_hex", d.caller.map(|c| std::format!("{c:08x}")));
                    j.set("caller_name", d.caller_name.clone());
                }
                if self.format.fields.source {
                    j.set("file", d.file.clone());
                    j.set("source_line", d.source_line);
                }
                j.set("logged", d.logged.as_str());
                j.set("expected", d.expected.as_str());
                j.set("context", d.context.clone());
                j
            }),
        );
        o.set("shift", self.shift);
        o.set("position", self.position);
        o.set("ambiguous", self.ambiguous);
        o.set("checked", self.checked);
        o.set("details", self.details.clone());
        if let Json::Object(fields) = &mut o {
            fields.extend(self.extra.iter().cloned());
        }
        o.to_text()
    }

    /// The report as text: the summary, the divergence with its context, the
    /// details; one item per line, each line ending in `\n`.
    pub fn text(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "{}", self.summary);
        if let Some(d) = &self.first_divergence {
            let at = d.place(true);
            let _ = writeln!(s, "first divergence: {at}");
            let _ = writeln!(s, "  log says:   {}", d.logged);
            let _ = writeln!(s, "  expected:   {}", d.expected);
            if !d.context.is_empty() {
                let _ = writeln!(s, "  context:");
                for c in &d.context {
                    let _ = writeln!(s, "    {c}");
                }
            }
        }
        for l in &self.details {
            let _ = writeln!(s, "{l}");
        }
        s
    }
}
