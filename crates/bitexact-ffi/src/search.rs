//! Seed searches for C: `bx_recover` (the CLI's `recover`, set up by names
//! through `bitexact::recover::query`) and Random2Class identification, both
//! run by the library's scheduler, `bitexact::search` (model: ripgrep's
//! `ignore::WalkParallel`, a library scheduler its binary is a client of).
//! C drives it with a thread count, a cancel flag and a progress callback;
//! the answers are the CLI's, with SPEC 8's promises.

use core::ffi::{c_char, c_int, c_void};
use core::ops::Range;
use core::ptr;
use core::sync::atomic::{AtomicI32, Ordering};

use bitexact::engine::{Info, Options};
use bitexact::engines::Id;
use bitexact::recover::query::query;
use bitexact::recover::{Hit, QueryError, Recovery};
use bitexact::search::{self, End, Found, Hooks, Plan, MAX_THREADS};

use crate::surface::bx_engine;
use crate::{
    bx_precision, bx_status, out_ptr, BX_BAD_ARGUMENT, BX_BAD_LENGTH, BX_BAD_SEED_RANGE,
    BX_BAD_TAP, BX_BAD_VALUE, BX_BOUND_TOO_LARGE, BX_INTERRUPTED, BX_NOT_FOUND, BX_NULL_POINTER,
    BX_OK, BX_PANIC,
};

/// A cancel flag: `volatile int` (the typedef is written in the header:
/// `typedef volatile int bx_cancel_flag;`). Set it to nonzero to cancel.
pub type bx_cancel_flag = c_int;

const _: () = assert!(size_of::<c_int>() == size_of::<AtomicI32>());
const _: () = assert!(align_of::<c_int>() == align_of::<AtomicI32>());

/// A progress callback: `done` seeds searched (in any order) of `total`,
/// and the `user` pointer given with it.
pub type bx_progress_fn = Option<unsafe extern "C" fn(done: u64, total: u64, user: *mut c_void)>;

/// How a seed search runs. All zero (`bx_search s = {0};`, or a NULL
/// pointer) is: every core, the engine's whole seed space, no cancel flag,
/// no progress callback.
///
/// - `threads`: worker threads, 1..=256; 0 is one per core
///   (`std::thread::available_parallelism`, at most 256); more than 256 is
///   `BX_BAD_ARGUMENT`. The answer is the same for every thread count.
/// - `seed_first`, `seed_end`: the seeds `[seed_first, seed_end)`;
///   `seed_end` 0 stands for the end of the engine's seed space (2^32; laige
///   seeds are 64-bit, so a laige search needs an explicit end). An empty
///   range, or one past the engine's last seed, is `BX_BAD_SEED_RANGE`.
/// - `cancel`: NULL, or an int the caller sets to nonzero (from another
///   thread, a signal handler or the progress callback) to stop the search.
///   It is only read, on the calling thread (never on a worker), each time
///   with one relaxed atomic load of the whole int: after each progress
///   report, that is after every finished chunk of seeds and at least
///   every 20 ms (chunks are sized to about 8 ms of work), and every few
///   milliseconds during the 624-output walk (sots, Random4Class) and
///   `bx_westwood_identify`'s walk back; once it reads nonzero
///   no new chunk starts, the running ones finish, and the call returns
///   `BX_INTERRUPTED`. A flag already set when the search starts stops it
///   after its first chunks. C11 code setting it from another thread may
///   point it at an `atomic_int` (cast to `const bx_cancel_flag *`).
/// - `progress`: NULL, or a function called on the calling thread (never
///   on a worker) after every finished chunk and at least every 20 ms with
///   the seeds searched so far (in any order), the range's size, and
///   `user`; the last call has the final count. The 624-output walk
///   searches no seeds and reports none. The callback may set the cancel
///   flag; it must not unwind (throw, longjmp) through the library.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct bx_search {
    /// Worker threads: 0 for one per core, else 1..=256.
    pub threads: u32,
    /// The first seed searched.
    pub seed_first: u64,
    /// One past the last seed searched; 0 for the engine's whole space.
    pub seed_end: u64,
    /// NULL, or the flag that cancels the search when nonzero.
    pub cancel: *const bx_cancel_flag,
    /// NULL, or the progress callback.
    pub progress: bx_progress_fn,
    /// Passed to `progress` as it is.
    pub user: *mut c_void,
}

/// A seed search's settings, read from C and checked.
pub(crate) struct Scheduled {
    threads: Option<usize>,
    seed_first: u64,
    seed_end: u64,
    /// NULL, or checked non-NULL and aligned.
    cancel: *const AtomicI32,
    progress: bx_progress_fn,
    user: *mut c_void,
}

impl Scheduled {
    /// The settings at `p` (NULL: the defaults): `BX_NULL_POINTER` for a
    /// misaligned `p` or `cancel`, `BX_BAD_ARGUMENT` for more than 256
    /// threads.
    ///
    /// # Safety
    ///
    /// `p` is NULL, misaligned, or valid for reading a `bx_search` whose
    /// `cancel` is NULL, misaligned, or valid for reads of an int for the
    /// whole search (written by the caller only with whole-int stores), and
    /// whose `progress` is NULL or a function safe to call with `user`.
    pub(crate) unsafe fn read(p: *const bx_search) -> Result<Scheduled, bx_status> {
        if !p.is_aligned() {
            return Err(BX_NULL_POINTER);
        }
        // SAFETY: `as_ref` checks NULL; otherwise `p` is aligned and valid
        // for reading a `bx_search` (contract); it is copied at once.
        let s = match unsafe { p.as_ref() } {
            Some(s) => *s,
            None => return Ok(Scheduled::default()),
        };
        let threads = match s.threads {
            0 => None,
            n if n as usize > MAX_THREADS => return Err(BX_BAD_ARGUMENT),
            n => Some(n as usize),
        };
        let cancel = s.cancel.cast::<AtomicI32>();
        if !cancel.is_aligned() {
            return Err(BX_NULL_POINTER);
        }
        Ok(Scheduled {
            threads,
            seed_first: s.seed_first,
            seed_end: s.seed_end,
            cancel,
            progress: s.progress,
            user: s.user,
        })
    }

    /// The worker threads (`None`: one per core).
    pub(crate) fn threads(&self) -> Option<usize> {
        self.threads
    }

    /// The seeds to search for the engine `info`: the whole space when no
    /// end is given, unless the engine needs a range (64-bit seeds).
    /// `BX_BAD_SEED_RANGE` for an empty range, one past the last seed, or
    /// none where one is needed.
    pub(crate) fn seeds(&self, info: &Info) -> Result<Range<u64>, bx_status> {
        let space = info.seed.space();
        let needs_end = info.recover.is_some_and(|r| r.needs_range);
        let end = match self.seed_end {
            0 if needs_end => return Err(BX_BAD_SEED_RANGE),
            0 => space,
            e => e,
        };
        if end > space || self.seed_first >= end {
            return Err(BX_BAD_SEED_RANGE);
        }
        Ok(self.seed_first..end)
    }

    /// The scheduler's hooks for these settings.
    pub(crate) fn hooks(&self) -> CHooks<'_> {
        CHooks(self)
    }

    /// The caller's cancel flag, if one was given.
    pub(crate) fn cancel_flag(&self) -> Option<&AtomicI32> {
        // SAFETY: as in `cancelled`: NULL or checked aligned for
        // `AtomicI32` (the size and alignment of C's `int`), valid for reads
        // for the whole call, which `self` (and so the reference) does not
        // outlive, and written by the caller only with whole-int stores.
        unsafe { self.cancel.as_ref() }
    }

    /// Whether the caller's cancel flag is set (false without one).
    pub(crate) fn cancelled(&self) -> bool {
        // SAFETY: `cancel` is NULL (`as_ref` checks) or was checked aligned
        // for `AtomicI32`, which has the size and alignment of C's `int`
        // (asserted below); by `bx_search`'s contract it is valid for reads
        // for the whole search, which `self` does not outlive, and the
        // caller writes it only with whole-int stores, so the atomic load
        // never sees a torn value.
        let flag = unsafe { self.cancel.as_ref() };
        flag.is_some_and(|c| c.load(Ordering::Relaxed) != 0)
    }

    /// Run `recovery` over these settings' seeds for the engine `info`,
    /// stopping after `max_hits` hits: what it found, and the seeds it was
    /// given. `BX_BAD_SEED_RANGE` as [`Scheduled::seeds`];
    /// `BX_BAD_ARGUMENT` for a plan the scheduler refuses; `BX_PANIC` when
    /// a worker panicked (no answer rather than fewer hits).
    pub(crate) fn run(
        &self,
        recovery: &Recovery,
        info: &Info,
        max_hits: usize,
    ) -> Result<(Found, Range<u64>), bx_status> {
        let seeds = self.seeds(info)?;
        let plan = Plan::new(self.threads, max_hits).map_err(|_| BX_BAD_ARGUMENT)?;
        let found = search::run_recovery(recovery, seeds.clone(), &plan, &mut self.hooks())
            .map_err(|_| BX_PANIC)?;
        Ok((found, seeds))
    }
}

impl Default for Scheduled {
    fn default() -> Scheduled {
        Scheduled {
            threads: None,
            seed_first: 0,
            seed_end: 0,
            cancel: ptr::null(),
            progress: None,
            user: ptr::null_mut(),
        }
    }
}

/// The cancel flag and the progress callback as the scheduler's hooks (all
/// called on the thread that called into the library).
pub(crate) struct CHooks<'a>(&'a Scheduled);

impl Hooks for CHooks<'_> {
    fn cancelled(&mut self) -> bool {
        self.0.cancelled()
    }

    fn progress(&mut self, done: u64, total: u64) {
        if let Some(f) = self.0.progress {
            // SAFETY: by `bx_search`'s contract `f` is a function safe to
            // call with these arguments and the caller's `user`, and it does
            // not unwind into Rust.
            unsafe { f(done, total, self.0.user) }
        }
    }
}

/// The generator a `bx_engine` numbers: its index in the library's list
/// (the `BX_ENGINE_*` constants of `surface/mod.rs` follow it, checked at
/// compile time).
fn engine_id(e: bx_engine) -> Result<Id, bx_status> {
    Id::ALL.get(e as usize).copied().ok_or(BX_BAD_ARGUMENT)
}

/// One seed whose stream gives the values, and where they start.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct bx_hit {
    /// The seed (OpenRA's negative int seeds as their 32-bit pattern).
    pub seed: u64,
    /// Raw words (draws) drawn before the first value.
    pub offset: u64,
}

/// `bx_recover`'s settings. All zero (or a NULL pointer) is the CLI's
/// defaults: every core, every seed (laige needs a range), the caller's
/// buffer as the hit budget, offset 0 (or the walk's 62400000 words for 624
/// or more raw outputs of sots or westwood's Random4Class), precision
/// `BX_PC53`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct bx_recover_options {
    /// Threads, seed range, cancel flag and progress callback.
    pub search: bx_search,
    /// Stop after this many hits (the CLI's `--max-hits`); 0 for the hit
    /// buffer's capacity; more than the capacity is `BX_BAD_LENGTH`.
    pub max_hits: u64,
    /// Look at word offsets `0..=max_offset` of each seed's stream (the
    /// CLI's `--max-offset`); 0 for the engine's default.
    pub max_offset: u64,
    /// The x87 precision of sots' float taps (`BX_PC53` or `BX_PC24`).
    pub precision: bx_precision,
}

/// How a search ended.
pub type bx_search_end = u32;
/// Every seed of the range was searched: the hits are all of them.
pub const BX_END_COMPLETE: bx_search_end = 0;
/// The hit budget was reached: every seed below `stopped_at` was searched
/// and its hits reported; seeds from `stopped_at` on may have more.
pub const BX_END_STOPPED: bx_search_end = 1;
/// Cancelled: every seed below `stopped_at` was searched and its hits
/// reported; the rest was not searched.
pub const BX_END_INTERRUPTED: bx_search_end = 2;

/// What a search found and how far it got.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct bx_recover_result {
    /// Hits written to the buffer, in seed order (then offset order).
    pub count: usize,
    /// Seeds searched with every hit reported (0 for the 624-output walk,
    /// which searches no seeds; interrupted, its hits are every one at the
    /// offsets it walked).
    pub searched: u64,
    /// Every seed below it was searched and its hits reported: the range's
    /// end when complete, else the first seed not (wholly) reported.
    pub stopped_at: u64,
    /// `BX_END_COMPLETE`, `BX_END_STOPPED` or `BX_END_INTERRUPTED`.
    pub end: bx_search_end,
    /// `end == BX_END_COMPLETE`: the whole range was searched.
    pub complete: bool,
}

/// A setup error as a status.
fn query_status(e: &QueryError) -> bx_status {
    match e {
        QueryError::NoValues | QueryError::Value { .. } => BX_BAD_VALUE,
        QueryError::OffsetTooLarge { .. } | QueryError::OutputsOffsetTooLarge { .. } => {
            BX_BOUND_TOO_LARGE
        }
        QueryError::NotThisTap { .. }
        | QueryError::UnsupportedTap(_)
        | QueryError::BadTap(_)
        | QueryError::Tap(_) => BX_BAD_TAP,
        QueryError::NotRecoverable { .. } => BX_BAD_ARGUMENT,
    }
}

/// Recover the seeds behind observed values: the CLI's `bitexact recover
/// ENGINE --tap TAP --values VALUES` (same setup, same scheduler, same
/// answers for every thread count), with the hits written to
/// `hits[0..cap]` in seed order and the outcome to `*result`.
///
/// `tap` is NULL (the engine's raw word: `u32`, `u64`, `raw`, `next`) or a
/// tap as the CLI writes it (`ranged:1,6`, `int:5`, `frange:-1,1`);
/// `values` is the CLI's `--values`: comma-separated, in the tap's
/// notation. `options` is NULL or the settings (see `bx_recover_options`
/// and `bx_search`). The search runs on `options->search.threads` workers
/// and returns when they have all stopped.
///
/// Returns, with `*result` written:
/// - `BX_OK`: at least one hit; the search is complete, or stopped at the
///   hit budget (`result->end == BX_END_STOPPED`);
/// - `BX_NOT_FOUND`: the whole range was searched (`result->complete`) and
///   no seed gives the values — the only "not found";
/// - `BX_INTERRUPTED`: the cancel flag stopped it; every seed below
///   `result->stopped_at` was searched and its hits are in the buffer.
///
/// Errors, with `*result` and the buffer untouched: `BX_NULL_POINTER`
/// (`values`, `hits` or `result` NULL, or a misaligned pointer);
/// `BX_BAD_LENGTH` (`cap` 0, or `max_hits` above `cap`); `BX_BAD_ARGUMENT`
/// (an unknown engine or precision, more than 256 threads, a string that is
/// not UTF-8); `BX_BAD_TAP` (not one of the engine's taps, bad arguments,
/// or a tap whose values cannot be searched for); `BX_BAD_VALUE` (a value
/// that is not a number of the tap's kind); `BX_BAD_SEED_RANGE`;
/// `BX_BOUND_TOO_LARGE` (`max_offset` past the search's limit);
/// `BX_PANIC` (a worker panicked: no answer rather than fewer hits).
///
/// # Safety
///
/// `tap` is NULL or a NUL-terminated string; `values` is NULL or a
/// NUL-terminated string; `options` is NULL or valid for reading a
/// `bx_recover_options` (its `search` as `bx_search` says); `hits` is NULL
/// or valid for writing `cap` `bx_hit`s; `result` is NULL or valid for
/// writing a `bx_recover_result`. None of them is written by another thread
/// during the call.
#[no_mangle]
pub unsafe extern "C" fn bx_recover(
    engine: bx_engine,
    tap: *const c_char,
    values: *const c_char,
    options: *const bx_recover_options,
    hits: *mut bx_hit,
    cap: usize,
    result: *mut bx_recover_result,
) -> bx_status {
    crate::outcome(|| {
        let dst = out_ptr(result)?;
        let buf = out_ptr(hits)?;
        if !options.is_aligned() {
            return Err(BX_NULL_POINTER);
        }
        // SAFETY: `as_ref` checks NULL; otherwise aligned and readable
        // (contract); copied at once.
        let o = unsafe { options.as_ref() }.copied();
        let search = o
            .as_ref()
            .map_or(ptr::null(), |o| &o.search as *const bx_search);
        // SAFETY: `search` is NULL or points into the copy of a valid
        // `bx_recover_options`, so at a valid `bx_search` (contract).
        let scheduled = unsafe { Scheduled::read(search) }?;
        let max_hits = match o.map_or(0, |o| o.max_hits) {
            0 => cap,
            n => usize::try_from(n).unwrap_or(usize::MAX),
        };
        if cap == 0 || max_hits > cap || cap > isize::MAX as usize / size_of::<bx_hit>() {
            return Err(BX_BAD_LENGTH);
        }
        let id = engine_id(engine)?;
        let precision =
            crate::precision(o.map_or(crate::BX_PC53, |o| o.precision)).ok_or(BX_BAD_ARGUMENT)?;
        // SAFETY: NULL or NUL-terminated strings for the call (contract).
        let tap = unsafe { crate::text(tap) }?;
        // SAFETY: as above.
        let values = unsafe { crate::text(values) }?.ok_or(BX_NULL_POINTER)?;
        let info = id.info();
        // Refused before the setup, as before: a range the engine cannot
        // search is the first thing said.
        scheduled.seeds(info)?;
        // Each search bounds its offsets itself (`BX_BOUND_TOO_LARGE`).
        let max_offset = o.map(|o| o.max_offset).filter(|&k| k != 0);
        let values: Vec<&str> = values.split(',').collect();
        let options = Options {
            precision,
            ..Options::default()
        };
        let recovery =
            query(id, &options, tap, &values, max_offset).map_err(|e| query_status(&e))?;
        let (found, seeds) = scheduled.run(&recovery, info, max_hits)?;
        write_hits(buf.as_ptr(), &found.hits);
        let end = match found.end {
            End::Complete => BX_END_COMPLETE,
            End::Stopped { .. } => BX_END_STOPPED,
            End::Interrupted { .. } => BX_END_INTERRUPTED,
        };
        let r = bx_recover_result {
            count: found.hits.len(),
            searched: found.searched,
            stopped_at: found.stopped_at().unwrap_or(seeds.end),
            end,
            complete: found.complete(),
        };
        // SAFETY: `dst` is checked non-NULL and aligned; writable (contract).
        unsafe { crate::put(dst, r) };
        Ok(match (end, r.count) {
            (BX_END_INTERRUPTED, _) => BX_INTERRUPTED,
            (_, 0) => BX_NOT_FOUND,
            _ => BX_OK,
        })
    })
}

/// Write `hits` (at most the buffer's capacity, which the plan's budget
/// keeps) to the buffer at `buf`.
fn write_hits(buf: *mut bx_hit, hits: &[Hit]) {
    for (i, h) in hits.iter().enumerate() {
        let hit = bx_hit {
            seed: h.seed,
            offset: h.offset,
        };
        // SAFETY: `buf` is non-NULL and aligned (checked) and valid for
        // `cap` hits (contract); the scheduler returns at most the plan's
        // budget, `max_hits <= cap`, so `i < cap`.
        unsafe { buf.add(i).write(hit) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_numbers_follow_the_list() {
        for (i, id) in Id::ALL.iter().enumerate() {
            assert_eq!(engine_id(i as bx_engine), Ok(*id));
        }
        assert_eq!(engine_id(Id::ALL.len() as bx_engine), Err(BX_BAD_ARGUMENT));
    }

    #[test]
    fn seed_ranges() {
        let s = |first, end| Scheduled {
            seed_first: first,
            seed_end: end,
            ..Scheduled::default()
        };
        let sots = Id::Sots.info();
        assert_eq!(s(0, 0).seeds(sots), Ok(0..1 << 32));
        assert_eq!(s(5, 9).seeds(sots), Ok(5..9));
        assert_eq!(s(9, 9).seeds(sots), Err(BX_BAD_SEED_RANGE));
        assert_eq!(s(0, (1 << 32) + 1).seeds(sots), Err(BX_BAD_SEED_RANGE));
        let laige = Id::Laige.info();
        assert_eq!(s(0, 0).seeds(laige), Err(BX_BAD_SEED_RANGE));
        assert_eq!(s(0, u64::MAX).seeds(laige), Ok(0..u64::MAX));
    }

    #[test]
    fn search_settings() {
        // SAFETY: NULL is the defaults.
        let d = unsafe { Scheduled::read(ptr::null()) }.unwrap();
        assert_eq!(d.threads(), None);
        let mut raw = bx_search {
            threads: 257,
            seed_first: 0,
            seed_end: 0,
            cancel: ptr::null(),
            progress: None,
            user: ptr::null_mut(),
        };
        // SAFETY: a valid `bx_search` on the stack.
        let refused = unsafe { Scheduled::read(&raw) };
        assert!(matches!(refused, Err(BX_BAD_ARGUMENT)));
        raw.threads = 256;
        let flag: c_int = 1;
        raw.cancel = &flag;
        // SAFETY: as above; `flag` outlives the settings.
        let s = unsafe { Scheduled::read(&raw) }.unwrap();
        assert_eq!(s.threads(), Some(256));
        assert!(s.hooks().cancelled());
    }
}
