//! The import graph of a crate's files, read from its source: which file
//! names an item another file defines.
//!
//! A crate is its root file (`lib.rs` or `main.rs`) and the files its `mod
//! NAME;` declarations reach (`NAME.rs` or `NAME/mod.rs` beside the
//! declaring module's folder). An edge A → B means A's code names a path
//! that resolves to an item defined in B: a `use` declaration (a `pub use`
//! re-export included), or a path written inline (`crate::engine::Id`,
//! `super::Tap`, `tap::Split` for a child module `tap`, `crate::with_engine!`).
//! A path to a module's re-export is followed to the file that defines the
//! item. Comments, string literals and items under `#[cfg(test)]` (test
//! modules, test-only files) are not read; a `mod NAME;` declaration is
//! structure, not an import.
//!
//! The reader is a lexer, not a Rust parser: it knows `use` trees, paths,
//! attributes and item boundaries, which is all an import is made of.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A crate's modules (each a file) and the edges between them.
#[derive(Debug, Default)]
pub struct Graph {
    /// Every module's path (`engine::tap`; the root is `""`) and its file.
    pub files: BTreeMap<String, PathBuf>,
    /// Module → the modules it imports from (never itself).
    pub edges: BTreeMap<String, BTreeSet<String>>,
    /// The same without a module's facade: the `pub use` lines by which a
    /// parent re-exports its children's items (`pub use error::QueryError;`)
    /// say what the module offers, not what its code uses, so they do not
    /// make a circle with a child that uses its parent's items.
    pub uses: BTreeMap<String, BTreeSet<String>>,
    /// The files of child modules declared under `#[cfg(test)]`, not read
    /// (a test module's own children are under its folder).
    pub test_files: BTreeSet<PathBuf>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Ident(String),
    Path, // `::`
    Punct(char),
}

fn lex(src: &str) -> Vec<Tok> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let ident_start = |c: u8| c.is_ascii_alphabetic() || c == b'_';
    let ident_char = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    while i < b.len() {
        let c = b[i];
        match c {
            _ if c.is_ascii_whitespace() => i += 1,
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let mut depth = 0;
                while i < b.len() {
                    if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
                        depth += 1;
                        i += 2;
                    } else if b[i] == b'*' && b.get(i + 1) == Some(&b'/') {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
            }
            b'"' => i = skip_string(b, i + 1),
            b'r' | b'b' if raw_string_at(b, i).is_some() => {
                let (hashes, open) = raw_string_at(b, i).unwrap();
                i = open + 1;
                loop {
                    if i >= b.len() {
                        break;
                    }
                    if b[i] == b'"'
                        && b[i + 1..]
                            .iter()
                            .take(hashes)
                            .filter(|&&h| h == b'#')
                            .count()
                            == hashes
                    {
                        i += 1 + hashes;
                        break;
                    }
                    i += 1;
                }
            }
            b'b' if b.get(i + 1) == Some(&b'"') => i = skip_string(b, i + 2),
            b'b' if b.get(i + 1) == Some(&b'\'') => i = skip_char(b, i + 1),
            b'\'' => {
                // A char literal ('a', '\n', '\u{..}') or a lifetime ('a).
                if b.get(i + 1) == Some(&b'\\') || b.get(i + 2) == Some(&b'\'') {
                    i = skip_char(b, i);
                } else {
                    // A lifetime, or a multi-byte char literal.
                    let mut j = i + 1;
                    while j < b.len() && ident_char(b[j]) {
                        j += 1;
                    }
                    if j == i + 1 {
                        i = skip_char(b, i);
                    } else {
                        i = j;
                    }
                }
            }
            b':' if b.get(i + 1) == Some(&b':') => {
                out.push(Tok::Path);
                i += 2;
            }
            b'$' if b[i + 1..].starts_with(b"crate") => {
                out.push(Tok::Ident("$crate".into()));
                i += 6;
            }
            _ if ident_start(c) => {
                let mut j = i;
                while j < b.len() && ident_char(b[j]) {
                    j += 1;
                }
                // `r#ident`
                let word = &src[i..j];
                if word == "r" && b.get(j) == Some(&b'#') {
                    i = j + 1;
                    continue;
                }
                out.push(Tok::Ident(word.into()));
                i = j;
            }
            _ if c.is_ascii_digit() => {
                while i < b.len()
                    && (ident_char(b[i])
                        || (b[i] == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit)))
                {
                    i += 1;
                }
            }
            _ => {
                if c.is_ascii() {
                    out.push(Tok::Punct(c as char));
                }
                i += 1;
            }
        }
    }
    out
}

/// `(hashes, index of the opening quote)` when a raw string starts at `i`
/// (`r"`, `r#"`, `br"`, ...).
fn raw_string_at(b: &[u8], i: usize) -> Option<(usize, usize)> {
    let mut j = i;
    if b[j] == b'b' {
        j += 1;
    }
    if b.get(j) != Some(&b'r') {
        return None;
    }
    // Not the end of an identifier such as `bar"`.
    if i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_') {
        return None;
    }
    j += 1;
    let mut hashes = 0;
    while b.get(j) == Some(&b'#') {
        hashes += 1;
        j += 1;
    }
    (b.get(j) == Some(&b'"')).then_some((hashes, j))
}

fn skip_string(b: &[u8], mut i: usize) -> usize {
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    i
}

fn skip_char(b: &[u8], mut i: usize) -> usize {
    i += 1; // the opening quote
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'\'' => return i + 1,
            _ => i += 1,
        }
    }
    i
}

/// The tokens with every item under a `#[cfg(...)]` that needs `test`
/// removed, and the names of the child modules declared that way.
fn drop_test_items(toks: Vec<Tok>) -> (Vec<Tok>, BTreeSet<String>) {
    let mut out = Vec::with_capacity(toks.len());
    let mut test_mods = BTreeSet::new();
    let mut i = 0;
    while i < toks.len() {
        if let Some(end) = test_attribute(&toks, i) {
            // Skip further attributes and the item.
            let mut j = end;
            while let Some(e) = attribute_end(&toks, j) {
                j = e;
            }
            let first = first_keyword(&toks, j);
            if first.as_deref() == Some("mod") {
                if let Some(Tok::Ident(name)) = toks.get(keyword_index(&toks, j) + 1) {
                    test_mods.insert(name.clone());
                }
            }
            i = item_end(&toks, j, first.as_deref());
            continue;
        }
        out.push(toks[i].clone());
        i += 1;
    }
    (out, test_mods)
}

/// The end of an attribute `#[...]` or `#![...]` starting at `i`.
fn attribute_end(toks: &[Tok], i: usize) -> Option<usize> {
    if toks.get(i) != Some(&Tok::Punct('#')) {
        return None;
    }
    let mut j = i + 1;
    if toks.get(j) == Some(&Tok::Punct('!')) {
        j += 1;
    }
    if toks.get(j) != Some(&Tok::Punct('[')) {
        return None;
    }
    let mut depth = 0;
    while j < toks.len() {
        match toks[j] {
            Tok::Punct('[') => depth += 1,
            Tok::Punct(']') => {
                depth -= 1;
                if depth == 0 {
                    return Some(j + 1);
                }
            }
            _ => {}
        }
        j += 1;
    }
    Some(j)
}

/// The end of `#[cfg(...)]` at `i` when the condition needs `test` (names
/// `test` and no `not`).
fn test_attribute(toks: &[Tok], i: usize) -> Option<usize> {
    let end = attribute_end(toks, i)?;
    let inner = &toks[i..end];
    if inner.get(1) == Some(&Tok::Punct('!')) {
        return None;
    }
    let is_cfg = inner.get(2) == Some(&Tok::Ident("cfg".into()));
    let names = |w: &str| inner.iter().any(|t| *t == Tok::Ident(w.into()));
    (is_cfg && names("test") && !names("not") && !names("doctest")).then_some(end)
}

const ITEM_KEYWORDS: &[&str] = &[
    "mod",
    "fn",
    "impl",
    "struct",
    "enum",
    "trait",
    "const",
    "static",
    "type",
    "use",
    "let",
    "macro_rules",
    "union",
    "extern",
];

fn keyword_index(toks: &[Tok], mut j: usize) -> usize {
    while j < toks.len() {
        if let Tok::Ident(w) = &toks[j] {
            if ITEM_KEYWORDS.contains(&w.as_str()) {
                return j;
            }
        }
        if matches!(toks[j], Tok::Punct('{') | Tok::Punct(';')) {
            return j;
        }
        j += 1;
    }
    j
}

fn first_keyword(toks: &[Tok], j: usize) -> Option<String> {
    match toks.get(keyword_index(toks, j)) {
        Some(Tok::Ident(w)) => Some(w.clone()),
        _ => None,
    }
}

/// The index after the item starting at `j`: at its `;` (outside
/// brackets), or after the `}` that closes its body.
fn item_end(toks: &[Tok], mut j: usize, keyword: Option<&str>) -> usize {
    let semicolon_only = matches!(keyword, Some("const" | "static" | "type" | "use" | "let"));
    let mut depth = 0i32;
    while j < toks.len() {
        match toks[j] {
            Tok::Punct('(' | '[' | '{') => depth += 1,
            Tok::Punct(')' | ']') => depth -= 1,
            Tok::Punct('}') => {
                depth -= 1;
                if depth == 0 && !semicolon_only {
                    return j + 1;
                }
            }
            Tok::Punct(';') if depth == 0 => return j + 1,
            _ => {}
        }
        j += 1;
    }
    j
}

/// One file read: its child modules (test-only ones left out), the paths
/// it names (each as written: `["crate", "engine", "Id"]`), and its
/// re-exports (name → path).
#[derive(Debug, Default)]
struct Read {
    children: Vec<String>,
    test_children: Vec<String>,
    paths: Vec<Vec<String>>,
    /// The indices in `paths` of `pub use` paths into a child module: the
    /// module's facade (`pub use error::QueryError;` in `mod.rs`).
    facade: BTreeSet<usize>,
    reexports: BTreeMap<String, Vec<String>>,
    macros: Vec<String>,
}

fn read(src: &str) -> Read {
    let (toks, test_mods) = drop_test_items(lex(src));
    let mut r = Read {
        test_children: test_mods.iter().cloned().collect(),
        ..Read::default()
    };
    let ident = |i: usize| match toks.get(i) {
        Some(Tok::Ident(w)) => Some(w.as_str()),
        _ => None,
    };
    let mut i = 0;
    while i < toks.len() {
        match ident(i) {
            Some("mod") if toks.get(i + 2) == Some(&Tok::Punct(';')) => {
                if let Some(name) = ident(i + 1) {
                    if !test_mods.contains(name) {
                        r.children.push(name.into());
                    }
                }
                i += 3;
            }
            Some("macro_rules") if toks.get(i + 1) == Some(&Tok::Punct('!')) => {
                if let Some(name) = ident(i + 2) {
                    r.macros.push(name.into());
                }
                i += 3;
            }
            Some("use") => {
                let public = i > 0
                    && (ident(i - 1) == Some("pub")
                        || (toks.get(i - 1) == Some(&Tok::Punct(')'))
                            && toks[..i]
                                .iter()
                                .rev()
                                .take(6)
                                .any(|t| *t == Tok::Ident("pub".into()))));
                let mut j = i + 1;
                let mut leaves = Vec::new();
                use_tree(&toks, &mut j, Vec::new(), &mut leaves);
                for (path, alias) in leaves {
                    let into_child = match path.first().map(String::as_str) {
                        Some("self") => path.len() > 2,
                        Some(first) => !matches!(first, "crate" | "$crate" | "super"),
                        None => false,
                    };
                    if public && into_child {
                        r.facade.insert(r.paths.len());
                    }
                    if public {
                        if let Some(name) = alias.or_else(|| path.last().cloned()) {
                            if name != "*" && name != "self" {
                                r.reexports.insert(name, path.clone());
                            }
                        }
                    }
                    r.paths.push(path);
                }
                i = j;
            }
            Some(_) => {
                // An inline path: ident (:: ident)+
                let mut path = Vec::new();
                let mut j = i;
                while let Some(w) = ident(j) {
                    path.push(w.to_string());
                    if toks.get(j + 1) == Some(&Tok::Path) {
                        j += 2;
                    } else {
                        break;
                    }
                }
                let preceded_by_path = i > 0 && toks[i - 1] == Tok::Path;
                if path.len() > 1 && !preceded_by_path {
                    r.paths.push(path);
                }
                i = j + 1;
            }
            None => i += 1,
        }
    }
    r
}

/// The leaves of the use tree at `toks[*j..]` (to its `;` or the `,` / `}`
/// that ends it), each with its alias.
fn use_tree(
    toks: &[Tok],
    j: &mut usize,
    prefix: Vec<String>,
    leaves: &mut Vec<(Vec<String>, Option<String>)>,
) {
    let mut path = prefix;
    loop {
        match toks.get(*j) {
            Some(Tok::Ident(w)) if w == "as" => {
                *j += 1;
                let alias = match toks.get(*j) {
                    Some(Tok::Ident(a)) => Some(a.clone()),
                    _ => None,
                };
                *j += 1;
                leaves.push((path, alias));
                return;
            }
            Some(Tok::Ident(w)) => {
                path.push(w.clone());
                *j += 1;
            }
            Some(Tok::Path) => *j += 1,
            Some(Tok::Punct('*')) => {
                path.push("*".into());
                *j += 1;
            }
            Some(Tok::Punct('{')) => {
                *j += 1;
                loop {
                    use_tree(toks, j, path.clone(), leaves);
                    match toks.get(*j) {
                        Some(Tok::Punct(',')) => *j += 1,
                        _ => break,
                    }
                    if toks.get(*j) == Some(&Tok::Punct('}')) {
                        break;
                    }
                }
                if toks.get(*j) == Some(&Tok::Punct('}')) {
                    *j += 1;
                }
                if toks.get(*j) == Some(&Tok::Punct(';')) {
                    *j += 1;
                }
                return;
            }
            Some(Tok::Punct(';')) => {
                *j += 1;
                leaves.push((path, None));
                return;
            }
            _ => {
                // `,` or `}`: the caller's.
                if !path.is_empty() {
                    leaves.push((path, None));
                }
                return;
            }
        }
    }
}

impl Graph {
    /// The crate whose root file is `root` (`src/lib.rs`).
    pub fn of_crate(root: &Path) -> Graph {
        let mut reads = BTreeMap::new();
        let mut g = Graph::default();
        let mut todo = vec![(String::new(), root.to_path_buf())];
        while let Some((module, file)) = todo.pop() {
            let src = std::fs::read_to_string(&file)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
            let r = read(&src);
            let name = file.file_stem().unwrap().to_str().unwrap();
            let dir = if module.is_empty() || name == "mod" {
                file.parent().unwrap().to_path_buf()
            } else {
                file.with_extension("")
            };
            for child in &r.test_children {
                let flat = dir.join(format!("{child}.rs"));
                g.test_files
                    .insert(if flat.exists() { flat } else { dir.join(child) });
            }
            for child in &r.children {
                let flat = dir.join(format!("{child}.rs"));
                let nested = dir.join(child).join("mod.rs");
                let path = if flat.exists() { flat } else { nested };
                assert!(
                    path.exists(),
                    "{}: mod {child}; has no file",
                    file.display()
                );
                let m = if module.is_empty() {
                    child.clone()
                } else {
                    format!("{module}::{child}")
                };
                todo.push((m, path));
            }
            g.files.insert(module.clone(), file);
            reads.insert(module, r);
        }
        let macros: BTreeMap<String, String> = reads
            .iter()
            .flat_map(|(m, r)| r.macros.iter().map(move |name| (name.clone(), m.clone())))
            .collect();
        for (module, r) in &reads {
            let here: Vec<String> = split(module);
            let (mut to, mut uses) = (BTreeSet::new(), BTreeSet::new());
            for (i, path) in r.paths.iter().enumerate() {
                let Some(abs) = absolute(&here, path, &g.files, &reads) else {
                    continue;
                };
                if let Some(target) = g.resolve(&abs, &reads, &macros, 0) {
                    if target != *module {
                        if !r.facade.contains(&i) {
                            uses.insert(target.clone());
                        }
                        to.insert(target);
                    }
                }
            }
            g.edges.insert(module.clone(), to);
            g.uses.insert(module.clone(), uses);
        }
        g
    }

    /// The module defining what `path` (absolute, from the crate root)
    /// names: the longest module prefix, through its re-exports.
    fn resolve(
        &self,
        path: &[String],
        reads: &BTreeMap<String, Read>,
        macros: &BTreeMap<String, String>,
        depth: usize,
    ) -> Option<String> {
        for i in (0..=path.len()).rev() {
            let m = path[..i].join("::");
            if !self.files.contains_key(&m) {
                continue;
            }
            if let Some(next) = path.get(i) {
                if depth < 16 {
                    if let Some(target) = reads[&m].reexports.get(next) {
                        let here = split(&m);
                        if let Some(mut abs) = absolute(&here, target, &self.files, reads) {
                            if abs != path[..=i] {
                                abs.extend_from_slice(&path[i + 1..]);
                                return self.resolve(&abs, reads, macros, depth + 1);
                            }
                        }
                    }
                }
                // `crate::with_engine!`: a macro exported at the root.
                if i == 0 {
                    if let Some(m) = macros.get(next) {
                        return Some(m.clone());
                    }
                }
            }
            return Some(m);
        }
        None
    }
}

fn split(module: &str) -> Vec<String> {
    if module.is_empty() {
        Vec::new()
    } else {
        module.split("::").map(String::from).collect()
    }
}

/// `path` as written in module `here`, made absolute from the crate root;
/// `None` for a path outside the crate (`core::fmt`, `std::…`, another
/// crate's) or one whose first segment is no module in scope.
fn absolute(
    here: &[String],
    path: &[String],
    files: &BTreeMap<String, PathBuf>,
    reads: &BTreeMap<String, Read>,
) -> Option<Vec<String>> {
    absolute_at(here, path, files, reads, 0)
}

fn absolute_at(
    here: &[String],
    path: &[String],
    files: &BTreeMap<String, PathBuf>,
    reads: &BTreeMap<String, Read>,
    depth: usize,
) -> Option<Vec<String>> {
    let first = path.first()?;
    let mut base: Vec<String> = match first.as_str() {
        "crate" | "$crate" => Vec::new(),
        "self" => here.to_vec(),
        "super" => {
            let mut b = here.to_vec();
            let mut rest = path;
            while rest.first().map(String::as_str) == Some("super") {
                b.pop();
                rest = &rest[1..];
            }
            b.extend_from_slice(rest);
            return Some(b);
        }
        name => {
            // A child module of `here`, or a name `here` imported.
            let mut child = here.to_vec();
            child.push(name.into());
            if files.contains_key(&child.join("::")) {
                here.to_vec()
            } else if let Some(target) =
                reads
                    .get(&here.join("::"))
                    .filter(|_| depth < 8)
                    .and_then(|r| {
                        r.paths.iter().find(|p| {
                            p.len() > 1 && p.last() == Some(&name.to_string()) && p[0] != *name
                        })
                    })
            {
                let mut abs = absolute_at(here, target, files, reads, depth + 1)?;
                abs.extend_from_slice(&path[1..]);
                return Some(abs);
            } else {
                return None;
            }
        }
    };
    let skip = usize::from(matches!(first.as_str(), "crate" | "$crate" | "self"));
    base.extend_from_slice(&path[skip..]);
    Some(base)
}

/// Every set of two or more modules that reach each other through
/// [`Graph::uses`] (Tarjan's strongly connected components), each sorted.
pub fn circles(g: &Graph) -> Vec<Vec<String>> {
    struct State<'a> {
        g: &'a Graph,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on: BTreeSet<&'a str>,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a str) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on.insert(v);
        for w in s.g.uses.get(v).into_iter().flatten() {
            let w = w.as_str();
            if !s.index.contains_key(w) {
                visit(s, w);
                let lw = s.low[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(lw);
            } else if s.on.contains(w) {
                let iw = s.index[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(iw);
            }
        }
        if s.low[v] == s.index[v] {
            let mut comp = Vec::new();
            loop {
                let w = s.stack.pop().unwrap();
                s.on.remove(w);
                comp.push(w.to_string());
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                s.out.push(comp);
            }
        }
    }
    let mut s = State {
        g,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in g.files.keys() {
        if !s.index.contains_key(v.as_str()) {
            visit(&mut s, v);
        }
    }
    s.out
}

/// One circle through the component `comp`: a path of edges from its first
/// module back to it (for a message).
pub fn one_circle(g: &Graph, comp: &[String]) -> Vec<String> {
    let inside: BTreeSet<&str> = comp.iter().map(String::as_str).collect();
    let start = comp[0].as_str();
    // Breadth-first from start's successors back to start.
    let mut prev: BTreeMap<&str, &str> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(v) = queue.pop_front() {
        for w in g.uses.get(v).into_iter().flatten() {
            let w = w.as_str();
            if !inside.contains(w) {
                continue;
            }
            if w == start {
                let mut back = Vec::new();
                let mut at = v;
                while at != start {
                    back.push(at.to_string());
                    at = prev[at];
                }
                back.reverse();
                let mut path = vec![start.to_string()];
                path.extend(back);
                path.push(start.to_string());
                return path;
            }
            if let std::collections::btree_map::Entry::Vacant(e) = prev.entry(w) {
                e.insert(v);
                queue.push_back(w);
            }
        }
    }
    comp.to_vec()
}
