//! Opening the `--html` pages (SPEC 14) in headless Chromium and reading
//! what it rendered: the helpers of `tests/html_pages.rs`.

use super::{bitexact, require_tool, temp};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Where the screenshots are kept: `<target>/html-pages/`.
pub fn shots() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("the target dir")
        .join("html-pages");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub fn chromium() -> bool {
    require_tool("chromium", &["--version"])
}

/// Run headless Chromium on `page` with the network refused (a proxy on a
/// closed port, every host name unresolvable), a fresh profile, and a net
/// log; `extra` says what to do (`--dump-dom`, `--screenshot=…`). Returns
/// stdout and the URLs the net log saw.
pub fn browse(page: &Path, extra: &[String]) -> (String, Vec<String>) {
    let tag = format!(
        "{}-{}",
        page.file_stem().unwrap().to_string_lossy(),
        extra.len()
    );
    let profile = temp(&format!("chromium-profile-{tag}-{}", unique()));
    let netlog = temp(&format!("netlog-{tag}-{}.json", unique()));
    let out = Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--proxy-server=127.0.0.1:9",
            "--host-resolver-rules=MAP * ~NOTFOUND",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--log-net-log={}", netlog.display()))
        .args(extra)
        .arg(format!("file://{}", page.canonicalize().unwrap().display()))
        .output()
        .expect("run chromium");
    assert!(
        out.status.success(),
        "chromium failed on {}: {}",
        page.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let log = std::fs::read_to_string(&netlog).unwrap_or_default();
    let mut urls: Vec<String> = log
        .split("\"url\":\"")
        .skip(1)
        .filter_map(|s| s.split('"').next())
        .map(str::to_string)
        .collect();
    urls.sort();
    urls.dedup();
    let _ = std::fs::remove_dir_all(&profile);
    (String::from_utf8_lossy(&out.stdout).into_owned(), urls)
}

fn unique() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    N.fetch_add(1, Ordering::Relaxed)
}

/// The browser's own background services (update checks, sign-in): not
/// the page's. Anything else in the net log was asked for by the page.
pub fn browser_own(url: &str) -> bool {
    let host = url
        .split("://")
        .nth(1)
        .and_then(|r| r.split(['/', ':', '?']).next())
        .unwrap_or("");
    ["google.com", "googleapis.com", "gvt1.com", "gstatic.com"]
        .iter()
        .any(|d| host == *d || host.ends_with(&format!(".{d}")))
}

/// The text inside the element with `id` in a serialised DOM, tags
/// stripped and entities decoded.
pub fn by_id(dom: &str, id: &str) -> Option<String> {
    let at = dom.find(&format!("id=\"{id}\""))?;
    let open_end = at + dom[at..].find('>')? + 1;
    let tag_start = dom[..at].rfind('<')?;
    let tag: String = dom[tag_start + 1..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .collect();
    let close = format!("</{tag}>");
    let end = open_end + dom[open_end..].find(&close)?;
    Some(text_of(&dom[open_end..end]))
}

pub fn text_of(html: &str) -> String {
    let mut s = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            c if !in_tag => s.push(c),
            _ => {}
        }
    }
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&nbsp;", "\u{a0}")
        .replace("&amp;", "&")
}

/// The embedded report's text, as the page (or DOM) holds it.
pub fn embedded(html: &str) -> &str {
    let start = html
        .find("<script type=\"application/json\" id=\"report\">")
        .expect("the embedded report")
        + "<script type=\"application/json\" id=\"report\">".len();
    let end = start + html[start..].find("</script>").unwrap();
    &html[start..end]
}

/// Run the CLI with `--html` and with `--json` (`json_flag`), check the
/// stdout and exit code are those without `--html`, the page's source has
/// no resource reference, and its embedded JSON is `--json`'s output
/// (parsed equal, and byte-equal once `\u003c` is read back as `<`).
/// Returns the page path and the JSON.
pub fn page_for(kind: &str, args: &[&str], json_flag: &[&str]) -> (PathBuf, Value, String) {
    let page = temp(&format!("{kind}.html"));
    let plain = bitexact(args);
    let mut with_html: Vec<&str> = args.to_vec();
    let p = page.to_str().unwrap().to_string();
    with_html.extend(["--html", &p]);
    let html_run = bitexact(&with_html);
    assert_eq!(plain.stdout, html_run.stdout, "{kind}: stdout unchanged");
    assert_eq!(
        plain.status.code(),
        html_run.status.code(),
        "{kind}: exit code unchanged"
    );
    let mut json_args: Vec<&str> = args.to_vec();
    json_args.extend(json_flag);
    let json_out = bitexact(&json_args);
    let json_text = String::from_utf8(json_out.stdout).unwrap();
    let json: Value = serde_json::from_str(&json_text).expect("--json prints JSON");
    let source = std::fs::read_to_string(&page).expect("the page is written");
    no_resource_reference(&source);
    let inside = embedded(&source);
    let parsed: Value = serde_json::from_str(inside).expect("the embedded JSON parses");
    assert_eq!(parsed, json, "{kind}: embedded JSON = --json");
    assert_eq!(
        inside.replace("\\u003c", "<"),
        json_text.trim_end(),
        "{kind}: byte for byte"
    );
    assert!(
        source.contains("<title>bitexact "),
        "{kind}: a title naming the command"
    );
    (page, json, source)
}

/// No `http://`, `https://` or protocol-relative `//` anywhere, and every
/// `src=` / `href=` a fragment or `data:`.
pub fn no_resource_reference(source: &str) {
    for bad in ["http://", "https://", "@import", "url("] {
        assert!(!source.contains(bad), "the page holds {bad}");
    }
    for attr in ["src=\"", "href=\""] {
        for (i, _) in source.match_indices(attr) {
            let v = &source[i + attr.len()..];
            assert!(
                v.starts_with('#') || v.starts_with("data:"),
                "a resource reference: {}",
                &v[..v.len().min(60)]
            );
        }
    }
    assert!(!source.contains("=\"//"), "a protocol-relative reference");
}

/// Open `page` in Chromium: the DOM, the page's own requests (none), and
/// screenshots at 1280×800 and at phone width (390×844).
pub fn render(kind: &str, page: &Path) -> String {
    let (dom, urls) = browse(page, &["--dump-dom".to_string()]);
    let page_urls: Vec<&String> = urls.iter().filter(|u| !browser_own(u)).collect();
    assert!(
        page_urls.is_empty(),
        "{kind}: the page asked for {page_urls:?}"
    );
    assert!(
        dom.contains("id=\"verdict\""),
        "{kind}: rendered with the network refused"
    );
    for (suffix, size) in [("", "1280,800"), ("-phone", "390,844")] {
        let png = shots().join(format!("{kind}{suffix}.png"));
        let _ = std::fs::remove_file(&png);
        browse(
            page,
            &[
                format!("--screenshot={}", png.display()),
                format!("--window-size={size}"),
            ],
        );
        let bytes = std::fs::read(&png).expect("a screenshot");
        assert!(
            bytes.starts_with(b"\x89PNG") && bytes.len() > 5000,
            "{kind}{suffix}.png"
        );
    }
    dom
}

pub fn verdict(dom: &str) -> String {
    by_id(dom, "verdict").expect("a verdict")
}

/// What the data could have injected into a serialised DOM: a second
/// `<script>` element, an `<img>` element, an `on…=` attribute. Text
/// serialises its `<` as `&lt;`, so every `<` left opens a real tag.
pub fn injected(dom: &str) -> Vec<String> {
    let mut found = Vec::new();
    let scripts = dom.matches("<script").count();
    if scripts != 1 {
        found.push(format!("{scripts} <script> elements (the page has one)"));
    }
    for (i, _) in dom.match_indices('<') {
        let tag = &dom[i..i + dom[i..].find('>').unwrap_or(dom.len() - i)];
        if tag.starts_with("<img") || tag.contains(" onerror") || tag.contains(" onload") {
            found.push(tag.to_string());
        }
    }
    found
}
