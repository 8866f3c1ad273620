//! `laige`: the xorshift128+ Prng with substreams (SPEC 3).

use super::drive::{Counting, Drive};
use super::{
    check_bound, check_work, not_identified, write_identified, write_report, write_state_file,
    MAX_LAIGE_DRAWS,
};
use crate::cli::{LaigeStream, SaveCommon};
use crate::num;
use crate::out::Value;
use crate::{Failure, Outcome};
use bitexact::laige::{self, Prng};
use std::io::Write;
use std::path::Path;

const TAPS: &str = "u64, range:MIN,MAX, float01";

/// One of the Prng's taps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tap {
    U64,
    Range(u32, u32),
    Float01,
}

/// A `--tap` argument, or a one-line message naming what is wrong.
pub fn parse_tap(s: &str) -> Result<Tap, String> {
    match s.split_once(':') {
        None if s == "u64" => Ok(Tap::U64),
        None if s == "float01" => Ok(Tap::Float01),
        None if s == "range" => Err("tap range needs its bounds: range:MIN,MAX".into()),
        Some(("range", arg)) => {
            let (min, max) = num::parse_tap_pair(s, arg, "range:MIN,MAX", num::parse_u32)?;
            if min >= max {
                return Err(format!(
                    "range:{min},{max} is empty: MIN must be below MAX (the range is [MIN, MAX))"
                ));
            }
            Ok(Tap::Range(min, max))
        }
        Some(("u64" | "float01", _)) => Err(format!(
            "tap {} takes no argument",
            s.split(':').next().unwrap_or(s)
        )),
        _ => Err(format!(
            "unknown tap '{s}' for laige (expected one of {TAPS})"
        )),
    }
}

pub fn stream(args: &LaigeStream, out: &mut impl Write) -> Outcome {
    let prng = Prng::derive_substream(args.seed, args.substream.unwrap_or(0));
    let tap = args.common.tap.as_deref().unwrap_or("u64");
    super::drive::stream(Counting::new(prng), tap, &args.common, out)
}

impl Drive for Counting<Prng> {
    type Tap = Tap;
    const ENTRY_POINTS: &'static [&'static str] = &["u64", "range", "float01"];
    const TAPS: &'static str = TAPS;
    const CALLS: &'static str = "u64, range MIN MAX, float01";

    fn parse_tap(s: &str) -> Result<Tap, String> {
        parse_tap(s)
    }
    fn entry(tap: Tap) -> &'static str {
        match tap {
            Tap::U64 => "u64",
            Tap::Range(..) => "range",
            Tap::Float01 => "float01",
        }
    }
    fn call(&mut self, tap: Tap) -> Value {
        let before = self.g;
        let value = match tap {
            Tap::U64 => Value::U64(self.g.next_u64()),
            // The bounds were checked when the tap was parsed.
            Tap::Range(min, max) => Value::U32(self.g.next_range(min, max).unwrap_or(min)),
            Tap::Float01 => Value::F32(self.g.next_float01()),
        };
        // Draws this call spent: 1, or a few more for a rejecting range
        // (each rejection has probability below 2^-32).
        self.draws += laige::words_between(&before, &self.g, 4096).unwrap_or(0);
        value
    }
    fn position(&self) -> u64 {
        self.draws
    }
    fn fixed_draws(tap: Tap) -> Option<u64> {
        match tap {
            Tap::U64 | Tap::Float01 => Some(1),
            Tap::Range(..) => None,
        }
    }
    fn discard(&mut self, draws: u64) {
        // Jump ahead (x^n mod the characteristic polynomial): no stepping.
        self.g.jump(draws.into());
        self.draws += draws;
    }
}

pub fn save(seed: u64, args: &SaveCommon) -> Outcome {
    check_work(args.skip_words, "--skip-words")?;
    let mut prng = Prng::new(seed);
    for _ in 0..args.skip_words {
        prng.next_u64();
    }
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
