//! Known answers of Generals' `GameLogicRandom` (SPEC 11), from a Python
//! big-integer transcription (`tests/oracles/openra_generals.py`).

use crate::engine::check::{expect, identified, Check, Mismatch};
use crate::generals::{self, GameRandom};

fn generals_python() -> Result<(), Mismatch> {
    let mut g = GameRandom::new(0);
    for want in [1_436_176_877u64, 659_466_229, 3_894_933_472] {
        expect("draw", want, g.next_u32().into())?;
    }
    // value over the whole i32 range: d wraps to 0, returns hi, no draw.
    let before = g.state();
    expect(
        "value(MIN, MAX)",
        i32::MAX as u64,
        g.value(i32::MIN, i32::MAX) as u64,
    )?;
    expect("no draw", 1, u64::from(g.state() == before))?;
    let mut s = GameRandom::new(77);
    s.discard(5000);
    let id = identified(generals::identify(s.state(), 10_000))?;
    expect("identified seed", 77, id.seed)?;
    expect("identified draws", 5000, id.words_drawn)
}

/// The checks, in `bitexact selftest`'s order.
pub(crate) const CHECKS: &[Check] = &[Check {
    engine: "generals",
    name: "GameLogicRandom seed 0 draws; value(MIN, MAX) draws nothing; identify seed 77 + 5000",
    run: generals_python,
}];
