//! `StrategyServer::MoveFleet`'s straight leg (SPEC 5, seed 003): one step
//! of a fleet towards its waypoint, and the model a reimplementation used
//! before it was fixed, so a recorded call can be attributed to one of them.

use super::vec3::Vec3;
use crate::x87::{load_f32, operand_f32, store_f32, Precision};

/// The straight leg as the original computes it:
///
/// ```text
/// delta.c = f32(dest.c − pos.c)
/// (dir, dist) = normalize(delta)            // one call: direction and distance
/// if move == dist: pos' = dest              // exact compare; the words copied verbatim
/// else:            pos'.c = f32(pos.c + f32(dir.c · move))
/// ```
///
/// Every arithmetic result rounds at `p`. On arrival the destination is
/// copied, so the fleet never "steps" onto it. A zero-length leg takes
/// normalize's zero branch: the distance is the indefinite NaN (never equal
/// to `move`), the direction zero, and the position gets `f32(pos.c + ±0)`.
pub fn leg(pos: Vec3, dest: Vec3, mv: f32, p: Precision) -> Vec3 {
    // fld dword [dest.c]; fsub dword [pos.c]; fstp
    let sub = |d: f32, s: f32| store_f32(p.sub(load_f32(d), operand_f32(s)));
    let delta = Vec3::new(sub(dest.x, pos.x), sub(dest.y, pos.y), sub(dest.z, pos.z));
    let (dir, dist) = delta.normalize(p);
    if mv == dist {
        return dest;
    }
    // t.x, t.y: fld dir.c; fmul st, st(1) (move); t.z: fmul dword [dir.z]
    let (m, t) = (load_f32(mv), |r: f64| store_f32(r));
    let tx = t(p.mul(load_f32(dir.x), m));
    let ty = t(p.mul(load_f32(dir.y), m));
    let tz = t(p.mul(m, operand_f32(dir.z)));
    // fld t.c; fadd dword [pos.c]; fstp
    let step = |t: f32, c: f32| store_f32(p.add(load_f32(t), operand_f32(c)));
    Vec3::new(step(tx, pos.x), step(ty, pos.y), step(tz, pos.z))
}

/// The reimplementation's model before the fix (seed 003, "what ours was
/// doing"): an exact double delta, a double sum of squares, a double sqrt and
/// three double divides, then the direction narrowed to f32 and the position
/// tail narrowed as in the original. It ran on SSE2 doubles, so it has no
/// precision setting.
///
/// Where the seed is silent this model: takes the zero branch when
/// `!(len > 2^-23)` in double (direction zero), and arrives when
/// `move as f64 == len` (the double distance).
pub fn leg_double(pos: Vec3, dest: Vec3, mv: f32) -> Vec3 {
    let d = [
        f64::from(dest.x) - f64::from(pos.x),
        f64::from(dest.y) - f64::from(pos.y),
        f64::from(dest.z) - f64::from(pos.z),
    ];
    let len = Precision::Pc53.sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    if f64::from(mv) == len {
        return dest;
    }
    let dir = if len > f64::from(super::vec3::NORMALIZE_EPSILON) {
        d.map(|c| store_f32(c / len))
    } else {
        [0.0; 3]
    };
    let step = |c: f32, d: f32| {
        store_f32(f64::from(c) + f64::from(store_f32(f64::from(d) * f64::from(mv))))
    };
    Vec3::new(
        step(pos.x, dir[0]),
        step(pos.y, dir[1]),
        step(pos.z, dir[2]),
    )
}

/// Which computation of the leg.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Model {
    /// The original's five narrowings ([`leg`]), at the given precision.
    Faithful,
    /// The pre-fix double model ([`leg_double`]); precision-independent.
    Double,
}

impl Model {
    /// Both models, for asking which one reproduces a call.
    pub const ALL: [Model; 2] = [Model::Faithful, Model::Double];

    /// The lower-case name used on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Model::Faithful => "faithful",
            Model::Double => "double",
        }
    }

    /// The leg under this model (`p` matters only to [`Model::Faithful`]).
    pub fn leg(self, pos: Vec3, dest: Vec3, mv: f32, p: Precision) -> Vec3 {
        match self {
            Model::Faithful => leg(pos, dest, mv, p),
            Model::Double => leg_double(pos, dest, mv),
        }
    }
}
