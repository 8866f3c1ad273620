//! The command line of `bitexact-emu` (clap): the two subcommands, the
//! options every call takes ([`Common`]), and the text forms they are
//! parsed by (the library's `spec` module). The help text is these
//! comments.

use clap::{Args, Parser, Subcommand, ValueEnum};

use bitexact_emu::report::Ret;
use bitexact_emu::spec;

/// Run the original function from a game's own 32-bit PE image, x87
/// control word and all, and print what it returned — one call, or a batch
/// of calls as bitexact trace records for `bitexact trace compare`.
///
/// Floating-point arithmetic is Unicorn's softfloat, rounded as the control
/// word says; the instructions it does not compute exactly (fsin, fcos,
/// fptan, fpatan, f2xm1, fyl2x, fyl2xp1, fprem, fprem1, fscale, fxtract and
/// the constant loads fldpi …) run on this host's own x87 unit. Exception
/// flags in the status word are not modelled.
#[derive(Parser)]
#[command(name = "bitexact-emu", version, propagate_version = true)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Subcommand)]
pub(crate) enum Command {
    /// Call FUNCTION once and print its results.
    ///
    /// Example: bitexact-emu call game.exe vec3_length --args buf:f32*3=3,4,12 --ret f32
    Call(CallArgs),
    /// Call FUNCTION once per line of --inputs and write one trace record
    /// per call (JSON Lines) to stdout.
    ///
    /// Each input line is {"args": "LIST"} with LIST in --args syntax, and
    /// optionally "cw" (a control word for this call) and "call_id" (else
    /// the line number). Each record holds call_id, every argument under
    /// its name (--names), the result under --ret-name, each buffer after
    /// the call as NAME_after, and each --out-buf under its name.
    Batch(BatchArgs),
}

#[derive(Args)]
pub(crate) struct Common {
    /// The 32-bit PE image (EXE or DLL).
    pub(crate) image: std::path::PathBuf,
    /// The function: a symbol or export (decorations such as _f@12 may be
    /// left off), or a 0x hex address in the image's code.
    pub(crate) function: String,
    /// The calling convention.
    #[arg(long, value_enum, default_value_t = ConvArg::Cdecl)]
    pub(crate) conv: ConvArg,
    /// The x87 control word the call runs under: 0x027F is 53-bit
    /// precision (MSVC's default), 0x007F 24-bit (Direct3D's), 0x037F
    /// 64-bit; bits 10-11 are the rounding control.
    #[arg(long, default_value = "0x027F", value_parser = parse_cw)]
    pub(crate) cw: u16,
    /// What the function returns: eax, edx:eax, ST(0) as its 80-bit value
    /// (st0) or as a caller's fstp m32 / m64 stores it (f32, f64), or any
    /// general register after the return (reg:esi).
    #[arg(long, default_value = "eax", value_parser = parse_ret)]
    pub(crate) ret: Ret,
    /// A register set before the call, REG=VALUE: VALUE an integer (u32:V,
    /// i32:V or V) or a buffer whose address it holds (buf:u32*625=…, as in
    /// --args), for functions with private conventions (repeatable; set
    /// after the convention's own registers). Register buffers follow the
    /// argument buffers in the output.
    #[arg(long = "reg", value_name = "REG=VALUE", allow_hyphen_values = true)]
    pub(crate) reg: Vec<String>,
    /// Memory to read back after the call, [NAME=]WHERE:TYPE*COUNT: WHERE
    /// a 0x address or a symbol, TYPE i32 u32 f32 f64 u8 (repeatable).
    #[arg(long = "out-buf", value_name = "SPEC")]
    pub(crate) out_buf: Vec<String>,
    /// An import's result, NAME[@N]=VALUE (repeatable): NAME is
    /// DLL!function or the function alone; @N the bytes of arguments a
    /// stdcall import pops (else none). VALUE: an integer (EAX),
    /// edx:eax:V, st0:f64:V (pushed on the x87 stack), or st0:host-NAME
    /// (a built-in x87 model: host-log, host-sqrt, host-ftol, ...). A call
    /// into an import without one stops the run and names it; an import
    /// that returns in ST(0) is never stubbed with an integer.
    #[arg(long, value_name = "NAME=VALUE", allow_hyphen_values = true)]
    pub(crate) stub: Vec<String>,
    /// x87: give the MSVC CRT's x87 helpers the image imports (_CIlog,
    /// _CIlog10, _CIexp, _CIpow, _CIsqrt, _CIsin, _CIcos, _CItan, _CIatan,
    /// _CIatan2, _CIfmod, _ftol, _ftol2, _ftol2_sse) built-in models that
    /// run their x87 instruction sequences on this host's x87 under the
    /// call's control word: models of the CRT's x87 path, not its SSE2
    /// path. A note says when one ran.
    #[arg(long, value_enum, value_name = "KIND")]
    pub(crate) crt: Option<CrtArg>,
    /// Stop with "did not return" after this many instructions.
    #[arg(long, default_value_t = 10_000_000)]
    pub(crate) max_instructions: u64,
    /// A PE32 DLL to load beside the image (repeatable): placed at its
    /// preferred base or relocated to a free one, the image's and the
    /// DLLs' imports of it resolved to its exports by name and by ordinal,
    /// forwarded exports followed. Imports left unresolved keep their stubs.
    #[arg(long = "dll", value_name = "FILE")]
    pub(crate) dll: Vec<std::path::PathBuf>,
    /// Run each --dll's DllMain(base, DLL_PROCESS_ATTACH, 0) once, in the
    /// order given, before the call (by default no DLL code runs until the
    /// function calls it).
    #[arg(long)]
    pub(crate) dll_main: bool,
    /// Load the image at this base (0x hex) instead of its preferred one,
    /// applying its relocations.
    #[arg(long, value_parser = parse_base)]
    pub(crate) base: Option<u32>,
}

#[derive(Args)]
pub(crate) struct CallArgs {
    #[command(flatten)]
    pub(crate) common: Common,
    /// The arguments, left to right: i32:V, u32:V, f32:V, f64:V (V decimal,
    /// or 0x hex: the bits for floats), buf:TYPE*N=V,V,... (a buffer laid
    /// out by the emulator and passed by pointer; buf:TYPE*N alone is
    /// zero-filled).
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    pub(crate) args: String,
    /// Print one JSON object.
    #[arg(long)]
    pub(crate) json: bool,
    /// Call the function N times in this process with the same buffers:
    /// what call k leaves in them is what call k+1 reads (a generator's
    /// state across draws). Each call's result is printed as a single
    /// call's is (--json: one object per line, in order).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) repeat: u64,
}

#[derive(Args)]
pub(crate) struct BatchArgs {
    #[command(flatten)]
    pub(crate) common: Common,
    /// The inputs, one JSON object per line ("-" for stdin).
    #[arg(long)]
    pub(crate) inputs: std::path::PathBuf,
    /// The arguments' field names in the records, comma-separated (default
    /// arg0, arg1, ...).
    #[arg(long)]
    pub(crate) names: Option<String>,
    /// The result's field name in the records.
    #[arg(long, default_value = "ret")]
    pub(crate) ret_name: String,
    /// Carry the buffer argument NAME (its --names name) from each call to
    /// the next: every line after the first gets it as the previous call
    /// left it, whatever values the line gives (its size must stay the
    /// same), and its record holds only NAME_after (repeatable).
    #[arg(long, value_name = "NAME")]
    pub(crate) carry: Vec<String>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum CrtArg {
    X87,
}

#[derive(Clone, Copy, ValueEnum)]
pub(crate) enum ConvArg {
    Cdecl,
    Stdcall,
    Thiscall,
    Fastcall,
}

fn parse_cw(s: &str) -> Result<u16, String> {
    spec::control_word(s)
}

fn parse_ret(s: &str) -> Result<Ret, String> {
    spec::ret(s)
}

fn parse_base(s: &str) -> Result<u32, String> {
    spec::integer(s, 0, i64::from(u32::MAX)).map(|x| x as u32)
}
