//! The laige engine's `Prng`: xorshift128+ seeded by splitmix64, substreams,
//! state files and identification.

use core::ptr;

use bitexact::laige::{self, Prng};

use crate::handle::{draw_into, fill_with, into_handle, new_with, with_mut, with_ref};
use crate::surface::laige::bx_laige_prng;
use crate::{bx_status, out_ptr, put, status, BX_EMPTY_RANGE, BX_NOT_FOUND};

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
