//! The twist's 397-word offset, exactly (SPEC 10.1): the README's "game"
//! (`examples/scan/game.c`) reads `mt[(k + M) % N]`, which gcc and
//! mingw-w64 compile as `lea r, [k + 396]` counting `k` from 1 and reading
//! `mt[k]` as `[mt - 4 + 4k]`. The scan corrects the displacement by that
//! bias: the twist is complete with M = 397 and never with M = 396 or 398,
//! at every level and format tried (before, 396 and 398 both read as 397).

mod common;

use common::{bitexact, build_c, require_cc_for, stderr, stdout, temp};
use serde_json::Value;
use std::path::Path;

/// Whether the twist of `image` is complete (one site expected).
fn twist_complete(image: &Path) -> bool {
    let o = bitexact(&["scan", "--json", image.to_str().unwrap()]);
    assert!(o.status.success(), "scan: {}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let twists: Vec<bool> = v["sites"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["signature"] == "mt19937.twist")
        .map(|s| s["complete"].as_bool().unwrap())
        .collect();
    assert_eq!(twists.len(), 1, "{}: {twists:?}", image.display());
    twists[0]
}

#[test]
fn the_modulo_twist_is_complete_only_with_397() {
    let game = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/scan/game.c");
    let text = std::fs::read_to_string(&game).unwrap();
    assert!(text.contains("#define M 397"));
    for m in [396, 397, 398] {
        let src = temp(&format!("game-m{m}.c"));
        std::fs::write(
            &src,
            text.replace("#define M 397", &format!("#define M {m}")),
        )
        .unwrap();
        for (cc, m32, ext) in [
            ("gcc", false, ""),
            ("gcc", true, ""),
            ("x86_64-w64-mingw32-gcc", false, ".exe"),
            ("i686-w64-mingw32-gcc", false, ".exe"),
        ] {
            if !require_cc_for(cc, m32) {
                continue;
            }
            for opt in ["-O0", "-O2", "-Os"] {
                let out = temp(&format!(
                    "game-m{m}-{cc}{}{opt}{ext}",
                    if m32 { "-m32" } else { "" }
                ));
                let mut flags = vec![opt];
                if m32 {
                    flags.push("-m32");
                }
                build_c(cc, &flags, &src, &out);
                assert_eq!(twist_complete(&out), m == 397, "M = {m}, {cc} {flags:?}");
            }
        }
    }
}
