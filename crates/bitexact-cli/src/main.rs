//! `bitexact`: the command line of the bitexact library (SPEC 6).
//!
//! Thin on purpose: it parses arguments, reads and writes files and prints;
//! every computation is a library call. The code is in `lib.rs`.

fn main() -> std::process::ExitCode {
    bitexact_cli::main()
}
