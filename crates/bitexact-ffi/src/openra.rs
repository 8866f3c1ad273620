//! OpenRA's `MersenneTwister` (`SharedRandom`): Knuth-seeded MT19937 with
//! `Next()`, `Next(low, high)`, `NextFloat()` and the sync report's `Last`
//! and `TotalCount`.

use bitexact::openra::{engine::Openra, MersenneTwister};

use crate::handle::{draw_into, fill, next_word, with_mut, with_ref, Gen, Handle};
use crate::{bx_status, BX_EMPTY_RANGE};

/// OpenRA's `MersenneTwister` (`SharedRandom`): Knuth-seeded MT19937 with
/// `Last` and `TotalCount`. Opaque; made by `bx_openra_new`, freed by
/// `bx_openra_free`. Not thread-safe: one thread at a time per handle.
pub struct bx_openra_rng {
    _private: [u8; 0],
}

impl Handle for bx_openra_rng {
    type Engine = Openra;

    /// The raw word is the tempered MT19937 word a `Next()` reads (all 32
    /// bits), counted as that call would count it.
    fn word(gen: &mut Gen<Self>) -> u32 {
        gen.next_word()
    }

    fn fill(gen: &mut Gen<Self>, out: &mut [u32]) {
        out.iter_mut().for_each(|w| *w = gen.next_word());
    }
}

/// The next tempered MT19937 word, all 32 bits: the word a `Next()` call
/// reads (`Next()` is it mod 2147483647), drawn and counted as that call
/// would (`Last` becomes its `Next()` value, `TotalCount` + 1). 1 draw. (0
/// for a NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_openra_next_u32(rng: *mut bx_openra_rng) -> u32 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { next_word(rng) }
}

/// Write the next `n` raw words (as `bx_openra_next_u32`) to `out[0..n]`.
/// n draws. A NULL handle, or a NULL or misaligned `out` with n > 0, does
/// nothing: `out` is left as it was.
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile;
/// `out` is NULL or valid for writing `n` uint32_t.
#[no_mangle]
pub unsafe extern "C" fn bx_openra_fill_u32(rng: *mut bx_openra_rng, out: *mut u32, n: usize) {
    // SAFETY: `rng` is NULL or a live, unshared handle; `out` is NULL or
    // writable for `n` words (contract).
    unsafe { fill(rng, out, n) }
}

/// `Next()`: the word mod 2147483647, in 0..=2147483646; sets `Last`, adds
/// 1 to `TotalCount`. 1 draw. (0 for a NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_openra_next(rng: *mut bx_openra_rng) -> i32 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { with_mut(rng, 0, MersenneTwister::next) }
}

/// `Next(low, high)` into `*out`: diff = high - low (wrapping); diff <= 1
/// gives low with no draw (so (INT32_MIN, INT32_MAX) draws nothing); else
/// low + Next() % diff, 1 draw. Returns `BX_OK`; `BX_EMPTY_RANGE` for
/// high < low (OpenRA throws; nothing drawn); `BX_NULL_POINTER` for a NULL
/// handle or `out` (nothing drawn).
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile;
/// `out` is NULL or valid for writing an int32_t.
#[no_mangle]
pub unsafe extern "C" fn bx_openra_next_range(
    rng: *mut bx_openra_rng,
    low: i32,
    high: i32,
    out: *mut i32,
) -> bx_status {
    // SAFETY: `rng` is NULL or a live, unshared handle; `out` is NULL or
    // writable for an int32_t (contract).
    unsafe {
        draw_into(rng, out, |r| {
            r.next_range(low, high).map_err(|_| BX_EMPTY_RANGE)
        })
    }
}

/// `NextFloat()`: float(Next()) / 2^31 (values >= 2147483584 give 1.0).
/// 1 draw. (0.0f for a NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_openra_next_float(rng: *mut bx_openra_rng) -> f32 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { with_mut(rng, 0.0, MersenneTwister::next_float) }
}

/// `Last`: the latest `Next()` value (0 before any draw, and for a NULL
/// handle). OpenRA's sync report logs `SharedRandom: {Last} (#{TotalCount})`.
///
/// # Safety
///
/// `rng` is NULL or a live handle that no thread writes meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_openra_last(rng: *const bx_openra_rng) -> i32 {
    // SAFETY: `rng` is NULL or a live handle nobody writes (contract).
    unsafe { with_ref(rng, 0, MersenneTwister::last) }
}

/// `TotalCount`: the draws so far (0 for a NULL handle).
///
/// # Safety
///
/// `rng` is NULL or a live handle that no thread writes meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_openra_total_count(rng: *const bx_openra_rng) -> u64 {
    // SAFETY: `rng` is NULL or a live handle nobody writes (contract).
    unsafe { with_ref(rng, 0, MersenneTwister::total_count) }
}
