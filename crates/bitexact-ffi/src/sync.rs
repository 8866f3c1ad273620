//! `bitexact::sync` for C: a game's desync log checked against a seed or a
//! second log (SPEC 12), the report as the JSON document the CLI prints, in
//! a string the caller frees with `bx_string_free`.

use core::ffi::c_char;
use std::ffi::CString;

use bitexact::json::Json;
use bitexact::sync::{check, Format, Options, Stop, Stream, SyncError, Which};

use crate::{bx_status, bytes_in, status, TextOut, BX_BAD_ARGUMENT, BX_BAD_LOG, BX_NULL_POINTER};

/// Generals' logic stream (`bx_sync_options.stream`).
pub const BX_STREAM_LOGIC: u32 = 0;
/// Generals' client stream.
pub const BX_STREAM_CLIENT: u32 = 1;
/// Generals' audio stream.
pub const BX_STREAM_AUDIO: u32 = 2;

/// What a check may use besides the logs; zeroed, every field takes its
/// default (no seed, the last log, the format's bounds, the logic stream).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
#[allow(non_camel_case_types)]
pub struct bx_sync_options {
    /// Nonzero: `seed` is the match seed.
    pub has_seed: u8,
    /// The match seed, `-2147483648..=4294967295` (a signed seed is its bits).
    pub seed: i64,
    /// Phobos: which log of a file holding several (1-based); 0 = the last.
    pub log: u32,
    /// The bound on draws replayed; 0 = the format's default.
    pub max_draws: u64,
    /// The bound on the realignment search; negative = the format's default.
    pub max_shift: i64,
    /// Generals: `BX_STREAM_LOGIC`, `BX_STREAM_CLIENT` or `BX_STREAM_AUDIO`.
    pub stream: u32,
    /// OpenRA: draws searched on each side of `#T`; 0 = the default.
    pub window: u64,
    /// NULL, or a flag the caller sets to nonzero (from another thread, or
    /// before the call) to stop a long check: the call then returns
    /// `BX_INTERRUPTED` within milliseconds. Point it at an `atomic_int`
    /// (cast to `const bx_cancel_flag *`).
    pub cancel: *const crate::search::bx_cancel_flag,
}

impl Default for bx_sync_options {
    fn default() -> Self {
        Self {
            has_seed: 0,
            seed: 0,
            log: 0,
            max_draws: 0,
            max_shift: -1,
            stream: 0,
            window: 0,
            cancel: core::ptr::null(),
        }
    }
}

fn error_json(e: &SyncError) -> CString {
    use bitexact::sync::Opt;
    // Each `{key}` as C sets the option: a field of `bx_sync_options`, or,
    // for an option only the CLI has, the CLI's flag.
    let message = bitexact::sync::render(&e.to_string(), |o| match o {
        Opt::Seed => "bx_sync_options.seed (with has_seed)".into(),
        Opt::Log | Opt::MaxDraws | Opt::MaxShift | Opt::Stream | Opt::Window => {
            format!("bx_sync_options.{}", o.key().replace('-', "_"))
        }
        _ => format!("the CLI's --{}", o.key()),
    });
    let mut o = Json::object();
    o.set("error", message);
    o.set("line", (e.line > 0).then_some(e.line));
    o.set(
        "log",
        e.which.map(|w| if w == Which::A { "a" } else { "b" }),
    );
    // The JSON escapes control characters, so it holds no NUL.
    CString::new(o.to_text()).unwrap_or_default()
}

/// Checks the log `log[0..len]` in `format` (`"phobos"`, `"ts"` or its
/// alias `"vinifera"`, `"ares"`, `"generals"`, `"generals-crc"`,
/// `"openra"`), against
/// `options->seed` and/or the second log `log2[0..len2]` (NULL: none), and
/// writes the report to `*json_out` (a NUL-terminated UTF-8 string the
/// caller frees with `bx_string_free`): `{"format", "consistent", "summary",
/// "first_divergence", "shift", "position", "ambiguous", "checked",
/// "details", …}` — the document `bitexact sync FORMAT --json` prints.
///
/// Returns `BX_OK` for any report, consistent or not (read `consistent`);
/// `BX_INTERRUPTED` when `options->cancel` stopped it (`{"error"}` in
/// `*json_out`);
/// `BX_BAD_LOG` for a log that cannot be read as its format and
/// `BX_BAD_ARGUMENT` for an option out of range or an unknown format or
/// stream, each with `{"error", "line", "log"}` in `*json_out`;
/// `BX_NULL_POINTER` when `format`, `log` or `json_out` is NULL (then
/// `*json_out` is unchanged). `options` NULL takes every default.
/// Thread-safe; the logs are only read.
///
/// # Safety
///
/// `format` is a NUL-terminated string; `log` is valid for reads of `len`
/// bytes and `log2` (unless NULL) of `len2`; `options` is NULL or points to
/// a `bx_sync_options`; `json_out` is valid for a write of one pointer.
#[no_mangle]
pub unsafe extern "C" fn bx_sync_json(
    format: *const c_char,
    log: *const u8,
    len: usize,
    log2: *const u8,
    len2: usize,
    options: *const bx_sync_options,
    json_out: *mut *mut c_char,
) -> bx_status {
    // SAFETY: the same contract, passed on.
    unsafe { sync_to(format, log, len, log2, len2, options, json_out, false) }
}

/// `bx_sync_json`, but `*html_out` receives the report as one
/// self-contained HTML page (SPEC 14: the verdict, the timeline with the
/// first divergence marked, the divergence and its context, the details;
/// no network; the JSON `bx_sync_json` writes embedded in it as
/// `<script type="application/json" id="report">`), a NUL-terminated UTF-8
/// string the caller frees with `bx_string_free`. The page's title names
/// the command only (the C caller's file names are not known here).
/// Returns as `bx_sync_json`; on an error `*html_out` receives the same
/// `{"error", "line", "log"}` JSON, not a page.
///
/// # Safety
///
/// As `bx_sync_json`, with `html_out` for `json_out`.
#[no_mangle]
pub unsafe extern "C" fn bx_sync_html(
    format: *const c_char,
    log: *const u8,
    len: usize,
    log2: *const u8,
    len2: usize,
    options: *const bx_sync_options,
    html_out: *mut *mut c_char,
) -> bx_status {
    // SAFETY: the same contract, passed on.
    unsafe { sync_to(format, log, len, log2, len2, options, html_out, true) }
}

/// The body of `bx_sync_json` and `bx_sync_html`: the report as JSON, or
/// as a page when `html`.
///
/// # Safety
///
/// As `bx_sync_json`.
#[allow(clippy::too_many_arguments)]
unsafe fn sync_to(
    format: *const c_char,
    log: *const u8,
    len: usize,
    log2: *const u8,
    len2: usize,
    options: *const bx_sync_options,
    json_out: *mut *mut c_char,
    html: bool,
) -> bx_status {
    status(|| {
        // SAFETY: NULL, misaligned or writable for a pointer (contract).
        let out = unsafe { TextOut::new(json_out) }?;
        // SAFETY: NULL or a NUL-terminated string (contract).
        let name = unsafe { crate::text(format) }?.ok_or(BX_NULL_POINTER)?;
        // SAFETY: the caller promises `len` readable bytes at `log`.
        let mut a = unsafe { bytes_in(log, len) }?;
        let mut b = if log2.is_null() {
            None
        } else {
            // SAFETY: the caller promises `len2` readable bytes at `log2`.
            Some(unsafe { bytes_in(log2, len2) }?)
        };
        let o = if options.is_null() {
            bx_sync_options::default()
        } else {
            if !options.is_aligned() {
                return Err(BX_NULL_POINTER);
            }
            // SAFETY: non-NULL, aligned, and a `bx_sync_options` (contract).
            unsafe { *options }
        };
        let write = |s: CString| out.write(s);
        let bad = |message: &str| {
            let mut j = Json::object();
            j.set("error", message);
            j.set("line", Json::Null);
            j.set("log", Json::Null);
            write(CString::new(j.to_text()).unwrap_or_default());
            Err(BX_BAD_ARGUMENT)
        };
        let Some(format) = Format::from_name(name) else {
            return bad(&format!("unknown format: {}", Format::list()));
        };
        let stream = match o.stream {
            BX_STREAM_LOGIC => Stream::Logic,
            BX_STREAM_CLIENT => Stream::Client,
            BX_STREAM_AUDIO => Stream::Audio,
            _ => return bad("unknown stream"),
        };
        let cancel = o.cancel.cast::<core::sync::atomic::AtomicI32>();
        if !cancel.is_aligned() {
            return Err(BX_NULL_POINTER);
        }
        // SAFETY: NULL (`as_ref` checks) or aligned (checked) and valid for
        // reads of an int for the call (contract); read atomically.
        let cancel = unsafe { cancel.as_ref() };
        let stop = Stop::new();
        let options = Options {
            stop: Some(stop.clone()),
            seed: (o.has_seed != 0).then_some(o.seed),
            log: (o.log != 0).then_some(o.log as usize),
            max_draws: (o.max_draws != 0).then_some(o.max_draws),
            max_shift: u64::try_from(o.max_shift).ok(),
            stream,
            window: (o.window != 0).then_some(o.window),
            ..Options::default()
        };
        let mut run = || {
            check(
                format,
                &mut a,
                b.as_mut().map(|b| b as &mut dyn std::io::BufRead),
                &options,
            )
        };
        // With a flag, the check runs on a worker while this thread polls
        // the flag every millisecond and passes it on as a stop request.
        let result = match cancel {
            None => run(),
            Some(flag) => std::thread::scope(|s| {
                let worker = s.spawn(run);
                while !worker.is_finished() {
                    if flag.load(core::sync::atomic::Ordering::Relaxed) != 0 {
                        stop.request();
                    }
                    std::thread::sleep(std::time::Duration::from_millis(1));
                }
                worker
                    .join()
                    .unwrap_or_else(|p| std::panic::resume_unwind(p))
            }),
        };
        match result {
            Err(e) if e.is_stopped() => {
                write(error_json(&e));
                Err(crate::BX_INTERRUPTED)
            }
            Ok(report) => {
                let text = if html {
                    let command = format!("sync {}", format.name());
                    let source = bitexact::report::html::Source {
                        command: &command,
                        files: &[],
                    };
                    bitexact::report::html::sync(&report, &source)
                } else {
                    report.to_json()
                };
                // The escapes leave no NUL in either.
                write(CString::new(text).map_err(|_| BX_BAD_LOG)?);
                Ok(())
            }
            Err(e) => {
                write(error_json(&e));
                Err(if e.which.is_some() || e.line > 0 {
                    BX_BAD_LOG
                } else {
                    BX_BAD_ARGUMENT
                })
            }
        }
    })
}
