//! Helpers shared by the library's integration tests.
pub mod elf;
#[allow(dead_code)]
pub mod values;
