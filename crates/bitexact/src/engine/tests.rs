//! The contract's defaults for a generator whose state files cannot be
//! identified or compared ([`StateInfo::identify`] and [`StateInfo::diff`]
//! `None`): no engine of the list is one today, so a dummy stands in.

use super::{DiffError, Engine, Info, Options, Reason, StateInfo, TapSpec, Value};

/// A counter with state files but no walk either way.
#[derive(Clone, Copy, Debug)]
struct Opaque;

crate::taps! {
    /// Its one tap, the raw word.
    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Tap for "opaque" {
        /// The raw word
        Raw => TapSpec::new("raw", &[], "one draw"),
    }
}

impl super::Sealed for Opaque {}

impl Engine for Opaque {
    type Gen = u32;
    type Tap = Tap;
    type Word = u32;

    const INFO: Info = Info {
        name: "opaque",
        title: "Opaque",
        taps: <Tap as super::tap::Taps>::TABLE,
        state: Some(StateInfo {
            lengths: &[4],
            layouts: &[],
            layout_note: "",
            summary: "4 bytes",
            identify: None,
            diff: None,
            lossy: "",
        }),
        ..Info::DEFAULTS
    };

    fn seeded(seed: u64, _options: &Options) -> u32 {
        seed as u32
    }

    fn word(gen: &mut u32) -> u32 {
        *gen = gen.wrapping_add(1);
        *gen
    }

    fn call(gen: &mut u32, _tap: Tap) -> (Value, u64) {
        (Value::U32(Self::word(gen)), 1)
    }

    fn fixed_words(_tap: Tap) -> Option<u64> {
        Some(1)
    }

    fn discard(gen: &mut u32, words: u64) {
        *gen = gen.wrapping_add(words as u32);
    }
}

#[cfg(feature = "alloc")]
#[test]
fn states_that_cannot_be_identified_say_so() {
    use alloc::string::ToString;
    let e = Opaque::identify(&7, 100, &|| false).unwrap_err();
    assert_eq!(e.reason, Reason::NotIdentifiable);
    assert_eq!(e.to_string(), "Opaque's states cannot be identified");
}

#[cfg(feature = "alloc")]
#[test]
fn states_that_cannot_be_compared_say_so() {
    use alloc::string::ToString;
    let e = Opaque::words_between(&7, &8, 100).unwrap_err();
    assert_eq!(e, DiffError::NotComparable { engine: "Opaque" });
    assert_eq!(e.to_string(), "Opaque's states cannot be compared");
    assert!(!Opaque::INFO.state.unwrap().searches_seeds());
}

#[test]
fn the_one_row_is_the_default_and_the_entry_point() {
    assert_eq!(Opaque::INFO.default_tap(), "raw");
    assert_eq!(
        Opaque::entry_point(Opaque::tap("raw", &[], false).unwrap()),
        0
    );
}
