//! `Mars_Vec3_*` and the MoveFleet leg against the real x87 unit (SPEC 5,
//! seed 003): the original instruction sequences run under `fldcw` 0x027F
//! and 0x007F through `bitexact::x87::hw`, compared bit for bit with the
//! library over edge vectors and 100 000 random vectors and legs per precision.
#![cfg(target_arch = "x86_64")]

use bitexact::sots::movefleet;
use bitexact::sots::{Precision, Vec3};
use bitexact::x87::hw;

struct Sm(u64);
impl Sm {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// A component: mostly map-scale coordinates, sometimes any bit pattern,
    /// tiny, subnormal or huge.
    fn component(&mut self) -> f32 {
        let r = self.next();
        let sign = ((r >> 63) as u32) << 31;
        match r % 16 {
            0 => f32::from_bits(r as u32), // any bits (NaN, inf too)
            1 => f32::from_bits(sign | ((r >> 8) as u32 & 0x007f_ffff)), // subnormal
            2 => f32::from_bits(
                sign | (100 + (r >> 8) as u32 % 20) << 23 | (r >> 32) as u32 & 0x7f_ffff,
            ), // around 2^-23
            3 => f32::from_bits(
                sign | (230 + (r >> 8) as u32 % 24) << 23 | (r >> 32) as u32 & 0x7f_ffff,
            ), // huge
            4 => 0.0,
            _ => ((r >> 11) as f64 / (1u64 << 53) as f64 * 2000.0 - 1000.0) as f32,
        }
    }
    fn vec(&mut self) -> [f32; 3] {
        [self.component(), self.component(), self.component()]
    }
}

fn edge_vectors() -> Vec<[f32; 3]> {
    let eps = f32::from_bits(0x3400_0000);
    let below = f32::from_bits(0x33ff_ffff);
    let above = f32::from_bits(0x3400_0001);
    let sub = f32::from_bits(1);
    vec![
        [0.0, 0.0, 0.0],
        [-0.0, 0.0, -0.0],
        [3.0, 4.0, 0.0],
        [1.0, 0.0, 0.0],
        [eps, 0.0, 0.0],
        [below, 0.0, 0.0],
        [above, 0.0, 0.0],
        [0.0, -eps, 0.0],
        [eps, eps, eps],
        [below, below, 0.0],
        [f32::NAN, 1.0, 1.0],
        [1.0, f32::NAN, 0.0],
        [f32::INFINITY, 0.0, 0.0],
        [f32::INFINITY, f32::NEG_INFINITY, 1.0],
        [f32::MAX, f32::MAX, f32::MAX],
        [1e20, 1e20, 0.0],
        [sub, sub, sub],
        [f32::MIN_POSITIVE, 0.0, 0.0],
        [1e-20, 1e-20, 1e-20],
        [1e-3, 2e-3, 3e-3],
        [123.456, -789.012, 0.001],
    ]
}

fn same(a: f32, b: f32) -> bool {
    a.to_bits() == b.to_bits()
}

fn check_normalize(v: [f32; 3], p: Precision) {
    let (hw_dir, hw_len) = hw::normalize(v, p);
    let (dir, len) = Vec3::from_array(v).normalize(p);
    assert!(
        dir.to_bits() == hw_dir.map(f32::to_bits) && same(len, hw_len),
        "{p} normalize({v:?}): model {dir:?} {len:?}, x87 {hw_dir:?} {hw_len:?}"
    );
}

fn check_leg(pos: [f32; 3], dest: [f32; 3], mv: f32, p: Precision) {
    let want = hw::leg(pos, dest, mv, p);
    let got = movefleet::leg(Vec3::from_array(pos), Vec3::from_array(dest), mv, p);
    assert_eq!(
        got.to_bits(),
        want.map(f32::to_bits),
        "{p} leg({pos:?} -> {dest:?}, {mv:?})"
    );
}

#[test]
fn fpu_state_is_restored_even_after_the_zero_branch() {
    let (cw, sw) = (hw::control_word(), hw::status_word());
    for p in Precision::ALL {
        let (_, len) = hw::normalize([0.0, 0.0, 0.0], p);
        assert_eq!(len.to_bits(), 0xffc0_0000, "the stack-underflow store");
        let _ = hw::leg([1.0, 2.0, 3.0], [1.0, 2.0, 3.0], 1.0, p);
        let _ = hw::leg([0.0; 3], [3.0, 4.0, 0.0], 5.0, p);
        assert_eq!((hw::control_word(), hw::status_word()), (cw, sw));
    }
}

#[test]
fn known_cases() {
    for p in Precision::ALL {
        let (dir, len) = Vec3::new(3.0, 4.0, 0.0).normalize(p);
        assert_eq!(len, 5.0);
        // inv = f32(1/5); 3·inv and 4·inv round to the f32s nearest 0.6 and 0.8.
        assert_eq!(dir, Vec3::new(0.6, 0.8, 0.0), "{p}");
        assert_eq!(Vec3::new(3.0, 4.0, 0.0).length_squared(p), 25.0);
        assert_eq!(Vec3::new(3.0, 4.0, 0.0).length(p), 5.0);
        // The zero branch, and NaN taking it too.
        for v in [
            Vec3::ZERO,
            Vec3::new(f32::NAN, 0.0, 0.0),
            Vec3::new(1e-10, 0.0, 0.0),
        ] {
            let (dir, len) = v.normalize(p);
            assert!(dir.bits_eq(Vec3::ZERO));
            assert_eq!(len.to_bits(), 0xffc0_0000);
        }
        // Exactly 2^-23 is not above the threshold.
        assert_eq!(
            Vec3::new(f32::from_bits(0x3400_0000), 0.0, 0.0)
                .normalize(p)
                .1
                .to_bits(),
            0xffc0_0000
        );
        // An arriving leg copies the destination's bits (even -0.0).
        let dest = Vec3::new(-0.0, 4.0, 1e-30);
        let pos = Vec3::new(0.0, 0.0, 1e-30);
        let (_, dist) = Vec3::new(-0.0 - 0.0, 4.0, 0.0).normalize(p);
        let after = movefleet::leg(pos, dest, dist, p);
        assert!(after.bits_eq(dest));
        assert_eq!(
            hw::leg(pos.to_array(), dest.to_array(), dist, p),
            dest.to_array().map(|c| f32::from_bits(c.to_bits()))
        );
    }
}

#[test]
fn normalize_edges_match_x87() {
    for p in Precision::ALL {
        for v in edge_vectors() {
            check_normalize(v, p);
            let lv = Vec3::from_array(v);
            let (_, hw_len) = hw::normalize(v, p);
            if hw_len.to_bits() != 0xffc0_0000 {
                assert!(same(lv.length(p), hw_len), "{p} length {v:?}");
            }
        }
    }
}

#[test]
fn normalize_random_vectors_match_x87() {
    for p in Precision::ALL {
        let mut sm = Sm(0x7ec3 + u64::from(p.control_word()));
        for _ in 0..100_000 {
            check_normalize(sm.vec(), p);
        }
    }
}

#[test]
fn legs_match_x87() {
    for p in Precision::ALL {
        let mut sm = Sm(0x1e9 + u64::from(p.control_word()));
        for i in 0..100_000 {
            let pos = sm.vec();
            let dest = if i % 7 == 0 { pos } else { sm.vec() };
            let mv = match i % 5 {
                0 => sm.component(),
                // a move equal to the distance: the arrival branch
                1 => hw::normalize([dest[0] - pos[0], dest[1] - pos[1], dest[2] - pos[2]], p).1,
                _ => (sm.next() % 4000) as f32 / 8.0,
            };
            check_leg(pos, dest, mv, p);
        }
        for v in edge_vectors() {
            for mv in [0.0, 1.0, 5.0, f32::NAN, f32::INFINITY] {
                check_leg([0.0; 3], v, mv, p);
                check_leg(v, [1.0, 2.0, 3.0], mv, p);
            }
        }
    }
}

#[test]
fn faithful_and_double_models_differ_on_some_legs() {
    let mut sm = Sm(34);
    let mut differ = 0;
    for _ in 0..10_000 {
        let pos = Vec3::new(
            (sm.next() % 2000) as f32 * 0.37,
            (sm.next() % 2000) as f32 * 0.61,
            0.0,
        );
        let dest = Vec3::new(
            (sm.next() % 2000) as f32 * 0.29,
            (sm.next() % 2000) as f32 * 0.83,
            0.0,
        );
        let mv = 2.0;
        let faithful = movefleet::leg(pos, dest, mv, Precision::Pc53);
        let double = movefleet::leg_double(pos, dest, mv);
        if !faithful.bits_eq(double) {
            differ += 1;
            let worst = (0..3)
                .map(|i| {
                    bitexact::x87::ulp_distance_f32(faithful.to_array()[i], double.to_array()[i])
                        .unwrap()
                })
                .max()
                .unwrap();
            assert!(worst <= 64, "{worst}");
        }
    }
    assert!(differ > 20, "{differ}");
}
