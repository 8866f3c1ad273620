//! The `ledger` page (SPEC 14): words per turn, stacked by entry point.

use super::svg;
use super::{td, Page, Source, Verdict, MAX_COLUMNS, MAX_ROWS};
use crate::ledger::Report;
use core::fmt::Write;
use std::string::{String, ToString};
use std::vec::Vec;

/// Fills for the entry points, in order (also told apart by the legend's
/// order, each segment's title and the table).
const FILLS: [&str; 8] = [
    "#1f4fd1", "#b63d07", "#25793a", "#7a2a90", "#7d6200", "#0b6675", "#a81e50", "#495057",
];

/// The page for a ledger run (SPEC 14): the words per turn as bars stacked
/// by entry point (turns beyond [`MAX_COLUMNS`] summed in groups), with a
/// legend, and the same numbers as a table (calls and words per entry
/// point per turn, at most [`MAX_ROWS`] turns listed), the total and the
/// closing fields. `json` is the JSON the front end prints for the run,
/// embedded as it is.
pub fn ledger(report: &Report, json: &str, source: &Source<'_>) -> String {
    let mut page = Page::new(source);
    let names: Vec<&str> = report.taps.iter().map(|t| t.entry).collect();
    let total = report.total.total();
    page.verdict(
        Verdict::Ok,
        "Ledger",
        &std::format!(
            "{} call(s), {} word(s) over {} turn(s).",
            total.calls,
            total.words,
            report.turns.len()
        ),
    );
    let mut facts: Vec<(&str, String, &str)> = Vec::new();
    for (k, v) in &report.fields {
        facts.push((k, v.to_string(), ""));
    }
    page.facts(&facts);
    // Entry points used anywhere, in the engine's order.
    let used: Vec<usize> = (0..names.len())
        .filter(|&i| report.total.get(i).calls > 0)
        .collect();
    page.h2("Words per turn, by entry point");
    let mut o = String::new();
    // Legend.
    o.push_str("<ul class=\"note\" id=\"legend\" style=\"list-style:none;padding:0\">");
    for (k, &i) in used.iter().enumerate() {
        let _ = write!(
            o,
            "<li><svg width=\"12\" height=\"12\" viewBox=\"0 0 12 12\" style=\"display:inline;margin:0 .3rem 0 0\" aria-hidden=\"true\">\
             <rect width=\"12\" height=\"12\" fill=\"{}\"/></svg>{} (stacked {}{})</li>",
            FILLS[k % FILLS.len()],
            super::escape::text(names[i]),
            if k == 0 { "at the bottom" } else { "above " },
            if k == 0 { String::new() } else { super::escape::text(names[used[k - 1]]) }
        );
    }
    o.push_str("</ul>");
    // Bars: turns grouped so at most MAX_COLUMNS columns.
    let n = report.turns.len();
    let group = n.div_ceil(MAX_COLUMNS).max(1);
    let cols: Vec<(u64, u64, Vec<u64>)> = report
        .turns
        .chunks(group)
        .map(|c| {
            let words = used
                .iter()
                .map(|&i| c.iter().map(|t| t.get(i).words).sum())
                .collect();
            (c[0].number, c[c.len() - 1].number, words)
        })
        .collect();
    let max = cols
        .iter()
        .map(|(_, _, w)| w.iter().sum::<u64>())
        .max()
        .unwrap_or(0)
        .max(1);
    let (w, h) = (1000.0, 260.0);
    let (x0, x1, top, base) = (70.0, 985.0, 20.0, 225.0);
    let cw = (x1 - x0) / cols.len().max(1) as f64;
    svg::open(
        &mut o,
        "turns",
        w as u32,
        h as u32,
        &std::format!("Words per turn stacked by entry point; the largest turn spends {max} words"),
    );
    svg::line(&mut o, x0, base, x1, base, "#111", 1.0, "");
    svg::line(&mut o, x0, top, x0, base, "#111", 1.0, "");
    svg::text(&mut o, x0 - 6.0, base + 4.0, "end", "0");
    svg::text(&mut o, x0 - 6.0, top + 4.0, "end", &max.to_string());
    svg::text(&mut o, 4.0, top - 6.0, "start", "words");
    for (c, (from, to, words)) in cols.iter().enumerate() {
        let x = x0 + c as f64 * cw + cw * 0.1;
        let mut y = base;
        for (k, &wd) in words.iter().enumerate() {
            if wd == 0 {
                continue;
            }
            let hh = wd as f64 / max as f64 * (base - top);
            y -= hh;
            let turn = if from == to {
                std::format!("turn {from}")
            } else {
                std::format!("turns {from}–{to}")
            };
            svg::rect(
                &mut o,
                x,
                y,
                cw * 0.8,
                hh,
                FILLS[k % FILLS.len()],
                &std::format!("{turn}: {} {wd} words", names[used[k]]),
            );
            // The numbers in words too, where they fit.
            if hh >= 14.0 && cw >= 40.0 {
                let _ = write!(
                    o,
                    "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#fff\">{} {wd}</text>",
                    x + cw * 0.4,
                    y + hh / 2.0 + 4.0,
                    super::escape::text(names[used[k]])
                );
            }
        }
        if cw >= 24.0 {
            let label = if from == to {
                from.to_string()
            } else {
                std::format!("{from}–{to}")
            };
            svg::text(&mut o, x + cw * 0.4, base + 14.0, "middle", &label);
        }
    }
    if let (Some(f), Some(l)) = (cols.first(), cols.last()) {
        svg::text(
            &mut o,
            x0,
            base + 30.0,
            "start",
            &std::format!("turn {}", f.0),
        );
        svg::text(
            &mut o,
            x1,
            base + 30.0,
            "end",
            &std::format!("turn {}", l.1),
        );
    }
    svg::close(&mut o);
    if group > 1 {
        let _ = write!(
            o,
            "<p class=\"note\">Each bar sums {group} consecutive turns.</p>"
        );
    }
    page.raw(&o);

    page.h2("Per turn");
    let mut o = String::from("<div class=\"scroll\"><table id=\"ledger\"><thead><tr><th>turn</th>");
    for &i in &used {
        let _ = write!(
            o,
            "<th>{} (calls / words)</th>",
            super::escape::text(names[i])
        );
    }
    o.push_str("<th>total words</th></tr></thead><tbody>");
    let row = |o: &mut String, label: &str, t: &crate::ledger::Turn| {
        o.push_str("<tr>");
        td(o, "n", label);
        for &i in &used {
            let x = t.get(i);
            td(o, "n", &std::format!("{} / {}", x.calls, x.words));
        }
        td(o, "n", &t.total().words.to_string());
        o.push_str("</tr>");
    };
    for t in report.turns.iter().take(MAX_ROWS) {
        row(&mut o, &t.number.to_string(), t);
    }
    super::more_row(
        &mut o,
        used.len() + 2,
        n.saturating_sub(MAX_ROWS) as u64,
        "turns",
    );
    row(&mut o, "total", &report.total);
    o.push_str("</tbody></table></div>\n");
    page.raw(&o);
    page.finish(json, "")
}
