//! The precision models against this CPU's x87 unit (x86_64 only).

use crate::engine::check::{expect, Check, Mismatch};
use crate::sots::{self, Precision};

fn hw_words() -> impl Iterator<Item = u32> {
    // Edge words, then a fixed LCG walk (Knuth's MMIX constants, top bits).
    let edges = [
        0u32,
        1,
        0x7fff_ffff,
        0x8000_0000,
        0xffff_ffff,
        0xffff_ff7f,
        0xffff_ff80,
        0xffff_ff81,
        0x8000_0080,
        0x8000_0180,
        0x0100_0001,
        0x00ff_ffff,
    ];
    let mut x = 0x2545_f491_4f6c_dd1du64;
    edges.into_iter().chain((0..4096).map(move |_| {
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (x >> 32) as u32
    }))
}

fn hw_unit(p: Precision) -> Result<(), Mismatch> {
    for y in hw_words() {
        let (reg, narrowed) = crate::x87::hw::scaled_word(y, sots::UNIT_SCALE, p);
        expect(
            "unit register bits",
            reg.to_bits(),
            sots::unit_register(y, sots::UNIT_SCALE, p).to_bits(),
        )?;
        expect(
            "next_float bits",
            narrowed.to_bits().into(),
            sots::float_of_word(y, p).to_bits().into(),
        )?;
        let (lo, hi) = (-3.75f32, 1234.5f32);
        expect(
            "float_range bits",
            crate::x87::hw::float_range(y, sots::UNIT_SCALE, lo, hi, p)
                .to_bits()
                .into(),
            sots::float_range_of_word(y, lo, hi, p).to_bits().into(),
        )?;
    }
    Ok(())
}

fn hw_pc53() -> Result<(), Mismatch> {
    hw_unit(Precision::Pc53)
}

fn hw_pc24() -> Result<(), Mismatch> {
    hw_unit(Precision::Pc24)
}

fn hw_vec3(p: Precision) -> Result<(), Mismatch> {
    use crate::sots::{movefleet, Vec3};
    let mut words = hw_words();
    let mut f = || {
        let w = words.next().unwrap_or(0);
        // Map-scale coordinates and, one in eight, raw bit patterns.
        if w & 7 == 0 {
            f32::from_bits(w)
        } else {
            (w >> 8) as f32 / 16_384.0 - 512.0
        }
    };
    for _ in 0..1000 {
        let (v, d, mv) = ([f(), f(), f()], [f(), f(), f()], f().abs() / 64.0);
        let (dir, len) = crate::x87::hw::normalize(v, p);
        let (mdir, mlen) = Vec3::from_array(v).normalize(p);
        for (m, h) in mdir
            .to_array()
            .into_iter()
            .chain([mlen])
            .zip(dir.into_iter().chain([len]))
        {
            expect("normalize bits", h.to_bits().into(), m.to_bits().into())?;
        }
        let after = crate::x87::hw::leg(v, d, mv, p);
        let mafter = movefleet::leg(Vec3::from_array(v), Vec3::from_array(d), mv, p);
        for (m, h) in mafter.to_array().into_iter().zip(after) {
            expect("leg bits", h.to_bits().into(), m.to_bits().into())?;
        }
    }
    Ok(())
}

fn hw_vec3_pc53() -> Result<(), Mismatch> {
    hw_vec3(Precision::Pc53)
}

fn hw_vec3_pc24() -> Result<(), Mismatch> {
    hw_vec3(Precision::Pc24)
}

pub(super) const CHECKS: &[Check] = &[
    Check {
        engine: "x87",
        name: "pc53 model = this CPU's x87 (unit, float, float_range; 4108 words)",
        run: hw_pc53,
    },
    Check {
        engine: "x87",
        name: "pc24 model = this CPU's x87 (unit, float, float_range; 4108 words)",
        run: hw_pc24,
    },
    Check {
        engine: "x87",
        name: "pc53 Vec3 normalize and MoveFleet leg = this CPU's x87 (1000 of each)",
        run: hw_vec3_pc53,
    },
    Check {
        engine: "x87",
        name: "pc24 Vec3 normalize and MoveFleet leg = this CPU's x87 (1000 of each)",
        run: hw_vec3_pc24,
    },
];
