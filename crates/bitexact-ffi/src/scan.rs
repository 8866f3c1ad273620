//! `bitexact::scan` for C: the report as the JSON document the CLI prints
//! (SPEC 10), in a string the caller frees with `bx_string_free`.

use core::ffi::c_char;
use std::ffi::CString;

use bitexact::scan::{scan, Options, Origin, ScanError};

use crate::{bx_status, bytes_in, status, TextOut, BX_BAD_IMAGE, BX_NO_SUCH_FUNCTION};

/// Scans the PE / ELF x86 image in `image[0..len]` for generator sites and
/// writes the report (SPEC 10's JSON: `image`, `sites`, `functions`,
/// `data`, `stats`, `sweep_sites`; `mt19937`: `"confirmed"` by a complete
/// twist or tempering, `"unconfirmed"` when only seedings or partial sites
/// are, else `null`; `finding`: `"sites"`, `"shared_constants_only"` when
/// every site is an incomplete match of constants other algorithms use too
/// (each such site `"shared_constant": true`: no generator found), or
/// `"none"`; the fields that can be `null` are `image.entry`, a site's
/// `function`, a function's `name` and `reachable`, and `mt19937`, as
/// `bitexact scan --json` documents) to `*json_out` as a NUL-terminated
/// UTF-8 string the caller frees with `bx_string_free`. `from` is NULL, or a
/// NUL-terminated function name or `0x…` address: functions holding sites
/// then say whether they are reachable from it by direct calls.
///
/// Returns `BX_OK` whether or not sites were found (the JSON's `sites` may
/// be empty, and `finding` says whether a generator was found); `BX_BAD_IMAGE` for anything but a readable PE / ELF x86 image;
/// `BX_NO_SUCH_FUNCTION` when `from` names nothing; `BX_BAD_ARGUMENT` when
/// `from` is not UTF-8; `BX_NULL_POINTER` when `image` or `json_out` is
/// NULL. On any error `*json_out` is left unchanged. Thread-safe; the image
/// is only read.
///
/// # Safety
///
/// `image` is valid for reads of `len` bytes; `from` is NULL or a
/// NUL-terminated string; `json_out` is valid for a write of one pointer.
#[no_mangle]
pub unsafe extern "C" fn bx_scan_json(
    image: *const u8,
    len: usize,
    from: *const c_char,
    json_out: *mut *mut c_char,
) -> bx_status {
    // SAFETY: the same contract, passed on.
    unsafe { bx_scan_json_with(image, len, from, false, json_out) }
}

/// `bx_scan_json` with `sweep`: when true, the code only the linear sweep
/// decodes is walked too and its sites are listed apart, in the JSON's
/// `sweep_sites` (each `"sweep_only": true`, never among `sites`), as the
/// CLI's `scan --sweep` does. Returns and errors as `bx_scan_json`.
///
/// # Safety
///
/// As `bx_scan_json`.
#[no_mangle]
pub unsafe extern "C" fn bx_scan_json_with(
    image: *const u8,
    len: usize,
    from: *const c_char,
    sweep: bool,
    json_out: *mut *mut c_char,
) -> bx_status {
    // SAFETY: the same contract, passed on.
    unsafe { scan_to(image, len, from, sweep, json_out, false) }
}

/// `bx_scan_json_with`, but `*html_out` receives the report as one
/// self-contained HTML page (SPEC 14: the functions holding sites with
/// their signatures, completeness and reachability, sortable; each site's
/// instruction addresses; no network; the JSON `bx_scan_json_with` writes
/// embedded as `<script type="application/json" id="report">`), a
/// NUL-terminated UTF-8 string the caller frees with `bx_string_free`.
/// Returns and errors as `bx_scan_json`.
///
/// # Safety
///
/// As `bx_scan_json`, with `html_out` for `json_out`.
#[no_mangle]
pub unsafe extern "C" fn bx_scan_html(
    image: *const u8,
    len: usize,
    from: *const c_char,
    sweep: bool,
    html_out: *mut *mut c_char,
) -> bx_status {
    // SAFETY: the same contract, passed on.
    unsafe { scan_to(image, len, from, sweep, html_out, true) }
}

/// The body of the scan calls: the report as JSON, or a page when `html`.
///
/// # Safety
///
/// As `bx_scan_json`.
unsafe fn scan_to(
    image: *const u8,
    len: usize,
    from: *const c_char,
    sweep: bool,
    json_out: *mut *mut c_char,
    html: bool,
) -> bx_status {
    status(|| {
        // SAFETY: NULL, misaligned or writable for a pointer (contract).
        let out = unsafe { TextOut::new(json_out) }?;
        // SAFETY: the caller promises `len` readable bytes at `image`.
        let bytes = unsafe { bytes_in(image, len) }?;
        // SAFETY: NULL or a NUL-terminated string (contract).
        let from = unsafe { crate::text(from) }?.map(Origin::parse);
        let report = scan(bytes, &Options { from, sweep }).map_err(|e| match e {
            ScanError::NoSuchFunction(_) => BX_NO_SUCH_FUNCTION,
            _ => BX_BAD_IMAGE,
        })?;
        // The JSON escapes control characters, so it holds no NUL.
        let text = if html {
            let source = bitexact::report::html::Source {
                command: "scan",
                files: &[],
            };
            bitexact::report::html::scan(&report, &source)
        } else {
            report.to_json()
        };
        out.write(CString::new(text).map_err(|_| BX_BAD_IMAGE)?);
        Ok(())
    })
}

/// Frees a string returned by `bx_scan_json` or `bx_sync_json`; NULL does nothing.
///
/// # Safety
///
/// `s` is NULL or a string from `bx_scan_json` or `bx_sync_json` not freed before.
#[no_mangle]
pub unsafe extern "C" fn bx_string_free(s: *mut c_char) {
    if !s.is_null() {
        // SAFETY: by the contract, `s` came from `CString::into_raw` and is
        // freed once.
        drop(unsafe { CString::from_raw(s) });
    }
}
