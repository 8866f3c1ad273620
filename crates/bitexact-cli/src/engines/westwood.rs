//! `westwood`: the Tiberian Sun / Red Alert 2 randomizer (SPEC 4).

use super::{bound, check_work, reject_option, seed_u32, write_report, write_state_file};
use crate::cli::{DiffArgs, IdentifyArgs, Layout as LayoutArg, SaveArgs, StreamArgs};
use crate::out::{write_value, Value};
use crate::{num, read_limited, search, Failure, Outcome};
use bitexact::westwood::{self, Layout, Random2};
use std::io::Write;

const TAPS: &str = "raw, ranged:MIN,MAX, double";

/// The most draws `identify` walks back: the walk keeps 16 bytes per 250
/// draws, so 10^9 draws is 64 MB.
const MAX_IDENTIFY_DRAWS: u64 = 1_000_000_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tap {
    Raw,
    Ranged(i32, i32),
    Double,
}

fn parse_tap(s: &str) -> Result<Tap, String> {
    match s.split_once(':') {
        None if s == "raw" => Ok(Tap::Raw),
        None if s == "double" => Ok(Tap::Double),
        None if s == "ranged" => Err("tap ranged needs its bounds: ranged:MIN,MAX".into()),
        Some(("ranged", arg)) => {
            let (a, b) = arg
                .split_once(',')
                .ok_or("tap ranged takes two numbers: ranged:MIN,MAX")?;
            let number = |x: &str| num::parse_i32(x).map_err(|e| format!("--tap '{s}': {e}"));
            let (min, max) = (number(a)?, number(b)?);
            westwood::check_range(min, max).map_err(|e| format!("--tap '{s}': {e}"))?;
            Ok(Tap::Ranged(min, max))
        }
        Some(("raw" | "double", _)) => Err(format!("--tap '{s}': this tap takes no argument")),
        _ => Err(format!(
            "unknown tap '{s}' for westwood (expected one of {TAPS})"
        )),
    }
}

fn layout_of(arg: LayoutArg) -> Layout {
    match arg {
        LayoutArg::Ts => Layout::Ts,
        LayoutArg::Ra2 => Layout::Ra2,
    }
}

pub fn stream(args: &StreamArgs, out: &mut impl Write) -> Outcome {
    reject_option(args.precision.is_some(), "--precision", "westwood", "sots")?;
    reject_option(args.substream.is_some(), "--substream", "westwood", "laige")?;
    let tap = parse_tap(args.tap.as_deref().unwrap_or("raw")).map_err(Failure::Usage)?;
    check_work(args.skip, "--skip")?;
    let mut rng = Random2::new(seed_u32(args.seed, "westwood")?);
    let call = |r: &mut Random2| match tap {
        Tap::Raw => Value::I32(r.raw()),
        // The range was checked when the tap was parsed.
        Tap::Ranged(min, max) => Value::I32(r.ranged(min, max).unwrap_or(min)),
        Tap::Double => Value::F64(r.double()),
    };
    for _ in 0..args.skip {
        call(&mut rng);
    }
    for k in 0..args.count {
        let before = rng.position();
        let value = call(&mut rng);
        write_value(
            out,
            args.format,
            args.skip + k,
            value,
            rng.position() - before,
        )?;
    }
    Ok(())
}

pub fn save(args: &SaveArgs) -> Outcome {
    let layout = args.layout.map(layout_of).ok_or_else(|| {
        Failure::usage(
            "state save westwood needs --layout ts (1008 bytes) or --layout ra2 (1012 bytes)",
        )
    })?;
    check_work(args.skip_words, "--skip-words")?;
    let mut rng = Random2::new(seed_u32(args.seed, "westwood")?);
    rng.discard(args.skip_words);
    let bytes = layout
        .encode(&rng)
        .map_err(|e| Failure::usage(e.to_string()))?;
    write_state_file(
        &args.output,
        &bytes,
        format_args!(
            "westwood seed {}, {} draws, {} layout",
            args.seed, args.skip_words, layout
        ),
    )
}

/// Read a state file in the given layout, or the one its length names.
fn load(path: &std::path::Path, layout: Option<LayoutArg>) -> Result<westwood::Decoded, Failure> {
    let bytes = read_limited(path, westwood::RA2_LEN)?;
    let layout = match layout {
        Some(l) => layout_of(l),
        None => Layout::from_len(bytes.len()).ok_or_else(|| {
            Failure::usage(format!(
                "'{}' is {} bytes: neither a TS (1008) nor an RA2/YR (1012) randomizer",
                path.display(),
                bytes.len()
            ))
        })?,
    };
    layout
        .decode(&bytes)
        .map_err(|e| Failure::usage(format!("'{}': {e}", path.display())))
}

pub fn identify(args: &IdentifyArgs, out: &mut impl Write) -> Outcome {
    reject_option(
        args.max_twists.is_some(),
        "--max-twists",
        "westwood",
        "sots",
    )?;
    reject_option(args.master.is_some(), "--master", "westwood", "laige")?;
    let decoded = load(&args.file, args.layout)?;
    let max_draws = bound(
        args.max_draws,
        westwood::DEFAULT_MAX_DRAWS,
        "--max-draws",
        MAX_IDENTIFY_DRAWS,
    )?;
    let candidates = westwood::Candidates::new(&decoded.rng, max_draws).map_err(|c| {
        Failure::Different(format!(
            "'{}': {c}; no seeding leads to this state",
            args.file.display()
        ))
    })?;
    if candidates.is_empty() {
        return Err(Failure::Different(format!(
            "'{}': index1 is {}, so no seeding point lies within --max-draws {max_draws}",
            args.file.display(),
            decoded.rng.index1()
        )));
    }
    let range = match &args.seed_range {
        Some(r) => search::parse_seed_range(r, westwood::SEED_SPACE).map_err(Failure::Usage)?,
        None => 0..westwood::SEED_SPACE,
    };
    let (first, end) = (range.start, range.end);
    let outcome = search::run(range, args.threads, true, "identify westwood", |chunk| {
        candidates.search(chunk).take(1).collect()
    })?;
    let secs = outcome.elapsed.as_secs_f64();
    if let (None, Some(at)) = (outcome.hits.first(), outcome.interrupted_at) {
        return Err(Failure::Different(search::interrupted_message(
            outcome.searched,
            at,
            args.seed_range.as_deref(),
            westwood::SEED_SPACE,
        )));
    }
    let Some(id) = outcome.hits.first() else {
        return Err(Failure::Different(format!(
            "'{}': no seed in {first}..{end} reaches this state within {max_draws} draws of seeding \
             ({} seeds searched in {secs:.1} s)",
            args.file.display(),
            outcome.searched
        )));
    };
    eprintln!("searched {} seeds in {secs:.1} s", outcome.searched);
    write_report(
        out,
        args.json,
        &[("seed", id.seed.into()), ("words_drawn", id.draws)],
    )
}

pub fn diff(args: &DiffArgs, out: &mut impl Write) -> Outcome {
    reject_option(
        args.max_twists.is_some(),
        "--max-twists",
        "westwood",
        "sots",
    )?;
    let a = load(&args.file_a, args.layout)?;
    let b = load(&args.file_b, args.layout)?;
    let max = bound(
        args.max_draws,
        westwood::DEFAULT_MAX_DRAWS,
        "--max-draws",
        super::MAX_WORK,
    )?;
    let draws = westwood::draws_between(&a.rng, &b.rng, max)
        .map_err(|e| Failure::Different(e.to_string()))?;
    write_report(out, args.json, &[("words_between", draws)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn taps_parse() {
        assert_eq!(parse_tap("raw"), Ok(Tap::Raw));
        assert_eq!(parse_tap("double"), Ok(Tap::Double));
        assert_eq!(parse_tap("ranged:-5,5"), Ok(Tap::Ranged(-5, 5)));
        assert_eq!(parse_tap("ranged:5,-5"), Ok(Tap::Ranged(5, -5)));
        assert!(parse_tap("ranged:-1,2147483647").is_err());
        assert!(parse_tap("ranged").unwrap_err().contains("MIN,MAX"));
        assert!(parse_tap("u32").unwrap_err().contains("unknown tap"));
    }
}
