//! Reports for a person to look at (SPEC 14; needs `std`).
//!
//! [`html`] writes one self-contained page per report of `sync`, trace
//! comparison, `scan` and the ledger.

pub mod html;
