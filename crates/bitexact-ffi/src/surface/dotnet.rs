//! `bx_dotnet_*`: the calls every engine has, for System.Random (.NET's seeded System.Random (Knuth's subtractive generator, Microsoft's)).
//! Generated from the engine list by `tests/surface.rs`: do not edit.
//! Regenerate with `BITEXACT_BLESS=1 cargo test -p bitexact-ffi --test surface`.

use crate::handle::Handle;

/// One generator: System.Random (.NET's seeded System.Random (Knuth's
/// subtractive generator, Microsoft's)). Opaque; made by `bx_dotnet_new` or
/// `bx_dotnet_load_state`, freed by `bx_dotnet_free`. Not thread-safe: one
/// thread at a time per handle.
pub struct bx_dotnet_rng {
    _private: [u8; 0],
}

impl Handle for bx_dotnet_rng {
    type Engine = bitexact::dotnet::engine::Dotnet;
}

/// Bytes of a System.Random state: SeedArray's 56 ints, inext, inextp,
/// little-endian, 232 bytes.
pub const BX_DOTNET_STATE_LEN: usize = 232;
/// A customary bound for `bx_dotnet_identify`: 10^7 draws.
pub const BX_DOTNET_DEFAULT_MAX_DRAWS: u64 = 10_000_000;
/// The largest bound `bx_dotnet_identify` takes: 10^8 draws.
pub const BX_DOTNET_MAX_DRAWS: u64 = 100_000_000;

/// `new Random(seed)` (seeds s and -s give one stream). Not NULL (barring an
/// internal error, a bug). Free it with `bx_dotnet_free`.
#[no_mangle]
pub extern "C" fn bx_dotnet_new(seed: i32) -> *mut bx_dotnet_rng {
    crate::handle::new(u64::from(seed as u32))
}

/// Free a System.Random. NULL does nothing.
///
/// # Safety
///
/// `rng` is NULL or a live handle from this library, not used by another
/// thread, and not freed before.
#[no_mangle]
pub unsafe extern "C" fn bx_dotnet_free(rng: *mut bx_dotnet_rng) {
    // SAFETY: the contract is `handle::free`'s.
    unsafe { crate::handle::free(rng) }
}

/// `Next()`: one draw, 0..=2147483646. 1 draw. (0 for a NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_dotnet_next_u32(rng: *mut bx_dotnet_rng) -> u32 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { crate::handle::next_word(rng) }
}

/// Write the next `n` raw words' bits to `out[0..n]`: the same values and final
/// state as `n` calls of `bx_dotnet_next_u32`. n draws. A NULL handle, or a
/// NULL or misaligned `out` with n > 0, does nothing: `out` is left as it was.
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile; `out`
/// is NULL or valid for writing `n` uint32_t.
#[no_mangle]
pub unsafe extern "C" fn bx_dotnet_fill_u32(rng: *mut bx_dotnet_rng, out: *mut u32, n: usize) {
    // SAFETY: `rng` is NULL or a live, unshared handle; `out` is NULL or
    // writable for `n` words (contract).
    unsafe { crate::handle::fill(rng, out, n) }
}

/// Spend `draws` raw draws as that many `bx_dotnet_next_u32` calls would.
/// Returns `BX_OK`; `BX_NULL_POINTER` for a NULL handle; `BX_BOUND_TOO_LARGE`
/// past 10^10 draws (nothing spent).
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_dotnet_discard(
    rng: *mut bx_dotnet_rng,
    draws: u64,
) -> crate::bx_status {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { crate::handle::discard(rng, draws) }
}

/// Write the 232-byte state (SeedArray's 56 ints, inext, inextp, little-endian,
/// 232 bytes) to `out`. Draws nothing. Returns `BX_OK`, or `BX_NULL_POINTER`
/// for a NULL handle or `out` (then `out` is left as it was).
///
/// # Safety
///
/// `rng` is NULL or a live handle that no thread writes meanwhile; `out` is
/// NULL or valid for writing 232 bytes.
#[no_mangle]
pub unsafe extern "C" fn bx_dotnet_save_state(
    rng: *const bx_dotnet_rng,
    out: *mut u8,
) -> crate::bx_status {
    // SAFETY: `rng` is NULL or a live handle nobody writes; `out` is NULL
    // or writable for 232 bytes (contract).
    unsafe { crate::handle::save_fixed(rng, out) }
}

/// A new System.Random at a 232-byte state, in `*out`. Returns `BX_OK`;
/// `BX_NULL_POINTER` for a NULL `bytes` or `out`; `BX_BAD_LENGTH` when `len` is
/// not 232; `BX_BAD_STATE` for bytes no generator holds. On failure `*out` is
/// set to NULL.
///
/// # Safety
///
/// `bytes` is NULL or valid for reading `len` bytes; `out` is NULL or valid for
/// writing a pointer.
#[no_mangle]
pub unsafe extern "C" fn bx_dotnet_load_state(
    bytes: *const u8,
    len: usize,
    out: *mut *mut bx_dotnet_rng,
) -> crate::bx_status {
    // SAFETY: `bytes` is NULL or readable for `len` bytes; `out` is NULL or
    // writable (contract).
    unsafe { crate::handle::load_one(bytes, len, out) }
}

/// Identify a 232-byte state: the seed and the draws since seeding, in `*out`
/// (walk the draws back to the seeding cursors and undo the seeding, no
/// search), walking back at most `max_draws` draws; the answer is replayed
/// before it is given. Returns `BX_OK`; `BX_NULL_POINTER`, `BX_BAD_LENGTH` and
/// `BX_BAD_STATE` as `bx_dotnet_load_state` (and for a state the walk cannot
/// decide); `BX_BOUND_TOO_LARGE` past `BX_DOTNET_MAX_DRAWS`; `BX_NOT_FOUND`
/// when no seed reaches the state within the bound (`*out` untouched).
///
/// # Safety
///
/// `bytes` is NULL or valid for reading `len` bytes; `out` is NULL or valid for
/// writing a `bx_identity`.
#[no_mangle]
pub unsafe extern "C" fn bx_dotnet_identify(
    bytes: *const u8,
    len: usize,
    max_draws: u64,
    out: *mut crate::handle::bx_identity,
) -> crate::bx_status {
    // SAFETY: `bytes` is NULL or readable for `len` bytes; `out` is NULL or
    // writable for a `bx_identity` (contract); no search options.
    unsafe { crate::handle::identify_walk::<bx_dotnet_rng>(bytes, len, max_draws, out) }
}
