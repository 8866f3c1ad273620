//! `bitexact selftest`: every known-answer check of the library, one line each.

use crate::{Failure, Outcome};
use std::io::Write;

pub fn run(out: &mut impl Write) -> Outcome {
    let (mut passed, mut failed) = (0, 0);
    for check in bitexact::selftest::checks() {
        match check.run() {
            Ok(()) => {
                passed += 1;
                writeln!(out, "PASS  {:<8} {}", check.engine, check.name)?;
            }
            Err(m) => {
                failed += 1;
                writeln!(out, "FAIL  {:<8} {} — {m}", check.engine, check.name)?;
            }
        }
    }
    out.flush()?;
    if failed > 0 {
        Err(Failure::Different(format!(
            "{failed} of {} checks failed",
            passed + failed
        )))
    } else {
        crate::summary!("{passed} checks passed");
        Ok(())
    }
}
