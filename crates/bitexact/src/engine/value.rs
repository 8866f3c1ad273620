//! What one call of a tap produced ([`Value`]).

/// A value one call produced.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// An unsigned 32-bit integer
    U32(u32),
    /// A signed 32-bit integer
    I32(i32),
    /// An unsigned 64-bit integer
    U64(u64),
    /// An f32
    F32(f32),
    /// An f64
    F64(f64),
    /// A boolean (`chance`)
    Bool(bool),
    /// A call whose value is not modelled, only its words (sots' truncated
    /// normal in a ledger).
    Unmodelled,
}

/// The Rust type of a generator's raw word ([`Engine::Word`](super::Engine::Word)),
/// as a front end that picks it at run time sees it (a numpy dtype, a C
/// type).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WordKind {
    /// `u32` (sots, Generals).
    U32,
    /// `i32`, as the game reads it (the WWLib classes, OpenRA, .NET).
    I32,
    /// `u64` (laige).
    U64,
}

impl WordKind {
    /// The type's name (`u32`, `i32`, `u64`).
    pub const fn name(self) -> &'static str {
        match self {
            WordKind::U32 => "u32",
            WordKind::I32 => "i32",
            WordKind::U64 => "u64",
        }
    }
}

/// Room for raw words of one of the three types, filled in bulk by a
/// generator chosen at run time
/// ([`Stream::fill_words`](crate::stream::Stream::fill_words)).
#[derive(Debug, PartialEq, Eq)]
pub enum Words<'a> {
    /// `u32` words.
    U32(&'a mut [u32]),
    /// `i32` words.
    I32(&'a mut [i32]),
    /// `u64` words.
    U64(&'a mut [u64]),
}

impl Words<'_> {
    /// The type of the words it holds.
    pub fn kind(&self) -> WordKind {
        match self {
            Words::U32(_) => WordKind::U32,
            Words::I32(_) => WordKind::I32,
            Words::U64(_) => WordKind::U64,
        }
    }
}

/// A raw word's type (`u32`, `i32`, `u64`): what [`Engine::Word`](super::Engine::Word)
/// may be, so that a generator chosen at run time can say its word's
/// [`WordKind`], give one as a [`Value`] and fill [`Words`]. Sealed.
pub trait RawWord:
    Copy + Default + core::fmt::Debug + Send + Sync + 'static + super::Sealed
{
    /// The type, as a front end names it.
    const KIND: WordKind;
    /// The word as a value.
    fn value(self) -> Value;
    /// `out`'s slice when it holds words of this type.
    fn slice<'a>(out: Words<'a>) -> Option<&'a mut [Self]>;
    /// Words of this type as [`Words`].
    fn words(out: &mut [Self]) -> Words<'_>;
}

macro_rules! raw_words {
    ($($t:ty => $v:ident),*) => {
        $(
            impl super::Sealed for $t {}
            impl RawWord for $t {
                const KIND: WordKind = WordKind::$v;
                fn value(self) -> Value {
                    Value::$v(self)
                }
                fn slice<'a>(out: Words<'a>) -> Option<&'a mut [$t]> {
                    match out {
                        Words::$v(s) => Some(s),
                        _ => None,
                    }
                }
                fn words(out: &mut [$t]) -> Words<'_> {
                    Words::$v(out)
                }
            }
        )*
    };
}

raw_words!(u32 => U32, i32 => I32, u64 => U64);
