//! An engine's C face: the names and types of the calls every engine has
//! (SPEC 9's naming rule), read from the library's engine list, with the
//! names SPEC 9 and earlier releases fixed kept ([`LEGACY`]).
//!
//! The rule, for an engine of the list: the prefix is its family's name,
//! then `_CLASS` for a class that is not the family's default
//! (`westwood_random4`); the handle is `bx_PREFIX_rng`; the raw word is
//! `bx_PREFIX_next_u32` (`_next_u64` for a 64-bit word) and `_fill_u32`
//! (`_fill_u64`); `_new` takes the seed as the game passes it; `_discard`;
//! and for an engine with one state file layout whose identification walks
//! back (no seed search), `_save_state`, `_load_state` and `_identify`
//! with `BX_PREFIX_STATE_LEN` and the identification's bounds (an engine
//! whose states are not identified: the first two and the length).

use bitexact::engine::{Engine, Info, SeedKind, Unit};
use bitexact::engines::Id;

/// The raw word's call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Raw {
    /// `next_u32` / `next_u64`: the word's bits, unsigned.
    Bits,
    /// `raw`, an `int32_t` (SPEC 9's WWLib name).
    Signed,
}

/// One engine's C face.
#[derive(Clone, Debug)]
pub struct Face {
    /// The engine.
    pub id: Id,
    /// `generals`, `westwood_random4`.
    pub prefix: String,
    /// `bx_generals_rng`.
    pub handle: String,
    /// The handle parameter's name (`rng`).
    pub param: &'static str,
    /// The engine's Rust type, as the list names it
    /// (`$crate::generals::engine::Generals`).
    pub engine: &'static str,
    /// The raw word's call.
    pub raw: Raw,
    /// 64-bit raw words.
    pub wide: bool,
    /// The discard's parameter (`draws`, `words`).
    pub discard: &'static str,
    /// The handle type and its `Handle` impl are the engine's own file's
    /// (it tells C's raw word or loading apart from the library's).
    pub own_handle: bool,
    /// `_new` is the engine's own file's (it takes more than the seed).
    pub own_new: bool,
    /// The raw word's call and the fill are the engine's own file's (C's
    /// raw word is not the library's).
    pub own_raw: bool,
    /// `_save_state`, `_load_state` and `BX_PREFIX_STATE_LEN` are generated
    /// (one layout, one length).
    pub states: bool,
    /// `_identify` and its bounds' constants are generated too (its states
    /// are identified by a walk back, no seed search).
    pub identify: bool,
}

/// The names of the engines that had a C face before it was generated,
/// where they differ from the rule; an engine not listed follows the rule.
struct Legacy {
    prefix: &'static str,
    handle: Option<&'static str>,
    param: Option<&'static str>,
    discard: Option<&'static str>,
    raw: Raw,
    own_handle: bool,
    own_new: bool,
    own_raw: bool,
    /// States by hand (SPEC 9's `bx_sots_identity`; layouts; a seed search).
    own_states: bool,
}

const DEFAULT: Legacy = Legacy {
    prefix: "",
    handle: None,
    param: None,
    discard: None,
    raw: Raw::Bits,
    own_handle: false,
    own_new: false,
    own_raw: false,
    own_states: false,
};

const LEGACY: &[Legacy] = &[
    Legacy {
        prefix: "sots",
        own_states: true,
        ..DEFAULT
    },
    Legacy {
        prefix: "laige",
        handle: Some("bx_laige_prng"),
        param: Some("prng"),
        discard: Some("words"),
        ..DEFAULT
    },
    Legacy {
        prefix: "westwood",
        raw: Raw::Signed,
        own_handle: true,
        own_states: true,
        ..DEFAULT
    },
    Legacy {
        prefix: "westwood_random",
        handle: Some("bx_westwood_random"),
        raw: Raw::Signed,
        ..DEFAULT
    },
    Legacy {
        prefix: "westwood_random3",
        handle: Some("bx_westwood_random3"),
        raw: Raw::Signed,
        own_new: true,
        ..DEFAULT
    },
    Legacy {
        prefix: "westwood_random4",
        handle: Some("bx_westwood_random4"),
        raw: Raw::Signed,
        ..DEFAULT
    },
    Legacy {
        prefix: "openra",
        own_handle: true,
        own_raw: true,
        ..DEFAULT
    },
];

/// Each engine's variant and type as the list writes them (`Generals`,
/// `$crate :: generals :: engine :: Generals`).
macro_rules! engine_types {
    (() $($(#[$m:meta])* $v:ident => $t:ty,)*) => {
        &[$((stringify!($v), stringify!($t))),*]
    };
}
const ENGINE_TYPES: &[(&str, &str)] = bitexact::__engine_list!((engine_types)());

/// The engine's type as a path from outside the library.
pub fn engine_path(listed: &str) -> String {
    listed
        .replace("$crate", "bitexact")
        .split_whitespace()
        .collect()
}

/// The C prefix of an engine: its family, then `_CLASS` for a class that
/// is not the family's default.
pub fn prefix(info: &Info) -> String {
    match info.class {
        Some(c) if !info.default_class => format!("{}_{c}", info.name),
        _ => info.name.to_string(),
    }
}

impl Face {
    /// The face of `id`.
    pub fn of(id: Id) -> Face {
        let info = id.info();
        let prefix = prefix(info);
        let legacy = LEGACY
            .iter()
            .find(|l| l.prefix == prefix)
            .unwrap_or(&DEFAULT);
        let wide =
            bitexact::with_engine!(id, E => core::mem::size_of::<<E as Engine>::Word>() == 8);
        let engine = ENGINE_TYPES
            .iter()
            .find(|(v, _)| *v == format!("{id:?}"))
            .map(|(_, t)| *t)
            .expect("every engine of the list has its type");
        let regular = info
            .state
            .is_some_and(|s| s.layouts.is_empty() && s.lengths.len() == 1);
        let walks = info
            .state
            .and_then(|s| s.identify)
            .is_some_and(|i| !i.searches_seeds);
        Face {
            id,
            handle: legacy
                .handle
                .map_or_else(|| format!("bx_{prefix}_rng"), String::from),
            param: legacy.param.unwrap_or("rng"),
            engine,
            raw: legacy.raw,
            wide,
            discard: legacy.discard.unwrap_or(match info.unit {
                Unit::Words => "words",
                _ => "draws",
            }),
            own_handle: legacy.own_handle,
            own_new: legacy.own_new,
            own_raw: legacy.own_raw,
            states: regular && !legacy.own_states,
            identify: regular && walks && !legacy.own_states,
            prefix,
        }
    }

    /// The engine's description.
    pub fn info(&self) -> &'static Info {
        self.id.info()
    }

    /// The raw word's call's name (`next_u32`, `next_u64`, `raw`).
    pub fn raw_name(&self) -> &'static str {
        match (self.raw, self.wide) {
            (Raw::Signed, _) => "raw",
            (Raw::Bits, true) => "next_u64",
            (Raw::Bits, false) => "next_u32",
        }
    }

    /// The fill's name (`fill_u32`, `fill_u64`).
    pub fn fill_name(&self) -> &'static str {
        if self.wide {
            "fill_u64"
        } else {
            "fill_u32"
        }
    }

    /// The C type of the seed `_new` takes, as Rust writes it.
    pub fn seed_type(&self) -> &'static str {
        match self.info().seed {
            SeedKind::U32 => "u32",
            SeedKind::I32 => "i32",
            SeedKind::U64 => "u64",
        }
    }

    /// `BX_GENERALS`, `BX_WESTWOOD_RANDOM4`.
    pub fn upper(&self) -> String {
        format!("BX_{}", self.prefix.to_uppercase())
    }
}
