//! The report as JSON (SPEC 10's shape), written once here so the CLI, the
//! C ABI and the Python package print the same document.

use alloc::format;
use alloc::string::String;
use core::fmt::Write;

use crate::json::string;

use super::report::{Function, Report, Signature, Site};

fn hex(v: u64) -> String {
    format!("\"{v:#x}\"")
}

fn opt_name(n: Option<&str>) -> String {
    n.map_or_else(|| "null".into(), string)
}

impl Report {
    /// The report as one JSON object (SPEC 10):
    /// `{"image":{…},"sites":[…],"functions":[…],"data":[…],"stats":{…},"sweep_sites":[…],"mt19937":…,"finding":…}`.
    /// Addresses are hex strings. `sweep_sites` is empty unless asked
    /// for; each site says `"sweep_only"` and `"shared_constant"`
    /// ([`Site::shared_constant`]); `finding` is `"sites"`,
    /// `"shared_constants_only"` or `"none"` ([`Report::finding`]: the
    /// CLI exits 0 for `"sites"` only).
    ///
    /// Five fields can be `null`, each meaning "none, or not asked", never
    /// an error: `image.entry` (the entry point is not in code, or the
    /// image has none), a site's `function` (its function has no symbol;
    /// always for a sweep-only site, whose run has none), a function's
    /// `name` (no symbol: the text report calls it `sub_<va>`), a
    /// function's `reachable` (no origin was given), and `mt19937` (no
    /// site is MT19937's; else `"confirmed"` or `"unconfirmed"` as
    /// [`Report::mt19937`] says). A function's `path` is there only when
    /// `reachable` is `true`. Every other field is always there and never
    /// `null`.
    pub fn to_json(&self) -> String {
        let mut o = String::new();
        let i = &self.image;
        let _ = write!(
            o,
            "{{\"image\":{{\"format\":\"{}\",\"arch\":\"{}\",\"entry\":{}}},\"sites\":[",
            i.format.name(),
            i.arch.name(),
            i.entry.map_or_else(|| "null".into(), hex)
        );
        for (k, s) in self.sites.iter().enumerate() {
            if k > 0 {
                o.push(',');
            }
            site_json(&mut o, s, &self.functions[s.function]);
        }
        o.push_str("],\"functions\":[");
        for (k, f) in self.functions.iter().enumerate() {
            if k > 0 {
                o.push(',');
            }
            let _ = write!(
                o,
                "{{\"va\":{},\"name\":{},\"sites\":{},\"signatures\":{{",
                hex(f.va),
                opt_name(f.name.as_deref()),
                f.sites
            );
            let mut first = true;
            for sig in Signature::ALL {
                let n = self
                    .sites
                    .iter()
                    .filter(|s| s.signature == sig && core::ptr::eq(&self.functions[s.function], f))
                    .count();
                if n > 0 {
                    if !first {
                        o.push(',');
                    }
                    first = false;
                    let _ = write!(o, "\"{}\":{n}", sig.name());
                }
            }
            let _ = write!(
                o,
                "}},\"reachable\":{}",
                f.reachable
                    .map_or("null", |r| if r { "true" } else { "false" })
            );
            if f.reachable == Some(true) {
                o.push_str(",\"path\":[");
                for (j, (va, name)) in f.path.iter().enumerate() {
                    if j > 0 {
                        o.push(',');
                    }
                    match name {
                        Some(n) => o.push_str(&string(n)),
                        None => o.push_str(&hex(*va)),
                    }
                }
                o.push(']');
            }
            o.push('}');
        }
        o.push_str("],\"data\":[");
        for (k, d) in self.data.iter().enumerate() {
            if k > 0 {
                o.push(',');
            }
            let c = if d.width == 4 {
                format!("\"{:#010x}\"", d.constant)
            } else {
                format!("\"{:#018x}\"", d.constant)
            };
            let _ = write!(
                o,
                "{{\"va\":{},\"constant\":{c},\"signature\":\"{}\",\"section\":{},\"referenced\":{},\"in_code\":{},\"sweep_only\":{}}}",
                hex(d.va),
                d.signature.name(),
                string(&d.section),
                d.referenced,
                d.in_code,
                d.sweep_only
            );
        }
        let s = &self.stats;
        let _ = write!(
            o,
            "],\"stats\":{{\"code_bytes\":{},\"swept\":{},\"agreed\":{},\"functions\":{}}},\"sweep_sites\":[",
            s.code_bytes, s.swept, s.agreed, s.functions
        );
        for (k, s) in self.sweep_sites.iter().enumerate() {
            if k > 0 {
                o.push(',');
            }
            site_json(&mut o, s, &self.sweep_runs[s.function]);
        }
        let mt = self
            .mt19937()
            .map_or_else(|| "null".into(), |m| format!("\"{}\"", m.name()));
        let _ = write!(
            o,
            "],\"mt19937\":{mt},\"finding\":\"{}\"}}",
            self.finding().name()
        );
        o
    }
}

/// One site's object; `f` is its function (or, sweep-only, its run).
fn site_json(o: &mut String, s: &Site, f: &Function) {
    let _ = write!(
        o,
        "{{\"va\":{},\"signature\":\"{}\",\"complete\":{},\"seen\":[",
        hex(s.va),
        s.signature.name(),
        s.complete
    );
    for (j, p) in s.seen.iter().enumerate() {
        if j > 0 {
            o.push(',');
        }
        o.push_str(&string(p));
    }
    let _ = write!(
        o,
        "],\"function\":{},\"function_va\":{},\"sweep_only\":{},\"instructions\":[",
        opt_name(f.name.as_deref()),
        hex(f.va),
        s.sweep_only
    );
    for (j, a) in s.instructions.iter().enumerate() {
        if j > 0 {
            o.push(',');
        }
        o.push_str(&hex(*a));
    }
    let _ = write!(o, "],\"shared_constant\":{}}}", s.shared_constant());
}
