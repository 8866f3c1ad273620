//! .NET's seeded `System.Random` (SPEC 15): its calls, 232-byte states and
//! their identification.

use bitexact::dotnet::{self, engine::Dotnet};

use crate::bx_status;
use crate::handle::{
    bx_identity, discard, fill, identify_walk, load_one, new, next_word, save_fixed, with_mut,
    Handle,
};

/// One `System.Random`. Opaque; made by `bx_dotnet_new` or
/// `bx_dotnet_load_state`, freed by `bx_dotnet_free`. Not thread-safe: one
/// thread at a time per handle.
pub struct bx_dotnet_rng {
    _private: [u8; 0],
}

impl Handle for bx_dotnet_rng {
    type Engine = Dotnet;
}

/// Bytes of a `System.Random` state: `SeedArray`'s 56 ints, `inext`,
/// `inextp`, little-endian.
pub const BX_DOTNET_STATE_LEN: usize = 232;
/// A customary bound for `bx_dotnet_identify`: 10^7 draws (about 0.6 s).
pub const BX_DOTNET_DEFAULT_MAX_DRAWS: u64 = 10_000_000;
/// The largest bound `bx_dotnet_identify` takes: 10^8 draws (about 6 s).
pub const BX_DOTNET_MAX_DRAWS: u64 = 100_000_000;

const _: () = assert!(BX_DOTNET_STATE_LEN == dotnet::STATE_LEN);
const _: () = assert!(BX_DOTNET_DEFAULT_MAX_DRAWS == dotnet::DEFAULT_MAX_WORDS);
const _: () = assert!(BX_DOTNET_MAX_DRAWS == dotnet::engine::MAX_WORDS);

/// `new Random(seed)` (seeds s and -s give one stream). Not NULL (barring
/// an internal error, a bug). Free it with `bx_dotnet_free`.
#[no_mangle]
pub extern "C" fn bx_dotnet_new(seed: i32) -> *mut bx_dotnet_rng {
    new((seed as u32).into())
}

/// Free a generator. NULL does nothing.
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

/// `Next()`: one draw, 0..=2147483646, as uint32. 1 draw. (0 for a NULL
/// handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_dotnet_next_u32(rng: *mut bx_dotnet_rng) -> u32 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { next_word(rng) }
}

/// Write the next `n` draws (as `bx_dotnet_next_u32`) to `out[0..n]`. n
/// draws. A NULL handle, or a NULL or misaligned `out` with n > 0, does
/// nothing: `out` is left as it was.
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile;
/// `out` is NULL or valid for writing `n` uint32_t.
#[no_mangle]
pub unsafe extern "C" fn bx_dotnet_fill_u32(rng: *mut bx_dotnet_rng, out: *mut u32, n: usize) {
    // SAFETY: `rng` is NULL or a live, unshared handle; `out` is NULL or
    // writable for `n` words (contract).
    unsafe { fill(rng, out, n) }
}

/// Spend `draws` draws (a few ns each). Returns `BX_OK`; `BX_NULL_POINTER`
/// for a NULL handle; `BX_BOUND_TOO_LARGE` past 10^10 draws (nothing spent).
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_dotnet_discard(rng: *mut bx_dotnet_rng, draws: u64) -> bx_status {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { discard(rng, draws) }
}

/// `Next(max)`: `(int)(Sample() * max)`. 1 draw. A negative `max` (where
/// .NET throws) returns -1 and draws nothing. (-1 for a NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_dotnet_next_max(rng: *mut bx_dotnet_rng, max: i32) -> i32 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { with_mut(rng, -1, |r| r.next_max(max).unwrap_or(-1)) }
}

/// `Next(min, max)`: in min..max (min when equal); 1 draw, 2 when max - min
/// exceeds 2147483647. `min > max` (where .NET throws) returns `BX_BAD_ARGUMENT`
/// and draws nothing; `BX_NULL_POINTER` for a NULL handle or `out`.
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile;
/// `out` is NULL or valid for writing an int32_t.
#[no_mangle]
pub unsafe extern "C" fn bx_dotnet_next_range(
    rng: *mut bx_dotnet_rng,
    min: i32,
    max: i32,
    out: *mut i32,
) -> bx_status {
    if out.is_null() {
        return crate::BX_NULL_POINTER;
    }
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    let v = unsafe {
        with_mut(rng, Err(crate::BX_NULL_POINTER), |r| {
            r.next_range(min, max).ok_or(crate::BX_BAD_ARGUMENT)
        })
    };
    match v {
        Ok(v) => {
            // SAFETY: `out` is non-NULL and writable for an int32_t (contract).
            unsafe { out.write_unaligned(v) };
            crate::BX_OK
        }
        Err(s) => s,
    }
}

/// `NextDouble()`: `Sample()`, the draw times 1 / 2147483647 in double.
/// 1 draw. (0.0 for a NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_dotnet_next_double(rng: *mut bx_dotnet_rng) -> f64 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { with_mut(rng, 0.0, |r| r.next_double()) }
}

/// Write the 232-byte state to `out`. Draws nothing. Returns `BX_OK`, or
/// `BX_NULL_POINTER` for a NULL handle or `out` (then `out` is left as it
/// was).
///
/// # Safety
///
/// `rng` is NULL or a live handle that no thread writes meanwhile; `out` is
/// NULL or valid for writing 232 bytes.
#[no_mangle]
pub unsafe extern "C" fn bx_dotnet_save_state(
    rng: *const bx_dotnet_rng,
    out: *mut u8,
) -> bx_status {
    // SAFETY: `rng` is NULL or a live handle nobody writes; `out` is NULL
    // or writable for 232 bytes (contract).
    unsafe { save_fixed(rng, out) }
}

/// A generator at a 232-byte state, in `*out`. Returns `BX_OK`;
/// `BX_NULL_POINTER` for a NULL `bytes` or `out`; `BX_BAD_LENGTH` when
/// `len` is not 232; `BX_BAD_STATE` for a cursor outside 0..=55. On failure
/// `*out` is set to NULL.
///
/// # Safety
///
/// `bytes` is NULL or valid for reading `len` bytes; `out` is NULL or valid
/// for writing a pointer.
#[no_mangle]
pub unsafe extern "C" fn bx_dotnet_load_state(
    bytes: *const u8,
    len: usize,
    out: *mut *mut bx_dotnet_rng,
) -> bx_status {
    // SAFETY: `bytes` is NULL or readable for `len` bytes; `out` is NULL or
    // writable (contract).
    unsafe { load_one(bytes, len, out) }
}

/// Identify a 232-byte state: walk the draws back at most `max_draws` to
/// the seeding cursors and undo the seeding (no search), and write the
/// seed's magnitude (s and -s are one stream) and the draws since to
/// `*out`; the answer is replayed before it is given. Returns `BX_OK`;
/// `BX_NULL_POINTER`, `BX_BAD_LENGTH` and `BX_BAD_STATE` as
/// `bx_dotnet_load_state` (and for cursors no draw leaves);
/// `BX_BOUND_TOO_LARGE` past `BX_DOTNET_MAX_DRAWS`; `BX_NOT_FOUND` when no
/// seed reaches the state within the bound; `BX_BAD_STATE` also when the
/// walk cannot decide (an edited state) (`*out` untouched).
///
/// # Safety
///
/// `bytes` is NULL or valid for reading `len` bytes; `out` is NULL or valid
/// for writing a `bx_identity`.
#[no_mangle]
pub unsafe extern "C" fn bx_dotnet_identify(
    bytes: *const u8,
    len: usize,
    max_draws: u64,
    out: *mut bx_identity,
) -> bx_status {
    // SAFETY: `bytes` is NULL or readable for `len` bytes; `out` is NULL or
    // writable for a `bx_identity` (contract); no search options.
    unsafe { identify_walk::<bx_dotnet_rng>(bytes, len, max_draws, out) }
}
