//! `bitexact scan`: the library's [`bitexact::scan`] report, printed.

use std::io::Write;

use bitexact::scan::{self, Finding, Origin, Report, Site};

use crate::cli::ScanArgs;
use crate::{input_name, read_limited, Failure};

/// The largest image read (a game's executable is far smaller).
const MAX_IMAGE: usize = 1 << 30;

pub fn run(args: &ScanArgs, out: &mut dyn Write) -> Result<(), Failure> {
    refuse_devices(&args.image)?;
    let bytes = read_limited(&args.image, MAX_IMAGE)?;
    let name = input_name(&args.image);
    let options = scan::Options {
        from: args.from.as_deref().map(Origin::parse),
        sweep: args.sweep,
    };
    let report = scan::scan(&bytes, &options).map_err(|e| match e {
        scan::ScanError::NoSuchFunction(why) => Failure::usage(format!("--from {why}")),
        other => Failure::usage(format!("'{name}': {other}")),
    })?;
    if let Some(path) = &args.html {
        let source = bitexact::report::html::Source {
            command: "scan",
            files: &[name.as_str()],
        };
        crate::html::write(path, &bitexact::report::html::scan(&report, &source))?;
    }
    if args.json {
        writeln!(out, "{}", report.to_json())?;
    } else {
        print_text(&report, args.from.as_deref(), args.sweep, out)?;
    }
    let swept = if args.sweep {
        format!(
            "; {} sweep-only ({} complete)",
            report.sweep_sites.len(),
            report.sweep_sites.iter().filter(|s| s.complete).count()
        )
    } else {
        String::new()
    };
    let agreed = if swept.is_empty() {
        String::new()
    } else {
        format!(" (in code both decodings agree on{swept})")
    };
    match report.finding() {
        Finding::None => {
            return Err(Failure::Different(format!(
                "no generator site found in '{name}'{agreed}"
            )))
        }
        Finding::SharedConstantsOnly => {
            let n = report.sites.len();
            return Err(Failure::Different(format!(
                "no generator site found in '{name}'{agreed}: {}, only constants other algorithms use too",
                if n == 1 {
                    "1 incomplete match".to_string()
                } else {
                    format!("{n} incomplete matches")
                }
            )));
        }
        Finding::Sites => {}
    }
    let (sites, functions) = (report.sites.len(), report.functions.len());
    crate::summary!(
        "{sites} site{} ({} complete) in {functions} function{}{swept}",
        if sites == 1 { "" } else { "s" },
        report.sites.iter().filter(|s| s.complete).count(),
        if functions == 1 { "" } else { "s" }
    );
    Ok(())
}

/// A character device (`/dev/zero`) is no image: refused before reading a
/// gigabyte of it.
fn refuse_devices(path: &std::path::Path) -> Result<(), Failure> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if crate::input_name(path) != "stdin" {
            if let Ok(m) = std::fs::metadata(path) {
                let t = m.file_type();
                if t.is_char_device() || t.is_block_device() || t.is_dir() {
                    return Err(Failure::usage(format!(
                        "'{}' is not a file (a device or a directory)",
                        path.display()
                    )));
                }
            }
        }
    }
    let _ = path;
    Ok(())
}

fn fname(name: &Option<String>, va: u64) -> String {
    name.clone().unwrap_or_else(|| format!("sub_{va:x}"))
}

fn print_text(
    r: &Report,
    from: Option<&str>,
    sweep: bool,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let s = &r.stats;
    let entry = r
        .image
        .entry
        .map_or_else(|| "none".to_string(), |e| format!("{e:#x}"));
    writeln!(
        out,
        "{} {}, entry {entry}: {} bytes of code, {} instructions swept, {} agreed by the descent, {} functions",
        r.image.format.name(),
        r.image.arch.name(),
        s.code_bytes,
        s.swept,
        s.agreed,
        s.functions
    )?;
    let w = r
        .functions
        .iter()
        .map(|f| fname(&f.name, f.va).len())
        .max()
        .unwrap_or(8)
        .max(8);
    writeln!(out)?;
    let origin = match (from, r.from.len()) {
        (Some(f), n) if n > 1 => Some(format!("the {n} functions named {f}")),
        (Some(f), _) => Some(f.to_string()),
        (None, _) => None,
    };
    match origin {
        Some(f) => writeln!(
            out,
            "functions holding sites: {} ({} reachable from {f})",
            r.functions.len(),
            r.functions
                .iter()
                .filter(|f| f.reachable == Some(true))
                .count()
        )?,
        None => writeln!(out, "functions holding sites: {}", r.functions.len())?,
    }
    if !r.functions.is_empty() {
        let rows: Vec<(String, String, usize, String, String)> = r
            .functions
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let sigs: Vec<String> = scan::Signature::ALL
                    .iter()
                    .filter_map(|&sig| {
                        let n = r
                            .sites
                            .iter()
                            .filter(|s| s.function == i && s.signature == sig)
                            .count();
                        (n > 0).then(|| format!("{} {n}", sig.name()))
                    })
                    .collect();
                let reach = match f.reachable {
                    None => String::new(),
                    Some(false) => "no".to_string(),
                    Some(true) => {
                        let chain: Vec<String> =
                            f.path.iter().map(|(va, n)| fname(n, *va)).collect();
                        format!("yes: {}", chain.join(" > "))
                    }
                };
                (
                    format!("{:#x}", f.va),
                    fname(&f.name, f.va),
                    f.sites,
                    sigs.join(", "),
                    reach,
                )
            })
            .collect();
        let sw = rows.iter().map(|r| r.3.len()).max().unwrap_or(0).max(10);
        let reach_col = if from.is_some() { "  reachable" } else { "" };
        let header = format!(
            "  {:<12}  {:<w$}  {:>5}  {:<sw$}{reach_col}",
            "va", "function", "sites", "signatures"
        );
        writeln!(out, "{}", header.trim_end())?;
        for (va, name, sites, sigs, reach) in rows {
            let line = format!("  {va:<12}  {name:<w$}  {sites:>5}  {sigs:<sw$}  {reach}");
            writeln!(out, "{}", line.trim_end())?;
        }
    }
    writeln!(out)?;
    writeln!(
        out,
        "sites: {} ({} complete)",
        r.sites.len(),
        r.sites.iter().filter(|s| s.complete).count()
    )?;
    site_rows(out, &r.sites, "function", w, |site| {
        let f = &r.functions[site.function];
        fname(&f.name, f.va)
    })?;
    if let Some((headline, lines)) = r.shared_constants() {
        writeln!(out)?;
        writeln!(out, "{headline}:")?;
        for line in lines {
            writeln!(out, "  {line}")?;
        }
    }
    if let Some(mt) = r.mt19937() {
        writeln!(out)?;
        writeln!(out, "{}", mt.sentence())?;
    }
    if !r.data.is_empty() {
        writeln!(out)?;
        writeln!(
            out,
            "constants seen only as data (not operands of decoded code): {}",
            r.data.len()
        )?;
        for d in r.data.iter().take(20) {
            let c = if d.width == 4 {
                format!("{:#010x}", d.constant)
            } else {
                format!("{:#018x}", d.constant)
            };
            let read = if d.referenced {
                "  (read by a site)"
            } else if d.sweep_only {
                "  (an operand of code only the linear sweep decodes)"
            } else {
                ""
            };
            writeln!(
                out,
                "  {:<12}  {c}  {:<18}  {}{read}",
                format!("{:#x}", d.va),
                d.signature.name(),
                d.section
            )?;
        }
        if r.data.len() > 20 {
            writeln!(
                out,
                "  … and {} more (--json lists them all)",
                r.data.len() - 20
            )?;
        }
        let unreached = r.data.iter().filter(|d| d.sweep_only).count();
        if unreached > 0 && !sweep {
            writeln!(
                out,
                "note: {unreached} of them are operands of instructions only the linear sweep decodes: \
                 code the descent did not reach (a jump table or function pointer it could not follow?) \
                 may hold sites not counted here (--sweep lists them)"
            )?;
        }
    }
    if sweep {
        print_sweep(r, out)?;
    }
    Ok(())
}

/// `--sweep`: the sites of code only the linear sweep decodes, apart.
fn print_sweep(r: &Report, out: &mut dyn Write) -> Result<(), Failure> {
    writeln!(out)?;
    writeln!(
        out,
        "sweep-only sites: {} ({} complete) in code only the linear sweep decodes \
         (not reached by the descent, or data decoding as code: leads to check, not counted above)",
        r.sweep_sites.len(),
        r.sweep_sites.iter().filter(|s| s.complete).count()
    )?;
    site_rows(out, &r.sweep_sites, "run from", 12, |site| {
        format!("{:#x}", r.sweep_runs[site.function].va)
    })
}

/// The sites table: va, signature, complete, the `column` (`w` wide) that
/// `owner` fills for each site, and what was seen. Nothing for no sites.
fn site_rows(
    out: &mut dyn Write,
    sites: &[Site],
    column: &str,
    w: usize,
    owner: impl Fn(&Site) -> String,
) -> Result<(), Failure> {
    if sites.is_empty() {
        return Ok(());
    }
    // The signature column fits the longest name listed (18 at least).
    let sw = sites
        .iter()
        .map(|s| s.signature.name().len())
        .max()
        .unwrap_or(0)
        .max(18);
    writeln!(
        out,
        "  {:<12}  {:<sw$}  {:<8}  {column:<w$}  seen",
        "va", "signature", "complete"
    )?;
    for site in sites {
        writeln!(
            out,
            "  {:<12}  {:<sw$}  {:<8}  {:<w$}  {}",
            format!("{:#x}", site.va),
            site.signature.name(),
            if site.complete { "yes" } else { "no" },
            owner(site),
            site.seen.join(", ")
        )?;
    }
    Ok(())
}
