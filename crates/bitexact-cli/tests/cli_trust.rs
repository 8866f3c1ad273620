//! SPEC 8's promises, tried from the command line: a search never says "not
//! found" for a seed it skipped, `--max-hits` prints at most N and says where
//! it stopped, and an edited state is never identified.

mod common;
use common::*;

fn westwood_state(seed: &str, draws: &str, layout: &str, name: &str) -> String {
    let path = temp(name);
    let o = bitexact(&[
        "state",
        "save",
        "westwood",
        "--seed",
        seed,
        "--skip-words",
        draws,
        "--layout",
        layout,
        "-o",
        path.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    path.to_str().unwrap().to_string()
}

/// The old scheduler dropped hits found by a thread after another thread
/// had skipped an earlier chunk, then said "no seed". The range here is
/// several waves long and the seed sits in the second half.
#[test]
fn identify_westwood_finds_a_seed_late_in_a_multi_wave_range() {
    let file = westwood_state("70000000", "12345", "ra2", "late.bin");
    for threads in ["1", "2", "5"] {
        let o = bitexact(&[
            "state",
            "identify",
            "westwood",
            &file,
            "--seed-range",
            "0..80000000",
            "--threads",
            threads,
        ]);
        assert_eq!(
            o.status.code(),
            Some(0),
            "threads {threads}: {}",
            stderr(&o)
        );
        assert_eq!(stdout(&o), "seed: 70000000\nwords_drawn: 12345\n");
    }
}

#[test]
fn identify_json_prints_an_object_when_nothing_is_found() {
    let file = westwood_state("99", "1777", "ts", "json-none.bin");
    let o = bitexact(&[
        "state",
        "identify",
        "westwood",
        &file,
        "--seed-range",
        "0..50",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["identified"], false);
    assert_eq!(v["searched"], 50);
    assert!(v["reason"].as_str().unwrap().contains("no seed in 0..50"));
    assert!(stderr(&o).contains("no seed in 0..50"));

    // sots: a block no seed reaches within the bound.
    let path = temp("json-none-sots.bin");
    let o = bitexact(&[
        "state",
        "save",
        "sots",
        "--seed",
        "7",
        "--skip-words",
        "6240",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let o = bitexact(&[
        "state",
        "identify",
        "sots",
        path.to_str().unwrap(),
        "--max-twists",
        "3",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["identified"], false);
    assert_eq!(v["max_twists"], 3);
    assert!(stderr(&o).contains("--max-twists raises the bound"));
}

/// Seed 1, 700 words in, byte 2492 XOR 1 (a bit of word 623): identify said
/// "seed 1" while `state diff` said the items are not one stream.
#[test]
fn a_forged_sots_item_is_not_identified() {
    let real = temp("forge-real.bin");
    let o = bitexact(&[
        "state",
        "save",
        "sots",
        "--seed",
        "1",
        "--skip-words",
        "700",
        "-o",
        real.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let mut bytes = std::fs::read(&real).unwrap();
    let forged = temp("forge-forged.bin");
    for (byte, bit) in [(2492usize, 0u8), (2495, 7), (4, 0), (1000, 3)] {
        bytes[byte] ^= 1 << bit;
        std::fs::write(&forged, &bytes).unwrap();
        bytes[byte] ^= 1 << bit;
        let o = bitexact(&["state", "identify", "sots", forged.to_str().unwrap()]);
        assert_eq!(
            o.status.code(),
            Some(1),
            "byte {byte} bit {bit}: {}",
            stdout(&o)
        );
        assert_eq!(stdout(&o), "");
        assert!(stderr(&o).contains("no seed reaches this block"));
    }
    let o = bitexact(&["state", "identify", "sots", real.to_str().unwrap()]);
    assert_eq!(
        stdout(&o),
        "seed: 1\ntwists: 1\nleft: 548\nwords_drawn: 700\n"
    );
}

/// No draw sets RA2's disabled flag: a state with it set is not identified,
/// and the message names the stream its table and cursors come from.
#[test]
fn a_set_disabled_flag_is_not_reachable() {
    let file = westwood_state("4242", "600", "ra2", "flag.bin");
    let mut bytes = std::fs::read(&file).unwrap();
    assert_eq!(bytes[0], 0, "the RA2 layout starts with the flag byte");
    bytes[0] = 1;
    let forged = temp("flag-forged.bin");
    std::fs::write(&forged, &bytes).unwrap();
    let o = bitexact(&[
        "state",
        "identify",
        "westwood",
        forged.to_str().unwrap(),
        "--seed-range",
        "4000..5000",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "");
    let e = stderr(&o);
    assert!(e.contains("disabled flag is set"), "{e}");
    assert!(e.contains("seed 4242 after 600 draws"), "{e}");
}

#[test]
fn max_hits_prints_at_most_n_and_says_where_it_stopped() {
    // Every seed's first ranged:0,1 value is 0 or 1: many hits.
    let args = |n: &'static str| {
        vec![
            "recover",
            "westwood",
            "--tap",
            "ranged:0,1",
            "--values",
            "1",
            "--seed-range",
            "1000..200000",
            "--max-hits",
            n,
            "--threads",
            "3",
        ]
    };
    let o = bitexact(&args("3"));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{}", stdout(&o));
    // The first three hits in seed order, whatever the thread count.
    let mut single = args("3");
    let n = single.len();
    single[n - 1] = "1";
    let one = bitexact(&single);
    assert_eq!(stdout(&one), stdout(&o));
    let last: u64 = lines[2].split_whitespace().nth(1).unwrap().parse().unwrap();
    let at = format!("every seed below {} was searched", last + 1);
    assert!(stderr(&o).contains(&at), "{}", stderr(&o));

    assert_usage_error(&bitexact(&args("0")), "--max-hits 0");
}

/// `--max-hits 1` stops at the first hit in seed order, even when it is late
/// in the range and other threads run ahead of it.
#[test]
fn max_hits_one_finds_a_late_seed() {
    let values = stdout(&bitexact(&[
        "stream", "westwood", "--seed", "3000000", "--count", "2",
    ]))
    .lines()
    .collect::<Vec<_>>()
    .join(",");
    for threads in ["1", "2", "7"] {
        let o = bitexact(&[
            "recover",
            "westwood",
            "--values",
            &values,
            "--seed-range",
            "0..4000000",
            "--max-hits",
            "1",
            "--threads",
            threads,
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert_eq!(stdout(&o), "seed 3000000 offset 0\n");
    }
}

/// 624 outputs from deep in the stream need no --max-offset: the walk back
/// goes as far as `state identify` does by default.
#[test]
fn recover_sots_from_624_deep_outputs_walks_back_by_default() {
    let values = stdout(&bitexact(&[
        "stream", "sots", "--seed", "99", "--skip", "3000", "--count", "624",
    ]))
    .lines()
    .collect::<Vec<_>>()
    .join(",");
    let o = bitexact(&["recover", "sots", "--values", &values]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "seed 99 offset 3000\n");
    // Beyond a given bound: says so, names the option.
    let o = bitexact(&[
        "recover",
        "sots",
        "--values",
        &values,
        "--max-offset",
        "2999",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("within 2999 words"), "{}", stderr(&o));
    assert!(stderr(&o).contains("--max-offset raises the bound"));
}

/// `--skip` skips fixed-cost taps by words (whole twists, table cycles,
/// laige's jump) and the others call by call: both land where printing
/// every call does.
#[test]
fn skipping_lands_where_printing_every_call_does() {
    for (engine, tap) in [
        ("sots", "u32"),
        ("sots", "float"),
        ("sots", "chance:0.25"),
        ("sots", "int:7"),
        ("sots", "int:6"),
        ("sots", "bell:1,6"),
        ("laige", "u64"),
        ("laige", "float01"),
        ("laige", "range:0,5"),
        ("westwood", "raw"),
        ("westwood", "double"),
        ("westwood", "ranged:1,6"),
    ] {
        for skip in ["0", "1", "249", "250", "623", "624", "1249", "5000"] {
            let n: usize = skip.parse().unwrap();
            let all = bitexact(&[
                "stream",
                engine,
                "--seed",
                "17",
                "--tap",
                tap,
                "--count",
                &(n + 3).to_string(),
                "--format",
                "json",
            ]);
            let skipped = bitexact(&[
                "stream", engine, "--seed", "17", "--tap", tap, "--skip", skip, "--count", "3",
                "--format", "json",
            ]);
            let all = stdout(&all);
            let want: Vec<&str> = all.lines().skip(n).collect();
            let got = stdout(&skipped);
            assert_eq!(
                got.lines().collect::<Vec<_>>(),
                want,
                "{engine} {tap} skip {skip}"
            );
        }
    }
    // The bounds, in words and in calls.
    assert_usage_error(
        &bitexact(&["stream", "sots", "--seed", "1", "--skip", "10000000001"]),
        "over the limit",
    );
    assert_usage_error(
        &bitexact(&[
            "stream",
            "sots",
            "--seed",
            "1",
            "--tap",
            "int:6",
            "--skip",
            "100000001",
        ]),
        "tap that can reject",
    );
}

/// Review findings: `state diff` of states no draw connects (a disabled flag
/// set in one, a laige seed field edited) is "not reachable", not a count;
/// `--max-hits` smaller than one seed's hits says so instead of a resume
/// point that makes no progress.
#[test]
fn diff_refuses_states_no_draw_connects_and_max_hits_within_a_seed() {
    let a = westwood_state("4242", "600", "ra2", "diff-flag-a.bin");
    let mut bytes = std::fs::read(&a).unwrap();
    bytes[0] = 1;
    let b = temp("diff-flag-b.bin");
    std::fs::write(&b, &bytes).unwrap();
    let o = bitexact(&["state", "diff", "westwood", &a, b.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("disabled flag is clear in A and set in B"),
        "{}",
        stderr(&o)
    );

    let la = temp("diff-laige-a.bin");
    let o = bitexact(&[
        "state",
        "save",
        "laige",
        "--seed",
        "42",
        "-o",
        la.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let mut bytes = std::fs::read(&la).unwrap();
    bytes[0] ^= 1; // the seed field
    let lb = temp("diff-laige-b.bin");
    std::fs::write(&lb, &bytes).unwrap();
    let o = bitexact(&[
        "state",
        "diff",
        "laige",
        la.to_str().unwrap(),
        lb.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("seed fields differ"), "{}", stderr(&o));

    let o = bitexact(&[
        "recover",
        "westwood",
        "--tap",
        "ranged:0,1",
        "--values",
        "1",
        "--max-offset",
        "3",
        "--seed-range",
        "0..100",
        "--max-hits",
        "2",
    ]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "seed 0 offset 0\nseed 0 offset 2\n");
    assert!(
        stderr(&o).contains("seed 0 has more hits"),
        "{}",
        stderr(&o)
    );
}

/// A range ending at the top of u64 (laige) terminates and finds the seed.
#[test]
fn recover_laige_at_the_top_of_u64() {
    let v = stdout(&bitexact(&[
        "stream",
        "laige",
        "--seed",
        "18446744073709551614",
        "--count",
        "2",
    ]))
    .lines()
    .collect::<Vec<_>>()
    .join(",");
    let o = bitexact(&[
        "recover",
        "laige",
        "--values",
        &v,
        "--max-offset",
        "10",
        "--seed-range",
        "18446744073709551000..18446744073709551615",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "seed 18446744073709551614 offset 0\n");
}

/// SPEC 8 under Ctrl-C: a long search stops soon after SIGINT (chunks are
/// sized by measured cost, about 8 ms each), exits 130 saying how far it got,
/// and every hit below that seed is printed — the same hits a search of
/// just that range finds — none above it.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_search_soon_and_keeps_every_hit_below_the_stop() {
    use std::time::Duration;
    // SIGINT from the `kill` program.
    if !require_tool("kill", &["-l"]) {
        return;
    }
    // int:1 over many offsets: slow seeds with hits.
    let args = [
        "recover",
        "sots",
        "--tap",
        "int:1",
        "--values",
        "0,1,1,0,1,0,0",
        "--max-offset",
        "300",
        "--threads",
        "2",
        "--max-hits",
        "100000000",
    ];
    let (out, latency) = interrupted(&args, Duration::from_millis(1500));
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(latency < Duration::from_secs(5), "{latency:?} after SIGINT");
    let line = err
        .lines()
        .find(|l| l.starts_with("interrupted after "))
        .unwrap_or_else(|| panic!("no interruption message: {err}"));
    let at: u64 = line
        .split("every seed below ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    assert!(
        line.ends_with(&format!("resume with --seed-range {at}..4294967296")),
        "{line}"
    );
    let printed = stdout(&out);
    assert!(at > 0 && !printed.is_empty(), "{line}");
    for l in printed.lines() {
        let seed: u64 = l.split(' ').nth(1).unwrap().parse().unwrap();
        assert!(seed < at, "{l} at or above {at}");
    }
    // The same hits as a search of exactly 0..at.
    let range = format!("0..{at}");
    let mut again: Vec<&str> = args.to_vec();
    again.extend(["--seed-range", &range]);
    let whole = bitexact(&again);
    assert_eq!(whole.status.code(), Some(0), "{}", stderr(&whole));
    assert_eq!(stdout(&whole), printed);
}

/// MT19937's zero state (a 2500-byte sots item of zero words) twists to
/// itself: from left 100 to left 150 is 574 words, never "B before A"
/// (which an earlier version printed, exit 1); identifying it says at once
/// that no seed reaches it, not that a larger bound might.
#[test]
fn the_zero_state_is_diffed_forward_and_never_identified() {
    let item = |left: i32, name: &str| {
        let mut bytes = vec![0u8; 2496];
        bytes.extend_from_slice(&left.to_le_bytes());
        let path = temp(name);
        std::fs::write(&path, bytes).unwrap();
        path.to_str().unwrap().to_owned()
    };
    let (a, b) = (item(100, "zero-100.bin"), item(150, "zero-150.bin"));
    let o = bitexact(&["state", "diff", "sots", &a, &b]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "words_between: 574\n");
    let o = bitexact(&["state", "identify", "sots", &a]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("all zero") && !err.contains("raises the bound"),
        "{err}"
    );
}

/// SPEC 6: Ctrl-C is 130, never 1 ("not found"), for `state identify` too —
/// a seed search (westwood) and a walk (sots at a large --max-twists) —
/// with the message saying it was interrupted, not that no seed exists.
#[cfg(unix)]
#[test]
fn ctrl_c_during_identify_exits_130() {
    use std::process::Command;
    use std::time::Duration;
    if !require_tool("kill", &["-l"]) {
        return;
    }
    let ww = temp("ctrl_c_identify_ww.bin");
    let sots = temp("ctrl_c_identify_sots.bin");
    let bx = env!("CARGO_BIN_EXE_bitexact");
    // A westwood seed near the end of the space (the search reaches it in
    // seconds), a sots state 10^6 twists from its seeding with one word
    // edited, so no seeding lies behind it and the walk runs to its bound
    // of 1.6·10^7 twists (seconds; the unedited state's 10^6 twists now
    // walk back in about 0.3 s): neither is found before the SIGINT.
    for (engine, file, extra) in [
        ("westwood", &ww, &["--layout", "ra2"][..]),
        ("sots", &sots, &["--skip-words", "624000000"][..]),
    ] {
        let o = Command::new(bx)
            .args(["-q", "state", "save", engine, "--seed", "4294967280", "-o"])
            .arg(file)
            .args(extra)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    }
    let mut item = std::fs::read(&sots).unwrap();
    item[400] ^= 1;
    std::fs::write(&sots, &item).unwrap();
    for args in [
        vec![
            "state",
            "identify",
            "westwood",
            ww.to_str().unwrap(),
            "--threads",
            "1",
        ],
        vec![
            "state",
            "identify",
            "sots",
            sots.to_str().unwrap(),
            "--max-twists",
            "16000000",
        ],
    ] {
        let (out, _) = interrupted(&args, Duration::from_millis(700));
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(130), "{args:?}: {err}");
        assert!(err.contains("interrupted"), "{args:?}: {err}");
        assert!(!err.contains("raises the bound"), "{args:?}: {err}");
    }
}
