//! Identification of laige states (SPEC 3): `mix` and the step are
//! bijections, so a saved state walks back to its seeding state, and a
//! substream's seed gives its id relative to a master seed.

use super::{
    mix, step_state, Prng, StateError, MIX_MULTIPLIER_A, MIX_MULTIPLIER_B, SPLITMIX64_INCREMENT,
    STATE_LEN,
};
use crate::engine::{Bound, DiffError, Identification, NotReachable, Reason, Unit};

/// The default bound on draws walked (10^8: about half a second in a
/// release build).
pub const DEFAULT_MAX_DRAWS: u64 = 100_000_000;

/// Inverse of an odd number modulo 2^64 (Newton: correct bits double each step).
const fn inverse_mod_2_64(a: u64) -> u64 {
    let mut x: u64 = 1;
    let mut i = 0;
    while i < 7 {
        x = x.wrapping_mul(2u64.wrapping_sub(a.wrapping_mul(x)));
        i += 1;
    }
    x
}

const INV_A: u64 = inverse_mod_2_64(MIX_MULTIPLIER_A);
const INV_B: u64 = inverse_mod_2_64(MIX_MULTIPLIER_B);
const INV_K: u64 = inverse_mod_2_64(SPLITMIX64_INCREMENT);

/// Invert `y = x ^ (x >> shift)`.
const fn undo_xor_shr(y: u64, shift: u32) -> u64 {
    let mut x = y;
    let mut fixed = shift;
    while fixed < 64 {
        x = y ^ (x >> shift);
        fixed += shift;
    }
    x
}

/// Invert `y = x ^ (x << shift)`.
const fn undo_xor_shl(y: u64, shift: u32) -> u64 {
    let mut x = y;
    let mut fixed = shift;
    while fixed < 64 {
        x = y ^ (x << shift);
        fixed += shift;
    }
    x
}

/// The inverse of [`mix`](super::mix).
pub const fn unmix(z: u64) -> u64 {
    let z = undo_xor_shr(z, 31).wrapping_mul(INV_B);
    let z = undo_xor_shr(z, 27).wrapping_mul(INV_A);
    undo_xor_shr(z, 30)
}

/// The inverse of [`step_state`](super::step_state): the state one draw earlier.
pub const fn unstep_state(part1: u64, part2: u64) -> (u64, u64) {
    // After a step: part1 = o1, part2 = t ^ o1 ^ (t >> 18) ^ (o1 >> 5), t = o0 ^ (o0 << 23).
    let o1 = part1;
    let t = undo_xor_shr(part2 ^ o1 ^ (o1 >> 5), 18);
    (undo_xor_shl(t, 23), o1)
}

/// Whether `(part1, part2)` is the seeding state of some seed, and which.
fn seed_of_state(part1: u64, part2: u64) -> Option<u64> {
    let z = unmix(part1);
    (mix(z.wrapping_add(SPLITMIX64_INCREMENT)) == part2)
        .then(|| z.wrapping_sub(SPLITMIX64_INCREMENT))
}

/// Walk `(part1, part2)` back, at most `max_draws` draws, to a seeding state:
/// the seed and the draws since. Needs no seed: the seeding state is
/// recognised by `mix(unmix(part1) + K) == part2` (a chance match is a
/// 2^-64 event per draw).
///
/// Identified means replayed (SPEC 8): `Prng::new(seed)` jumped ahead by the
/// draws found ([`Prng::jump`], no stepping) must give both state words; a
/// candidate that does not is passed over and the walk goes on.
pub fn identify(part1: u64, part2: u64, max_draws: u64) -> Result<Identification, NotReachable> {
    identify_until(part1, part2, max_draws, &|| false)
}

/// [`identify`], polling `stop` every 2^16 draws walked: when it returns
/// true the walk ends with [`Reason::Stopped`].
pub fn identify_until(
    part1: u64,
    part2: u64,
    max_draws: u64,
    stop: &dyn Fn() -> bool,
) -> Result<Identification, NotReachable> {
    let (mut p1, mut p2) = (part1, part2);
    let mut draws = 0;
    loop {
        if let Some(seed) = seed_of_state(p1, p2) {
            if replays_to(seed, draws, part1, part2) {
                return Ok(Identification {
                    seed,
                    words_drawn: draws,
                });
            }
        }
        if draws == max_draws {
            return Err(NotReachable::new(
                Reason::Beyond(Bound {
                    max: max_draws,
                    unit: Unit::Draws,
                }),
                format_args!("no seeding state within {max_draws} draws before this state"),
            ));
        }
        if draws & 0xffff == 0xffff && stop() {
            return Err(NotReachable::new(
                Reason::Stopped(Bound {
                    max: draws + 1,
                    unit: Unit::Draws,
                }),
                format_args!(
                    "stopped after walking back {} of {max_draws} draws: no seeding state that near",
                    draws + 1
                ),
            ));
        }
        (p1, p2) = unstep_state(p1, p2);
        draws += 1;
    }
}

/// Whether `Prng::new(seed)` after `draws` draws has state `(part1, part2)`.
pub fn replays_to(seed: u64, draws: u64, part1: u64, part2: u64) -> bool {
    let mut prng = Prng::new(seed);
    prng.jump(draws.into());
    (prng.state_part1(), prng.state_part2()) == (part1, part2)
}

/// The substream seed is not `master + id · K` for any 32-bit id (it may
/// still be a substream of a substream: derivation composes, the ids add).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SubstreamError {
    /// `(substream − master) · K⁻¹ mod 2^64`: the id it would need.
    pub id: u64,
}

impl core::fmt::Display for SubstreamError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "not one substream of this master: its id would be {}, beyond 32 bits (nested \
             substreams add their ids, so a chain of them may still lead here)",
            self.id
        )
    }
}

impl core::error::Error for SubstreamError {}

/// The id of a substream, from its seed and the master seed: `K` is odd,
/// so `id = (substream − master) · K⁻¹ mod 2^64`, which must fit 32 bits.
pub fn substream_id(master_seed: u64, substream_seed: u64) -> Result<u32, SubstreamError> {
    let id = substream_seed.wrapping_sub(master_seed).wrapping_mul(INV_K);
    u32::try_from(id).map_err(|_| SubstreamError { id })
}

/// Draws from state A to state B (B minus A), walking at most `max_draws`
/// forward and, failing that, backward. Seeds are not needed.
pub fn words_between(a: &Prng, b: &Prng, max_draws: u64) -> Result<u64, DiffError> {
    let target = (b.state_part1(), b.state_part2());
    let (mut fwd, mut back) = (
        (a.state_part1(), a.state_part2()),
        (a.state_part1(), a.state_part2()),
    );
    for draws in 0..=max_draws {
        if fwd == target {
            return Ok(draws);
        }
        if back == target {
            return Err(DiffError::BeforeA {
                words: draws,
                unit: Unit::Draws,
            });
        }
        fwd = step_state(fwd.0, fwd.1);
        back = unstep_state(back.0, back.1);
    }
    Err(DiffError::NotReachable {
        bound: Bound {
            max: max_draws,
            unit: Unit::Draws,
        },
    })
}

/// Read a 24-byte state file: seed, part1, part2 (little-endian u64).
pub fn decode_state(bytes: &[u8]) -> Result<Prng, StateError> {
    if bytes.len() != STATE_LEN {
        return Err(StateError::WrongLength { len: bytes.len() });
    }
    let word = |i: usize| {
        let mut w = [0u8; 8];
        w.copy_from_slice(&bytes[i * 8..i * 8 + 8]);
        u64::from_le_bytes(w)
    };
    Prng::from_state(word(0), word(1), word(2))
}

/// Write the 24-byte state file of a stream.
pub fn encode_state(prng: &Prng) -> [u8; STATE_LEN] {
    let mut out = [0u8; STATE_LEN];
    for (chunk, w) in
        out.chunks_exact_mut(8)
            .zip([prng.seed(), prng.state_part1(), prng.state_part2()])
    {
        chunk.copy_from_slice(&w.to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inverses() {
        assert_eq!(MIX_MULTIPLIER_A.wrapping_mul(INV_A), 1);
        assert_eq!(MIX_MULTIPLIER_B.wrapping_mul(INV_B), 1);
        assert_eq!(SPLITMIX64_INCREMENT.wrapping_mul(INV_K), 1);
        let mut z = 0x0123_4567_89ab_cdefu64;
        for _ in 0..10_000 {
            assert_eq!(unmix(mix(z)), z);
            assert_eq!(mix(unmix(z)), z);
            let (a, b) = step_state(z, !z);
            assert_eq!(unstep_state(a, b), (z, !z));
            z = z.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        }
    }
}
