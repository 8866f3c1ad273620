//! The C ABI of bitexact (SPEC 9): `libbitexact.a`, `libbitexact.so` and
//! `include/bitexact.h`, generated from this crate by a pinned cbindgen.
//!
//! Every computation is the `bitexact` library's; this crate only moves
//! values across the boundary. Its conventions:
//!
//! - every symbol starts with `bx_`; generators are opaque handles made by
//!   `bx_*_new` (NULL only if the library panicked) and freed by
//!   `bx_*_free` (`free(NULL)` does nothing);
//! - one naming rule for every engine `<e>` (`sots`, `laige`, `westwood` =
//!   Random2Class, `westwood_random`, `westwood_random3`,
//!   `westwood_random4`, `openra`, `generals`, `dotnet`): `bx_<e>_new`, `_free`,
//!   `_next_u32` (the raw word's 32 bits; laige `_next_u64`), `_fill_u32`
//!   (laige `_fill_u64`), `_discard`, and for engines with state files
//!   `_save_state`, `_load_state` and `_identify` (into one
//!   [`handle::bx_identity`]), then each engine's own calls named after its
//!   methods. Where SPEC 9 names a call, its name and signature win (the
//!   WWLib classes' raw word is `_raw`, sots' identity `bx_sots_identity`);
//! - the bodies are written once, generic over the handle type
//!   ([`handle::Handle`]); the calls every engine has (`_new`, `_free`, the
//!   raw word, `_fill_*`, `_discard`, and the state calls of an engine with
//!   one layout identified by a walk) and the `BX_ENGINE_*` numbers are
//!   generated from the library's engine list into [`surface`] (by
//!   `tests/surface.rs`, checked current like the header), so a new engine
//!   of the list has its C face with no line here; the per-engine files
//!   hold the calls only one engine has (sots' `normalize`, Generals'
//!   `value`), and the shared calls SPEC 9 shaped differently (sots'
//!   `bx_sots_identity`, the Random2Class layouts);
//! - a call that can fail returns a [`bx_status`] (`BX_OK` = 0) and writes
//!   its result through an out-pointer, which is left untouched on failure
//!   (a handle out-pointer is set to NULL);
//! - a call that returns a value and is given a NULL handle returns 0 (or
//!   0.0, false) and draws nothing; a call that writes a buffer checks the
//!   handle before it touches the buffer, so a NULL handle leaves it as it
//!   was;
//! - NULL and misaligned pointers are checked; the lengths of buffers cannot
//!   be, so a buffer shorter than its stated length is the caller's bug;
//! - no panic crosses the boundary: each body runs under `catch_unwind`, and
//!   a panic becomes `BX_PANIC` (or the call's zero value).
//!
//! `unsafe` lives in this crate only, and every block says why it is sound.
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(clippy::undocumented_unsafe_blocks, clippy::missing_safety_doc)]
#![warn(missing_docs, rust_2018_idioms)]
// The C names (`bx_sots_rng`, `bx_status`) are the ABI.
#![allow(non_camel_case_types)]

use core::ffi::c_char;
use core::ptr::{self, NonNull};
use std::panic::{catch_unwind, AssertUnwindSafe};

use bitexact::x87::Precision;

pub mod handle;
pub mod search;
pub mod surface;

pub mod dotnet;
pub mod find;
pub mod generals;
pub mod laige;
pub mod openra;
pub mod scan;
pub mod sots;
pub mod sync;
pub mod westwood;
pub mod wwlib;

/// The result of a fallible call: `BX_OK` (0) or one of the `BX_*` error
/// codes below. `bx_status_message` names each one.
pub type bx_status = i32;

/// Success.
pub const BX_OK: bx_status = 0;
/// A required pointer argument was NULL (or misaligned for its type).
pub const BX_NULL_POINTER: bx_status = 1;
/// A byte blob or buffer does not have the length its format needs.
pub const BX_BAD_LENGTH: bx_status = 2;
/// Bytes of the right length whose fields are out of range (a `left`,
/// cursor, `mti` or flag no generator has, or laige's all-zero state); from
/// an identification, also a state no seeding leads to whatever the bound
/// (Random2Class cursors not 103 apart, MT19937's zero state), or one the
/// walk back cannot decide (more ambiguous steps than a reachable state has:
/// an edited state).
pub const BX_BAD_STATE: bx_status = 3;
/// An empty range: laige `min >= max`, OpenRA `high < low`.
pub const BX_EMPTY_RANGE: bx_status = 4;
/// A Westwood ranged draw whose span exceeds 2147483647 (the original
/// loops for ever).
pub const BX_RANGE_TOO_WIDE: bx_status = 5;
/// Not found, after a whole search: no seed of the range (or within the
/// walk's bound) gives the state or the values. Said only when everything
/// was searched (SPEC 8); a cancelled search is `BX_INTERRUPTED`.
pub const BX_NOT_FOUND: bx_status = 6;
/// An argument out of its domain: an enumeration constant
/// (`bx_precision`, `bx_westwood_layout`, `bx_engine`) that is none of its
/// values, more than 256 threads, or a string that is not UTF-8.
pub const BX_BAD_ARGUMENT: bx_status = 7;
/// The state cannot be written in the requested format (a disabled
/// Random2Class in the Tiberian Sun layout, which has no flag).
pub const BX_NOT_REPRESENTABLE: bx_status = 8;
/// The library panicked (a bug); the handle involved should be freed.
pub const BX_PANIC: bx_status = 9;
/// `bx_scan_json`: not a PE / ELF x86 image, or a truncated / damaged one.
pub const BX_BAD_IMAGE: bx_status = 10;
/// `bx_scan_json`: the reachability origin names no function of the image.
pub const BX_NO_SUCH_FUNCTION: bx_status = 11;
/// `bx_recover`: the tap is not one of the engine's, its arguments are
/// wrong, or its values cannot be searched for.
pub const BX_BAD_TAP: bx_status = 12;
/// `bx_recover`: a value is not a number of the tap's kind (or there is
/// none).
pub const BX_BAD_VALUE: bx_status = 13;
/// A seed range that is empty or goes past the engine's last seed (or a
/// 64-bit-seed search without an end).
pub const BX_BAD_SEED_RANGE: bx_status = 14;
/// A work bound past its ceiling (an identification's bound, a discard, a
/// recovery's `max_offset`): refused rather than left to run for hours.
pub const BX_BOUND_TOO_LARGE: bx_status = 15;
/// A search stopped by its cancel flag before the end of its range: what
/// was found below its stop point is reported, and nothing is "not found".
pub const BX_INTERRUPTED: bx_status = 16;
/// `bx_sync_json`: a log that cannot be read as its format (a malformed
/// line, no section of the format, a missing seed): `*json_out` holds
/// `{"error": message, "line": N, "log": "a" | "b" | null}`.
pub const BX_BAD_LOG: bx_status = 17;
/// The largest status (every status is `BX_OK..=BX_LAST_STATUS`).
pub const BX_LAST_STATUS: bx_status = BX_BAD_LOG;

/// An x87 precision-control model: `BX_PC53` (MSVC's default, the default
/// everywhere) or `BX_PC24` (a Direct3D 9 process).
pub type bx_precision = u32;
/// 53-bit significands (control word 0x027F).
pub const BX_PC53: bx_precision = 0;
/// 24-bit significands (control word 0x007F).
pub const BX_PC24: bx_precision = 1;

pub(crate) fn precision(p: bx_precision) -> Option<Precision> {
    match p {
        BX_PC53 => Some(Precision::Pc53),
        BX_PC24 => Some(Precision::Pc24),
        _ => None,
    }
}

pub(crate) fn precision_code(p: Precision) -> bx_precision {
    match p {
        Precision::Pc53 => BX_PC53,
        Precision::Pc24 => BX_PC24,
    }
}

/// A static, NUL-terminated English description of `status` ("unknown
/// status" for a value that is none of the `BX_*` codes). Never NULL; the
/// string lives for the whole program and must not be freed. Thread-safe.
#[no_mangle]
pub extern "C" fn bx_status_message(status: bx_status) -> *const c_char {
    let msg: &'static core::ffi::CStr = match status {
        BX_OK => c"success",
        BX_NULL_POINTER => c"a required pointer argument was NULL or misaligned",
        BX_BAD_LENGTH => c"a byte blob or buffer has the wrong length for its format",
        BX_BAD_STATE => {
            c"the state's fields are out of range (left, cursor, mti, flag or an all-zero state), or no seeding leads to it, or the walk back cannot decide (an edited state)"
        }
        BX_EMPTY_RANGE => c"empty range (laige: min >= max; OpenRA: high < low)",
        BX_RANGE_TOO_WIDE => {
            c"the ranged draw's span exceeds 2147483647, where the original loops for ever"
        }
        BX_NOT_FOUND => {
            c"not found: no seed of the range (within the bound) gives this state or these values"
        }
        BX_BAD_ARGUMENT => {
            c"an argument is out of its domain (an enumeration constant, a thread count over 256, or a string that is not UTF-8), or the engine's states cannot be identified"
        }
        BX_NOT_REPRESENTABLE => c"the state cannot be written in the requested layout",
        BX_PANIC => c"internal error: the library panicked (a bug; please report it)",
        BX_BAD_IMAGE => {
            c"not a PE / ELF x86 image, or a truncated or damaged one"
        }
        BX_NO_SUCH_FUNCTION => c"the origin names no function of the image",
        BX_BAD_TAP => {
            c"not one of the engine's taps, wrong tap arguments, or a tap whose values cannot be searched for"
        }
        BX_BAD_VALUE => c"a value is not a number of the tap's kind (or no value was given)",
        BX_BAD_SEED_RANGE => {
            c"the seed range is empty or goes past the engine's last seed (64-bit seeds need an end)"
        }
        BX_BOUND_TOO_LARGE => c"a work bound is past its ceiling",
        BX_INTERRUPTED => {
            c"interrupted by the cancel flag: only the seeds below the stop point were searched"
        }
        BX_BAD_LOG => c"the log cannot be read as its format (see the error in the JSON)",
        _ => c"unknown status",
    };
    msg.as_ptr()
}

/// The library's version, e.g. "0.1.0": static, NUL-terminated, never NULL.
#[no_mangle]
pub extern "C" fn bx_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// `f()`, or `on_panic` when it panics: no unwind leaves an `extern "C"`
/// function. Handles are passed in by `&mut`, so a panic may leave one half
/// updated (`AssertUnwindSafe`); the documented advice after `BX_PANIC` is to
/// free it.
pub(crate) fn guard<R>(on_panic: R, f: impl FnOnce() -> R) -> R {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or(on_panic)
}

/// A fallible body as a status: `Ok` is `BX_OK`, a panic `BX_PANIC`.
pub(crate) fn status(f: impl FnOnce() -> Result<(), bx_status>) -> bx_status {
    outcome(|| f().map(|()| BX_OK))
}

/// A body that ends in a status of its own choosing (`Ok`) or an error
/// (`Err`) as a status; a panic is `BX_PANIC`.
pub(crate) fn outcome(f: impl FnOnce() -> Result<bx_status, bx_status>) -> bx_status {
    guard(BX_PANIC, || f().unwrap_or_else(|s| s))
}

/// A NUL-terminated UTF-8 argument, or `None` for NULL (the caller decides
/// whether NULL is allowed); `BX_BAD_ARGUMENT` when not UTF-8.
///
/// # Safety
///
/// `p` is NULL or a NUL-terminated string that lives for `'a`.
pub(crate) unsafe fn text<'a>(p: *const core::ffi::c_char) -> Result<Option<&'a str>, bx_status> {
    if p.is_null() {
        return Ok(None);
    }
    // SAFETY: non-NULL and NUL-terminated for `'a` (contract).
    let s = unsafe { core::ffi::CStr::from_ptr(p) };
    s.to_str().map(Some).map_err(|_| BX_BAD_ARGUMENT)
}

/// An out-pointer checked for NULL and alignment (`BX_NULL_POINTER`).
/// Writing through it is [`put`]; checking first lets a call refuse before it
/// draws anything.
pub(crate) fn out_ptr<T>(p: *mut T) -> Result<NonNull<T>, bx_status> {
    match NonNull::new(p) {
        Some(nn) if p.is_aligned() => Ok(nn),
        _ => Err(BX_NULL_POINTER),
    }
}

/// Where a call hands back a string the caller frees with
/// `bx_string_free` (`json_out`, `html_out`): its out-pointer, checked for
/// NULL and alignment before the call does anything else.
pub(crate) struct TextOut(NonNull<*mut c_char>);

impl TextOut {
    /// `p` checked: `BX_NULL_POINTER` for NULL or misaligned (then nothing
    /// is ever written through it).
    ///
    /// # Safety
    ///
    /// `p` is NULL, misaligned, or valid for a write of one pointer for as
    /// long as the `TextOut` lives.
    pub(crate) unsafe fn new(p: *mut *mut c_char) -> Result<TextOut, bx_status> {
        out_ptr(p).map(TextOut)
    }

    /// Hand `s` to the caller (the old pointer is not read or freed).
    pub(crate) fn write(&self, s: std::ffi::CString) {
        // SAFETY: checked non-NULL and aligned in `new`, and writable for as
        // long as `self` lives (`new`'s contract).
        unsafe { put(self.0, s.into_raw()) }
    }
}

/// Write `value` through a checked out-pointer (the old contents, possibly
/// uninitialised, are not read or dropped).
///
/// # Safety
///
/// `p` (non-NULL and aligned, from [`out_ptr`]) is valid for a write of a
/// `T` and not aliased by any reference the library holds.
pub(crate) unsafe fn put<T>(p: NonNull<T>, value: T) {
    // SAFETY: non-NULL and aligned by construction; valid for writes by the
    // contract; `write` neither reads nor drops the old value.
    unsafe { p.as_ptr().write(value) }
}

/// The `len` bytes at `p`: `BX_NULL_POINTER` for NULL (whatever `len`).
///
/// # Safety
///
/// `p` is NULL or valid for reads of `len` bytes that nothing writes for
/// `'a`.
pub(crate) unsafe fn bytes_in<'a>(p: *const u8, len: usize) -> Result<&'a [u8], bx_status> {
    if p.is_null() {
        return Err(BX_NULL_POINTER);
    }
    if len > isize::MAX as usize {
        return Err(BX_BAD_LENGTH);
    }
    // SAFETY: non-NULL, `u8` needs no alignment, `len` is within
    // `isize::MAX`, and the caller promises `len` readable, unwritten bytes.
    Ok(unsafe { core::slice::from_raw_parts(p, len) })
}

/// The `n` elements at `p` as a mutable slice; `n == 0` gives an empty slice
/// whatever `p`; `None` for NULL, misaligned or an `n` too large to be a
/// buffer.
///
/// # Safety
///
/// When `n > 0`, `p` is NULL, misaligned, or valid for reads and writes of
/// `n` elements of `T` (all bit patterns of `T` valid, so uninitialised
/// integers and floats are fine as they are only written) that nothing else
/// touches for `'a`.
pub(crate) unsafe fn slice_out<'a, T: Copy>(p: *mut T, n: usize) -> Option<&'a mut [T]> {
    if n == 0 {
        return Some(&mut []);
    }
    if p.is_null() || !p.is_aligned() || n > isize::MAX as usize / core::mem::size_of::<T>().max(1)
    {
        return None;
    }
    // The library's fill routines only write their output; a C caller's
    // buffer may be uninitialised, so zero it through the raw pointer first
    // and build the slice over initialised memory.
    // SAFETY: `p` is non-NULL, aligned, and valid for writes of `n` `T`s by
    // the contract; `T` here is an integer or float, for which all-zero bytes
    // are a valid value.
    unsafe { ptr::write_bytes(p, 0, n) };
    // SAFETY: the `n` elements are now initialised, `p` is aligned and
    // non-NULL, the size is within `isize::MAX`, and no one else touches the
    // memory for `'a` (contract).
    Some(unsafe { core::slice::from_raw_parts_mut(p, n) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ffi::CStr;

    #[test]
    fn a_panic_becomes_a_status() {
        // Silence the default hook's message for this deliberate panic.
        let hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let st = status(|| panic!("deliberate"));
        let v = guard(7u32, || panic!("deliberate"));
        std::panic::set_hook(hook);
        assert_eq!(st, BX_PANIC);
        assert_eq!(v, 7);
    }

    #[test]
    fn every_status_has_its_own_message() {
        let mut seen = std::collections::BTreeSet::new();
        for s in BX_OK..=BX_LAST_STATUS {
            // SAFETY: bx_status_message returns a static NUL-terminated string.
            let m = unsafe { CStr::from_ptr(bx_status_message(s)) };
            assert!(seen.insert(m.to_str().unwrap().to_owned()), "status {s}");
        }
        // SAFETY: as above.
        let unknown = unsafe { CStr::from_ptr(bx_status_message(-1)) };
        assert_eq!(unknown.to_str().unwrap(), "unknown status");
        // SAFETY: as above.
        let v = unsafe { CStr::from_ptr(bx_version()) };
        assert_eq!(v.to_str().unwrap(), env!("CARGO_PKG_VERSION"));
    }

    #[test]
    fn pointer_checks() {
        assert_eq!(out_ptr::<u32>(ptr::null_mut()), Err(BX_NULL_POINTER));
        let mut words = [0u32; 2];
        let misaligned = (words.as_mut_ptr() as *mut u8).wrapping_add(1) as *mut u32;
        assert_eq!(out_ptr(misaligned), Err(BX_NULL_POINTER));
        // SAFETY: NULL with len 0 is refused before any read.
        assert_eq!(unsafe { bytes_in(ptr::null(), 0) }, Err(BX_NULL_POINTER));
        // SAFETY: n == 0 never touches the pointer.
        let empty = unsafe { slice_out::<u32>(ptr::null_mut(), 0) };
        assert_eq!(empty.map(|s| s.len()), Some(0));
        // SAFETY: NULL with n > 0 is refused before any access.
        assert!(unsafe { slice_out::<u32>(ptr::null_mut(), 3) }.is_none());
        // SAFETY: misaligned with n > 0 is refused before any access.
        assert!(unsafe { slice_out(misaligned, 1) }.is_none());
    }
}
