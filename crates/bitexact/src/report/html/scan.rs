//! The `scan` page (SPEC 14): the functions holding sites, sortable, with
//! each site's instruction addresses.

use super::{escape, td, Page, Source, Verdict, MAX_ROWS};
use crate::scan::{Finding, Report};
use core::fmt::Write;
use std::string::{String, ToString};
use std::vec::Vec;

/// The most sites listed per function, and instruction addresses per site.
const MAX_SITES_LISTED: usize = 32;
const MAX_INSNS_LISTED: usize = 24;

/// Sorting for `table.sortable`: a header's button sorts by its column
/// (numbers by `data-v`, else text), again to reverse. The page reads the
/// same without it.
const SORT: &str = "document.querySelectorAll('table.sortable').forEach(function(t){\
var hs=t.tHead.rows[0].cells;Array.prototype.forEach.call(hs,function(th,i){\
var b=th.querySelector('button');if(!b)return;b.addEventListener('click',function(){\
var asc=th.getAttribute('aria-sort')!=='ascending';\
Array.prototype.forEach.call(hs,function(h){h.removeAttribute('aria-sort')});\
th.setAttribute('aria-sort',asc?'ascending':'descending');\
var body=t.tBodies[0],rows=Array.prototype.slice.call(body.rows);\
rows.sort(function(x,y){var a=x.cells[i].getAttribute('data-v'),c=y.cells[i].getAttribute('data-v');\
var r=(a!==null&&c!==null)?parseFloat(a)-parseFloat(c):x.cells[i].textContent.localeCompare(y.cells[i].textContent);\
return asc?r:-r});rows.forEach(function(r){body.appendChild(r)})})})});";

/// The page for a `scan` report (SPEC 14): the verdict (sites found, only
/// constants other algorithms share, or none; MT19937 confirmed or not, in
/// [`Mt19937::sentence`](crate::scan::Mt19937::sentence)'s words); the table of functions holding sites —
/// address, symbol, sites, signatures, complete sites, reachability from
/// the origin — sortable by a small script (headers are buttons); each
/// site's signature and instruction addresses; sweep-only leads counted.
/// The JSON embedded is [`Report::to_json`], the document `--json` prints.
pub fn scan(report: &Report, source: &Source<'_>) -> String {
    let mut page = Page::new(source);
    let complete = report.sites.iter().filter(|s| s.complete).count();
    let shared = report.shared_constants();
    match report.finding() {
        Finding::None => page.verdict(
            Verdict::Unsure,
            "No site found",
            "no generator site in code both decodings agree on.",
        ),
        Finding::SharedConstantsOnly => page.verdict(
            Verdict::Unsure,
            "No generator found",
            &std::format!(
                "{} site(s), none complete, each only a constant other algorithms use too.",
                report.sites.len()
            ),
        ),
        Finding::Sites => {
            let mt = report
                .mt19937()
                .map_or(String::new(), |m| std::format!("; {}", m.sentence()));
            page.verdict(
                Verdict::Ok,
                "Sites found",
                &std::format!(
                    "{} site(s) ({complete} complete) in {} function(s){mt}.",
                    report.sites.len(),
                    report.functions.len()
                ),
            );
        }
    }
    if let Some((headline, lines)) = &shared {
        page.p("note", &std::format!("{headline}:"));
        for line in lines {
            page.p("note", line);
        }
    }
    let i = &report.image;
    page.facts(&[
        (
            "image",
            std::format!("{} {}", i.format.name(), i.arch.name()),
            "",
        ),
        (
            "entry",
            i.entry.map_or("—".into(), |e| std::format!("{e:#x}")),
            "",
        ),
        ("code bytes", report.stats.code_bytes.to_string(), ""),
        ("functions found", report.stats.functions.to_string(), ""),
        (
            "sweep-only sites (leads, not counted)",
            report.sweep_sites.len().to_string(),
            "",
        ),
    ]);
    if !report.functions.is_empty() {
        page.h2("Functions holding sites");
        page.p("note", "Sort by a column with its header's button (needs script; the order below is by address).");
        let mut o = String::from(
            "<div class=\"scroll\"><table id=\"functions\" class=\"sortable\"><thead><tr>",
        );
        for h in [
            "address",
            "name",
            "sites",
            "signatures",
            "complete",
            "reachable",
        ] {
            let _ = write!(
                o,
                "<th scope=\"col\"><button type=\"button\">{h}</button></th>"
            );
        }
        o.push_str("<th scope=\"col\">site addresses</th></tr></thead><tbody>");
        for (k, f) in report.functions.iter().enumerate().take(MAX_ROWS) {
            let sites: Vec<&crate::scan::Site> =
                report.sites.iter().filter(|s| s.function == k).collect();
            let mut sigs: Vec<(&str, usize)> = Vec::new();
            for s in &sites {
                match sigs.iter_mut().find(|(n, _)| *n == s.signature.name()) {
                    Some(e) => e.1 += 1,
                    None => sigs.push((s.signature.name(), 1)),
                }
            }
            let done = sites.iter().filter(|s| s.complete).count();
            let _ = write!(
                o,
                "<tr><td class=\"m\" data-v=\"{}\">{:#x}</td>",
                f.va, f.va
            );
            td(&mut o, "m", f.name.as_deref().unwrap_or("—"));
            let _ = write!(o, "<td class=\"n\" data-v=\"{}\">{}</td>", f.sites, f.sites);
            let sig_text: Vec<String> =
                sigs.iter().map(|(n, c)| std::format!("{n} ×{c}")).collect();
            td(&mut o, "m", &sig_text.join(", "));
            let _ = write!(
                o,
                "<td class=\"n\" data-v=\"{done}\">{done} of {}</td>",
                sites.len()
            );
            let (reach, v) = match f.reachable {
                None => ("— (no --from)".to_string(), -1),
                Some(true) => {
                    let path: Vec<String> = f
                        .path
                        .iter()
                        .map(|(va, n)| n.clone().unwrap_or_else(|| std::format!("{va:#x}")))
                        .collect();
                    (std::format!("yes: {}", path.join(" → ")), 1)
                }
                Some(false) => ("no".to_string(), 0),
            };
            let _ = write!(
                o,
                "<td data-v=\"{v}\">{}</td><td class=\"m\">",
                escape::text(&reach)
            );
            for s in sites.iter().take(MAX_SITES_LISTED) {
                let insns: Vec<String> = s
                    .instructions
                    .iter()
                    .take(MAX_INSNS_LISTED)
                    .map(|a| std::format!("{a:#x}"))
                    .collect();
                let more = s.instructions.len().saturating_sub(MAX_INSNS_LISTED);
                let _ = write!(
                    o,
                    "<div>{:#x} {} ({}): {}{}</div>",
                    s.va,
                    escape::text(s.signature.name()),
                    if s.complete { "complete" } else { "partial" },
                    insns.join(" "),
                    if more > 0 {
                        std::format!(" … {more} more")
                    } else {
                        String::new()
                    }
                );
            }
            if sites.len() > MAX_SITES_LISTED {
                let _ = write!(
                    o,
                    "<div class=\"note\">{} more sites not shown</div>",
                    sites.len() - MAX_SITES_LISTED
                );
            }
            o.push_str("</td></tr>");
        }
        o.push_str("</tbody></table></div>\n");
        if report.functions.len() > MAX_ROWS {
            let _ = write!(
                o,
                "<p class=\"note\">{} more functions not shown (see the JSON).</p>",
                report.functions.len() - MAX_ROWS
            );
        }
        page.raw(&o);
    }
    page.finish(&report.to_json(), SORT)
}
