//! `bx_westwood_random4_*`: the calls every engine has, for Random4Class (MT19937 with the 1998 seeding (0 becomes 4375)).
//! Generated from the engine list by `tests/surface.rs`: do not edit.
//! Regenerate with `BITEXACT_BLESS=1 cargo test -p bitexact-ffi --test surface`.

use crate::handle::Handle;
use bitexact::engine::Engine;

/// One generator: Random4Class (MT19937 with the 1998 seeding (0 becomes
/// 4375)). Opaque; made by `bx_westwood_random4_new` or
/// `bx_westwood_random4_load_state`, freed by `bx_westwood_random4_free`. Not
/// thread-safe: one thread at a time per handle.
pub struct bx_westwood_random4 {
    _private: [u8; 0],
}

impl Handle for bx_westwood_random4 {
    type Engine = bitexact::westwood::engines::Random4Class;
}

/// Bytes of a Random4Class state: 624 words and mti, 2500 bytes.
pub const BX_WESTWOOD_RANDOM4_STATE_LEN: usize = 2500;
/// A customary bound for `bx_westwood_random4_identify`: 10^5 twists.
pub const BX_WESTWOOD_RANDOM4_DEFAULT_MAX_TWISTS: u64 = 100_000;
/// The largest bound `bx_westwood_random4_identify` takes: 1.6·10^7 twists.
pub const BX_WESTWOOD_RANDOM4_MAX_TWISTS: u64 = 16_000_000;

/// A new `Random4Class(seed)` (the original's default seed is 4357; seed 0
/// becomes 4375, the original's typo). Not NULL (barring an internal error, a
/// bug). Free it with `bx_westwood_random4_free`.
#[no_mangle]
pub extern "C" fn bx_westwood_random4_new(seed: u32) -> *mut bx_westwood_random4 {
    crate::handle::new(u64::from(seed))
}

/// Free a Random4Class. NULL does nothing.
///
/// # Safety
///
/// `rng` is NULL or a live handle from this library, not used by another
/// thread, and not freed before.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random4_free(rng: *mut bx_westwood_random4) {
    // SAFETY: the contract is `handle::free`'s.
    unsafe { crate::handle::free(rng) }
}

/// The tempered word as a signed int (the first draw twists). 1 draw. (0 for a
/// NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random4_raw(rng: *mut bx_westwood_random4) -> i32 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe {
        crate::handle::with_mut(
            rng,
            0,
            <bitexact::westwood::engines::Random4Class as Engine>::word,
        )
    }
}

/// Write the next `n` raw words' bits to `out[0..n]`: the same values and final
/// state as `n` calls of `bx_westwood_random4_raw`. n draws. A NULL handle, or
/// a NULL or misaligned `out` with n > 0, does nothing: `out` is left as it
/// was.
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile; `out`
/// is NULL or valid for writing `n` uint32_t.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random4_fill_u32(
    rng: *mut bx_westwood_random4,
    out: *mut u32,
    n: usize,
) {
    // SAFETY: `rng` is NULL or a live, unshared handle; `out` is NULL or
    // writable for `n` words (contract).
    unsafe { crate::handle::fill(rng, out, n) }
}

/// Spend `draws` raw draws as that many `bx_westwood_random4_raw` calls would.
/// Returns `BX_OK`; `BX_NULL_POINTER` for a NULL handle; `BX_BOUND_TOO_LARGE`
/// past 10^10 draws (nothing spent).
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random4_discard(
    rng: *mut bx_westwood_random4,
    draws: u64,
) -> crate::bx_status {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { crate::handle::discard(rng, draws) }
}

/// Write the 2500-byte state (624 words and mti, 2500 bytes) to `out`. Draws
/// nothing. Returns `BX_OK`, or `BX_NULL_POINTER` for a NULL handle or `out`
/// (then `out` is left as it was).
///
/// # Safety
///
/// `rng` is NULL or a live handle that no thread writes meanwhile; `out` is
/// NULL or valid for writing 2500 bytes.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random4_save_state(
    rng: *const bx_westwood_random4,
    out: *mut u8,
) -> crate::bx_status {
    // SAFETY: `rng` is NULL or a live handle nobody writes; `out` is NULL
    // or writable for 2500 bytes (contract).
    unsafe { crate::handle::save_fixed(rng, out) }
}

/// A new Random4Class at a 2500-byte state, in `*out`. Returns `BX_OK`;
/// `BX_NULL_POINTER` for a NULL `bytes` or `out`; `BX_BAD_LENGTH` when `len` is
/// not 2500; `BX_BAD_STATE` for bytes no generator holds. On failure `*out` is
/// set to NULL.
///
/// # Safety
///
/// `bytes` is NULL or valid for reading `len` bytes; `out` is NULL or valid for
/// writing a pointer.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random4_load_state(
    bytes: *const u8,
    len: usize,
    out: *mut *mut bx_westwood_random4,
) -> crate::bx_status {
    // SAFETY: `bytes` is NULL or readable for `len` bytes; `out` is NULL or
    // writable (contract).
    unsafe { crate::handle::load_one(bytes, len, out) }
}

/// Identify a 2500-byte state: the seed and the draws since seeding, in `*out`
/// (no search: the 1998 seeding is walked back and inverted), walking back at
/// most `max_twists` twists; the answer is replayed before it is given. Returns
/// `BX_OK`; `BX_NULL_POINTER`, `BX_BAD_LENGTH` and `BX_BAD_STATE` as
/// `bx_westwood_random4_load_state` (and for a state the walk cannot decide);
/// `BX_BOUND_TOO_LARGE` past `BX_WESTWOOD_RANDOM4_MAX_TWISTS`; `BX_NOT_FOUND`
/// when no seed reaches the state within the bound (`*out` untouched).
///
/// # Safety
///
/// `bytes` is NULL or valid for reading `len` bytes; `out` is NULL or valid for
/// writing a `bx_identity`.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random4_identify(
    bytes: *const u8,
    len: usize,
    max_twists: u64,
    out: *mut crate::handle::bx_identity,
) -> crate::bx_status {
    // SAFETY: `bytes` is NULL or readable for `len` bytes; `out` is NULL or
    // writable for a `bx_identity` (contract); no search options.
    unsafe { crate::handle::identify_walk::<bx_westwood_random4>(bytes, len, max_twists, out) }
}
