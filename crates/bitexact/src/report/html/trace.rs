//! The `trace compare` page (SPEC 14): per field the ULP distance per
//! record (log scale, zero drawn apart), the first divergent record marked,
//! the diverged records with both values and their bits.

use super::svg;
use super::{escape, td, Page, Source, Verdict, MAX_COLUMNS};
use crate::trace::{FieldDiff, Summary, Value};
use core::fmt::Write;
use std::string::{String, ToString};
use std::vec::Vec;

/// The most fields drawn as plots (the rest are in the fields table).
const MAX_PLOTS: usize = 16;
/// The most diverged records listed in full.
const MAX_LISTED: usize = 200;
/// The most fields listed for one record.
const MAX_FIELDS_LISTED: usize = 32;

/// One column's worst difference: 0 equal, 1 a ULP distance (the value),
/// 2 a difference with no ULP distance (not two floats, or a NaN).
type Cell = (u8, u64);

/// What a trace page draws, gathered while the comparison runs: per
/// diverging field the worst ULP distance per column of at most
/// [`MAX_COLUMNS`] columns (records binned, the column width doubling as
/// the count grows), and the first diverged records in full. Its memory is
/// bounded whatever the number of records: feed it every compared pair
/// with [`TracePlot::record`] (`Comparison::take_compared` gives them).
#[derive(Clone, Debug, Default)]
pub struct TracePlot {
    compared: u64,
    width: u64,
    cols: usize,
    fields: Vec<(String, Vec<Cell>)>,
    fields_more: u64,
    first: Option<u64>,
    rows: Vec<Row>,
    rows_more: u64,
}

#[derive(Clone, Debug)]
struct Row {
    index: u64,
    key: String,
    line_a: u64,
    line_b: u64,
    diffs: Vec<FieldDiff>,
    diffs_more: usize,
}

impl TracePlot {
    /// An empty plot.
    pub fn new() -> Self {
        Self {
            width: 1,
            ..Self::default()
        }
    }

    /// Records compared so far.
    pub fn compared(&self) -> u64 {
        self.compared
    }

    /// One compared pair, in the order pairs were compared: its key, its
    /// lines in A and B, and its differing fields (empty when equal).
    pub fn record(&mut self, key: &str, line_a: u64, line_b: u64, diffs: &[FieldDiff]) {
        let i = self.compared;
        self.compared += 1;
        while i / self.width >= MAX_COLUMNS as u64 {
            self.merge();
        }
        let c = (i / self.width) as usize;
        self.cols = self.cols.max(c + 1);
        if diffs.is_empty() {
            return;
        }
        self.first.get_or_insert(i);
        for d in diffs {
            let cell: Cell = match d.ulp {
                Some(u) => (1, u),
                None => (2, 0),
            };
            let slot = match self.fields.iter().position(|(f, _)| *f == d.field) {
                Some(p) => p,
                None if self.fields.len() < MAX_PLOTS => {
                    self.fields.push((d.field.clone(), Vec::new()));
                    self.fields.len() - 1
                }
                None => {
                    self.fields_more += 1;
                    continue;
                }
            };
            let col = &mut self.fields[slot].1;
            if col.len() <= c {
                col.resize(c + 1, (0, 0));
            }
            if cell > col[c] {
                col[c] = cell;
            }
        }
        if self.rows.len() < MAX_LISTED {
            let keep = diffs.len().min(MAX_FIELDS_LISTED);
            self.rows.push(Row {
                index: i,
                key: key.into(),
                line_a,
                line_b,
                diffs: diffs[..keep].to_vec(),
                diffs_more: diffs.len() - keep,
            });
        } else {
            self.rows_more += 1;
        }
    }

    fn merge(&mut self) {
        for (_, col) in &mut self.fields {
            let merged: Vec<Cell> = col
                .chunks(2)
                .map(|p| p.iter().copied().max().unwrap_or((0, 0)))
                .collect();
            *col = merged;
        }
        self.width *= 2;
        self.cols = self.cols.div_ceil(2);
    }
}

/// The value and its bits (hex) apart: `0.1` and `0x3dcccccd`.
fn value_bits(v: &Option<Value>) -> (String, String) {
    match v {
        None => ("(missing)".into(), String::new()),
        Some(Value::F32(x)) => (std::format!("{x:?}"), std::format!("{:#010x}", x.to_bits())),
        Some(Value::F64(x)) => (std::format!("{x:?}"), std::format!("{:#018x}", x.to_bits())),
        Some(other) => (other.to_string(), String::new()),
    }
}

/// The page for a trace comparison (SPEC 14): the verdict with the counts;
/// per diverging field (at most 16 drawn) the ULP distance per record on a
/// log scale — columns where the field was equal drawn as a grey strip
/// under the axis, differences with no ULP distance as full-height dark
/// bars — and the first divergent record marked by a labelled line; the
/// fields table; the diverged records (the first 200) with both values and
/// their bits. `json` is the JSON the front end prints for the same
/// comparison, embedded as it is; `plot` was fed every compared pair.
pub fn trace(summary: &Summary, plot: &TracePlot, json: &str, source: &Source<'_>) -> String {
    let mut page = Page::new(source);
    let s = summary;
    if s.records_a == 0 && s.records_b == 0 {
        page.verdict(
            Verdict::Unsure,
            "Nothing compared",
            "0 records in either trace.",
        );
    } else if s.is_clean() {
        page.verdict(
            Verdict::Ok,
            "No divergence",
            &std::format!(
                "{} records compared, every field bit-identical.",
                s.compared
            ),
        );
    } else {
        page.verdict(
            Verdict::Bad,
            "Divergence",
            &std::format!(
                "{} of {} compared records diverged; {} missing in A, {} missing in B.",
                s.diverged,
                s.compared,
                s.missing_in_a,
                s.missing_in_b
            ),
        );
    }
    page.facts(&[
        ("records in A", s.records_a.to_string(), ""),
        ("records in B", s.records_b.to_string(), ""),
        ("compared", s.compared.to_string(), "compared"),
        ("diverged", s.diverged.to_string(), "diverged"),
    ]);
    if let Some(d) = &s.first_divergence {
        page.h2("First divergent record");
        let mut o = String::from(
            "<div class=\"scroll\"><table id=\"first-record\"><thead><tr><th>key</th><th>line in A</th><th>line in B</th>\
             <th>field</th><th>A</th><th>A bits</th><th>B</th><th>B bits</th><th>ULPs</th></tr></thead><tbody>",
        );
        for f in &d.diffs {
            o.push_str("<tr class=\"mark\">");
            td(&mut o, "m first-key", &d.key);
            td(&mut o, "n", &d.line_a.to_string());
            td(&mut o, "n", &d.line_b.to_string());
            diff_cells(&mut o, f);
            o.push_str("</tr>");
        }
        o.push_str("</tbody></table></div>\n");
        page.raw(&o);
    }
    if !plot.fields.is_empty() {
        page.h2("ULP distance per record");
        page.p(
            "note",
            &std::format!(
                "One column per {} compared record{} (each the worst in its bin), {} record{} in all, in the order they were compared. \
                 Log scale; a grey strip under the axis marks columns where the field was equal; a full-height dark bar is a \
                 difference with no ULP distance (not two floats, or NaN).",
                plot.width,
                if plot.width == 1 { "" } else { "s" },
                plot.compared,
                if plot.compared == 1 { "" } else { "s" },
            ),
        );
        let mut o = String::new();
        for (k, (field, col)) in plot.fields.iter().enumerate() {
            field_plot(&mut o, k, field, col, plot, s);
        }
        if plot.fields_more > 0 {
            let _ = write!(
                o,
                "<p class=\"note\">{} more differences in fields not drawn (see the fields table).</p>",
                plot.fields_more
            );
        }
        page.raw(&o);
    }
    if !s.fields.is_empty() {
        page.h2("Fields that diverged");
        let mut o = String::from(
            "<div class=\"scroll\"><table id=\"fields\"><thead><tr><th>field</th><th>records diverged</th><th>worst ULPs</th></tr></thead><tbody>",
        );
        for (name, f) in s.fields.iter().take(super::MAX_ROWS) {
            o.push_str("<tr>");
            td(&mut o, "m", name);
            td(&mut o, "n", &f.diverged.to_string());
            td(
                &mut o,
                "n",
                &f.worst_ulp.map_or("—".into(), |u| u.to_string()),
            );
            o.push_str("</tr>");
        }
        super::more_row(
            &mut o,
            3,
            s.fields.len().saturating_sub(super::MAX_ROWS) as u64,
            "fields",
        );
        o.push_str("</tbody></table></div>\n");
        page.raw(&o);
    }
    if !plot.rows.is_empty() {
        page.h2("Diverged records");
        let mut o = String::from(
            "<div class=\"scroll\"><table id=\"records\"><thead><tr><th>record #</th><th>key</th><th>line A</th><th>line B</th>\
             <th>field</th><th>A</th><th>A bits</th><th>B</th><th>B bits</th><th>ULPs</th></tr></thead><tbody>",
        );
        for (n, r) in plot.rows.iter().enumerate() {
            for d in &r.diffs {
                o.push_str(if n == 0 {
                    "<tr class=\"mark\">"
                } else {
                    "<tr>"
                });
                td(&mut o, "n", &r.index.to_string());
                td(&mut o, "m", &r.key);
                td(&mut o, "n", &r.line_a.to_string());
                td(&mut o, "n", &r.line_b.to_string());
                diff_cells(&mut o, d);
                o.push_str("</tr>");
            }
            super::more_row(&mut o, 10, r.diffs_more as u64, "fields of this record");
        }
        super::more_row(&mut o, 10, plot.rows_more, "diverged records");
        o.push_str("</tbody></table></div>\n");
        page.raw(&o);
    }
    page.finish(json, "")
}

fn diff_cells(o: &mut String, f: &FieldDiff) {
    td(o, "m", &f.field);
    let (a, ab) = value_bits(&f.a);
    let (b, bb) = value_bits(&f.b);
    td(o, "m", &a);
    td(o, "m", &ab);
    td(o, "m", &b);
    td(o, "m", &bb);
    td(o, "n", &f.ulp.map_or("—".into(), |u| u.to_string()));
}

fn field_plot(o: &mut String, k: usize, field: &str, col: &[Cell], plot: &TracePlot, s: &Summary) {
    let (w, h) = (1000.0, 170.0);
    let (x0, x1, top, base) = (70.0, 985.0, 28.0, 130.0);
    let n = plot.cols.max(1) as f64;
    let cw = (x1 - x0) / n;
    let worst = col
        .iter()
        .filter(|c| c.0 == 1)
        .map(|c| c.1)
        .max()
        .unwrap_or(1)
        .max(1);
    // log2(ulp + 1) scaled to the worst.
    let top_log = ((worst as f64) + 1.0).log2().max(1.0);
    let y = |u: u64| base - (((u as f64) + 1.0).log2() / top_log) * (base - top);
    let stats = s.fields.get(field);
    let title = std::format!(
        "ULP distance per record of {field}: diverged in {} record(s), worst {} ULP",
        stats.map_or(0, |f| f.diverged),
        stats
            .and_then(|f| f.worst_ulp)
            .map_or("—".into(), |u| u.to_string())
    );
    let _ = write!(o, "<h3>{}</h3>", escape::text(field));
    svg::open(o, &std::format!("ulp-{k}"), w as u32, h as u32, &title);
    // Axes and ticks: 0, 1 ULP, the worst.
    svg::line(o, x0, base, x1, base, "#111", 1.0, "");
    svg::line(o, x0, top, x0, base, "#111", 1.0, "");
    svg::text(o, x0 - 6.0, base + 4.0, "end", "0");
    svg::text(o, x0 - 6.0, y(1) + 4.0, "end", "1");
    if worst > 1 {
        svg::text(o, x0 - 6.0, y(worst) + 4.0, "end", &short(worst));
        svg::line(o, x0, y(worst), x1, y(worst), "#bbb", 1.0, "3 3");
    }
    svg::text(o, 4.0, top - 12.0, "start", "ULPs (log)");
    // Equal columns: a grey strip under the axis, runs merged.
    let mut path = String::new();
    let mut run: Option<usize> = None;
    for c in 0..=plot.cols {
        let equal = c < plot.cols && col.get(c).is_none_or(|x| x.0 == 0);
        match (equal, run) {
            (true, None) => run = Some(c),
            (false, Some(r)) => {
                let _ = write!(
                    path,
                    "M{:.1} {:.1}h{:.2}v5h{:.2}Z",
                    x0 + r as f64 * cw,
                    base + 2.0,
                    (c - r) as f64 * cw,
                    -((c - r) as f64) * cw
                );
                run = None;
            }
            _ => {}
        }
    }
    if !path.is_empty() {
        let _ = write!(
            o,
            "<path d=\"{path}\" fill=\"#9a9a9a\"><title>equal</title></path>"
        );
    }
    // Bars: ULP differences, and differences with no ULP distance.
    let mut ulps = String::new();
    let mut other = String::new();
    for (c, cell) in col.iter().enumerate() {
        let x = x0 + c as f64 * cw;
        let bw = cw.max(1.0);
        match cell.0 {
            1 => {
                let yy = y(cell.1);
                let _ = write!(ulps, "M{x:.1} {base:.1}V{yy:.1}h{bw:.2}V{base:.1}Z");
            }
            2 => {
                let _ = write!(other, "M{x:.1} {base:.1}V{top:.1}h{bw:.2}V{base:.1}Z");
            }
            _ => {}
        }
    }
    if !ulps.is_empty() {
        let _ = write!(
            o,
            "<path d=\"{ulps}\" fill=\"#1f4fd1\"><title>ULP distance</title></path>"
        );
    }
    if !other.is_empty() {
        let _ = write!(
            o,
            "<path d=\"{other}\" fill=\"#3b0a45\"><title>differs, no ULP distance</title></path>"
        );
    }
    // The first divergent record (of any field).
    if let Some(i) = plot.first {
        let x = x0 + (i / plot.width) as f64 * cw + cw / 2.0;
        svg::line(o, x, top - 6.0, x, base + 8.0, "#b42318", 2.0, "5 3");
        let key = s
            .first_divergence
            .as_ref()
            .map_or(String::new(), |d| d.key.clone());
        let label = std::format!("first divergent record: #{i}, key {key}");
        let (anchor, lx) = if x > x0 + (x1 - x0) * 0.6 {
            ("end", x - 5.0)
        } else {
            ("start", x + 5.0)
        };
        svg::text(o, lx, top - 10.0, anchor, &label);
    }
    svg::text(o, x0, base + 24.0, "start", "record 0");
    svg::text(
        o,
        x1,
        base + 24.0,
        "end",
        &std::format!("record {}", plot.compared.saturating_sub(1)),
    );
    svg::close(o);
}

fn short(u: u64) -> String {
    if u >= 1 << 20 {
        std::format!("2^{:.1}", (u as f64).log2())
    } else {
        u.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diff(ulp: Option<u64>) -> FieldDiff {
        FieldDiff {
            field: "x".into(),
            a: Some(Value::F32(1.0)),
            b: Some(Value::F32(2.0)),
            ulp,
        }
    }

    #[test]
    fn a_million_records_stay_in_bounded_columns_and_rows() {
        let mut p = TracePlot::new();
        for i in 0..1_000_000u64 {
            let d: &[FieldDiff] = match i {
                123_457 => &[diff(Some(1 << 40))],
                i if i % 1000 == 0 => &[diff(Some(3))],
                800_001 => &[diff(None)],
                _ => &[],
            };
            p.record(&i.to_string(), i + 1, i + 1, d);
        }
        assert!(p.cols <= MAX_COLUMNS, "{}", p.cols);
        assert_eq!(p.width, 512);
        assert_eq!(p.first, Some(0));
        let col = &p.fields[0].1;
        // The column holding record 123 457 keeps its 2^40 ULPs, the one
        // holding 800 001 its difference with no ULP distance.
        assert_eq!(col[(123_457 / 512) as usize], (1, 1 << 40));
        assert_eq!(col[(800_001 / 512) as usize].0, 2);
        assert_eq!(p.rows.len(), MAX_LISTED);
        assert_eq!(p.rows_more, 1002 - MAX_LISTED as u64);
    }

    #[test]
    fn an_empty_comparison_draws_a_page() {
        let page = trace(
            &Summary::default(),
            &TracePlot::new(),
            "{}",
            &Source {
                command: "trace compare",
                files: &[],
            },
        );
        assert!(page.contains("Nothing compared"));
    }
}
