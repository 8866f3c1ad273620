//! Runtime CPU-feature dispatch for the hot loops (the one place besides the
//! x87 oracle where `unsafe` is allowed).
//!
//! The hot loops (seed searches) are written as plain lane-wise Rust, which
//! the compiler vectorises. Built for baseline x86_64 that means SSE2, which
//! has no 32-bit vector multiply; [`avx2_dispatch!`] compiles the same body a
//! second time with AVX2 enabled and picks it at run time when the CPU has
//! it, so the binary stays portable. Both copies are the same source and
//! integer arithmetic only, so their results are identical.

/// Define `pub fn $name(&self, args…) -> ret` on `$ty` that runs
/// `self.$body(args…)` — an `#[inline(always)]` method — compiled for AVX2
/// when this CPU supports it (x86_64 with `std`), else as built.
macro_rules! avx2_dispatch {
    ($(#[$attr:meta])* $ty:ty, fn $name:ident(&self $(, $arg:ident : $argty:ty)*) -> $ret:ty => $body:ident) => {
        $(#[$attr])*
        pub fn $name(&self $(, $arg: $argty)*) -> $ret {
            #[cfg(all(feature = "std", target_arch = "x86_64"))]
            {
                #[target_feature(enable = "avx2")]
                fn avx2(this: &$ty $(, $arg: $argty)*) -> $ret {
                    this.$body($($arg),*)
                }
                if std::is_x86_feature_detected!("avx2") {
                    #[allow(unsafe_code)]
                    // SAFETY: `avx2` differs from the plain body only in being
                    // compiled with AVX2 enabled; calling it is sound exactly
                    // when the CPU supports AVX2, which was just checked.
                    return unsafe { avx2(self $(, $arg)*) };
                }
            }
            self.$body($($arg),*)
        }
    };
}

pub(crate) use avx2_dispatch;
