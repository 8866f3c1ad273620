//! `bitexact-emu`: run a function from a 32-bit PE image under Unicorn with
//! the game's x87 control word (SPEC 13). Parses arguments, calls the
//! library, prints; every error is one line on stderr and exit status 2.

use std::io::Write;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};

mod batch;

/// `eprintln!` that never panics: a closed stderr (`2>&1 | head -1`) loses
/// the line, not the exit status.
macro_rules! err {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr().lock(), $($t)*);
    }};
}

use bitexact_emu::report::{self, Ret};
use bitexact_emu::{spec, Arg, Call, Conv, OutBuf, Program, Reg};

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
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
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
struct Common {
    /// The 32-bit PE image (EXE or DLL).
    image: std::path::PathBuf,
    /// The function: a symbol or export (decorations such as _f@12 may be
    /// left off), or a 0x hex address in the image's code.
    function: String,
    /// The calling convention.
    #[arg(long, value_enum, default_value_t = ConvArg::Cdecl)]
    conv: ConvArg,
    /// The x87 control word the call runs under: 0x027F is 53-bit
    /// precision (MSVC's default), 0x007F 24-bit (Direct3D's), 0x037F
    /// 64-bit; bits 10-11 are the rounding control.
    #[arg(long, default_value = "0x027F", value_parser = parse_cw)]
    cw: u16,
    /// What the function returns: eax, edx:eax, ST(0) as its 80-bit value
    /// (st0) or as a caller's fstp m32 / m64 stores it (f32, f64), or any
    /// general register after the return (reg:esi).
    #[arg(long, default_value = "eax", value_parser = parse_ret)]
    ret: Ret,
    /// A register set before the call, REG=VALUE: VALUE an integer (u32:V,
    /// i32:V or V) or a buffer whose address it holds (buf:u32*625=…, as in
    /// --args), for functions with private conventions (repeatable; set
    /// after the convention's own registers). Register buffers follow the
    /// argument buffers in the output.
    #[arg(long = "reg", value_name = "REG=VALUE", allow_hyphen_values = true)]
    reg: Vec<String>,
    /// Memory to read back after the call, [NAME=]WHERE:TYPE*COUNT: WHERE
    /// a 0x address or a symbol, TYPE i32 u32 f32 f64 u8 (repeatable).
    #[arg(long = "out-buf", value_name = "SPEC")]
    out_buf: Vec<String>,
    /// An import's result, NAME[@N]=VALUE (repeatable): NAME is
    /// DLL!function or the function alone; @N the bytes of arguments a
    /// stdcall import pops (else none). VALUE: an integer (EAX),
    /// edx:eax:V, st0:f64:V (pushed on the x87 stack), or st0:host-NAME
    /// (a built-in x87 model: host-log, host-sqrt, host-ftol, ...). A call
    /// into an import without one stops the run and names it; an import
    /// that returns in ST(0) is never stubbed with an integer.
    #[arg(long, value_name = "NAME=VALUE", allow_hyphen_values = true)]
    stub: Vec<String>,
    /// x87: give the MSVC CRT's x87 helpers the image imports (_CIlog,
    /// _CIlog10, _CIexp, _CIpow, _CIsqrt, _CIsin, _CIcos, _CItan, _CIatan,
    /// _CIatan2, _CIfmod, _ftol, _ftol2, _ftol2_sse) built-in models that
    /// run their x87 instruction sequences on this host's x87 under the
    /// call's control word: models of the CRT's x87 path, not its SSE2
    /// path. A note says when one ran.
    #[arg(long, value_enum, value_name = "KIND")]
    crt: Option<CrtArg>,
    /// Stop with "did not return" after this many instructions.
    #[arg(long, default_value_t = 10_000_000)]
    max_instructions: u64,
    /// A PE32 DLL to load beside the image (repeatable): placed at its
    /// preferred base or relocated to a free one, the image's and the
    /// DLLs' imports of it resolved to its exports by name and by ordinal,
    /// forwarded exports followed. Imports left unresolved keep their stubs.
    #[arg(long = "dll", value_name = "FILE")]
    dll: Vec<std::path::PathBuf>,
    /// Run each --dll's DllMain(base, DLL_PROCESS_ATTACH, 0) once, in the
    /// order given, before the call (by default no DLL code runs until the
    /// function calls it).
    #[arg(long)]
    dll_main: bool,
    /// Load the image at this base (0x hex) instead of its preferred one,
    /// applying its relocations.
    #[arg(long, value_parser = parse_base)]
    base: Option<u32>,
}

#[derive(Args)]
struct CallArgs {
    #[command(flatten)]
    common: Common,
    /// The arguments, left to right: i32:V, u32:V, f32:V, f64:V (V decimal,
    /// or 0x hex: the bits for floats), buf:TYPE*N=V,V,... (a buffer laid
    /// out by the emulator and passed by pointer; buf:TYPE*N alone is
    /// zero-filled).
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    args: String,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    /// Call the function N times in this process with the same buffers:
    /// what call k leaves in them is what call k+1 reads (a generator's
    /// state across draws). Each call's result is printed as a single
    /// call's is (--json: one object per line, in order).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    repeat: u64,
}

#[derive(Args)]
pub(crate) struct BatchArgs {
    #[command(flatten)]
    common: Common,
    /// The inputs, one JSON object per line ("-" for stdin).
    #[arg(long)]
    inputs: std::path::PathBuf,
    /// The arguments' field names in the records, comma-separated (default
    /// arg0, arg1, ...).
    #[arg(long)]
    names: Option<String>,
    /// The result's field name in the records.
    #[arg(long, default_value = "ret")]
    ret_name: String,
    /// Carry the buffer argument NAME (its --names name) from each call to
    /// the next: every line after the first gets it as the previous call
    /// left it, whatever values the line gives (its size must stay the
    /// same), and its record holds only NAME_after (repeatable).
    #[arg(long, value_name = "NAME")]
    carry: Vec<String>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum CrtArg {
    X87,
}

#[derive(Clone, Copy, ValueEnum)]
enum ConvArg {
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

pub(crate) struct Fail(pub(crate) String);

impl<E: std::fmt::Display + 'static> From<E> for Fail {
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

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) if !e.use_stderr() => {
            // --help, --version
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            let text = e.to_string();
            let first = text
                .lines()
                .next()
                .unwrap_or("")
                .trim_start_matches("error: ");
            err!("error: {first} (see 'bitexact-emu --help')");
            return ExitCode::from(2);
        }
    };
    let r = match cli.command {
        Command::Call(a) => run_call(a),
        Command::Batch(a) => batch::run(a),
    };
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(Fail(msg)) => {
            let _ = std::io::stdout().flush();
            err!("error: {msg}");
            ExitCode::from(2)
        }
    }
}

pub(crate) struct Setup {
    program: Program,
    address: u32,
    conv: Conv,
    ret: Ret,
    out: Vec<OutBuf>,
    out_names: Vec<String>,
    regs: Vec<(Reg, Arg)>,
}

pub(crate) fn setup(c: &Common) -> Result<Setup, Fail> {
    let bytes = std::fs::read(&c.image)
        .map_err(|e| Fail(format!("cannot read '{}': {e}", c.image.display())))?;
    let mut dlls = Vec::new();
    for d in &c.dll {
        let b =
            std::fs::read(d).map_err(|e| Fail(format!("cannot read '{}': {e}", d.display())))?;
        let name = d
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        dlls.push((name, b));
    }
    let mut program = Program::open_with(&bytes, c.base, &dlls, c.dll_main)?;
    for s in &c.stub {
        let (name, value, pops) = spec::stub(s)?;
        program.stub(&name, value, pops)?;
    }
    if c.crt == Some(CrtArg::X87) {
        program.crt_x87()?;
    }
    let address = program.resolve(&c.function)?;
    let mut out = Vec::new();
    let mut out_names = Vec::new();
    for (i, s) in c.out_buf.iter().enumerate() {
        let (name, rest) = match s.split_once('=') {
            Some((n, r)) => (n.to_string(), r),
            None => (format!("out{i}"), s.as_str()),
        };
        let (at, elem, count) = spec::out_buf(rest)?;
        let address = if at.starts_with("0x") || at.starts_with("0X") {
            spec::integer(&at, 0, i64::from(u32::MAX))? as u32
        } else {
            program
                .image
                .functions
                .iter()
                .find(|(_, n)| *n == at)
                .map(|&(va, _)| va)
                .or_else(|| program.image.data_symbol(&at))
                .ok_or_else(|| Fail(format!("no symbol '{at}' for the output buffer '{s}'")))?
        };
        out.push(OutBuf {
            address,
            elem,
            count,
        });
        out_names.push(name);
    }
    let mut regs: Vec<(Reg, Arg)> = Vec::new();
    for r in &c.reg {
        let (reg, arg) = spec::reg(r)?;
        if regs.iter().any(|(x, _)| *x == reg) {
            return Err(Fail(format!("'{r}': {} is given twice", reg.name())));
        }
        regs.push((reg, arg));
    }
    Ok(Setup {
        program,
        address,
        regs,
        conv: match c.conv {
            ConvArg::Cdecl => Conv::Cdecl,
            ConvArg::Stdcall => Conv::Stdcall,
            ConvArg::Thiscall => Conv::Thiscall,
            ConvArg::Fastcall => Conv::Fastcall,
        },
        ret: c.ret,
        out,
        out_names,
    })
}

fn run_call(a: CallArgs) -> Result<(), Fail> {
    let mut s = setup(&a.common)?;
    let args = spec::parse_args(&a.args)?;
    let call = Call {
        address: s.address,
        conv: s.conv,
        args,
        cw: a.common.cw,
        max_instructions: a.common.max_instructions,
        out: s.out.clone(),
        regs: s.regs.clone(),
        names: Vec::new(),
    };
    let vendor = bitexact_emu::host::cpu_vendor();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut notes: Vec<String> = Vec::new();
    for k in 0..a.repeat {
        let o = if k == 0 {
            s.program.call(&call)
        } else {
            s.program.call_carried(&call)
        }
        .map_err(|e| {
            let Fail(m) = Fail::from(e);
            Fail(if a.repeat > 1 {
                format!("call {} of {}: {m}", k + 1, a.repeat)
            } else {
                m
            })
        })?;
        for n in report::notes(&o, s.conv, s.ret) {
            if !notes.contains(&n) {
                notes.push(n);
            }
        }
        if a.json {
            let j = report::call_json(
                &a.common.function,
                s.address,
                s.conv,
                s.ret,
                a.common.cw,
                &o,
                &s.out_names,
                &vendor,
            );
            writeln!(out, "{j}")?;
        } else {
            print_call(&mut out, &o, &s, &a.common, &vendor)?;
        }
    }
    out.flush()?;
    drop(out);
    if !a.json {
        for n in notes {
            err!("note: {n}");
        }
    }
    Ok(())
}

fn print_call(
    out: &mut impl Write,
    o: &bitexact_emu::Outcome,
    s: &Setup,
    c: &Common,
    vendor: &str,
) -> Result<(), Fail> {
    writeln!(out, "ret {}", report::ret_text(o, s.ret, c.cw))?;
    writeln!(out, "eax {:#010x}  edx {:#010x}", o.eax, o.edx)?;
    match o.st0 {
        Some(v) => writeln!(
            out,
            "st0 {}  (f64 {:?}, f32 {:?}; {} register(s) in use)",
            v.hex(),
            v.to_f64_under(c.cw),
            v.to_f32_under(c.cw),
            o.depth
        )?,
        None => writeln!(out, "st0 empty")?,
    }
    for (i, b) in o.buffers.iter().enumerate() {
        let vals: Vec<String> = b
            .iter()
            .map(|&v| report::scalar_json(v).to_string())
            .collect();
        writeln!(out, "buffer {i} after: [{}]", vals.join(", "))?;
    }
    for (n, v) in s.out_names.iter().zip(&o.out) {
        let vals: Vec<String> = v
            .iter()
            .map(|&v| report::scalar_json(v).to_string())
            .collect();
        writeln!(out, "{n}: [{}]", vals.join(", "))?;
    }
    writeln!(
        out,
        "{} instruction{} at {} under cw {:#06x}{}",
        o.instructions,
        if o.instructions == 1 { "" } else { "s" },
        report::conv_name(s.conv),
        c.cw,
        if o.host_ops.is_empty() {
            String::new()
        } else {
            format!("; on this host's x87 ({vendor}): {}", o.host_ops.join(", "))
        }
    )?;
    Ok(())
}
