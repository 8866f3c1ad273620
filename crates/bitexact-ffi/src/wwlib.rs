//! WWLib's other classes: `RandomClass` (the 15-bit LCG), `Random3Class`
//! (the pseudo-DES hash) and `Random4Class` (MT19937, 1998 seeding), each
//! `bx_westwood_<class>_*`. (`Random2Class`, the default class, is
//! `bx_westwood_*` in `westwood.rs`.) As for Random2Class, a class's raw
//! word is `_raw` (signed, as the games read it), and `_fill_u32` gives the
//! same words' bits.

use bitexact::westwood::engines::{Random3Class, Random4Class, RandomClass};
use bitexact::westwood::{random4, Random3, Random4, RandomLcg};

use crate::bx_status;
use crate::handle::{
    bx_identity, discard, fill, identify_walk, load_one, new, new_with, save_fixed, with_mut,
    with_ref, Handle,
};
use crate::westwood::ranged;

/// `RandomClass`, the WWLib LCG: seed = seed * 0x41C64E6D + 0x3039, draw
/// (seed >> 10) & 0x7FFF. Opaque; freed by `bx_westwood_random_free`. Not
/// thread-safe.
pub struct bx_westwood_random {
    _private: [u8; 0],
}

/// `Random3Class(seed, index)`: each draw is the pseudo-DES of (seed,
/// index), then index + 1. Opaque; freed by `bx_westwood_random3_free`. Not
/// thread-safe.
pub struct bx_westwood_random3 {
    _private: [u8; 0],
}

/// `Random4Class`: MT19937 with the 1998 seeding (seed 0 becomes 4375).
/// Opaque; freed by `bx_westwood_random4_free`. Not thread-safe.
pub struct bx_westwood_random4 {
    _private: [u8; 0],
}

impl Handle for bx_westwood_random {
    type Engine = RandomClass;
}

impl Handle for bx_westwood_random3 {
    type Engine = Random3Class;
}

impl Handle for bx_westwood_random4 {
    type Engine = Random4Class;
}

/// Bytes of a Random4Class state: 624 little-endian words, then `mti` as a
/// little-endian int32.
pub const BX_WESTWOOD_RANDOM4_STATE_LEN: usize = 2500;
/// The largest bound `bx_westwood_random4_identify` takes: 16 million
/// twists (about 16 s).
pub const BX_WESTWOOD_RANDOM4_MAX_TWISTS: u64 = 16_000_000;

const _: () = assert!(BX_WESTWOOD_RANDOM4_STATE_LEN == random4::STATE_LEN);
const _: () = assert!(BX_WESTWOOD_RANDOM4_MAX_TWISTS == bitexact::westwood::engines::MAX_TWISTS);

// ---------------------------------------------------------------- RandomClass (LCG)

/// A new `RandomClass(seed)` (WWLib's default seed is 0). Not NULL (barring
/// an internal error, a bug). Free it with `bx_westwood_random_free`.
#[no_mangle]
pub extern "C" fn bx_westwood_random_new(seed: u32) -> *mut bx_westwood_random {
    new(seed.into())
}

/// Free a RandomClass. NULL does nothing.
///
/// # Safety
///
/// `rng` is NULL or a live handle from this library, not used by another
/// thread, and not freed before.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random_free(rng: *mut bx_westwood_random) {
    // SAFETY: the contract is `handle::free`'s.
    unsafe { crate::handle::free(rng) }
}

/// One draw: seed = seed * 0x41C64E6D + 0x3039; (seed >> 10) & 0x7FFF, in
/// 0..=32767. 1 draw. (0 for a NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random_raw(rng: *mut bx_westwood_random) -> i32 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { with_mut(rng, 0, RandomLcg::raw) }
}

/// The inclusive ranged draw of a 15-bit class (the mask searches down from
/// bit 14 only), statuses as `bx_westwood_ranged`.
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile;
/// `out` is NULL or valid for writing an int32_t.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random_ranged(
    rng: *mut bx_westwood_random,
    min: i32,
    max: i32,
    out: *mut i32,
) -> bx_status {
    // SAFETY: `rng` is NULL or a live, unshared handle; `out` is NULL or
    // writable for an int32_t (contract).
    unsafe { ranged(rng, min, max, out) }
}

/// ranged(1, 2147483647) / 2147483648.0 of the 15-bit class. (0.0 for a
/// NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random_double(rng: *mut bx_westwood_random) -> f64 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { with_mut(rng, 0.0, RandomLcg::double) }
}

/// The current LCG seed (0 for a NULL handle).
///
/// # Safety
///
/// `rng` is NULL or a live handle that no thread writes meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random_seed(rng: *const bx_westwood_random) -> u32 {
    // SAFETY: `rng` is NULL or a live handle nobody writes (contract).
    unsafe { with_ref(rng, 0, RandomLcg::seed) }
}

/// Write the next `n` raw draws (0..=32767, as `bx_westwood_random_raw`) to
/// `out[0..n]`. n draws. A NULL handle, or a NULL or misaligned `out` with
/// n > 0, does nothing: `out` is left as it was.
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile;
/// `out` is NULL or valid for writing `n` uint32_t.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random_fill_u32(
    rng: *mut bx_westwood_random,
    out: *mut u32,
    n: usize,
) {
    // SAFETY: `rng` is NULL or a live, unshared handle; `out` is NULL or
    // writable for `n` words (contract).
    unsafe { fill(rng, out, n) }
}

/// Spend `draws` raw draws (a jump of the LCG, instant up to 10^10).
/// Returns `BX_OK`; `BX_NULL_POINTER` for a NULL handle;
/// `BX_BOUND_TOO_LARGE` past 10^10 draws (nothing spent).
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random_discard(
    rng: *mut bx_westwood_random,
    draws: u64,
) -> bx_status {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { discard(rng, draws) }
}

// ---------------------------------------------------------------- Random3

/// A new `Random3Class(seed, index)` (the contract's seeding is index 0).
/// Not NULL (barring an internal error, a bug). Free it with
/// `bx_westwood_random3_free`.
#[no_mangle]
pub extern "C" fn bx_westwood_random3_new(seed: u32, index: u32) -> *mut bx_westwood_random3 {
    new_with(|| Random3::with_index(seed, index))
}

/// Free a Random3Class. NULL does nothing.
///
/// # Safety
///
/// `rng` is NULL or a live handle from this library, not used by another
/// thread, and not freed before.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random3_free(rng: *mut bx_westwood_random3) {
    // SAFETY: the contract is `handle::free`'s.
    unsafe { crate::handle::free(rng) }
}

/// The pseudo-DES of (seed, index) as a signed word, then index + 1. 1 draw.
/// (0 for a NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random3_raw(rng: *mut bx_westwood_random3) -> i32 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { with_mut(rng, 0, Random3::raw) }
}

/// The inclusive ranged draw, as `bx_westwood_ranged` (same statuses).
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile;
/// `out` is NULL or valid for writing an int32_t.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random3_ranged(
    rng: *mut bx_westwood_random3,
    min: i32,
    max: i32,
    out: *mut i32,
) -> bx_status {
    // SAFETY: `rng` is NULL or a live, unshared handle; `out` is NULL or
    // writable for an int32_t (contract).
    unsafe { ranged(rng, min, max, out) }
}

/// ranged(1, 2147483647) / 2147483648.0. (0.0 for a NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random3_double(rng: *mut bx_westwood_random3) -> f64 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { with_mut(rng, 0.0, Random3::double) }
}

/// Write the next `n` raw draws' bits (as `bx_westwood_random3_raw`) to
/// `out[0..n]`. n draws. A NULL handle, or a NULL or misaligned `out` with
/// n > 0, does nothing: `out` is left as it was.
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile;
/// `out` is NULL or valid for writing `n` uint32_t.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random3_fill_u32(
    rng: *mut bx_westwood_random3,
    out: *mut u32,
    n: usize,
) {
    // SAFETY: `rng` is NULL or a live, unshared handle; `out` is NULL or
    // writable for `n` words (contract).
    unsafe { fill(rng, out, n) }
}

/// Spend `draws` raw draws (index += draws, instant). Returns `BX_OK`;
/// `BX_NULL_POINTER` for a NULL handle; `BX_BOUND_TOO_LARGE` past 10^10
/// draws (nothing spent).
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random3_discard(
    rng: *mut bx_westwood_random3,
    draws: u64,
) -> bx_status {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { discard(rng, draws) }
}

// ---------------------------------------------------------------- Random4

/// A new `Random4Class(seed)` (the original's default seed is 4357; seed 0
/// becomes 4375, the original's typo). Not NULL (barring an internal error,
/// a bug). Free it with `bx_westwood_random4_free`.
#[no_mangle]
pub extern "C" fn bx_westwood_random4_new(seed: u32) -> *mut bx_westwood_random4 {
    new(seed.into())
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

/// The tempered word as a signed int (the first draw twists). 1 draw. (0
/// for a NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random4_raw(rng: *mut bx_westwood_random4) -> i32 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { with_mut(rng, 0, Random4::raw) }
}

/// The inclusive ranged draw, as `bx_westwood_ranged` (same statuses).
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile;
/// `out` is NULL or valid for writing an int32_t.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random4_ranged(
    rng: *mut bx_westwood_random4,
    min: i32,
    max: i32,
    out: *mut i32,
) -> bx_status {
    // SAFETY: `rng` is NULL or a live, unshared handle; `out` is NULL or
    // writable for an int32_t (contract).
    unsafe { ranged(rng, min, max, out) }
}

/// ranged(1, 2147483647) / 2147483648.0. (0.0 for a NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random4_double(rng: *mut bx_westwood_random4) -> f64 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { with_mut(rng, 0.0, Random4::double) }
}

/// `Get_Float()`: float(word) * 2^-32, so a word >= 0xFFFFFF80 gives 1.0.
/// 1 draw. (0.0f for a NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random4_get_float(rng: *mut bx_westwood_random4) -> f32 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { with_mut(rng, 0.0, Random4::get_float) }
}

/// Raw draws since the handle was made (0 for a NULL handle).
///
/// # Safety
///
/// `rng` is NULL or a live handle that no thread writes meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random4_position(rng: *const bx_westwood_random4) -> u64 {
    // SAFETY: `rng` is NULL or a live handle nobody writes (contract).
    unsafe { with_ref(rng, 0, Random4::position) }
}

/// Write the next `n` raw draws' bits (the tempered words, as
/// `bx_westwood_random4_raw`) to `out[0..n]`. n draws. A NULL handle, or a
/// NULL or misaligned `out` with n > 0, does nothing: `out` is left as it
/// was.
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile;
/// `out` is NULL or valid for writing `n` uint32_t.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random4_fill_u32(
    rng: *mut bx_westwood_random4,
    out: *mut u32,
    n: usize,
) {
    // SAFETY: `rng` is NULL or a live, unshared handle; `out` is NULL or
    // writable for `n` words (contract).
    unsafe { fill(rng, out, n) }
}

/// Spend `draws` raw draws (whole twists at a time). Returns `BX_OK`;
/// `BX_NULL_POINTER` for a NULL handle; `BX_BOUND_TOO_LARGE` past 10^10
/// draws (nothing spent).
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random4_discard(
    rng: *mut bx_westwood_random4,
    draws: u64,
) -> bx_status {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { discard(rng, draws) }
}

/// Write the 2500-byte state (624 words, then `mti`) to `out`. Draws
/// nothing. Returns `BX_OK`, or `BX_NULL_POINTER` for a NULL handle or
/// `out` (then `out` is left as it was).
///
/// # Safety
///
/// `rng` is NULL or a live handle that no thread writes meanwhile; `out` is
/// NULL or valid for writing 2500 bytes.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random4_save_state(
    rng: *const bx_westwood_random4,
    out: *mut u8,
) -> bx_status {
    // SAFETY: `rng` is NULL or a live handle nobody writes; `out` is NULL
    // or writable for 2500 bytes (contract); `written` is NULL.
    unsafe { save_fixed(rng, out) }
}

/// A new Random4Class from a 2500-byte state, in `*out`. Returns `BX_OK`;
/// `BX_NULL_POINTER`; `BX_BAD_LENGTH` for any other length; `BX_BAD_STATE`
/// for an `mti` outside 0..=624. On failure `*out` is set to NULL.
///
/// # Safety
///
/// `bytes` is NULL or valid for reading `len` bytes; `out` is NULL or valid
/// for writing a pointer.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random4_load_state(
    bytes: *const u8,
    len: usize,
    out: *mut *mut bx_westwood_random4,
) -> bx_status {
    // SAFETY: `bytes` is NULL or readable for `len` bytes; `out` is NULL or
    // writable (contract).
    unsafe { load_one(bytes, len, out) }
}

/// Identify a 2500-byte Random4Class state: the seed and the draws since
/// seeding, walking back at most `max_twists` twists (no search over seeds;
/// about a microsecond a twist), in `*out`; replayed before it is given. A
/// seed of 4375 also stands for `Random4Class(0)`. Returns `BX_OK`;
/// `BX_NULL_POINTER`, `BX_BAD_LENGTH`, `BX_BAD_STATE` as
/// `bx_westwood_random4_load_state` and for the zero state (no seed
/// reaches it); `BX_BOUND_TOO_LARGE` past
/// `BX_WESTWOOD_RANDOM4_MAX_TWISTS`; `BX_NOT_FOUND` when no seed reaches
/// the state within the bound (`*out` untouched).
///
/// # Safety
///
/// `bytes` is NULL or valid for reading `len` bytes; `out` is NULL or valid
/// for writing a `bx_identity`.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random4_identify(
    bytes: *const u8,
    len: usize,
    max_twists: u64,
    out: *mut bx_identity,
) -> bx_status {
    // SAFETY: `bytes` is NULL or readable for `len` bytes; `out` is NULL or
    // writable for a `bx_identity` (contract); no search options.
    unsafe { identify_walk::<bx_westwood_random4>(bytes, len, max_twists, out) }
}
