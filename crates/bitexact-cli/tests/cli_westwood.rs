//! `bitexact stream|state westwood`, run as a user would (SPEC 6).

mod common;
use common::*;

#[test]
fn stream_westwood() {
    // SPEC 4: seed 1's first ranged(1, 2147483647) is 2,025,287,382 under the
    // published algorithm; the raw word is that minus one (low 31 bits).
    let o = bitexact(&[
        "stream",
        "westwood",
        "--seed",
        "1",
        "--tap",
        "ranged:1,2147483647",
        "--count",
        "1",
    ]);
    assert_eq!(stdout(&o), "2025287382\n");
    let o = bitexact(&[
        "stream", "westwood", "--seed", "1", "--count", "1", "--format", "hex",
    ]);
    assert_eq!(stdout(&o), format!("{:#010x}\n", 2_025_287_381u32));
    let o = bitexact(&[
        "stream", "westwood", "--seed", "1", "--tap", "double", "--count", "1", "--format", "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(
        v["bits"],
        format!("{:#018x}", (2_025_287_382f64 / 2_147_483_648.0).to_bits())
    );
    assert_eq!(v["words"], 1);
    // Equal bounds spend no draw; the i32::MAX span wraps with no draw.
    let o = bitexact(&[
        "stream",
        "westwood",
        "--seed",
        "1",
        "--tap",
        "ranged:6,6",
        "--count",
        "1",
        "--format",
        "json",
    ]);
    assert_eq!(stdout(&o), "{\"i\":0,\"value\":6,\"words\":0}\n");
    let o = bitexact(&[
        "stream",
        "westwood",
        "--seed",
        "1",
        "--tap",
        "ranged:0,2147483647",
        "--count",
        "1",
        "--format",
        "json",
    ]);
    assert_eq!(stdout(&o), "{\"i\":0,\"value\":-2147483648,\"words\":0}\n");
    assert_usage_error(
        &bitexact(&[
            "stream",
            "westwood",
            "--seed",
            "1",
            "--tap",
            "ranged:-1,2147483647",
        ]),
        "loops for ever",
    );
    assert_usage_error(
        &bitexact(&["stream", "westwood", "--seed", "1", "--tap", "u32"]),
        "unknown tap",
    );
    assert_usage_error(
        &bitexact(&["stream", "westwood", "--seed", "1", "--precision", "pc24"]),
        "--precision",
    );
}

#[test]
fn state_westwood() {
    let a = temp("wa.bin");
    let b = temp("wb.bin");
    assert_usage_error(
        &bitexact(&[
            "state",
            "save",
            "westwood",
            "--seed",
            "99",
            "-o",
            a.to_str().unwrap(),
        ]),
        "--layout",
    );
    let o = bitexact(&[
        "state",
        "save",
        "westwood",
        "--seed",
        "99",
        "--skip-words",
        "1000",
        "--layout",
        "ts",
        "-o",
        a.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read(&a).unwrap().len(), 1008);
    let o = bitexact(&[
        "state",
        "save",
        "westwood",
        "--seed",
        "99",
        "--skip-words",
        "1777",
        "--layout",
        "ra2",
        "-o",
        b.to_str().unwrap(),
    ]);
    assert_eq!(std::fs::read(&b).unwrap().len(), 1012);
    assert!(o.status.success());

    let o = bitexact(&[
        "state",
        "identify",
        "westwood",
        a.to_str().unwrap(),
        "--seed-range",
        "0..1000",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "seed: 99\nwords_drawn: 1000\n");
    let o = bitexact(&[
        "state",
        "identify",
        "westwood",
        b.to_str().unwrap(),
        "--seed-range",
        "90..=99",
        "--json",
        "--threads",
        "1",
    ]);
    assert_eq!(
        stdout(&o),
        "{\"identified\":true,\"seed\":99,\"words_drawn\":1777}\n"
    );
    // Outside the range: checked, not found.
    let o = bitexact(&[
        "state",
        "identify",
        "westwood",
        b.to_str().unwrap(),
        "--seed-range",
        "100..200",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("no seed in 100..200"));

    // Layouts differ but the streams are the same: diff works across them.
    let o = bitexact(&[
        "state",
        "diff",
        "westwood",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
    ]);
    assert_eq!(stdout(&o), "words_between: 777\n");
    let o = bitexact(&[
        "state",
        "diff",
        "westwood",
        b.to_str().unwrap(),
        a.to_str().unwrap(),
    ]);
    // B before A: the distance, negative (issue 34).
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "words_between: -777\n");

    // Bad input.
    assert_usage_error(
        &bitexact(&[
            "state",
            "identify",
            "westwood",
            a.to_str().unwrap(),
            "--layout",
            "ra2",
        ]),
        "1008",
    );
    assert_usage_error(
        &bitexact(&[
            "state",
            "identify",
            "westwood",
            a.to_str().unwrap(),
            "--seed-range",
            "5..5",
        ]),
        "empty",
    );
    assert_usage_error(
        &bitexact(&[
            "state",
            "identify",
            "westwood",
            a.to_str().unwrap(),
            "--seed-range",
            "0..4294967297",
        ]),
        "past the last seed",
    );
    let mut bytes = std::fs::read(&a).unwrap();
    bytes[0] = 250; // index1 = 250: out of range
    std::fs::write(&a, &bytes).unwrap();
    assert_usage_error(
        &bitexact(&["state", "identify", "westwood", a.to_str().unwrap()]),
        "250",
    );
    std::fs::write(&a, [0u8; 1010]).unwrap();
    assert_usage_error(
        &bitexact(&["state", "identify", "westwood", a.to_str().unwrap()]),
        "1010 bytes",
    );
    assert_usage_error(
        // Read up to the family's longest state (Random4Class's), so that
        // a file of the other class is named as such.
        &bitexact(&["state", "identify", "westwood", "/dev/zero"]),
        "over 2500 bytes",
    );
}

/// A state file of the family's other class names the class to use, for
/// every verb that reads one, both ways; a length no class has does not.
#[test]
fn another_class_state_names_its_class() {
    let r4 = temp("other_class_r4.bin");
    let r2 = temp("other_class_r2.bin");
    let save = |args: &[&str], out: &std::path::Path| {
        let mut a = vec!["state", "save", "westwood", "--seed", "7"];
        a.extend_from_slice(args);
        a.extend_from_slice(&["-o", out.to_str().unwrap()]);
        let o = bitexact(&a);
        assert!(o.status.success(), "{}", stderr(&o));
    };
    save(&["--class", "random4"], &r4);
    save(&["--layout", "ra2"], &r2);
    for verb in ["show", "identify"] {
        let o = bitexact(&["state", verb, "westwood", r4.to_str().unwrap()]);
        assert_usage_error(&o, "is 2500 bytes");
        assert!(
            stderr(&o).contains("as long as a Random4Class state: --class random4"),
            "{verb}: {}",
            stderr(&o)
        );
        let o = bitexact(&[
            "state",
            verb,
            "westwood",
            "--class",
            "random4",
            r2.to_str().unwrap(),
        ]);
        assert_usage_error(&o, "not 1012");
        assert!(
            stderr(&o).contains("as long as a Random2Class state: --class random2"),
            "{verb}: {}",
            stderr(&o)
        );
    }
    let odd = temp("other_class_odd.bin");
    std::fs::write(&odd, [0u8; 1500]).unwrap();
    let o = bitexact(&["state", "show", "westwood", odd.to_str().unwrap()]);
    assert_usage_error(&o, "1500 bytes");
    assert!(!stderr(&o).contains("--class"), "{}", stderr(&o));
}
