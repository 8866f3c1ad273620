//! `generals`: C&C Generals / Zero Hour `GameLogicRandom` (SPEC 11), and its
//! 24-byte state files.

use super::write_state_file;
use super::{check_bound, not_identified, write_identified, write_report};
use crate::cli::SaveCommon;
use crate::{Failure, Outcome};
use bitexact::generals::{self, GameRandom};
use std::io::Write;
use std::path::Path;

pub use bitexact::stream::GeneralsTap as Tap;

/// The most draws `identify` walks back (about 5 s).
pub const MAX_IDENTIFY_DRAWS: u64 = 1_000_000_000;

pub fn save(seed: u32, args: &SaveCommon) -> Outcome {
    check_bound(args.skip_words, "--skip-words", super::MAX_GENERALS_DRAWS)?;
    let mut g = GameRandom::new(seed);
    g.discard(args.skip_words);
    write_state_file(
        &args.output,
        &generals::encode_state(&g),
        format_args!("generals seed {seed}, {} draws", args.skip_words),
    )
}

pub(super) fn load(path: &Path) -> Result<GameRandom, Failure> {
    super::read_state(path, generals::STATE_LEN, generals::decode_state)
}

pub fn identify(file: &Path, max_draws: u64, json: bool, out: &mut impl Write) -> Outcome {
    check_bound(max_draws, "--max-draws", MAX_IDENTIFY_DRAWS)?;
    let g = load(file)?;
    match generals::identify(g.state(), max_draws) {
        Ok(id) => write_identified(
            out,
            json,
            &[("seed", id.seed.into()), ("words_drawn", id.draws)],
        ),
        Err(e) => {
            let msg = format!("'{}': {e} (--max-draws raises the bound)", file.display());
            not_identified(out, json, msg, &[("max_draws", max_draws.into())])
        }
    }
}

pub fn diff(
    file_a: &Path,
    file_b: &Path,
    max_draws: u64,
    json: bool,
    out: &mut impl Write,
) -> Outcome {
    check_bound(max_draws, "--max-draws", MAX_IDENTIFY_DRAWS)?;
    let (a, b) = (load(file_a)?, load(file_b)?);
    match generals::draws_between(&a, &b, max_draws) {
        Ok(n) => write_report(out, json, &[("words_between", n)]),
        Err(Some(n)) => Err(Failure::Different(format!(
            "B is not after A: B comes {n} draws before A"
        ))),
        Err(None) => Err(Failure::Different(format!(
            "the states are not the same stream within {max_draws} draws of each other"
        ))),
    }
}
