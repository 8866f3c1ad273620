//! The laige engine's `Prng`: xorshift128+ seeded by splitmix64, substreams,
//! state files and identification.

use core::ptr;

use bitexact::laige::{self, engine::Laige, Prng};

use crate::handle::{
    bx_identity, discard, draw_into, fill, fill_with, identify_walk, into_handle, load_one, new,
    new_with, next_word, save_fixed, with_mut, with_ref, Handle,
};
use crate::{bx_status, out_ptr, put, status, BX_EMPTY_RANGE, BX_NOT_FOUND};

/// A laige `Prng` (its seed and the two xorshift128+ words). Opaque; made by
/// `bx_laige_new`, `bx_laige_derive_substream`, `bx_laige_substream` or
/// `bx_laige_load_state`, freed by `bx_laige_free`. Not thread-safe: one
/// thread at a time per handle.
pub struct bx_laige_prng {
    _private: [u8; 0],
}

impl Handle for bx_laige_prng {
    type Engine = Laige;
}

/// Bytes of a laige state file: seed, part1, part2, little-endian uint64.
pub const BX_LAIGE_STATE_LEN: usize = 24;
/// A customary bound for `bx_laige_identify`: 10^8 draws (about 0.5 s).
pub const BX_LAIGE_DEFAULT_MAX_DRAWS: u64 = 100_000_000;
/// The largest bound `bx_laige_identify` takes: 2 * 10^9 draws (about 10 s).
pub const BX_LAIGE_MAX_DRAWS: u64 = 2_000_000_000;

const _: () = assert!(BX_LAIGE_STATE_LEN == laige::STATE_LEN);
const _: () = assert!(BX_LAIGE_DEFAULT_MAX_DRAWS == laige::DEFAULT_MAX_DRAWS);
const _: () = assert!(BX_LAIGE_MAX_DRAWS == laige::engine::MAX_DRAWS);

/// A new stream seeded with `seed` (splitmix64 of seed + K and seed + 2K).
/// Not NULL (barring an internal error, a bug). Free it with `bx_laige_free`.
#[no_mangle]
pub extern "C" fn bx_laige_new(seed: u64) -> *mut bx_laige_prng {
    new(seed)
}

/// The substream `id` of the master seed `seed`: a new stream seeded with
/// seed + id * 0x9E3779B97F4A7C15 (wrapping; id 0 is the master). Not NULL
/// (barring an internal error, a bug). Free it with `bx_laige_free`.
#[no_mangle]
pub extern "C" fn bx_laige_derive_substream(seed: u64, id: u32) -> *mut bx_laige_prng {
    new_with(|| Prng::derive_substream(seed, id))
}

/// The substream `id` of `prng`'s seed, as a new handle (the draws `prng`
/// made do not matter; `prng` is unchanged). NULL only when `prng` is NULL.
/// Free it with `bx_laige_free`.
///
/// # Safety
///
/// `prng` is NULL or a live handle that no thread writes meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_laige_substream(
    prng: *const bx_laige_prng,
    id: u32,
) -> *mut bx_laige_prng {
    // SAFETY: `prng` is NULL or a live handle nobody writes (contract).
    unsafe { with_ref(prng, ptr::null_mut(), |p| into_handle(p.substream(id))) }
}

/// Free a stream. NULL does nothing. The handle must not be used after.
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

/// The stream's seed (0 for a NULL handle).
///
/// # Safety
///
/// `prng` is NULL or a live handle that no thread writes meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_laige_seed(prng: *const bx_laige_prng) -> u64 {
    // SAFETY: `prng` is NULL or a live handle nobody writes (contract).
    unsafe { with_ref(prng, 0, Prng::seed) }
}

/// The next 64-bit output (part2 + old part2 after the xorshift step).
/// 1 draw. (0 for a NULL handle.)
///
/// # Safety
///
/// `prng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_laige_next_u64(prng: *mut bx_laige_prng) -> u64 {
    // SAFETY: `prng` is NULL or a live, unshared handle (contract).
    unsafe { next_word(prng) }
}

/// Uniform on the half-open [min, max) in `*out`: n = max - min; redraw
/// while the draw is at or above 2^64 - (2^64 mod n); min + draw % n.
/// 1 draw + rejections. Returns `BX_OK`; `BX_EMPTY_RANGE` for
/// `min >= max` (nothing drawn); `BX_NULL_POINTER` for a NULL handle or
/// `out` (nothing drawn).
///
/// # Safety
///
/// `prng` is NULL or a live handle not used by another thread meanwhile;
/// `out` is NULL or valid for writing a uint32_t.
#[no_mangle]
pub unsafe extern "C" fn bx_laige_next_range(
    prng: *mut bx_laige_prng,
    min: u32,
    max: u32,
    out: *mut u32,
) -> bx_status {
    // SAFETY: `prng` is NULL or a live, unshared handle; `out` is NULL or
    // writable for a uint32_t (contract).
    unsafe {
        draw_into(prng, out, |p| {
            p.next_range(min, max).map_err(|_| BX_EMPTY_RANGE)
        })
    }
}

/// Uniform on [0, 1) with 24-bit resolution: (next_u64 >> 40) * 2^-24,
/// never 1.0. 1 draw. (0.0f for a NULL handle.)
///
/// # Safety
///
/// `prng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_laige_next_float01(prng: *mut bx_laige_prng) -> f32 {
    // SAFETY: `prng` is NULL or a live, unshared handle (contract).
    unsafe { with_mut(prng, 0.0, Prng::next_float01) }
}

/// Write the next `n` outputs to `out[0..n]`: the same values and final
/// state as `n` calls of `bx_laige_next_u64`. n draws. A NULL handle, or a
/// NULL or misaligned `out` with n > 0, does nothing: `out` is left as it
/// was.
///
/// # Safety
///
/// `prng` is NULL or a live handle not used by another thread meanwhile;
/// `out` is NULL or valid for writing `n` uint64_t.
#[no_mangle]
pub unsafe extern "C" fn bx_laige_fill_u64(prng: *mut bx_laige_prng, out: *mut u64, n: usize) {
    // SAFETY: `prng` is NULL or a live, unshared handle; `out` is NULL or
    // writable for `n` words (contract).
    unsafe { fill(prng, out, n) }
}

/// Write the next `n` `bx_laige_next_float01` values to `out[0..n]`.
/// n draws. A NULL handle, or a NULL or misaligned `out` with n > 0, does
/// nothing: `out` is left as it was.
///
/// # Safety
///
/// `prng` is NULL or a live handle not used by another thread meanwhile;
/// `out` is NULL or valid for writing `n` floats.
#[no_mangle]
pub unsafe extern "C" fn bx_laige_fill_float01(prng: *mut bx_laige_prng, out: *mut f32, n: usize) {
    // SAFETY: `prng` is NULL or a live, unshared handle; `out` is NULL or
    // writable for `n` floats (contract).
    unsafe { fill_with(prng, out, n, Prng::fill_float01) }
}

/// Move the stream `words` draws ahead without stepping (a GF(2)
/// polynomial jump, instant for any count): the state `words` calls of
/// `bx_laige_next_u64` would leave. Returns `BX_OK`, or `BX_NULL_POINTER`
/// for a NULL handle.
///
/// # Safety
///
/// `prng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_laige_discard(prng: *mut bx_laige_prng, words: u64) -> bx_status {
    // SAFETY: `prng` is NULL or a live, unshared handle (contract).
    unsafe { discard(prng, words) }
}

/// Write the stream's 24-byte state file (seed, part1, part2,
/// little-endian) to `out`. Draws nothing. Returns `BX_OK`, or
/// `BX_NULL_POINTER` for a NULL handle or `out` (then `out` is left as it
/// was).
///
/// # Safety
///
/// `prng` is NULL or a live handle that no thread writes meanwhile; `out` is
/// NULL or valid for writing 24 bytes.
#[no_mangle]
pub unsafe extern "C" fn bx_laige_save_state(
    prng: *const bx_laige_prng,
    out: *mut u8,
) -> bx_status {
    // SAFETY: `prng` is NULL or a live handle nobody writes; `out` is NULL
    // or writable for 24 bytes (contract); `written` is NULL.
    unsafe { save_fixed(prng, out) }
}

/// A new stream from a 24-byte state file, in `*out`. Returns `BX_OK`;
/// `BX_NULL_POINTER` for a NULL `bytes` or `out`; `BX_BAD_LENGTH` when `len`
/// is not 24; `BX_BAD_STATE` for part1 = part2 = 0 (a state xorshift128+
/// never leaves and no seed reaches). On failure `*out` is set to NULL.
///
/// # Safety
///
/// `bytes` is NULL or valid for reading `len` bytes; `out` is NULL or valid
/// for writing a pointer.
#[no_mangle]
pub unsafe extern "C" fn bx_laige_load_state(
    bytes: *const u8,
    len: usize,
    out: *mut *mut bx_laige_prng,
) -> bx_status {
    // SAFETY: `bytes` is NULL or readable for `len` bytes; `out` is NULL or
    // writable (contract).
    unsafe { load_one(bytes, len, out) }
}

/// Identify a 24-byte state file: walk its words (part1, part2) back at
/// most `max_draws` draws to a seeding state, and write that seed and the
/// draws since to `*out`. The answer is replayed, and the file's seed field
/// must be that seed (SPEC 8: the whole state), before it is given. About
/// 5 ns per draw walked. Returns `BX_OK`; `BX_NULL_POINTER`,
/// `BX_BAD_LENGTH`, `BX_BAD_STATE` as `bx_laige_load_state`;
/// `BX_BOUND_TOO_LARGE` past `BX_LAIGE_MAX_DRAWS`; `BX_NOT_FOUND` when no
/// seeding state lies within the bound, or the seed field disagrees
/// (`*out` untouched).
///
/// # Safety
///
/// `bytes` is NULL or valid for reading `len` bytes; `out` is NULL or valid
/// for writing a `bx_identity`.
#[no_mangle]
pub unsafe extern "C" fn bx_laige_identify(
    bytes: *const u8,
    len: usize,
    max_draws: u64,
    out: *mut bx_identity,
) -> bx_status {
    // SAFETY: `bytes` is NULL or readable for `len` bytes; `out` is NULL or
    // writable for a `bx_identity` (contract); no search options.
    unsafe { identify_walk::<bx_laige_prng>(bytes, len, max_draws, out) }
}

/// The id of a substream, given its master seed and the substream's own
/// seed (`bx_laige_seed` of the substream), in `*out`: master + id * K ==
/// substream_seed. Returns `BX_OK`; `BX_NULL_POINTER` for a NULL `out`;
/// `BX_NOT_FOUND` when no 32-bit id fits. Pure, thread-safe.
///
/// # Safety
///
/// `out` is NULL or valid for writing a uint32_t.
#[no_mangle]
pub unsafe extern "C" fn bx_laige_substream_id(
    master_seed: u64,
    substream_seed: u64,
    out: *mut u32,
) -> bx_status {
    status(|| {
        let dst = out_ptr(out)?;
        let id = laige::substream_id(master_seed, substream_seed).map_err(|_| BX_NOT_FOUND)?;
        // SAFETY: `dst` is checked; writable (contract).
        unsafe { put(dst, id) };
        Ok(())
    })
}
