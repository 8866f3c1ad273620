//! `bx_laige_*`: the calls every engine has, for laige Prng (xorshift128+ seeded by splitmix64, with substreams).
//! Generated from the engine list by `tests/surface.rs`: do not edit.
//! Regenerate with `BITEXACT_BLESS=1 cargo test -p bitexact-ffi --test surface`.

use crate::handle::Handle;

/// One generator: laige Prng (xorshift128+ seeded by splitmix64, with
/// substreams). Opaque; made by `bx_laige_new` or `bx_laige_load_state`, freed
/// by `bx_laige_free`. Not thread-safe: one thread at a time per handle.
pub struct bx_laige_prng {
    _private: [u8; 0],
}

impl Handle for bx_laige_prng {
    type Engine = bitexact::laige::engine::Laige;
}

/// Bytes of a laige Prng state: 24 bytes: seed, part1, part2 as little-endian
/// u64.
pub const BX_LAIGE_STATE_LEN: usize = 24;
/// A customary bound for `bx_laige_identify`: 10^8 draws.
pub const BX_LAIGE_DEFAULT_MAX_DRAWS: u64 = 100_000_000;
/// The largest bound `bx_laige_identify` takes: 2·10^9 draws.
pub const BX_LAIGE_MAX_DRAWS: u64 = 2_000_000_000;

/// A new stream seeded with `seed` (splitmix64 of seed + K and seed + 2K). Not
/// NULL (barring an internal error, a bug). Free it with `bx_laige_free`.
#[no_mangle]
pub extern "C" fn bx_laige_new(seed: u64) -> *mut bx_laige_prng {
    crate::handle::new(seed)
}

/// Free a laige Prng. NULL does nothing.
///
/// # Safety
///
/// `prng` is NULL or a live handle from this library, not used by another
/// thread, and not freed before.
#[no_mangle]
pub unsafe extern "C" fn bx_laige_free(prng: *mut bx_laige_prng) {
    // SAFETY: the contract is `handle::free`'s.
    unsafe { crate::handle::free(prng) }
}

/// The next 64-bit output (part2 + old part2 after the xorshift step). 1 draw.
/// (0 for a NULL handle.)
///
/// # Safety
///
/// `prng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_laige_next_u64(prng: *mut bx_laige_prng) -> u64 {
    // SAFETY: `prng` is NULL or a live, unshared handle (contract).
    unsafe { crate::handle::next_word(prng) }
}

/// Write the next `n` raw words' bits to `out[0..n]`: the same values and final
/// state as `n` calls of `bx_laige_next_u64`. n draws. A NULL handle, or a NULL
/// or misaligned `out` with n > 0, does nothing: `out` is left as it was.
///
/// # Safety
///
/// `prng` is NULL or a live handle not used by another thread meanwhile; `out`
/// is NULL or valid for writing `n` uint64_t.
#[no_mangle]
pub unsafe extern "C" fn bx_laige_fill_u64(prng: *mut bx_laige_prng, out: *mut u64, n: usize) {
    // SAFETY: `prng` is NULL or a live, unshared handle; `out` is NULL or
    // writable for `n` words (contract).
    unsafe { crate::handle::fill(prng, out, n) }
}

/// Move the stream `words` raw draws ahead by a jump (instant for any count):
/// the state `words` calls of `bx_laige_next_u64` would leave. Returns `BX_OK`,
/// or `BX_NULL_POINTER` for a NULL handle.
///
/// # Safety
///
/// `prng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_laige_discard(
    prng: *mut bx_laige_prng,
    words: u64,
) -> crate::bx_status {
    // SAFETY: `prng` is NULL or a live, unshared handle (contract).
    unsafe { crate::handle::discard(prng, words) }
}

/// Write the 24-byte state (24 bytes: seed, part1, part2 as little-endian u64)
/// to `out`. Draws nothing. Returns `BX_OK`, or `BX_NULL_POINTER` for a NULL
/// handle or `out` (then `out` is left as it was).
///
/// # Safety
///
/// `prng` is NULL or a live handle that no thread writes meanwhile; `out` is
/// NULL or valid for writing 24 bytes.
#[no_mangle]
pub unsafe extern "C" fn bx_laige_save_state(
    prng: *const bx_laige_prng,
    out: *mut u8,
) -> crate::bx_status {
    // SAFETY: `prng` is NULL or a live handle nobody writes; `out` is NULL
    // or writable for 24 bytes (contract).
    unsafe { crate::handle::save_fixed(prng, out) }
}

/// A new laige Prng at a 24-byte state, in `*out`. Returns `BX_OK`;
/// `BX_NULL_POINTER` for a NULL `bytes` or `out`; `BX_BAD_LENGTH` when `len` is
/// not 24; `BX_BAD_STATE` for bytes no generator holds. On failure `*out` is
/// set to NULL.
///
/// # Safety
///
/// `bytes` is NULL or valid for reading `len` bytes; `out` is NULL or valid for
/// writing a pointer.
#[no_mangle]
pub unsafe extern "C" fn bx_laige_load_state(
    bytes: *const u8,
    len: usize,
    out: *mut *mut bx_laige_prng,
) -> crate::bx_status {
    // SAFETY: `bytes` is NULL or readable for `len` bytes; `out` is NULL or
    // writable (contract).
    unsafe { crate::handle::load_one(bytes, len, out) }
}

/// Identify a 24-byte state: the seed and the draws since seeding, in `*out`
/// (walk the state back to its seeding state, no search), walking back at most
/// `max_draws` draws; the answer is replayed before it is given. Returns
/// `BX_OK`; `BX_NULL_POINTER`, `BX_BAD_LENGTH` and `BX_BAD_STATE` as
/// `bx_laige_load_state` (and for a state the walk cannot decide);
/// `BX_BOUND_TOO_LARGE` past `BX_LAIGE_MAX_DRAWS`; `BX_NOT_FOUND` when no seed
/// reaches the state within the bound (`*out` untouched).
///
/// # Safety
///
/// `bytes` is NULL or valid for reading `len` bytes; `out` is NULL or valid for
/// writing a `bx_identity`.
#[no_mangle]
pub unsafe extern "C" fn bx_laige_identify(
    bytes: *const u8,
    len: usize,
    max_draws: u64,
    out: *mut crate::handle::bx_identity,
) -> crate::bx_status {
    // SAFETY: `bytes` is NULL or readable for `len` bytes; `out` is NULL or
    // writable for a `bx_identity` (contract); no search options.
    unsafe { crate::handle::identify_walk::<bx_laige_prng>(bytes, len, max_draws, out) }
}
