//! `bitexact recover`: the seeds behind observed values.
//!
//! The recovery is set up by name in the library (`bitexact::recover::query`:
//! the tap and the values parsed, the engine's search chosen); scheduling
//! the search over threads and printing happen here.

use crate::cli::{RecoverCommand, RecoverCommon};
use crate::engines::check_work;
use crate::search::{self, Found as SearchOutcome, Plan};
use crate::{Failure, Outcome};
use bitexact::recover::query::{Query, MAX_OUTPUTS_OFFSET};
use bitexact::recover::Hit;
use bitexact::stream::{Engine, Options};
use serde_json::json;
use std::io::Write;
use std::ops::Range;

fn seed_range(range: Option<&str>, space: u64) -> Result<Range<u64>, Failure> {
    match range {
        Some(r) => search::parse_seed_range(r, space).map_err(Failure::Usage),
        None => Ok(0..space),
    }
}

pub fn run(cmd: &RecoverCommand, out: &mut impl Write) -> Outcome {
    let (engine, args, range, options) = match cmd {
        RecoverCommand::Sots {
            common,
            seed_range,
            precision,
        } => (
            Engine::Sots,
            common,
            seed_range.as_deref(),
            Options {
                precision: (*precision).into(),
                ..Options::default()
            },
        ),
        RecoverCommand::Laige { common, seed_range } => (
            Engine::Laige,
            common,
            Some(seed_range.as_str()),
            Options::default(),
        ),
        RecoverCommand::Westwood {
            common,
            seed_range,
            class,
        } => (
            Engine::Westwood,
            common,
            seed_range.as_deref(),
            Options {
                class: (*class).into(),
                ..Options::default()
            },
        ),
        RecoverCommand::Openra { common, seed_range } => (
            Engine::Openra,
            common,
            seed_range.as_deref(),
            Options::default(),
        ),
        RecoverCommand::Generals { common, seed_range } => (
            Engine::Generals,
            common,
            seed_range.as_deref(),
            Options::default(),
        ),
    };
    if args.max_hits == 0 {
        return Err(Failure::usage("--max-hits 0: expected at least 1"));
    }
    if let Some(k) = args.max_offset {
        check_work(k, "--max-offset")?;
    }
    let values: Vec<&str> = args.values.split(',').collect();
    let query = Query::new(
        engine,
        &options,
        args.tap.as_deref(),
        &values,
        args.max_offset,
    )
    .map_err(|e| Failure::usage(e.0))?;
    let space = query.seed_space();
    let seeds = seed_range(range, space)?;
    if let Some((mut hits, bound)) = query.direct_hits(seeds.clone()) {
        // 624+ raw outputs: untempered and walked back, no seed search.
        let start = std::time::Instant::now();
        crate::summary!(
            "{} outputs: state rebuilt by untempering and walked back {bound} words, no seed search",
            values.len()
        );
        let mut end = search::End::Complete;
        if hits.len() > args.max_hits {
            if let Some(at) = search::stop_point(&hits, args.max_hits, seeds.end) {
                end = search::End::Stopped { at };
            }
            hits.truncate(args.max_hits);
        }
        let found = SearchOutcome {
            hits,
            searched: 0,
            elapsed: start.elapsed(),
            end,
        };
        if !args.json {
            print_hits(out, &found.hits)?;
        }
        let none = format!(
            "no seed in {}..{} produces these 624+ outputs within {bound} words of seeding \
             (--max-offset raises the bound, up to {MAX_OUTPUTS_OFFSET})",
            seeds.start, seeds.end
        );
        return report(args, range, out, &found, space, Some(none));
    }
    let label = format!("recover {}", engine.name());
    let per_chunk = query.seeds_per_chunk(args.max_offset.unwrap_or(0));
    let outcome = run_search(args, &label, per_chunk, seeds, |r| query.search(r), out)?;
    report(args, range, out, &outcome, space, None)
}

fn print_hits(out: &mut impl Write, hits: &[Hit]) -> std::io::Result<()> {
    for h in hits {
        writeln!(out, "seed {} offset {}", h.seed, h.offset)?;
    }
    out.flush()
}

/// Run a search, printing hits as they come (unless `--json`).
fn run_search(
    args: &RecoverCommon,
    label: &str,
    seeds_per_chunk: u64,
    range: Range<u64>,
    work: impl Fn(Range<u64>) -> Vec<Hit> + Sync,
    out: &mut impl Write,
) -> Result<SearchOutcome<Hit>, Failure> {
    let plan = Plan {
        threads: args.threads,
        seeds_per_chunk,
        stop_after: args.max_hits,
        label,
    };
    let mut write_error = None;
    let found = search::run(range, &plan, work, |hits| {
        if !args.json && write_error.is_none() {
            write_error = print_hits(out, hits).err();
        }
    })?;
    match write_error {
        Some(e) => Err(e.into()),
        None => Ok(found),
    }
}

/// Print the summary (stderr) and, with `--json`, the whole answer (stdout);
/// exit 1 when nothing was found in a complete search (`none`: the message
/// for that) or when interrupted.
fn report(
    args: &RecoverCommon,
    range: Option<&str>,
    out: &mut impl Write,
    o: &SearchOutcome<Hit>,
    space: u64,
    none: Option<String>,
) -> Outcome {
    let secs = o.elapsed.as_secs_f64();
    if args.json {
        let hits: Vec<_> = o
            .hits
            .iter()
            .map(|h| json!({"seed": h.seed, "offset": h.offset}))
            .collect();
        let mut obj = json!({
            "hits": hits,
            "searched": o.searched,
            "complete": o.complete(),
            "seconds": (secs * 1000.0).round() / 1000.0,
        });
        match o.end {
            search::End::Complete => {}
            search::End::Stopped { at } => obj["stopped_at"] = at.into(),
            search::End::Interrupted { at } => obj["interrupted_at"] = at.into(),
        }
        writeln!(out, "{obj}")?;
    }
    if o.searched > 0 {
        crate::summary!(
            "searched {} seeds in {secs:.1} s ({})",
            o.searched,
            search::rate(o.searched, secs)
        );
    }
    match o.end {
        search::End::Stopped { at } => {
            // Part of the answer (the hits are not all of them): printed
            // even under --quiet.
            if o.hits.last().is_some_and(|h| h.seed == at) {
                // The last seed printed has more hits than fitted: resuming
                // from it would print the same hits again.
                eprintln!(
                    "stopped at --max-hits {}: seed {at} has more hits (offsets) than fitted; every seed \
                     below it was searched and its hits printed; raise --max-hits to see all of seed {at}'s",
                    args.max_hits
                );
            } else {
                eprintln!(
                    "stopped at --max-hits {}: every seed below {at} was searched and its hits printed; \
                     to go on, resume with --seed-range {} (or raise --max-hits)",
                    args.max_hits,
                    search::resume_range(at, range, space)
                );
            }
            Ok(())
        }
        search::End::Interrupted { at } => Err(Failure::Different(search::interrupted_message(
            o.searched, at, range, space,
        ))),
        search::End::Complete if o.hits.is_empty() => {
            Err(Failure::Different(none.unwrap_or_else(|| {
                let offsets = match args.max_offset.unwrap_or(0) {
                    0 => "offset 0".to_string(),
                    k => format!("offsets 0..={k}"),
                };
                format!(
                    "no seed produces these values at {offsets}: all {} seeds of the range were \
                     searched (--max-offset looks further into each stream)",
                    o.searched
                )
            })))
        }
        search::End::Complete => Ok(()),
    }
}
