//! Vinifera's value lines (SPEC 12.2): `Extension::Print_CRCs` writes
//! `"Scenario random: %d\n"` (a raw draw), `"Random seed: %d\n"` (the match
//! seed) and later `"\nRandom Number:%x\n"` (another raw draw). Read and
//! searched by the shared value search ([`crate::sync::values`]).

use super::info::TS;
use crate::sync::values::{Label, Labels};

/// Vinifera's lines: two values and the seed.
pub const LABELS: Labels = Labels {
    format: &TS,
    values: &[
        Label {
            prefix: "Scenario random:",
            label: "Scenario random",
            hex: false,
        },
        Label {
            prefix: "Random Number:",
            label: "Random Number",
            hex: true,
        },
    ],
    seed: Some(Label {
        prefix: "Random seed:",
        label: "Random seed",
        hex: false,
    }),
    frame: None,
    wanted: "'Scenario random:' or 'Random Number:' (or an RNG ring)",
};
