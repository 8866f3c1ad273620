//! rand_core's traits for every generator (feature `rand_core`): `TryRng`
//! (so `rand_core::Rng`) with the raw words, and `SeedableRng` with the
//! generator's own seeding. One macro, invoked once in each engine module.

/// `rand_core_impls!(Type, u32 |g| raw u32 expression, |seed| constructor)`: `TryRng` drawing `next_u32` from the raw word
/// (`next_u64` two of them, low word first: rand_core's convention, not a
/// game call) and `SeedableRng` from a little-endian seed of the
/// generator's width.
///
/// A 64-bit generator passes `u64` words instead: `rand_core_impls!(Type,
/// u64 |g| …, |s| …)` makes `next_u64` the raw draw and `next_u32` its
/// high half.
#[allow(unused_macros)]
macro_rules! rand_core_impls {
    ($ty:ty, u32 |$g:ident| $word:expr, |$s:ident| $new:expr) => {
        #[cfg(feature = "rand_core")]
        impl rand_core::TryRng for $ty {
            type Error = core::convert::Infallible;
            fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
                let $g = self;
                Ok($word)
            }
            fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
                rand_core::utils::next_u64_via_u32(self)
            }
            fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
                rand_core::utils::fill_bytes_via_next_word(dst, || self.try_next_u32())
            }
        }

        $crate::engine::rand::seedable!($ty, 4, |$s| $new);
    };
    ($ty:ty, u64 |$g:ident| $word:expr, |$s:ident| $new:expr) => {
        #[cfg(feature = "rand_core")]
        impl rand_core::TryRng for $ty {
            type Error = core::convert::Infallible;
            /// The high half of a 64-bit draw (rand_core's convention; not
            /// a game call).
            fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
                self.try_next_u64().map(|w| (w >> 32) as u32)
            }
            fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
                let $g = self;
                Ok($word)
            }
            fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
                rand_core::utils::fill_bytes_via_next_word(dst, || self.try_next_u64())
            }
        }

        $crate::engine::rand::seedable!($ty, 8, |$s| $new);
    };
}

/// `SeedableRng` from a little-endian seed of `$n` bytes (4 or 8).
#[allow(unused_macros)]
macro_rules! seedable {
    ($ty:ty, 4, |$s:ident| $new:expr) => {
        #[cfg(feature = "rand_core")]
        impl rand_core::SeedableRng for $ty {
            type Seed = [u8; 4];
            /// The game's seeding of the little-endian 32-bit seed.
            fn from_seed(seed: [u8; 4]) -> Self {
                let $s = u32::from_le_bytes(seed);
                $new
            }
            /// The game's seeding of the low 32 bits of `state` (rand_core's
            /// default would scramble it first; this keeps the game's seed).
            fn seed_from_u64(state: u64) -> Self {
                let $s = state as u32;
                $new
            }
        }
    };
    ($ty:ty, 8, |$s:ident| $new:expr) => {
        #[cfg(feature = "rand_core")]
        impl rand_core::SeedableRng for $ty {
            type Seed = [u8; 8];
            /// The game's seeding of the little-endian 64-bit seed.
            fn from_seed(seed: [u8; 8]) -> Self {
                let $s = u64::from_le_bytes(seed);
                $new
            }
            /// The game's seeding of `state` itself.
            fn seed_from_u64(state: u64) -> Self {
                let $s = state;
                $new
            }
        }
    };
}

#[allow(unused_imports)]
pub(crate) use {rand_core_impls, seedable};
