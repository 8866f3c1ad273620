//! The three escapes a page needs, written once (SPEC 14): text between
//! tags, an attribute value in double quotes, and JSON inside a
//! `<script type="application/json">` element.

use std::borrow::Cow;
use std::string::String;

/// Bytes as text: valid UTF-8 as it is, anything else replaced by U+FFFD
/// (a log or a file name is never written raw).
pub fn lossy(bytes: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(bytes)
}

/// `s` escaped for text between tags: `&`, `<`, `>` as entities, and
/// control characters other than tab and newline as U+FFFD (they cannot
/// appear in a well-formed page).
pub fn text(s: &str) -> String {
    let mut o = String::with_capacity(s.len() + 8);
    push_text(&mut o, s);
    o
}

/// [`text`], appended to `o`.
pub fn push_text(o: &mut String, s: &str) {
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '\t' | '\n' => o.push(c),
            c if c.is_control() => o.push('\u{FFFD}'),
            c => o.push(c),
        }
    }
}

/// `s` escaped for an attribute value in double quotes: as [`text`], and
/// `"` and `'` as entities, newlines and tabs as character references.
pub fn attr(s: &str) -> String {
    let mut o = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&#39;"),
            '\t' => o.push_str("&#9;"),
            '\n' => o.push_str("&#10;"),
            c if c.is_control() => o.push('\u{FFFD}'),
            c => o.push(c),
        }
    }
    o
}

/// A JSON document made safe inside `<script type="application/json">`:
/// every `<` becomes `\u003c`. In JSON `<` can only stand inside a string,
/// where `\u003c` means the same character, so `JSON.parse` of the element's
/// text gives the same value, and no `</script>` or `<!--` in the data can
/// end or change the element. U+2028 and U+2029 are escaped too (harmless
/// to `JSON.parse`, but some tools treat them as line ends).
pub fn script_json(json: &str) -> String {
    let mut o = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        match c {
            '<' => o.push_str("\\u003c"),
            '\u{2028}' => o.push_str("\\u2028"),
            '\u{2029}' => o.push_str("\\u2029"),
            c => o.push(c),
        }
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_escapes_markup_and_keeps_quotes() {
        assert_eq!(
            text("<script>alert(1)</script> & \"q\" ]]>"),
            "&lt;script&gt;alert(1)&lt;/script&gt; &amp; \"q\" ]]&gt;"
        );
        assert_eq!(text("a\u{0}b\u{1b}c\td\ne"), "a\u{FFFD}b\u{FFFD}c\td\ne");
    }

    #[test]
    fn attr_escapes_both_quotes() {
        assert_eq!(
            attr("x\" onload='a()' <b>&"),
            "x&quot; onload=&#39;a()&#39; &lt;b&gt;&amp;"
        );
        assert_eq!(attr("a\nb"), "a&#10;b");
    }

    #[test]
    fn script_json_cannot_close_the_element() {
        let json = r#"{"s":"</script><script>alert(1)</script><!-- ]]>"}"#;
        let safe = script_json(json);
        assert!(!safe.contains('<'));
        assert!(!safe.to_ascii_lowercase().contains("</script"));
        // The same document once `\u003c` is read back as `<`.
        assert_eq!(safe.replace("\\u003c", "<"), json);
        assert_eq!(script_json("\u{2028}"), "\\u2028");
    }

    #[test]
    fn invalid_utf8_is_replaced_never_raw() {
        let name = lossy(b"SYNC\xff\xfe<1>.TXT");
        assert_eq!(name, "SYNC\u{FFFD}\u{FFFD}<1>.TXT");
        assert_eq!(text(&name), "SYNC\u{FFFD}\u{FFFD}&lt;1&gt;.TXT");
    }
}
