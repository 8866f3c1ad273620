//! `--html FILE` (SPEC 14): each kind of page opened in headless Chromium.
//! The rendered DOM (`--dump-dom`) is read for the verdict and the marked
//! divergence or record, and checked against the JSON the same command
//! prints with `--json` (parsed by serde_json, not by the page's code);
//! the page is opened with the network refused and its requests logged;
//! screenshots at 1280×800 and at phone width are kept under
//! `<target>/html-pages/` for a person to look at. Without `chromium` the
//! browser tests are skipped with a notice (they fail when `CI` is set).

mod common;

use common::browser::{
    browse, browser_own, by_id, chromium, embedded, injected, no_resource_reference, page_for,
    render, verdict,
};
use common::{bitexact, repo_file, temp};
use serde_json::Value;
use std::process::Command;

#[test]
fn the_net_log_sees_a_request_a_page_makes() {
    // The control for `render`'s check: a page that does ask for something
    // shows in the net log, so an empty list means none was asked for.
    if !chromium() {
        return;
    }
    let page = temp("asks.html");
    std::fs::write(
        &page,
        "<!DOCTYPE html><title>asks</title><img src=\"http://bitexact-probe.invalid/x.png\"><p id=\"verdict\">x</p>",
    )
    .unwrap();
    let (_, urls) = browse(&page, &["--dump-dom".to_string()]);
    assert!(
        urls.iter().any(|u| u.contains("bitexact-probe.invalid")),
        "{urls:?}"
    );
}

#[test]
fn sync_pages_hold_the_verdict_and_the_divergence_the_json_names() {
    // Every format, one log and two logs: the README's examples.
    let ex = |f: &str| repo_file(&format!("examples/sync/{f}"));
    let cases: Vec<(&str, Vec<String>)> = vec![
        (
            "sync-phobos-seed",
            vec![
                "phobos".into(),
                ex("SYNC0.TXT"),
                "--seed".into(),
                "4242".into(),
            ],
        ),
        (
            "sync-phobos-two",
            vec![
                "phobos".into(),
                ex("SYNC0.TXT"),
                ex("SYNC1.TXT"),
                "--names".into(),
                ex("names.txt"),
            ],
        ),
        (
            "sync-openra",
            vec![
                "openra".into(),
                ex("syncreport.log"),
                "--seed".into(),
                "-31337".into(),
            ],
        ),
        (
            "sync-openra-two",
            vec![
                "openra".into(),
                ex("syncreport-alice.log"),
                ex("syncreport-bob.log"),
            ],
        ),
        (
            "sync-generals",
            vec!["generals".into(), ex("generals-lost-line.txt")],
        ),
        (
            "sync-generals-two",
            vec![
                "generals".into(),
                ex("generals-debug.txt"),
                ex("generals-lost-line.txt"),
            ],
        ),
        ("sync-ts", vec!["vinifera".into(), ex("vinifera-crc.txt")]),
        (
            "sync-ares-two",
            vec![
                "ares".into(),
                ex("ares-SYNC0.TXT"),
                ex("ares-SYNC1.TXT"),
                "--seed".into(),
                "4242".into(),
            ],
        ),
        (
            "sync-generals-crc-two",
            vec![
                "generals-crc".into(),
                ex("crcDebug0.txt"),
                ex("crcDebug1.txt"),
                "--seed".into(),
                "0x5EED".into(),
            ],
        ),
    ];
    let browser = chromium();
    for (kind, rest) in &cases {
        let mut args = vec!["sync"];
        args.extend(rest.iter().map(String::as_str));
        let (page, json, _) = page_for(kind, &args, &["--json"]);
        if !browser {
            continue;
        }
        let dom = render(kind, &page);
        let v = verdict(&dom);
        let consistent = json["consistent"].as_bool().unwrap();
        let word = if consistent {
            "Consistent"
        } else if json["ambiguous"].as_u64().is_some_and(|n| n > 1) {
            "Not sure"
        } else if json["first_divergence"].is_null() {
            "Not consistent"
        } else {
            "Divergence"
        };
        assert!(v.starts_with(word), "{kind}: {v:?} should say {word}");
        assert!(
            v.contains(json["summary"].as_str().unwrap()),
            "{kind}: the summary"
        );
        let d = &json["first_divergence"];
        if d.is_null() {
            assert!(by_id(&dom, "divergence").is_none(), "{kind}");
            continue;
        }
        // The marked divergence, each field the JSON gives.
        if let Some(e) = d["entry"].as_u64() {
            assert_eq!(
                by_id(&dom, "div-entry").unwrap(),
                format!("#{e:05}"),
                "{kind}"
            );
        }
        if let Some(l) = d["line"].as_u64() {
            assert_eq!(by_id(&dom, "div-line").unwrap(), l.to_string(), "{kind}");
        }
        if let Some(f) = d["frame"].as_i64() {
            assert_eq!(by_id(&dom, "div-frame").unwrap(), f.to_string(), "{kind}");
        }
        if let Some(c) = d["caller_hex"].as_str() {
            assert_eq!(by_id(&dom, "div-caller").unwrap(), c, "{kind}");
        }
        if let Some(n) = d["caller_name"].as_str() {
            assert_eq!(by_id(&dom, "div-caller-name").unwrap(), n, "{kind}");
        }
        if let Some(f) = d["file"].as_str().filter(|f| !f.is_empty()) {
            assert_eq!(by_id(&dom, "div-file").unwrap(), f, "{kind}");
        }
        if let Some(l) = d["source_line"].as_u64() {
            assert_eq!(
                by_id(&dom, "div-source-line").unwrap(),
                l.to_string(),
                "{kind}"
            );
        }
        let sides = by_id(&dom, "sides").unwrap();
        assert!(
            sides.contains(d["logged"].as_str().unwrap()),
            "{kind}: logged"
        );
        assert!(
            sides.contains(d["expected"].as_str().unwrap()),
            "{kind}: expected"
        );
        // Labelled in words on the timeline and in the context, not by colour alone.
        let timeline = by_id(&dom, "timeline").unwrap();
        assert!(timeline.contains("first divergence:"), "{kind}: {timeline}");
        if let Some(last) = d["context"].as_array().and_then(|c| c.last()) {
            let context = by_id(&dom, "context").unwrap();
            assert!(context.contains(last.as_str().unwrap()), "{kind}");
            assert!(context.contains("diverges here"), "{kind}");
        }
        if let Some(k) = json["shift"].as_i64().filter(|k| *k != 0) {
            assert!(
                timeline.contains(&format!("shift {k:+}")),
                "{kind}: the shift drawn"
            );
        }
    }
}

#[test]
fn the_trace_page_marks_the_first_divergent_record_with_the_jsons_values() {
    let a = repo_file("examples/movefleet.jsonl");
    let b = repo_file("examples/movefleet-ours.jsonl");
    let (page, json, source) = page_for(
        "trace",
        &["trace", "compare", &a, &b],
        &["--report", "json"],
    );
    // One plot per diverged field.
    let fields = json["fields"].as_object().unwrap();
    assert_eq!(source.matches("<svg id=\"ulp-").count(), fields.len());
    if !chromium() {
        return;
    }
    let dom = render("trace", &page);
    assert!(verdict(&dom).starts_with("Divergence"));
    let d = &json["first_divergence"];
    let table = by_id(&dom, "first-record").unwrap();
    assert!(table.contains(d["key"].as_str().unwrap_or(&d["key"].to_string())));
    // Each differing field: value and bits as the JSON writes them
    // (`-1.1177007 (0xbf8f10d1)`), the ULPs.
    for f in d["fields"].as_array().unwrap() {
        for side in ["a", "b"] {
            let v = f[side].as_str().unwrap();
            let (value, bits) = v.split_once(" (").unwrap();
            assert!(table.contains(value), "{value} in {table}");
            assert!(table.contains(bits.trim_end_matches(')')), "{bits}");
        }
        assert!(table.contains(&f["ulp"].to_string()));
    }
    // The plots label the first divergent record in words.
    let plot = by_id(&dom, "ulp-0").unwrap();
    assert!(plot.contains("first divergent record"), "{plot}");
    assert!(verdict(&dom).contains(&format!(
        "{} of {} compared records diverged",
        json["diverged"], json["compared"]
    )));
}

#[test]
fn the_scan_page_lists_every_function_sortably() {
    let image = repo_file("examples/scan/game");
    let (page, json, source) = page_for(
        "scan",
        &["-q", "scan", &image, "--from", "turn_driver"],
        &["--json"],
    );
    assert!(source.contains("<th scope=\"col\"><button type=\"button\">"));
    if !chromium() {
        return;
    }
    let dom = render("scan", &page);
    assert!(verdict(&dom).starts_with("Sites found"));
    let table = by_id(&dom, "functions").unwrap();
    for f in json["functions"].as_array().unwrap() {
        assert!(table.contains(f["va"].as_str().unwrap()), "{}", f["va"]);
        if let Some(n) = f["name"].as_str() {
            assert!(table.contains(n));
        }
    }
    for s in json["sites"].as_array().unwrap() {
        for i in s["instructions"].as_array().unwrap().iter().take(24) {
            assert!(table.contains(i.as_str().unwrap()), "{i}");
        }
    }
}

#[test]
fn the_ledger_page_stacks_the_words_the_json_counts() {
    let script = repo_file("examples/turn.txt");
    let (page, json, _) = page_for(
        "ledger",
        &["ledger", "sots", "--seed", "5489", &script],
        &["--json"],
    );
    if !chromium() {
        return;
    }
    let dom = render("ledger", &page);
    let v = verdict(&dom);
    assert!(
        v.contains(&format!("{} word(s)", json["total"]["words"])),
        "{v}"
    );
    let table = by_id(&dom, "ledger").unwrap();
    for t in json["turns"].as_array().unwrap() {
        for (name, e) in t["entry_points"].as_object().unwrap() {
            assert!(table.contains(name));
            assert!(table.contains(&format!("{} / {}", e["calls"], e["words"])));
        }
    }
    let bars = by_id(&dom, "turns").unwrap();
    assert!(bars.contains("words"));
}

#[test]
fn an_unwritable_page_is_a_one_line_error() {
    let script = repo_file("examples/turn.txt");
    let o = bitexact(&[
        "ledger",
        "sots",
        "--seed",
        "1",
        &script,
        "--html",
        "/nonexistent-dir/page.html",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("/nonexistent-dir/page.html"), "{err}");
    let ex = repo_file("examples/sync/generals-lost-line.txt");
    let o = bitexact(&["sync", "generals", &ex, "--html", "/nonexistent-dir/x.html"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
}

#[cfg(unix)]
#[test]
fn hostile_text_stays_text() {
    use std::os::unix::ffi::OsStrExt;
    // A Generals log whose source file name (free text in the format) is
    // markup, quotes, a CDATA end and bytes that are not UTF-8, in a file
    // whose own name is markup and not UTF-8 either.
    let hostile: &[u8] = b"<script>alert(1)</script>\"'&]]>\xff\xfe.cpp";
    let log = std::fs::read(repo_file("examples/sync/generals-lost-line.txt")).unwrap();
    let needle: &[u8] = b"W:\\Code\\GameEngine\\Source\\GameLogic\\AI\\AIPlayer.cpp";
    let mut text = Vec::new();
    let mut rest = &log[..];
    while let Some(i) = rest.windows(needle.len()).position(|w| w == needle) {
        text.extend_from_slice(&rest[..i]);
        text.extend_from_slice(hostile);
        rest = &rest[i + needle.len()..];
    }
    text.extend_from_slice(rest);
    let dir = temp("hostile");
    std::fs::create_dir_all(&dir).unwrap();
    let name = std::ffi::OsStr::from_bytes(b"<img src=x onerror=alert(1)>\"'&]]>\xff.txt");
    let path = dir.join(name);
    std::fs::write(&path, &text).unwrap();
    let page = dir.join("generals.html");
    let arg = path.as_os_str();
    let o = Command::new(env!("CARGO_BIN_EXE_bitexact"))
        .arg("sync")
        .arg("generals")
        .arg(arg)
        .arg("--html")
        .arg(&page)
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let json_out = Command::new(env!("CARGO_BIN_EXE_bitexact"))
        .args([
            std::ffi::OsStr::new("sync"),
            "generals".as_ref(),
            arg,
            "--json".as_ref(),
        ])
        .output()
        .unwrap();
    let json: Value = serde_json::from_slice(&json_out.stdout).unwrap();
    let file = json["first_divergence"]["file"].as_str().unwrap();
    assert!(
        file.starts_with("<script>alert(1)</script>\"'&]]>\u{FFFD}"),
        "{file}"
    );
    let source = std::fs::read(&page).unwrap();
    let source = String::from_utf8(source).expect("the page is UTF-8 whatever the input");
    no_resource_reference(&source);
    assert_eq!(
        source.matches("</script>").count(),
        1,
        "only the JSON element's own end"
    );
    assert!(!source.contains("<img"));
    let embedded_json: Value = serde_json::from_str(embedded(&source)).unwrap();
    assert_eq!(embedded_json, json);
    // The title: the file name, its bad bytes as U+FFFD, as text.
    assert!(source.contains("<title>bitexact sync generals: "));
    assert!(source.contains("&lt;img src=x onerror=alert(1)&gt;\"'&amp;]]&gt;\u{FFFD}.txt"));

    // A Phobos caller named by a hostile names file.
    let names = dir.join("names.txt");
    std::fs::write(&names, b"0xB0001C00 <script>alert(1)</script>\"'&]]>\xff\n").unwrap();
    let ex = |f: &str| repo_file(&format!("examples/sync/{f}"));
    let names_s = names.to_str().unwrap().to_string();
    let (phobos_page, phobos_json, phobos_source) = page_for(
        "hostile-phobos",
        &[
            "sync",
            "phobos",
            &ex("SYNC0.TXT"),
            &ex("SYNC1.TXT"),
            "--names",
            &names_s,
        ],
        &["--json"],
    );
    assert_eq!(phobos_source.matches("</script>").count(), 1);
    if !chromium() {
        return;
    }
    for (kind, page, json) in [
        ("hostile-generals", page.as_path(), &json),
        ("hostile-phobos", phobos_page.as_path(), &phobos_json),
    ] {
        let (dom, urls) = browse(page, &["--dump-dom".to_string()]);
        assert!(urls.iter().all(|u| browser_own(u)), "{urls:?}");
        assert!(injected(&dom).is_empty(), "{kind}: {:?}", injected(&dom));
        let d = &json["first_divergence"];
        // The DOM holds the hostile strings as text, exactly the JSON's.
        if let Some(f) = d["file"].as_str() {
            assert_eq!(by_id(&dom, "div-file").unwrap(), f, "{kind}");
            let context = by_id(&dom, "context").unwrap();
            for c in d["context"].as_array().unwrap() {
                assert!(context.contains(c.as_str().unwrap()), "{kind}");
            }
        }
        if let Some(n) = d["caller_name"].as_str() {
            assert!(n.starts_with("<script>alert(1)</script>"), "{n}");
            assert_eq!(by_id(&dom, "div-caller-name").unwrap(), n, "{kind}");
        }
        assert!(
            verdict(&dom).contains(json["summary"].as_str().unwrap()),
            "{kind}"
        );
    }
}
