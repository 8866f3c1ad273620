//! Known answers of the laige Prng (seed 001, SPEC 3).

use crate::engine::check::{expect, identified, Check, Mismatch};
use crate::laige::{self, period, Prng};

fn golden_hash() -> Result<(), Mismatch> {
    // Seed 001's replay fixture: FNV-1a 64 over the big-endian bytes of the
    // first 4096 outputs of seed 0x1234567890ABCDEF.
    let mut p = Prng::new(0x1234_5678_90ab_cdef);
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for _ in 0..4096 {
        for byte in p.next_u64().to_be_bytes() {
            h = (h ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    expect("FNV-1a 64", 0xb64e_7617_3859_b6d8, h)
}

fn first_32() -> Result<(), Mismatch> {
    let mut p = Prng::new(laige::GOLDEN_SEED);
    for want in laige::GOLDEN_FIRST_32 {
        expect("output", want, p.next_u64())?;
    }
    Ok(())
}

fn period_proof() -> Result<(), Mismatch> {
    let degree = period::prove_full_period(period::state_map)
        .ok()
        .and_then(|proof| proof.polynomial.degree());
    expect(
        "degree of the proven primitive polynomial",
        128,
        degree.unwrap_or(0).into(),
    )
}

fn substreams() -> Result<(), Mismatch> {
    // derive(seed, id) = Prng(seed + id·K); derivation composes; id 0 is the master.
    let s = 0x0bad_cafe_u64;
    let k = laige::SPLITMIX64_INCREMENT;
    expect(
        "derive(s, 3) seed",
        s.wrapping_add(3u64.wrapping_mul(k)),
        Prng::derive_substream(s, 3).seed(),
    )?;
    let twice = Prng::derive_substream(Prng::derive_substream(s, 5).seed(), 7);
    expect(
        "derive(derive(s,5),7) = derive(s,12)",
        1,
        u64::from(twice == Prng::derive_substream(s, 12)),
    )?;
    expect(
        "derive(s, 0) = master",
        1,
        u64::from(Prng::derive_substream(s, 0) == Prng::new(s)),
    )?;
    expect(
        "id recovered",
        12,
        laige::substream_id(s, twice.seed()).map_or(u64::MAX, u64::from),
    )
}

fn identify() -> Result<(), Mismatch> {
    let mut p = Prng::new(2026);
    for _ in 0..1000 {
        p.next_u64();
    }
    let id = identified(laige::identify(p.state_part1(), p.state_part2(), 2000))?;
    expect("seed", 2026, id.seed)?;
    expect("draws", 1000, id.words_drawn)
}

/// The checks, in `bitexact selftest`'s order.
pub(crate) const CHECKS: &[Check] = &[
    Check {
        engine: "laige",
        name:
            "FNV-1a of the first 4096 outputs of 0x1234567890ABCDEF = 0xB64E76173859B6D8 (the laige PRNG doc)",
        run: golden_hash,
    },
    Check {
        engine: "laige",
        name: "first 32 outputs of the golden seed (committed replay vector)",
        run: first_32,
    },
    Check {
        engine: "laige",
        name: "period proof: characteristic polynomial primitive of degree 128 (period 2^128-1)",
        run: period_proof,
    },
    Check {
        engine: "laige",
        name: "substreams: derive(s,id) = Prng(s + id*K), composition, id 0 = master, id recovered",
        run: substreams,
    },
    Check {
        engine: "laige",
        name: "identify: a state 1000 draws in walks back to its seed",
        run: identify,
    },
];
