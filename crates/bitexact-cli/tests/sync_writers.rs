//! `bitexact sync` on logs printed by the writers' own code (SPEC 12.5):
//! ts-patches' `log_more_oos.c` and Vinifera's `SyncRecorder`, Phobos'
//! `SyncLogging.cpp` and PR #1253's JSON writer, GeneralsGameCode's
//! `RandomValue.cpp` and CRC debug files, OpenRA's `SyncReport.cs` and
//! replay writer — each compiled with stubs outside this repository and
//! driven with the library's generators — and OpenRA reports pasted in
//! public issues. `tests/sync_writers/README.md` gives each file's source
//! (repository, commit) and the ground truth asserted here; it is the
//! writers' scripts that set it, not this checker.

mod common;

use common::{bitexact, repo_file, stderr, stdout};
use serde_json::Value;

fn fixture(rel: &str) -> String {
    repo_file(&format!("crates/bitexact-cli/tests/sync_writers/{rel}"))
}

/// `sync ARGS --json`: the exit code and the report.
fn sync(args: &[&str]) -> (i32, Value) {
    let mut all = vec!["sync"];
    all.extend_from_slice(args);
    all.push("--json");
    let o = bitexact(&all);
    let v = serde_json::from_str(&stdout(&o))
        .unwrap_or_else(|_| panic!("{args:?}: no JSON: {}", stderr(&o)));
    (o.status.code().unwrap(), v)
}

fn summary(v: &Value) -> &str {
    v["summary"].as_str().unwrap()
}

#[test]
fn phobos_two_players_rings_are_aligned_and_the_extra_call_named() {
    let (a, b) = (
        fixture("phobos/phobos_pair_A.txt"),
        fixture("phobos/phobos_pair_B.txt"),
    );
    // B #0 is a Ranged(5, 5) call that draws nothing: its frame and cursors
    // are A #49's, but the call is A #50's.
    let (code, v) = sync(&["phobos", &a, &b]);
    assert_eq!(code, 1);
    assert_eq!(v["anchor_a"], 50, "{}", summary(&v));
    assert_eq!(v["anchor_b"], 0);
    assert_eq!(v["extra_in"], "b");
    assert_eq!(v["shift"], 1);
    let d = &v["first_divergence"];
    assert_eq!(d["entry"], 3497);
    assert_eq!(d["frame"], 9950);
    assert_eq!(d["caller_hex"], "b00a1c40");
    assert!(d["logged"].as_str().unwrap().contains("Ranged(0, 2)"));
    // The other way round: A has it.
    let (_, v) = sync(&["phobos", &b, &a]);
    assert_eq!(v["extra_in"], "a");
    assert_eq!(v["shift"], -1);
    assert_eq!(v["first_divergence"]["entry"], 3497);
    // Each alone is consistent with the seed.
    for (log, from) in [(&a, 124_440), (&b, 124_496)] {
        let (code, v) = sync(&["phobos", log, "--seed", "20240505"]);
        assert_eq!(code, 0, "{}", summary(&v));
        assert_eq!(v["position"], from);
    }
}

#[test]
fn phobos_mpdebug_slot_files_name_player_0s_extra_call() {
    let (a, b) = (
        fixture("phobos/SYNC0_000.TXT"),
        fixture("phobos/SYNC1_000.TXT"),
    );
    let (code, v) = sync(&["phobos", &a, &b]);
    assert_eq!(code, 1);
    assert_eq!(v["extra_in"], "a");
    let d = &v["first_divergence"];
    assert_eq!(
        (d["entry"].as_u64(), d["frame"].as_i64()),
        (Some(2310), Some(4850))
    );
    assert_eq!(d["caller_hex"], "0048d3a7");
    // Every slot file of a player holds the same dump.
    let (code, v) = sync(&["phobos", &a, &fixture("phobos/SYNC0_001.TXT")]);
    assert_eq!(code, 0, "{}", summary(&v));
}

#[test]
fn phobos_dumps_of_one_process_and_rings_not_full() {
    let two = fixture("phobos/phobos_two_dumps.txt");
    let (code, v) = sync(&["phobos", &two, "--seed", "777", "--log", "1"]);
    assert_eq!(
        (code, v["position"].as_u64()),
        (0, Some(7895)),
        "{}",
        summary(&v)
    );
    // The second dump starts where the first stopped: rotated back.
    let (code, v) = sync(&["phobos", &two, "--seed", "777"]);
    assert_eq!(
        (code, v["position"].as_u64()),
        (0, Some(8511)),
        "{}",
        summary(&v)
    );
    let (code, v) = sync(&[
        "phobos",
        &fixture("phobos/phobos_notfull.txt"),
        "--seed",
        "31337",
    ]);
    assert_eq!(
        (code, v["position"].as_u64()),
        (0, Some(0)),
        "{}",
        summary(&v)
    );
    let full = fixture("phobos/phobos_consistent_8675309.txt");
    let (code, v) = sync(&["phobos", &full, "--seed", "8675309"]);
    assert_eq!(code, 0, "{}", summary(&v));
    assert!(summary(&v).contains("draws 8454..12948"), "{}", summary(&v));
    // The same log with LF line ends, and against another seed.
    let lf = common::temp("phobos-lf.txt");
    std::fs::write(
        &lf,
        std::fs::read_to_string(&full)
            .unwrap()
            .replace("\r\n", "\n"),
    )
    .unwrap();
    let (code, _) = sync(&["phobos", lf.to_str().unwrap(), "--seed", "8675309"]);
    assert_eq!(code, 0);
    let (code, v) = sync(&["phobos", &full, "--seed", "8675308"]);
    assert_eq!(code, 1);
    assert_eq!(v["consistent"], false);
}

#[test]
fn phobos_json_states_identified_and_compared() {
    let (a, b, s) = (
        fixture("phobos/sync_A.json"),
        fixture("phobos/sync_B.json"),
        fixture("phobos/sync_seed.json"),
    );
    let (code, v) = sync(&["phobos", &s, "--seed", "123456789"]);
    assert_eq!(
        (code, v["position"].as_u64()),
        (0, Some(98_765)),
        "{}",
        summary(&v)
    );
    let (code, v) = sync(&["phobos", &a, "--seed", "2024"]);
    assert_eq!(
        (code, v["position"].as_u64()),
        (0, Some(612_345)),
        "{}",
        summary(&v)
    );
    let (code, v) = sync(&["phobos", &a, "--seed", "2025"]);
    assert_eq!((code, v["consistent"].as_bool()), (1, Some(false)));
    let (code, v) = sync(&["phobos", &a, &b]);
    assert_eq!((code, v["shift"].as_i64()), (1, Some(3)), "{}", summary(&v));
    let (code, v) = sync(&["phobos", &b, &a]);
    assert_eq!((code, v["shift"].as_i64()), (1, Some(-3)));
    let (code, _) = sync(&["phobos", &a, &a]);
    assert_eq!(code, 0);
}

#[test]
fn ts_rings_against_their_seeds() {
    for (file, seed, from) in [
        ("ts/ts_consistent_48213.txt", "48213", 1320),
        ("ts/ts_notfull.txt", "4242", 0),
        ("ts/tsp_ring.txt", "90210", 1056),
        ("ts/ts_lf.txt", "2718", 0),
        ("ts/ts_fpu_A.txt", "31337", 0),
    ] {
        let (code, v) = sync(&["ts", &fixture(file), "--seed", seed]);
        assert_eq!(code, 0, "{file}: {}", summary(&v));
        assert_eq!(v["position"], from, "{file}: {}", summary(&v));
        let (code, _) = sync(&["ts", &fixture(file), "--seed", "1"]);
        assert_eq!(code, 1, "{file} against another seed");
    }
    // Vinifera's file carries its seed; `vinifera` is the same format.
    let (code, v) = sync(&["vinifera", &fixture("ts/vinifera_ring.txt")]);
    assert_eq!(
        (code, v["format"].as_str()),
        (0, Some("ts")),
        "{}",
        summary(&v)
    );
}

#[test]
fn ts_two_players_extra_call_named() {
    let (a, b) = (fixture("ts/ts_pair_A.txt"), fixture("ts/ts_pair_B.txt"));
    let (code, v) = sync(&["ts", &a, &b]);
    assert_eq!(code, 1);
    assert_eq!(v["extra_in"], "b", "{}", summary(&v));
    assert_eq!(v["shift"], 1);
    let d = &v["first_divergence"];
    assert_eq!(d["line"], 597);
    assert_eq!(d["frame"], 356);
    assert_eq!(d["caller_hex"], "0042e8b4");
    assert!(d["logged"].as_str().unwrap().contains("Ranged(0, 99)"));
    // The same ring printed by both writers agrees once Vinifera's own
    // logger draws are set aside.
    let (code, v) = sync(&[
        "ts",
        &fixture("ts/tsp_ring.txt"),
        &fixture("ts/vinifera_ring.txt"),
    ]);
    assert_eq!(code, 0, "{}", summary(&v));
}

#[test]
fn ts_fpu_words_and_norng() {
    let (code, v) = sync(&[
        "ts",
        &fixture("ts/ts_fpu_A.txt"),
        &fixture("ts/ts_fpu_B.txt"),
    ]);
    assert_eq!(code, 1);
    assert!(summary(&v).contains("FPU"), "{}", summary(&v));
    assert!(summary(&v).contains("24-bit"), "{}", summary(&v));
    assert_eq!(v["first_divergence"]["line"], 2);
    let (code, v) = sync(&["ts", &fixture("ts/ts_norng.txt"), "--seed", "555"]);
    assert_eq!(code, 1);
    assert!(summary(&v).starts_with("not placed"), "{}", summary(&v));
    assert!(summary(&v).contains("NoRNG"));
    // Drawing until frame 10, then frozen: placed up to the freeze.
    let (code, v) = sync(&["ts", &fixture("ts/ts_norng_start.txt"), "--seed", "555"]);
    assert_eq!(code, 0, "{}", summary(&v));
    assert!(summary(&v).contains("draws 0..144"), "{}", summary(&v));
}

#[test]
fn generals_unchanged_lines_are_peeks() {
    for file in [
        "generals/gen_unchanged_123456.txt",
        "generals/gen_unchanged_T.txt",
        "generals/gen_retail_lohi.txt",
        "generals/gen_new_lohi.txt",
    ] {
        let (code, v) = sync(&["generals", &fixture(file)]);
        assert_eq!(code, 0, "{file}: {}", summary(&v));
    }
    let (_, v) = sync(&["generals", &fixture("generals/gen_unchanged_123456.txt")]);
    assert_eq!(v["peeks"], 7);
    // An Unchanged value that is not the next draw is caught, and so is
    // an Unchanged line counted as a draw.
    let text = std::fs::read_to_string(fixture("generals/gen_unchanged_123456.txt")).unwrap();
    let forged = common::temp("gen-unchanged-forged.txt");
    std::fs::write(
        &forged,
        text.replacen(
            "GetGameLogicRandomValueUnchanged = 5 (1 - 6)",
            "GetGameLogicRandomValueUnchanged = 4 (1 - 6)",
            1,
        ),
    )
    .unwrap();
    let (code, v) = sync(&["generals", forged.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert_eq!(v["first_divergence"]["line"], 4, "{}", summary(&v));
    std::fs::write(
        &forged,
        text.replacen("ValueUnchanged = 5 (1 - 6)", "Value = 5 (1 - 6)", 1),
    )
    .unwrap();
    let (code, _) = sync(&["generals", forged.to_str().unwrap()]);
    assert_eq!(code, 1);
}

#[test]
fn generals_frame_folders() {
    let (a, b) = (fixture("generals/dbgA"), fixture("generals/dbgB"));
    let (code, v) = sync(&["generals-crc", &a, "--seed", "0x5EED1234"]);
    assert_eq!(code, 0, "{}", summary(&v));
    let (code, v) = sync(&["generals-crc", &a, &b]);
    assert_eq!(code, 1);
    let d = &v["first_divergence"];
    assert_eq!(
        (d["frame"].as_i64(), d["line"].as_u64()),
        (Some(5), Some(2)),
        "{}",
        summary(&v)
    );
    let (code, _) = sync(&["generals-crc", &a, &a]);
    assert_eq!(code, 0);
    // A folder with no frame file is bad input, in one line.
    let o = bitexact(&[
        "sync",
        "generals-crc",
        &repo_file("crates/bitexact-cli/tests/sync_writers"),
    ]);
    common::assert_usage_error(&o, "DebugFrame");
}

#[test]
fn openra_reports_compared_and_the_seed_from_the_replay() {
    let (a, b) = (fixture("openra/ora_A.txt"), fixture("openra/ora_B.txt"));
    let (code, v) = sync(&["openra", &a, &b]);
    assert_eq!(code, 1);
    assert_eq!(v["delta_draws"], 3, "{}", summary(&v));
    assert!(
        summary(&v).contains("actor 57 1tnk Bob Health"),
        "{}",
        summary(&v)
    );
    assert!(
        summary(&v).contains("hp: 43591 vs 43541"),
        "{}",
        summary(&v)
    );
    let (code, v) = sync(&["openra", &a, &fixture("openra/ora_same_count.txt")]);
    assert_eq!(code, 1);
    assert!(summary(&v).contains("not one seed"), "{}", summary(&v));
    let (code, _) = sync(&["openra", &a, &a]);
    assert_eq!(code, 0);
    let replay = fixture("openra/ora_replay.orarep");
    for log in [&a, &b] {
        let (code, v) = sync(&["openra", log, "--replay", &replay]);
        assert_eq!(code, 0, "{}", summary(&v));
        assert_eq!(v["seed"], 1_926_342_318);
    }
    let (code, v) = sync(&["openra", &fixture("openra/ora_nofr.txt"), "--seed", "1"]);
    assert_eq!(code, 1);
    assert!(summary(&v).starts_with("no evidence"), "{}", summary(&v));
}

#[test]
fn openra_reports_pasted_in_public_issues() {
    let pair = |x: &str, y: &str| sync(&["openra", &fixture(x), &fixture(y)]);
    // OpenRA #18854: Trip t made 2 more draws; 236 e1 AutoTarget differs.
    let (code, v) = pair(
        "openra/real_OpenRA_18854_Kav.txt",
        "openra/real_OpenRA_18854_Trip_t.txt",
    );
    assert_eq!((code, v["delta_draws"].as_i64()), (1, Some(2)));
    assert!(
        summary(&v).contains("actor 236 e1 Trip t AutoTarget"),
        "{}",
        summary(&v)
    );
    // OpenRA #7587: the same count; 247 Mobile's PathHash differs.
    let (code, v) = pair(
        "openra/real_OpenRA_7587_Penev.txt",
        "openra/real_OpenRA_7587_Canavusbis.txt",
    );
    assert_eq!(code, 1);
    assert!(
        summary(&v).contains("actor 247 e1 Antares Mobile"),
        "{}",
        summary(&v)
    );
    assert!(
        summary(&v).contains("PathHash: 1084 vs 1081"),
        "{}",
        summary(&v)
    );
    // OpenHV #1089: 927 rocketpod Mobile.
    let (code, v) = pair(
        "openra/real_OpenHV_1089_Cyantusk.txt",
        "openra/real_OpenHV_1089_Rampoina.txt",
    );
    assert_eq!(code, 1);
    assert!(
        summary(&v).contains("927 rocketpod Rampoina Mobile"),
        "{}",
        summary(&v)
    );
    // OpenRA #21903: no sync report kept.
    let (code, v) = pair(
        "openra/real_OpenRA_21903_both.txt",
        "openra/real_OpenRA_21903_both.txt",
    );
    assert_eq!(code, 1);
    assert!(summary(&v).starts_with("no evidence"));
    // OpenRA #22299's excerpt has no frame header: bad input, said so.
    let o = bitexact(&[
        "sync",
        "openra",
        &fixture("openra/real_OpenRA_22299_client1.txt"),
        &fixture("openra/real_OpenRA_22299_client2.txt"),
    ]);
    common::assert_usage_error(&o, "no 'Sync for net frame' header");
}
