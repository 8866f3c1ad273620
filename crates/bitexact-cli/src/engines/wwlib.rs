//! `westwood --class random4`: Random4Class's state files (SPEC 11); the
//! classes' taps are the library's (`bitexact::stream`).

use super::{check_bound, check_work, not_identified, write_identified, write_report};
use super::{write_state_file, MAX_SOTS_TWISTS};
use crate::cli::SaveCommon;
use crate::{Failure, Outcome};
use bitexact::westwood::{random4, Random4};
use std::io::Write;
use std::path::Path;

pub use bitexact::stream::WwTap as Tap;

/// Parse a WWLib `--tap`; `float` only where the class has it.
pub fn parse_tap(s: &str, has_float: bool) -> Result<Tap, String> {
    bitexact::stream::taps::ww_tap(s, has_float)
}

/// The most twists `identify --class random4` walks back.
const MAX_TWISTS: u64 = MAX_SOTS_TWISTS;

pub fn save_random4(seed: u32, args: &SaveCommon) -> Outcome {
    check_work(args.skip_words, "--skip-words")?;
    let mut r = Random4::new(seed);
    r.discard(args.skip_words);
    write_state_file(
        &args.output,
        &random4::encode_state(&r),
        format_args!(
            "Random4Class seed {seed}, {} draws, mti {}",
            args.skip_words,
            r.mti()
        ),
    )
}

pub(super) fn load_random4(path: &Path) -> Result<Random4, Failure> {
    super::read_state(path, random4::STATE_LEN, random4::decode_state)
}

pub fn identify_random4(file: &Path, max_twists: u64, json: bool, out: &mut impl Write) -> Outcome {
    check_bound(max_twists, "--max-twists", MAX_TWISTS)?;
    let r = load_random4(file)?;
    match random4::identify(&r, max_twists) {
        Ok(id) => {
            let mut fields = vec![
                ("seed", id.seed.into()),
                ("words_drawn", id.draws),
                ("mti", r.mti().into()),
            ];
            // Random4Class(0) is seed 4375's stream (the original's typo).
            if id.seed == random4::ZERO_SEED {
                fields.push(("also_seed", 0));
            }
            write_identified(out, json, &fields)
        }
        Err(e) => {
            let msg = format!("'{}': {e} (--max-twists raises the bound)", file.display());
            not_identified(out, json, msg, &[("max_twists", max_twists.into())])
        }
    }
}

pub fn diff_random4(
    file_a: &Path,
    file_b: &Path,
    max_twists: u64,
    json: bool,
    out: &mut impl Write,
) -> Outcome {
    check_bound(max_twists, "--max-twists", MAX_TWISTS)?;
    let (a, b) = (load_random4(file_a)?, load_random4(file_b)?);
    let words = bitexact::sots::words_between(a.mt(), b.mt(), max_twists)
        .map_err(|e| Failure::Different(e.to_string()))?;
    write_report(out, json, &[("words_between", words)])
}
