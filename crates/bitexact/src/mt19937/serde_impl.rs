//! serde for [`Mt19937`]: `{"mt": [624 words], "left": n}`.

use super::{Mt19937, N};
use crate::serde_array::{Array, OwnedArray};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

#[derive(Serialize)]
#[serde(rename = "Mt19937")]
struct Repr<'a> {
    mt: Array<'a, u32, N>,
    left: u32,
}

#[derive(Deserialize)]
#[serde(rename = "Mt19937")]
struct OwnedRepr {
    mt: OwnedArray<u32, N>,
    left: u32,
}

impl Serialize for Mt19937 {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Repr {
            mt: Array(self.state()),
            left: self.left(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Mt19937 {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let r = OwnedRepr::deserialize(d)?;
        Mt19937::from_state(r.mt.0, r.left).map_err(D::Error::custom)
    }
}
