//! `bx_westwood_random_*`: the calls every engine has, for RandomClass (the 15-bit LCG (TD/RA1; default seed 0)).
//! Generated from the engine list by `tests/surface.rs`: do not edit.
//! Regenerate with `BITEXACT_BLESS=1 cargo test -p bitexact-ffi --test surface`.

use crate::handle::Handle;
use bitexact::engine::Engine;

/// One generator: RandomClass (the 15-bit LCG (TD/RA1; default seed 0)).
/// Opaque; made by `bx_westwood_random_new`, freed by
/// `bx_westwood_random_free`. Not thread-safe: one thread at a time per handle.
pub struct bx_westwood_random {
    _private: [u8; 0],
}

impl Handle for bx_westwood_random {
    type Engine = bitexact::westwood::engines::RandomClass;
}

/// A new `RandomClass(seed)` (WWLib's default seed is 0). Not NULL (barring an
/// internal error, a bug). Free it with `bx_westwood_random_free`.
#[no_mangle]
pub extern "C" fn bx_westwood_random_new(seed: u32) -> *mut bx_westwood_random {
    crate::handle::new(u64::from(seed))
}

/// Free a RandomClass. NULL does nothing.
///
/// # Safety
///
/// `rng` is NULL or a live handle from this library, not used by another
/// thread, and not freed before.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random_free(rng: *mut bx_westwood_random) {
    // SAFETY: the contract is `handle::free`'s.
    unsafe { crate::handle::free(rng) }
}

/// One draw: seed = seed * 0x41C64E6D + 0x3039; (seed >> 10) & 0x7FFF, in
/// 0..=32767. 1 draw. (0 for a NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random_raw(rng: *mut bx_westwood_random) -> i32 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe {
        crate::handle::with_mut(
            rng,
            0,
            <bitexact::westwood::engines::RandomClass as Engine>::word,
        )
    }
}

/// Write the next `n` raw words' bits to `out[0..n]`: the same values and final
/// state as `n` calls of `bx_westwood_random_raw`. n draws. A NULL handle, or a
/// NULL or misaligned `out` with n > 0, does nothing: `out` is left as it was.
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile; `out`
/// is NULL or valid for writing `n` uint32_t.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random_fill_u32(
    rng: *mut bx_westwood_random,
    out: *mut u32,
    n: usize,
) {
    // SAFETY: `rng` is NULL or a live, unshared handle; `out` is NULL or
    // writable for `n` words (contract).
    unsafe { crate::handle::fill(rng, out, n) }
}

/// Spend `draws` raw draws as that many `bx_westwood_random_raw` calls would.
/// Returns `BX_OK`; `BX_NULL_POINTER` for a NULL handle; `BX_BOUND_TOO_LARGE`
/// past 10^10 draws (nothing spent).
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random_discard(
    rng: *mut bx_westwood_random,
    draws: u64,
) -> crate::bx_status {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { crate::handle::discard(rng, draws) }
}
