//! What a scan reports (SPEC 10): the image, its sites and the functions
//! holding them, constants seen only as data, and the options and errors.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

/// The container format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// ELF, 32-bit.
    Elf32,
    /// ELF, 64-bit.
    Elf64,
    /// PE32 (32-bit Windows).
    Pe32,
    /// PE32+ (64-bit Windows).
    Pe32Plus,
}

impl Format {
    /// `elf32`, `elf64`, `pe32`, `pe32+`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Elf32 => "elf32",
            Format::Elf64 => "elf64",
            Format::Pe32 => "pe32",
            Format::Pe32Plus => "pe32+",
        }
    }
}

/// The instruction set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arch {
    /// 32-bit x86.
    X86,
    /// x86-64.
    X86_64,
}

impl Arch {
    /// `x86` or `x86_64`.
    pub fn name(self) -> &'static str {
        match self {
            Arch::X86 => "x86",
            Arch::X86_64 => "x86_64",
        }
    }
}

/// What the image is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImageInfo {
    /// Container format.
    pub format: Format,
    /// Instruction set.
    pub arch: Arch,
    /// The entry point, when it lies in code.
    pub entry: Option<u64>,
}

/// A generator signature (SPEC 10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Signature {
    /// MT19937 tempering: `>> 11`, `(<< 7) & 0x9d2c5680`, `(<< 15) &
    /// 0xefc60000`, `>> 18` on one value, in that order. One site per copy
    /// (an inlined draw is one copy).
    Mt19937Temper,
    /// The twist: `0x9908b0df` as an operand, or a read of the table
    /// `mag01 = {0, 0x9908b0df}` through an index. Complete with both the
    /// upper and lower masks, a `>> 1` and a 397 (or 227) word offset in the
    /// function. One site per function.
    Mt19937Twist,
    /// Knuth's seeding, `1812433253 · (x ^ (x >> 30)) + i`, also when the
    /// loop's first value is a folded constant (`init_genrand(19650218)`
    /// inlined). Complete with `x ^ (x >> 30)` and the state's length (624
    /// or 623 words, their bytes, or an access 2496 / 2492 bytes into the
    /// array) in a loop that holds the multiply: a loop of 600 words
    /// inlined beside 624-word loops is not complete. One site per
    /// function; a multiply by 1812433253 the data flow cannot tie to
    /// `x ^ (x >> 30)` is an incomplete one.
    Mt19937SeedKnuth,
    /// The reference `init_by_array`: `(x ^ (x >> 30)) * 1664525` (added
    /// with the key word and its index), then `(x ^ (x >> 30)) *
    /// 1566083941` (minus the index), wrapping at 624. Complete with both
    /// multipliers over `x ^ (x >> 30)` and the 624-word bound in a loop
    /// that holds one of them. One site per function.
    Mt19937SeedByArray,
    /// The 53-bit double of MT19937's `genrand_res53` (Python's
    /// `random()`, numpy's `random_sample`):
    /// `((a >> 5) * 67108864.0 + (b >> 6)) * 2^-53` (or `/ 2^53`), x87 or
    /// SSE2. A site where a function reads both doubles; complete with the
    /// `>> 5` and `>> 6` beside them. One site per function. A mapping, not
    /// a generator: it alone never confirms MT19937.
    Mt19937Res53,
    /// The 1998 seeding, `* 69069`. One site per function. 69069 is also
    /// the multiplier of other LCGs: `seen` says whether `+ 1` followed.
    Mt19937Seed1998,
    /// Westwood's pseudo-DES (`Random3Class`): its eight mix constants, as
    /// immediates or as the tables the function reads. One site per function.
    WestwoodPsdes,
    /// WWLib `RandomClass`: `* 0x41c64e6d + 0x3039`. One site per multiply.
    /// These are the ANSI C example `rand`'s 1103515245 and 12345, which
    /// many programs use (SQLite's `statPush`, for one): a site is this
    /// LCG's arithmetic, not proof that WWLib wrote it.
    WwlibLcg,
    /// MSVC `rand`: `* 0x343fd + 0x269ec3`. One site per multiply (code
    /// that copies the CRT's LCG counts too).
    MsvcRand,
    /// splitmix64 (laige's seeding): its three 64-bit constants. One site per function.
    Splitmix64,
    /// Mars' unit scale: a double `0x3df0000000100000` (or seed 000's
    /// literal `0x3df0000000001000`, or 2^-32) read from data by an FPU or
    /// SSE instruction. One site per instruction.
    SotsUnitScale,
}

impl Signature {
    /// Every signature.
    pub const ALL: [Signature; 11] = [
        Signature::Mt19937Temper,
        Signature::Mt19937Twist,
        Signature::Mt19937SeedKnuth,
        Signature::Mt19937SeedByArray,
        Signature::Mt19937Res53,
        Signature::Mt19937Seed1998,
        Signature::WestwoodPsdes,
        Signature::WwlibLcg,
        Signature::MsvcRand,
        Signature::Splitmix64,
        Signature::SotsUnitScale,
    ];

    /// The name used in reports: `mt19937.temper`, `westwood.psdes`, ….
    pub fn name(self) -> &'static str {
        match self {
            Signature::Mt19937Temper => "mt19937.temper",
            Signature::Mt19937Twist => "mt19937.twist",
            Signature::Mt19937SeedKnuth => "mt19937.seed_knuth",
            Signature::Mt19937SeedByArray => "mt19937.seed_by_array",
            Signature::Mt19937Res53 => "mt19937.res53",
            Signature::Mt19937Seed1998 => "mt19937.seed_1998",
            Signature::WestwoodPsdes => "westwood.psdes",
            Signature::WwlibLcg => "wwlib.lcg",
            Signature::MsvcRand => "msvc.rand",
            Signature::Splitmix64 => "splitmix64",
            Signature::SotsUnitScale => "sots.unit_scale",
        }
    }
}

impl Signature {
    /// What the signature matches and when a site is complete, in one
    /// line (the CLI's `scan --help` lists these).
    pub fn summary(self) -> &'static str {
        match self {
            Signature::Mt19937Temper => ">> 11, (<< 7) & 0x9d2c5680, (<< 15) & 0xefc60000, >> 18 on one value in data-flow order, each mask before or after its shift; one site per copy, so each inlined draw is one",
            Signature::Mt19937Twist => "0x9908b0df (or the table mag01 = {0, 0x9908b0df}) with the mix of two words (both masks, or MSVC's ((a ^ b) & 0x7fffffff) ^ a), >> 1 and a 397-word offset; the block loop or one word per draw",
            Signature::Mt19937SeedKnuth => "* 1812433253 over x ^ (x >> 30) in a 624-word loop (the bound as an immediate, a register, an end pointer or a count down)",
            Signature::Mt19937SeedByArray => "init_by_array: * 1664525 and * 1566083941 over x ^ (x >> 30), wrapping at 624",
            Signature::Mt19937Res53 => "the 53-bit double ((a >> 5) * 67108864.0 + (b >> 6)) * 2^-53, x87 or SSE2",
            Signature::Mt19937Seed1998 => "* 69069 in a 624-word loop or with & 0xffff0000",
            Signature::WestwoodPsdes => "the eight pseudo-DES mix constants, or their tables",
            Signature::WwlibLcg => "* 0x41c64e6d + 0x3039",
            Signature::MsvcRand => "* 0x343fd + 0x269ec3",
            Signature::Splitmix64 => "its three 64-bit constants",
            Signature::SotsUnitScale => "the double 0x3df0000000100000, 0x3df0000000001000 or 2^-32 read as a double (x87 or SSE2)",
        }
    }

    /// For a signature whose constants other algorithms use too, what
    /// else uses them: an incomplete site of it shows only such constants,
    /// so it is a lead, not evidence of its generator
    /// ([`Site::shared_constant`], [`Report::finding`]). `None` where an
    /// incomplete site still shows a part only its generator computes
    /// (a tempering mask, the twist's matrix, the pseudo-DES mix
    /// constants, MSVC's multiplier) or the site is always complete.
    pub fn shared_with(self) -> Option<&'static str> {
        match self {
            Signature::Mt19937SeedKnuth => Some(
                "1812433253 over x ^ (x >> 30) is also the seeding of SFMT, dSFMT and TinyMT",
            ),
            Signature::Mt19937SeedByArray => Some(
                "1664525 is also Numerical Recipes' LCG multiplier, and SFMT's init_by_array multiplies by 1664525 and 1566083941 too",
            ),
            Signature::Mt19937Res53 => Some(
                "67108864.0 and 2^-53 make a 53-bit double of two 32-bit words for any generator",
            ),
            Signature::Mt19937Seed1998 => Some(
                "69069 is also the multiplier of other LCGs (Marsaglia's, VAX MTH$RANDOM)",
            ),
            Signature::WwlibLcg => Some(
                "1103515245 is also the multiplier of the ANSI C example rand and of glibc's TYPE_0 random",
            ),
            Signature::Splitmix64 => Some(
                "0x9e3779b97f4a7c15 is also the golden-ratio constant of Philox's key schedule and of Fibonacci hashing; 0xbf58476d1ce4e5b9 and 0x94d049bb133111eb are also a 64-bit hash finalizer's (Stafford's Mix13)",
            ),
            Signature::Mt19937Temper
            | Signature::Mt19937Twist
            | Signature::WestwoodPsdes
            | Signature::MsvcRand
            | Signature::SotsUnitScale => None,
        }
    }

    /// Whether it is one of MT19937's signatures.
    pub fn is_mt19937(self) -> bool {
        matches!(
            self,
            Signature::Mt19937Temper
                | Signature::Mt19937Twist
                | Signature::Mt19937SeedKnuth
                | Signature::Mt19937SeedByArray
                | Signature::Mt19937Res53
                | Signature::Mt19937Seed1998
        )
    }
}

impl fmt::Display for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One place where a generator's arithmetic sits as instructions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Site {
    /// The lowest address of its instructions.
    pub va: u64,
    /// Which sequence.
    pub signature: Signature,
    /// Whether the whole sequence was seen (not, say, one mask alone).
    pub complete: bool,
    /// The parts of the sequence that were seen, in order.
    pub seen: Vec<String>,
    /// The instructions that make it, by address.
    pub instructions: Vec<u64>,
    /// Index into [`Report::functions`] (for a site in
    /// [`Report::sweep_sites`], into [`Report::sweep_runs`]).
    pub function: usize,
    /// Whether it lies in code only the linear sweep decodes (`true` only
    /// in [`Report::sweep_sites`]).
    pub sweep_only: bool,
}

impl Site {
    /// Whether it is an incomplete site of a signature whose constants
    /// other algorithms use too ([`Signature::shared_with`]): what was
    /// seen does not show its generator, and alone it is no finding.
    pub fn shared_constant(&self) -> bool {
        !self.complete && self.signature.shared_with().is_some()
    }
}

/// A function holding at least one site.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Function {
    /// Start address.
    pub va: u64,
    /// Its symbol, when the image has one.
    pub name: Option<String>,
    /// Number of sites in it.
    pub sites: usize,
    /// Whether it is reachable by direct calls from [`Options::from`]
    /// (`None` when no origin was given).
    pub reachable: Option<bool>,
    /// When reachable: a shortest chain of direct calls from the origin,
    /// origin first, this function last (start address and symbol).
    pub path: Vec<(u64, Option<String>)>,
}

/// A known constant seen in the image's bytes other than as an operand of
/// an agreed instruction: data, or code bytes that are not an operand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataHit {
    /// Where its first byte is.
    pub va: u64,
    /// The constant (little-endian in the image).
    pub constant: u64,
    /// Its width in bytes (4 or 8).
    pub width: u8,
    /// The signature it belongs to.
    pub signature: Signature,
    /// The section (or segment) holding it.
    pub section: String,
    /// Whether an instruction of a site reads it (a unit-scale double, a psdes table).
    pub referenced: bool,
    /// Whether it lies in an executable section: code bytes that are not
    /// an operand of an agreed instruction (part of a longer immediate or
    /// a displacement, straddling two instructions, data in `.text`, or
    /// code the descent did not reach).
    pub in_code: bool,
    /// Whether the linear sweep decodes it as an operand of an instruction
    /// the descent never reached: code, perhaps, that only a jump table or
    /// a function pointer the scan could not follow leads to. A site may
    /// hide here; the scan does not count it (SPEC 10) but says so.
    pub sweep_only: bool,
}

/// How many instructions the two decodings found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stats {
    /// Bytes in executable sections.
    pub code_bytes: u64,
    /// Instructions the linear sweep decoded.
    pub swept: u64,
    /// Of them, the ones the recursive descent also decoded.
    pub agreed: u64,
    /// Functions found (with or without sites).
    pub functions: usize,
}

/// What [`scan`](super::scan) found.
#[derive(Debug, Clone)]
pub struct Report {
    /// The image.
    pub image: ImageInfo,
    /// Every site, by address.
    pub sites: Vec<Site>,
    /// Every function holding a site, by address.
    pub functions: Vec<Function>,
    /// Known constants seen only as data (at most [`MAX_DATA_HITS`]).
    pub data: Vec<DataHit>,
    /// Decoding figures.
    pub stats: Stats,
    /// The origin functions of the reachability, when one was given.
    pub from: Vec<u64>,
    /// With [`Options::sweep`]: the sites in code only the linear sweep
    /// decodes (each `sweep_only`), by address — never in
    /// [`Report::sites`]. Such code is not reached by the descent: a
    /// function only an unfollowed pointer leads to, or data that decodes
    /// as instructions; a site here is a lead to check, not a finding.
    pub sweep_sites: Vec<Site>,
    /// The runs of sweep-only code holding [`Report::sweep_sites`], as
    /// functions (start address, no symbol, their site counts).
    pub sweep_runs: Vec<Function>,
}

/// At most this many [`DataHit`]s are listed.
pub const MAX_DATA_HITS: usize = 10_000;

/// Where reachability starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// Every function with this symbol name.
    Name(String),
    /// The function holding this address.
    Va(u64),
}

impl Origin {
    /// `0x…` (hex) or a decimal number is an address; anything else a name.
    pub fn parse(s: &str) -> Origin {
        let hex = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X"));
        match hex {
            Some(h) if !h.is_empty() => match u64::from_str_radix(h, 16) {
                Ok(v) => Origin::Va(v),
                Err(_) => Origin::Name(s.into()),
            },
            _ => Origin::Name(s.into()),
        }
    }
}

/// Scan options.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Mark which functions holding sites are reachable from here.
    pub from: Option<Origin>,
    /// Also walk the code only the linear sweep decodes and report its
    /// sites apart, in [`Report::sweep_sites`].
    pub sweep: bool,
}

/// Why an image could not be scanned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScanError {
    /// Not a PE / ELF x86 image (another format or architecture).
    Unsupported(String),
    /// A PE / ELF image whose headers are truncated or inconsistent.
    Malformed(String),
    /// The reachability origin names no function of the image.
    NoSuchFunction(String),
}

impl fmt::Display for ScanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScanError::Unsupported(why) => write!(f, "unsupported image: {why}"),
            ScanError::Malformed(why) => write!(f, "unreadable image: {why}"),
            ScanError::NoSuchFunction(why) => f.write_str(why),
        }
    }
}

impl core::error::Error for ScanError {}
