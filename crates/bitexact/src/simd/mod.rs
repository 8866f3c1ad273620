//! Runtime CPU dispatch for the bulk kernels (`fill` and friends, seed searches).
//!
//! The kernels are portable Rust, written as straight loops over slices and
//! fixed-size arrays so that LLVM vectorises them for whatever target the
//! crate is compiled for (SSE2 on a default x86_64 build). [`dispatch!`]
//! wraps a kernel in a function that, on x86 / x86_64 with the `std` feature,
//! also compiles the **same source** a second time with AVX2 enabled and
//! runs that copy when the CPU reports AVX2 at run time. The kernels it
//! wraps contain no intrinsics and no `std::arch` types: both copies compute
//! the same integers by construction, and the tests compare every fill with
//! the single-draw loop on whichever copy the test machine runs (plus the
//! portable kernels directly, see each fill module's unit tests).
//!
//! (MT19937's and Random2's fills use it, and so do the seed searches of
//! [`crate::recover`]. laige's lane round does not: LLVM
//! does not reliably turn its per-lane transpose into shuffles, so
//! `laige::fill_avx2` writes that one in AVX2 intrinsics, behind its own
//! run-time check, with the portable kernel as the fallback.)
//!
//! Without `std` (no run-time detection in `core`), on other architectures,
//! or when the crate is already compiled with AVX2 (`-C target-cpu=native`
//! on an AVX2 machine), the wrapper is just the portable kernel.

/// `dispatch!(vis fn name<T, F>(a: A, …) -> R where [F: Bound, …] = kernel;)` defines
/// `name`, which runs `kernel` compiled with AVX2 when the CPU has AVX2 (and
/// `BITEXACT_MAX_ISA`, see [`Isa`], does not say `portable`) and the
/// portable `kernel` otherwise. `kernel` must be `#[inline(always)]` so
/// that it is compiled inside the AVX2 copy.
macro_rules! dispatch {
    (
        $(#[$meta:meta])*
        $vis:vis fn $name:ident $(<$($g:ident),+>)?
            ($($a:ident: $t:ty),* $(,)?) $(-> $r:ty)?
            $(where [$($w:tt)*])?
        = $kernel:path;
    ) => {
        $(#[$meta])*
        #[inline]
        $vis fn $name $(<$($g),+>)? ($($a: $t),*) $(-> $r)? $(where $($w)*)? {
            #[cfg(all(
                feature = "std",
                any(target_arch = "x86", target_arch = "x86_64"),
                not(target_feature = "avx2")
            ))]
            {
                #[target_feature(enable = "avx2")]
                fn avx2 $(<$($g),+>)? ($($a: $t),*) $(-> $r)? $(where $($w)*)? {
                    $kernel($($a),*)
                }
                if $crate::simd::Isa::cap() >= $crate::simd::Isa::Avx2
                    && ::std::is_x86_feature_detected!("avx2")
                {
                    // SAFETY: `avx2` is `kernel` compiled with AVX2 enabled;
                    // calling it is sound exactly when the CPU executes AVX2
                    // instructions, which the run-time check just confirmed
                    // (the cap only ever turns the AVX2 copy off).
                    // The kernel itself is safe code (no intrinsics, no raw
                    // pointers), so nothing else is assumed.
                    #[allow(unsafe_code)]
                    let r = unsafe { avx2($($a),*) };
                    return r;
                }
            }
            $kernel($($a),*)
        }
    };
}

pub(crate) use dispatch;

#[cfg(all(feature = "std", target_arch = "x86_64"))]
mod avx2;
#[cfg(all(feature = "std", target_arch = "x86_64"))]
mod avx512;
#[cfg(all(feature = "std", target_arch = "x86_64"))]
mod lanes;
#[cfg(all(test, feature = "std", target_arch = "x86_64"))]
mod soft;
#[cfg(test)]
pub(crate) mod test_support;

#[cfg(all(feature = "std", target_arch = "x86_64"))]
pub(crate) use avx2::{Avx2, U32x8};
#[cfg(all(feature = "std", target_arch = "x86_64"))]
pub(crate) use avx512::{Avx512, U32x16};
#[cfg(all(feature = "std", target_arch = "x86_64"))]
pub(crate) use lanes::{record, Lanes};
#[cfg(all(test, feature = "std", target_arch = "x86_64"))]
pub(crate) use soft::{Soft, Soft16};

/// The instruction sets the explicit `std::arch` kernels of the seed
/// searches are written for (`sots::recover_avx`, `westwood::psdes_avx`:
/// each written once over `simd::Lanes`, for AVX2 and AVX-512F), and the
/// portable kernels beside them.
///
/// A search picks [`Isa::best`] at run time; the tests run every kernel the
/// machine can execute, the portable one included, against a plain scalar
/// scan. The environment variable `BITEXACT_MAX_ISA` (`portable`, `avx2`,
/// `avx512`) caps the pick — of these kernels and of the AVX2 copies
/// [`dispatch!`] makes of the portable ones — to measure the narrower
/// kernels on a wider machine; it changes the speed only (every kernel gives the same hits),
/// and other values are ignored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[allow(dead_code)] // the vector variants exist only where they can run
pub(crate) enum Isa {
    /// The portable Rust kernels (auto-vectorised, see [`dispatch!`]).
    Portable,
    /// Explicit AVX2 kernels (`__m256i`, eight 32-bit lanes).
    Avx2,
    /// Explicit AVX-512F kernels (`__m512i`, sixteen 32-bit lanes).
    Avx512,
}

#[cfg_attr(not(feature = "alloc"), allow(dead_code))] // used by the alloc-gated searches
impl Isa {
    /// The widest kernel this CPU can run.
    #[inline]
    pub(crate) fn best() -> Isa {
        if Isa::Avx512.allowed() {
            Isa::Avx512
        } else if Isa::Avx2.allowed() {
            Isa::Avx2
        } else {
            Isa::Portable
        }
    }

    /// `BITEXACT_MAX_ISA`, read once (the widest set when unset or not one
    /// of `portable`, `avx2`, `avx512`): it caps the explicit kernels and
    /// the AVX2 copies [`dispatch!`] makes alike.
    pub(crate) fn cap() -> Isa {
        #[cfg(feature = "std")]
        {
            static CAP: std::sync::OnceLock<Isa> = std::sync::OnceLock::new();
            *CAP.get_or_init(|| match std::env::var("BITEXACT_MAX_ISA").as_deref() {
                Ok("portable") => Isa::Portable,
                Ok("avx2") => Isa::Avx2,
                _ => Isa::Avx512,
            })
        }
        #[cfg(not(feature = "std"))]
        Isa::Avx512
    }

    /// Whether a search or fill may use this set: the CPU executes it
    /// ([`available`](Self::available)) and `BITEXACT_MAX_ISA` does not cap
    /// it.
    #[inline]
    pub(crate) fn allowed(self) -> bool {
        self <= Isa::cap() && self.available()
    }

    /// Whether this CPU executes the kernel's instructions (the run-time
    /// check every `unsafe` call of a vector kernel relies on).
    #[inline]
    pub(crate) fn available(self) -> bool {
        match self {
            Isa::Portable => true,
            #[cfg(all(feature = "std", target_arch = "x86_64"))]
            Isa::Avx2 => ::std::is_x86_feature_detected!("avx2"),
            #[cfg(all(feature = "std", target_arch = "x86_64"))]
            Isa::Avx512 => ::std::is_x86_feature_detected!("avx512f"),
            #[cfg(not(all(feature = "std", target_arch = "x86_64")))]
            Isa::Avx2 | Isa::Avx512 => false,
        }
    }
}
