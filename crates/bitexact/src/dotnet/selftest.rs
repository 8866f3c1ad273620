//! Known answers of `System.Random` (SPEC 15), printed by the real
//! `System.Random` (Mono 6.8's, Microsoft's reference source, run by
//! `tests/dotnet_mono.rs`, which also checks them live).

use super::Random;
use crate::engine::check::{expect, identified, Check, Mismatch};

fn mono_seed_0() -> Result<(), Mismatch> {
    let mut g = Random::new(0);
    for want in [1_559_595_546u64, 1_755_192_844, 1_649_316_166] {
        expect("Next()", want, g.next() as u64)?;
    }
    expect("Next(6)", 3, g.next_max(6).unwrap_or(-1) as u64)?;
    // Past int.MaxValue: the large-range sample, two words each.
    let large = g.next_range(-5, i32::MAX).unwrap_or(0);
    expect("Next(-5, int.MaxValue)", 1_294_968_235, large as u64)?;
    let full = g.next_range(i32::MIN, i32::MAX).unwrap_or(0);
    expect(
        "Next(int.MinValue, int.MaxValue)",
        -1_945_678_310i64 as u64,
        full as u64,
    )?;
    expect(
        "NextDouble()",
        0.977_549_753_141_379_8_f64.to_bits(),
        g.next_double().to_bits(),
    )?;
    let mut b = [0u8; 4];
    g.next_bytes(&mut b);
    expect("NextBytes", 0xf5d5_6567, u32::from_le_bytes(b).into())
}

fn mono_odd_seeds() -> Result<(), Mismatch> {
    // -1 is 1's stream; int.MinValue is int.MaxValue's, which parts from
    // seed 0's at the third word.
    let mut g = Random::new(-1);
    for want in [534_011_718u64, 237_820_880, 1_002_897_798] {
        expect("seed -1 Next()", want, g.next() as u64)?;
    }
    let mut g = Random::new(i32::MIN);
    for want in [1_559_595_546u64, 1_755_192_844, 1_649_316_172] {
        expect("seed int.MinValue Next()", want, g.next() as u64)?;
    }
    let mut s = Random::new(-12345);
    s.discard(5000);
    let id = identified(crate::engine::reversible::identify(
        &s,
        10_000,
        crate::engine::Unit::Draws,
        &|| false,
    ))?;
    expect("identified seed", 12345, id.seed)?;
    expect("identified draws", 5000, id.words_drawn)
}

/// The checks, in `bitexact selftest`'s order.
pub(crate) const CHECKS: &[Check] = &[
    Check {
        engine: "dotnet",
        name: "System.Random seed 0: Next, Next(6), Next(min, max) past int.MaxValue, NextDouble, NextBytes (Mono)",
        run: mono_seed_0,
    },
    Check {
        engine: "dotnet",
        name: "System.Random seeds -1 and int.MinValue (Mono); identify -12345 + 5000",
        run: mono_odd_seeds,
    },
];
