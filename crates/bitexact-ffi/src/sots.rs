//! Sword of the Stars "Mars": MT19937 with the engine's draw mappings, the
//! save's RNG item, identification, Vec3 normalize and the MoveFleet leg.

use bitexact::sots::{self, movefleet, Rng, Vec3};

use crate::handle::{
    fill_with, identify_walk_as, load_one, new_into, save_fixed, with_mut, with_ref,
};
use crate::surface::sots::bx_sots_rng;
use crate::{bx_precision, bx_status, out_ptr, precision_code, put, BX_BAD_ARGUMENT, BX_PC53};
use bitexact::engine::Identification;

/// Where a saved state sits in its seed's stream.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct bx_sots_identity {
    /// The seed (`RSeed`) the stream was started with.
    pub seed: u32,
    /// Twists after the one seeding runs (0 for a block straight from seeding).
    pub twists: u64,
    /// The state's `left` (words still unread in the block, 0..=624).
    pub left: u32,
    /// Words drawn since seeding: twists * 624 + (624 - left).
    pub words_drawn: u64,
}

/// Bytes of the save's RNG item as `bx_sots_save_state` writes it: 624
/// little-endian words, then `left` as a little-endian int32.
pub const BX_SOTS_STATE_LEN: usize = 2500;
/// The item's length inside a save (3 padding bytes); `bx_sots_load_state`
/// and `bx_sots_identify` accept it too.
pub const BX_SOTS_STATE_LEN_PADDED: usize = 2503;
/// `bx_sots_identify`'s bound: 100000 twists (62.4 million words, ~0.1 s).
pub const BX_SOTS_DEFAULT_MAX_TWISTS: u64 = 100_000;

const _: () = assert!(BX_SOTS_STATE_LEN == sots::ITEM_LEN);
const _: () = assert!(BX_SOTS_STATE_LEN_PADDED == sots::ITEM_LEN_PADDED);
/// The largest bound `bx_sots_identify_bounded` takes: 16 million twists
/// (about 16 s).
pub const BX_SOTS_MAX_TWISTS: u64 = 16_000_000;

const _: () = assert!(BX_SOTS_DEFAULT_MAX_TWISTS == sots::DEFAULT_MAX_TWISTS);
const _: () = assert!(BX_SOTS_MAX_TWISTS == sots::engine::MAX_TWISTS);

/// A 3-component single-precision vector, as `Mars_Vec3`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct bx_vec3 {
    /// x
    pub x: f32,
    /// y
    pub y: f32,
    /// z
    pub z: f32,
}

impl From<bitexact::sots::Vec3> for bx_vec3 {
    fn from(v: bitexact::sots::Vec3) -> Self {
        bx_vec3 {
            x: v.x,
            y: v.y,
            z: v.z,
        }
    }
}

impl From<bx_vec3> for bitexact::sots::Vec3 {
    fn from(v: bx_vec3) -> Self {
        bitexact::sots::Vec3::new(v.x, v.y, v.z)
    }
}

/// A new generator seeded with `seed` and the given precision, in `*out`.
/// Returns `BX_OK`; `BX_BAD_ARGUMENT` (and `*out` = NULL) for a precision
/// that is neither `BX_PC53` nor `BX_PC24`; `BX_NULL_POINTER` for a NULL `out`.
///
/// # Safety
///
/// `out` is NULL or valid for writing a pointer.
#[no_mangle]
pub unsafe extern "C" fn bx_sots_with_precision(
    seed: u32,
    precision: bx_precision,
    out: *mut *mut bx_sots_rng,
) -> bx_status {
    // SAFETY: `out` is NULL or writable (contract), as `new_into` needs.
    unsafe { new_into(out, || with_precision(seed, precision)) }
}

fn with_precision(seed: u32, precision: bx_precision) -> Result<Rng, bx_status> {
    let p = crate::precision(precision).ok_or(BX_BAD_ARGUMENT)?;
    Ok(Rng::with_precision(seed, p))
}

/// Set the precision model of `next_float`, `chance` and `float_range`.
/// Draws nothing. A NULL handle, or a value that is neither `BX_PC53` nor
/// `BX_PC24`, changes nothing (check with `bx_sots_precision`).
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_sots_set_precision(rng: *mut bx_sots_rng, precision: bx_precision) {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe {
        with_mut(rng, (), |r| {
            if let Some(p) = crate::precision(precision) {
                r.set_precision(p)
            }
        })
    };
}

/// The generator's precision model (`BX_PC53` for a NULL handle).
///
/// # Safety
///
/// `rng` is NULL or a live handle that no thread writes meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_sots_precision(rng: *const bx_sots_rng) -> bx_precision {
    // SAFETY: `rng` is NULL or a live handle nobody writes (contract).
    unsafe { with_ref(rng, BX_PC53, |r| precision_code(r.precision())) }
}

/// The unit draw `y * (1/4294967295)` in double: closed [0, 1], exactly 1.0
/// for the word 0xffffffff. 1 word. (0.0 for a NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_sots_next_unit(rng: *mut bx_sots_rng) -> f64 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { with_mut(rng, 0.0, Rng::next_unit) }
}

/// The unit draw narrowed to float under the generator's precision model.
/// 1 word. (0.0f for a NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_sots_next_float(rng: *mut bx_sots_rng) -> f32 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { with_mut(rng, 0.0, Rng::next_float) }
}

/// Uniform on [0, n]: masks each word with the smallest 2^k - 1 >= n and
/// redraws while the masked word exceeds n. 1 word + rejections (n = 0 gives
/// 0 and still spends one word). (0 for a NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_sots_next_int_inclusive(rng: *mut bx_sots_rng, n: u32) -> u32 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { with_mut(rng, 0, |r| r.next_int_inclusive(n)) }
}

/// `p <= 0`: false, 0 words; `p >= 1`: true, 0 words; otherwise one word and
/// `next_float() < p` (NaN spends one word and gives false). (false for a
/// NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_sots_chance(rng: *mut bx_sots_rng, p: f32) -> bool {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { with_mut(rng, false, |r| r.chance(p)) }
}

/// `float(lo + float((hi - lo) * unit))`, each step rounded under the
/// generator's precision. 1 word. (0.0f for a NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_sots_float_range(rng: *mut bx_sots_rng, lo: f32, hi: f32) -> f32 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { with_mut(rng, 0.0, |r| r.float_range(lo, hi)) }
}

/// The triangular draw: h = hi - lo, a = h / 2, b = h - a;
/// lo + next_int_inclusive(a) + next_int_inclusive(b), all wrapping as the
/// original (an inverted range is not an error). At least 2 words. (0 for a
/// NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_sots_int_range_bell(rng: *mut bx_sots_rng, lo: i32, hi: i32) -> i32 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { with_mut(rng, 0, |r| r.int_range_bell(lo, hi)) }
}

/// Write the next `n` unit draws (as `bx_sots_next_unit`) to `out[0..n]`.
/// n words. A NULL handle, or a NULL or misaligned `out` with n > 0, does
/// nothing: `out` is left as it was.
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile;
/// `out` is NULL or valid for writing `n` doubles.
#[no_mangle]
pub unsafe extern "C" fn bx_sots_fill_unit(rng: *mut bx_sots_rng, out: *mut f64, n: usize) {
    // SAFETY: `rng` is NULL or a live, unshared handle; `out` is NULL or
    // writable for `n` doubles (contract).
    unsafe { fill_with(rng, out, n, Rng::fill_unit) }
}

/// Write the next `n` float draws (as `bx_sots_next_float`, the generator's
/// precision) to `out[0..n]`. n words. A NULL handle, or a NULL or
/// misaligned `out` with n > 0, does nothing: `out` is left as it was.
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile;
/// `out` is NULL or valid for writing `n` floats.
#[no_mangle]
pub unsafe extern "C" fn bx_sots_fill_float(rng: *mut bx_sots_rng, out: *mut f32, n: usize) {
    // SAFETY: `rng` is NULL or a live, unshared handle; `out` is NULL or
    // writable for `n` floats (contract).
    unsafe { fill_with(rng, out, n, Rng::fill_float) }
}

/// Words still unread in the current block, 0..=624 (0 for a NULL handle).
///
/// # Safety
///
/// `rng` is NULL or a live handle that no thread writes meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_sots_left(rng: *const bx_sots_rng) -> u32 {
    // SAFETY: `rng` is NULL or a live handle nobody writes (contract).
    unsafe { with_ref(rng, 0, Rng::left) }
}

/// Words drawn since the handle was made (for a handle from
/// `bx_sots_load_state`: since the load). 0 for a NULL handle.
///
/// # Safety
///
/// `rng` is NULL or a live handle that no thread writes meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_sots_position(rng: *const bx_sots_rng) -> u64 {
    // SAFETY: `rng` is NULL or a live handle nobody writes (contract).
    unsafe { with_ref(rng, 0, Rng::position) }
}

/// Write the save's RNG item, `BX_SOTS_STATE_LEN` (2500) bytes, to `out`.
/// Draws nothing. A NULL handle or NULL `out` does nothing: `out` is left
/// as it was.
///
/// # Safety
///
/// `rng` is NULL or a live handle that no thread writes meanwhile; `out` is
/// NULL or valid for writing 2500 bytes.
#[no_mangle]
pub unsafe extern "C" fn bx_sots_save_state(rng: *const bx_sots_rng, out: *mut u8) {
    // SAFETY: `rng` is NULL or a live handle nobody writes; `out` is NULL or
    // writable for 2500 bytes (contract); `written` is NULL.
    unsafe { save_fixed(rng, out) };
}

/// A new generator from a saved RNG item (2500 bytes, or 2503 with the
/// save's padding), precision `BX_PC53`, in `*out`. Returns `BX_OK`;
/// `BX_NULL_POINTER` for a NULL `bytes` or `out`; `BX_BAD_LENGTH` for any
/// other length; `BX_BAD_STATE` for a `left` outside 0..=624. On failure
/// `*out` is set to NULL.
///
/// # Safety
///
/// `bytes` is NULL or valid for reading `len` bytes; `out` is NULL or valid
/// for writing a pointer.
#[no_mangle]
pub unsafe extern "C" fn bx_sots_load_state(
    bytes: *const u8,
    len: usize,
    out: *mut *mut bx_sots_rng,
) -> bx_status {
    // SAFETY: `bytes` is NULL or readable for `len` bytes; `out` is NULL or
    // writable (contract).
    unsafe { load_one(bytes, len, out) }
}

/// Identify a saved RNG item: the seed, the twists after seeding, `left`
/// and the words drawn since seeding, in `*out`, walking back at most
/// `BX_SOTS_DEFAULT_MAX_TWISTS` twists (no search over seeds; about 0.1 s at
/// worst). The answer is replayed (all 624 words and `left`) before it is
/// given. Returns `BX_OK`; `BX_NULL_POINTER`, `BX_BAD_LENGTH`,
/// `BX_BAD_STATE` as `bx_sots_load_state` and for the zero state (19937
/// state bits all zero: no seed reaches it); `BX_NOT_FOUND` when no seed
/// reaches the block within the bound (`*out` untouched).
///
/// # Safety
///
/// `bytes` is NULL or valid for reading `len` bytes; `out` is NULL or valid
/// for writing a `bx_sots_identity`.
#[no_mangle]
pub unsafe extern "C" fn bx_sots_identify(
    bytes: *const u8,
    len: usize,
    out: *mut bx_sots_identity,
) -> bx_status {
    // SAFETY: the contract is `bx_sots_identify_bounded`'s.
    unsafe { bx_sots_identify_bounded(bytes, len, BX_SOTS_DEFAULT_MAX_TWISTS, out) }
}

/// `bx_sots_identify` walking back at most `max_twists` twists (each about a
/// microsecond); `BX_BOUND_TOO_LARGE` past `BX_SOTS_MAX_TWISTS`.
///
/// # Safety
///
/// As `bx_sots_identify`.
#[no_mangle]
pub unsafe extern "C" fn bx_sots_identify_bounded(
    bytes: *const u8,
    len: usize,
    max_twists: u64,
    out: *mut bx_sots_identity,
) -> bx_status {
    // SAFETY: `bytes` is NULL or readable for `len` bytes; `out` is NULL or
    // writable for a `bx_sots_identity` (contract); no search options.
    unsafe { identify_walk_as::<bx_sots_rng, _>(bytes, len, max_twists, out, sots_identity) }
}

/// The identity of a replayed identification of `state`.
fn sots_identity(state: &Rng, id: Identification) -> bx_sots_identity {
    let left = state.left();
    bx_sots_identity {
        seed: id.seed as u32,
        twists: sots::twists_of(id.words_drawn, left),
        left,
        words_drawn: id.words_drawn,
    }
}

/// `Mars_Vec3_Normalize` under `precision`: returns the direction and, when
/// `length` is not NULL, writes the length there. A vector whose length is
/// not above 2^-23 (zero, tiny or NaN) gives the direction (0, 0, 0) and the
/// length the original's caller stores, the x87 indefinite (float bits
/// 0xFFC00000). A precision that is neither `BX_PC53` nor `BX_PC24` gives a
/// quiet-NaN direction and length. Pure: no state, thread-safe.
///
/// # Safety
///
/// `length` is NULL or valid for writing a float.
#[no_mangle]
pub unsafe extern "C" fn bx_sots_normalize(
    v: bx_vec3,
    precision: bx_precision,
    length: *mut f32,
) -> bx_vec3 {
    let (dir, len) = match crate::precision(precision) {
        Some(p) => crate::guard((NAN3, f32::NAN), || {
            let (d, l) = Vec3::from(v).normalize(p);
            (bx_vec3::from(d), l)
        }),
        None => (NAN3, f32::NAN),
    };
    if let Ok(dst) = out_ptr(length) {
        // SAFETY: `dst` is checked non-NULL and aligned; writable (contract).
        unsafe { put(dst, len) };
    }
    dir
}

const NAN3: bx_vec3 = bx_vec3 {
    x: f32::NAN,
    y: f32::NAN,
    z: f32::NAN,
};

/// `Mars_Vec3_Length` under `precision`: float(sqrt(float((x*x + y*y) + z*z))).
/// A quiet NaN for a precision that is neither constant. Pure, thread-safe.
#[no_mangle]
pub extern "C" fn bx_sots_length(v: bx_vec3, precision: bx_precision) -> f32 {
    match crate::precision(precision) {
        Some(p) => crate::guard(f32::NAN, || Vec3::from(v).length(p)),
        None => f32::NAN,
    }
}

/// The MoveFleet straight leg under `precision`: delta = dest - pos (each
/// stored to float), (dir, dist) = normalize(delta); when `move_distance == dist`
/// (exact; NaN is unequal) the result is `dest` verbatim, else
/// pos + float(dir * move_distance) per component. A quiet-NaN vector for a
/// precision that is neither constant. Pure, thread-safe.
#[no_mangle]
pub extern "C" fn bx_sots_leg(
    pos: bx_vec3,
    dest: bx_vec3,
    move_distance: f32,
    precision: bx_precision,
) -> bx_vec3 {
    match crate::precision(precision) {
        Some(p) => crate::guard(NAN3, || {
            movefleet::leg(pos.into(), dest.into(), move_distance, p).into()
        }),
        None => NAN3,
    }
}
