//! Known-answer vectors of the westwood generators, and [`check`] to run them.
//!
//! Where they come from: SPEC 4's one external fixture (seed 1's first
//! `ranged(1, 2147483647)` is 2,025,287,382 under the published algorithm,
//! [`SEED_1_FIRST_RANGED`]); everything else was computed by this module's
//! generators and pinned only after the crate's tests showed an independent
//! transcription (`tests/westwood_reference.rs`: the hash on `i64` values
//! reduced by hand, `Random2Class` as the sequence `s[n + 250] = s[n] ^
//! s[n + 103]`) agreeing with them over 10^5 draws for many seeds. They are
//! regression pins: a change that moves one is a change of generator.
//!
//! [`SEED_002_FIXTURE_RANGED`] is seed 002's withdrawn fixture, which the
//! published algorithm does **not** reproduce for seed 1 (see the module docs
//! of [`westwood`](super)).

use super::{psdes, Random2, RandomLcg};

/// SPEC 4: seed 1's first `ranged(1, 2147483647)` under the published
/// algorithm.
pub const SEED_1_FIRST_RANGED: i32 = 2_025_287_382;
/// SPEC 4: seed 1's first `double()`, `2025287382 / 2^31`
/// (0.943097929470241 to 15 places).
pub const SEED_1_FIRST_DOUBLE: f64 = 0.943_097_929_470_241_1;

/// Seed 002's fixture for seed 1 — **does not hold** under the published
/// algorithm (SPEC 4); kept so the disagreement stays documented and tested.
pub const SEED_002_FIXTURE_RANGED: i32 = 1_631_533_363;
/// Seed 002's fixture double, `1631533363 / 2^31` = 0.759741926100105.
pub const SEED_002_FIXTURE_DOUBLE: f64 = 1_631_533_363.0 / 2_147_483_648.0;

/// Raw draws of `Random2::new(seed)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RawVector {
    /// The seed.
    pub seed: u32,
    /// The first six raw draws.
    pub first_raw: [i32; 6],
    /// The 100 000th raw draw (after 99 999 others).
    pub raw_100000th: i32,
    /// The first `double()` of a fresh generator.
    pub first_double: f64,
}

/// Four successive `ranged(min, max)` draws of `Random2::new(seed)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RangedVector {
    /// The seed.
    pub seed: u32,
    /// Lower bound.
    pub min: i32,
    /// Upper bound.
    pub max: i32,
    /// The draws.
    pub values: [i32; 4],
}

/// The first raw draws of `RandomLcg::new(seed)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LcgVector {
    /// The seed.
    pub seed: u32,
    /// The first four raw draws.
    pub first_raw: [i32; 4],
}

/// Random2 raw streams (seeds 0, 1, 2 and large ones).
#[rustfmt::skip]
pub const RAW: [RawVector; 7] = [
    RawVector { seed: 0, first_raw: [1229352179, 1781224790, -1870012379, -1662002373, 113769335, 1598701933], raw_100000th: 178595854, first_double: 0.5724617186933756 },
    RawVector { seed: 1, first_raw: [2025287381, 660436142, -630998735, -1393837358, -415083311, 615944872], raw_100000th: 1627839391, first_double: 0.9430979294702411 },
    RawVector { seed: 2, first_raw: [-1513127150, 1680153835, 1475635446, -761974411, -752927113, -2134958885], raw_100000th: 159227764, first_double: 0.2953952639363706 },
    RawVector { seed: 0x7fff_ffff, first_raw: [-468148102, -1729673833, 628484577, -251323384, 932595950, -1707973643], raw_100000th: 379507123, first_double: 0.7820015526376665 },
    RawVector { seed: 0x8000_0000, first_raw: [-1495561260, 820682848, -780110584, 426027646, -1480269173, 1988742343], raw_100000th: 278169114, first_double: 0.30357501888647676 },
    RawVector { seed: 0xdead_beef, first_raw: [-1095093364, -510529939, 1251672335, -952098980, -1303255940, 2107436014], raw_100000th: -577731530, first_double: 0.4900574148632586 },
    RawVector { seed: 0xffff_ffff, first_raw: [-105882052, -386774975, 1719753279, 991363147, 1089647832, -2658788], raw_100000th: 186536382, first_double: 0.9506948278285563 },
];

/// Random2 ranged draws over several spans, seeds 0, 1, 2.
#[rustfmt::skip]
pub const RANGED: [RangedVector; 15] = [
    RangedVector { seed: 0, min: 0, max: 9, values: [3, 6, 5, 7] },
    RangedVector { seed: 0, min: -100, max: 100, values: [-14, -63, -41, 19] },
    RangedVector { seed: 0, min: 0, max: 32767, values: [27891, 21846, 24613, 23355] },
    RangedVector { seed: 0, min: i32::MIN, max: -2, values: [-918131469, -366258858, -1870012379, -1662002373] },
    RangedVector { seed: 0, min: 1, max: i32::MAX, values: [1229352180, 1781224791, 277471270, 485481276] },
    RangedVector { seed: 1, min: 0, max: 9, values: [5, 1, 2, 1] },
    RangedVector { seed: 1, min: -100, max: 100, values: [74, -51, 68, 17] },
    RangedVector { seed: 1, min: 0, max: 32767, values: [28373, 29870, 14641, 15058] },
    RangedVector { seed: 1, min: i32::MIN, max: -2, values: [-122196267, -1487047506, -630998735, -1393837358] },
    RangedVector { seed: 1, min: 1, max: i32::MAX, values: [2025287382, 660436143, 1516484914, 753646291] },
    RangedVector { seed: 2, min: 0, max: 9, values: [2, 6, 5, 7] },
    RangedVector { seed: 2, min: -100, max: 100, values: [-82, 17, 19, 49] },
    RangedVector { seed: 2, min: 0, max: 32767, values: [786, 7403, 26870, 12661] },
    RangedVector { seed: 2, min: i32::MIN, max: -2, values: [-1513127150, -467329813, -671848202, -761974411] },
    RangedVector { seed: 2, min: 1, max: i32::MAX, values: [634356499, 1680153836, 1475635447, 1385509238] },
];

/// `(seed, index, psdes(seed, index))`.
#[rustfmt::skip]
pub const PSDES: [(u32, u32, i32); 7] = [
    (0, 0, -1389450728),
    (1, 0, -195043165),
    (0, 1, 1718636987),
    (1, 1, 2128042508),
    (0xdead_beef, 0x1234_5678, 786535661),
    (0xffff_ffff, 0xffff_ffff, -1266665825),
    (0x8000_0000, 0x8000_0000, 1859271490),
];

/// RandomClass (15-bit LCG) streams. Seed 0's first draw is `0x3039 >> 10 =
/// 12` by hand.
#[rustfmt::skip]
pub const LCG: [LcgVector; 4] = [
    LcgVector { seed: 0, first_raw: [12, 30469, 16649, 6471] },
    LcgVector { seed: 1, first_raw: [29087, 8108, 24697, 6886] },
    LcgVector { seed: 12345, first_raw: [30469, 16649, 6471, 27301] },
    LcgVector { seed: 0xffff_ffff, first_raw: [3704, 20063, 8602, 6055] },
];

/// A value a vector expected.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// An integer draw.
    Int(i32),
    /// A `double()` (compared bit for bit).
    Double(f64),
}

impl core::fmt::Display for Value {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Value::Int(v) => write!(f, "{v}"),
            Value::Double(v) => write!(f, "{v:?} ({:#018x})", v.to_bits()),
        }
    }
}

/// A known-answer vector that failed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct VectorMismatch {
    /// Which vector.
    pub what: &'static str,
    /// Its seed.
    pub seed: u32,
    /// The expected value.
    pub expected: Value,
    /// The value produced.
    pub got: Value,
}

impl core::fmt::Display for VectorMismatch {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "westwood {} (seed {}): expected {}, got {}",
            self.what, self.seed, self.expected, self.got
        )
    }
}

impl core::error::Error for VectorMismatch {}

fn expect(
    what: &'static str,
    seed: u32,
    expected: Value,
    got: Value,
) -> Result<(), VectorMismatch> {
    let same = match (expected, got) {
        (Value::Double(a), Value::Double(b)) => a.to_bits() == b.to_bits(),
        (a, b) => a == b,
    };
    if same {
        Ok(())
    } else {
        Err(VectorMismatch {
            what,
            seed,
            expected,
            got,
        })
    }
}

/// Run every vector above against the library; the first mismatch, if any.
/// About 7 · 10^5 raw draws.
pub fn check() -> Result<(), VectorMismatch> {
    let mut rng = Random2::new(1);
    let got = rng.ranged(1, i32::MAX).unwrap_or(0);
    expect(
        "SPEC 4 first ranged",
        1,
        Value::Int(SEED_1_FIRST_RANGED),
        Value::Int(got),
    )?;
    let got = Random2::new(1).double();
    expect(
        "SPEC 4 first double",
        1,
        Value::Double(SEED_1_FIRST_DOUBLE),
        Value::Double(got),
    )?;
    for v in RAW {
        let mut rng = Random2::new(v.seed);
        for want in v.first_raw {
            expect("raw", v.seed, Value::Int(want), Value::Int(rng.raw()))?;
        }
        rng.discard(99_999 - v.first_raw.len() as u64);
        expect(
            "100000th raw",
            v.seed,
            Value::Int(v.raw_100000th),
            Value::Int(rng.raw()),
        )?;
        let got = Random2::new(v.seed).double();
        expect(
            "first double",
            v.seed,
            Value::Double(v.first_double),
            Value::Double(got),
        )?;
    }
    for v in RANGED {
        let mut rng = Random2::new(v.seed);
        for want in v.values {
            let got = rng.ranged(v.min, v.max).unwrap_or(want.wrapping_add(1));
            expect("ranged", v.seed, Value::Int(want), Value::Int(got))?;
        }
    }
    for (seed, index, want) in PSDES {
        expect(
            "psdes",
            seed,
            Value::Int(want),
            Value::Int(psdes(seed, index)),
        )?;
    }
    for v in LCG {
        let mut lcg = RandomLcg::new(v.seed);
        for want in v.first_raw {
            expect(
                "RandomClass raw",
                v.seed,
                Value::Int(want),
                Value::Int(lcg.raw()),
            )?;
        }
    }
    Ok(())
}
