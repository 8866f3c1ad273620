//! `westwood`: the Tiberian Sun / Red Alert 2 randomizer (SPEC 4).

use super::{
    check_bound, check_work, not_identified, write_identified, write_report, write_state_file,
    MAX_WORK,
};
use crate::cli::{Layout as LayoutArg, SaveCommon};
use crate::{read_limited, search, Failure, Outcome};
use bitexact::westwood::{self, Layout, Random2};
use std::io::Write;
use std::path::Path;

/// The most draws `identify` walks back: the walk keeps 16 bytes per 250
/// draws, so 10^9 draws is 64 MB.
const MAX_IDENTIFY_DRAWS: u64 = 1_000_000_000;

pub use super::wwlib::Tap;

/// A Random2Class `--tap` argument, or a one-line message naming what is wrong.
pub fn parse_tap(s: &str) -> Result<Tap, String> {
    super::wwlib::parse_tap(s, false)
}

pub(super) fn layout_of(arg: LayoutArg) -> Layout {
    match arg {
        LayoutArg::Ts => Layout::Ts,
        LayoutArg::Ra2 => Layout::Ra2,
    }
}

pub fn save(seed: u32, args: &SaveCommon, layout: LayoutArg) -> Outcome {
    let layout = layout_of(layout);
    check_work(args.skip_words, "--skip-words")?;
    let mut rng = Random2::new(seed);
    rng.discard(args.skip_words);
    let bytes = layout
        .encode(&rng)
        .map_err(|e| Failure::usage(e.to_string()))?;
    write_state_file(
        &args.output,
        &bytes,
        format_args!(
            "westwood seed {seed}, {} draws, {layout} layout",
            args.skip_words
        ),
    )
}

/// Read a state file in the given layout, or the one its length names.
pub(super) fn load(path: &Path, layout: Option<LayoutArg>) -> Result<westwood::Decoded, Failure> {
    load_with_layout(path, layout).map(|(_, d)| d)
}

/// [`load`], and the layout it was read in.
pub(super) fn load_with_layout(
    path: &Path,
    layout: Option<LayoutArg>,
) -> Result<(Layout, westwood::Decoded), Failure> {
    let bytes = read_limited(path, westwood::RA2_LEN)?;
    let layout = match layout {
        Some(l) => layout_of(l),
        None => Layout::from_len(bytes.len()).ok_or_else(|| {
            Failure::usage(format!(
                "'{}' is {} bytes: neither a TS (1008) nor an RA2/YR (1012) randomizer",
                crate::input_name(path),
                bytes.len()
            ))
        })?,
    };
    layout
        .decode(&bytes)
        .map(|d| (layout, d))
        .map_err(|e| Failure::usage(format!("'{}': {e}", crate::input_name(path))))
}

pub fn identify(
    file: &Path,
    layout: Option<LayoutArg>,
    max_draws: u64,
    seed_range: Option<&str>,
    threads: Option<usize>,
    json: bool,
    out: &mut impl Write,
) -> Outcome {
    check_bound(max_draws, "--max-draws", MAX_IDENTIFY_DRAWS)?;
    let decoded = load(file, layout)?;
    let name = file.display();
    // No draw sets the disabled flag, so a state with it set is not
    // reachable; its table and cursors are searched with the flag cleared,
    // to say which stream it came from.
    let disabled = decoded.rng.disabled();
    let mut wanted = decoded.rng.clone();
    wanted.set_disabled(false);
    let candidates = match westwood::Candidates::new(&wanted, max_draws) {
        Ok(c) => c,
        Err(c) => {
            let msg = format!("'{name}': {c}; no seeding leads to this state");
            return not_identified(out, json, msg, &[]);
        }
    };
    if candidates.is_empty() {
        let msg = format!(
            "'{name}': index1 is {}, so no seeding point lies within --max-draws {max_draws}",
            decoded.rng.index1()
        );
        return not_identified(out, json, msg, &[("max_draws", max_draws.into())]);
    }
    let range = match seed_range {
        Some(r) => search::parse_seed_range(r, westwood::SEED_SPACE).map_err(Failure::Usage)?,
        None => 0..westwood::SEED_SPACE,
    };
    let (first, end) = (range.start, range.end);
    // The first seed (in seed order) whose replay reproduces the state.
    let plan = search::Plan {
        threads,
        seeds_per_chunk: 1 << 20,
        stop_after: 1,
        label: "identify westwood",
    };
    let outcome = search::run(
        range,
        &plan,
        |chunk| candidates.search(chunk).collect(),
        |_| {},
    )?;
    let secs = outcome.elapsed.as_secs_f64();
    let searched = [("searched", outcome.searched.into())];
    let Some(id) = outcome.hits.first() else {
        let msg = match outcome.end {
            search::End::Interrupted { at } => {
                search::interrupted_message(outcome.searched, at, seed_range, westwood::SEED_SPACE)
            }
            _ => format!(
                "'{name}': no seed in {first}..{end} reaches this state within {max_draws} draws \
                 of seeding ({} seeds searched in {secs:.1} s; --max-draws raises the bound)",
                outcome.searched
            ),
        };
        return not_identified(out, json, msg, &searched);
    };
    crate::summary!("searched {} seeds in {secs:.1} s", outcome.searched);
    if disabled {
        let msg = format!(
            "'{name}': not reachable by seeding and drawing: its disabled flag is set, and no draw \
             sets it (with the flag clear, the table and cursors are seed {} after {} draws)",
            id.seed, id.draws
        );
        let extra = [
            ("seed_if_enabled", id.seed.into()),
            ("words_drawn_if_enabled", id.draws.into()),
        ];
        return not_identified(out, json, msg, &extra);
    }
    write_identified(
        out,
        json,
        &[("seed", id.seed.into()), ("words_drawn", id.draws)],
    )
}

pub fn diff(
    file_a: &Path,
    file_b: &Path,
    layout: Option<LayoutArg>,
    max_draws: u64,
    json: bool,
    out: &mut impl Write,
) -> Outcome {
    check_bound(max_draws, "--max-draws", MAX_WORK)?;
    let (a, b) = (load(file_a, layout)?, load(file_b, layout)?);
    let draws = westwood::draws_between(&a.rng, &b.rng, max_draws)
        .map_err(|e| Failure::Different(e.to_string()))?;
    let flag = |r: &Random2| if r.disabled() { "set" } else { "clear" };
    if a.rng.disabled() != b.rng.disabled() {
        // No draw changes the flag: B is not reached from A by drawing.
        return Err(Failure::Different(format!(
            "B is not reachable from A by draws: the disabled flag is {} in A and {} in B, and no draw \
             changes it (the tables and cursors are {draws} draws apart)",
            flag(&a.rng),
            flag(&b.rng)
        )));
    }
    write_report(out, json, &[("words_between", draws)])
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
