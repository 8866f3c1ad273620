//! OpenRA in the engine contract ([`crate::engine`]): `Next()`,
//! `Next(low, high)` and `NextFloat()` as taps ([`Tap`], `tap.rs`); seeds are
//! C# `int`s (searched and reported as
//! their 32-bit patterns); no state files; the seed search is
//! [`super::recover`] (the `next` tap).

use super::tap::Tap;
use super::MersenneTwister;
use crate::engine::tap::Taps;
#[cfg(feature = "alloc")]
use crate::engine::Recovered;
use crate::engine::{
    snapshot, Engine, Info, Options, RecoverInfo, SeedKind, StateError, StateKind, Value,
};
use crate::mt19937::{Mt19937, N};

/// A snapshot's length: the block, `left`, `Last` and `TotalCount`.
const SNAPSHOT_LEN: usize = N * 4 + 16;

/// OpenRA's `MersenneTwister` as an [`Engine`].
#[derive(Clone, Copy, Debug)]
pub struct Openra;

impl crate::engine::Sealed for Openra {}

impl Engine for Openra {
    type Gen = MersenneTwister;
    type Tap = Tap;
    type Word = i32;

    const CHECKS: &'static [crate::engine::Check] = super::selftest::CHECKS;
    const INFO: Info = Info {
        name: "openra",
        title: "MersenneTwister",
        about: "Knuth-seeded MT19937 with OpenRA's Next, Next(low, high) and NextFloat",
        family_about: "OpenRA's MersenneTwister (SharedRandom): Next, Next(low, high), NextFloat",
        seeding: "A new `MersenneTwister(seed)` (C#'s int seed; Knuth seeding, the first draw \
                  twists); `Last` 0, `TotalCount` 0",
        raw: "`Next()`: the tempered word mod 2147483647",
        seed: SeedKind::I32,
        taps: Tap::TABLE,
        recover: Some(RecoverInfo {
            note: "seeds are searched as 32-bit patterns (--seed-range 0..4294967296; OpenRA's \
                   negative int seed S is S + 4294967296) and printed as OpenRA's int (JSON: \
                   seed, the pattern, and int_seed)",
            needs_range: false,
            offset_note: "",
        }),
        ..Info::DEFAULTS
    };

    fn outcomes(tap: Tap) -> Option<f64> {
        match tap {
            Tap::Next => Some(2_147_483_647.0),
            Tap::Range(lo, hi) => Some((i64::from(hi) - i64::from(lo)).max(1) as f64),
            Tap::Float => None,
        }
    }

    fn seeded(seed: u64, _options: &Options) -> MersenneTwister {
        MersenneTwister::new(seed as u32 as i32)
    }

    /// `Next()`.
    fn word(gen: &mut MersenneTwister) -> i32 {
        gen.next()
    }

    fn call(gen: &mut MersenneTwister, tap: Tap) -> (Value, u64) {
        let before = gen.total_count();
        let v = match tap {
            Tap::Next => Value::I32(gen.next()),
            // Checked when parsed: high >= low.
            Tap::Range(lo, hi) => Value::I32(gen.next_range(lo, hi).unwrap_or(lo)),
            Tap::Float => Value::F32(gen.next_float()),
        };
        (v, gen.total_count() - before)
    }

    fn fixed_words(tap: Tap) -> Option<u64> {
        Some(match tap {
            Tap::Next | Tap::Float => 1,
            Tap::Range(lo, hi) => u64::from(hi.wrapping_sub(lo) > 1),
        })
    }

    fn discard(gen: &mut MersenneTwister, words: u64) {
        gen.discard(words);
    }

    /// No state file, so its own bytes: the block, `left`, `Last` and
    /// `TotalCount`, little-endian (2512 bytes).
    #[cfg(feature = "alloc")]
    fn snapshot(gen: &MersenneTwister) -> crate::engine::Saved {
        let mt = gen.mt();
        let mut b: alloc::vec::Vec<u8> = mt.state().iter().flat_map(|w| w.to_le_bytes()).collect();
        b.extend_from_slice(&mt.left().to_le_bytes());
        b.extend_from_slice(&gen.last().to_le_bytes());
        b.extend_from_slice(&gen.total_count().to_le_bytes());
        Ok(b)
    }

    /// `TotalCount` counts the words since seeding: the block must be able
    /// to show it, and `Last` is 0 before the first draw.
    fn restore(b: &[u8]) -> Result<MersenneTwister, StateError> {
        if b.len() != SNAPSHOT_LEN {
            return Err(snapshot::wrong_length(
                Self::INFO.title,
                b.len(),
                SNAPSHOT_LEN,
            ));
        }
        let word =
            |k: usize| u32::from_le_bytes([b[4 * k], b[4 * k + 1], b[4 * k + 2], b[4 * k + 3]]);
        let block: [u32; N] = core::array::from_fn(word);
        let left = word(N);
        let last = word(N + 1) as i32;
        let mut total = [0u8; 8];
        total.copy_from_slice(&b[N * 4 + 8..]);
        let total = snapshot::position(u64::from_le_bytes(total))?;
        let mut mt =
            Mt19937::from_state(block, left).map_err(|e| StateError::new(StateKind::Field, e))?;
        if !mt.set_position(total) || (total == 0 && last != 0) {
            return Err(snapshot::counter_not_shown(Self::INFO.title));
        }
        Ok(MersenneTwister::from_parts(mt, last, total))
    }

    #[cfg(feature = "alloc")]
    fn recover(tap: Tap, values: &[&str], max_offset: Option<u64>, _: &Options) -> Recovered {
        super::recover::query(tap, values, max_offset.unwrap_or(0))
    }
}

crate::engine::rand::rand_core_impls!(MersenneTwister, u32 | g | g.next_word(), |s| {
    MersenneTwister::new(s as i32)
});
