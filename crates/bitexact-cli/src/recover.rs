//! `bitexact recover`: the seeds behind observed values.
//!
//! Parsing the tap and the values, scheduling the search over threads and
//! printing happen here; the per-seed work is `bitexact::recover`.

use crate::cli::{PrecisionArg, RecoverCommand, RecoverCommon, WwClass};
use crate::engines::check_work;
use crate::search::{self, Found as SearchOutcome, Plan};
use crate::{num, Failure, Outcome};
use bitexact::recover::{self, Hit};
use bitexact::x87::Precision;
use serde_json::json;
use std::io::Write;
use std::ops::Range;

/// The most offsets `recover sots` steps back through 624 raw outputs.
const MAX_OUTPUTS_OFFSET: u64 = 1_000_000_000;

/// The default offset bound with 624 raw outputs: as far back as `state
/// identify sots` walks by default (100 000 twists, 62.4 million words).
const DEFAULT_OUTPUTS_OFFSET: u64 =
    bitexact::sots::DEFAULT_MAX_TWISTS * bitexact::mt19937::N as u64;

pub(crate) fn values<T>(
    args: &RecoverCommon,
    parse: impl Fn(&str) -> Result<T, String>,
) -> Result<Vec<T>, Failure> {
    args.values
        .split(',')
        .map(|v| parse(v.trim()).map_err(|e| Failure::usage(format!("--values: {e}"))))
        .collect()
}

fn pair<T>(arg: &str, tap: &str, parse: fn(&str) -> Result<T, String>) -> Result<(T, T), Failure> {
    num::parse_tap_pair(&format!("{tap}:{arg}"), arg, &format!("{tap}:LO,HI"), parse)
        .map_err(Failure::Usage)
}

pub(crate) fn recover_error(e: recover::RecoverError) -> Failure {
    Failure::usage(e.to_string())
}

/// An f64 given as a decimal or as `0x` + 16 hex digits.
fn parse_f64(s: &str) -> Result<f64, String> {
    if let Some(hex) = s.strip_prefix("0x") {
        if hex.len() == 16 {
            return u64::from_str_radix(hex, 16)
                .map(f64::from_bits)
                .map_err(|_| format!("'{s}' is not valid hex"));
        }
        return Err(format!("'{s}': a double in hex is 0x + 16 hex digits"));
    }
    s.parse::<f64>()
        .map_err(|_| format!("'{s}' is not a number"))
}

/// A `double()` value as the integer `k` of `k / 2^31` it is: printed
/// values are rounded (seed 002 prints 15 digits), so the nearest `k / 2^31`
/// within 2^-33 is taken.
pub(crate) fn parse_double_value(v: &str) -> Result<i32, String> {
    let d = parse_f64(v)?;
    let k = (d * 2_147_483_648.0).round();
    if (1.0..2_147_483_648.0).contains(&k) && (d - k / 2_147_483_648.0).abs() < 2f64.powi(-33) {
        Ok(k as i32)
    } else {
        Err(format!(
            "{v} is not a value double() returns (k / 2^31 for k in 1..2^31)"
        ))
    }
}

pub(crate) fn seed_range(range: Option<&str>, space: u64) -> Result<Range<u64>, Failure> {
    match range {
        Some(r) => search::parse_seed_range(r, space).map_err(Failure::Usage),
        None => Ok(0..space),
    }
}

/// Which engine a recovery is for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Engine {
    Sots,
    Laige,
    Westwood,
}

pub fn run(cmd: &RecoverCommand, out: &mut impl Write) -> Outcome {
    match cmd {
        RecoverCommand::Westwood {
            common,
            seed_range,
            class,
        } if *class != WwClass::Random2 => {
            return crate::recover_cc::wwlib(*class, common, seed_range.as_deref(), out)
        }
        RecoverCommand::Openra { common, seed_range } => {
            return crate::recover_cc::openra(common, seed_range.as_deref(), out)
        }
        RecoverCommand::Generals { common, seed_range } => {
            return crate::recover_cc::generals(common, seed_range.as_deref(), out)
        }
        _ => {}
    }
    let (engine, args, range, precision): (Engine, &RecoverCommon, Option<&str>, Precision) =
        match cmd {
            RecoverCommand::Sots {
                common,
                seed_range,
                precision,
            } => (
                Engine::Sots,
                common,
                seed_range.as_deref(),
                (*precision).into(),
            ),
            RecoverCommand::Laige { common, seed_range } => (
                Engine::Laige,
                common,
                Some(seed_range.as_str()),
                PrecisionArg::Pc53.into(),
            ),
            RecoverCommand::Westwood {
                common, seed_range, ..
            } => (
                Engine::Westwood,
                common,
                seed_range.as_deref(),
                PrecisionArg::Pc53.into(),
            ),
            RecoverCommand::Openra { .. } | RecoverCommand::Generals { .. } => {
                unreachable!("handled above")
            }
        };
    if args.max_hits == 0 {
        return Err(Failure::usage("--max-hits 0: expected at least 1"));
    }
    if let Some(k) = args.max_offset {
        check_work(k, "--max-offset")?;
    }
    let max_offset = args.max_offset.unwrap_or(0);
    let tap = args.tap.clone().unwrap_or_else(|| {
        match engine {
            Engine::Sots => "u32",
            Engine::Laige => "u64",
            Engine::Westwood => "raw",
        }
        .to_string()
    });
    let (tap_name, tap_arg) = match tap.split_once(':') {
        Some((n, a)) => (n, Some(a)),
        None => (tap.as_str(), None),
    };
    let no_arg = |t: &str| match tap_arg {
        None => Ok(()),
        Some(_) => Err(Failure::usage(format!("--tap {t} takes no argument"))),
    };
    let unknown = |taps: &str| {
        Failure::usage(format!(
            "unknown tap '{tap}' for recover (expected one of {taps})"
        ))
    };

    let outcome: SearchOutcome<Hit> = match engine {
        Engine::Sots => {
            use recover::sots::{from_outputs, Search, Tap};
            let tap = match (tap_name, tap_arg) {
                ("u32", _) => no_arg("u32").map(|_| Tap::U32)?,
                ("unit", _) => no_arg("unit").map(|_| Tap::Unit)?,
                ("float", _) => no_arg("float").map(|_| Tap::Float(precision))?,
                ("int", Some(a)) => Tap::IntInclusive(num::parse_u32(a).map_err(|e| Failure::usage(format!("--tap int: {e}")))?),
                ("frange", Some(a)) => {
                    let (lo, hi) = pair(a, "frange", num::parse_f32)?;
                    Tap::FloatRange(lo, hi, precision)
                }
                ("chance" | "bell", _) => {
                    return Err(Failure::usage(format!(
                        "--tap {tap_name} cannot be recovered from: its values carry too little of each word (use u32, unit, float, int:N or frange:LO,HI)"
                    )))
                }
                _ => return Err(unknown("u32, unit, float, int:N, frange:LO,HI")),
            };
            let vals: Vec<u64> = match tap {
                Tap::U32 | Tap::IntInclusive(_) => {
                    values(args, |v| num::parse_u32(v).map(u64::from))?
                }
                Tap::Unit => values(args, |v| parse_f64(v).map(f64::to_bits))?,
                Tap::Float(_) | Tap::FloatRange(..) => {
                    values(args, |v| num::parse_f32(v).map(|f| f.to_bits().into()))?
                }
            };
            let range = seed_range(range, 1 << 32)?;
            if tap == Tap::U32 && vals.len() >= 624 {
                // No search: untemper 624 outputs and step back.
                let bound = args.max_offset.unwrap_or(DEFAULT_OUTPUTS_OFFSET);
                if bound > MAX_OUTPUTS_OFFSET {
                    return Err(Failure::usage(format!(
                        "--max-offset {bound} is over the limit of {MAX_OUTPUTS_OFFSET} for 624 outputs"
                    )));
                }
                let words: Vec<u32> = vals.iter().map(|&v| v as u32).collect();
                let start = std::time::Instant::now();
                let mut hits: Vec<Hit> = from_outputs(&words, bound)
                    .into_iter()
                    .filter(|h| range.contains(&h.seed))
                    .collect();
                hits.sort();
                crate::summary!(
                    "{} outputs: state rebuilt by untempering and walked back {bound} words, no seed search",
                    words.len()
                );
                let mut end = search::End::Complete;
                if hits.len() > args.max_hits {
                    if let Some(at) = search::stop_point(&hits, args.max_hits, range.end) {
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
                if found.hits.is_empty() && found.complete() {
                    let msg = format!(
                        "no seed in {}..{} produces these 624+ outputs within {bound} words of seeding \
                         (--max-offset raises the bound, up to {MAX_OUTPUTS_OFFSET})",
                        range.start, range.end
                    );
                    return report(args, None, out, &found, 1 << 32, Some(msg));
                }
                found
            } else {
                let s = Search::new(tap, vals, max_offset).map_err(recover_error)?;
                run_search(args, "recover sots", 1 << 17, range, |r| s.search(r), out)?
            }
        }
        Engine::Westwood => {
            use recover::westwood::{Search, Tap};
            let tap = match (tap_name, tap_arg) {
                ("raw", _) => no_arg("raw").map(|_| Tap::Raw)?,
                ("double", _) => no_arg("double").map(|_| Tap::double())?,
                ("ranged", Some(a)) => {
                    let (lo, hi) = pair(a, "ranged", num::parse_i32)?;
                    Tap::ranged(lo, hi).map_err(recover_error)?
                }
                _ => return Err(unknown("raw, ranged:MIN,MAX, double")),
            };
            let vals: Vec<i32> = if tap_name == "double" {
                // A double() value is ranged(1, 2^31 − 1) / 2^31: recover that integer.
                values(args, parse_double_value)?
            } else {
                values(args, num::parse_i32)?
            };
            let s = Search::new(tap, vals, max_offset).map_err(recover_error)?;
            let range = seed_range(range, 1 << 32)?;
            let per_chunk = (1u64 << 20) / (max_offset + 1);
            run_search(
                args,
                "recover westwood",
                per_chunk,
                range,
                |r| s.search(r),
                out,
            )?
        }
        Engine::Laige => {
            use recover::laige::{Search, Tap};
            let tap = match (tap_name, tap_arg) {
                ("u64", _) => no_arg("u64").map(|_| Tap::U64)?,
                ("float01", _) => no_arg("float01").map(|_| Tap::Float01)?,
                ("range", Some(a)) => {
                    let (lo, hi) = pair(a, "range", num::parse_u32)?;
                    Tap::range(lo, hi).map_err(recover_error)?
                }
                _ => return Err(unknown("u64, range:MIN,MAX, float01")),
            };
            let vals: Vec<u64> = match tap {
                Tap::Float01 => values(args, |v| num::parse_f32(v).map(|f| f.to_bits().into()))?,
                _ => values(args, num::parse_u64)?,
            };
            let s = Search::new(tap, vals, max_offset).map_err(recover_error)?;
            let range = seed_range(range, u64::MAX)?;
            let per_chunk = (1u64 << 20) / (max_offset + 1);
            run_search(
                args,
                "recover laige",
                per_chunk,
                range,
                |r| s.search(r),
                out,
            )?
        }
    };
    let space = if engine == Engine::Laige {
        u64::MAX
    } else {
        1 << 32
    };
    report(args, range, out, &outcome, space, None)
}

fn print_hits(out: &mut impl Write, hits: &[Hit]) -> std::io::Result<()> {
    for h in hits {
        writeln!(out, "seed {} offset {}", h.seed, h.offset)?;
    }
    out.flush()
}

/// Run a search, printing hits as they come (unless `--json`).
pub(crate) fn run_search(
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
pub(crate) fn report(
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
            crate::summary!(
                "stopped at --max-hits {}: every seed below {at} was searched and its hits printed; \
                 to go on, resume with --seed-range {} (or raise --max-hits)",
                args.max_hits,
                search::resume_range(at, range, space)
            );
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
