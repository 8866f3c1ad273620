//! `bx_westwood_random3_*`: the calls every engine has, for Random3Class (the pseudo-DES hash of (seed, index), used directly).
//! Generated from the engine list by `tests/surface.rs`: do not edit.
//! Regenerate with `BITEXACT_BLESS=1 cargo test -p bitexact-ffi --test surface`.

use crate::handle::Handle;
use bitexact::engine::Engine;

/// One generator: Random3Class (the pseudo-DES hash of (seed, index), used
/// directly). Opaque; made by `bx_westwood_random3_new`, freed by
/// `bx_westwood_random3_free`. Not thread-safe: one thread at a time per
/// handle.
pub struct bx_westwood_random3 {
    _private: [u8; 0],
}

impl Handle for bx_westwood_random3 {
    type Engine = bitexact::westwood::engines::Random3Class;
}

/// Free a Random3Class. NULL does nothing.
///
/// # Safety
///
/// `rng` is NULL or a live handle from this library, not used by another
/// thread, and not freed before.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random3_free(rng: *mut bx_westwood_random3) {
    // SAFETY: the contract is `handle::free`'s.
    unsafe { crate::handle::free(rng) }
}

/// The pseudo-DES of (seed, index) as a signed word, then index + 1. 1 draw. (0
/// for a NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random3_raw(rng: *mut bx_westwood_random3) -> i32 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe {
        crate::handle::with_mut(
            rng,
            0,
            <bitexact::westwood::engines::Random3Class as Engine>::word,
        )
    }
}

/// Write the next `n` raw words' bits to `out[0..n]`: the same values and final
/// state as `n` calls of `bx_westwood_random3_raw`. n draws. A NULL handle, or
/// a NULL or misaligned `out` with n > 0, does nothing: `out` is left as it
/// was.
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile; `out`
/// is NULL or valid for writing `n` uint32_t.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random3_fill_u32(
    rng: *mut bx_westwood_random3,
    out: *mut u32,
    n: usize,
) {
    // SAFETY: `rng` is NULL or a live, unshared handle; `out` is NULL or
    // writable for `n` words (contract).
    unsafe { crate::handle::fill(rng, out, n) }
}

/// Spend `draws` raw draws as that many `bx_westwood_random3_raw` calls would.
/// Returns `BX_OK`; `BX_NULL_POINTER` for a NULL handle; `BX_BOUND_TOO_LARGE`
/// past 10^10 draws (nothing spent).
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random3_discard(
    rng: *mut bx_westwood_random3,
    draws: u64,
) -> crate::bx_status {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { crate::handle::discard(rng, draws) }
}
