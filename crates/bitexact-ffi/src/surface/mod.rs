//! The C surface every engine shares (SPEC 9's naming rule): for each engine of
//! the library's list, `bx_<e>_new`, `_free`, the raw word, `_fill_*`, `_discard`
//! and, for an engine with one state layout identified by a walk, `_save_state`,
//! `_load_state` and `_identify`; and the `BX_ENGINE_*` numbers of `bx_recover`.
//! Generated from the engine list by `tests/surface.rs`: do not edit.
//! Regenerate with `BITEXACT_BLESS=1 cargo test -p bitexact-ffi --test surface`.

pub mod dotnet;
pub mod generals;
pub mod laige;
pub mod openra;
pub mod sots;
pub mod westwood;
pub mod westwood_random;
pub mod westwood_random3;
pub mod westwood_random4;

/// A generator in the list, for calls that take one by number.
pub type bx_engine = u32;
/// Sword of the Stars "Mars" MT19937 (`sots`).
pub const BX_ENGINE_SOTS: bx_engine = 0;
/// laige Prng (`laige`).
pub const BX_ENGINE_LAIGE: bx_engine = 1;
/// RandomClass (`westwood --class random`).
pub const BX_ENGINE_WESTWOOD_RANDOM: bx_engine = 2;
/// Random2Class (`westwood`).
pub const BX_ENGINE_WESTWOOD: bx_engine = 3;
/// Random3Class (`westwood --class random3`).
pub const BX_ENGINE_WESTWOOD_RANDOM3: bx_engine = 4;
/// Random4Class (`westwood --class random4`).
pub const BX_ENGINE_WESTWOOD_RANDOM4: bx_engine = 5;
/// MersenneTwister (`openra`).
pub const BX_ENGINE_OPENRA: bx_engine = 6;
/// GameLogicRandom (`generals`).
pub const BX_ENGINE_GENERALS: bx_engine = 7;
/// System.Random (`dotnet`).
pub const BX_ENGINE_DOTNET: bx_engine = 8;

// Each constant is its generator's index in the library's list.
const _: () = {
    use bitexact::engines::Id;
    let all = Id::ALL;
    assert!(matches!(all[BX_ENGINE_SOTS as usize], Id::Sots));
    assert!(matches!(all[BX_ENGINE_LAIGE as usize], Id::Laige));
    assert!(matches!(
        all[BX_ENGINE_WESTWOOD_RANDOM as usize],
        Id::Random
    ));
    assert!(matches!(all[BX_ENGINE_WESTWOOD as usize], Id::Random2));
    assert!(matches!(
        all[BX_ENGINE_WESTWOOD_RANDOM3 as usize],
        Id::Random3
    ));
    assert!(matches!(
        all[BX_ENGINE_WESTWOOD_RANDOM4 as usize],
        Id::Random4
    ));
    assert!(matches!(all[BX_ENGINE_OPENRA as usize], Id::Openra));
    assert!(matches!(all[BX_ENGINE_GENERALS as usize], Id::Generals));
    assert!(matches!(all[BX_ENGINE_DOTNET as usize], Id::Dotnet));
    assert!(all.len() == 9);
};
