//! One self-contained HTML page per report (SPEC 14).
//!
//! [`sync`], [`trace`], [`scan()`] (feature `scan`) and [`ledger`] each
//! return a whole page as a `String`, for a front end to write where it
//! was asked. The contract every page keeps:
//!
//! - **Self-contained**: one file; no network (no CDN, no web font, no
//!   external script, no resource reference at all: every `href` is a
//!   `#fragment`); CSS inline; the pictures are inline SVG drawn here from
//!   the report; the only script is the scan table's sorting, and every
//!   page reads without it.
//! - **The report's JSON inside**: `<script type="application/json"
//!   id="report">` holds the JSON the front end prints for `--json`, with
//!   each `<` written `\u003c` ([`escape::script_json`]) so nothing in the
//!   data can end the element; `JSON.parse` of its text is the report.
//! - **For a person**: the verdict first, in words (colour is never the
//!   only signal: the divergence is labelled in text as well); dark text on
//!   light; a `<meta name=viewport>` and a max-width layout for 1280×800
//!   and phone widths; sortable headers are buttons (keyboard reachable);
//!   `<title>` names the command and the file.
//! - **Bounded**: tables are capped (the rows around a divergence kept, the
//!   rest counted as "N more not shown") and plots binned into at most
//!   [`MAX_COLUMNS`] columns, so a report over a 1 GiB log or a
//!   million-record trace stays a few MB — as long as its JSON does.
//! - **Hostile text stays text**: every string from a log, a trace, an
//!   image or a file name is escaped ([`escape`]); bytes that are not UTF-8
//!   are shown as U+FFFD ([`escape::lossy`]).

pub mod escape;
mod ledger;
#[cfg(feature = "scan")]
mod scan;
mod svg;
mod sync;
mod trace;

pub use ledger::ledger;
#[cfg(feature = "scan")]
pub use scan::scan;
pub use sync::sync;
pub use trace::{trace, TracePlot};

use core::fmt::Write;
use std::string::String;

/// The most columns a plot draws (records or entries beyond it are binned,
/// each column keeping its bin's worst value).
pub const MAX_COLUMNS: usize = 2000;

/// The most rows a table lists before "N more not shown".
pub const MAX_ROWS: usize = 500;

/// What a page is about: the command (`sync phobos`, `trace compare`,
/// `scan`, `ledger sots`) and its input files as the user named them
/// (decode names that are not UTF-8 with [`escape::lossy`]).
#[derive(Clone, Copy, Debug)]
pub struct Source<'a> {
    /// The command, without the program name: `sync phobos`.
    pub command: &'a str,
    /// The input files, in command-line order.
    pub files: &'a [&'a str],
}

impl Source<'_> {
    fn title(&self) -> String {
        let mut t = std::format!("bitexact {}", self.command);
        if !self.files.is_empty() {
            t.push_str(": ");
            t.push_str(&self.files.join(" vs "));
        }
        t
    }
}

const CSS: &str = "\
:root{color-scheme:light}\
*{box-sizing:border-box}\
body{margin:0;background:#fff;color:#111;font:16px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif}\
main{max-width:72rem;margin:0 auto;padding:1rem}\
h1{font-size:1.35rem;margin:.2rem 0 .5rem;overflow-wrap:anywhere}\
h2{font-size:1.15rem;margin:1.6rem 0 .5rem}\
h3{font-size:1rem;margin:1.2rem 0 .4rem;overflow-wrap:anywhere}\
p,li,dd{overflow-wrap:anywhere}\
.verdict{font-size:1.15rem;padding:.75rem 1rem;border-left:.5rem solid;margin:1rem 0}\
.verdict strong{text-transform:uppercase;letter-spacing:.03em;margin-right:.5rem}\
.ok{background:#e8f5ec;border-color:#1a7f37}\
.bad{background:#fdeceb;border-color:#b42318}\
.unsure{background:#fff4d6;border-color:#8a5a00}\
.scroll{overflow-x:auto;max-width:100%}\
table{border-collapse:collapse;font-size:.9rem;margin:.3rem 0}\
th,td{border:1px solid #bbb;padding:.25rem .5rem;text-align:left;vertical-align:top}\
th{background:#f1f1f1}\
td.n{text-align:right;font-variant-numeric:tabular-nums}\
code,.m{font-family:ui-monospace,'Cascadia Mono',Consolas,'DejaVu Sans Mono',monospace;font-size:.88em}\
tr.mark td{background:#fdeceb;font-weight:600}\
.tag{display:inline-block;border:1px solid #b42318;color:#8c1c13;padding:0 .3rem;font-size:.8rem;font-weight:700}\
svg{max-width:100%;height:auto;display:block;margin:.4rem 0}.scroll>svg{min-width:720px}\
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.15rem 1rem;margin:.5rem 0}\
dl.facts dt{font-weight:600}dl.facts dd{margin:0}\
th button{font:inherit;font-weight:600;color:#111;background:none;border:0;padding:0;cursor:pointer;text-decoration:underline}\
th button:focus{outline:2px solid #1f4fd1}\
.note{color:#3d3d3d;font-size:.9rem}\
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f6f6f6;padding:.5rem;font-size:.85rem}\
@media (max-width:40rem){body{font-size:15px}main{padding:.6rem}table{font-size:.8rem}}";

/// A page being written: the head, then sections, then the JSON.
pub(crate) struct Page {
    out: String,
}

/// How a verdict reads: its class and its word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    Ok,
    Bad,
    Unsure,
}

impl Page {
    pub(crate) fn new(source: &Source<'_>) -> Self {
        let mut out = String::with_capacity(1 << 14);
        let title = source.title();
        let _ = write!(
            out,
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
             <title>{}</title><style>{CSS}</style></head>\n<body><main>\n<h1>{}</h1>\n",
            escape::text(&title),
            escape::text(&title)
        );
        Self { out }
    }

    /// The verdict paragraph: `word` in capitals, then the sentence.
    pub(crate) fn verdict(&mut self, v: Verdict, word: &str, sentence: &str) {
        let class = match v {
            Verdict::Ok => "ok",
            Verdict::Bad => "bad",
            Verdict::Unsure => "unsure",
        };
        let _ = writeln!(
            self.out,
            "<p class=\"verdict {class}\" id=\"verdict\"><strong>{}</strong>{}</p>",
            escape::text(word),
            escape::text(sentence)
        );
    }

    pub(crate) fn h2(&mut self, s: &str) {
        let _ = writeln!(self.out, "<h2>{}</h2>", escape::text(s));
    }

    /// A paragraph of plain text.
    pub(crate) fn p(&mut self, class: &str, s: &str) {
        let _ = writeln!(
            self.out,
            "<p class=\"{}\">{}</p>",
            escape::attr(class),
            escape::text(s)
        );
    }

    /// A definition list of (term, value, id) facts.
    pub(crate) fn facts(&mut self, rows: &[(&str, String, &str)]) {
        self.out.push_str("<dl class=\"facts\">");
        for (k, v, id) in rows {
            let _ = write!(self.out, "<dt>{}</dt><dd", escape::text(k));
            if !id.is_empty() {
                let _ = write!(self.out, " id=\"{}\"", escape::attr(id));
            }
            let _ = write!(self.out, ">{}</dd>", escape::text(v));
        }
        self.out.push_str("</dl>\n");
    }

    /// Raw markup the caller built with the escapes.
    pub(crate) fn raw(&mut self, s: &str) {
        self.out.push_str(s);
    }

    /// Close the page: the JSON, then `</body></html>`.
    pub(crate) fn finish(mut self, json: &str, script: &str) -> String {
        let _ = write!(
            self.out,
            "</main>\n<script type=\"application/json\" id=\"report\">{}</script>\n",
            escape::script_json(json.trim_end_matches('\n'))
        );
        if !script.is_empty() {
            let _ = writeln!(self.out, "<script>{script}</script>");
        }
        self.out.push_str("</body></html>\n");
        self.out
    }
}

/// A table cell with text, optionally right-aligned (`n`) or monospaced (`m`).
pub(crate) fn td(o: &mut String, class: &str, s: &str) {
    if class.is_empty() {
        o.push_str("<td>");
    } else {
        let _ = write!(o, "<td class=\"{class}\">");
    }
    escape::push_text(o, s);
    o.push_str("</td>");
}

/// "N more not shown" as a table's last row spanning `cols` columns.
pub(crate) fn more_row(o: &mut String, cols: usize, more: u64, what: &str) {
    if more > 0 {
        let _ = write!(
            o,
            "<tr><td colspan=\"{cols}\" class=\"note\">{more} more {} not shown</td></tr>",
            escape::text(what)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn title_names_command_and_files_escaped() {
        let files = ["<a>.txt", "b\u{FFFD}.txt"];
        let page = Page::new(&Source {
            command: "sync phobos",
            files: &files,
        })
        .finish("{\"x\":\"</script>\"}\n", "");
        assert!(
            page.contains("<title>bitexact sync phobos: &lt;a&gt;.txt vs b\u{FFFD}.txt</title>")
        );
        assert!(page.contains("{\"x\":\"\\u003c/script>\"}</script>"));
        assert_eq!(page.matches("</script>").count(), 1);
        for bad in ["http:", "https:", "src=", "@import", "url("] {
            assert!(!page.contains(bad), "{bad}");
        }
    }
}
