//! WWLib's other classes: `RandomClass` (the 15-bit LCG), `Random3Class`
//! (the pseudo-DES hash) and `Random4Class` (MT19937, 1998 seeding), each
//! `bx_westwood_<class>_*`. (`Random2Class`, the default class, is
//! `bx_westwood_*` in `westwood.rs`.) As for Random2Class, a class's raw
//! word is `_raw` (signed, as the games read it), and `_fill_u32` gives the
//! same words' bits.

use bitexact::westwood::{Random3, Random4, RandomLcg};

use crate::bx_status;
use crate::handle::{new_with, with_mut, with_ref};
use crate::surface::westwood_random::bx_westwood_random;
use crate::surface::westwood_random3::bx_westwood_random3;
use crate::surface::westwood_random4::bx_westwood_random4;
use crate::westwood::ranged;

// ---------------------------------------------------------------- RandomClass (LCG)

/// The inclusive ranged draw of a 15-bit class (the mask searches down from
/// bit 14 only), statuses as `bx_westwood_ranged`.
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile;
/// `out` is NULL or valid for writing an int32_t.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random_ranged(
    rng: *mut bx_westwood_random,
    min: i32,
    max: i32,
    out: *mut i32,
) -> bx_status {
    // SAFETY: `rng` is NULL or a live, unshared handle; `out` is NULL or
    // writable for an int32_t (contract).
    unsafe { ranged(rng, min, max, out) }
}

/// ranged(1, 2147483647) / 2147483648.0 of the 15-bit class. (0.0 for a
/// NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random_double(rng: *mut bx_westwood_random) -> f64 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { with_mut(rng, 0.0, RandomLcg::double) }
}

/// The current LCG seed (0 for a NULL handle).
///
/// # Safety
///
/// `rng` is NULL or a live handle that no thread writes meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random_seed(rng: *const bx_westwood_random) -> u32 {
    // SAFETY: `rng` is NULL or a live handle nobody writes (contract).
    unsafe { with_ref(rng, 0, RandomLcg::seed) }
}

// ---------------------------------------------------------------- Random3

/// A new `Random3Class(seed, index)` (the contract's seeding is index 0).
/// Not NULL (barring an internal error, a bug). Free it with
/// `bx_westwood_random3_free`.
#[no_mangle]
pub extern "C" fn bx_westwood_random3_new(seed: u32, index: u32) -> *mut bx_westwood_random3 {
    new_with(|| Random3::with_index(seed, index))
}

/// The inclusive ranged draw, as `bx_westwood_ranged` (same statuses).
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile;
/// `out` is NULL or valid for writing an int32_t.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random3_ranged(
    rng: *mut bx_westwood_random3,
    min: i32,
    max: i32,
    out: *mut i32,
) -> bx_status {
    // SAFETY: `rng` is NULL or a live, unshared handle; `out` is NULL or
    // writable for an int32_t (contract).
    unsafe { ranged(rng, min, max, out) }
}

/// ranged(1, 2147483647) / 2147483648.0. (0.0 for a NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random3_double(rng: *mut bx_westwood_random3) -> f64 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { with_mut(rng, 0.0, Random3::double) }
}

// ---------------------------------------------------------------- Random4

/// The inclusive ranged draw, as `bx_westwood_ranged` (same statuses).
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile;
/// `out` is NULL or valid for writing an int32_t.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random4_ranged(
    rng: *mut bx_westwood_random4,
    min: i32,
    max: i32,
    out: *mut i32,
) -> bx_status {
    // SAFETY: `rng` is NULL or a live, unshared handle; `out` is NULL or
    // writable for an int32_t (contract).
    unsafe { ranged(rng, min, max, out) }
}

/// ranged(1, 2147483647) / 2147483648.0. (0.0 for a NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random4_double(rng: *mut bx_westwood_random4) -> f64 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { with_mut(rng, 0.0, Random4::double) }
}

/// `Get_Float()`: float(word) * 2^-32, so a word >= 0xFFFFFF80 gives 1.0.
/// 1 draw. (0.0f for a NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random4_get_float(rng: *mut bx_westwood_random4) -> f32 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { with_mut(rng, 0.0, Random4::get_float) }
}

/// Raw draws since the handle was made (0 for a NULL handle).
///
/// # Safety
///
/// `rng` is NULL or a live handle that no thread writes meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random4_position(rng: *const bx_westwood_random4) -> u64 {
    // SAFETY: `rng` is NULL or a live handle nobody writes (contract).
    unsafe { with_ref(rng, 0, Random4::position) }
}
