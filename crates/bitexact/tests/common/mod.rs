//! Helpers shared by the library's integration tests.
#[allow(dead_code)]
pub mod elf;
#[allow(dead_code)]
pub mod values;
