//! `--shard K/N` and `bitexact merge` (issue 22): the shards of a search
//! with planted hits merge to exactly the unsharded answer for N = 1, 2, 3,
//! 7 and 64; a missing, stopped or interrupted shard makes the merge say
//! "incomplete"; answers that are not one search's parts are refused.

mod common;
use common::*;
use serde_json::Value;
use std::path::PathBuf;

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("bitexact-shard-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Westwood's `ranged:0,15` matching three values: about one seed in 4096
/// of 0..300000 is a hit.
const RECOVER: [&str; 8] = [
    "recover",
    "westwood",
    "--tap",
    "ranged:0,15",
    "--values",
    "3,9,14",
    "--seed-range",
    "0..300000",
];

fn json(out: &std::process::Output) -> Value {
    serde_json::from_str(&stdout(out)).unwrap_or_else(|e| panic!("{e}: {}", stdout(out)))
}

/// Shard k of n of `args` (with --json), its output written to `dir`.
fn shard(args: &[&str], k: u64, n: u64, extra: &[&str], dir: &std::path::Path) -> PathBuf {
    let spec = format!("{k}/{n}");
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["--shard", &spec, "--json"]);
    all.extend(extra);
    let out = bitexact(&all);
    assert_eq!(out.status.code(), Some(0), "{spec}: {}", stderr(&out));
    let path = dir.join(format!("shard-{k}.json"));
    std::fs::write(&path, &out.stdout).unwrap();
    path
}

fn merge(files: &[PathBuf], json_out: bool) -> std::process::Output {
    let mut args: Vec<&str> = vec!["merge"];
    args.extend(files.iter().map(|p| p.to_str().unwrap()));
    if json_out {
        args.push("--json");
    }
    bitexact(&args)
}

#[test]
fn shards_merge_to_the_unsharded_answer() {
    let whole = bitexact(&[&RECOVER[..], &["--json"]].concat());
    assert_eq!(whole.status.code(), Some(0), "{}", stderr(&whole));
    let whole = json(&whole);
    let hits = whole["hits"].as_array().unwrap();
    assert!(hits.len() >= 30, "{} hits", hits.len());
    let unsharded = bitexact(&RECOVER);
    let text = stdout(&unsharded);
    // What the unsharded run says before its search, the merge says too.
    let chance = stderr(&unsharded).lines().next().unwrap().to_string();
    assert!(chance.contains("match by chance alone"), "{chance}");
    for n in [1u64, 2, 3, 7, 64] {
        let d = dir(&format!("n{n}"));
        let files: Vec<PathBuf> = (1..=n)
            .map(|k| {
                shard(
                    &RECOVER,
                    k,
                    n,
                    // How a shard reports is not what it searched: shards
                    // run with --progress merge with those run without.
                    if k % 2 == 0 {
                        &["--threads", "1"]
                    } else {
                        &["--threads", "2", "--progress"]
                    },
                    &d,
                )
            })
            .collect();
        let merged = merge(&files, true);
        assert_eq!(merged.status.code(), Some(0), "{n}: {}", stderr(&merged));
        let m = json(&merged);
        assert_eq!(m["hits"], whole["hits"], "{n} shards");
        assert_eq!(m["searched"], whole["searched"], "{n} shards");
        assert_eq!(m["complete"], true);
        assert_eq!(m["shards"], n);
        // The text form prints what the unsharded run prints.
        let merged = merge(&files, false);
        assert_eq!(stdout(&merged), text, "{n} shards");
        assert!(
            stderr(&merged).starts_with(&format!(
                "{chance}\nmerged {n} shards: complete: all 300000 seeds"
            )),
            "{}",
            stderr(&merged)
        );
        let _ = std::fs::remove_dir_all(&d);
    }
}

#[test]
fn a_missing_stopped_or_interrupted_shard_is_incomplete() {
    let d = dir("gaps");
    let n = 7;
    let files: Vec<PathBuf> = (1..=n).map(|k| shard(&RECOVER, k, n, &[], &d)).collect();
    // Shard 4 missing.
    let some: Vec<PathBuf> = files
        .iter()
        .filter(|f| !f.ends_with("shard-4.json"))
        .cloned()
        .collect();
    let out = merge(&some, true);
    assert_eq!(out.status.code(), Some(1));
    let m = json(&out);
    assert_eq!(m["complete"], false);
    assert_eq!(m["missing"], serde_json::json!(["4/7"]));
    assert_eq!(m["searched_below"], 128571);
    // The whole range's chance estimate, then what is missing.
    let said = stderr(&out);
    let mut lines = said.lines();
    assert!(
        lines.next().unwrap().contains("match by chance alone"),
        "{said}"
    );
    assert!(
        lines.next().unwrap().starts_with(
            "incomplete: shard 4/7 (seeds 128571..171428) is missing; 6 of 7 shards finished"
        ),
        "{}",
        stderr(&out)
    );
    // Shard 2 stopped at its hit budget.
    let mut stopped = files.clone();
    stopped[1] = shard(&RECOVER, 2, n, &["--max-hits", "2"], &dir("stopped"));
    let out = merge(&stopped, false);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("shard 2/7 (seeds 42857..85714) stopped at its --max-hits at seed "),
        "{}",
        stderr(&out)
    );
    // Shard 6 interrupted (written as an interrupted run writes it).
    let mut answer: Value = serde_json::from_slice(&std::fs::read(&files[5]).unwrap()).unwrap();
    answer["complete"] = false.into();
    answer["interrupted_at"] = 220_000.into();
    let kept: Vec<Value> = answer["hits"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|h| h["seed"].as_u64().unwrap() < 220_000)
        .cloned()
        .collect();
    answer["hits"] = kept.into();
    let cut = d.join("cut.json");
    std::fs::write(&cut, answer.to_string()).unwrap();
    let mut interrupted = files.clone();
    interrupted[5] = cut;
    let out = merge(&interrupted, true);
    // SPEC 6: an interrupted shard makes the merge exit 130, as it did.
    assert_eq!(out.status.code(), Some(130));
    assert_eq!(json(&out)["searched_below"], 220_000);
    assert!(
        stderr(&out).contains("shard 6/7 (seeds 214285..257142) was interrupted at seed 220000"),
        "{}",
        stderr(&out)
    );
    // All of them, one shard twice and the files in any order: complete.
    let mut all = files.clone();
    all.reverse();
    all.push(files[2].clone());
    assert_eq!(merge(&all, false).status.code(), Some(0));
    // One file holding every answer, from stdin.
    let joined: Vec<u8> = files
        .iter()
        .flat_map(|f| std::fs::read(f).unwrap())
        .collect();
    let out = with_stdin_bytes(&["merge", "-"], &joined);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn answers_that_are_not_one_searchs_parts_are_refused() {
    let d = dir("refused");
    let files: Vec<PathBuf> = (1..=3).map(|k| shard(&RECOVER, k, 3, &[], &d)).collect();
    let refuse = |files: &[PathBuf], says: &str| {
        let out = merge(files, false);
        assert_eq!(out.status.code(), Some(2), "{says}: {}", stderr(&out));
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(says), "{says}: {err}");
    };
    // Another query (other values), another range, another N.
    let mut other: Vec<&str> = RECOVER.to_vec();
    other[5] = "3,9,15";
    let d2 = dir("refused-other");
    refuse(
        &[files[0].clone(), shard(&other, 2, 3, &[], &d2)],
        "different searches",
    );
    let mut other: Vec<&str> = RECOVER.to_vec();
    other[7] = "0..300001";
    refuse(
        &[files[0].clone(), shard(&other, 2, 3, &[], &d2)],
        "different searches",
    );
    refuse(
        &[files[0].clone(), shard(&RECOVER, 2, 4, &[], &d2)],
        "different searches",
    );
    // A forged answer: its range is not its shard's part; a hit outside it.
    let forge = |edit: &dyn Fn(&mut Value), name: &str| -> PathBuf {
        let mut v: Value = serde_json::from_slice(&std::fs::read(&files[1]).unwrap()).unwrap();
        edit(&mut v);
        let p = d2.join(name);
        std::fs::write(&p, v.to_string()).unwrap();
        p
    };
    let moved = forge(&|v| v["range"] = "100000..200001".into(), "moved.json");
    refuse(
        &[files[0].clone(), moved, files[2].clone()],
        "its part of 0..300000 is 100000..200000",
    );
    let outside = forge(
        &|v| {
            v["hits"]
                .as_array_mut()
                .unwrap()
                .push(serde_json::json!({"seed": 250000, "offset": 0}))
        },
        "outside.json",
    );
    refuse(
        &[files[0].clone(), outside, files[2].clone()],
        "outside its part",
    );
    let fewer = forge(
        &|v| drop(v["hits"].as_array_mut().unwrap().pop()),
        "fewer.json",
    );
    refuse(
        &[files[0].clone(), files[1].clone(), fewer],
        "given twice, with different answers",
    );
    let liar = forge(&|v| v["complete"] = false.into(), "liar.json");
    refuse(&[liar], "\"complete\" disagrees");
    // Not an answer at all; an unsharded answer.
    let plain = d2.join("plain.json");
    std::fs::write(
        &plain,
        stdout(&bitexact(&[&RECOVER[..], &["--json"]].concat())),
    )
    .unwrap();
    refuse(&[plain], "not a shard's answer (no \"shard\" string)");
    let text = d2.join("text.txt");
    std::fs::write(&text, "seed 1 offset 0\n").unwrap();
    refuse(&[text], "line 1: not JSON");
    let empty = d2.join("empty.json");
    std::fs::write(&empty, "\n").unwrap();
    refuse(&[empty], "no shard answers");
    let _ = std::fs::remove_dir_all(&d);
    let _ = std::fs::remove_dir_all(&d2);
}

#[test]
fn shard_flags_are_checked() {
    for (shard, says) in [
        ("0/4", "--shard 0/4: K must be 1 to N"),
        ("5/4", "--shard 5/4: K must be 1 to N"),
        ("1/", "--shard '1/': expected K/N"),
        (
            "1/400000",
            "--shard 1/400000: 400000 shards of a range of 300000 seeds",
        ),
    ] {
        let out = bitexact(&[&RECOVER[..], &["--shard", shard]].concat());
        assert_eq!(out.status.code(), Some(2), "{shard}");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(says), "{shard}: {err}");
    }
    // A shard searched whole without hits exits 0 (a job array must not
    // count it failed) and says so.
    let out = bitexact(&[&RECOVER[..], &["--shard", "1/64"]].concat());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("shard 1/64 (seeds 0..4687): "),
        "{}",
        stderr(&out)
    );
}

#[test]
fn identify_shards_merge_to_the_first_seed() {
    let d = dir("identify");
    let state = d.join("obj.bin");
    let saved = bitexact(&[
        "state",
        "save",
        "westwood",
        "--seed",
        "1500000",
        "--skip-words",
        "77",
        "--layout",
        "ra2",
        "-o",
        state.to_str().unwrap(),
    ]);
    assert!(saved.status.success());
    let args = [
        "state",
        "identify",
        "westwood",
        state.to_str().unwrap(),
        "--seed-range",
        "0..2800000",
    ];
    let files: Vec<PathBuf> = (1..=4).map(|k| shard(&args, k, 4, &[], &d)).collect();
    let out = merge(&files, false);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), stdout(&bitexact(&args)));
    assert!(
        stderr(&out).contains("seed 1500000 is the first of seeds 0..2800000"),
        "{}",
        stderr(&out)
    );
    // Shard 1 missing: the seed is right, but maybe not the first.
    let out = merge(&files[1..], true);
    assert_eq!(out.status.code(), Some(0));
    let m = json(&out);
    assert_eq!(m["identified"], true);
    assert_eq!(m["seed"], 1_500_000);
    assert_eq!(m["first"], false);
    assert_eq!(m["complete"], false);
    assert!(
        stderr(&out)
            .contains("may not be the first that does: shard 1/4 (seeds 0..700000) is missing"),
        "{}",
        stderr(&out)
    );
    // Shard 3 (which holds it) missing: not identified, incomplete.
    let out = merge(
        &[files[0].clone(), files[1].clone(), files[3].clone()],
        false,
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).starts_with("incomplete: shard 3/4 (seeds 1400000..2100000) is missing"),
        "{}",
        stderr(&out)
    );
    // Another state's shards never merge with these.
    let other = d.join("other.bin");
    bitexact(&[
        "state",
        "save",
        "westwood",
        "--seed",
        "1500000",
        "--skip-words",
        "78",
        "--layout",
        "ra2",
        "-o",
        other.to_str().unwrap(),
    ]);
    let other_args = [
        "state",
        "identify",
        "westwood",
        other.to_str().unwrap(),
        "--seed-range",
        "0..2800000",
    ];
    let d2 = dir("identify-other");
    let out = merge(
        &[files[0].clone(), shard(&other_args, 2, 4, &[], &d2)],
        false,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("different searches"),
        "{}",
        stderr(&out)
    );
    let _ = std::fs::remove_dir_all(&d);
    let _ = std::fs::remove_dir_all(&d2);
}
