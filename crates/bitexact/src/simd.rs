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
/// `name`, which runs `kernel` compiled with AVX2 when the CPU has AVX2 and
/// the portable `kernel` otherwise. `kernel` must be `#[inline(always)]` so
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
                if ::std::is_x86_feature_detected!("avx2") {
                    // SAFETY: `avx2` is `kernel` compiled with AVX2 enabled;
                    // calling it is sound exactly when the CPU executes AVX2
                    // instructions, which the run-time check just confirmed.
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
