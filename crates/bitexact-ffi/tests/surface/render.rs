//! The generated source of the C surface every engine shares
//! (`src/surface/`): one file per engine of the list, and `mod.rs` with the
//! `BX_ENGINE_*` constants. Each call is a one-line body over
//! `crate::handle`; its comment says what it does from the engine's
//! [`Info`](bitexact::engine::Info): its title, seeding, raw word, unit,
//! state file and bounds.

use super::face::{engine_path, Face, Raw};
use bitexact::engine::Unit;
use std::fmt::Write;

const HEADER: &str = "Generated from the engine list by `tests/surface.rs`: do not edit.\n\
                      Regenerate with `BITEXACT_BLESS=1 cargo test -p bitexact-ffi --test surface`.";

/// A doc comment of `text`, wrapped at 80 columns with `indent`.
fn doc(out: &mut String, indent: &str, text: &str) {
    for para in text.split("\n\n") {
        let mut line = String::new();
        for word in para.split_whitespace() {
            if !line.is_empty() && indent.len() + 4 + line.len() + 1 + word.len() > 80 {
                writeln!(out, "{indent}/// {line}").unwrap();
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
        writeln!(out, "{indent}/// {line}").unwrap();
        writeln!(out, "{indent}///").unwrap();
    }
    // Drop the last empty line.
    let cut = out.len() - format!("{indent}///\n").len();
    out.truncate(cut);
}

fn unit(u: Unit, n: &str) -> String {
    let one = match u {
        Unit::Words => "word",
        Unit::Draws => "draw",
        Unit::Twists => "twist",
    };
    if n == "1" {
        format!("1 {one}")
    } else {
        format!("{n} {one}s")
    }
}

/// A count as the comments write it: `10^8`, `2.5·10^9`; below 10^5 as
/// it is.
fn count(n: u64) -> String {
    if n < 100_000 {
        return n.to_string();
    }
    let (mut m, mut k) = (n, 0u32);
    while m.is_multiple_of(10) {
        m /= 10;
        k += 1;
    }
    let digits = m.to_string();
    let e = k + digits.len() as u32 - 1;
    match digits.len() {
        1 if m == 1 => format!("10^{e}"),
        1 => format!("{digits}·10^{e}"),
        _ => format!("{}.{}·10^{e}", &digits[..1], &digits[1..]),
    }
}

/// `n` as Rust writes a long number: `100_000_000`.
fn grouped(n: u64) -> String {
    let d = n.to_string();
    let mut out = String::new();
    for (i, c) in d.chars().enumerate() {
        if i > 0 && (d.len() - i).is_multiple_of(3) {
            out.push('_');
        }
        out.push(c);
    }
    out
}

fn sentence(s: &str) -> String {
    let s = s.trim();
    let mut c = s.chars();
    let cap: String = match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    };
    if cap.ends_with('.') {
        cap
    } else {
        cap + "."
    }
}

/// `src/surface/PREFIX.rs`.
pub fn engine_file(f: &Face) -> String {
    let info = f.info();
    let (p, h, r) = (&f.prefix, &f.handle, f.param);
    let u = info.unit;
    let mut s = String::new();
    writeln!(
        s,
        "//! `bx_{p}_*`: the calls every engine has, for {} ({}).",
        info.title, info.about
    )
    .unwrap();
    for l in HEADER.lines() {
        writeln!(s, "//! {l}").unwrap();
    }
    writeln!(s).unwrap();
    if !f.own_handle {
        writeln!(s, "use crate::handle::Handle;").unwrap();
    }
    if f.raw == Raw::Signed && !f.own_raw {
        writeln!(s, "use bitexact::engine::Engine;").unwrap();
    }
    if !f.own_handle {
        writeln!(s).unwrap();
        let made = if f.states {
            format!("`bx_{p}_new` or `bx_{p}_load_state`")
        } else {
            format!("`bx_{p}_new`")
        };
        doc(
            &mut s,
            "",
            &format!(
                "One generator: {} ({}). Opaque; made by {made}, freed by `bx_{p}_free`. \
                 Not thread-safe: one thread at a time per handle.",
                info.title, info.about
            ),
        );
        writeln!(s, "pub struct {h} {{\n    _private: [u8; 0],\n}}\n").unwrap();
        writeln!(
            s,
            "impl Handle for {h} {{\n    type Engine = {};\n}}",
            engine_path(f.engine)
        )
        .unwrap();
    } else {
        writeln!(s, "use crate::{p}::{h};").unwrap();
    }
    let _ = &mut s;
    if f.states {
        states_constants(&mut s, f);
    }
    let seed_doc = if info.seeding.is_empty() {
        format!("A new {} seeded with `seed`", info.title)
    } else {
        info.seeding.to_string()
    };
    if !f.own_new {
        let seed = match f.seed_type() {
            "u64" => "seed",
            "i32" => "u64::from(seed as u32)",
            _ => "u64::from(seed)",
        };
        writeln!(s).unwrap();
        doc(
            &mut s,
            "",
            &format!(
                "{} Not NULL (barring an internal error, a bug). Free it with `bx_{p}_free`.",
                sentence(&seed_doc)
            ),
        );
        writeln!(
            s,
            "#[no_mangle]\npub extern \"C\" fn bx_{p}_new(seed: {}) -> *mut {h} {{\n    \
             crate::handle::new({seed})\n}}",
            f.seed_type()
        )
        .unwrap();
    }
    writeln!(s).unwrap();
    doc(
        &mut s,
        "",
        &format!("Free a {}. NULL does nothing.", info.title),
    );
    safety(
        &mut s,
        &format!(
            "`{r}` is NULL or a live handle from this library, not used by another thread, \
             and not freed before."
        ),
    );
    writeln!(
        s,
        "#[no_mangle]\npub unsafe extern \"C\" fn bx_{p}_free({r}: *mut {h}) {{\n    \
         // SAFETY: the contract is `handle::free`'s.\n    \
         unsafe {{ crate::handle::free({r}) }}\n}}"
    )
    .unwrap();
    let raw = f.raw_name();
    if !f.own_raw {
        raw_and_fill(&mut s, f);
    }
    let d = f.discard;
    let limits = info.limits;
    let how = if limits.jumps {
        format!(
            "Move the stream `{d}` raw {}s ahead by a jump (instant for any count): the state \
             `{d}` calls of `bx_{p}_{raw}` would leave. Returns `BX_OK`, or `BX_NULL_POINTER` \
             for a NULL handle.",
            unit_name(u)
        )
    } else {
        format!(
            "Spend `{d}` raw {}s as that many `bx_{p}_{raw}` calls would. Returns `BX_OK`; \
             `BX_NULL_POINTER` for a NULL handle; `BX_BOUND_TOO_LARGE` past {} (nothing spent).",
            unit_name(u),
            unit(u, &count(limits.discard_words()))
        )
    };
    writeln!(s).unwrap();
    doc(&mut s, "", &how);
    safety(
        &mut s,
        &format!("`{r}` is NULL or a live handle not used by another thread meanwhile."),
    );
    writeln!(
        s,
        "#[no_mangle]\npub unsafe extern \"C\" fn bx_{p}_discard({r}: *mut {h}, {d}: u64) -> crate::bx_status {{\n    \
         // SAFETY: `{r}` is NULL or a live, unshared handle (contract).\n    \
         unsafe {{ crate::handle::discard({r}, {d}) }}\n}}"
    )
    .unwrap();
    if f.states {
        state_calls(&mut s, f);
    }
    s
}

/// The raw word's call and the fill.
fn raw_and_fill(s: &mut String, f: &Face) {
    let info = f.info();
    let (p, h, r) = (&f.prefix, &f.handle, f.param);
    let u = info.unit;
    let raw = f.raw_name();
    let raw_doc = if info.raw.is_empty() {
        "One raw word".to_string()
    } else {
        info.raw.to_string()
    };
    let (ret, body) = match f.raw {
        Raw::Signed => (
            "i32",
            format!(
                "crate::handle::with_mut({r}, 0, <{} as Engine>::word)",
                engine_path(f.engine)
            ),
        ),
        Raw::Bits if f.wide => ("u64", format!("crate::handle::next_word({r})")),
        Raw::Bits => ("u32", format!("crate::handle::next_word({r})")),
    };
    writeln!(s).unwrap();
    doc(
        s,
        "",
        &format!(
            "{} {}. (0 for a NULL handle.)",
            sentence(&raw_doc),
            unit(u, "1")
        ),
    );
    safety(
        s,
        &format!("`{r}` is NULL or a live handle not used by another thread meanwhile."),
    );
    writeln!(
        s,
        "#[no_mangle]\npub unsafe extern \"C\" fn bx_{p}_{raw}({r}: *mut {h}) -> {ret} {{\n    \
         // SAFETY: `{r}` is NULL or a live, unshared handle (contract).\n    \
         unsafe {{ {body} }}\n}}"
    )
    .unwrap();
    let (fill, c_word, rust_word) = if f.wide {
        (f.fill_name(), "uint64_t", "u64")
    } else {
        (f.fill_name(), "uint32_t", "u32")
    };
    writeln!(s).unwrap();
    doc(
        s,
        "",
        &format!(
            "Write the next `n` raw words' bits to `out[0..n]`: the same values and final \
             state as `n` calls of `bx_{p}_{raw}`. {}. A NULL handle, or a NULL or \
             misaligned `out` with n > 0, does nothing: `out` is left as it was.",
            unit(u, "n")
        ),
    );
    safety(
        s,
        &format!(
            "`{r}` is NULL or a live handle not used by another thread meanwhile; `out` is \
             NULL or valid for writing `n` {c_word}."
        ),
    );
    writeln!(
        s,
        "#[no_mangle]\npub unsafe extern \"C\" fn bx_{p}_{fill}({r}: *mut {h}, out: *mut {rust_word}, n: usize) {{\n    \
         // SAFETY: `{r}` is NULL or a live, unshared handle; `out` is NULL or\n    \
         // writable for `n` words (contract).\n    \
         unsafe {{ crate::handle::fill({r}, out, n) }}\n}}"
    )
    .unwrap();
}

fn unit_name(u: Unit) -> &'static str {
    match u {
        Unit::Words => "word",
        Unit::Draws => "draw",
        Unit::Twists => "twist",
    }
}

fn safety(s: &mut String, text: &str) {
    writeln!(s, "///\n/// # Safety\n///").unwrap();
    doc(s, "", text);
}

fn states_constants(s: &mut String, f: &Face) {
    let info = f.info();
    let state = info.state.expect("an engine with states");
    let walk = state.identify.expect("identified by a walk").walk;
    let up = f.upper();
    let bound = unit_name(walk.unit).to_uppercase();
    let len = state.lengths[0];
    writeln!(s).unwrap();
    doc(
        s,
        "",
        &format!("Bytes of a {} state: {}.", info.title, state.summary),
    );
    writeln!(s, "pub const {up}_STATE_LEN: usize = {len};").unwrap();
    doc(
        s,
        "",
        &format!(
            "A customary bound for `bx_{}_identify`: {}.",
            f.prefix,
            unit(walk.unit, &count(walk.default))
        ),
    );
    writeln!(
        s,
        "pub const {up}_DEFAULT_MAX_{bound}S: u64 = {};",
        grouped(walk.default)
    )
    .unwrap();
    doc(
        s,
        "",
        &format!(
            "The largest bound `bx_{}_identify` takes: {}.",
            f.prefix,
            unit(walk.unit, &count(walk.max))
        ),
    );
    writeln!(
        s,
        "pub const {up}_MAX_{bound}S: u64 = {};",
        grouped(walk.max)
    )
    .unwrap();
}

fn state_calls(s: &mut String, f: &Face) {
    let info = f.info();
    let state = info.state.expect("an engine with states");
    let (p, h, r) = (&f.prefix, &f.handle, f.param);
    let len = state.lengths[0];
    writeln!(s).unwrap();
    doc(
        s,
        "",
        &format!(
            "Write the {len}-byte state ({}) to `out`. Draws nothing. Returns `BX_OK`, or \
             `BX_NULL_POINTER` for a NULL handle or `out` (then `out` is left as it was).",
            state.summary
        ),
    );
    safety(
        s,
        &format!(
            "`{r}` is NULL or a live handle that no thread writes meanwhile; `out` is NULL or \
             valid for writing {len} bytes."
        ),
    );
    writeln!(
        s,
        "#[no_mangle]\npub unsafe extern \"C\" fn bx_{p}_save_state(\n    {r}: *const {h},\n    out: *mut u8,\n) -> crate::bx_status {{\n    \
         // SAFETY: `{r}` is NULL or a live handle nobody writes; `out` is NULL\n    \
         // or writable for {len} bytes (contract).\n    \
         unsafe {{ crate::handle::save_fixed({r}, out) }}\n}}"
    )
    .unwrap();
    writeln!(s).unwrap();
    doc(
        s,
        "",
        &format!(
            "A new {} at a {len}-byte state, in `*out`. Returns `BX_OK`; `BX_NULL_POINTER` \
             for a NULL `bytes` or `out`; `BX_BAD_LENGTH` when `len` is not {len}; \
             `BX_BAD_STATE` for bytes no generator holds. On failure `*out` is set to NULL.",
            info.title
        ),
    );
    safety(
        s,
        "`bytes` is NULL or valid for reading `len` bytes; `out` is NULL or valid for writing \
         a pointer.",
    );
    writeln!(
        s,
        "#[no_mangle]\npub unsafe extern \"C\" fn bx_{p}_load_state(\n    bytes: *const u8,\n    len: usize,\n    out: *mut *mut {h},\n) -> crate::bx_status {{\n    \
         // SAFETY: `bytes` is NULL or readable for `len` bytes; `out` is NULL or\n    \
         // writable (contract).\n    \
         unsafe {{ crate::handle::load_one(bytes, len, out) }}\n}}"
    )
    .unwrap();
    if !f.identify {
        return;
    }
    let identify = state.identify.expect("identified by a walk");
    let up = f.upper();
    let bound = unit_name(identify.walk.unit);
    let how = identify
        .how
        .split(": prints")
        .next()
        .unwrap_or(identify.how)
        .trim();
    let how: String = how
        .chars()
        .take(1)
        .flat_map(char::to_lowercase)
        .chain(how.chars().skip(1))
        .collect();
    writeln!(s).unwrap();
    doc(
        s,
        "",
        &format!(
            "Identify a {len}-byte state: the seed and the draws since seeding, in `*out` \
             ({}), walking back at most `max_{bound}s` {bound}s; the answer is replayed \
             before it is given. Returns `BX_OK`; `BX_NULL_POINTER`, `BX_BAD_LENGTH` and \
             `BX_BAD_STATE` as `bx_{p}_load_state` (and for a state the walk cannot \
             decide); `BX_BOUND_TOO_LARGE` past `{up}_MAX_{}S`; `BX_NOT_FOUND` when no seed \
             reaches the state within the bound (`*out` untouched).",
            how,
            bound.to_uppercase()
        ),
    );
    safety(
        s,
        "`bytes` is NULL or valid for reading `len` bytes; `out` is NULL or valid for writing \
         a `bx_identity`.",
    );
    writeln!(
        s,
        "#[no_mangle]\npub unsafe extern \"C\" fn bx_{p}_identify(\n    bytes: *const u8,\n    len: usize,\n    max_{bound}s: u64,\n    out: *mut crate::handle::bx_identity,\n) -> crate::bx_status {{\n    \
         // SAFETY: `bytes` is NULL or readable for `len` bytes; `out` is NULL or\n    \
         // writable for a `bx_identity` (contract); no search options.\n    \
         unsafe {{ crate::handle::identify_walk::<{h}>(bytes, len, max_{bound}s, out) }}\n}}"
    )
    .unwrap();
}

/// `src/surface/mod.rs`: the engines' modules and the `BX_ENGINE_*`
/// constants, each its generator's index in the list.
pub fn mod_file(faces: &[Face]) -> String {
    let mut s = String::new();
    writeln!(
        s,
        "//! The C surface every engine shares (SPEC 9's naming rule): for each engine of\n\
         //! the library's list, `bx_<e>_new`, `_free`, the raw word, `_fill_*`, `_discard`\n\
         //! and, for an engine with one state layout identified by a walk, `_save_state`,\n\
         //! `_load_state` and `_identify`; and the `BX_ENGINE_*` numbers of `bx_recover`."
    )
    .unwrap();
    for l in HEADER.lines() {
        writeln!(s, "//! {l}").unwrap();
    }
    writeln!(s).unwrap();
    for f in faces {
        writeln!(s, "pub mod {};", f.prefix).unwrap();
    }
    writeln!(s).unwrap();
    doc(
        &mut s,
        "",
        "A generator in the list, for calls that take one by number.",
    );
    writeln!(s, "pub type bx_engine = u32;").unwrap();
    for (i, f) in faces.iter().enumerate() {
        let info = f.info();
        let cli = match info.class {
            Some(c) if !info.default_class => format!("{} --class {c}", info.name),
            _ => info.name.to_string(),
        };
        doc(&mut s, "", &format!("{} (`{cli}`).", info.title));
        writeln!(
            s,
            "pub const BX_ENGINE_{}: bx_engine = {i};",
            &f.upper()[3..]
        )
        .unwrap();
    }
    writeln!(s).unwrap();
    writeln!(
        s,
        "// Each constant is its generator's index in the library's list.\n\
         const _: () = {{\n    use bitexact::engines::Id;\n    let all = Id::ALL;"
    )
    .unwrap();
    for f in faces {
        writeln!(
            s,
            "    assert!(matches!(all[BX_ENGINE_{} as usize], Id::{:?}));",
            &f.upper()[3..],
            f.id
        )
        .unwrap();
    }
    writeln!(s, "    assert!(all.len() == {});\n}};", faces.len()).unwrap();
    s
}
