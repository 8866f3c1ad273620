//! `bx_openra_*`: the calls every engine has, for MersenneTwister (Knuth-seeded MT19937 with OpenRA's Next, Next(low, high) and NextFloat).
//! Generated from the engine list by `tests/surface.rs`: do not edit.
//! Regenerate with `BITEXACT_BLESS=1 cargo test -p bitexact-ffi --test surface`.

use crate::openra::bx_openra_rng;

/// A new `MersenneTwister(seed)` (C#'s int seed; Knuth seeding, the first draw
/// twists); `Last` 0, `TotalCount` 0. Not NULL (barring an internal error, a
/// bug). Free it with `bx_openra_free`.
#[no_mangle]
pub extern "C" fn bx_openra_new(seed: i32) -> *mut bx_openra_rng {
    crate::handle::new(u64::from(seed as u32))
}

/// Free a MersenneTwister. NULL does nothing.
///
/// # Safety
///
/// `rng` is NULL or a live handle from this library, not used by another
/// thread, and not freed before.
#[no_mangle]
pub unsafe extern "C" fn bx_openra_free(rng: *mut bx_openra_rng) {
    // SAFETY: the contract is `handle::free`'s.
    unsafe { crate::handle::free(rng) }
}

/// Spend `draws` raw draws as that many `bx_openra_next_u32` calls would.
/// Returns `BX_OK`; `BX_NULL_POINTER` for a NULL handle; `BX_BOUND_TOO_LARGE`
/// past 10^10 draws (nothing spent).
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_openra_discard(
    rng: *mut bx_openra_rng,
    draws: u64,
) -> crate::bx_status {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { crate::handle::discard(rng, draws) }
}
