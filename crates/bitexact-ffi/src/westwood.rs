//! Westwood's `Random2Class` (Tiberian Sun, Red Alert 2, Yuri's Revenge)
//! with its byte layouts and seed search; the other WWLib classes are in
//! `wwlib.rs`.

use bitexact::westwood::{self, Layout, Random2};

use crate::{
    bx_status, bytes_in, free_handle, handle_mut, handle_ref, new_handle, new_handle_into, out_ptr,
    put, slice_out, status, with_mut, with_ref, BX_BAD_ARGUMENT, BX_BAD_LENGTH, BX_BAD_STATE,
    BX_NOT_FOUND, BX_NOT_REPRESENTABLE, BX_NULL_POINTER, BX_RANGE_TOO_WIDE,
};

/// `Random2Class`: the 250-word table seeded by Random3Class, its two
/// cursors (0 and 103 apart) and RA2's disabled flag. Opaque; made by
/// `bx_westwood_new` or `bx_westwood_load`, freed by `bx_westwood_free`. Not
/// thread-safe: one thread at a time per handle.
pub struct bx_westwood_rng(Random2);

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
/// The end of the seed range: 2^32 (seeds are 0..2^32).
pub const BX_WESTWOOD_SEED_SPACE: u64 = 4_294_967_296;

const _: () = assert!(BX_WESTWOOD_TS_LEN == westwood::TS_LEN);
const _: () = assert!(BX_WESTWOOD_RA2_LEN == westwood::RA2_LEN);
const _: () = assert!(BX_WESTWOOD_DEFAULT_MAX_DRAWS == westwood::DEFAULT_MAX_DRAWS);
const _: () = assert!(BX_WESTWOOD_SEED_SPACE == westwood::SEED_SPACE);

/// Where a Random2Class state sits in its seed's stream.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct bx_westwood_identity {
    /// The seed given to `Random2Class(seed)`.
    pub seed: u32,
    /// Raw draws since seeding (250 * k + index1).
    pub draws: u64,
}

fn layout(l: bx_westwood_layout) -> Result<Layout, bx_status> {
    match l {
        BX_WESTWOOD_TS => Ok(Layout::Ts),
        BX_WESTWOOD_RA2 => Ok(Layout::Ra2),
        _ => Err(BX_BAD_ARGUMENT),
    }
}

pub(crate) fn ranged_status(_: westwood::RangeError) -> bx_status {
    BX_RANGE_TOO_WIDE
}

/// A ranged draw of any WWLib generator into `*out`, refusing a NULL handle
/// or `out` before anything is drawn.
///
/// # Safety
///
/// `rng` is NULL, misaligned or a live, unshared handle; `out` is NULL,
/// misaligned or valid for writing an int32_t.
pub(crate) unsafe fn ranged_into<T>(
    rng: *mut T,
    out: *mut i32,
    draw: impl FnOnce(&mut T) -> Result<i32, westwood::RangeError>,
) -> bx_status {
    status(|| {
        let dst = out_ptr(out)?;
        // SAFETY: `rng` is NULL, misaligned or a live, unshared handle (contract).
        let r = unsafe { handle_mut(rng) }.ok_or(BX_NULL_POINTER)?;
        let v = draw(r).map_err(ranged_status)?;
        // SAFETY: `dst` is checked; writable for an int32_t (contract).
        unsafe { put(dst, v) };
        Ok(())
    })
}

// ---------------------------------------------------------------- Random2

/// A new `Random2Class(seed)`: the table filled by Random3Class(seed, 0),
/// cursors 0 and 103, flag clear. Not NULL (barring an internal error, a bug). Free it with
/// `bx_westwood_free`.
#[no_mangle]
pub extern "C" fn bx_westwood_new(seed: u32) -> *mut bx_westwood_rng {
    new_handle(|| bx_westwood_rng(Random2::new(seed)))
}

/// Free a generator. NULL does nothing. The handle must not be used after.
///
/// # Safety
///
/// `rng` is NULL or a live handle from this library, not used by another
/// thread, and not freed before.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_free(rng: *mut bx_westwood_rng) {
    // SAFETY: the contract is `free_handle`'s.
    unsafe { free_handle(rng) }
}

/// One raw draw, read as the games read it (signed). 1 draw; with the
/// disabled flag set it returns 0 and changes nothing but the position.
/// (0 for a NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_raw(rng: *mut bx_westwood_rng) -> i32 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { with_mut(rng, 0, |r| r.0.raw()) }
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
    // SAFETY: the contract is `ranged_into`'s.
    unsafe { ranged_into(rng, out, |r| r.0.ranged(min, max)) }
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
    unsafe { with_mut(rng, 0.0, |r| r.0.double()) }
}

/// Write the next `n` raw draws to `out[0..n]`: the same values and final
/// state as `n` calls of `bx_westwood_raw`. n draws. A NULL handle, or a
/// NULL or misaligned `out` with n > 0, does nothing.
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile;
/// `out` is NULL or valid for writing `n` int32_t.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_fill(rng: *mut bx_westwood_rng, out: *mut i32, n: usize) {
    // SAFETY: `out` is NULL or writable for `n` values (contract).
    let Some(buf) = (unsafe { slice_out(out, n) }) else {
        return;
    };
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { with_mut(rng, (), |r| r.0.fill(buf)) }
}

/// Spend `draws` raw draws as that many `bx_westwood_raw` calls would. A
/// NULL handle does nothing.
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_discard(rng: *mut bx_westwood_rng, draws: u64) {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { with_mut(rng, (), |r| r.0.discard(draws)) }
}

/// Whether RA2's disabled flag is set (false for a NULL handle).
///
/// # Safety
///
/// `rng` is NULL or a live handle that no thread writes meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_disabled(rng: *const bx_westwood_rng) -> bool {
    // SAFETY: `rng` is NULL or a live handle nobody writes (contract).
    unsafe { with_ref(rng, false, |r| r.0.disabled()) }
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
    unsafe { with_mut(rng, (), |r| r.0.set_disabled(disabled)) }
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
    unsafe { with_ref(rng, 0, |r| r.0.position()) }
}

/// Write the generator in `layout` to `out` (capacity `cap` bytes) and the
/// bytes written to `*written` (when not NULL). Draws nothing. Returns
/// `BX_OK`; `BX_BAD_ARGUMENT` for an unknown layout; `BX_BAD_LENGTH` when
/// `cap` is below the layout's length (`BX_WESTWOOD_TS_LEN`,
/// `BX_WESTWOOD_RA2_LEN`); `BX_NOT_REPRESENTABLE` for a disabled generator
/// in the Tiberian Sun layout; `BX_NULL_POINTER` for a NULL handle or `out`.
///
/// # Safety
///
/// `rng` is NULL or a live handle that no thread writes meanwhile; `out` is
/// NULL or valid for writing `cap` bytes; `written` is NULL or valid for
/// writing a size_t.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_save(
    rng: *const bx_westwood_rng,
    layout: bx_westwood_layout,
    out: *mut u8,
    cap: usize,
    written: *mut usize,
) -> bx_status {
    status(|| {
        // SAFETY: `rng` is NULL or a live handle nobody writes (contract).
        let r = unsafe { handle_ref(rng) }.ok_or(BX_NULL_POINTER)?;
        if out.is_null() {
            return Err(BX_NULL_POINTER);
        }
        let l = self::layout(layout)?;
        if cap < l.byte_len() {
            return Err(BX_BAD_LENGTH);
        }
        let encoded = l.encode(&r.0).map_err(|_| BX_NOT_REPRESENTABLE)?;
        // SAFETY: `out` is non-NULL and writable for `cap` >= the layout's
        // length bytes (contract).
        let buf = unsafe { slice_out(out, encoded.len()) }.ok_or(BX_NULL_POINTER)?;
        buf.copy_from_slice(&encoded);
        if let Ok(w) = out_ptr(written) {
            // SAFETY: `w` is checked; writable for a size_t (contract).
            unsafe { put(w, encoded.len()) };
        }
        Ok(())
    })
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
pub unsafe extern "C" fn bx_westwood_load(
    bytes: *const u8,
    len: usize,
    layout: bx_westwood_layout,
    out: *mut *mut bx_westwood_rng,
) -> bx_status {
    // SAFETY: `bytes` is NULL or readable for `len` bytes (contract).
    let input = unsafe { bytes_in(bytes, len) };
    // SAFETY: `out` is NULL or writable (contract).
    unsafe {
        new_handle_into(out, || {
            let input = input?;
            let l = self::layout(layout)?;
            let decoded = l.decode(input).map_err(decode_status)?;
            decoded.strict().map(bx_westwood_rng).map_err(decode_status)
        })
    }
}

fn decode_status(e: westwood::DecodeError) -> bx_status {
    match e {
        westwood::DecodeError::WrongLength { .. } => BX_BAD_LENGTH,
        _ => BX_BAD_STATE,
    }
}

/// Find the seed of a Random2Class state: the first seed in
/// [first_seed, end_seed) (end clamped to 2^32) whose stream reaches the
/// state within `max_draws` draws, with the draws since seeding, in
/// `*out`; the answer is replayed before it is given. Single-threaded and
/// long: a full range takes minutes, so split [0, 2^32) over threads (each
/// with its own call; the handle is only read). Returns `BX_OK`;
/// `BX_NULL_POINTER`; `BX_BAD_STATE` for cursors not 103 apart;
/// `BX_NOT_FOUND` when no seed of the range fits (`*out` untouched).
///
/// # Safety
///
/// `rng` is NULL or a live handle that no thread writes meanwhile (other
/// threads may read it); `out` is NULL or valid for writing a
/// `bx_westwood_identity`.
#[no_mangle]
pub unsafe extern "C" fn bx_westwood_identify(
    rng: *const bx_westwood_rng,
    first_seed: u64,
    end_seed: u64,
    max_draws: u64,
    out: *mut bx_westwood_identity,
) -> bx_status {
    status(|| {
        let dst = out_ptr(out)?;
        // SAFETY: `rng` is NULL or a live handle nobody writes (contract).
        let r = unsafe { handle_ref(rng) }.ok_or(BX_NULL_POINTER)?;
        let id =
            westwood::identify(&r.0, first_seed..end_seed, max_draws).map_err(|e| match e {
                westwood::IdentifyError::IrregularCursors(_) => BX_BAD_STATE,
                westwood::IdentifyError::NotFound { .. } => BX_NOT_FOUND,
            })?;
        // SAFETY: `dst` is checked; writable (contract).
        unsafe {
            put(
                dst,
                bx_westwood_identity {
                    seed: id.seed,
                    draws: id.draws,
                },
            )
        };
        Ok(())
    })
}
