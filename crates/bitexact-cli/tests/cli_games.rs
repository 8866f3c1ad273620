//! Engines by game (issue 34): `ts`, `ra2`, `yr` name westwood's
//! Random2Class with the game's state layout, `zh` names generals; each
//! answer is the family's own, and other uses of those words are untouched.

mod common;

use common::{bitexact, stdout, temp, with_stdin};

fn same(alias: &[&str], family: &[&str]) {
    let (a, f) = (bitexact(alias), bitexact(family));
    assert!(
        a.status.success(),
        "{alias:?}: {}",
        String::from_utf8_lossy(&a.stderr)
    );
    assert_eq!(stdout(&a), stdout(&f), "{alias:?} vs {family:?}");
}

#[test]
fn a_game_names_its_engine() {
    for game in ["ts", "ra2", "yr"] {
        same(
            &[
                "stream",
                game,
                "--seed",
                "1",
                "--tap",
                "ranged:1,6",
                "--count",
                "5",
            ],
            &[
                "stream",
                "westwood",
                "--seed",
                "1",
                "--tap",
                "ranged:1,6",
                "--count",
                "5",
            ],
        );
    }
    same(
        &["--quiet", "stream", "zh", "--seed", "2003", "--count", "3"],
        &[
            "--quiet", "stream", "generals", "--seed", "2003", "--count", "3",
        ],
    );
    let script = "turn\nvalue 1 6\nraw\n";
    assert_eq!(
        stdout(&with_stdin(&["ledger", "zh", "--seed", "1", "-"], script)),
        stdout(&with_stdin(
            &["ledger", "generals", "--seed", "1", "-"],
            script
        ))
    );
}

#[test]
fn a_game_writes_and_reads_its_own_layout() {
    for (game, len, layout) in [
        ("ts", 1008, "ts"),
        ("ra2", 1012, "ra2"),
        ("yr", 1012, "ra2"),
    ] {
        let path = temp(&format!("{game}.bin"));
        let p = path.to_str().unwrap();
        let o = bitexact(&[
            "state",
            "save",
            game,
            "--seed",
            "7",
            "--skip-words",
            "3",
            "-o",
            p,
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        assert_eq!(std::fs::metadata(&path).unwrap().len(), len, "{game}");
        assert!(String::from_utf8_lossy(&o.stderr).contains(&format!("{layout} layout")));
        let id = bitexact(&["state", "identify", game, p, "--seed-range", "0..100"]);
        assert!(stdout(&id).contains("seed: 7"), "{}", stdout(&id));
    }
    // Red Alert 2 does not read Tiberian Sun's bytes: said, exit 2.
    let ts = temp("ts.bin");
    let o = bitexact(&["state", "identify", "ra2", ts.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("ra2 layout"));
    // An explicit class or layout wins over the game's.
    let o = bitexact(&[
        "state",
        "show",
        "ra2",
        ts.to_str().unwrap(),
        "--layout",
        "ts",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn the_games_are_listed_and_other_words_are_untouched() {
    // Wrapped to the terminal's width: compared with the spacing folded.
    let help = stdout(&bitexact(&["stream", "--help"]));
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        help.contains("[aliases: ts, ra2, yr]") && help.contains("[alias: zh]"),
        "{help}"
    );
    // `sync ts` is the Tiberian Sun log format, not an engine alias.
    let o = bitexact(&["sync", "ts", "--help"]);
    assert!(o.status.success());
    assert!(!stdout(&o).contains("Random2Class objects"));
    let o = bitexact(&["stream", "redalert", "--seed", "1"]);
    assert_eq!(o.status.code(), Some(2));
}
