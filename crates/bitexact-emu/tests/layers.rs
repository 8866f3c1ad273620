//! The crate's files hold to the layer order `src/lib.rs` writes down:
//! every module uses (`crate::NAME`) only modules listed before it, so no
//! two files import each other, directly or through a chain. The library's
//! list and the binary's (`main.rs` and its modules) are checked each on
//! its own, and every file under `src/` must stand in one of them.

use std::collections::BTreeSet;
use std::path::Path;

/// The modules of the first bullet list from the line that starts with
/// `after` in `lib.rs`'s module documentation (`//! - `NAME`: …`), in
/// order.
fn listed(lib: &str, after: &str) -> Vec<String> {
    lib.lines()
        .skip_while(|l| !l.starts_with(after))
        .map(|l| l.trim_start_matches("//!").trim())
        .skip_while(|l| !l.starts_with("- `"))
        .take_while(|l| l.starts_with("- `"))
        .map(|l| l["- `".len()..].split('`').next().unwrap().to_string())
        .collect()
}

/// `line` without its comment: from the first `//` outside a string
/// literal on.
fn code_of(line: &str) -> &str {
    let b = line.as_bytes();
    let mut in_str = false;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' if in_str => i += 1,
            b'"' => in_str = !in_str,
            b'/' if !in_str && b.get(i + 1) == Some(&b'/') => return &line[..i],
            _ => {}
        }
        i += 1;
    }
    line
}

/// The modules `source` names as `crate::NAME` or inside `crate::{…}`.
fn uses(source: &str) -> BTreeSet<String> {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut out = BTreeSet::new();
    for line in source.lines() {
        let code = code_of(line);
        for (at, _) in code.match_indices("crate::") {
            let rest = &code[at + "crate::".len()..];
            if let Some(group) = rest.strip_prefix('{') {
                let group = group.split('}').next().unwrap_or("");
                out.extend(group.split(',').map(|g| ident(g.trim())));
            } else {
                out.insert(ident(rest));
            }
        }
    }
    out.retain(|m| !m.is_empty());
    out
}

#[test]
fn every_module_uses_only_the_layers_below_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap();
    let library = listed(&lib, "//! Bottom to top");
    let binary = listed(&lib, "//! The binary (`main.rs`)");
    assert!(library.len() > 10, "lib.rs lists only {library:?}");
    assert!(binary.contains(&"main".to_string()), "{binary:?}");

    let files: BTreeSet<String> = std::fs::read_dir(&src)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter_map(|n| n.strip_suffix(".rs").map(str::to_string))
        .filter(|n| n != "lib")
        .collect();
    let placed: BTreeSet<String> = library.iter().chain(&binary).cloned().collect();
    assert_eq!(
        files, placed,
        "every file under src/ stands once in lib.rs's layer lists"
    );
    let declared: BTreeSet<String> = lib
        .lines()
        .filter_map(|l| l.trim_start_matches("pub ").strip_prefix("mod "))
        .map(|l| l.trim_end_matches(';').to_string())
        .collect();
    assert_eq!(
        declared,
        library.iter().cloned().collect(),
        "lib.rs declares the modules its list names"
    );

    let mut wrong = Vec::new();
    for list in [&library, &binary] {
        for (k, module) in list.iter().enumerate() {
            let text = std::fs::read_to_string(src.join(format!("{module}.rs"))).unwrap();
            for used in uses(&text) {
                if used == *module {
                    continue;
                }
                match list.iter().position(|m| *m == used) {
                    Some(j) if j < k => {}
                    Some(_) => wrong.push(format!("{module} uses {used}, a layer above it")),
                    None => wrong.push(format!("{module} uses crate::{used}, not in its list")),
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_comment_is_not_a_use() {
    let text = "use crate::fpu::F80; // crate::machine\nlet s = \"a // b\"; use crate::y;\nuse crate::{call::Arg, error};";
    let got: Vec<String> = uses(text).into_iter().collect();
    assert_eq!(got, ["call", "error", "fpu", "y"]);
}
