//! `bitexact-emu`: run a function from a 32-bit PE image under Unicorn with
//! the game's x87 control word (SPEC 13). Parses arguments, calls the
//! library, prints; every error is one line on stderr and exit status 2.
//! This file is `call` and the dispatch; the binary's other modules, bottom
//! to top, are `args` (the command line), `fail` (its error), `setup`
//! (what both subcommands do before calling) and `batch`.

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

use bitexact_emu::report;
use bitexact_emu::{spec, Call, Scalar};

mod args;
mod batch;
mod fail;
mod setup;

use crate::args::{CallArgs, Cli, Command, Common};
use crate::fail::Fail;
use crate::setup::{setup, Setup};

/// `eprintln!` that never panics: a closed stderr (`2>&1 | head -1`) loses
/// the line, not the exit status.
macro_rules! err {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr().lock(), $($t)*);
    }};
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
        s.note(&o, &mut notes);
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
        writeln!(out, "buffer {i} after: {}", values(b))?;
    }
    for (n, v) in s.out_names.iter().zip(&o.out) {
        writeln!(out, "{n}: {}", values(v))?;
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

/// A buffer's values as the text output prints them: `[3.0, 4.0, 12.0]`,
/// each as its trace value.
fn values(v: &[Scalar]) -> String {
    let vals: Vec<String> = v
        .iter()
        .map(|&x| report::scalar_json(x).to_string())
        .collect();
    format!("[{}]", vals.join(", "))
}
