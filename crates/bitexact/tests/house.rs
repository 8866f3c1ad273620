//! The house's two rules, read from the source of every crate in the
//! repository (CONTRIBUTING.md, "Layers"):
//!
//! 1. The library's modules stand in layers, and a module imports only from
//!    its own layer or the ones below it: the contract's types are on the
//!    ground floor, the engines on them, the engine list above the engines,
//!    and what works by name through the list above that.
//! 2. No two files import each other, directly or through a chain, in any
//!    crate: two files in a circle cannot be read or changed apart.
//!
//! What counts as an import is `house/graph.rs`'s: a `use` (re-exports
//! included) or an inline path naming another file's item, outside comments,
//! strings and `#[cfg(test)]` items. A parent's re-exports of its children's
//! items (its facade) count for the layers, not for circles.

mod house {
    pub mod graph;
}

use house::graph::{circles, one_circle, Graph};
use std::path::{Path, PathBuf};

/// The library's layers, lowest first: a module is in the layer of the
/// longest prefix of its path listed here.
const LAYERS: &[(&str, &[&str])] = &[
    (
        "the ground: numbers and their text, messages, float models, SIMD lanes",
        &["num", "text", "gf2", "x87", "simd", "serde_array"],
    ),
    (
        "the contract: Engine, Info, taps, states, recovery, checks, and the machinery \
         every engine may use (codecs, walking back, the ledger)",
        &["engine"],
    ),
    (
        "the textbook generators several engines share",
        &["mt19937"],
    ),
    (
        "the engines",
        &["sots", "laige", "westwood", "openra", "generals", "dotnet"],
    ),
    ("the list of engines (Id, with_engine!)", &["engines"]),
    (
        "work by name, through the list",
        &[
            "stream", "recover", "ledger", "selftest", "search", "trace", "json", "scan",
        ],
    ),
    ("evidence read from files", &["find", "sync", "params"]),
    ("pages", &["report"]),
];

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn layer_of(module: &str) -> Option<(usize, &'static str)> {
    let mut best: Option<(usize, usize, &str)> = None;
    for (i, (_, prefixes)) in LAYERS.iter().enumerate() {
        for p in *prefixes {
            let fits = module == *p || module.starts_with(&format!("{p}::"));
            if fits && best.is_none_or(|(len, _, _)| p.len() > len) {
                best = Some((p.len(), i, p));
            }
        }
    }
    best.map(|(_, i, p)| (i, p))
}

#[test]
fn the_library_imports_only_downward() {
    let g = Graph::of_crate(&repo().join("crates/bitexact/src/lib.rs"));
    let mut wrong = Vec::new();
    for (from, tos) in &g.edges {
        if from.is_empty() {
            continue; // lib.rs declares and re-exports
        }
        let Some((lf, _)) = layer_of(from) else {
            wrong.push(format!("{from} is in no layer: add it to LAYERS"));
            continue;
        };
        for to in tos {
            if to.is_empty() {
                continue;
            }
            match layer_of(to) {
                Some((lt, _)) if lt <= lf => {}
                Some((lt, _)) => wrong.push(format!(
                    "{from} ({}) imports {to} ({}), a layer above it",
                    LAYERS[lf].0, LAYERS[lt].0
                )),
                None => wrong.push(format!("{to} is in no layer: add it to LAYERS")),
            }
        }
    }
    wrong.sort();
    wrong.dedup();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Each crate root of the repository: the library, the CLI, C, Python,
/// and the emulator's library and binary.
const ROOTS: &[&str] = &[
    "crates/bitexact/src/lib.rs",
    "crates/bitexact-cli/src/lib.rs",
    "crates/bitexact-ffi/src/lib.rs",
    "crates/bitexact-py/src/lib.rs",
    "crates/bitexact-emu/src/lib.rs",
    "crates/bitexact-emu/src/main.rs",
];

/// A module's name in a message: its path, `(root)` for the crate root.
fn name(module: &str) -> String {
    if module.is_empty() {
        "(root)".into()
    } else {
        module.into()
    }
}

#[test]
fn no_two_files_import_each_other() {
    let mut found = Vec::new();
    for root in ROOTS {
        let g = Graph::of_crate(&repo().join(root));
        for comp in circles(&g) {
            let circle = one_circle(&g, &comp);
            let named: Vec<String> = circle.iter().map(|m| name(m)).collect();
            let inside: Vec<String> = comp
                .iter()
                .flat_map(|a| {
                    g.uses[a]
                        .iter()
                        .filter(|b| comp.contains(b))
                        .map(move |b| format!("{} -> {}", name(a), name(b)))
                })
                .collect();
            found.push(format!(
                "{root}: {} files in one circle, e.g. {}; its imports: {}",
                comp.len(),
                named.join(" -> "),
                inside.join(", ")
            ));
        }
    }
    assert!(found.is_empty(), "circles of files:\n{}", found.join("\n"));
}

/// Every source file of every crate is read by one of its roots (or is a
/// test module's): a module the reader cannot see (declared by a macro, say)
/// would escape both rules.
#[test]
fn every_source_file_is_read() {
    let mut unread = Vec::new();
    for krate in [
        "bitexact",
        "bitexact-cli",
        "bitexact-ffi",
        "bitexact-py",
        "bitexact-emu",
    ] {
        let src = repo().join("crates").join(krate).join("src");
        let graphs: Vec<Graph> = ["lib.rs", "main.rs"]
            .iter()
            .map(|r| src.join(r))
            .filter(|p| p.exists())
            .map(|p| Graph::of_crate(&p))
            .collect();
        let read = |f: &Path| {
            graphs.iter().any(|g| {
                g.files.values().any(|p| p == f)
                    || g.test_files.iter().any(|t| f == t || f.starts_with(t))
            })
        };
        let mut stack = vec![src.clone()];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") && !read(&path) {
                    unread.push(
                        path.strip_prefix(repo())
                            .unwrap_or(&path)
                            .display()
                            .to_string(),
                    );
                }
            }
        }
    }
    unread.sort();
    assert!(
        unread.is_empty(),
        "files no root reads: {}",
        unread.join(", ")
    );
}

/// The reader itself, on a crate written for it: every kind of import is
/// an edge, and what is not an import is none.
#[test]
fn the_reader_sees_imports_and_nothing_else() {
    let dir = std::env::temp_dir().join(format!("bitexact-house-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("a")).unwrap();
    let write = |p: &str, s: &str| std::fs::write(dir.join(p), s).unwrap();
    write(
        "lib.rs",
        "mod a; mod b; mod c; mod d; mod e; #[cfg(test)] mod t;\n\
         #[macro_export] macro_rules! m { () => {} }",
    );
    write(
        "a/mod.rs",
        "mod inner; pub use inner::Thing;\n// use crate::c::X;\nconst S: &str = \"crate::c::Y\";",
    );
    write(
        "a/inner.rs",
        "pub struct Thing; fn f() { let _ = super::super::d::f(); }",
    );
    write(
        "b.rs",
        "use crate::a::Thing; fn g() { crate::m!(); }\n#[cfg(test)] mod tests { use crate::e::Z; }",
    );
    write("c.rs", "use crate::{a::{self, Thing as T}, b};");
    write(
        "d.rs",
        "pub fn f() {} fn g() { let x = 'a'; let y: &'static str = r#\"crate::e\"#; }",
    );
    write(
        "e.rs",
        "#[cfg(test)] use crate::a::Thing;\n#[cfg(not(test))] use crate::d::f;",
    );
    write("t.rs", "use crate::e::Z;");
    let g = Graph::of_crate(&dir.join("lib.rs"));
    let edges = |m: &str| -> Vec<&str> { g.edges[m].iter().map(String::as_str).collect() };
    assert!(!g.files.contains_key("t"), "a test-only file is not read");
    assert_eq!(
        edges("a"),
        ["a::inner"],
        "a re-export is an edge; comments and strings are not"
    );
    assert_eq!(edges("a::inner"), ["d"]);
    assert_eq!(
        edges("b"),
        ["", "a::inner"],
        "through the re-export; the macro's root"
    );
    assert_eq!(edges("c"), ["a", "a::inner", "b"]);
    assert!(
        edges("d").is_empty(),
        "char literals, lifetimes and raw strings are not paths"
    );
    assert_eq!(edges("e"), ["d"], "a cfg(test) use is not an edge");
    assert!(circles(&g).is_empty());
    assert!(g.uses["a"].is_empty(), "a parent's facade is not a use");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The import picture in words, per layer (run with `--ignored
/// --nocapture`): each top-level module and the others it imports from.
#[test]
#[ignore = "prints the picture; asserts nothing"]
fn print_the_picture() {
    let g = Graph::of_crate(&repo().join("crates/bitexact/src/lib.rs"));
    let top = |m: &str| m.split("::").next().unwrap_or("").to_string();
    for (i, (what, prefixes)) in LAYERS.iter().enumerate() {
        println!("{}. {what}", i + 1);
        for p in *prefixes {
            let mut to: Vec<String> = g
                .edges
                .iter()
                .filter(|(from, _)| top(from) == *p)
                .flat_map(|(_, tos)| tos.iter().map(|t| top(t)))
                .filter(|t| t != p && !t.is_empty())
                .collect();
            to.sort();
            to.dedup();
            println!(
                "   {p} -> {}",
                if to.is_empty() {
                    "(nothing)".into()
                } else {
                    to.join(", ")
                }
            );
        }
    }
}
