//! # bitexact
//!
//! Bit-for-bit reproductions of the random number generators and float32/x87
//! arithmetic of real game engines, for people who reimplement those engines,
//! build lockstep multiplayer or replays, or hunt a desync one ULP or one RNG
//! word wide.
//!
//! | module | what it holds |
//! | --- | --- |
//! | [`mt19937`] | the textbook Mersenne Twister, with untemper / untwist / init inverses |
//! | [`sots`] | Sword of the Stars "Mars": every draw mapping with its word cost, the save's `RNG` item, seed identification |
//! | [`westwood`] | Tiberian Sun / Red Alert 2 / Yuri's Revenge: `Random2Class` seeded by `Random3Class`, `RandomClass`, `Random4Class`, ranged draws with their x86 edges, the TS / RA2 state bytes, the scenario load reset, seed identification (`alloc`) |
//! | [`openra`] | OpenRA's `MersenneTwister` (`SharedRandom`): `Next`, `Next(low, high)`, `NextFloat`, the sync report's `Last` / `TotalCount` |
//! | [`dotnet`] | .NET's seeded `System.Random` (Knuth's subtractive generator as Microsoft wrote it): `Next`, `Next(max)`, `Next(min, max)`, `NextDouble`, `NextBytes`, state identification by undoing the seeding |
//! | [`generals`] | C&C Generals / Zero Hour `GameLogicRandom`: the six-word add-with-carry generator, `value` / `real`, state identification |
//! | [`x87`] | pc53 / pc24 precision models with exact single rounding; ULP distance; the hardware oracle (x86_64) |
//! | [`ledger`] | words spent per entry point and per turn |
//! | [`recover`] | the seeds behind observed values, for every engine (`alloc`) |
//! | [`trace`] | records compared field by field to the bit; MoveFleet replay (`alloc`) |
//! | [`selftest`] | the known-answer vectors of every engine, runnable anywhere |
//! | [`stream`] | the shared vocabulary: engines and taps by name, a stream drawn through one (`alloc`) |
//! | [`sync`] | desync logs as the games write them (Phobos, Vinifera, Ares, Generals, OpenRA) checked against a seed or each other (`std`) |
//! | [`report`] | pages a person looks at: one self-contained HTML page per report (`std`; SPEC 14) |
//! | `scan` | generator sites in PE / ELF x86 images, inlined draws included (feature `scan`) |
//!
//! The crate is `#![no_std]` and has no dependencies. It allocates only in
//! the `alloc`-gated modules that collect an unknown number of things
//! ([`recover`], [`trace`], [`westwood::Candidates`]); the generators, draw
//! mappings, codecs and identification of sots and laige never allocate. The
//! `std` feature (default) implies `alloc` and adds runtime CPU dispatch to
//! the seed searches. The contract it implements
//! is `docs/SPEC.md` in the repository (section numbers in the docs refer to it).
//!
//! ```
//! use bitexact::sots::{Precision, Rng};
//!
//! let mut rng = Rng::new(5489);
//! assert_eq!(rng.next_u32(), 3_499_211_612);
//! let roll = rng.next_int_inclusive(5); // uniform on 0..=5, 1 word + rejections
//! assert!(roll <= 5);
//! rng.set_precision(Precision::Pc24); // a Direct3D 9 process
//! let f = rng.next_float();
//! assert!((0.0..=1.0).contains(&f));
//!
//! // The save's RNG item, and where it sits in its seed's stream.
//! let item = rng.save_state();
//! let state = bitexact::sots::decode_item(&item).unwrap();
//! let id = bitexact::sots::identify(&state, 1000).unwrap();
//! assert_eq!((id.seed, id.words_drawn), (5489, rng.position()));
//! ```
#![no_std]
#![deny(unsafe_code)]
#![warn(missing_docs, missing_debug_implementations, rust_2018_idioms)]
#![warn(clippy::undocumented_unsafe_blocks)]
// Errors carry their message inline (`engine::Text`, a few hundred bytes) so
// the library needs no allocator; they are returned on cold paths only.
#![allow(clippy::result_large_err, clippy::large_enum_variant)]

#[cfg(feature = "alloc")]
#[allow(unused_extern_crates)] // used only by the modules that need a heap
extern crate alloc;
#[cfg(any(feature = "std", test))]
extern crate std;

#[cfg(test)]
mod adversarial_tests;
pub mod dotnet;
pub mod engine;
pub mod engines;
#[cfg(feature = "std")]
pub mod find;
pub mod generals;
pub mod gf2;
#[cfg(feature = "alloc")]
pub mod json;
pub mod laige;
pub mod ledger;
pub mod mt19937;
pub mod num;
pub mod openra;
#[cfg(feature = "std")]
pub mod params;
#[cfg(feature = "alloc")]
pub mod recover;
#[cfg(feature = "std")]
pub mod report;
#[cfg(feature = "scan")]
pub mod scan;
#[cfg(feature = "std")]
pub mod search;
pub mod selftest;
#[cfg(feature = "serde")]
mod serde_array;
mod simd;
pub mod sots;
#[cfg(feature = "alloc")]
pub mod stream;
#[cfg(feature = "std")]
pub mod sync;
mod text;
#[cfg(feature = "alloc")]
pub mod trace;
pub mod westwood;
pub mod x87;

/// The README's code, compiled and run as a doctest so it stays true.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;
