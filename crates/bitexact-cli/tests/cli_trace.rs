//! `bitexact trace compare|replay` and `bitexact sots normalize|leg`.

mod common;
use common::*;

#[test]
fn trace_replay_the_committed_example() {
    let trace = repo_file("examples/movefleet.jsonl");
    // The faithful model reproduces every record (pos_after came from the x87 itself).
    let o = bitexact(&["trace", "replay", "movefleet", &trace]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains("| 45 | 45 | 0 |"));
    // The double model diverges on exactly the calls that differ in the
    // committed "ours" trace, which the example generator recorded with it.
    let o = bitexact(&[
        "trace",
        "replay",
        "movefleet",
        &trace,
        "--model",
        "all",
        "--report",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let double_only_fails: Vec<String> = lines
        .iter()
        .filter(|v| {
            v.get("reproduced_by")
                .is_some_and(|r| r == &serde_json::json!(["faithful"]))
        })
        .map(|v| v["call"].as_str().unwrap().to_string())
        .collect();
    let ours = std::fs::read_to_string(repo_file("examples/movefleet-ours.jsonl")).unwrap();
    let original = std::fs::read_to_string(&trace).unwrap();
    let differing: Vec<String> = original
        .lines()
        .zip(ours.lines())
        .filter(|(a, b)| a != b)
        .map(|(a, _)| serde_json::from_str::<serde_json::Value>(a).unwrap()["call_id"].to_string())
        .collect();
    assert!(!differing.is_empty());
    assert_eq!(double_only_fails, differing);
    let summaries: Vec<&serde_json::Value> =
        lines.iter().filter(|v| v.get("model").is_some()).collect();
    assert_eq!(summaries[0]["model"], "faithful");
    assert_eq!(summaries[0]["diverged"], 0);
    assert_eq!(summaries[1]["diverged"], differing.len());
    let o = bitexact(&["trace", "replay", "movefleet", &trace, "--model", "double"]);
    assert_eq!(o.status.code(), Some(1));
    // pc24 is a different machine: it does not reproduce this pc53 recording.
    let o = bitexact(&[
        "trace",
        "replay",
        "movefleet",
        &trace,
        "--precision",
        "pc24",
    ]);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn trace_compare() {
    let a = repo_file("examples/movefleet.jsonl");
    let o = bitexact(&["trace", "compare", &a, &a]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("| 45 | 45 | 45 | 0 | 0 | 0 |"));

    // One bit flipped in one field: that record and field, ULP 1.
    let text = std::fs::read_to_string(&a).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let mut rec: serde_json::Value = serde_json::from_str(&lines[9]).unwrap();
    let x = rec["pos"][1].as_f64().unwrap() as f32;
    rec["pos"][1] = serde_json::Value::String(format!("{:#010x}", x.to_bits() ^ 1));
    lines[9] = rec.to_string();
    let b = temp("flipped.jsonl");
    std::fs::write(&b, lines.join("\n") + "\n").unwrap();
    let o = bitexact(&[
        "trace",
        "compare",
        &a,
        b.to_str().unwrap(),
        "--report",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["diverged"], 1);
    assert_eq!(v["first_divergence"]["key"], "10");
    assert_eq!(v["first_divergence"]["fields"][0]["field"], "pos[1]");
    assert_eq!(v["first_divergence"]["fields"][0]["ulp"], 1);
    assert_eq!(
        v["fields"]["pos[1]"],
        serde_json::json!({"diverged": 1, "worst_ulp": 1})
    );

    // Missing records on either side.
    let c = temp("missing.jsonl");
    let kept: Vec<&String> = lines
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != 3)
        .map(|(_, l)| l)
        .collect();
    std::fs::write(
        &c,
        kept.iter().map(|l| format!("{l}\n")).collect::<String>(),
    )
    .unwrap();
    let o = bitexact(&[
        "trace",
        "compare",
        &a,
        c.to_str().unwrap(),
        "--report",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(
        (v["missing_in_b"].as_u64(), v["missing_in_a"].as_u64()),
        (Some(1), Some(0))
    );
    assert_eq!(v["first_missing_in_b"][0]["key"], "4");
    let o = bitexact(&["trace", "compare", c.to_str().unwrap(), &a]);
    assert!(
        stdout(&o).contains("Missing in A: 1 records, first 4 (B line 4)"),
        "{}",
        stdout(&o)
    );

    // Line order when there is no call_id; --key for another field.
    let p = temp("plain_a.jsonl");
    let q = temp("plain_b.jsonl");
    std::fs::write(&p, "{\"x\": 1.5}\n{\"x\": 2.5}\n").unwrap();
    std::fs::write(&q, "{\"x\": 1.5}\n{\"x\": \"0x40200001\"}\n").unwrap();
    let o = bitexact(&["trace", "compare", p.to_str().unwrap(), q.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains("First divergence: record 2"),
        "{}",
        stdout(&o)
    );
    let o = bitexact(&[
        "trace",
        "compare",
        p.to_str().unwrap(),
        q.to_str().unwrap(),
        "--key",
        "id",
    ]);
    assert_usage_error(&o, "no usable 'id' field");
}

#[test]
fn trace_bad_input() {
    let bad = temp("bad.jsonl");
    for (content, needle) in [
        (
            "{\"call_id\": 1, \"pos\": [0, 0, 0], \"pos_after\": [0, 0, 0]}\n{oops}\n",
            "line 2: not JSON",
        ),
        ("[1, 2]\n", "line 1: expected a JSON object"),
        (
            "{\"call_id\": 1, \"pos\": [1, 2]}\n",
            "line 1: 'pos' is not an array of three floats",
        ),
        (
            "{\"call_id\": 1, \"pos_after\": [1, 2, 3]}\n",
            "line 1: no 'pos' field",
        ),
        (
            "{\"x\": 123456789012345678901234567890123456789012345}\n",
            "does not fit",
        ),
    ] {
        std::fs::write(&bad, content).unwrap();
        assert_usage_error(
            &bitexact(&["trace", "replay", "movefleet", bad.to_str().unwrap()]),
            needle,
        );
    }
    std::fs::write(&bad, [0xff, 0xfe, b'\n']).unwrap();
    assert_usage_error(
        &bitexact(&[
            "trace",
            "compare",
            bad.to_str().unwrap(),
            bad.to_str().unwrap(),
        ]),
        "not UTF-8",
    );
    assert_usage_error(
        &bitexact(&["trace", "compare", "/dev/zero", "/dev/zero"]),
        "longer than",
    );
    assert_usage_error(
        &bitexact(&["trace", "compare", "/nonexistent", "/nonexistent"]),
        "cannot read",
    );
    // Random bytes: a clean exit 2 or a comparison, never a crash.
    let mut x = 0x1234_5678u64;
    for _ in 0..20 {
        let bytes: Vec<u8> = (0..200)
            .map(|_| {
                x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                (x >> 56) as u8
            })
            .collect();
        std::fs::write(&bad, &bytes).unwrap();
        let o = bitexact(&["trace", "replay", "movefleet", bad.to_str().unwrap()]);
        assert!(matches!(o.status.code(), Some(0..=2)), "{:?}", o.status);
        assert!(!stderr(&o).contains("panicked"));
    }
}

#[test]
fn trace_numbers_are_parsed_straight_to_f32() {
    // An f32's 9-digit print is that f32.
    let a = temp("straight_a.jsonl");
    let b = temp("straight_b.jsonl");
    std::fs::write(&a, "{\"x\": 1.00000012}\n").unwrap();
    std::fs::write(&b, "{\"x\": \"0x3f800001\"}\n").unwrap();
    let o = bitexact(&["trace", "compare", a.to_str().unwrap(), b.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    // Just above the f32 midpoint 1 + 2^-24: more digits than any f32
    // print, so it is the double it denotes, compared exactly — not the f32
    // it would round to (1 + 2^-23), and not equal to it.
    std::fs::write(&a, "{\"x\": 1.00000005960464477539062500000001}\n").unwrap();
    let o = bitexact(&["trace", "compare", a.to_str().unwrap(), b.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    // A number beyond f32's range is malformed, not an infinity.
    std::fs::write(&a, "{\"x\": 1e39}\n").unwrap();
    assert_usage_error(
        &bitexact(&["trace", "compare", a.to_str().unwrap(), b.to_str().unwrap()]),
        "line 1",
    );
}

#[test]
fn trace_line_order_counts_records_not_lines() {
    let a = temp("blank_a.jsonl");
    let b = temp("blank_b.jsonl");
    std::fs::write(&a, "{\"x\": 1.0}\n\n{\"x\": 2.0}\n{\"x\": 3.0}\n").unwrap();
    std::fs::write(&b, "{\"x\": 1.0}\n{\"x\": 2.0}\n{\"x\": 3.0}\n").unwrap();
    let o = bitexact(&["trace", "compare", a.to_str().unwrap(), b.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
}
