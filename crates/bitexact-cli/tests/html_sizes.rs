//! `--html FILE` on long inputs (SPEC 14, "bounded"): a long trace and a
//! long log give small pages, their JSON still `--json`'s. (A 1 GiB log and
//! a million-record trace were measured by hand: see the README.)

mod common;

use common::bitexact;
use common::browser::{chromium, page_for, render, verdict};
use common::temp;

#[test]
fn a_long_trace_gives_a_bounded_page() {
    // 200 000 records, every 1000th differing by one ULP and one by a
    // string: the page bins them into at most 2000 columns and lists at
    // most 200 records, so it stays small; the JSON inside is --report json's.
    let n = 200_000u32;
    let (a, b) = (temp("long-a.jsonl"), temp("long-b.jsonl"));
    let mut ta = String::with_capacity(n as usize * 40);
    let mut tb = String::with_capacity(n as usize * 40);
    for i in 0..n {
        let x = 1.0f32 + i as f32 / 1024.0;
        let y = if i % 1000 == 999 {
            f32::from_bits(x.to_bits() + 1)
        } else {
            x
        };
        let tag = if i == 150_000 { "b" } else { "a" };
        ta.push_str(&format!(
            "{{\"x\": \"{:#010x}\", \"t\": \"a\"}}\n",
            x.to_bits()
        ));
        tb.push_str(&format!(
            "{{\"x\": \"{:#010x}\", \"t\": \"{tag}\"}}\n",
            y.to_bits()
        ));
    }
    std::fs::write(&a, ta).unwrap();
    std::fs::write(&b, tb).unwrap();
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    let (page, json, source) = page_for(
        "trace-long",
        &["trace", "compare", a, b],
        &["--report", "json"],
    );
    assert_eq!(json["diverged"], 201);
    assert!(source.len() < 1 << 20, "{} bytes", source.len());
    // At most 2000 columns: the note says how many records a column holds.
    assert!(
        source.contains("One column per 128 compared records"),
        "binned"
    );
    assert!(source.contains("1 more diverged records not shown"));
    if chromium() {
        let dom = render("trace-long", &page);
        assert!(verdict(&dom).starts_with("Divergence"));
    }
}

#[test]
fn a_long_sync_log_gives_a_small_page() {
    // A Generals log of 100 000 draws (the values drawn by `bitexact stream`
    // from the log's seed), one changed near the end: the page is the
    // report's, its size independent of the log's.
    let values = bitexact(&[
        "stream",
        "generals",
        "--seed",
        "0xbeef",
        "--tap",
        "value:0,99",
        "--count",
        "100000",
    ]);
    let mut log = String::from("InitRandom 0000beef\r\n");
    for (i, v) in String::from_utf8(values.stdout)
        .unwrap()
        .lines()
        .enumerate()
    {
        let mut v: u32 = v.parse().unwrap();
        if i == 90_000 {
            v = (v + 1) % 100;
        }
        log.push_str(&format!(
            "{}: GetGameLogicRandomValue = {v} (0 - 99), W:\\Code\\Unit.cpp line {}\r\n",
            i / 10,
            i + 1
        ));
    }
    let path = temp("long-generals.txt");
    std::fs::write(&path, log).unwrap();
    let (_, json, source) = page_for(
        "sync-long",
        &["sync", "generals", path.to_str().unwrap()],
        &["--json"],
    );
    assert_eq!(json["first_divergence"]["line"], 90_002);
    assert!(source.len() < 64 << 10, "{} bytes", source.len());
}
