//! `bitexact::find` for C (SPEC 16, `state find`): every generator state
//! in a whole file or minidump, as the JSON document `bitexact state find
//! --json` prints, in a string the caller frees with `bx_string_free`.

use core::ffi::c_char;
use std::ffi::CString;

use bitexact::find::{self, render};
use bitexact::json::Json;
use bitexact::search::Plan;

use crate::search::{bx_search, Scheduled};
use crate::{bx_status, bytes_in, status, TextOut, BX_BAD_ARGUMENT, BX_INTERRUPTED};

/// Looks through `bytes[0..len]` — a save, a raw memory image, or a Windows
/// minidump (read by its `MDMP` signature: each state is then named by its
/// address in the dumped process) — for generator states at every offset,
/// identifies each one (replayed whole before it is named, SPEC 8), and
/// writes the report to `*json_out` as a NUL-terminated UTF-8 string the
/// caller frees with `bx_string_free`: `{"identified": [{"offset",
/// "engine", "class"?, "address"?, "layout"?, "seed", …, "words_drawn",
/// "also"?}], "candidates": N, "bytes", "engines", "complete",
/// "read_as_raw"?}`, plus `"candidate_list"` (each with `"why"`) when `all`
/// is true — the document `bitexact state find --json [--all]` prints. A
/// file that starts like a minidump but cannot be read as one is read as
/// raw bytes, `"read_as_raw"` saying why.
///
/// `engines` is NULL (every engine `state find` looks for) or a
/// NUL-terminated, comma-separated list of names: a family (`sots`,
/// `westwood`, `dotnet`) or `family:class` (`westwood:random4`). `search`
/// is NULL or a `bx_search` whose `threads` run the seed searches some
/// identifications need and whose `cancel` flag stops the call; its seed
/// range and progress callback are not used.
///
/// Returns `BX_OK` whether or not a state was found (`identified` may be
/// empty); `BX_INTERRUPTED` when the cancel flag stopped it (the JSON says
/// `"complete": false` and holds what was found); `BX_BAD_ARGUMENT` for a
/// name that is no engine, or an engine `state find` does not look for
/// (laige, Generals: any bytes of their length are a state), or more than
/// 256 threads — then `*json_out` receives `{"error": message}`;
/// `BX_NULL_POINTER` when
/// `bytes` is NULL (whatever `len`), or `json_out` is NULL or misaligned (then
/// `*json_out` is unchanged). Thread-safe; the bytes are only read. Long:
/// a state whose identification is a seed search costs seconds.
///
/// # Safety
///
/// `bytes` is valid for reads of `len` bytes; `engines` is NULL or a
/// NUL-terminated string; `search` is NULL or valid as `bx_search` says;
/// `json_out` is valid for a write of one pointer.
#[no_mangle]
pub unsafe extern "C" fn bx_state_find_json(
    bytes: *const u8,
    len: usize,
    engines: *const c_char,
    all: bool,
    search: *const bx_search,
    json_out: *mut *mut c_char,
) -> bx_status {
    status(|| {
        // SAFETY: NULL, misaligned or writable for a pointer (contract).
        let out = unsafe { TextOut::new(json_out) }?;
        // The JSON escapes control characters, so it holds no NUL.
        let write = |text: String| out.write(CString::new(text).unwrap_or_default());
        let refuse = |code: bx_status, message: String| {
            let mut j = Json::object();
            j.set("error", message);
            write(j.to_text());
            Err(code)
        };
        // SAFETY: the caller promises `len` readable bytes at `bytes`.
        let bytes = unsafe { bytes_in(bytes, len) }?;
        // SAFETY: NULL or a NUL-terminated string (contract).
        let names = unsafe { crate::text(engines) }?;
        // SAFETY: NULL or valid as `bx_search` says (contract).
        let scheduled = unsafe { Scheduled::read(search) }?;
        let mut ids = Vec::new();
        for name in names.into_iter().flat_map(|n| n.split(',')) {
            match render::engines_named(name.trim()) {
                Ok(found) => ids.extend(found),
                Err(e) => return refuse(BX_BAD_ARGUMENT, format!("{}: {e}", name.trim())),
            }
        }
        ids.sort();
        ids.dedup();
        let memory = find::regions(bytes);
        let plan = Plan::new(scheduled.threads(), 1).map_err(|_| BX_BAD_ARGUMENT)?;
        let flag = scheduled.cancel_flag();
        let stop = move || flag.is_some_and(|c| c.load(core::sync::atomic::Ordering::Relaxed) != 0);
        let report = memory.find(&ids, &plan, &stop);
        write(render::report_json(&report, all).to_text());
        if report.stopped {
            return Err(BX_INTERRUPTED);
        }
        Ok(())
    })
}
