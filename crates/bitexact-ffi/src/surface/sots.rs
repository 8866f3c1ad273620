//! `bx_sots_*`: the calls every engine has, for Sword of the Stars "Mars" MT19937 (MT19937 (Knuth seeding, then one twist) with the seven Mars entry points).
//! Generated from the engine list by `tests/surface.rs`: do not edit.
//! Regenerate with `BITEXACT_BLESS=1 cargo test -p bitexact-ffi --test surface`.

use crate::handle::Handle;

/// One generator: Sword of the Stars "Mars" MT19937 (MT19937 (Knuth seeding,
/// then one twist) with the seven Mars entry points). Opaque; made by
/// `bx_sots_new`, freed by `bx_sots_free`. Not thread-safe: one thread at a
/// time per handle.
pub struct bx_sots_rng {
    _private: [u8; 0],
}

impl Handle for bx_sots_rng {
    type Engine = bitexact::sots::engine::Sots;
}

/// A new generator seeded with `seed` (Knuth's init_genrand; the first draw
/// twists), precision pc53; `left` is 624 and no word is drawn. Not NULL
/// (barring an internal error, a bug). Free it with `bx_sots_free`.
#[no_mangle]
pub extern "C" fn bx_sots_new(seed: u32) -> *mut bx_sots_rng {
    crate::handle::new(u64::from(seed))
}

/// Free a Sword of the Stars "Mars" MT19937. NULL does nothing.
///
/// # Safety
///
/// `rng` is NULL or a live handle from this library, not used by another
/// thread, and not freed before.
#[no_mangle]
pub unsafe extern "C" fn bx_sots_free(rng: *mut bx_sots_rng) {
    // SAFETY: the contract is `handle::free`'s.
    unsafe { crate::handle::free(rng) }
}

/// The next tempered word. 1 word. (0 for a NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_sots_next_u32(rng: *mut bx_sots_rng) -> u32 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { crate::handle::next_word(rng) }
}

/// Write the next `n` raw words' bits to `out[0..n]`: the same values and final
/// state as `n` calls of `bx_sots_next_u32`. n words. A NULL handle, or a NULL
/// or misaligned `out` with n > 0, does nothing: `out` is left as it was.
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile; `out`
/// is NULL or valid for writing `n` uint32_t.
#[no_mangle]
pub unsafe extern "C" fn bx_sots_fill_u32(rng: *mut bx_sots_rng, out: *mut u32, n: usize) {
    // SAFETY: `rng` is NULL or a live, unshared handle; `out` is NULL or
    // writable for `n` words (contract).
    unsafe { crate::handle::fill(rng, out, n) }
}

/// Spend `words` raw words as that many `bx_sots_next_u32` calls would. Returns
/// `BX_OK`; `BX_NULL_POINTER` for a NULL handle; `BX_BOUND_TOO_LARGE` past
/// 10^10 words (nothing spent).
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_sots_discard(rng: *mut bx_sots_rng, words: u64) -> crate::bx_status {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { crate::handle::discard(rng, words) }
}
