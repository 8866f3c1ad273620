//! serde for fixed-size arrays longer than serde's derive supports (the
//! MT19937 block, the Westwood table): a tuple of `N` elements, checked to
//! be exactly `N` on the way in. No allocation.

use serde::de::{Error as _, SeqAccess, Visitor};
use serde::ser::SerializeTuple;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Serializes `&[T; N]` as a tuple of `N` elements.
pub(crate) struct Array<'a, T, const N: usize>(pub &'a [T; N]);

impl<T: Serialize, const N: usize> Serialize for Array<'_, T, N> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut t = s.serialize_tuple(N)?;
        for x in self.0 {
            t.serialize_element(x)?;
        }
        t.end()
    }
}

/// Deserializes exactly `N` elements into `[T; N]`.
pub(crate) struct OwnedArray<T, const N: usize>(pub [T; N]);

impl<'de, T: Deserialize<'de> + Copy + Default, const N: usize> Deserialize<'de>
    for OwnedArray<T, N>
{
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<T, const N: usize>(core::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de> + Copy + Default, const N: usize> Visitor<'de> for V<T, N> {
            type Value = OwnedArray<T, N>;
            fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, "an array of {N} elements")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let mut out = [T::default(); N];
                for (i, x) in out.iter_mut().enumerate() {
                    *x = seq
                        .next_element()?
                        .ok_or_else(|| A::Error::invalid_length(i, &self))?;
                }
                if seq.next_element::<T>()?.is_some() {
                    return Err(A::Error::invalid_length(N + 1, &self));
                }
                Ok(OwnedArray(out))
            }
        }
        d.deserialize_tuple(N, V::<T, N>(core::marker::PhantomData))
    }
}
