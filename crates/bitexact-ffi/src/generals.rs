//! C&C Generals / Zero Hour's `GameLogicRandom`: six words of add-with-carry,
//! its 24-byte states and their identification.

use crate::handle::with_mut;
use crate::surface::generals::bx_generals_rng;

/// `GetGameLogicRandomValue(lo, hi)`: d = hi - lo + 1 as uint32; d == 0
/// returns hi with no draw; else (draw % d) + lo (wrapping; a reversed range
/// is not an error). 0 or 1 draw. (0 for a NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_generals_value(rng: *mut bx_generals_rng, lo: i32, hi: i32) -> i32 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { with_mut(rng, 0, |r| r.value(lo, hi)) }
}

/// `GetGameLogicRandomValueReal(lo, hi)`: delta = hi - lo; delta <= 0
/// returns hi with no draw; else float(float(float(draw) * 2^-32) * delta) +
/// lo, each step rounded to float. 0 or 1 draw. (0.0f for a NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_generals_real(rng: *mut bx_generals_rng, lo: f32, hi: f32) -> f32 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { with_mut(rng, 0.0, |r| r.real(lo, hi)) }
}
