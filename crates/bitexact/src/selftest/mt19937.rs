//! Known answers of the textbook MT19937 (seed 000).

use crate::engine::check::{expect, Check, Mismatch};
use crate::mt19937::Mt19937;

/// Seed 000: seed 5489 gives these first outputs.
pub const MT_5489_FIRST: [u32; 3] = [3_499_211_612, 581_869_302, 3_890_346_734];
/// Seed 000: the 10000th output of seed 5489.
pub const MT_5489_10000TH: u32 = 4_123_659_995;

fn mt_first() -> Result<(), Mismatch> {
    let mut g = Mt19937::new(5489);
    for want in MT_5489_FIRST {
        expect("output", want.into(), g.next_u32().into())?;
    }
    Ok(())
}

fn mt_10000th() -> Result<(), Mismatch> {
    let mut g = Mt19937::new(5489);
    g.discard(9_999);
    expect(
        "10000th output",
        MT_5489_10000TH.into(),
        g.next_u32().into(),
    )
}

/// The checks, in `bitexact selftest`'s order.
pub(super) const CHECKS: &[Check] = &[
    Check {
        engine: "mt19937",
        name: "seed 5489: first three outputs (the Mars RNG notes)",
        run: mt_first,
    },
    Check {
        engine: "mt19937",
        name: "seed 5489: 10000th output 4123659995 (the Mars RNG notes)",
        run: mt_10000th,
    },
];
