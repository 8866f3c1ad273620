//! C&C Generals / Zero Hour's `GameLogicRandom`: six words of add-with-carry,
//! its 24-byte states and their identification.

use bitexact::generals::{self, engine::Generals};

use crate::bx_status;
use crate::handle::{
    bx_identity, discard, fill, identify_walk, load_one, new, next_word, save_fixed, with_mut,
    Handle,
};

/// One Generals `GameLogicRandom` stream (six words). Opaque; made by
/// `bx_generals_new` or `bx_generals_load_state`, freed by
/// `bx_generals_free`. Not thread-safe: one thread at a time per handle.
pub struct bx_generals_rng {
    _private: [u8; 0],
}

impl Handle for bx_generals_rng {
    type Engine = Generals;
}

/// Bytes of a Generals state: the six words `s0..s5`, little-endian.
pub const BX_GENERALS_STATE_LEN: usize = 24;
/// A customary bound for `bx_generals_identify`: 10^8 draws.
pub const BX_GENERALS_DEFAULT_MAX_DRAWS: u64 = 100_000_000;
/// The largest bound `bx_generals_identify` takes: 10^9 draws.
pub const BX_GENERALS_MAX_DRAWS: u64 = 1_000_000_000;

const _: () = assert!(BX_GENERALS_STATE_LEN == generals::STATE_LEN);
const _: () = assert!(BX_GENERALS_DEFAULT_MAX_DRAWS == generals::DEFAULT_MAX_DRAWS);
const _: () = assert!(BX_GENERALS_MAX_DRAWS == generals::engine::MAX_DRAWS);

/// A new stream after `init(seed)`: s[i] = seed + C[i]. Not NULL (barring
/// an internal error, a bug). Free it with `bx_generals_free`.
#[no_mangle]
pub extern "C" fn bx_generals_new(seed: u32) -> *mut bx_generals_rng {
    new(seed.into())
}

/// Free a stream. NULL does nothing.
///
/// # Safety
///
/// `rng` is NULL or a live handle from this library, not used by another
/// thread, and not freed before.
#[no_mangle]
pub unsafe extern "C" fn bx_generals_free(rng: *mut bx_generals_rng) {
    // SAFETY: the contract is `handle::free`'s.
    unsafe { crate::handle::free(rng) }
}

/// One draw: five add-with-carry steps, the 192-bit number incremented, s0.
/// 1 draw. (0 for a NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_generals_next_u32(rng: *mut bx_generals_rng) -> u32 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { next_word(rng) }
}

/// Write the next `n` draws (as `bx_generals_next_u32`) to `out[0..n]`.
/// n draws. A NULL handle, or a NULL or misaligned `out` with n > 0, does
/// nothing: `out` is left as it was.
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile;
/// `out` is NULL or valid for writing `n` uint32_t.
#[no_mangle]
pub unsafe extern "C" fn bx_generals_fill_u32(rng: *mut bx_generals_rng, out: *mut u32, n: usize) {
    // SAFETY: `rng` is NULL or a live, unshared handle; `out` is NULL or
    // writable for `n` words (contract).
    unsafe { fill(rng, out, n) }
}

/// Spend `draws` draws (stepped one by one, a few ns each). Returns
/// `BX_OK`; `BX_NULL_POINTER` for a NULL handle; `BX_BOUND_TOO_LARGE` past
/// 2.5 * 10^9 draws (about 5 s; nothing spent).
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_generals_discard(rng: *mut bx_generals_rng, draws: u64) -> bx_status {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { discard(rng, draws) }
}

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

/// Write the 24-byte state (`s0..s5`, little-endian) to `out`. Draws
/// nothing. Returns `BX_OK`, or `BX_NULL_POINTER` for a NULL handle or
/// `out` (then `out` is left as it was).
///
/// # Safety
///
/// `rng` is NULL or a live handle that no thread writes meanwhile; `out` is
/// NULL or valid for writing 24 bytes.
#[no_mangle]
pub unsafe extern "C" fn bx_generals_save_state(
    rng: *const bx_generals_rng,
    out: *mut u8,
) -> bx_status {
    // SAFETY: `rng` is NULL or a live handle nobody writes; `out` is NULL
    // or writable for 24 bytes (contract); `written` is NULL.
    unsafe { save_fixed(rng, out) }
}

/// A new stream at a 24-byte state (any six words are a state), in
/// `*out`. Returns `BX_OK`; `BX_NULL_POINTER` for a NULL `bytes` or `out`;
/// `BX_BAD_LENGTH` when `len` is not 24. On failure `*out` is set to NULL.
///
/// # Safety
///
/// `bytes` is NULL or valid for reading `len` bytes; `out` is NULL or valid
/// for writing a pointer.
#[no_mangle]
pub unsafe extern "C" fn bx_generals_load_state(
    bytes: *const u8,
    len: usize,
    out: *mut *mut bx_generals_rng,
) -> bx_status {
    // SAFETY: `bytes` is NULL or readable for `len` bytes; `out` is NULL or
    // writable (contract).
    unsafe { load_one(bytes, len, out) }
}

/// Identify a 24-byte state: walk the step back (it is invertible) at most
/// `max_draws` draws to the form seeding leaves, and write the seed and the
/// draws since to `*out`; the answer is replayed before it is given. A few
/// nanoseconds per draw walked. Returns `BX_OK`; `BX_NULL_POINTER` and
/// `BX_BAD_LENGTH` as `bx_generals_load_state`; `BX_BOUND_TOO_LARGE` past
/// `BX_GENERALS_MAX_DRAWS`; `BX_NOT_FOUND` when no seed reaches the state
/// within the bound (`*out` untouched).
///
/// # Safety
///
/// `bytes` is NULL or valid for reading `len` bytes; `out` is NULL or valid
/// for writing a `bx_identity`.
#[no_mangle]
pub unsafe extern "C" fn bx_generals_identify(
    bytes: *const u8,
    len: usize,
    max_draws: u64,
    out: *mut bx_identity,
) -> bx_status {
    // SAFETY: `bytes` is NULL or readable for `len` bytes; `out` is NULL or
    // writable for a `bx_identity` (contract); no search options.
    unsafe { identify_walk::<bx_generals_rng>(bytes, len, max_draws, out) }
}
