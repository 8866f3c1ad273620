//! The bodies about state files every handle shares: save, load, and
//! identification (walked back, or by the library's seed search), with
//! one [`bx_identity`] answer.

use core::ptr;

use bitexact::engine::{
    Engine, Identification, Identified, NotReachable, Options, Reason, StateError, StateKind,
};

use super::{gen_ref, new_into, Gen, Handle, Layout};
use crate::search::{bx_search, Scheduled};
use crate::{
    bx_status, bytes_in, out_ptr, put, status, BX_BAD_ARGUMENT, BX_BAD_LENGTH, BX_BAD_STATE,
    BX_BOUND_TOO_LARGE, BX_INTERRUPTED, BX_NOT_FOUND, BX_NOT_REPRESENTABLE, BX_NULL_POINTER,
};

/// A state-file error as a status.
pub(crate) fn state_status(e: StateError) -> bx_status {
    match e.kind {
        StateKind::Length { .. } => BX_BAD_LENGTH,
        StateKind::Field => BX_BAD_STATE,
        StateKind::NotRepresentable => BX_NOT_REPRESENTABLE,
        StateKind::UnknownLayout | StateKind::NoStates => BX_BAD_ARGUMENT,
    }
}

/// `bx_<e>_save_state`: the state file in `layout` to `out` (capacity
/// `cap`), its length to `*written` when `written` is not NULL. Draws
/// nothing. The handle is checked first, then `out`; nothing is written on
/// failure.
///
/// # Safety
///
/// As [`gen_ref`]; `out` is NULL or valid for writing `cap` bytes;
/// `written` is NULL, misaligned, or valid for writing a `size_t`.
pub(crate) unsafe fn save_state<H: Handle>(
    h: *const H,
    layout: Layout,
    out: *mut u8,
    cap: usize,
    written: *mut usize,
) -> bx_status {
    status(|| {
        // SAFETY: the caller's contract is `gen_ref`'s.
        let g = unsafe { gen_ref(h) }.ok_or(BX_NULL_POINTER)?;
        if out.is_null() {
            return Err(BX_NULL_POINTER);
        }
        let bytes = H::Engine::save(g, layout.name()?, false).map_err(state_status)?;
        if cap < bytes.len() {
            return Err(BX_BAD_LENGTH);
        }
        // SAFETY: `out` is non-NULL and, by the contract, writable for
        // `cap >= bytes.len()` bytes; a fresh `Vec` cannot overlap it.
        unsafe { ptr::copy_nonoverlapping(bytes.as_ptr(), out, bytes.len()) };
        if let Ok(w) = out_ptr(written) {
            // SAFETY: `w` is checked non-NULL and aligned; writable (contract).
            unsafe { put(w, bytes.len()) };
        }
        Ok(())
    })
}

/// `bx_<e>_save_state` of an engine with one fixed-length state file: its
/// `lengths[0]` bytes to `out` (see [`save_state`]).
///
/// # Safety
///
/// As [`gen_ref`]; `out` is NULL or valid for writing the state's length.
pub(crate) unsafe fn save_fixed<H: Handle>(h: *const H, out: *mut u8) -> bx_status {
    let len = <H::Engine as Engine>::INFO
        .state
        .map_or(0, |s| s.lengths[0]);
    // SAFETY: the caller's contract is `save_state`'s with `cap` the
    // state's length and no `written`.
    unsafe { save_state(h, Layout::One, out, len, ptr::null_mut()) }
}

/// The generator a state file holds, in `layout`.
fn load<H: Handle>(input: &[u8], layout: Layout) -> Result<Gen<H>, bx_status> {
    let (g, _) = H::Engine::load(input, layout.name()?).map_err(state_status)?;
    Ok(g)
}

/// `bx_<e>_load_state`: a new handle from a state file, in `*out` (NULL on
/// failure).
///
/// # Safety
///
/// `bytes` is NULL or valid for reading `len` bytes; `out` is NULL,
/// misaligned, or valid for writing a pointer.
pub(crate) unsafe fn load_state<H: Handle>(
    bytes: *const u8,
    len: usize,
    layout: Layout,
    out: *mut *mut H,
) -> bx_status {
    // SAFETY: `bytes` is NULL or readable for `len` bytes (contract).
    let input = unsafe { bytes_in(bytes, len) };
    // SAFETY: `out` is NULL, misaligned or writable (contract).
    unsafe {
        new_into(out, || {
            let g = load::<H>(input?, layout)?;
            H::loadable(&g)?;
            Ok(g)
        })
    }
}

/// [`load_state`] of an engine with one layout.
///
/// # Safety
///
/// As [`load_state`].
pub(crate) unsafe fn load_one<H: Handle>(
    bytes: *const u8,
    len: usize,
    out: *mut *mut H,
) -> bx_status {
    // SAFETY: the caller's contract is `load_state`'s.
    unsafe { load_state(bytes, len, Layout::One, out) }
}

/// Why no seed leads to a state, as a status: `BX_BAD_STATE` for cursors
/// no seeding leads to and MT19937's zero state, `BX_INTERRUPTED` for a walk stopped by its caller,
/// `BX_BAD_ARGUMENT` for a generator without state files or whose states
/// cannot be identified, `BX_NOT_FOUND` for the rest (nothing within the
/// bound, a flag or seed field no draw explains).
fn not_reachable(e: NotReachable) -> bx_status {
    match e.reason {
        Reason::IrregularCursors { .. } | Reason::ZeroState | Reason::Ambiguous { .. } => {
            BX_BAD_STATE
        }
        Reason::Stopped(_) => BX_INTERRUPTED,
        Reason::NoStates | Reason::NotIdentifiable => BX_BAD_ARGUMENT,
        _ => BX_NOT_FOUND,
    }
}

/// The universal answer of an identification: seed and words drawn.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct bx_identity {
    /// The seed (a 32-bit seed in the low bits; OpenRA-style negative seeds
    /// as their 32-bit pattern).
    pub seed: u64,
    /// Raw words (draws) since seeding: seeding `seed` and spending this
    /// many words reproduces the whole state.
    pub words_drawn: u64,
}

/// A [`bx_identity`] from an identification (any generator).
pub(crate) fn identity<G>(_: &G, id: Identification) -> bx_identity {
    bx_identity {
        seed: id.seed,
        words_drawn: id.words_drawn,
    }
}

/// `bx_<e>_identify`: where the state file `bytes[0..len]` (in `layout`)
/// sits in its seed's stream, within `bound` (the engine's identify unit,
/// at most its ceiling: `BX_BOUND_TOO_LARGE` past it). A generator that
/// identifies by searching seeds (Random2Class) runs the library's
/// scheduler by `search` (NULL: every core, every seed, no cancel); the
/// walk before it heeds `search`'s cancel flag too (`BX_INTERRUPTED`). The
/// answer is replayed before it is given (SPEC 8) and written as
/// `make(state, identification)` to `*out`, which is untouched on failure.
///
/// # Safety
///
/// `bytes` is NULL or valid for reading `len` bytes; `search` is NULL,
/// misaligned or a valid `bx_search` (see [`bx_search`]); `out` is NULL,
/// misaligned, or valid for writing a `T`.
pub(crate) unsafe fn identify<H: Handle, T>(
    bytes: *const u8,
    len: usize,
    layout: Layout,
    bound: u64,
    search: *const bx_search,
    out: *mut T,
    make: impl FnOnce(&Gen<H>, Identification) -> T,
) -> bx_status {
    // SAFETY: `bytes` is NULL or readable for `len` bytes (contract).
    let input = unsafe { bytes_in(bytes, len) };
    // SAFETY: `search` is NULL, misaligned or a valid `bx_search` (contract).
    let scheduled = unsafe { Scheduled::read(search) };
    status(|| {
        let dst = out_ptr(out)?;
        let state = load::<H>(input?, layout)?;
        let info = <H::Engine as Engine>::INFO;
        // No state files, or states that cannot be identified
        // (`StateInfo::identify` `None`): `BX_BAD_ARGUMENT`, whose message
        // says so.
        let walk = info
            .state
            .and_then(|s| s.identify)
            .ok_or(BX_BAD_ARGUMENT)?
            .walk;
        if bound > walk.max {
            return Err(BX_BOUND_TOO_LARGE);
        }
        let scheduled = scheduled?;
        let stop = || scheduled.cancelled();
        let found = match H::Engine::identify(&state, bound, &stop).map_err(not_reachable)? {
            Identified::Found(id) => id,
            Identified::Search(recovery) => {
                let (found, _) = scheduled.run(&recovery, &info, 1)?;
                match found.hits.first() {
                    Some(h) => Identification {
                        seed: h.seed,
                        words_drawn: h.offset,
                    },
                    None if found.complete() => return Err(BX_NOT_FOUND),
                    None => return Err(BX_INTERRUPTED),
                }
            }
        };
        H::Engine::identified(&state, found, &Options::default()).map_err(not_reachable)?;
        let value = make(&state, found);
        // SAFETY: `dst` is checked non-NULL and aligned; writable (contract).
        unsafe { put(dst, value) };
        Ok(())
    })
}

/// [`identify`] of an engine with one layout that walks back (no seed
/// search), its answer as `make` writes it.
///
/// # Safety
///
/// As [`identify`] with a NULL `search`.
pub(crate) unsafe fn identify_walk_as<H: Handle, T>(
    bytes: *const u8,
    len: usize,
    bound: u64,
    out: *mut T,
    make: impl FnOnce(&Gen<H>, Identification) -> T,
) -> bx_status {
    // SAFETY: the caller's contract is `identify`'s; `search` is NULL.
    unsafe { identify::<H, T>(bytes, len, Layout::One, bound, ptr::null(), out, make) }
}

/// [`identify_walk_as`] into a [`bx_identity`].
///
/// # Safety
///
/// As [`identify`] with a NULL `search`.
pub(crate) unsafe fn identify_walk<H: Handle>(
    bytes: *const u8,
    len: usize,
    bound: u64,
    out: *mut bx_identity,
) -> bx_status {
    // SAFETY: the caller's contract is `identify_walk_as`'s.
    unsafe { identify_walk_as::<H, _>(bytes, len, bound, out, identity) }
}
