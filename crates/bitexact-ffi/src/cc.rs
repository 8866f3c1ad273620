//! The C&C relatives: OpenRA's `MersenneTwister` and C&C Generals / Zero
//! Hour's `GameLogicRandom`.

use bitexact::{generals, generals::GameRandom, openra::MersenneTwister};

use crate::{
    bx_status, free_handle, handle_mut, handle_ref, new_handle, out_ptr, put, status, with_mut,
    with_ref, BX_EMPTY_RANGE, BX_NOT_FOUND, BX_NULL_POINTER,
};

/// OpenRA's `MersenneTwister` (`SharedRandom`): Knuth-seeded MT19937 with
/// `Last` and `TotalCount`. Opaque; made by `bx_openra_new`, freed by
/// `bx_openra_free`. Not thread-safe: one thread at a time per handle.
pub struct bx_openra_rng(MersenneTwister);

/// One Generals `GameLogicRandom` stream (six words). Opaque; made by
/// `bx_generals_new` or `bx_generals_from_state`, freed by
/// `bx_generals_free`. Not thread-safe: one thread at a time per handle.
pub struct bx_generals_rng(GameRandom);

/// Where a Generals state sits in its seed's stream.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct bx_generals_identity {
    /// The seed given to `init`.
    pub seed: u32,
    /// Draws since seeding.
    pub draws: u64,
}

/// A customary bound for `bx_generals_identify`: 10^8 draws.
pub const BX_GENERALS_DEFAULT_MAX_DRAWS: u64 = 100_000_000;
const _: () = assert!(BX_GENERALS_DEFAULT_MAX_DRAWS == generals::DEFAULT_MAX_DRAWS);

// ---------------------------------------------------------------- OpenRA

/// A new `MersenneTwister(seed)` (C#'s int seed; Knuth seeding, the first
/// draw twists); `Last` 0, `TotalCount` 0. Not NULL (barring an internal error, a bug). Free it with
/// `bx_openra_free`.
#[no_mangle]
pub extern "C" fn bx_openra_new(seed: i32) -> *mut bx_openra_rng {
    new_handle(|| bx_openra_rng(MersenneTwister::new(seed)))
}

/// Free a generator. NULL does nothing.
///
/// # Safety
///
/// `rng` is NULL or a live handle from this library, not used by another
/// thread, and not freed before.
#[no_mangle]
pub unsafe extern "C" fn bx_openra_free(rng: *mut bx_openra_rng) {
    // SAFETY: the contract is `free_handle`'s.
    unsafe { free_handle(rng) }
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
    unsafe { with_mut(rng, 0, |r| r.0.next()) }
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
    status(|| {
        let dst = out_ptr(out)?;
        // SAFETY: `rng` is NULL or a live, unshared handle (contract).
        let r = unsafe { handle_mut(rng) }.ok_or(BX_NULL_POINTER)?;
        let v = r.0.next_range(low, high).map_err(|_| BX_EMPTY_RANGE)?;
        // SAFETY: `dst` is checked; writable for an int32_t (contract).
        unsafe { put(dst, v) };
        Ok(())
    })
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
    unsafe { with_mut(rng, 0.0, |r| r.0.next_float()) }
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
    unsafe { with_ref(rng, 0, |r| r.0.last()) }
}

/// `TotalCount`: the draws so far (0 for a NULL handle).
///
/// # Safety
///
/// `rng` is NULL or a live handle that no thread writes meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_openra_total_count(rng: *const bx_openra_rng) -> u64 {
    // SAFETY: `rng` is NULL or a live handle nobody writes (contract).
    unsafe { with_ref(rng, 0, |r| r.0.total_count()) }
}

// ---------------------------------------------------------------- Generals

/// A new stream after `init(seed)`: s[i] = seed + C[i]. Not NULL (barring an internal error, a bug). Free it
/// with `bx_generals_free`.
#[no_mangle]
pub extern "C" fn bx_generals_new(seed: u32) -> *mut bx_generals_rng {
    new_handle(|| bx_generals_rng(GameRandom::new(seed)))
}

/// A new stream at an explicit state `s[0..6]` (`s0` first; any six words
/// are a state). NULL only when `s` is NULL or misaligned. Free it with
/// `bx_generals_free`.
///
/// # Safety
///
/// `s` is NULL or valid for reading 6 uint32_t.
#[no_mangle]
pub unsafe extern "C" fn bx_generals_from_state(s: *const u32) -> *mut bx_generals_rng {
    if s.is_null() || !s.is_aligned() {
        return core::ptr::null_mut();
    }
    // SAFETY: non-NULL, aligned, and readable for six words (contract).
    let words = unsafe { s.cast::<[u32; 6]>().read() };
    new_handle(|| bx_generals_rng(GameRandom::from_state(words)))
}

/// Free a stream. NULL does nothing.
///
/// # Safety
///
/// `rng` is NULL or a live handle from this library, not used by another
/// thread, and not freed before.
#[no_mangle]
pub unsafe extern "C" fn bx_generals_free(rng: *mut bx_generals_rng) {
    // SAFETY: the contract is `free_handle`'s.
    unsafe { free_handle(rng) }
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
    unsafe { with_mut(rng, 0, |r| r.0.next_u32()) }
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
    unsafe { with_mut(rng, 0, |r| r.0.value(lo, hi)) }
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
    unsafe { with_mut(rng, 0.0, |r| r.0.real(lo, hi)) }
}

/// Write the six state words (`s0` first) to `out[0..6]`. Returns `BX_OK`
/// or `BX_NULL_POINTER` (NULL handle or `out`).
///
/// # Safety
///
/// `rng` is NULL or a live handle that no thread writes meanwhile; `out` is
/// NULL or valid for writing 6 uint32_t.
#[no_mangle]
pub unsafe extern "C" fn bx_generals_state(
    rng: *const bx_generals_rng,
    out: *mut u32,
) -> bx_status {
    status(|| {
        let dst = out_ptr(out.cast::<[u32; 6]>())?;
        // SAFETY: `rng` is NULL or a live handle nobody writes (contract).
        let r = unsafe { handle_ref(rng) }.ok_or(BX_NULL_POINTER)?;
        // SAFETY: `dst` is checked (an array of u32 has u32's alignment);
        // writable for six words (contract).
        unsafe { put(dst, r.0.state()) };
        Ok(())
    })
}

/// Walk the stream's state back at most `max_draws` draws to the form
/// seeding leaves, and write the seed and the draws since to `*out`; the
/// answer is replayed before it is given. A few nanoseconds per draw
/// walked. Returns `BX_OK`; `BX_NULL_POINTER`; `BX_NOT_FOUND` when no seed
/// reaches the state within the bound (`*out` untouched).
///
/// # Safety
///
/// `rng` is NULL or a live handle that no thread writes meanwhile; `out` is
/// NULL or valid for writing a `bx_generals_identity`.
#[no_mangle]
pub unsafe extern "C" fn bx_generals_identify(
    rng: *const bx_generals_rng,
    max_draws: u64,
    out: *mut bx_generals_identity,
) -> bx_status {
    status(|| {
        let dst = out_ptr(out)?;
        // SAFETY: `rng` is NULL or a live handle nobody writes (contract).
        let r = unsafe { handle_ref(rng) }.ok_or(BX_NULL_POINTER)?;
        let id = generals::identify(r.0.state(), max_draws).map_err(|_| BX_NOT_FOUND)?;
        // SAFETY: `dst` is checked; writable (contract).
        unsafe {
            put(
                dst,
                bx_generals_identity {
                    seed: id.seed,
                    draws: id.draws,
                },
            )
        };
        Ok(())
    })
}
