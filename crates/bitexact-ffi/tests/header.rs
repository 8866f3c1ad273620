//! The committed `include/bitexact.h` is what the pinned cbindgen makes of
//! this crate's source now. When this fails, regenerate the header and
//! commit it:
//!
//! ```text
//! BITEXACT_BLESS=1 cargo test -p bitexact-ffi --test header
//! ```

use std::path::Path;

fn generate() -> String {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config =
        cbindgen::Config::from_file(crate_dir.join("cbindgen.toml")).expect("cbindgen.toml");
    let bindings = cbindgen::Builder::new()
        .with_config(config)
        .with_src(crate_dir.join("src/lib.rs"))
        .generate()
        .expect("cbindgen parses the crate");
    let mut out = Vec::new();
    bindings.write(&mut out);
    String::from_utf8(out).expect("UTF-8 header")
}

#[test]
fn committed_header_is_current() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("include/bitexact.h");
    let fresh = generate();
    if std::env::var_os("BITEXACT_BLESS").is_some() {
        std::fs::write(&path, &fresh).expect("write include/bitexact.h");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    if committed != fresh {
        let line = committed
            .lines()
            .zip(fresh.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| committed.lines().count().min(fresh.lines().count()))
            + 1;
        panic!(
            "include/bitexact.h is stale (first difference at line {line}); regenerate it with\n  \
             BITEXACT_BLESS=1 cargo test -p bitexact-ffi --test header\nand commit it"
        );
    }
}

#[test]
fn header_declares_the_spec_surface() {
    // SPEC 9's required names, each declared as a function in the header.
    let header = generate();
    for name in [
        "bx_sots_new",
        "bx_sots_set_precision",
        "bx_sots_next_u32",
        "bx_sots_next_unit",
        "bx_sots_next_float",
        "bx_sots_next_int_inclusive",
        "bx_sots_chance",
        "bx_sots_float_range",
        "bx_sots_int_range_bell",
        "bx_sots_fill_u32",
        "bx_sots_save_state",
        "bx_sots_load_state",
        "bx_sots_identify",
        "bx_sots_free",
        "bx_laige_new",
        "bx_laige_substream",
        "bx_laige_next_u64",
        "bx_laige_next_range",
        "bx_laige_next_float01",
        "bx_laige_free",
        "bx_westwood_new",
        "bx_westwood_raw",
        "bx_westwood_ranged",
        "bx_westwood_double",
        "bx_westwood_free",
        "bx_sots_normalize",
        "bx_sots_leg",
        "bx_status_message",
    ] {
        assert!(
            header.contains(&format!(" {name}(")) || header.contains(&format!("*{name}(")),
            "{name} missing from the header"
        );
    }
    for decl in [
        "#include <stdbool.h>",
        "#include <stddef.h>",
        "#include <stdint.h>",
        "typedef struct bx_sots_rng bx_sots_rng;",
        "#define BX_OK 0",
        "#define BX_PC53 0",
        "#define BX_PC24 1",
    ] {
        assert!(header.contains(decl), "{decl} missing from the header");
    }
}

#[test]
fn header_follows_the_naming_rule() {
    // Issue 17: one C naming rule for every engine. The raw word is
    // `next_u32` (laige `next_u64`), except where SPEC 9 names it: the WWLib
    // classes' `raw`, after SPEC 9's `bx_westwood_raw`.
    let header = generate();
    let declared =
        |name: &str| header.contains(&format!(" {name}(")) || header.contains(&format!("*{name}("));
    let engines: [(&str, &str, &str, bool); 9] = [
        ("sots", "next_u32", "fill_u32", true),
        ("laige", "next_u64", "fill_u64", true),
        ("westwood", "raw", "fill_u32", true),
        ("westwood_random", "raw", "fill_u32", false),
        ("westwood_random3", "raw", "fill_u32", false),
        ("westwood_random4", "raw", "fill_u32", true),
        ("openra", "next_u32", "fill_u32", false),
        ("generals", "next_u32", "fill_u32", true),
        ("dotnet", "next_u32", "fill_u32", true),
    ];
    // Guarded: every generator in the library's list is here, by its C
    // prefix (the family, then `_class` for a class that is not the
    // default).
    for id in bitexact::engines::Id::ALL {
        let info = id.info();
        let prefix = match info.class {
            Some(c) if !info.default_class => format!("{}_{c}", info.name),
            _ => info.name.to_string(),
        };
        assert!(
            engines.iter().any(|(e, ..)| *e == prefix),
            "engine {prefix} is missing from this test's list of C prefixes"
        );
    }
    for (e, word, fill, states) in engines {
        let mut calls = vec!["new", "free", word, fill, "discard"];
        if states {
            calls.extend(["save_state", "load_state", "identify"]);
        }
        for call in calls {
            let name = format!("bx_{e}_{call}");
            assert!(declared(&name), "{name} missing from the header");
        }
    }
    for name in ["bx_recover", "bx_westwood_identify", "bx_status_message"] {
        assert!(declared(name), "{name} missing from the header");
    }
    for decl in [
        "typedef struct bx_identity {",
        "typedef struct bx_hit {",
        "typedef struct bx_search {",
        "typedef struct bx_recover_options {",
        "typedef struct bx_recover_result {",
        "typedef volatile int bx_cancel_flag;",
        "typedef void (*bx_progress_fn)(uint64_t done, uint64_t total, void *user);",
    ] {
        assert!(header.contains(decl), "{decl} missing from the header");
    }
    // Renamed: the drifted names are gone.
    for old in [
        "bx_westwood_lcg_",
        "bx_westwood_save(",
        "bx_westwood_load(",
        "bx_generals_state(",
        "bx_generals_from_state(",
        "bx_laige_jump(",
        "bx_laige_fill(",
        "bx_westwood_fill(",
        "_identity {\n    uint32_t seed;\n    uint64_t draws;",
    ] {
        assert!(!header.contains(old), "{old} is still in the header");
    }
}

#[test]
fn bx_sync_json_names_every_format() {
    // C takes a format by name from the library's list; the list the
    // documentation of `bx_sync_json` spells out by hand names each
    // format and alias (a format registered and not named here fails).
    let header = generate();
    let end = header
        .find("bx_status bx_sync_json(")
        .expect("bx_sync_json");
    let doc = &header[header[..end].rfind("// Checks the log").expect("its doc")..end];
    for f in bitexact::sync::Format::ALL {
        for name in std::iter::once(f.name()).chain(f.aliases().iter().copied()) {
            assert!(
                doc.contains(&format!("`\"{name}\"`")),
                "bx_sync_json's documentation does not name the format {name}"
            );
        }
    }
}

/// The header's opening comment (`cbindgen.toml`'s `header`) names every
/// family of the library's list by its prefix: guarded, as it is written
/// by hand.
#[test]
fn the_opening_comment_names_every_family() {
    let config = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cbindgen.toml"),
    )
    .unwrap();
    for family in bitexact::engines::Id::families() {
        assert!(
            config.contains(&format!("(bx_{family}_*)")),
            "cbindgen.toml's header comment does not name {family} (bx_{family}_*)"
        );
    }
}
