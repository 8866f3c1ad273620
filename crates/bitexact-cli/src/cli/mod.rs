//! The command line (SPEC 6), as clap definitions. The engine subcommands of
//! `stream`, `ledger`, `recover` and `state` are generated from the
//! library's engine list (`engines.rs`), and `sync`'s from its list of
//! formats (`sync.rs`): each engine and format takes exactly its own
//! options, so clap rejects the others.

use crate::num;
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

pub mod engines;
pub mod family;
mod flags;
pub mod sync;
pub use engines::{
    ConvertArgs, DiffArgs, EngineArgs, IdentifyArgs, LedgerArgs, RecoverArgs, SaveArgs, ShowArgs,
    StreamArgs,
};
pub use family::Verb;
pub use sync::SyncArgs;

#[derive(Parser, Debug)]
// Help is never wrapped to a width (as the release build, whose clap has no
// `wrap_help`; a workspace build that unifies it in, for divan, would wrap
// at 100 columns and change what the tests compare).
#[command(
    name = "bitexact",
    version,
    term_width = 0,
    about = "Bit-exact game-engine RNGs and x87 floats: stream, state (save, identify, find), ledger, recover, trace, sync (a log and its seed, or two logs), merge, scan, sots, selftest",
    long_about = "Bit-exact game-engine RNGs and x87 float arithmetic.\n\n\
        Dump a generator's stream through any of its taps (stream), save and identify generator \
        states: find the seed and the words drawn since seeding from a state's bytes, and with \
        state find every state in a whole save or memory dump (state), \
        count the words a turn spends (ledger), find the seeds that produce observed values \
        (recover), compare traces to the last bit and replay recorded calls (trace), check a \
        game's own desync log against its seed, or two players' logs against each other to find \
        where they part (sync), put a sharded search's \
        answers together (merge), find every generator site in a game binary (scan), run Sword of the Stars' Vec3 and MoveFleet math (sots), and \
        run every known-answer vector (selftest).\n\n\
        Numbers are decimal or 0x hex. Exit codes: 0 success, 1 checked and found \
        different (or not found), 2 bad input or usage, 130 interrupted by Ctrl-C (after what \
        was found and where to resume).\n\n\
        Results go to stdout; summaries (searched N seeds in …, wrote FILE, N checks passed) and \
        errors go to stderr, so results can be piped; --quiet drops the summaries. A file \
        argument of - means stdin (inputs) or stdout (outputs, binary included).",
    after_help = "Examples:\n  \
        bitexact stream sots --seed 5489 --count 3\n  \
        bitexact stream sots --seed 1 --tap frange:0,100 --precision pc24 --json\n  \
        bitexact state save sots --seed 5489 --skip-words 1418 -o rng.bin\n  \
        bitexact state identify sots rng.bin\n  \
        bitexact state find examples/find/dump.bin          # every state in a save or dump\n  \
        bitexact ledger sots --seed 5489 examples/turn.txt\n  \
        bitexact recover sots --values 3499211612,581869302 --seed-range 0..10000\n  \
        bitexact trace compare examples/movefleet.jsonl examples/movefleet-ours.jsonl\n  \
        bitexact sync generals examples/sync/generals-debug.txt\n  \
        bitexact sync phobos examples/sync/SYNC0.TXT examples/sync/SYNC1.TXT   # two players' logs\n  \
        bitexact scan game.exe\n  \
        bitexact selftest"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// No summary lines on stderr (`searched N seeds in …`, `wrote FILE`, …); errors still print
    #[arg(short, long, global = true)]
    pub quiet: bool,
    /// Progress as plain lines on stderr, one every 5 s or so, also when stderr is
    /// not a terminal (Slurm, nohup, CI logs): seed searches as `progress: LABEL
    /// DONE/TOTAL seeds (P%), RATE, ETA S s`, identify walks and state find as
    /// `progress: LABEL, S s`; on a terminal a search's bar is the default
    #[arg(long, global = true)]
    pub progress: bool,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Print a generator's stream through one of its taps
    #[command(subcommand)]
    Stream(StreamArgs),
    /// Save, identify or compare generator state files; find every state in a whole save or dump (state find)
    #[command(subcommand)]
    State(StateCommand),
    /// Count the words a script of calls spends, per entry point and per turn
    #[command(subcommand)]
    Ledger(LedgerArgs),
    /// Find the seeds whose streams produce observed values
    #[command(subcommand)]
    Recover(RecoverArgs),
    /// Compare traces to the last bit; replay recorded MoveFleet calls
    #[command(subcommand)]
    Trace(TraceCommand),
    /// Check a game's desync log against its seed's stream, or two players' logs against each other
    #[command(subcommand)]
    Sync(SyncArgs),
    /// Put the --json answers of a search's --shard K/N runs together
    #[command(after_help = MERGE_HELP)]
    Merge(MergeArgs),
    /// Find every generator site in a PE / ELF x86 image, inlined draws included
    #[command(after_help = scan_help())]
    Scan(ScanArgs),
    /// One-off Sword of the Stars math: Vec3 normalize, the MoveFleet leg
    #[command(subcommand)]
    Sots(SotsCommand),
    /// Run every known-answer vector of every engine (exit 1 on any failure)
    Selftest,
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell)
    #[command(after_help = "Install, e.g. for bash:\n  \
        bitexact completions bash > ~/.local/share/bash-completion/completions/bitexact\n\
        zsh: bitexact completions zsh > \"${fpath[1]}/_bitexact\"\n\
        fish: bitexact completions fish > ~/.config/fish/completions/bitexact.fish")]
    Completions {
        /// The shell
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff), or write one per command with --dir
    #[command(after_help = "Examples:\n  \
        bitexact manpage > bitexact.1\n  \
        bitexact manpage --dir ~/.local/share/man/man1   # bitexact.1, bitexact-stream.1, bitexact-stream-sots.1, …")]
    Manpage {
        /// Write a page for every command and subcommand into this directory (made if missing)
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
    },
}

/// `--report` (hidden: `--json` says it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    /// A Markdown summary: tables of counts, per-field divergences, the first divergence
    Md,
    /// One JSON object (replay --model all: one object per record, then one per model)
    Json,
}

/// `--model` for MoveFleet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ModelArg {
    /// The original's five narrowings, at --precision
    Faithful,
    /// The pre-fix double model (exact double delta, double sqrt, three divides)
    Double,
    /// Both, saying which reproduces each record
    All,
}

#[derive(Subcommand, Debug)]
pub enum TraceCommand {
    /// Match two JSONL traces record by record and compare every field to the bit
    #[command(after_help = TRACE_SCHEMA)]
    Compare(CompareArgs),
    /// Recompute recorded calls and compare with what was recorded
    #[command(after_help = TRACE_SCHEMA)]
    Replay(ReplayArgs),
}

const TRACE_SCHEMA: &str =
    "Trace schema: one JSON object per line. A float field is a JSON number \
    (parsed straight to f32, correctly rounded; a decimal no f32 print has, with more than 9 \
    significant digits and not exactly an f32, is the double it denotes, compared exactly) or a \
    string \"0x\" + 8 hex digits (f32 bits) or + 16 (f64 bits); integers, strings, booleans, \
    arrays and objects compare as themselves (an integer equals a float only exactly) \
    (arrays and objects field by field: pos[0], a.b).\n\
    Exit codes: 0 no divergence, 1 divergent or missing records, 2 bad input \
    (a malformed line names its file and line number).";

#[derive(Args, Debug)]
pub struct CompareArgs {
    /// The first trace (A)
    pub file_a: PathBuf,
    /// The second trace (B)
    pub file_b: PathBuf,
    /// Match records by this field (default: call_id when A's first record has it, else line order)
    #[arg(long)]
    pub key: Option<String>,
    /// Print one JSON object instead of the Markdown summary
    #[arg(long)]
    pub json: bool,
    /// The report's format (--json; the first spelling, kept)
    #[arg(long, value_enum, hide = true, conflicts_with = "json")]
    pub report: Option<ReportFormat>,
    /// Also write one self-contained HTML page of the report to FILE (no network; the --json document inside; stdout and exit code unchanged)
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
}

impl CompareArgs {
    /// The report's format: `--json`, or `--report`, else Markdown.
    pub fn format(&self) -> ReportFormat {
        report_format(self.json, self.report)
    }
}

/// `--json` (or `--report json`: the first spelling, kept hidden) or the
/// Markdown summary.
fn report_format(json: bool, report: Option<ReportFormat>) -> ReportFormat {
    if json {
        ReportFormat::Json
    } else {
        report.unwrap_or(ReportFormat::Md)
    }
}

/// What `trace replay` recomputes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ReplayKind {
    /// StrategyServer::MoveFleet's straight leg: records with call_id, pos, dest, move, pos_after
    Movefleet,
}

#[derive(Args, Debug)]
#[command(
    after_help = "A movefleet record: {\"call_id\": 42, \"pos\": [x, y, z], \"dest\": [x, y, z], \
    \"move\": m, \"pos_after\": [x, y, z]}; a record without dest took the waypointless early out \
    and its pos_after must equal pos. With --model all the exit code is 0 when every record is \
    reproduced by some model."
)]
pub struct ReplayArgs {
    /// What the trace records
    pub kind: ReplayKind,
    /// The trace (JSONL)
    pub file: PathBuf,
    /// x87 precision for the faithful model
    #[arg(long, value_enum, default_value = "pc53")]
    pub precision: PrecisionArg,
    /// Which model recomputes the calls
    #[arg(long, value_enum, default_value = "faithful")]
    pub model: ModelArg,
    /// Print JSON instead of the Markdown summary: one object (with --model all, one per record, then one per model)
    #[arg(long)]
    pub json: bool,
    /// The report's format (--json; the first spelling, kept)
    #[arg(long, value_enum, hide = true, conflicts_with = "json")]
    pub report: Option<ReportFormat>,
}

impl ReplayArgs {
    /// The report's format: `--json`, or `--report`, else Markdown.
    pub fn format(&self) -> ReportFormat {
        report_format(self.json, self.report)
    }
}

#[derive(Subcommand, Debug)]
pub enum StateCommand {
    /// Write the state a seed reaches after some words
    #[command(subcommand)]
    Save(SaveArgs),
    /// Find a state file's seed and the words drawn since seeding
    #[command(subcommand)]
    Identify(IdentifyArgs),
    /// Words drawn from state A to state B of the same stream (B minus A; exit 1 if B is
    /// not reachable from A within the bound)
    #[command(subcommand)]
    Diff(DiffArgs),
    /// Print a state file's fields (no search)
    #[command(subcommand)]
    Show(ShowArgs),
    /// Rewrite a state file in another of its layouts
    #[command(subcommand)]
    Convert(ConvertArgs),
    /// Every generator state in a whole file (a save, a memory dump, a Windows minidump),
    /// at any offset, identified
    Find(FindArgs),
}

/// `state find`'s options.
#[derive(Args, Debug)]
#[command(after_help = FIND_HELP)]
pub struct FindArgs {
    /// The file (a save, a raw memory dump, or a Windows minidump: read by its `MDMP`
    /// signature, each state named by its address in the dumped process); - for stdin
    pub file: PathBuf,
    /// Look only for this engine (repeatable; default: every engine with a structure filter);
    /// one class of it with --class, or as ENGINE:CLASS (westwood:random4)
    #[arg(long = "engine", value_name = "ENGINE")]
    pub engines: Vec<String>,
    /// Look only for this class of the engines given that have classes (`--engine westwood
    /// --class random4`, as the engine commands name it; with no --engine, of the engine that has
    /// it)
    #[arg(long, value_name = "CLASS")]
    pub class: Option<String>,
    /// Also list the candidates that passed the structure filter but were not identified
    #[arg(long)]
    pub all: bool,
    /// One JSON object: identified, candidates, bytes, engines
    #[arg(long)]
    pub json: bool,
    /// Threads for the engines that identify by searching seeds (default: every core)
    #[arg(long)]
    pub threads: Option<usize>,
}

/// `state find`'s closing help.
pub const FIND_HELP: &str = "Every byte offset is tried for every engine and layout with a \
    structure filter (sots and westwood --class random4: 624 words and a counter in 0..=624; \
    westwood: cursors 103 apart, the RA2 flag byte; dotnet: cursors 21 apart, every entry in \
    -1..=2147483647); each window that passes is identified at the engine's default bound and \
    replayed before it is named (SPEC 8, 16). laige and generals are not looked for: any 24 bytes \
    are one of their states. The westwood states are identified by one search of the 2^32 seeds \
    for all of a region's states together (a few seconds; it ends once each has its lowest seed). Prints one line per state: its offset (and address in a \
    minidump), engine, layout, seed and words drawn; then how many candidates were not \
    identified. Cut a state out with `dd` or `state convert`, then `state identify` it.\n\n\
    Exit codes: 0 at least one state identified, 1 none, 2 bad input, 130 interrupted.";

/// `recover`'s closing help.
pub const RECOVER_HELP: &str =
    "Prints `seed S offset K` per hit, in seed order (K: words drawn before the first call; a \
    tap that rejects words can give several true offsets for one seed, all printed). At most \
    --max-hits are printed; when it stops there, stderr says where to resume (also under \
    --quiet). With --count-matches, one line instead: how many seeds (and hits) match in the whole \
    range, nothing kept but the count. Exit 0 when at least one seed is found, 1 when none in the whole range, 130 when \
    interrupted by Ctrl-C (after the hits found and where to resume), 2 on bad input.";

/// `scan --help`'s text; the signatures listed from the library's own
/// list ([`bitexact::scan::Signature::ALL`]).
fn scan_help() -> String {
    let signatures: Vec<String> = bitexact::scan::Signature::ALL
        .iter()
        .map(|s| format!("  {} — {}", s.name(), s.summary()))
        .collect();
    format!("Decodes the executable sections twice: a linear sweep, and a recursive descent \
from the entry point, the function symbols, relocated code pointers, code addresses instructions take, \
direct call targets and jump tables (read as far as their bound check allows). Only operands of \
instructions both agree on count, so a constant in data, inside a longer immediate or straddling two \
instructions is never a site: it is listed under 'constants seen only as data', marked when it is an \
operand of code only the sweep decodes (code the descent did not reach, where a site may hide).\n\n\
Signatures (matched by the value the instructions compute, in the forms gcc, clang, mingw-w64 and MSVC \
emit):\n{}\n\n\
'complete' says the whole sequence was seen; a mask and-ed alone is a site with complete = no; \
compares and stores of a constant never count, and a multiply by a seeding constant the data flow \
cannot follow is listed as an incomplete site, never dropped. A seeding alone does not confirm \
MT19937 (SFMT and dSFMT seed the same way): without a complete twist or tempering the report says \
'MT19937 unconfirmed', with one 'MT19937 confirmed'. An incomplete site of a constant other \
algorithms use too (splitmix64's 0x9e3779b97f4a7c15 is also Philox's) is a lead, not a finding: \
when every site is one, the report says no generator was found.\n\n\
Output: the functions holding sites (with --from, whether each is reachable from FUNCTION by direct \
calls, and by which chain), then every site, then the constants seen only as data; --json prints one \
object (SPEC 10) on stdout. Stripped images name functions sub_<va>.\n\n\
Exit codes: 0 sites found, 1 none (or only incomplete matches of constants other algorithms \
use too: listed, not found), 2 an unreadable or unsupported image (one line says why).", signatures.join("\n"))
}

const MERGE_HELP: &str = "Each shard is one run of the same search with --shard K/N --json, e.g.\n  \
    bitexact recover westwood --tap ranged:1,2147483647 --values 1631533363 --shard 3/8 --json > shard-3.json\n\
    Files may hold several answers, one JSON object a line (`cat shard-*.json | bitexact merge -`).\n\n\
    The merge checks every answer is from the same search (its query, range and N) and is the part its \
    shard owns, and says whether all N finished: only then is \"not found\" an answer for the whole range. \
    A missing, stopped or interrupted shard is named, and the hits below the first gap are still all of them.\n\n\
    Exit codes: 0 complete with hits (identify: identified); 1 complete and nothing found, or incomplete; \
    130 incomplete because a shard was interrupted by Ctrl-C; 2 bad input (not a shard's answer, answers of different searches, two answers for one shard).";

/// `bitexact merge`.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The shards' --json outputs (`-` for stdin)
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Print one JSON object: the unsharded run's fields, with the shards' completeness
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct ScanArgs {
    /// The image: PE32, PE32+, ELF32 or ELF64, x86 or x86-64 (`-` for stdin)
    pub image: PathBuf,
    /// Print one JSON object (addresses as hex strings)
    #[arg(long)]
    pub json: bool,
    /// Mark which functions holding sites are reachable by direct calls from this
    /// function: a symbol name as the report prints it (control characters and
    /// bytes that are not UTF-8 as \xNN, a backslash as \\), or an address
    /// (0x…) inside it
    #[arg(long, value_name = "FUNCTION")]
    pub from: Option<String>,
    /// Also walk the code only the linear sweep decodes (code the descent did
    /// not reach, or data that decodes as instructions) and list its sites
    /// apart, marked sweep-only ("sweep_sites" in the JSON): leads to check,
    /// never counted with the sites above
    #[arg(long)]
    pub sweep: bool,
    /// Also write one self-contained HTML page of the report to FILE (no network; the JSON inside; stdout and exit code unchanged)
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
}

#[derive(Subcommand, Debug)]
pub enum SotsCommand {
    /// Mars_Vec3_Normalize(X, Y, Z): the direction and the length, values and bits
    Normalize(NormalizeArgs),
    /// MoveFleet's straight leg from --pos towards --dest by --move
    Leg(LegArgs),
}

#[derive(Args, Debug)]
#[command(allow_negative_numbers = true)]
pub struct NormalizeArgs {
    /// x (decimal, or 0x + 8 hex digits for f32 bits)
    #[arg(value_parser = num::parse_f32, allow_hyphen_values = true)]
    pub x: f32,
    /// y
    #[arg(value_parser = num::parse_f32, allow_hyphen_values = true)]
    pub y: f32,
    /// z
    #[arg(value_parser = num::parse_f32, allow_hyphen_values = true)]
    pub z: f32,
    /// x87 precision model
    #[arg(long, value_enum, default_value = "pc53")]
    pub precision: PrecisionArg,
}

#[derive(Args, Debug)]
#[command(allow_negative_numbers = true)]
pub struct LegArgs {
    /// Position X,Y,Z
    #[arg(long, allow_hyphen_values = true)]
    pub pos: String,
    /// Destination X,Y,Z
    #[arg(long, allow_hyphen_values = true)]
    pub dest: String,
    /// The move (speed × time) this call advances
    #[arg(long = "move", value_parser = num::parse_f32, allow_hyphen_values = true)]
    pub mv: f32,
    /// x87 precision model (faithful model)
    #[arg(long, value_enum, default_value = "pc53")]
    pub precision: PrecisionArg,
    /// Which model computes the leg
    #[arg(long, value_enum, default_value = "faithful")]
    pub model: ModelArg,
}

/// `--precision`: the x87 precision-control model for float draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PrecisionArg {
    /// 53-bit significands: MSVC's default (control word 0x027F)
    Pc53,
    /// 24-bit significands: a Direct3D 9 process (control word 0x007F)
    Pc24,
}

impl From<PrecisionArg> for bitexact::x87::Precision {
    fn from(p: PrecisionArg) -> Self {
        match p {
            PrecisionArg::Pc53 => Self::Pc53,
            PrecisionArg::Pc24 => Self::Pc24,
        }
    }
}
