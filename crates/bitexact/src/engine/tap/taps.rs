//! An engine's calls as one list ([`taps!`](crate::taps)): the tap enum,
//! its table of [`TapSpec`]s, the parser of a call's text and the entry
//! point each variant is tallied under, all from one line per call.
//!
//! ```
//! use bitexact::engine::tap::Taps;
//! use bitexact::engine::TapSpec;
//!
//! bitexact::taps! {
//!     /// A die-rolling generator's calls.
//!     #[derive(Clone, Copy, Debug, PartialEq)]
//!     pub enum Tap for "dice" {
//!         /// One raw word
//!         Raw => TapSpec::new("raw", &[], "one word").recoverable(),
//!         /// A die of `n` faces
//!         Die(u32) => TapSpec::new("die", &["N"], "raw % N + 1"),
//!     }
//! }
//!
//! assert_eq!(Tap::parse("die", &["6"], false), Ok(Tap::Die(6)));
//! assert_eq!(Tap::Die(6).row(), 1);
//! assert_eq!(Tap::TABLE[Tap::Raw.row()].entry, "raw");
//! assert!(Tap::parse("die", &[], false).is_err()); // die needs its argument
//! ```

use super::args::Args;
use super::error::TapError;
use super::spec::TapSpec;
use crate::num::{self, NumError};

/// A tap enum: each variant one row of [`TABLE`](Taps::TABLE), in order.
/// Made by [`taps!`](crate::taps) (or written out for a vocabulary the
/// macro cannot say, as sots' ledger-only call).
pub trait Taps: Copy + core::fmt::Debug + PartialEq + Send + Sync + 'static {
    /// The engine (or family) name errors give (`unknown tap 'x' for
    /// generals`).
    const ENGINE: &'static str;
    /// The calls, one row per variant, in the variants' order: the table
    /// every list of them is rendered from ([`Info::taps`](crate::engine::Info::taps)
    /// is this table, or the part of it a class has).
    const TABLE: &'static [TapSpec];

    /// The call `name` with `args`, as `--tap name:a,b` (or, when `ledger`,
    /// the ledger line `name a b`) writes it: its row of [`TABLE`](Self::TABLE)
    /// ([`Args::row_index`]), its arguments read ([`FromArg`]), then checked.
    fn parse(name: &str, args: &[&str], ledger: bool) -> Result<Self, TapError>;

    /// The index of this call's row in [`TABLE`](Self::TABLE).
    fn row(self) -> usize;
}

/// A tap argument's type: how its text is read (the CLI's notation,
/// [`crate::num`]).
pub trait FromArg: Sized {
    /// The value of `text`.
    fn from_arg(text: &str) -> Result<Self, NumError>;
}

macro_rules! from_arg {
    ($($t:ty => $parse:path),* $(,)?) => {$(
        impl FromArg for $t {
            fn from_arg(text: &str) -> Result<$t, NumError> {
                $parse(text)
            }
        }
    )*};
}

from_arg!(u32 => num::parse_u32, i32 => num::parse_i32, u64 => num::parse_u64,
    f32 => num::parse_f32, f64 => num::parse_f64);

impl Args<'_> {
    /// The argument at `*next` read as a `T`, `*next` moved past it (the
    /// call's row has been found, so it has as many as its variant reads).
    pub fn arg<T: FromArg>(&self, next: &mut usize) -> Result<T, TapError> {
        let text = self.texts().get(*next).copied().unwrap_or("");
        *next += 1;
        Ok(T::from_arg(text)?)
    }
}

/// `taps! { #[derive(..)] pub enum Tap for "engine" [, check CHECK] { Variant(Arg, ..) => SPEC, .. } }`:
/// the enum with its variants (doc comments and attributes kept), and its
/// [`Taps`] implementation: `TABLE` is the `SPEC`s in order; `parse` finds
/// the row, reads the variant's arguments in order by their types'
/// [`FromArg`], and passes the tap to `CHECK` (a `fn(Self) -> Result<Self,
/// TapError>`: an empty range refused in the engine's words) when given.
#[macro_export]
macro_rules! taps {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident for $engine:literal $(, check $check:path)? {
            $(
                $(#[$vmeta:meta])*
                $var:ident $( ( $($arg:ty),+ $(,)? ) )? => $spec:expr
            ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis enum $name {
            $( $(#[$vmeta])* $var $( ( $($arg),+ ) )?, )+
        }

        impl $crate::engine::tap::Taps for $name {
            const ENGINE: &'static str = $engine;
            const TABLE: &'static [$crate::engine::TapSpec] = &[$($spec),+];

            #[allow(unused_assignments, unused_mut, unused_variables)]
            fn parse(
                name: &str,
                args: &[&str],
                ledger: bool,
            ) -> ::core::result::Result<Self, $crate::engine::TapError> {
                let check: fn(Self) -> ::core::result::Result<Self, $crate::engine::TapError> =
                    $crate::__tap_check!($($check)?);
                let a = $crate::engine::tap::Args::new(name, args, ledger);
                let row = a.row_index(Self::ENGINE, Self::TABLE)?;
                let mut index = 0usize;
                $(
                    if row == index {
                        let mut next = 0usize;
                        let tap = $name::$var $( ( $( a.arg::<$arg>(&mut next)? ),+ ) )?;
                        return check(tap);
                    }
                    index += 1;
                )+
                unreachable!("every row of the table is a variant")
            }

            #[allow(unused_assignments)]
            fn row(self) -> usize {
                let mut index = 0usize;
                $(
                    if matches!(self, $name::$var $( ( $( $crate::__any_field!($arg) ),+ ) )?) {
                        return index;
                    }
                    index += 1;
                )+
                unreachable!("every variant is a row of the table")
            }
        }
    };
}

/// `_`, for one field of a variant in [`taps!`](crate::taps)'s patterns.
#[doc(hidden)]
#[macro_export]
macro_rules! __any_field {
    ($t:ty) => {
        _
    };
}

/// The check [`taps!`](crate::taps) passes a parsed tap to: the one given,
/// or none.
#[doc(hidden)]
#[macro_export]
macro_rules! __tap_check {
    () => {
        |tap| Ok(tap)
    };
    ($check:path) => {
        $check
    };
}
