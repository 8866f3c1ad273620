//! `laige`: the xorshift128+ Prng with substreams (SPEC 3).

use super::{
    check_bound, check_work, not_identified, write_identified, write_report, write_state_file,
    MAX_LAIGE_DRAWS,
};
use crate::cli::SaveCommon;
use crate::{Failure, Outcome};
use bitexact::laige::{self, Prng};
use std::io::Write;
use std::path::Path;

pub use bitexact::stream::LaigeTap as Tap;

/// A laige `--tap` argument, or a one-line message naming what is wrong.
pub fn parse_tap(s: &str) -> Result<Tap, String> {
    bitexact::stream::taps::laige_tap(s)
}

pub fn save(seed: u64, args: &SaveCommon) -> Outcome {
    check_work(args.skip_words, "--skip-words")?;
    let mut prng = Prng::new(seed);
    // Jump ahead (x^n mod the characteristic polynomial): no stepping.
    prng.jump(args.skip_words.into());
    write_state_file(
        &args.output,
        &laige::encode_state(&prng),
        format_args!("laige seed {seed}, {} draws", args.skip_words),
    )
}

pub(super) fn load(path: &Path) -> Result<Prng, Failure> {
    super::read_state(path, laige::STATE_LEN, laige::decode_state)
}

pub fn identify(
    file: &Path,
    max_draws: u64,
    master: Option<u64>,
    json: bool,
    out: &mut impl Write,
) -> Outcome {
    check_bound(max_draws, "--max-draws", MAX_LAIGE_DRAWS)?;
    let prng = load(file)?;
    let id = match laige::identify(prng.state_part1(), prng.state_part2(), max_draws) {
        Ok(id) => id,
        Err(e) => {
            let msg = format!("'{}': {e} (--max-draws raises the bound)", file.display());
            return not_identified(out, json, msg, &[("max_draws", max_draws.into())]);
        }
    };
    if id.seed != prng.seed() {
        let msg = format!(
            "'{}': the state was seeded with {} ({} draws ago), but the file's seed field says {}",
            file.display(),
            id.seed,
            id.words_drawn,
            prng.seed()
        );
        return not_identified(out, json, msg, &[]);
    }
    let mut fields = vec![("seed", id.seed), ("words_drawn", id.words_drawn)];
    if let Some(master) = master {
        let sub = laige::substream_id(master, id.seed)
            .map_err(|e| Failure::Different(format!("--master {master}: {e}")))?;
        fields.push(("substream", sub.into()));
    }
    write_identified(out, json, &fields)
}

pub fn diff(
    file_a: &Path,
    file_b: &Path,
    max_draws: u64,
    json: bool,
    out: &mut impl Write,
) -> Outcome {
    check_bound(max_draws, "--max-draws", MAX_LAIGE_DRAWS)?;
    let (a, b) = (load(file_a)?, load(file_b)?);
    let words =
        laige::words_between(&a, &b, max_draws).map_err(|e| Failure::Different(e.to_string()))?;
    if a.seed() != b.seed() {
        return Err(Failure::Different(format!(
            "B is not A's Prng: the seed fields differ (A {}, B {}), though the state words are {words} \
             draws apart",
            a.seed(),
            b.seed()
        )));
    }
    write_report(out, json, &[("words_between", words)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn taps_parse() {
        assert_eq!(parse_tap("u64"), Ok(Tap::U64));
        assert_eq!(parse_tap("float01"), Ok(Tap::Float01));
        assert_eq!(parse_tap("range:0,100"), Ok(Tap::Range(0, 100)));
        assert!(parse_tap("range:5,5").unwrap_err().contains("empty"));
        assert!(parse_tap("range").unwrap_err().contains("MIN,MAX"));
        assert!(parse_tap("u32").unwrap_err().contains("unknown tap"));
        assert!(parse_tap("u64:1").is_err());
    }
}
