//! The C surface every engine shares is generated from the library's engine
//! list: `surface/face.rs` names each engine's calls (SPEC 9's rule, the
//! names earlier releases fixed kept), `surface/render.rs` writes them, and
//! the committed `src/surface/` must be what they write now, as rustfmt
//! formats it. A new engine of the list gets its C face from this; when
//! this test fails, regenerate and commit (then the header):
//!
//! ```text
//! BITEXACT_BLESS=1 cargo test -p bitexact-ffi --test surface
//! BITEXACT_BLESS=1 cargo test -p bitexact-ffi --test header
//! ```

mod surface {
    pub mod face;
    pub mod render;
}

use bitexact::engines::Id;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use surface::face::Face;
use surface::render;

/// `source` as rustfmt formats it (the toolchain's rustfmt, edition 2021).
fn formatted(source: &str) -> String {
    let mut child = Command::new("rustfmt")
        .args(["--edition", "2021", "--emit", "stdout", "--quiet"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("rustfmt runs (the toolchain's rustfmt component)");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(source.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "rustfmt refused the generated source:\n{source}"
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Every generated file: its name under `src/surface/` and its text.
fn generated() -> Vec<(String, String)> {
    let faces: Vec<Face> = Id::ALL.iter().map(|&id| Face::of(id)).collect();
    let mut files = vec![("mod.rs".to_string(), formatted(&render::mod_file(&faces)))];
    for f in &faces {
        files.push((
            format!("{}.rs", f.prefix),
            formatted(&render::engine_file(f)),
        ));
    }
    files
}

#[test]
fn the_generated_surface_is_current() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/surface");
    let files = generated();
    if std::env::var_os("BITEXACT_BLESS").is_some() {
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for (name, text) in &files {
            std::fs::write(dir.join(name), text).unwrap();
        }
        return;
    }
    let mut stale = Vec::new();
    for (name, text) in &files {
        if std::fs::read_to_string(dir.join(name)).ok().as_deref() != Some(text.as_str()) {
            stale.push(name.clone());
        }
    }
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if !files.iter().any(|(n, _)| *n == name) {
            stale.push(format!("{name} (no engine of the list)"));
        }
    }
    assert!(
        stale.is_empty(),
        "src/surface/ is stale ({}); regenerate it with\n  \
         BITEXACT_BLESS=1 cargo test -p bitexact-ffi --test surface\nthen the header, and commit",
        stale.join(", ")
    );
}

/// A new engine's face follows the rule with no line of its own anywhere:
/// the prefix from its family and class, `bx_PREFIX_rng`, the raw word by
/// its width, the bounds' constants from its identification.
#[test]
fn the_rule_names_every_engine() {
    for &id in Id::ALL {
        let f = Face::of(id);
        let info = id.info();
        assert!(f.prefix.starts_with(info.name), "{:?}", f.prefix);
        assert!(f.handle.starts_with(&format!("bx_{}", f.prefix)));
        if f.states {
            assert!(info.state.is_some_and(|s| s.layouts.is_empty()));
        }
    }
    let f = Face::of(Id::Generals);
    assert_eq!(
        (
            f.handle.as_str(),
            f.raw_name(),
            f.fill_name(),
            f.discard,
            f.states
        ),
        ("bx_generals_rng", "next_u32", "fill_u32", "draws", true)
    );
    let f = Face::of(Id::Random4);
    assert_eq!(
        (f.prefix.as_str(), f.raw_name(), f.upper().as_str()),
        ("westwood_random4", "raw", "BX_WESTWOOD_RANDOM4")
    );
}
