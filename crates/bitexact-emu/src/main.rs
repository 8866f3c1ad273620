//! `bitexact-emu`: run a function from a 32-bit PE image under Unicorn with
//! the game's x87 control word (SPEC 13). Parses arguments, calls the
//! library, prints; every error is one line on stderr and exit status 2.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};

use bitexact_emu::report::{self, Ret};
use bitexact_emu::{spec, Call, Conv, OutBuf, Program};

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
    /// What the function returns: eax, edx:eax, or ST(0) as its 80-bit
    /// value (st0) or as a caller's fstp m32 / m64 stores it (f32, f64).
    #[arg(long, value_enum, default_value_t = RetArg::Eax)]
    ret: RetArg,
    /// Memory to read back after the call, [NAME=]WHERE:TYPE*COUNT: WHERE
    /// a 0x address or a symbol, TYPE i32 u32 f32 f64 u8 (repeatable).
    #[arg(long = "out-buf", value_name = "SPEC")]
    out_buf: Vec<String>,
    /// An import's return value, NAME=VALUE: NAME is DLL!function or the
    /// function alone (repeatable). A call into an import without one stops
    /// the run and names it. The stub pops nothing (cdecl-like).
    #[arg(long, value_name = "NAME=VALUE")]
    stub: Vec<String>,
    /// Stop with "did not return" after this many instructions.
    #[arg(long, default_value_t = 10_000_000)]
    max_instructions: u64,
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
}

#[derive(Args)]
struct BatchArgs {
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
}

#[derive(Clone, Copy, ValueEnum)]
enum ConvArg {
    Cdecl,
    Stdcall,
    Thiscall,
    Fastcall,
}

#[derive(Clone, Copy, ValueEnum)]
enum RetArg {
    Eax,
    #[value(name = "edx:eax")]
    EdxEax,
    St0,
    F32,
    F64,
}

fn parse_cw(s: &str) -> Result<u16, String> {
    spec::control_word(s)
}

fn parse_base(s: &str) -> Result<u32, String> {
    spec::integer(s, 0, i64::from(u32::MAX)).map(|x| x as u32)
}

struct Fail(String);

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
            eprintln!("error: {first} (see 'bitexact-emu --help')");
            return ExitCode::from(2);
        }
    };
    let r = match cli.command {
        Command::Call(a) => run_call(a),
        Command::Batch(a) => run_batch(a),
    };
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(Fail(msg)) => {
            let _ = std::io::stdout().flush();
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
    }
}

struct Setup {
    program: Program,
    address: u32,
    conv: Conv,
    ret: Ret,
    out: Vec<OutBuf>,
    out_names: Vec<String>,
}

fn setup(c: &Common) -> Result<Setup, Fail> {
    let bytes = std::fs::read(&c.image)
        .map_err(|e| Fail(format!("cannot read '{}': {e}", c.image.display())))?;
    let mut program = Program::open(&bytes, c.base)?;
    for s in &c.stub {
        let (name, value) = spec::stub(s)?;
        program.stub(&name, value)?;
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
    Ok(Setup {
        program,
        address,
        conv: match c.conv {
            ConvArg::Cdecl => Conv::Cdecl,
            ConvArg::Stdcall => Conv::Stdcall,
            ConvArg::Thiscall => Conv::Thiscall,
            ConvArg::Fastcall => Conv::Fastcall,
        },
        ret: match c.ret {
            RetArg::Eax => Ret::Eax,
            RetArg::EdxEax => Ret::EdxEax,
            RetArg::St0 => Ret::St0,
            RetArg::F32 => Ret::F32,
            RetArg::F64 => Ret::F64,
        },
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
    };
    let o = s.program.call(&call)?;
    let vendor = bitexact_emu::host::cpu_vendor();
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
        println!("{j}");
        return Ok(());
    }
    let mut out = std::io::stdout().lock();
    writeln!(out, "ret {}", report::ret_json(&o, s.ret, a.common.cw))?;
    writeln!(out, "eax {:#010x}  edx {:#010x}", o.eax, o.edx)?;
    match o.st0 {
        Some(v) => writeln!(
            out,
            "st0 {}  (f64 {:?}, f32 {:?}; {} register(s) in use)",
            v.hex(),
            v.to_f64_under(a.common.cw),
            v.to_f32_under(a.common.cw),
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
        a.common.cw,
        if o.host_ops.is_empty() {
            String::new()
        } else {
            format!("; on this host's x87 ({vendor}): {}", o.host_ops.join(", "))
        }
    )?;
    drop(out);
    for n in report::notes(&o, s.conv, s.ret) {
        eprintln!("note: {n}");
    }
    Ok(())
}

fn run_batch(a: BatchArgs) -> Result<(), Fail> {
    let mut s = setup(&a.common)?;
    let reader: Box<dyn BufRead> = if a.inputs.as_os_str() == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(std::io::BufReader::new(
            std::fs::File::open(&a.inputs)
                .map_err(|e| Fail(format!("cannot read '{}': {e}", a.inputs.display())))?,
        ))
    };
    let given: Option<Vec<String>> = a
        .names
        .as_ref()
        .map(|n| n.split(',').map(|x| x.trim().to_string()).collect());
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut calls = 0u64;
    let mut notes: Vec<String> = Vec::new();
    let place = |line: u64| format!("{}:{line}", a.inputs.display());
    for (k, line) in reader.lines().enumerate() {
        let n = k as u64 + 1;
        let line = line.map_err(|e| Fail(format!("{}: {e}", place(n))))?;
        if line.trim().is_empty() {
            continue;
        }
        let input = parse_input(&line).map_err(|e| Fail(format!("{}: {e}", place(n))))?;
        let args = spec::parse_args(&input.args).map_err(|e| Fail(format!("{}: {e}", place(n))))?;
        let names: Vec<String> = match &given {
            Some(g) if g.len() == args.len() => g.clone(),
            Some(g) => {
                return Err(Fail(format!(
                    "{}: {} arguments but {} names",
                    place(n),
                    args.len(),
                    g.len()
                )))
            }
            None => (0..args.len()).map(|i| format!("arg{i}")).collect(),
        };
        let cw = input.cw.unwrap_or(a.common.cw);
        let call = Call {
            address: s.address,
            conv: s.conv,
            args: args.clone(),
            cw,
            max_instructions: a.common.max_instructions,
            out: s.out.clone(),
        };
        let o = s.program.call(&call).map_err(|e| {
            let Fail(m) = Fail::from(e);
            Fail(format!("{}: {m}", place(n)))
        })?;
        for note in report::notes(&o, s.conv, s.ret) {
            if !notes.contains(&note) {
                notes.push(note);
            }
        }
        let rec = report::record(
            input.call_id.unwrap_or(n),
            &names,
            &args,
            &a.ret_name,
            s.ret,
            cw,
            &o,
            &s.out_names,
        );
        writeln!(out, "{rec}")?;
        calls += 1;
    }
    out.flush()?;
    drop(out);
    for note in notes {
        eprintln!("note: {note}");
    }
    eprintln!("batch: {calls} calls");
    Ok(())
}

struct Input {
    args: String,
    cw: Option<u16>,
    call_id: Option<u64>,
}

fn parse_input(line: &str) -> Result<Input, String> {
    let v: serde_json::Value =
        serde_json::from_str(line).map_err(|e| format!("not a JSON object: {e}"))?;
    let obj = v
        .as_object()
        .ok_or("not a JSON object: an input line is {\"args\": \"LIST\"}")?;
    let mut input = Input {
        args: String::new(),
        cw: None,
        call_id: None,
    };
    let mut has_args = false;
    for (k, v) in obj {
        match (k.as_str(), v) {
            ("args", serde_json::Value::String(s)) => {
                input.args = s.clone();
                has_args = true;
            }
            ("args", _) => return Err("\"args\" is a string in the call syntax, e.g. \"i32:5,f32:1.5\"".into()),
            ("cw", serde_json::Value::String(s)) => input.cw = Some(spec::control_word(s)?),
            ("cw", serde_json::Value::Number(x)) => {
                input.cw = Some(
                    x.as_u64()
                        .filter(|&c| c <= 0xffff)
                        .ok_or(format!("\"cw\" {x} is not a control word"))? as u16,
                )
            }
            ("call_id", serde_json::Value::Number(x)) => {
                input.call_id = Some(x.as_u64().ok_or(format!("\"call_id\" {x} is not a whole number"))?)
            }
            (other, _) => {
                return Err(format!(
                    "unknown or mistyped key \"{other}\" (an input line has \"args\", and optionally \"cw\" and \"call_id\")"
                ))
            }
        }
    }
    if !has_args {
        return Err("no \"args\" (an input line is {\"args\": \"LIST\"}; \"\" for none)".into());
    }
    Ok(input)
}
