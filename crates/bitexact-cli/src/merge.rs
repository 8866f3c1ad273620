//! `bitexact merge FILE...`: the `--json` answers of one search's
//! `--shard K/N` runs (`recover`, `state identify`) put back together by
//! the library's [`bitexact::search::shard::merge`], which checks they are
//! one search's parts and says whether all N finished.
//!
//! Here: reading the answers (one JSON object a line, any number a file),
//! and printing the merged answer as the unsharded command would, with what
//! is missing named.

use crate::cli::MergeArgs;
use crate::{Failure, Outcome};
use bitexact::recover::Hit;
use bitexact::search::shard::{merge, Merged, Part, Shard};
use bitexact::search::End;
use serde_json::{Map, Value as Json};
use std::io::Write;

/// The most bytes read from one file of answers.
const MAX_FILE: usize = 1 << 30;

/// The keys a shard's answer carries for the merge, not the command's own
/// fields (an identification's `seed`, `words_drawn`, …).
const BOOKKEEPING: [&str; 13] = [
    "identified",
    "reason",
    "hits",
    "searched",
    "complete",
    "seconds",
    "stopped_at",
    "interrupted_at",
    "shard",
    "range",
    "search_range",
    "query",
    "max_draws",
];

/// One answer as read: the part, and its whole object (for the fields of
/// an identification).
struct Answer {
    part: Part,
    object: Map<String, Json>,
}

pub fn run(args: &MergeArgs, out: &mut impl Write) -> Outcome {
    let mut answers: Vec<Answer> = Vec::new();
    for path in &args.files {
        let name = crate::input_name(path);
        let bytes = crate::read_limited(path, MAX_FILE)?;
        let text = String::from_utf8_lossy(&bytes);
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let at = |what: String| Failure::usage(format!("'{name}' line {}: {what}", n + 1));
            answers.push(read_answer(line).map_err(at)?);
        }
    }
    if answers.is_empty() {
        return Err(Failure::usage(
            "no shard answers in the files given (each is one JSON object a line)",
        ));
    }
    let parts: Vec<Part> = answers.iter().map(|a| a.part.clone()).collect();
    let merged = merge(&parts).map_err(|e| Failure::usage(e.to_string()))?;
    if merged.query.starts_with("identify ") {
        identified(args, out, &merged, &answers)
    } else {
        recovered(args, out, &merged)
    }
}

/// A shard's `--json` answer as a [`Part`].
fn read_answer(line: &str) -> Result<Answer, String> {
    let value: Json = serde_json::from_str(line).map_err(|e| format!("not JSON: {e}"))?;
    let Json::Object(object) = value else {
        return Err("not a JSON object".into());
    };
    let text = |key: &str| -> Result<&str, String> {
        object.get(key).and_then(Json::as_str).ok_or_else(|| {
            format!(
                "not a shard's answer (no \"{key}\" string): run the search with --shard K/N --json"
            )
        })
    };
    let number = |key: &str| -> Result<Option<u64>, String> {
        match object.get(key) {
            None => Ok(None),
            Some(v) => v
                .as_u64()
                .map(Some)
                .ok_or_else(|| format!("\"{key}\" is not a seed number")),
        }
    };
    let shard: Shard = text("shard")?
        .parse()
        .map_err(|e: bitexact::search::shard::ShardError| e.to_string())?;
    let full = range(text("search_range")?)?;
    let query = text("query")?.to_string();
    let hits = object
        .get("hits")
        .and_then(Json::as_array)
        .ok_or("no \"hits\" list")?
        .iter()
        .map(|h| {
            let field = |k: &str| h.get(k).and_then(Json::as_u64);
            match (field("seed"), field("offset")) {
                (Some(seed), Some(offset)) => Ok(Hit { seed, offset }),
                _ => Err("a hit without a \"seed\" and \"offset\" number".to_string()),
            }
        })
        .collect::<Result<Vec<Hit>, String>>()?;
    let end = match (number("stopped_at")?, number("interrupted_at")?) {
        (None, None) => End::Complete,
        (Some(at), None) => End::Stopped { at },
        (None, Some(at)) => End::Interrupted { at },
        (Some(_), Some(_)) => return Err("both \"stopped_at\" and \"interrupted_at\"".into()),
    };
    let complete = object.get("complete").and_then(Json::as_bool);
    if complete != Some(end == End::Complete) {
        return Err("\"complete\" disagrees with how the search ended".into());
    }
    let claimed = range(text("range")?)?;
    let owned = shard.part(full.clone()).map_err(|e| e.to_string())?;
    if claimed != owned {
        return Err(format!(
            "shard {shard} searched seeds {}..{}, but its part of {}..{} is {}..{}",
            claimed.start, claimed.end, full.start, full.end, owned.start, owned.end
        ));
    }
    Ok(Answer {
        part: Part {
            shard,
            full,
            query,
            hits,
            end,
        },
        object,
    })
}

/// `A..B` as the answers write it.
fn range(text: &str) -> Result<std::ops::Range<u64>, String> {
    let bad = || format!("'{text}' is not a seed range A..B");
    let (a, b) = text.split_once("..").ok_or_else(bad)?;
    let a: u64 = a.parse().map_err(|_| bad())?;
    let b: u64 = b.parse().map_err(|_| bad())?;
    if a >= b {
        return Err(bad());
    }
    Ok(a..b)
}

/// What did not finish, as a sentence: `shard 2/8 is missing; shard 5/8
/// stopped at its --max-hits (seed 1234)`.
fn gaps(m: &Merged) -> String {
    gaps_below(m, u64::MAX)
}

/// [`gaps`], of the shards whose part starts below `seed` only.
fn gaps_below(m: &Merged, seed: u64) -> String {
    let below = |s: &Shard| s.part(m.full.clone()).is_ok_and(|r| r.start < seed);
    let part = |s: &Shard| {
        s.part(m.full.clone())
            .map(|r| format!("shard {s} (seeds {}..{})", r.start, r.end))
            .unwrap_or_else(|_| format!("shard {s}"))
    };
    let mut said: Vec<String> = m
        .missing
        .iter()
        .filter(|s| below(s))
        .map(|s| format!("{} is missing", part(s)))
        .collect();
    for (s, end) in m.unfinished.iter().filter(|(s, _)| below(s)) {
        if let End::Stopped { at } | End::Interrupted { at } = end {
            if *at > seed {
                continue; // the hit's own shard, stopped after its hit
            }
        }
        said.push(match end {
            End::Stopped { at } => format!("{} stopped at its --max-hits at seed {at}", part(s)),
            End::Interrupted { at } => format!("{} was interrupted at seed {at}", part(s)),
            End::Complete => continue,
        });
    }
    said.join("; ")
}

/// `, which hold all seeds of A..B` for the gap-free start of the range,
/// or nothing when the first shard is the gap.
fn below(m: &Merged) -> String {
    if m.searched_below > m.full.start {
        format!(
            ", which hold all seeds of {}..{}",
            m.full.start, m.searched_below
        )
    } else {
        String::new()
    }
}

/// The merged answer's JSON: the unsharded run's fields, then the shards'.
fn merged_json(m: &Merged) -> Map<String, Json> {
    let mut obj = Map::new();
    let kind = seed_kind(&m.query);
    let hits: Vec<Json> = m
        .hits
        .iter()
        .map(|h| crate::recover::hit_json(h, kind))
        .collect();
    obj.insert("hits".into(), hits.into());
    obj.insert("searched".into(), m.searched.into());
    obj.insert("complete".into(), m.complete().into());
    obj.insert("shards".into(), m.shards.into());
    obj.insert(
        "search_range".into(),
        format!("{}..{}", m.full.start, m.full.end).into(),
    );
    obj.insert("query".into(), m.query.clone().into());
    obj.insert("searched_below".into(), m.searched_below.into());
    let missing: Vec<Json> = m.missing.iter().map(|s| s.to_string().into()).collect();
    obj.insert("missing".into(), missing.into());
    let unfinished: Vec<Json> = m
        .unfinished
        .iter()
        .map(|(s, end)| match end {
            End::Stopped { at } => serde_json::json!({"shard": s.to_string(), "stopped_at": at}),
            End::Interrupted { at } => {
                serde_json::json!({"shard": s.to_string(), "interrupted_at": at})
            }
            End::Complete => serde_json::json!({"shard": s.to_string()}),
        })
        .collect();
    obj.insert("unfinished".into(), unfinished.into());
    obj
}

/// A recovery's shards: the hits as `recover` prints them; exit 1 when the
/// whole range holds none, or when a shard did not finish.
fn recovered(args: &MergeArgs, out: &mut impl Write, m: &Merged) -> Outcome {
    // What the unsharded run would have said before its search: the chance
    // estimate for the whole range (each shard's was for its part).
    let asked = Asked::of(&m.query);
    if let Some(a) = &asked {
        let seeds = m.full.end - m.full.start;
        if let Some(note) =
            crate::recover::chance_note(a.id, a.tap(), a.values, seeds, a.max_offset)
        {
            crate::summary_now(&note);
        }
    }
    if args.json {
        writeln!(out, "{}", Json::Object(merged_json(m)))?;
    } else {
        crate::recover::print_hits(out, &m.hits, seed_kind(&m.query))?;
    }
    if !m.complete() {
        return Err(incomplete(
            m,
            format!(
                "incomplete: {}; {} of {} shards finished: the hits listed are every hit of the {} \
                 seeds searched{}",
                gaps(m),
                m.shards - (m.missing.len() + m.unfinished.len()) as u64,
                m.shards,
                m.searched,
                below(m)
            ),
        ));
    }
    if m.hits.is_empty() {
        return Err(Failure::Different(format!(
            "not found: no seed of {}..{} produces these values; all {} seeds were searched, \
             in {} shards",
            m.full.start, m.full.end, m.searched, m.shards
        )));
    }
    crate::summary!(
        "merged {} shards: complete: all {} seeds of {}..{} searched, {} {}",
        m.shards,
        m.searched,
        m.full.start,
        m.full.end,
        m.hits.len(),
        if m.hits.len() == 1 { "hit" } else { "hits" }
    );
    // Two seeds in the whole range: what tells them apart, as the
    // unsharded run says it.
    if let (Some(a), [h1, h2]) = (&asked, &m.hits[..]) {
        if let Some(note) =
            crate::recover::tell_apart(a.id, a.tap(), &a.options, a.values, *h1, *h2)
        {
            crate::summary!("{note}");
        }
    }
    Ok(())
}

/// What a recovery's shards searched for, read back from their query
/// (`recover westwood --class random2 --tap ranged:1,6 --values 3,5,1`, as
/// `EngineArgs::query` writes it): enough to say the unsharded run's
/// notes. `None` for a query it cannot read.
struct Asked {
    id: bitexact::engines::Id,
    tap: Option<String>,
    values: usize,
    max_offset: u64,
    options: bitexact::engine::Options,
}

impl Asked {
    fn of(query: &str) -> Option<Asked> {
        let mut parts = query.split(" --");
        let mut head = parts.next()?.split_whitespace();
        if head.next()? != "recover" {
            return None;
        }
        let name = head.next()?;
        let mut class = None;
        let mut tap = None;
        let mut values = None;
        let mut max_offset = 0;
        let mut options = bitexact::engine::Options::default();
        for part in parts {
            let (key, value) = part.split_once(' ')?;
            match key {
                "class" => class = Some(value),
                "tap" => tap = Some(value.to_string()),
                "values" => values = Some(value.split(',').count()),
                "max-offset" => max_offset = value.parse().ok()?,
                "precision" => {
                    options.precision = match value {
                        "pc53" => bitexact::x87::Precision::Pc53,
                        "pc24" => bitexact::x87::Precision::Pc24,
                        _ => return None,
                    }
                }
                _ => {}
            }
        }
        Some(Asked {
            id: bitexact::engines::Id::find(name, class).ok()?,
            tap,
            values: values?,
            max_offset,
            options,
        })
    }

    fn tap(&self) -> Option<&str> {
        self.tap.as_deref()
    }
}

/// An identification's shards: the first seed whose replay matched, as
/// `identify` prints it, when every shard before its shard finished.
fn identified(args: &MergeArgs, out: &mut impl Write, m: &Merged, answers: &[Answer]) -> Outcome {
    let first = m.hits.first();
    // The shard that found the first hit, and its fields.
    let found = first.and_then(|h| {
        answers
            .iter()
            .find(|a| a.part.hits.first() == Some(h))
            .map(|a| &a.object)
    });
    // Every seed below the hit was searched (a shard stopped at the hit's own
    // seed stopped there because the seed had more offsets than fitted).
    let is_first = first.is_some_and(|h| h.seed <= m.searched_below);
    if let (Some(h), Some(object)) = (first, found) {
        let fields: Vec<(&String, &Json)> = object
            .iter()
            .filter(|(k, _)| !BOOKKEEPING.contains(&k.as_str()))
            .collect();
        if args.json {
            let mut obj = Map::new();
            obj.insert("identified".into(), true.into());
            for (k, v) in &fields {
                obj.insert((*k).clone(), (*v).clone());
            }
            obj.insert("first".into(), is_first.into());
            for (k, v) in merged_json(m) {
                obj.insert(k, v);
            }
            // The answer is whole when the seed is the first that matches.
            obj.insert("complete".into(), is_first.into());
            writeln!(out, "{}", Json::Object(obj))?;
        } else {
            for (k, v) in &fields {
                match v {
                    Json::String(s) => writeln!(out, "{k}: {s}")?,
                    other => writeln!(out, "{k}: {other}")?,
                }
            }
        }
        if is_first {
            crate::summary!(
                "merged {} shards: seed {} is the first of seeds {}..{} whose replay matches the state \
                 (every seed below it was searched)",
                m.shards,
                h.seed,
                m.full.start,
                m.full.end
            );
        } else {
            // The replay matched, so the seed is right; a lower one may
            // match too, in what was not searched.
            crate::say!(
                "seed {} replays to the state, but it may not be the first that does: {}",
                h.seed,
                gaps_below(m, h.seed),
            );
        }
        return Ok(());
    }
    if args.json {
        let mut obj = Map::new();
        obj.insert("identified".into(), false.into());
        for (k, v) in merged_json(m) {
            obj.insert(k, v);
        }
        writeln!(out, "{}", Json::Object(obj))?;
    }
    if m.complete() {
        Err(Failure::Different(format!(
            "not identified: no seed of {}..{} reaches this state; all {} seeds were searched, in {} shards",
            m.full.start, m.full.end, m.searched, m.shards
        )))
    } else {
        Err(incomplete(
            m,
            format!(
                "incomplete: {}; no seed of the {} searched reaches this state{}",
                gaps(m),
                m.searched,
                below(m)
            ),
        ))
    }
}

/// An incomplete merge's failure: exit 130 when a shard was interrupted by
/// Ctrl-C (SPEC 6: as the shard itself exited), else 1.
fn incomplete(m: &Merged, msg: String) -> Failure {
    if m.unfinished
        .iter()
        .any(|(_, end)| matches!(end, End::Interrupted { .. }))
    {
        Failure::Interrupted(msg)
    } else {
        Failure::Different(msg)
    }
}

/// How the searched engine writes seeds, from the query (`recover openra
/// --tap …`): C# `int` seeds are printed signed, as `recover` prints them.
fn seed_kind(query: &str) -> bitexact::engine::SeedKind {
    query
        .split_whitespace()
        .nth(1)
        .and_then(|name| bitexact::engines::Id::find(name, None).ok())
        .map_or(bitexact::engine::SeedKind::U32, |id| id.info().seed)
}
