//! `bitexact sots normalize` and `bitexact sots leg`: one-off checks of the
//! Vec3 math and the MoveFleet leg, printing values and bits.

use crate::cli::{LegArgs, ModelArg, NormalizeArgs};
use crate::{num, Failure, Outcome};
use bitexact::sots::movefleet::Model;
use bitexact::sots::Vec3;
use bitexact::x87::Precision;
use std::io::Write;

/// `X,Y,Z`, each decimal or `0x` + 8 hex digits (f32 bits).
pub fn parse_vec3(s: &str) -> Result<Vec3, String> {
    let parts: Vec<&str> = s.split(',').collect();
    let [x, y, z] = parts[..] else {
        return Err(format!("'{s}' is not a vector: expected X,Y,Z"));
    };
    Ok(Vec3::new(
        num::parse_f32(x).map_err(|e| e.to_string())?,
        num::parse_f32(y).map_err(|e| e.to_string())?,
        num::parse_f32(z).map_err(|e| e.to_string())?,
    ))
}

fn show(v: Vec3) -> String {
    let [x, y, z] = v.to_array();
    let [bx, by, bz] = v.to_bits();
    format!("{x:?} {y:?} {z:?} ({bx:#010x} {by:#010x} {bz:#010x})")
}

pub fn normalize(args: &NormalizeArgs, out: &mut impl Write) -> Outcome {
    let p: Precision = args.precision.into();
    let v = Vec3::new(args.x, args.y, args.z);
    let (dir, len) = v.normalize(p);
    writeln!(out, "direction: {}", show(dir))?;
    writeln!(out, "length: {len:?} ({:#010x})", len.to_bits())?;
    writeln!(
        out,
        "length_squared: {:?} ({:#010x})",
        v.length_squared(p),
        v.length_squared(p).to_bits()
    )?;
    if len.to_bits() == bitexact::x87::INDEFINITE_F32.to_bits() {
        crate::say!("zero branch: !(length > 2^-23); the original returns with an empty x87 stack, so the length read is the indefinite");
    }
    Ok(())
}

pub fn leg(args: &LegArgs, out: &mut impl Write) -> Outcome {
    let p: Precision = args.precision.into();
    let pos = parse_vec3(&args.pos).map_err(|e| Failure::usage(format!("--pos {e}")))?;
    let dest = parse_vec3(&args.dest).map_err(|e| Failure::usage(format!("--dest {e}")))?;
    let models: &[Model] = match args.model {
        ModelArg::Faithful => &[Model::Faithful],
        ModelArg::Double => &[Model::Double],
        ModelArg::All => &Model::ALL,
    };
    for &m in models {
        let after = m.leg(pos, dest, args.mv, p);
        let label = match m {
            Model::Faithful => format!("faithful {p}"),
            Model::Double => "double".into(),
        };
        let arrived = if after.bits_eq(dest) { " arrived" } else { "" };
        writeln!(out, "{label}: {}{arrived}", show(after))?;
    }
    Ok(())
}
