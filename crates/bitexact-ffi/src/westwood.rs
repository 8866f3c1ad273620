//! Westwood's `Random2Class` (Tiberian Sun, Red Alert 2, Yuri's Revenge)
//! with its byte layouts and its identification by seed search; the other
//! WWLib classes are in `wwlib.rs`.

use bitexact::westwood::{self, engines::Random2Class, pick_random_number, Random2, Raw};

use crate::handle::{
    bx_identity, draw_into, identify, identity, load_state, save_state, with_mut, with_ref, Gen,
    Handle, Layout,
};
use crate::search::bx_search;
use crate::{bx_status, BX_BAD_STATE, BX_RANGE_TOO_WIDE};

/// `Random2Class`: the 250-word table seeded by Random3Class, its two
/// cursors (0 and 103 apart) and RA2's disabled flag. Opaque; made by
/// `bx_westwood_new` or `bx_westwood_load_state`, freed by
/// `bx_westwood_free`. Not thread-safe: one thread at a time per handle.
pub struct bx_westwood_rng {
    _private: [u8; 0],
}

impl Handle for bx_westwood_rng {
    type Engine = Random2Class;

    /// Cursors not 103 apart are a pair the games never write.
    fn loadable(gen: &Gen<Self>) -> Result<(), bx_status> {
        gen.irregular().map_or(Ok(()), |_| Err(BX_BAD_STATE))
    }
}

/// A Random2Class byte layout: `BX_WESTWOOD_TS` or `BX_WESTWOOD_RA2`.
pub type bx_westwood_layout = u32;
/// Tiberian Sun: index1, index2, table[250] (1008 bytes, no flag).
pub const BX_WESTWOOD_TS: bx_westwood_layout = 0;
/// Red Alert 2 / Yuri's Revenge: flag byte + 3 padding, index1, index2,
/// table[250] (1012 bytes).
pub const BX_WESTWOOD_RA2: bx_westwood_layout = 1;
/// Bytes of the Tiberian Sun layout.
pub const BX_WESTWOOD_TS_LEN: usize = 1008;
/// Bytes of the Red Alert 2 / Yuri's Revenge layout.
pub const BX_WESTWOOD_RA2_LEN: usize = 1012;
/// A customary draw bound for `bx_westwood_identify`: 10^7 draws.
pub const BX_WESTWOOD_DEFAULT_MAX_DRAWS: u64 = 10_000_000;
/// The largest bound `bx_westwood_identify` takes: 10^9 draws (its walk
/// keeps 16 bytes per 250 draws: 64 MB).
pub const BX_WESTWOOD_MAX_DRAWS: u64 = 1_000_000_000;
/// The end of the seed range: 2^32 (seeds are 0..2^32).
pub const BX_WESTWOOD_SEED_SPACE: u64 = 4_294_967_296;

const _: () = assert!(BX_WESTWOOD_TS_LEN == westwood::TS_LEN);
const _: () = assert!(BX_WESTWOOD_RA2_LEN == westwood::RA2_LEN);
const _: () = assert!(BX_WESTWOOD_DEFAULT_MAX_DRAWS == westwood::DEFAULT_MAX_DRAWS);
const _: () = assert!(BX_WESTWOOD_MAX_DRAWS == westwood::engines::MAX_IDENTIFY_DRAWS);
const _: () = assert!(BX_WESTWOOD_SEED_SPACE == westwood::SEED_SPACE);

/// A layout constant as the library names it.
fn lay(l: bx_westwood_layout) -> Layout {
    match l {
        BX_WESTWOOD_TS => Layout::Named("ts"),
        BX_WESTWOOD_RA2 => Layout::Named("ra2"),
        _ => Layout::Unknown,
    }
}

/// The body of every WWLib class's `_ranged` call: WWLib's inclusive
/// ranged draw (`Pick_Random_Number`) on the handle's generator into
/// `*out`. Returns `BX_OK`; `BX_RANGE_TOO_WIDE` for a span past 2147483647
/// (nothing drawn); `BX_NULL_POINTER` for a NULL handle or `out` (nothing
/// drawn).
///
/// # Safety
///
/// As [`draw_into`]: `rng` is NULL, misaligned or a live handle not used by
/// another thread meanwhile; `out` is NULL, misaligned or valid for writing
/// an int32_t.
pub(crate) unsafe fn ranged<H: Handle>(rng: *mut H, min: i32, max: i32, out: *mut i32) -> bx_status
where
    Gen<H>: Raw,
{
    // SAFETY: the caller's contract is `draw_into`'s.
    unsafe {
        draw_into(rng, out, |r| {
            pick_random_number(r, min, max).map_err(|_| BX_RANGE_TOO_WIDE)
        })
    }
}

/// The inclusive ranged draw into `*out`: equal bounds give min with no
/// draw; reversed bounds are swapped; span = max - min; the mask covers the
/// span's highest set bit; redraw while the masked draw exceeds the span.
/// 1 draw + rejections; a span of exactly 2147483647 wraps (as on x86) to
/// min + INT32_MIN with no draw. Returns `BX_OK`; `BX_RANGE_TOO_WIDE` for a
/// span past 2147483647 (the original loops for ever; nothing drawn);
/// `BX_NULL_POINTER` for a NULL handle or `out` (nothing drawn).
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile;
/// `out` is NULL or valid for writing an int32_t.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_ranged(
    rng: *mut bx_westwood_rng,
    min: i32,
    max: i32,
    out: *mut i32,
) -> bx_status {
    // SAFETY: `rng` is NULL or a live, unshared handle; `out` is NULL or
    // writable for an int32_t (contract).
    unsafe { ranged(rng, min, max, out) }
}

/// ranged(1, 2147483647) / 2147483648.0: strictly inside (0, 1).
/// 1 draw + rejections. (0.0 for a NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_double(rng: *mut bx_westwood_rng) -> f64 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { with_mut(rng, 0.0, Random2::double) }
}

/// Whether RA2's disabled flag is set (false for a NULL handle).
///
/// # Safety
///
/// `rng` is NULL or a live handle that no thread writes meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_disabled(rng: *const bx_westwood_rng) -> bool {
    // SAFETY: `rng` is NULL or a live handle nobody writes (contract).
    unsafe { with_ref(rng, false, Random2::disabled) }
}

/// Set or clear RA2's disabled flag (a set flag makes raw draws return 0
/// and change nothing). A NULL handle does nothing.
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_set_disabled(rng: *mut bx_westwood_rng, disabled: bool) {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { with_mut(rng, (), |r| r.set_disabled(disabled)) }
}

/// Raw draws made through the handle (not part of the saved state; 0 for
/// a NULL handle).
///
/// # Safety
///
/// `rng` is NULL or a live handle that no thread writes meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_position(rng: *const bx_westwood_rng) -> u64 {
    // SAFETY: `rng` is NULL or a live handle nobody writes (contract).
    unsafe { with_ref(rng, 0, Random2::position) }
}

/// Write the generator in `layout` to `out` (capacity `cap` bytes) and the
/// bytes written to `*written` (when not NULL). Draws nothing. Returns
/// `BX_OK`; `BX_NULL_POINTER` for a NULL handle or `out`; `BX_BAD_ARGUMENT`
/// for an unknown layout; `BX_NOT_REPRESENTABLE` for a disabled generator
/// in the Tiberian Sun layout; `BX_BAD_LENGTH` when `cap` is below the
/// layout's length (`BX_WESTWOOD_TS_LEN`, `BX_WESTWOOD_RA2_LEN`). Nothing
/// is written on failure.
///
/// # Safety
///
/// `rng` is NULL or a live handle that no thread writes meanwhile; `out` is
/// NULL or valid for writing `cap` bytes; `written` is NULL or valid for
/// writing a size_t.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_save_state(
    rng: *const bx_westwood_rng,
    layout: bx_westwood_layout,
    out: *mut u8,
    cap: usize,
    written: *mut usize,
) -> bx_status {
    // SAFETY: `rng` is NULL or a live handle nobody writes; `out` is NULL or
    // writable for `cap` bytes; `written` is NULL or writable (contract).
    unsafe { save_state(rng, lay(layout), out, cap, written) }
}

/// A new generator from saved bytes in `layout`, in `*out` (position 0).
/// Returns `BX_OK`; `BX_NULL_POINTER` for a NULL `bytes` or `out`;
/// `BX_BAD_ARGUMENT` for an unknown layout; `BX_BAD_LENGTH` when `len` is
/// not the layout's length; `BX_BAD_STATE` for a cursor outside 0..250, a
/// flag byte other than 0 or 1, or cursors not 103 apart (a pair the games
/// never write). On failure `*out` is set to NULL.
///
/// # Safety
///
/// `bytes` is NULL or valid for reading `len` bytes; `out` is NULL or valid
/// for writing a pointer.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_load_state(
    bytes: *const u8,
    len: usize,
    layout: bx_westwood_layout,
    out: *mut *mut bx_westwood_rng,
) -> bx_status {
    // SAFETY: `bytes` is NULL or readable for `len` bytes; `out` is NULL or
    // writable (contract).
    unsafe { load_state(bytes, len, lay(layout), out) }
}

/// Identify saved bytes in `layout`: the first seed of the search's range
/// whose stream reaches the state within `max_draws` draws of seeding, and
/// the draws since, in `*out`; the answer is replayed (table, cursors and
/// flag) before it is given. The table is walked back to every possible
/// seeding point, then the seeds are searched by the library's scheduler on
/// `search->threads` workers (`search` NULL: every core, seeds 0..2^32, no
/// cancel flag; see `bx_search`), the same answer for any thread count. A
/// whole range takes a minute or so on a few cores.
///
/// Returns `BX_OK`; `BX_NULL_POINTER`, `BX_BAD_ARGUMENT`, `BX_BAD_LENGTH`
/// and `BX_BAD_STATE` (a cursor outside 0..250, a bad flag byte, cursors
/// not 103 apart) as `bx_westwood_load_state`; `BX_BOUND_TOO_LARGE` past
/// `BX_WESTWOOD_MAX_DRAWS`; `BX_BAD_SEED_RANGE`; `BX_NOT_FOUND` when no
/// seed of the whole range fits, or the disabled flag is set (no draw sets
/// it); `BX_INTERRUPTED` when the cancel flag stopped the search before a
/// seed was found. `*out` is untouched on failure.
///
/// # Safety
///
/// `bytes` is NULL or valid for reading `len` bytes; `search` is NULL or
/// valid for reading a `bx_search` (as it says); `out` is NULL or valid for
/// writing a `bx_identity`.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_identify(
    bytes: *const u8,
    len: usize,
    layout: bx_westwood_layout,
    max_draws: u64,
    search: *const bx_search,
    out: *mut bx_identity,
) -> bx_status {
    // SAFETY: `bytes` is NULL or readable for `len` bytes; `search` is NULL
    // or a valid `bx_search`; `out` is NULL or writable (contract).
    unsafe {
        identify::<bx_westwood_rng, _>(bytes, len, lay(layout), max_draws, search, out, identity)
    }
}
