//! The list of generators ([`Id`], [`with_engine!`](crate::with_engine)):
//! the one place a generator is registered, and the lookups by name
//! ([`Id::find`], [`Id::by_game`], [`NameError`]).
//!
//! It stands above the engines (it names every one) and below everything
//! that works by name ([`crate::stream`], [`crate::recover`],
//! [`crate::ledger`], the front ends), which dispatch through it.

use crate::engine::{Engine, Game, Info, SeedError, SeedKind};
use crate::text::Text;
use core::fmt;

/// The list of generators: the one place a generator is registered (its
/// variant of [`Id`] and its [`Engine`] type). `__engine_list!((m) args)`
/// calls `m! { args Variant => Type, ... }`; [`Id`] and
/// [`with_engine!`](crate::with_engine) are made from it.
#[doc(hidden)]
#[macro_export]
macro_rules! __engine_list {
    (($($m:tt)+) $args:tt) => {
        $($m)+! { $args
            /// Sword of the Stars "Mars": MT19937 and its draw mappings (SPEC 2)
            Sots => $crate::sots::engine::Sots,
            /// The laige engine's xorshift128+ `Prng` (SPEC 3)
            Laige => $crate::laige::engine::Laige,
            /// WWLib `RandomClass`, the 15-bit LCG (SPEC 11)
            Random => $crate::westwood::engines::RandomClass,
            /// WWLib `Random2Class`, the TS / RA2 / YR randomizer (SPEC 4)
            Random2 => $crate::westwood::engines::Random2Class,
            /// WWLib `Random3Class`, the pseudo-DES hash (SPEC 11)
            Random3 => $crate::westwood::engines::Random3Class,
            /// WWLib `Random4Class`, MT19937 with the 1998 seeding (SPEC 11)
            Random4 => $crate::westwood::engines::Random4Class,
            /// OpenRA's `MersenneTwister` (SPEC 11)
            Openra => $crate::openra::engine::Openra,
            /// C&C Generals' `GameLogicRandom` (SPEC 11)
            Generals => $crate::generals::engine::Generals,
            /// .NET's seeded `System.Random` (SPEC 15)
            Dotnet => $crate::dotnet::engine::Dotnet,
        }
    };
}

/// `with_engine!(id, E => body)`: `body` with the type `E` bound to the
/// generator `id` names (an [`Engine`](crate::engine::Engine)). The one
/// `match` over the list; front ends write generic code and dispatch
/// through it.
#[macro_export]
macro_rules! with_engine {
    ($id:expr, $e:ident => $body:expr) => {
        $crate::__engine_list!(($crate::__with_engine_match)($id, $e, $body))
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __with_engine_match {
    (($id:expr, $e:ident, $body:expr) $($(#[$m:meta])* $v:ident => $t:ty,)*) => {
        match $id {
            $($crate::engines::Id::$v => {
                #[allow(unused)]
                type $e = $t;
                $body
            })*
        }
    };
}

macro_rules! define_ids {
    (() $($(#[$m:meta])* $id:ident => $ty:ty,)*) => {
        /// A generator in the list.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Id {
            $($(#[$m])* $id,)*
        }

        impl Id {
            /// Every generator, in the order the docs list them.
            pub const ALL: &'static [Id] = &[$(Id::$id),*];

            /// The generator's description.
            pub const fn info(self) -> &'static Info {
                match self {
                    $(Id::$id => &<$ty as Engine>::INFO,)*
                }
            }
        }
    };
}

__engine_list!((define_ids)());

impl Id {
    /// The generator a family name and class name give: `("sots", None)`,
    /// `("westwood", Some("random4"))`; the family's default class when
    /// `class` is `None`.
    pub fn find(name: &str, class: Option<&str>) -> Result<Id, NameError> {
        let family = FamilyList::of(name);
        let Some(first) = family.iter().next() else {
            return Err(NameError::UnknownEngine { name: name.into() });
        };
        match class {
            None => Ok(family
                .iter()
                .find(|id| id.info().default_class)
                .unwrap_or(first)),
            Some(c) => family
                .iter()
                .find(|id| id.info().class == Some(c))
                .ok_or_else(|| NameError::UnknownClass {
                    engine: first.info().name,
                    name: c.into(),
                    classes: family,
                }),
        }
    }

    /// The families' names, each once, in list order.
    pub fn families() -> &'static [&'static str] {
        &FAMILIES
    }

    /// The generators of the family `name`, in list order.
    pub fn family(name: &str) -> FamilyList {
        FamilyList::of(name)
    }

    /// Another generator of this one's family whose state files are `len`
    /// bytes long (a Random4Class file given as a Random2Class one): the
    /// class a front end suggests when a state file's length is wrong.
    pub fn sibling_with_state_len(self, len: usize) -> Option<Id> {
        FamilyList::of(self.info().name)
            .iter()
            .find(|id| *id != self && id.info().state.is_some_and(|s| s.lengths.contains(&len)))
    }

    /// The generator and game a short name stands for: `ra2` → Random2Class
    /// in Red Alert 2; `None` for a name no game has.
    pub fn by_game(alias: &str) -> Option<(Id, &'static Game)> {
        Id::ALL.iter().find_map(|id| {
            let g = id.info().games.iter().find(|g| g.alias == alias)?;
            Some((*id, g))
        })
    }

    /// The generator's known-answer checks ([`Engine::CHECKS`]).
    pub fn checks(self) -> &'static [crate::engine::Check] {
        crate::with_engine!(self, E => E::CHECKS)
    }

    /// `seed` as the generator takes it: within its [`SeedKind`] (an `i32`
    /// seed given as its 32-bit pattern).
    pub fn check_seed(self, seed: u64) -> Result<u64, SeedError> {
        let info = self.info();
        match info.seed {
            SeedKind::U64 => Ok(seed),
            SeedKind::U32 | SeedKind::I32 if seed <= u64::from(u32::MAX) => Ok(seed),
            _ => Err(SeedError {
                seed,
                engine: info.name,
            }),
        }
    }
}

/// The generators of one family, in list order (no allocation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FamilyList {
    ids: [Option<Id>; Id::ALL.len()],
}

impl FamilyList {
    fn of(name: &str) -> FamilyList {
        let mut ids = [None; Id::ALL.len()];
        for (slot, id) in ids
            .iter_mut()
            .zip(Id::ALL.iter().filter(|id| id.info().name == name))
        {
            *slot = Some(*id);
        }
        FamilyList { ids }
    }

    /// The generators, in list order.
    pub fn iter(&self) -> impl Iterator<Item = Id> + '_ {
        self.ids.iter().flatten().copied()
    }
}

/// The families in list order, each once.
const FAMILIES: [&str; family_count()] = families_array();

const fn family_count() -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < Id::ALL.len() {
        if first_of_family(i) {
            n += 1;
        }
        i += 1;
    }
    n
}

const fn first_of_family(i: usize) -> bool {
    let name = Id::ALL[i].info().name.as_bytes();
    let mut j = 0;
    while j < i {
        if bytes_eq(Id::ALL[j].info().name.as_bytes(), name) {
            return false;
        }
        j += 1;
    }
    true
}

const fn bytes_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

const fn families_array() -> [&'static str; family_count()] {
    let mut out = [""; family_count()];
    let (mut i, mut n) = (0, 0);
    while i < Id::ALL.len() {
        if first_of_family(i) {
            out[n] = Id::ALL[i].info().name;
            n += 1;
        }
        i += 1;
    }
    out
}

/// An engine or class name that is not in the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameError {
    /// No family of that name.
    UnknownEngine {
        /// The name given.
        name: NameText,
    },
    /// The family has no class of that name.
    UnknownClass {
        /// The family.
        engine: &'static str,
        /// The name given.
        name: NameText,
        /// The family's classes.
        classes: FamilyList,
    },
}

/// A name as given, kept inline (cut at 64 bytes).
pub type NameText = Text;

/// `a, b or c`.
fn either(f: &mut fmt::Formatter<'_>, items: impl Iterator<Item = &'static str>) -> fmt::Result {
    let items: [Option<&str>; 16] = {
        let mut a = [None; 16];
        for (slot, it) in a.iter_mut().zip(items) {
            *slot = Some(it);
        }
        a
    };
    let n = items.iter().flatten().count();
    for (i, it) in items.iter().flatten().enumerate() {
        if i > 0 {
            f.write_str(if i + 1 == n { " or " } else { ", " })?;
        }
        f.write_str(it)?;
    }
    Ok(())
}

impl fmt::Display for NameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NameError::UnknownEngine { name } => {
                write!(f, "unknown engine '{name}' (expected ")?;
                either(f, Id::families().iter().copied())?;
                f.write_str(")")
            }
            NameError::UnknownClass {
                engine,
                name,
                classes,
            } => {
                write!(f, "unknown class '{name}' for {engine} (expected ")?;
                either(f, classes.iter().filter_map(|id| id.info().class))?;
                f.write_str(")")
            }
        }
    }
}

impl core::error::Error for NameError {}
