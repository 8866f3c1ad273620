//! The handle contract (model: rustls-ffi's `Castable`): each opaque C
//! handle type names the engine whose generator it owns, and the bodies
//! every engine shares (new, free, the raw word, fill, discard, save, load,
//! identify, and any draw on a handle) are written once here, generic over
//! it. The per-engine files keep only the written-out `extern "C"`
//! signatures cbindgen reads, each a one-line call of a function below.
//!
//! A handle pointer `*mut H` is a `Box<Gen<H>>` cast to the opaque C type:
//! [`into_handle`] makes one, [`free`] takes it back, [`gen_mut`] and
//! [`gen_ref`] borrow it after checking NULL and alignment. Every body runs
//! under the crate's panic guard, and checks the handle and every
//! out-pointer before it draws a word or writes a byte (promise 7: a NULL
//! handle with a valid buffer leaves the buffer untouched).
//!
//! The state files and identification are in `state.rs`.

mod state;

use core::ptr;

use bitexact::engine::{Engine, Options};

use crate::{
    bx_status, guard, out_ptr, put, status, BX_BAD_ARGUMENT, BX_BOUND_TOO_LARGE, BX_NULL_POINTER,
};

pub use state::bx_identity;
pub(crate) use state::*;

/// The generator a handle type owns.
pub(crate) type Gen<H> = <<H as Handle>::Engine as Engine>::Gen;
/// The C type of a handle's raw word (`uint32_t`, or `uint64_t` for laige).
pub(crate) type Word<H> = <<<H as Handle>::Engine as Engine>::Word as RawWord>::C;

/// An engine's raw word as C sees it: its bits, unsigned.
pub(crate) trait RawWord: Copy + Default + 'static {
    /// `uint32_t` or `uint64_t`.
    type C: Copy + Default + 'static;
    /// The word's bits.
    fn bits(self) -> Self::C;
    /// `out.len()` words of `E`, as [`Engine::fill`] (its bulk path).
    fn fill<E: Engine<Word = Self>>(gen: &mut E::Gen, out: &mut [Self::C]);
}

/// Words C reads as they are (`u32`, `u64`): the engine's own bulk fill.
macro_rules! unsigned_word {
    ($($t:ty),*) => {$(
        impl RawWord for $t {
            type C = $t;
            fn bits(self) -> $t {
                self
            }
            fn fill<E: Engine<Word = $t>>(gen: &mut E::Gen, out: &mut [$t]) {
                E::fill(gen, out);
            }
        }
    )*};
}

unsigned_word!(u32, u64);

impl RawWord for i32 {
    type C = u32;
    fn bits(self) -> u32 {
        self as u32
    }
    fn fill<E: Engine<Word = i32>>(gen: &mut E::Gen, out: &mut [u32]) {
        // SAFETY: `i32` and `u32` have the same size and alignment and every
        // bit pattern is valid for both, so the buffer is also `out.len()`
        // initialised `i32`s; the new slice borrows `out` exclusively for
        // this call and nothing else touches it meanwhile.
        let words = unsafe { core::slice::from_raw_parts_mut(out.as_mut_ptr().cast(), out.len()) };
        E::fill(gen, words);
    }
}

/// An opaque C handle type: a pointer to it is a boxed generator of
/// `Engine`. Implementing it (one line per engine) gives the handle every
/// generic body in this module.
pub(crate) trait Handle: Sized + 'static {
    /// The engine whose generator the handle owns.
    type Engine: Engine<Word: RawWord>;

    /// The most words `discard` spends in one call (the library's
    /// [`Limits::discard_words`](bitexact::engine::Limits::discard_words):
    /// about 5 s of work at worst, any count for a generator that jumps
    /// ahead): larger requests are refused.
    const MAX_DISCARD: u64 = <Self::Engine as Engine>::INFO.limits.discard_words();

    /// One raw word's bits: `bx_<e>_next_u32`. 1 word.
    fn word(gen: &mut Gen<Self>) -> Word<Self> {
        <Self::Engine as Engine>::word(gen).bits()
    }

    /// `out.len()` raw words, bit for bit [`word`](Self::word) called once
    /// per element: `bx_<e>_fill_u32`.
    fn fill(gen: &mut Gen<Self>, out: &mut [Word<Self>]) {
        <<Self::Engine as Engine>::Word as RawWord>::fill::<Self::Engine>(gen, out);
    }

    /// Whether a state file's generator may become a handle
    /// (`BX_BAD_STATE` otherwise): every one by default.
    fn loadable(gen: &Gen<Self>) -> Result<(), bx_status> {
        let _ = gen;
        Ok(())
    }
}

/// A state file's layout as a call gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Layout {
    /// The engine has one layout.
    One,
    /// A named layout (`ts`, `ra2`).
    Named(&'static str),
    /// An enumeration constant that names none (`BX_BAD_ARGUMENT`).
    Unknown,
}

impl Layout {
    fn name(self) -> Result<Option<&'static str>, bx_status> {
        match self {
            Layout::One => Ok(None),
            Layout::Named(n) => Ok(Some(n)),
            Layout::Unknown => Err(BX_BAD_ARGUMENT),
        }
    }
}

/// A new handle owning `gen`.
pub(crate) fn into_handle<H: Handle>(gen: Gen<H>) -> *mut H {
    Box::into_raw(Box::new(gen)).cast()
}

/// The generator behind `h`: `None` for NULL or a pointer misaligned for
/// the generator.
///
/// # Safety
///
/// `h` is NULL, misaligned, or a live handle made by [`into_handle`] for
/// this `H`, not freed, that nothing else reads or writes for `'a`.
pub(crate) unsafe fn gen_mut<'a, H: Handle>(h: *mut H) -> Option<&'a mut Gen<H>> {
    let p = h.cast::<Gen<H>>();
    if !p.is_aligned() {
        return None;
    }
    // SAFETY: `as_mut` checks NULL; otherwise `p` is aligned and, by the
    // contract, the box's live, initialised generator with no other access.
    unsafe { p.as_mut() }
}

/// The generator behind `h`, read-only: `None` for NULL or misaligned.
///
/// # Safety
///
/// `h` is NULL, misaligned, or a live handle of this `H` that nothing
/// writes for `'a` (other readers are fine: the generators are `Sync`).
pub(crate) unsafe fn gen_ref<'a, H: Handle>(h: *const H) -> Option<&'a Gen<H>> {
    let p = h.cast::<Gen<H>>();
    if !p.is_aligned() {
        return None;
    }
    // SAFETY: `as_ref` checks NULL; otherwise `p` is aligned and, by the
    // contract, a live generator nobody writes meanwhile.
    unsafe { p.as_ref() }
}

/// `bx_<e>_new`: a handle seeded with `seed` (the engine's seed in the low
/// bits), default options. NULL only if the library panicked.
pub(crate) fn new<H: Handle>(seed: u64) -> *mut H {
    new_with::<H>(|| H::Engine::seeded(seed, &Options::default()))
}

/// A handle owning `make()`; NULL if `make` panics (a bug: constructors are
/// plain arithmetic).
pub(crate) fn new_with<H: Handle>(make: impl FnOnce() -> Gen<H>) -> *mut H {
    guard(ptr::null_mut(), || into_handle::<H>(make()))
}

/// A handle from a fallible constructor, stored in `*out`:
/// `BX_NULL_POINTER` when `out` is unusable (nothing made), else the
/// constructor's status, with `*out` = NULL on failure.
///
/// # Safety
///
/// `out` is NULL, misaligned, or valid for writing a pointer.
pub(crate) unsafe fn new_into<H: Handle>(
    out: *mut *mut H,
    make: impl FnOnce() -> Result<Gen<H>, bx_status>,
) -> bx_status {
    let Ok(dst) = out_ptr(out) else {
        return BX_NULL_POINTER;
    };
    let (handle, st) = match guard(Err(crate::BX_PANIC), make) {
        Ok(g) => (into_handle::<H>(g), crate::BX_OK),
        Err(s) => (ptr::null_mut(), s),
    };
    // SAFETY: `dst` is checked non-NULL and aligned; writable by the contract.
    unsafe { put(dst, handle) };
    st
}

/// `bx_<e>_free`: NULL does nothing.
///
/// # Safety
///
/// `h` is NULL or a live handle of this `H` from [`into_handle`], not used
/// by another thread, and not freed before.
pub(crate) unsafe fn free<H: Handle>(h: *mut H) {
    if !h.is_null() {
        // SAFETY: by the contract `h` is `Box::into_raw` of a `Box<Gen<H>>`
        // (cast to the opaque type) and is freed once.
        drop(unsafe { Box::from_raw(h.cast::<Gen<H>>()) });
    }
}

/// `f` on the generator behind `h`; `default` for a NULL or misaligned
/// handle (nothing drawn) or a panic.
///
/// # Safety
///
/// As [`gen_mut`].
pub(crate) unsafe fn with_mut<H: Handle, R>(
    h: *mut H,
    default: R,
    f: impl FnOnce(&mut Gen<H>) -> R,
) -> R {
    // SAFETY: the caller's contract is `gen_mut`'s.
    match unsafe { gen_mut(h) } {
        Some(g) => guard(default, || f(g)),
        None => default,
    }
}

/// `f` on the read-only generator behind `h`; `default` for NULL,
/// misaligned or a panic.
///
/// # Safety
///
/// As [`gen_ref`].
pub(crate) unsafe fn with_ref<H: Handle, R>(
    h: *const H,
    default: R,
    f: impl FnOnce(&Gen<H>) -> R,
) -> R {
    // SAFETY: the caller's contract is `gen_ref`'s.
    match unsafe { gen_ref(h) } {
        Some(g) => guard(default, || f(g)),
        None => default,
    }
}

/// `bx_<e>_next_u32`: one raw word's bits (0 for a NULL handle). 1 word.
///
/// # Safety
///
/// As [`gen_mut`].
pub(crate) unsafe fn next_word<H: Handle>(h: *mut H) -> Word<H> {
    // SAFETY: the caller's contract is `with_mut`'s.
    unsafe { with_mut(h, Word::<H>::default(), H::word) }
}

/// A fallible draw into `*out`: `BX_NULL_POINTER` for a NULL handle or
/// `out` (nothing drawn), the draw's own status, or `BX_OK` with the value
/// written.
///
/// # Safety
///
/// As [`gen_mut`]; `out` is NULL, misaligned, or valid for writing a `T`.
pub(crate) unsafe fn draw_into<H: Handle, T>(
    h: *mut H,
    out: *mut T,
    draw: impl FnOnce(&mut Gen<H>) -> Result<T, bx_status>,
) -> bx_status {
    status(|| {
        let dst = out_ptr(out)?;
        // SAFETY: the caller's contract is `gen_mut`'s.
        let g = unsafe { gen_mut(h) }.ok_or(BX_NULL_POINTER)?;
        let v = draw(g)?;
        // SAFETY: `dst` is checked non-NULL and aligned; writable (contract).
        unsafe { put(dst, v) };
        Ok(())
    })
}

/// Fill `out[0..n]` by `f`: the handle is checked first, then the buffer,
/// so a NULL or misaligned handle, or a NULL or misaligned `out` with
/// `n > 0`, leaves `out` untouched and draws nothing.
///
/// # Safety
///
/// As [`gen_mut`]; when `n > 0`, `out` is NULL, misaligned, or valid for
/// reads and writes of `n` `T`s (integers or floats, which any bytes are)
/// that nothing else touches during the call.
pub(crate) unsafe fn fill_with<H: Handle, T: Copy>(
    h: *mut H,
    out: *mut T,
    n: usize,
    f: impl FnOnce(&mut Gen<H>, &mut [T]),
) {
    // SAFETY: the caller's contract is `gen_mut`'s.
    let Some(g) = (unsafe { gen_mut(h) }) else {
        return;
    };
    // SAFETY: `out` is NULL, misaligned or valid for `n` elements (contract).
    let Some(buf) = (unsafe { crate::slice_out(out, n) }) else {
        return;
    };
    guard((), || f(g, buf));
}

/// `bx_<e>_fill_u32`: `n` raw words, as `n` calls of `bx_<e>_next_u32`.
///
/// # Safety
///
/// As [`fill_with`].
pub(crate) unsafe fn fill<H: Handle>(h: *mut H, out: *mut Word<H>, n: usize) {
    // SAFETY: the caller's contract is `fill_with`'s.
    unsafe { fill_with(h, out, n, H::fill) }
}

/// `bx_<e>_discard`: spend `words` raw words unread, fast. `BX_OK`;
/// `BX_NULL_POINTER` for a NULL handle; `BX_BOUND_TOO_LARGE` (nothing
/// spent) past [`Handle::MAX_DISCARD`].
///
/// # Safety
///
/// As [`gen_mut`].
pub(crate) unsafe fn discard<H: Handle>(h: *mut H, words: u64) -> bx_status {
    status(|| {
        // SAFETY: the caller's contract is `gen_mut`'s.
        let g = unsafe { gen_mut(h) }.ok_or(BX_NULL_POINTER)?;
        if words > H::MAX_DISCARD {
            return Err(BX_BOUND_TOO_LARGE);
        }
        H::Engine::discard(g, words);
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::surface::sots::bx_sots_rng;

    #[test]
    fn a_null_or_misaligned_handle_leaves_the_buffer() {
        let mut buf = [0xA5A5_A5A5u32; 8];
        // SAFETY: NULL handle, valid buffer.
        unsafe { fill::<bx_sots_rng>(ptr::null_mut(), buf.as_mut_ptr(), 8) };
        assert_eq!(buf, [0xA5A5_A5A5; 8]);
        // Address 1: misaligned for the generator (any alignment above 1).
        let misaligned = ptr::without_provenance_mut::<bx_sots_rng>(1);
        // SAFETY: a misaligned handle is refused before any access.
        unsafe { fill(misaligned, buf.as_mut_ptr(), 8) };
        assert_eq!(buf, [0xA5A5_A5A5; 8]);
        let h = new::<bx_sots_rng>(5489);
        // SAFETY: a live handle and a valid buffer.
        unsafe { fill(h, buf.as_mut_ptr(), 8) };
        assert_eq!(buf[0], 3_499_211_612);
        // SAFETY: `h` is live and freed once.
        unsafe { free(h) };
    }

    #[test]
    fn a_discard_past_the_limit_spends_nothing() {
        let h = new::<bx_sots_rng>(1);
        // SAFETY: a live handle.
        let st = unsafe { discard(h, <bx_sots_rng as Handle>::MAX_DISCARD + 1) };
        assert_eq!(st, BX_BOUND_TOO_LARGE);
        // SAFETY: as above.
        assert_eq!(unsafe { with_ref(h, 9, |g| g.position()) }, 0);
        // SAFETY: `h` is live and freed once.
        unsafe { free(h) };
        // SAFETY: NULL is refused before any access.
        let st = unsafe { discard::<bx_sots_rng>(ptr::null_mut(), 1) };
        assert_eq!(st, BX_NULL_POINTER);
    }

    #[test]
    fn a_handle_out_pointer_gets_null_on_failure() {
        let mut out = ptr::without_provenance_mut::<bx_sots_rng>(8);
        // SAFETY: `out` is a valid place for a pointer.
        let st = unsafe { new_into::<bx_sots_rng>(&mut out, || Err(BX_BAD_ARGUMENT)) };
        assert_eq!((st, out.is_null()), (BX_BAD_ARGUMENT, true));
        // SAFETY: NULL `out` is refused before `make` runs.
        let st = unsafe { new_into::<bx_sots_rng>(ptr::null_mut(), || unreachable!()) };
        assert_eq!(st, BX_NULL_POINTER);
    }
}
