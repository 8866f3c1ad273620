//! `sots`: the Mars MT19937 (SPEC 2).
//!
//! Taps and ledger-script lines name the same calls (`int:6` / `int 6`):
//! [`parse_call`] reads both into a `bitexact::ledger::Call`.

use super::{
    check_bound, check_work, not_identified, write_identified, write_report, write_state_file,
    MAX_SOTS_TWISTS,
};
use crate::cli::SaveCommon;
use crate::{Failure, Outcome};
use bitexact::ledger::Call;
use bitexact::sots::{self, Rng};
use std::io::Write;
use std::path::Path;

/// A Mars call from its name and arguments (the ledger's words).
pub fn parse_call(name: &str, args: &[&str]) -> Result<Call, String> {
    bitexact::stream::taps::sots_call(name, args)
}

/// A sots `--tap` argument, or a one-line message naming what is wrong.
pub fn parse_tap(s: &str) -> Result<Call, String> {
    bitexact::stream::taps::sots_tap(s)
}

pub fn save(seed: u32, args: &SaveCommon) -> Outcome {
    check_work(args.skip_words, "--skip-words")?;
    let mut rng = Rng::new(seed);
    rng.discard(args.skip_words);
    write_state_file(
        &args.output,
        &rng.save_state(),
        format_args!(
            "sots seed {seed}, {} words drawn, left {}",
            args.skip_words,
            rng.left()
        ),
    )
}

pub(super) fn load(path: &Path) -> Result<bitexact::mt19937::Mt19937, Failure> {
    super::read_state(path, sots::ITEM_LEN_PADDED, sots::decode_item)
}

pub fn identify(file: &Path, max_twists: u64, json: bool, out: &mut impl Write) -> Outcome {
    check_bound(max_twists, "--max-twists", MAX_SOTS_TWISTS)?;
    let mt = load(file)?;
    let id = match sots::identify(&mt, max_twists) {
        Ok(id) => id,
        Err(e) => {
            let msg = format!("'{}': {e} (--max-twists raises the bound)", file.display());
            return not_identified(out, json, msg, &[("max_twists", max_twists.into())]);
        }
    };
    write_identified(
        out,
        json,
        &[
            ("seed", id.seed.into()),
            ("twists", id.twists),
            ("left", id.left.into()),
            ("words_drawn", id.words_drawn),
        ],
    )
}

pub fn diff(
    file_a: &Path,
    file_b: &Path,
    max_twists: u64,
    json: bool,
    out: &mut impl Write,
) -> Outcome {
    check_bound(max_twists, "--max-twists", MAX_SOTS_TWISTS)?;
    let (a, b) = (load(file_a)?, load(file_b)?);
    let words =
        sots::words_between(&a, &b, max_twists).map_err(|e| Failure::Different(e.to_string()))?;
    write_report(out, json, &[("words_between", words)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn taps_parse() {
        assert_eq!(parse_tap("u32"), Ok(Call::U32));
        assert_eq!(parse_tap("int:6"), Ok(Call::IntInclusive(6)));
        assert_eq!(parse_tap("chance:0.25"), Ok(Call::Chance(0.25)));
        assert_eq!(parse_tap("frange:-1,1"), Ok(Call::FloatRange(-1.0, 1.0)));
        assert_eq!(parse_tap("bell:-5,0x10"), Ok(Call::IntRangeBell(-5, 16)));
        assert!(parse_tap("int").unwrap_err().contains("int:N"));
        assert!(parse_tap("int:").unwrap_err().starts_with("--tap 'int:'"));
        assert!(parse_tap("bell:1").unwrap_err().contains("LO,HI"));
        assert!(parse_tap("bell:1,")
            .unwrap_err()
            .starts_with("--tap 'bell:1,'"));
        assert!(parse_tap("dice").unwrap_err().contains("unknown tap"));
        assert!(parse_tap("u32:3").is_err());
        assert!(parse_tap("tnormal-attempts:2")
            .unwrap_err()
            .contains("ledger call only"));
    }

    #[test]
    fn calls_parse() {
        assert_eq!(parse_call("int", &["6"]), Ok(Call::IntInclusive(6)));
        assert!(parse_call("int", &[]).unwrap_err().contains("int N"));
        assert!(parse_call("tnormal-attempts", &["0"])
            .unwrap_err()
            .contains("K >= 1"));
        assert!(parse_call("tnormal-attempts", &["4294967296"]).is_err());
    }
}
