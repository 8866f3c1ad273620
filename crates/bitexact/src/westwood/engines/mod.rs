//! Westwood's WWLib classes in the engine contract ([`crate::engine`]): one
//! family, `westwood`, of four generators sharing one tap vocabulary (`raw`,
//! `ranged:MIN,MAX`, `double`, and `float` for Random4Class).
//!
//! `Random2Class` (the default class, `random2_class.rs`) has TS and RA2
//! state files and identifies by searching seeds
//! ([`Identified::Search`](crate::engine::Identified::Search));
//! `Random4Class` (`random4_class.rs`) has 2500-byte states and walks back;
//! `RandomClass` and `Random3Class` (here) have no state files.

mod calls;
mod random2_class;
mod random4_class;

pub use calls::Tap;
#[cfg(feature = "alloc")]
pub(crate) use calls::TAPS;
pub use random2_class::{Random2Class, MAX_IDENTIFY_DRAWS};
pub use random4_class::{Random4Class, DEFAULT_MAX_TWISTS, MAX_TWISTS};

use super::{Random3, RandomLcg};
#[cfg(feature = "alloc")]
use crate::engine::Recovered;
use crate::engine::{Engine, Info, Options, TapError, Value};

/// `RandomClass`: the 15-bit LCG.
#[derive(Clone, Copy, Debug)]
pub struct RandomClass;

/// `Random3Class`: the pseudo-DES hash used directly.
#[derive(Clone, Copy, Debug)]
pub struct Random3Class;

impl crate::engine::Sealed for RandomClass {}
impl crate::engine::Sealed for Random3Class {}

/// The whole state of a WWLib class without state files: its snapshot's
/// words.
trait Whole {
    /// How many words it is (at most 2).
    const WORDS: usize;
    /// Its words; only the first [`WORDS`](Self::WORDS) count.
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))] // the snapshot needs alloc
    fn words(&self) -> [u32; 2];
    /// The generator at `words`' state (the first `WORDS` of them).
    fn of(words: [u32; 2]) -> Self;
}

impl Whole for RandomLcg {
    const WORDS: usize = 1;
    fn words(&self) -> [u32; 2] {
        [self.seed(), 0]
    }
    fn of([seed, _]: [u32; 2]) -> Self {
        RandomLcg::new(seed)
    }
}

impl Whole for Random3 {
    const WORDS: usize = 2;
    fn words(&self) -> [u32; 2] {
        [self.seed(), self.index()]
    }
    fn of([seed, index]: [u32; 2]) -> Self {
        Random3::with_index(seed, index)
    }
}

/// The engine impl of a WWLib class without state files.
macro_rules! stateless_class {
    ($engine:ident, $gen:ty, $class:literal, $title:literal, $about:literal, $seeding:literal, $raw:literal) => {
        impl Engine for $engine {
            type Gen = $gen;
            type Tap = Tap;
            type Word = i32;

            const INFO: Info = Info {
                name: "westwood",
                class: Some($class),
                default_class: false,
                title: $title,
                about: $about,
                seeding: $seeding,
                raw: $raw,
                family_about: calls::FAMILY_ABOUT,
                taps: calls::TAPS,
                recover: calls::RECOVER,
                ..Info::DEFAULTS
            };

            fn seeded(seed: u64, _options: &Options) -> $gen {
                <$gen>::new(seed as u32)
            }

            fn word(gen: &mut $gen) -> i32 {
                gen.raw()
            }

            fn tap(name: &str, args: &[&str], ledger: bool) -> Result<Tap, TapError> {
                calls::tap(name, args, ledger, Self::INFO.taps)
            }

            fn call(gen: &mut $gen, tap: Tap) -> (Value, u64) {
                calls::call(gen, tap, |_| 0.0)
            }

            fn fixed_words(tap: Tap) -> Option<u64> {
                calls::fixed_words(tap)
            }

            fn discard(gen: &mut $gen, words: u64) {
                gen.discard(words);
            }

            /// The whole state (the seed, and Random3Class's index), 4 bytes
            /// little-endian each.
            #[cfg(feature = "alloc")]
            fn snapshot(gen: &$gen) -> crate::engine::Saved {
                let n = <$gen as Whole>::WORDS;
                Ok(Whole::words(gen)[..n]
                    .iter()
                    .flat_map(|w| w.to_le_bytes())
                    .collect())
            }

            fn restore(bytes: &[u8]) -> Result<$gen, crate::engine::StateError> {
                let n = <$gen as Whole>::WORDS;
                if bytes.len() != 4 * n {
                    return Err(crate::engine::snapshot::wrong_length(
                        $title,
                        bytes.len(),
                        4 * n,
                    ));
                }
                let mut words = [0u32; 2];
                for (w, b) in words.iter_mut().zip(bytes.chunks_exact(4)) {
                    *w = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
                }
                Ok(<$gen as Whole>::of(words))
            }

            #[cfg(feature = "alloc")]
            fn recover(
                tap: Tap,
                values: &[&str],
                max_offset: Option<u64>,
                _: &Options,
            ) -> Recovered {
                super::recover_classes::query::<$gen>(tap, values, max_offset.unwrap_or(0))
            }
        }
    };
}

stateless_class!(
    RandomClass,
    RandomLcg,
    "random",
    "RandomClass",
    "the 15-bit LCG (TD/RA1; default seed 0)",
    "A new `RandomClass(seed)` (WWLib's default seed is 0)",
    "One draw: seed = seed * 0x41C64E6D + 0x3039; (seed >> 10) & 0x7FFF, in 0..=32767"
);
stateless_class!(
    Random3Class,
    Random3,
    "random3",
    "Random3Class",
    "the pseudo-DES hash of (seed, index), used directly",
    "A new `Random3Class(seed, 0)`",
    "The pseudo-DES of (seed, index) as a signed word, then index + 1"
);

// RandomClass's draws are 15 bits; rand_core gets the LCG's whole 32-bit
// state after each step (the word the draw's bits are taken from), one
// draw per word.
crate::engine::rand::rand_core_impls!(
    RandomLcg,
    u32 | g | {
        g.raw();
        g.seed()
    },
    |s| RandomLcg::new(s)
);
crate::engine::rand::rand_core_impls!(Random3, u32 | g | g.raw() as u32, |s| Random3::new(s));
