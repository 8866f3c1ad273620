//! Inline SVG pieces: every picture on a page is drawn from the report
//! here, its numbers also in words (an SVG `<title>` and the text beside).

use super::escape;
use core::fmt::Write;
use std::string::String;

/// `<svg>` of `w`×`h` user units with an accessible title (`id` names it).
pub(crate) fn open(o: &mut String, id: &str, w: u32, h: u32, title: &str) {
    let _ = write!(
        o,
        "<div class=\"scroll\"><svg id=\"{}\" \
         viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" role=\"img\" \
         aria-labelledby=\"{}-t\" font-family=\"system-ui,sans-serif\" font-size=\"12\">\
         <title id=\"{}-t\">{}</title>",
        escape::attr(id),
        escape::attr(id),
        escape::attr(id),
        escape::text(title)
    );
}

pub(crate) fn close(o: &mut String) {
    o.push_str("</svg></div>\n");
}

/// Text at (x, y); `anchor` is `start`, `middle` or `end`.
pub(crate) fn text(o: &mut String, x: f64, y: f64, anchor: &str, s: &str) {
    let _ = write!(
        o,
        "<text x=\"{x:.1}\" y=\"{y:.1}\" text-anchor=\"{anchor}\" fill=\"#111\">{}</text>",
        escape::text(s)
    );
}

/// A rectangle; `title` (if any) is its tooltip and accessible name.
#[allow(clippy::too_many_arguments)]
pub(crate) fn rect(o: &mut String, x: f64, y: f64, w: f64, h: f64, fill: &str, title: &str) {
    let _ = write!(
        o,
        "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{w:.2}\" height=\"{h:.2}\" fill=\"{fill}\""
    );
    if title.is_empty() {
        o.push_str("/>");
    } else {
        let _ = write!(o, "><title>{}</title></rect>", escape::text(title));
    }
}

/// A line; `dash` is an SVG dash array or empty.
#[allow(clippy::too_many_arguments)]
pub(crate) fn line(
    o: &mut String,
    x1: f64,
    y1: f64,
    x2: f64,
    y2: f64,
    stroke: &str,
    width: f64,
    dash: &str,
) {
    let _ = write!(
        o,
        "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"{stroke}\" stroke-width=\"{width}\""
    );
    if !dash.is_empty() {
        let _ = write!(o, " stroke-dasharray=\"{dash}\"");
    }
    o.push_str("/>");
}
