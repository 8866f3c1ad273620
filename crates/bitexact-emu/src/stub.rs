//! Import stubs (SPEC 13, 13.1), as data: what a call into an import the
//! image does not get from a loaded DLL does — return a value in EAX,
//! EDX:EAX or ST(0), run a CRT helper's x87 model, pop its stdcall
//! arguments (the stub's code is `ret N`) — or, with no value, stop the
//! run naming it. The stub hook carries it out.

use crate::crt_imports::Crt;
use crate::fpu::F80;

/// What a stub returns (SPEC 13.1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum StubValue {
    /// A value in EAX.
    Eax(u32),
    /// A 64-bit value in EDX:EAX.
    EdxEax(u64),
    /// A value pushed on the x87 stack (ST(0)).
    St0(F80),
    /// A CRT x87 helper's model, run on the host ([`crate::crt`]).
    Crt(Crt),
}

/// One import's stub: what a call into it does.
#[derive(Clone, Debug)]
pub struct Stub {
    /// `DLL!function`.
    pub import: String,
    /// What it returns, or `None`: a call stops the run.
    pub value: Option<StubValue>,
    /// The bytes of stack arguments it pops (stdcall), 0 for cdecl.
    pub pops: u16,
    /// Why a loaded DLL did not resolve it, if one was involved.
    pub unresolved: Option<String>,
}
