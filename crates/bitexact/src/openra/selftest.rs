//! Known answers of OpenRA's `MersenneTwister` (SPEC 11): numpy's MT19937
//! (`RandomState(0)`'s raw words mod 2147483647), the no-draw range and
//! `NextFloat`'s rounding.

use crate::engine::check::{expect, Check, Mismatch};
use crate::openra::MersenneTwister;

fn openra_numpy() -> Result<(), Mismatch> {
    let mut m = MersenneTwister::new(0);
    for want in [209_652_397u64, 398_764_592, 924_231_286] {
        expect("Next()", want, m.next() as u64)?;
    }
    // Next(low, high) with a difference of at most 1 draws nothing, even
    // (i32::MIN, i32::MAX), whose difference wraps to -1.
    expect(
        "Next(MIN, MAX)",
        i32::MIN as u32 as u64,
        m.next_range(i32::MIN, i32::MAX)
            .map_or(0, |v| v as u32 as u64),
    )?;
    expect("TotalCount", 3, m.total_count())?;
    // NextFloat rounds Next() to f32: 2147483584 gives exactly 1.0.
    expect(
        "NextFloat(2147483584) bits",
        1f32.to_bits().into(),
        crate::openra::float_of_value(2_147_483_584)
            .to_bits()
            .into(),
    )
}

/// The checks, in `bitexact selftest`'s order.
pub(crate) const CHECKS: &[Check] = &[Check {
    engine: "openra",
    name:
        "MersenneTwister(0) = numpy's MT19937 mod 2147483647; no-draw Next(MIN, MAX); NextFloat 1.0",
    run: openra_numpy,
}];
