//! The `sync` page (SPEC 14): verdict, timeline, the divergence side by
//! side with its context, the format's own details.

use super::svg;
use super::{escape, td, Page, Source, Verdict, MAX_ROWS};
use crate::sync::Report;
use core::fmt::Write;
use std::string::{String, ToString};
use std::vec::Vec;

/// The page for a `sync` report (SPEC 14): the verdict (consistent,
/// divergence, or not sure when the log could not be placed) with the
/// report's summary; a timeline of the checked entries with the first
/// divergence marked by a labelled line and the shift drawn as the offset
/// between the two streams; the divergence's entry, line, frame, caller,
/// caller name, source file and line, logged against expected; the context
/// lines, the diverging one marked; the details and format fields. The JSON
/// embedded is [`Report::to_json`], the document `--json` prints.
pub fn sync(report: &Report, source: &Source<'_>) -> String {
    let mut page = Page::new(source);
    let two = source.files.len() > 1;
    let (v, word) = if report.consistent {
        (Verdict::Ok, "Consistent")
    } else if report.ambiguous.is_some_and(|n| n > 1) {
        (Verdict::Unsure, "Not sure")
    } else if report.first_divergence.is_some() {
        (Verdict::Bad, "Divergence")
    } else {
        (Verdict::Unsure, "Not consistent")
    };
    page.verdict(v, word, &report.summary);

    let mut facts: Vec<(&str, String, &str)> = Vec::new();
    facts.push(("format", report.format.name.to_string(), ""));
    facts.push(("checked", report.checked.to_string(), "checked"));
    if let Some(p) = report.position {
        facts.push(("position (draws before the first call)", p.to_string(), ""));
    }
    if let Some(s) = report.shift {
        facts.push(("shift", shift_words(s, two), "shift"));
    }
    if let Some(n) = report.ambiguous {
        facts.push(("placements that fit", n.to_string(), ""));
    }
    page.facts(&facts);

    page.h2("Timeline");
    let mut o = String::new();
    timeline(&mut o, report, two);
    page.raw(&o);

    if let Some(d) = &report.first_divergence {
        page.h2("First divergence");
        let other = if two { "second log" } else { "replay" };
        let mut o = String::from("<div class=\"scroll\"><table id=\"divergence\"><tbody>");
        let mut row = |label: &str, id: &str, value: String| {
            let _ = write!(
                o,
                "<tr><th scope=\"row\">{}</th><td id=\"{id}\" class=\"m\">",
                escape::text(label)
            );
            escape::push_text(&mut o, &value);
            o.push_str("</td></tr>");
        };
        if let Some(e) = d.entry {
            row("entry", "div-entry", std::format!("#{e:05}"));
        }
        if let Some(l) = d.line {
            row("log line", "div-line", l.to_string());
        }
        if let Some(f) = d.frame {
            row("frame", "div-frame", f.to_string());
        }
        if let Some(c) = d.caller {
            row("caller", "div-caller", std::format!("{c:08x}"));
        }
        if let Some(n) = &d.caller_name {
            row("caller name", "div-caller-name", n.clone());
        }
        if report.format.fields.source {
            if let Some(f) = d.file.as_ref().filter(|f| !f.is_empty()) {
                row("source file", "div-file", f.clone());
            }
            if let Some(l) = d.source_line {
                row("source line", "div-source-line", l.to_string());
            }
        }
        o.push_str("</tbody></table></div>");
        // Logged against expected, side by side.
        let _ = write!(
            o,
            "<div class=\"scroll\"><table id=\"sides\"><thead><tr><th>{}</th><th>{}</th></tr></thead>\
             <tbody><tr class=\"mark\">",
            // Two logs: the report's own lines name their side (A or B),
            // and either side may hold the diverging entry.
            if two { "the diverging entry" } else { "log says" },
            if two {
                "the other log there".into()
            } else {
                escape::text(&std::format!("{other} says"))
            }
        );
        td(&mut o, "m", &d.logged);
        td(&mut o, "m", &d.expected);
        o.push_str("</tr></tbody></table></div>\n");
        page.raw(&o);
        if !d.context.is_empty() {
            page.h2("Context");
            page.p(
                "note",
                "The lines around the divergence as the log has them; the diverging one is marked.",
            );
            let mut o = String::from(
                "<div class=\"scroll\"><table id=\"context\"><thead><tr><th>#</th><th>line as written</th><th></th></tr></thead><tbody>",
            );
            let n = d.context.len();
            let skip = n.saturating_sub(MAX_ROWS);
            for (i, c) in d.context.iter().enumerate().skip(skip) {
                let last = i + 1 == n;
                o.push_str(if last { "<tr class=\"mark\">" } else { "<tr>" });
                td(&mut o, "n", &(i + 1).to_string());
                td(&mut o, "m", c);
                o.push_str(if last {
                    "<td><span class=\"tag\">diverges here</span></td>"
                } else {
                    "<td></td>"
                });
                o.push_str("</tr>");
            }
            super::more_row(&mut o, 3, skip as u64, "context lines");
            o.push_str("</tbody></table></div>\n");
            page.raw(&o);
        }
    }

    if !report.details.is_empty() || !report.extra.is_empty() {
        page.h2(&std::format!("Details ({})", report.format.name));
        let mut o = String::from("<ul id=\"details\">");
        let n = report.details.len();
        for l in report.details.iter().take(MAX_ROWS) {
            o.push_str("<li>");
            escape::push_text(&mut o, l);
            o.push_str("</li>");
        }
        if n > MAX_ROWS {
            let _ = write!(
                o,
                "<li class=\"note\">{} more not shown (see the JSON)</li>",
                n - MAX_ROWS
            );
        }
        o.push_str("</ul>");
        if !report.extra.is_empty() {
            o.push_str("<dl class=\"facts\">");
            for (k, v) in &report.extra {
                let mut t = v.to_text();
                if t.len() > 4000 {
                    let cut = (0..=4000)
                        .rev()
                        .find(|&i| t.is_char_boundary(i))
                        .unwrap_or(0);
                    t.truncate(cut);
                    t.push_str(" … (cut; the whole value is in the JSON)");
                }
                o.push_str("<dt>");
                escape::push_text(&mut o, k);
                o.push_str("</dt><dd class=\"m\">");
                escape::push_text(&mut o, &t);
                o.push_str("</dd>");
            }
            o.push_str("</dl>");
        }
        o.push('\n');
        page.raw(&o);
    }
    page.finish(&report.to_json(), "")
}

fn shift_words(s: i64, two: bool) -> String {
    let who = if two { "the second log" } else { "the game" };
    match s {
        0 => "0: only the diverging entry differs, the rest agrees".into(),
        k if k > 0 => {
            std::format!("+{k}: {who} made {k} extra call(s) or draw(s); the rest realigns")
        }
        k => std::format!(
            "{k}: {who} made {} fewer call(s) or draw(s); the rest realigns",
            -k
        ),
    }
}

/// Two lanes (log and replay, or A and B) over the checked entries: where
/// they agree, the first divergence as a labelled line, and after it the
/// second lane offset by the shift.
fn timeline(o: &mut String, r: &Report, two: bool) {
    let (w, h) = (1000.0, 150.0);
    let (x0, x1) = (110.0, 960.0);
    let span = x1 - x0;
    let d = r.first_divergence.as_ref();
    // The divergence sits at three quarters of the width: the agreeing
    // run to its left (its length in words), what follows to its right.
    let at: Option<f64> = d.map(|_| if r.checked > 0 { 0.75 } else { 0.0 });
    let (a_name, b_name) = if two {
        ("A (first log)", "B (second log)")
    } else {
        ("log", "replay")
    };
    let title = match d {
        None => std::format!("{a_name} and {b_name} agree over all {} checked", r.checked),
        Some(_) => {
            std::format!("{a_name} and {b_name} agree up to the first divergence, then part")
        }
    };
    svg::open(o, "timeline", w as u32, h as u32, &title);
    svg::text(o, 8.0, 44.0, "start", a_name);
    svg::text(o, 8.0, 94.0, "start", b_name);
    let agree = "#2e7d4f";
    let part = "#b42318";
    let white = |o: &mut String, x: f64, y: f64, s: &str| {
        let _ = write!(
            o,
            "<text x=\"{x:.1}\" y=\"{y:.1}\" text-anchor=\"middle\" fill=\"#fff\">{}</text>",
            escape::text(s)
        );
    };
    match at {
        None => {
            let fill = if r.consistent { agree } else { "#6b6b6b" };
            let word = if r.consistent { "agree" } else { "not placed" };
            svg::rect(
                o,
                x0,
                30.0,
                span,
                20.0,
                fill,
                &std::format!("{} checked", r.checked),
            );
            svg::rect(o, x0, 80.0, span, 20.0, fill, "");
            white(
                o,
                x0 + span / 2.0,
                44.0,
                &std::format!("{word}: {} checked", r.checked),
            );
            white(o, x0 + span / 2.0, 94.0, word);
            svg::text(o, x0, 145.0, "start", "first checked");
            svg::text(o, x1, 145.0, "end", &std::format!("{} checked", r.checked));
        }
        Some(f) => {
            let xd = x0 + span * f;
            if xd > x0 {
                svg::rect(o, x0, 30.0, xd - x0, 20.0, agree, "agree");
                svg::rect(o, x0, 80.0, xd - x0, 20.0, agree, "agree");
                white(o, (x0 + xd) / 2.0, 44.0, "agree");
                white(o, (x0 + xd) / 2.0, 94.0, "agree");
            }
            let off = match r.shift {
                Some(k) if k != 0 => (k.signum() as f64) * 40.0,
                _ => 0.0,
            };
            let xb = (xd + off).max(x0);
            // After the divergence: light and dashed, labelled "parted".
            svg::rect(o, xd, 30.0, x1 - xd, 20.0, "#f4c7c3", "parted");
            svg::rect(o, xb, 80.0, x1 - xb, 20.0, "#f4c7c3", "parted");
            svg::line(o, xd, 40.0, x1, 40.0, part, 2.0, "6 4");
            svg::line(o, xb, 90.0, x1, 90.0, part, 2.0, "6 4");
            svg::text(o, (xd + x1) / 2.0, 64.0, "middle", "parted");
            svg::line(o, xd, 18.0, xd, 112.0, part, 3.0, "");
            let label = d.map(|d| d.place(false)).unwrap_or_default();
            svg::text(
                o,
                xd - 6.0,
                14.0,
                "end",
                &std::format!("first divergence: {label}"),
            );
            if let Some(k) = r.shift.filter(|k| *k != 0) {
                svg::line(o, xd, 106.0, xb, 106.0, "#111", 2.0, "");
                let who = if two { "B" } else { "the game" };
                let what = if k > 0 { "extra" } else { "missing" };
                svg::text(
                    o,
                    x1,
                    126.0,
                    "end",
                    &std::format!("shift {k:+}: {who} has {} {what}", k.unsigned_abs()),
                );
            }
            svg::text(o, x0, 145.0, "start", "first checked");
            svg::text(
                o,
                xd,
                145.0,
                "middle",
                &std::format!("{} checked", r.checked),
            );
        }
    }
    svg::close(o);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sync::Divergence;

    fn source() -> Source<'static> {
        Source {
            command: "sync phobos",
            files: &["a", "b"],
        }
    }

    #[test]
    fn every_verdict_reads_in_words() {
        let mut r = Report::new(crate::sync::Format::Phobos.info());
        r.consistent = true;
        assert!(sync(&r, &source()).contains("<strong>Consistent</strong>"));
        r.consistent = false;
        r.ambiguous = Some(3);
        assert!(sync(&r, &source()).contains("<strong>Not sure</strong>"));
        r.ambiguous = None;
        // A divergence with nothing checked before it, no entry, a shift.
        r.first_divergence = Some(Divergence::default());
        r.shift = Some(-2);
        let page = sync(&r, &source());
        assert!(page.contains("<strong>Divergence</strong>"));
        assert!(page.contains("first divergence: at the start"));
        assert!(page.contains("shift -2"));
    }
}
