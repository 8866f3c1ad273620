//! WWLib's other classes: `Random3Class`, `RandomClass` (the LCG) and
//! `Random4Class` (MT19937, 1998 seeding). (`Random2Class` is in
//! `westwood.rs`.)

use bitexact::westwood::{random4, Random3, Random4, RandomLcg};

use crate::westwood::ranged_into;
use crate::{
    bx_status, bytes_in, free_handle, handle_ref, new_handle, new_handle_into, out_ptr, put,
    slice_out, status, with_mut, with_ref, BX_BAD_LENGTH, BX_BAD_STATE, BX_NOT_FOUND,
    BX_NULL_POINTER,
};

const _: () = assert!(BX_WESTWOOD_RANDOM4_STATE_LEN == random4::STATE_LEN);

/// `Random3Class(seed, index)`: each draw is the pseudo-DES of (seed,
/// index), then index + 1. Opaque; freed by `bx_westwood_random3_free`. Not
/// thread-safe.
pub struct bx_westwood_random3(Random3);

/// `RandomClass`, the WWLib LCG: seed = seed * 0x41C64E6D + 0x3039, draw
/// (seed >> 10) & 0x7FFF. Opaque; freed by `bx_westwood_lcg_free`. Not
/// thread-safe.
pub struct bx_westwood_lcg(RandomLcg);

/// `Random4Class`: MT19937 with the 1998 seeding (seed 0 becomes 4375).
/// Opaque; freed by `bx_westwood_random4_free`. Not thread-safe.
pub struct bx_westwood_random4(Random4);

/// Bytes of a Random4Class state: 624 little-endian words, then `mti` as a
/// little-endian int32.
pub const BX_WESTWOOD_RANDOM4_STATE_LEN: usize = 2500;

/// Where a Random4Class state sits in its seed's stream.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct bx_westwood_random4_identity {
    /// The seed (4375 also stands for `Random4Class(0)`).
    pub seed: u32,
    /// Raw draws since seeding.
    pub draws: u64,
}

// ---------------------------------------------------------------- Random3

/// A new `Random3Class(seed, index)`. Not NULL (barring an internal error, a bug). Free it with
/// `bx_westwood_random3_free`.
#[no_mangle]
pub extern "C" fn bx_westwood_random3_new(seed: u32, index: u32) -> *mut bx_westwood_random3 {
    new_handle(|| bx_westwood_random3(Random3::with_index(seed, index)))
}

/// Free a Random3Class. NULL does nothing.
///
/// # Safety
///
/// `rng` is NULL or a live handle from this library, not used by another
/// thread, and not freed before.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random3_free(rng: *mut bx_westwood_random3) {
    // SAFETY: the contract is `free_handle`'s.
    unsafe { free_handle(rng) }
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
    unsafe { with_mut(rng, 0, |r| r.0.raw()) }
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
    // SAFETY: the contract is `ranged_into`'s.
    unsafe { ranged_into(rng, out, |r| r.0.ranged(min, max)) }
}

/// ranged(1, 2147483647) / 2147483648.0. (0.0 for a NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random3_double(rng: *mut bx_westwood_random3) -> f64 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { with_mut(rng, 0.0, |r| r.0.double()) }
}

// ---------------------------------------------------------------- RandomClass (LCG)

/// A new `RandomClass(seed)` (WWLib's default seed is 0). Not NULL (barring an internal error, a bug). Free
/// it with `bx_westwood_lcg_free`.
#[no_mangle]
pub extern "C" fn bx_westwood_lcg_new(seed: u32) -> *mut bx_westwood_lcg {
    new_handle(|| bx_westwood_lcg(RandomLcg::new(seed)))
}

/// Free a RandomClass. NULL does nothing.
///
/// # Safety
///
/// `rng` is NULL or a live handle from this library, not used by another
/// thread, and not freed before.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_lcg_free(rng: *mut bx_westwood_lcg) {
    // SAFETY: the contract is `free_handle`'s.
    unsafe { free_handle(rng) }
}

/// One draw: seed = seed * 0x41C64E6D + 0x3039; (seed >> 10) & 0x7FFF, in
/// 0..=32767. 1 draw. (0 for a NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_lcg_raw(rng: *mut bx_westwood_lcg) -> i32 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { with_mut(rng, 0, |r| r.0.raw()) }
}

/// The inclusive ranged draw of a 15-bit class (the mask searches down from
/// bit 14 only), statuses as `bx_westwood_ranged`.
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile;
/// `out` is NULL or valid for writing an int32_t.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_lcg_ranged(
    rng: *mut bx_westwood_lcg,
    min: i32,
    max: i32,
    out: *mut i32,
) -> bx_status {
    // SAFETY: the contract is `ranged_into`'s.
    unsafe { ranged_into(rng, out, |r| r.0.ranged(min, max)) }
}

/// The current LCG seed (0 for a NULL handle).
///
/// # Safety
///
/// `rng` is NULL or a live handle that no thread writes meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_lcg_seed(rng: *const bx_westwood_lcg) -> u32 {
    // SAFETY: `rng` is NULL or a live handle nobody writes (contract).
    unsafe { with_ref(rng, 0, |r| r.0.seed()) }
}

// ---------------------------------------------------------------- Random4

/// A new `Random4Class(seed)` (the original's default seed is 4357; seed 0
/// becomes 4375, the original's typo). Not NULL (barring an internal error, a bug). Free it with
/// `bx_westwood_random4_free`.
#[no_mangle]
pub extern "C" fn bx_westwood_random4_new(seed: u32) -> *mut bx_westwood_random4 {
    new_handle(|| bx_westwood_random4(Random4::new(seed)))
}

/// Free a Random4Class. NULL does nothing.
///
/// # Safety
///
/// `rng` is NULL or a live handle from this library, not used by another
/// thread, and not freed before.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random4_free(rng: *mut bx_westwood_random4) {
    // SAFETY: the contract is `free_handle`'s.
    unsafe { free_handle(rng) }
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
    unsafe { with_mut(rng, 0, |r| r.0.raw()) }
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
    // SAFETY: the contract is `ranged_into`'s.
    unsafe { ranged_into(rng, out, |r| r.0.ranged(min, max)) }
}

/// ranged(1, 2147483647) / 2147483648.0. (0.0 for a NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random4_double(rng: *mut bx_westwood_random4) -> f64 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { with_mut(rng, 0.0, |r| r.0.double()) }
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
    unsafe { with_mut(rng, 0.0, |r| r.0.get_float()) }
}

/// Raw draws since the handle was made (0 for a NULL handle).
///
/// # Safety
///
/// `rng` is NULL or a live handle that no thread writes meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random4_position(rng: *const bx_westwood_random4) -> u64 {
    // SAFETY: `rng` is NULL or a live handle nobody writes (contract).
    unsafe { with_ref(rng, 0, |r| r.0.position()) }
}

/// Write the 2500-byte state (624 words, then `mti`) to `out`. Draws
/// nothing. A NULL handle or NULL `out` does nothing.
///
/// # Safety
///
/// `rng` is NULL or a live handle that no thread writes meanwhile; `out` is
/// NULL or valid for writing 2500 bytes.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random4_save_state(
    rng: *const bx_westwood_random4,
    out: *mut u8,
) {
    // SAFETY: `out` is NULL or writable for 2500 bytes (contract).
    let Some(buf) = (unsafe { slice_out(out, BX_WESTWOOD_RANDOM4_STATE_LEN) }) else {
        return;
    };
    // SAFETY: `rng` is NULL or a live handle nobody writes (contract).
    unsafe {
        with_ref(rng, (), |r| {
            buf.copy_from_slice(&random4::encode_state(&r.0))
        })
    }
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
    // SAFETY: `bytes` is NULL or readable for `len` bytes (contract).
    let input = unsafe { bytes_in(bytes, len) };
    // SAFETY: `out` is NULL or writable (contract).
    unsafe {
        new_handle_into(out, || {
            random4::decode_state(input?)
                .map(bx_westwood_random4)
                .map_err(|e| match e {
                    random4::StateError::Length(_) => BX_BAD_LENGTH,
                    random4::StateError::Mti(_) => BX_BAD_STATE,
                })
        })
    }
}

/// The seed and draws since seeding of a Random4Class state, walking back
/// at most `max_twists` twists (no search over seeds; about a microsecond a
/// twist), in `*out`; replayed before it is given. Returns `BX_OK`;
/// `BX_NULL_POINTER`; `BX_NOT_FOUND` when no seed reaches the state within
/// the bound (`*out` untouched).
///
/// # Safety
///
/// `rng` is NULL or a live handle that no thread writes meanwhile; `out` is
/// NULL or valid for writing a `bx_westwood_random4_identity`.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_random4_identify(
    rng: *const bx_westwood_random4,
    max_twists: u64,
    out: *mut bx_westwood_random4_identity,
) -> bx_status {
    status(|| {
        let dst = out_ptr(out)?;
        // SAFETY: `rng` is NULL or a live handle nobody writes (contract).
        let r = unsafe { handle_ref(rng) }.ok_or(BX_NULL_POINTER)?;
        let id = random4::identify(&r.0, max_twists).map_err(|_| BX_NOT_FOUND)?;
        // SAFETY: `dst` is checked; writable (contract).
        unsafe {
            put(
                dst,
                bx_westwood_random4_identity {
                    seed: id.seed,
                    draws: id.draws,
                },
            )
        };
        Ok(())
    })
}
