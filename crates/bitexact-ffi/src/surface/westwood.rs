//! `bx_westwood_*`: the calls every engine has, for Random2Class (the TS/RA2/YR randomizer (250-word lagged XOR seeded by Random3Class)).
//! Generated from the engine list by `tests/surface.rs`: do not edit.
//! Regenerate with `BITEXACT_BLESS=1 cargo test -p bitexact-ffi --test surface`.

use crate::westwood::bx_westwood_rng;
use bitexact::engine::Engine;

/// A new `Random2Class(seed)`: the table filled by Random3Class(seed, 0),
/// cursors 0 and 103, flag clear. Not NULL (barring an internal error, a bug).
/// Free it with `bx_westwood_free`.
#[no_mangle]
pub extern "C" fn bx_westwood_new(seed: u32) -> *mut bx_westwood_rng {
    crate::handle::new(u64::from(seed))
}

/// Free a Random2Class. NULL does nothing.
///
/// # Safety
///
/// `rng` is NULL or a live handle from this library, not used by another
/// thread, and not freed before.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_free(rng: *mut bx_westwood_rng) {
    // SAFETY: the contract is `handle::free`'s.
    unsafe { crate::handle::free(rng) }
}

/// One raw draw, read as the games read it (signed); with the disabled flag set
/// it is 0 and only the position moves. 1 draw. (0 for a NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_raw(rng: *mut bx_westwood_rng) -> i32 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe {
        crate::handle::with_mut(
            rng,
            0,
            <bitexact::westwood::engines::Random2Class as Engine>::word,
        )
    }
}

/// Write the next `n` raw words' bits to `out[0..n]`: the same values and final
/// state as `n` calls of `bx_westwood_raw`. n draws. A NULL handle, or a NULL
/// or misaligned `out` with n > 0, does nothing: `out` is left as it was.
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile; `out`
/// is NULL or valid for writing `n` uint32_t.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_fill_u32(rng: *mut bx_westwood_rng, out: *mut u32, n: usize) {
    // SAFETY: `rng` is NULL or a live, unshared handle; `out` is NULL or
    // writable for `n` words (contract).
    unsafe { crate::handle::fill(rng, out, n) }
}

/// Spend `draws` raw draws as that many `bx_westwood_raw` calls would. Returns
/// `BX_OK`; `BX_NULL_POINTER` for a NULL handle; `BX_BOUND_TOO_LARGE` past
/// 10^10 draws (nothing spent).
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_discard(
    rng: *mut bx_westwood_rng,
    draws: u64,
) -> crate::bx_status {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { crate::handle::discard(rng, draws) }
}
