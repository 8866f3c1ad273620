//! `state find` (SPEC 16) on real minidumps nobody here wrote, downloaded
//! by the test (never committed): the fixtures of the crates.io crate
//! `symbolic-testutils` 5.7.8 (Sentry's; `.crate` sha256
//! `142133ca5dbe9962c4b72171e84abcc63da3194af760f2dd118431c29120dc56`,
//! fetched from crates.io's static host and cached under the target
//! directory, `target/test-dumps/`):
//!
//! - `fixtures/windows/mini.dmp` (sha256 `69a2bc1f…baa80d`): a 32-bit x86
//!   process on Windows 10 build 14393, written by breakpad's Windows
//!   client through dbghelp's `MiniDumpWriteDump` (dbghelp's version word
//!   `0xa0f1a793`, the streams only dbghelp writes, 21 and 22, and
//!   breakpad's info stream `0x47670001`); a `MemoryListStream` of 8
//!   ranges, 12 204 bytes.
//! - `UE4Minidump.dmp` inside `fixtures/unreal/unreal_crash` (a zlib
//!   Unreal Engine 4 crash report; sha256 `05d4073a…cc3cfb`): a 64-bit
//!   x86-64 process on Windows 10 build 17134, written by UE4's crash
//!   handler through `MiniDumpWriteDump` (streams 13, 21, 22 and a user
//!   stream); a `MemoryListStream` of 66 ranges, 166 476 bytes.
//! - `fixtures/macos/mini.dmp` and `fixtures/linux/mini.dmp`, written by
//!   breakpad on macOS and Linux (x86-64): not Windows, but minidumps a
//!   user may hold; the macOS one pads its memory list's count with 4
//!   bytes, which the reader once refused ("runs past the end").
//!
//! None has a `Memory64ListStream` (a full-memory dump): no package on the
//! registries this project reaches was found to ship one.
//!
//! The expectation never comes from the library: every memory range
//! (address, size, bytes) is read by skelsec's pure-Python `minidump`
//! parser (PyPI `minidump` 0.0.24, wheel sha256
//! `9c016e35c8fe37c82a01b0a266f5416a0b0138934d92affb436ac2e72372bec6`,
//! downloaded with `pip download` and unpacked under the target
//! directory) for all but the macOS dump, whose padded count it misreads,
//! and by a plain parse in this file's Python, written from Microsoft's
//! `MINIDUMP_*` documentation (and breakpad's padded count), for all
//! four. `bitexact::find::minidump::regions` must give the same ranges in
//! the same order with the same bytes, and `bitexact state find DUMP` must
//! say it looked through their bytes and exit 1 (no state in them).
//!
//! Where the registries cannot be reached a test prints a `NOTICE:` line
//! and passes without running, except under `CI`: then it fails. A file
//! whose sha256 differs from the pinned one always fails.

mod common;

use common::{bitexact, stderr, stdout};
use serde_json::Value;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The crate whose fixtures are the dumps, and its `.crate`'s sha256.
const CRATE: (&str, &str, &str) = (
    "symbolic-testutils",
    "5.7.8",
    "142133ca5dbe9962c4b72171e84abcc63da3194af760f2dd118431c29120dc56",
);

/// The independent parser's wheel: package, version, file, sha256.
const PARSER: (&str, &str, &str, &str) = (
    "minidump",
    "0.0.24",
    "minidump-0.0.24-py3-none-any.whl",
    "9c016e35c8fe37c82a01b0a266f5416a0b0138934d92affb436ac2e72372bec6",
);

/// One dump: its name here, what it is, and what the test pins about it.
struct Dump {
    name: &'static str,
    sha256: &'static str,
    /// `MINIDUMP_SYSTEM_INFO`: processor architecture (0 x86, 9 x86-64) and
    /// platform id (2 Windows NT; breakpad's 0x8101 macOS, 0x8201 Linux).
    arch: u64,
    platform: u64,
    /// Written by Windows' dbghelp (its streams 21 and 22 are there).
    windows: bool,
    /// Read right by skelsec's parser too (all but the padded count).
    skelsec: bool,
    ranges: usize,
    bytes: u64,
}

const DUMPS: &[Dump] = &[
    Dump {
        name: "windows-x86-breakpad.dmp",
        sha256: "69a2bc1f7c0c04adfcb978e7b55b95a7d94e723f349f19fa9244b17b31baa80d",
        arch: 0,
        platform: 2,
        windows: true,
        skelsec: true,
        ranges: 8,
        bytes: 12_204,
    },
    Dump {
        name: "windows-x64-ue4.dmp",
        sha256: "05d4073a8ffa8b04ba0b026123bf1646d267de676c6f97e18c315e70b9cc3cfb",
        arch: 9,
        platform: 2,
        windows: true,
        skelsec: true,
        ranges: 66,
        bytes: 166_476,
    },
    Dump {
        name: "macos-x64-breakpad.dmp",
        sha256: "40b0f30ed1e20626ca8c7d830cf79706f6655cc07d29d19f46e2360e15e5fc87",
        arch: 9,
        platform: 0x8101,
        windows: false,
        skelsec: false,
        ranges: 2,
        bytes: 4_080,
    },
    Dump {
        name: "linux-x64-breakpad.dmp",
        sha256: "8802cd48f80507411783ec51a5604fff1b0eab03a96e2683276ec658eb21fafb",
        arch: 9,
        platform: 0x8201,
        windows: false,
        skelsec: true,
        ranges: 2,
        bytes: 12_544,
    },
];

/// Downloads (when not cached with its hash) the crate and the parser's
/// wheel, extracts the dumps, and prints one JSON object: per dump, its
/// system info, stream types and ranges by the plain parse and by
/// skelsec's (`[address, size, hex bytes]` each). Exit 3: a download
/// failed (network, pip); 4: a sha256 differs from the pinned one.
const FETCH_AND_PARSE: &str = r#"
import hashlib, io, json, os, struct, subprocess, sys, tarfile, tempfile, urllib.request, zipfile, zlib
dir, crate, version, crate_sha, pkg, pver, wheel, wheel_sha = sys.argv[1:9]
pins = dict(a.split("=", 1) for a in sys.argv[9:])

def digest(data):
    return hashlib.sha256(data).hexdigest()

def pinned(path, sha):
    if os.path.exists(path):
        with open(path, "rb") as f:
            if digest(f.read()) == sha:
                return True
    return False

def check(name, data, sha):
    if digest(data) != sha:
        sys.stderr.write(f"{name}: sha256 {digest(data)}, pinned {sha}")
        sys.exit(4)

def write(path, data):
    with open(path + ".part", "wb") as f:
        f.write(data)
    os.replace(path + ".part", path)

os.makedirs(dir, exist_ok=True)

# The crate, from crates.io's static host.
crate_path = os.path.join(dir, f"{crate}-{version}.crate")
if not pinned(crate_path, crate_sha):
    url = f"https://static.crates.io/crates/{crate}/{crate}-{version}.crate"
    try:
        with urllib.request.urlopen(url, timeout=30) as r:
            data = r.read()
    except Exception as e:
        sys.stderr.write(f"{url}: {e}")
        sys.exit(3)
    check(crate_path, data, crate_sha)
    write(crate_path, data)

# The UE4 crash report: zlib; a header (two 4-byte-length strings, size,
# count), the files (index, name, size, bytes), the header again at the
# end with the real count.
def ue4_file(report, wanted):
    d = zlib.decompress(report)
    def string(at):
        n, = struct.unpack_from("<i", d, at)
        return d[at + 4:at + 4 + n].rstrip(b"\0").decode(), at + 4 + n
    def header(at):
        _, at = string(at)
        _, at = string(at)
        size, count = struct.unpack_from("<ii", d, at)
        return at + 8, count
    at, _ = header(0)
    _, count = header(len(d) - at)
    for _ in range(count):
        at += 4
        name, at = string(at)
        size, = struct.unpack_from("<i", d, at)
        at += 4
        if name == wanted:
            return d[at:at + size]
        at += size
    sys.stderr.write(f"the UE4 crash report holds no {wanted}")
    sys.exit(5)

members = {
    "windows-x86-breakpad.dmp": ("fixtures/windows/mini.dmp", None),
    "windows-x64-ue4.dmp": ("fixtures/unreal/unreal_crash", "UE4Minidump.dmp"),
    "macos-x64-breakpad.dmp": ("fixtures/macos/mini.dmp", None),
    "linux-x64-breakpad.dmp": ("fixtures/linux/mini.dmp", None),
}
if not all(pinned(os.path.join(dir, n), pins[n]) for n in members):
    with tarfile.open(crate_path) as t:
        for name, (member, inner) in members.items():
            data = t.extractfile(f"{crate}-{version}/{member}").read()
            if inner:
                data = ue4_file(data, inner)
            check(name, data, pins[name])
            write(os.path.join(dir, name), data)

# skelsec's parser: its wheel (pure Python), unpacked, never installed.
lib = os.path.join(dir, f"{pkg}-{pver}")
wheel_path = os.path.join(dir, wheel)
if not os.path.isdir(lib):
    if not pinned(wheel_path, wheel_sha):
        with tempfile.TemporaryDirectory(dir=dir) as tmp:
            r = subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                                "--disable-pip-version-check", "--timeout", "30", "--retries", "2",
                                "--only-binary=:all:", "-d", tmp, f"{pkg}=={pver}"],
                               capture_output=True, text=True)
            got = os.path.join(tmp, wheel)
            if r.returncode != 0 or not os.path.exists(got):
                sys.stderr.write((r.stderr or r.stdout or "pip download failed").strip().splitlines()[-1])
                sys.exit(3)
            with open(got, "rb") as f:
                check(wheel, f.read(), wheel_sha)
            os.replace(got, wheel_path)
    with zipfile.ZipFile(wheel_path) as z:
        z.extractall(lib + ".part")
    os.replace(lib + ".part", lib)

# The plain parse, from Microsoft's MINIDUMP_* documentation: the header
# (signature, version, stream count, directory RVA), the directory (type,
# size, RVA), MINIDUMP_SYSTEM_INFO (7), MINIDUMP_MEMORY_LIST (5: a u32
# count, then {u64 start, u32 size, u32 rva}; breakpad's processor also
# takes 4 bytes of padding after the count when the stream is 8 + 16 n
# bytes), MINIDUMP_MEMORY64_LIST (9: u64 count, u64 base RVA, {u64 start,
# u64 size}, the bytes one range after another from the base).
def plain(d):
    assert d[:4] == b"MDMP"
    count, rva = struct.unpack_from("<II", d, 8)
    out = {"streams": [], "ranges": []}
    for k in range(count):
        kind, size, at = struct.unpack_from("<III", d, rva + 12 * k)
        out["streams"].append(kind)
        if kind == 7:
            out["arch"], = struct.unpack_from("<H", d, at)
            out["platform"], = struct.unpack_from("<I", d, at + 20)
        elif kind == 5:
            n, = struct.unpack_from("<I", d, at)
            first = at + (8 if size == 8 + 16 * n else 4)
            for i in range(n):
                start, length, data = struct.unpack_from("<QII", d, first + 16 * i)
                assert data + length <= len(d)
                out["ranges"].append([start, length, d[data:data + length].hex()])
        elif kind == 9:
            n, base = struct.unpack_from("<QQ", d, at)
            for i in range(n):
                start, length = struct.unpack_from("<QQ", d, at + 16 + 16 * i)
                assert base + length <= len(d)
                out["ranges"].append([start, length, d[base:base + length].hex()])
                base += length
    return out

sys.path.insert(0, lib)
import logging
logging.disable(logging.CRITICAL)  # its PEB lookup logs when the PEB was not dumped
from minidump.minidumpfile import MinidumpFile

def skelsec(path):
    m = MinidumpFile.parse(path)
    out = []
    with open(path, "rb") as f:
        for lst in (m.memory_segments, m.memory_segments_64):
            for s in (lst.memory_segments if lst else []):
                out.append([s.start_virtual_address, s.size,
                            s.read(s.start_virtual_address, s.size, f).hex()])
    return out

report = {}
for name in members:
    path = os.path.join(dir, name)
    with open(path, "rb") as f:
        report[name] = plain(f.read())
    report[name]["path"] = path
    report[name]["skelsec"] = skelsec(path)
json.dump(report, sys.stdout)
"#;

fn cache() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target"));
    target.join("test-dumps")
}

/// Every dump's independent parse (the script's JSON); `None` (after a
/// notice) where a registry cannot be reached and `CI` is not set.
fn parsed() -> Option<&'static Value> {
    static PARSED: OnceLock<Option<Value>> = OnceLock::new();
    PARSED
        .get_or_init(|| {
            if !common::require_tool("python3", &["--version"]) {
                return None;
            }
            let o = Command::new("python3")
                .args(["-c", FETCH_AND_PARSE])
                .arg(cache())
                .args([
                    CRATE.0, CRATE.1, CRATE.2, PARSER.0, PARSER.1, PARSER.2, PARSER.3,
                ])
                .args(DUMPS.iter().map(|d| format!("{}={}", d.name, d.sha256)))
                .output()
                .expect("run python3");
            let why = String::from_utf8_lossy(&o.stderr).trim().to_string();
            match o.status.code() {
                Some(0) => Some(serde_json::from_slice(&o.stdout).expect("the parse's JSON")),
                Some(3) if std::env::var_os("CI").is_none() => {
                    let _ = writeln!(
                        std::io::stderr().lock(),
                        "NOTICE: cannot download the real minidumps or their parser ({why}): \
                         the tests on them are skipped; with CI set they fail"
                    );
                    None
                }
                Some(3) => panic!(
                    "cannot download the real minidumps or their parser ({why}); CI is set, \
                     so a missing network fails the test"
                ),
                _ => panic!("fetching and parsing the real minidumps: {why}"),
            }
        })
        .as_ref()
}

/// `[address, size, hex bytes]` per range, as the script gives them.
fn ranges(v: &Value) -> Vec<(u64, u64, String)> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r[0].as_u64().unwrap(),
                r[1].as_u64().unwrap(),
                r[2].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn the_reader_gives_every_range_the_independent_parsers_give() {
    let Some(all) = parsed() else { return };
    for dump in DUMPS {
        let p = &all[dump.name];
        assert_eq!(p["arch"], dump.arch, "{}", dump.name);
        assert_eq!(p["platform"], dump.platform, "{}", dump.name);
        let streams: Vec<u64> = p["streams"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_u64().unwrap())
            .collect();
        assert!(streams.contains(&5), "{}: {streams:?}", dump.name);
        if dump.windows {
            // dbghelp's own streams: SystemMemoryInfo and ProcessVmCounters.
            assert!(
                streams.contains(&21) && streams.contains(&22),
                "{}: {streams:?}",
                dump.name
            );
        }
        let want = ranges(&p["ranges"]);
        assert_eq!(want.len(), dump.ranges, "{}", dump.name);
        assert_eq!(
            want.iter().map(|r| r.1).sum::<u64>(),
            dump.bytes,
            "{}",
            dump.name
        );
        if dump.skelsec {
            assert_eq!(
                ranges(&p["skelsec"]),
                want,
                "{}: the two parsers differ",
                dump.name
            );
        }
        let bytes = std::fs::read(p["path"].as_str().unwrap()).unwrap();
        assert!(bitexact::find::minidump::is_minidump(&bytes));
        let got: Vec<(u64, u64, String)> = bitexact::find::minidump::regions(&bytes)
            .unwrap_or_else(|e| panic!("{}: {e}", dump.name))
            .iter()
            .map(|r| (r.address.unwrap(), r.bytes.len() as u64, hex(r.bytes)))
            .collect();
        assert_eq!(got, want, "{}", dump.name);
    }
}

#[test]
fn state_find_looks_through_every_range_of_a_real_dump() {
    let Some(all) = parsed() else { return };
    for dump in DUMPS {
        let path = all[dump.name]["path"].as_str().unwrap();
        let o = bitexact(&["state", "find", path, "--json"]);
        let err = stderr(&o);
        // No state in these dumps: exit 1, "0 states identified".
        assert_eq!(o.status.code(), Some(1), "{}: {err}", dump.name);
        assert!(!err.contains("panicked"), "{err}");
        let report: Value = serde_json::from_str(stdout(&o).trim()).unwrap();
        assert_eq!(report["bytes"], dump.bytes, "{}", dump.name);
        assert_eq!(report["complete"], true);
        assert_eq!(report["identified"].as_array().unwrap().len(), 0);
        // Nor a window that passes the structure filters: the stack memory
        // of the UE4 dump (20 windows) and the path names of the macOS one
        // (9) did before `codec::words_look_random`.
        assert_eq!(report["candidates"], 0, "{}", dump.name);
        assert!(
            err.contains(&format!("looked through {} bytes", dump.bytes))
                && err.contains("0 states identified"),
            "{}: {err}",
            dump.name
        );
    }
}
