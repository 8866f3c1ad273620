//! The logs of `tests/sync_cases/`, written by an adversarial review to
//! break `bitexact sync` (see its README): each gives the right answer.

mod common;
use common::*;

fn case(name: &str) -> String {
    repo_file(&format!("crates/bitexact-cli/tests/sync_cases/{name}"))
}

fn run(args: &[&str]) -> (i32, serde_json::Value, String) {
    let mut a: Vec<String> = vec!["sync".into()];
    a.extend(args.iter().map(|s| {
        if s.ends_with(".txt") {
            case(s)
        } else {
            s.to_string()
        }
    }));
    a.push("--json".into());
    let refs: Vec<&str> = a.iter().map(String::as_str).collect();
    let o = bitexact(&refs);
    let v = serde_json::from_str(stdout(&o).trim()).unwrap_or(serde_json::Value::Null);
    (o.status.code().unwrap_or(-1), v, stderr(&o))
}

#[test]
fn records_run_together_are_refused_never_half_read() {
    for f in [
        "g_oneline_forged.txt",
        "g_oneline_ok.txt",
        "g_lastjoined_bad.txt",
    ] {
        let (code, _, err) = run(&["generals", f]);
        assert_eq!(code, 2, "{f}: {err}");
        assert!(err.contains("run together"), "{f}: {err}");
    }
    let (code, _, err) = run(&["generals", "g_real_garbage.txt"]);
    assert_eq!(code, 2);
    assert!(err.contains("line 42"), "{err}");
}

#[test]
fn a_shift_the_lines_cannot_pin_is_not_named() {
    for f in ["gs_short.txt", "gs_last.txt"] {
        let (code, v, _) = run(&["generals", f]);
        assert_eq!(code, 1);
        assert_eq!(v["first_divergence"]["line"], 22, "{f}");
        assert!(v["shift"].is_null(), "{f}: {v}");
        let shifts: Vec<i64> = v["shifts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|k| k.as_i64().unwrap())
            .collect();
        assert!(
            shifts.contains(&5),
            "{f}: the true shift is among those listed: {shifts:?}"
        );
    }
}

#[test]
fn impossible_draw_counts_are_divergences_whatever_the_frames_say() {
    let (code, _, err) = run(&["phobos", "p_inner.txt", "--seed", "99"]);
    assert_eq!(code, 0, "{err}");
    for (f, entry) in [("p_inner2.txt", 14), ("p_mix.txt", 15)] {
        let (code, v, _) = run(&["phobos", f, "--seed", "99"]);
        assert_eq!(
            (code, v["first_divergence"]["entry"].as_u64()),
            (1, Some(entry)),
            "{f}: {v}"
        );
    }
    let (code, v, _) = run(&["phobos", "p_restart.txt", "--seed", "4242"]);
    assert_eq!(
        (code, v["first_divergence"]["entry"].as_u64()),
        (1, Some(25)),
        "{v}"
    );
    let (code, v, _) = run(&[
        "phobos",
        "phobos_swap_restart.txt",
        "--seed",
        "555",
        "--max-draws",
        "20000",
    ]);
    assert_eq!(code, 1, "{v}");
    let (code, _, _) = run(&["phobos", "sync0_swap8_9.txt", "--seed", "4242"]);
    assert_eq!(code, 1);
}

#[test]
fn a_ring_ending_early_or_one_call_longer_is_named() {
    let (code, v, _) = run(&["phobos", "pa_prefix.txt", "pa.txt"]);
    assert_eq!(code, 1, "{v}");
    let (code, v, _) = run(&["phobos", "pa.txt", "pb_end.txt"]);
    assert_eq!((code, v["shift"].as_i64()), (1, Some(1)), "{v}");
    assert_eq!(v["first_divergence"]["entry"], 120);
}

#[test]
fn bounds_and_seeds_are_checked() {
    let (code, _, err) = run(&[
        "phobos",
        "phobos_for_maxdraws.txt",
        "--seed",
        "4242",
        "--max-draws",
        "18446744073709551615",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("above the 1000000000 accepted"), "{err}");
    let (code, v, _) = run(&["vinifera", "va.txt", "v4.txt"]);
    assert_eq!(code, 1);
    assert!(
        v["summary"].as_str().unwrap().contains("different matches"),
        "{v}"
    );
    let (code, v, _) = run(&["vinifera", "v5.txt", "--seed", "4242"]);
    assert_eq!(code, 0);
    assert!(
        v["details"].to_string().contains("not the seed given"),
        "{v}"
    );
}

#[test]
fn second_round_two_logs_compare_everything_they_hold() {
    for b in ["B0_frame.txt", "B0_head3.txt"] {
        let (code, v, _) = run(&["phobos", "A0.txt", b]);
        assert_eq!(
            (code, v["first_divergence"]["entry"].as_u64()),
            (1, Some(0)),
            "{b}: {v}"
        );
    }
    let (code, v, _) = run(&["generals", "g_a.txt", "g_b_real.txt"]);
    assert_eq!(
        (code, v["first_divergence"]["line"].as_u64()),
        (1, Some(12)),
        "{v}"
    );
    let (code, v, _) = run(&["generals", "g_a.txt", "g_b_site.txt", "--seed", "0xbeef"]);
    assert_eq!(
        (code, v["first_divergence"]["line"].as_u64()),
        (1, Some(9)),
        "{v}"
    );
    let (code, v, _) = run(&["vinifera", "v_a.txt", "v_b.txt"]);
    assert_eq!((code, v["shift"].as_i64()), (1, Some(4)), "{v}");
    let (code, _, _) = run(&["vinifera", "v_rev.txt"]);
    assert_eq!(code, 1);
    for (a, b) in [
        ("crcA10.txt", "crcB_forgedtail.txt"),
        ("crcB_forgedtail.txt", "crcA10.txt"),
    ] {
        let (code, v, _) = run(&["generals-crc", a, b, "--seed", "0x5EED"]);
        assert_eq!(code, 1, "{a} {b}: {v}");
    }
}

#[test]
fn second_round_placements_say_when_they_are_not_sure() {
    for seed in ["1", "6", "9", "777"] {
        let (code, v, _) = run(&["phobos", "p_chance777.txt", "--seed", seed]);
        assert_eq!(code, 1, "seed {seed}: {v}");
        assert!(
            v["summary"].as_str().unwrap().starts_with("not sure"),
            "{v}"
        );
    }
    let (code, v, _) = run(&["phobos", "p_twogame_rot.txt", "--seed", "222"]);
    assert_eq!((code, v["position"].as_u64()), (0, Some(0)), "{v}");
    let (code, _, _) = run(&["phobos", "p_halfswap.txt", "--seed", "222"]);
    assert_eq!(code, 1);
    let (code, v, _) = run(&["phobos", "p_full_rot0.txt", "--seed", "444"]);
    assert_eq!(code, 0, "{v}");
    let (code, v, _) = run(&["phobos", "pa_tail.txt", "pb_tail.txt"]);
    assert_eq!(code, 1);
    assert!(v["shift"].is_null(), "two shifts fit: {v}");
}

#[test]
fn second_round_openra_is_bounded() {
    let (code, v, _) = run(&[
        "openra",
        "o_many2000.txt",
        "--seed",
        "5",
        "--window",
        "10000000",
    ]);
    assert_eq!(code, 1);
    assert_eq!(v["frames_checked"], 2000);
    assert!(v["frames"].as_array().unwrap().len() <= 200);
    let (code, _, err) = run(&["openra", "o_trunc.txt", "--seed", "5"]);
    assert_eq!(code, 2);
    assert!(err.contains("'Sync for net frame"), "{err}");
}

#[test]
fn third_round_chance_bounds_and_genuine_pairs() {
    // The recurrence lattice: never "consistent" for a seed it was not made from.
    for seed in ["1", "2", "4", "7"] {
        let (code, v, _) = run(&["phobos", "grid_777_8x8.txt", "--seed", seed]);
        assert_eq!(code, 1, "seed {seed}: {v}");
        assert!(
            v["summary"].as_str().unwrap().starts_with("not sure"),
            "{v}"
        );
    }
    // Genuine pairs are consistent.
    let (code, v, _) = run(&["phobos", "t10_Ap.txt", "t10_N.txt"]);
    assert_eq!(code, 0, "{v}");
    let (code, v, _) = run(&["phobos", "t10_Ap.txt", "t10_N.txt", "--seed", "222"]);
    assert_eq!(code, 0, "{v}");
    for (a, b) in [("t13_Afr.txt", "t13_A.txt"), ("t13_Acut.txt", "t13_A.txt")] {
        let (code, v, _) = run(&["generals", a, b, "--seed", "0xbeef"]);
        assert_eq!(code, 0, "{a} {b}: {v}");
    }
    let (code, v, _) = run(&["generals-crc", "t14_C.txt", "t14_D.txt", "--seed", "0x5EED"]);
    assert_eq!(code, 0, "{v}");
    let (code, v, _) = run(&["generals-crc", "t14_C.txt", "t14_D.txt"]);
    assert_eq!(code, 0, "{v}");
    // A short new game is found and placed at the seed's first draws: not a
    // divergence in the earlier game.
    let (_, v, _) = run(&["phobos", "t6_part40.txt", "--seed", "222"]);
    assert!(v["first_divergence"].is_null(), "{v}");
    assert!(v["details"].to_string().contains("new game"), "{v}");
    // OpenRA counts of more than one generator.
    for f in ["o_dec.txt", "o_rep2.txt"] {
        let (code, v, _) = run(&["openra", f, "--seed", "5"]);
        assert_eq!(code, 1, "{f}: {v}");
    }
}

#[test]
fn fourth_round_weak_evidence_is_said_so() {
    // True that seed 1 replays these lines, and said that seed 257 would too.
    let (code, v, _) = run(&["generals", "g_low8_seed257.txt", "--seed", "1"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["pins_seed"], false, "{v}");
    for f in ["g_realonly.txt", "g_const.txt"] {
        let (code, v, _) = run(&["generals", f]);
        assert_eq!(code, 1, "{f}: {v}");
        assert!(
            v["summary"].as_str().unwrap().starts_with("not sure"),
            "{v}"
        );
    }
    let (code, v, _) = run(&[
        "ares",
        "a_0CBA1F49.txt",
        "--seed",
        "4242",
        "--max-draws",
        "1000000000",
    ]);
    assert_eq!(code, 1, "{v}");
    assert!(
        v["summary"].as_str().unwrap().starts_with("not sure"),
        "{v}"
    );
}

#[test]
fn fifth_round_copies_and_chance_crcs_are_not_evidence() {
    let (code, v, _) = run(&[
        "ares",
        "a1.txt",
        "a2.txt",
        "--seed",
        "4242",
        "--max-draws",
        "1000000000",
    ]);
    assert_eq!(code, 1, "{v}");
    assert!(
        v["summary"].as_str().unwrap().starts_with("not sure"),
        "{v}"
    );
    let (code, v, _) = run(&[
        "vinifera",
        "vone.txt",
        "vone2.txt",
        "--max-draws",
        "1000000000",
    ]);
    assert_eq!(code, 1, "{v}");
    for f in ["cforged_1269481094.txt", "cforged_rep.txt"] {
        let (code, v, _) = run(&["generals-crc", f, "--seed", "0x5EED"]);
        assert_eq!(code, 1, "{f}: {v}");
        assert!(
            v["summary"].as_str().unwrap().starts_with("not sure"),
            "{v}"
        );
    }
}

#[test]
fn sixth_round_initrandom_lines_are_seeds_not_draws() {
    let (code, v, _) = run(&["generals", "g5a.txt", "g5b_noinit.txt", "--seed", "0x1234"]);
    assert_eq!(code, 0, "{v}");
    let (code, v, _) = run(&["generals", "g5a.txt", "g5b_midinit.txt", "--seed", "0x1234"]);
    assert_eq!(
        (code, v["first_divergence"]["line"].as_u64()),
        (1, Some(21)),
        "{v}"
    );
    assert!(v["shift"].is_null(), "a re-seed is not a shift: {v}");
}
