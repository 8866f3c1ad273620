//! The binary's error: one sentence for stderr (exit status 2), the
//! library's errors with the flag that is the way out added where there is
//! one.

/// Why the command failed, as the sentence printed after `error: `.
pub(crate) struct Fail(pub(crate) String);

impl<E: std::fmt::Display + 'static> From<E> for Fail {
    /// Any error's message; an [`bitexact_emu::EmuError::UnresolvedImport`]
    /// also names the `--stub` that gives the import a value.
    fn from(e: E) -> Self {
        // The library's errors name no flags; the way out of an unstubbed
        // import is one.
        let any: &dyn std::any::Any = &e;
        if let Some(bitexact_emu::EmuError::UnresolvedImport { import, .. }) =
            any.downcast_ref::<bitexact_emu::EmuError>()
        {
            return Fail(format!("{e} (--stub {import}=VALUE)"));
        }
        Fail(e.to_string())
    }
}
