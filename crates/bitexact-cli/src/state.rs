//! `state save|identify|diff|show|convert ENGINE`: state files read and
//! written through the engine contract (`bitexact::engine::Engine`), for
//! every engine of the list alike; the messages name this command line's
//! flags.

use crate::cli::family::bound_flag;
use crate::cli::{ConvertArgs, DiffArgs, EngineArgs, IdentifyArgs, SaveArgs, ShowArgs};
use crate::report::{check_bound, not_identified, write_fields, write_identified};
use crate::{Failure, Outcome};
use bitexact::engine::{
    Bound, Engine, Field, Identification, Identified, NotReachable, Reason, StateInfo, StateKind,
    Walk,
};
use bitexact::engines::Id;
use bitexact::search::End;
use serde_json::Value as Json;
use std::io::Write;
use std::path::Path;

/// The state files of the generator `args` names, or why it has none.
fn state_info(args: &EngineArgs) -> Result<(Id, StateInfo), Failure> {
    let id = args.id();
    let info = id.info();
    let state = info
        .state
        .ok_or_else(|| Failure::usage(format!("{} has no state files", info.display_name())))?;
    // An option of another class of the family: name whose it is.
    if args.given("layout") && state.layouts.is_empty() {
        return Err(Failure::usage(format!(
            "--layout is for {} objects; --class {} states are {}",
            owners(args, |s| !s.layouts.is_empty()),
            info.class.unwrap_or(""),
            state.summary
        )));
    }
    if (args.given("seed-range") || args.given("threads")) && !state.searches_seeds() {
        let flag = if args.given("seed-range") {
            "--seed-range"
        } else {
            "--threads"
        };
        return Err(Failure::usage(format!(
            "{flag} is for {} objects; --class {} states are {}",
            owners(args, StateInfo::searches_seeds),
            info.class.unwrap_or(""),
            state.summary
        )));
    }
    Ok((id, state))
}

/// The titles of the family's generators whose state files `have` it.
fn owners(args: &EngineArgs, have: fn(&StateInfo) -> bool) -> String {
    let names: Vec<&str> = args
        .family
        .ids
        .iter()
        .filter(|id| id.info().state.as_ref().is_some_and(have))
        .map(|id| id.info().title)
        .collect();
    names.join(", ")
}

/// The walk bound given for `walk`'s unit (its default when not given),
/// checked against its ceiling; a bound flag of another unit is refused.
fn bound(args: &EngineArgs, walk: Walk, verb: &str) -> Result<u64, Failure> {
    let mine = bound_flag(walk.unit);
    for other in ["max-draws", "max-twists"] {
        if other != mine && args.given(other) {
            let id = args.id();
            return Err(Failure::usage(format!(
                "--{other} is for other classes; {} {verb} --{mine}",
                id.info().title
            )));
        }
    }
    let n = args.u64(mine).unwrap_or(walk.default);
    check_bound(n, &format!("--{mine}"), walk.max)?;
    Ok(n)
}

/// A state file (or stdin) of `id`, in the `--layout` given or the one its
/// length names; errors name the file. For a command without `--offset`
/// (`diff`, `convert`).
fn load<E: Engine>(
    path: &Path,
    state: &StateInfo,
    layout: Option<&str>,
) -> Result<(E::Gen, Option<&'static str>), Failure> {
    load_bytes::<E>(path, state, layout, Offset::NotTaken).map(|(g, layout, _)| (g, layout))
}

/// `--offset` as a command has it: given, not given, or not one of its
/// options (`diff`, `convert`): what a refusal of a whole save suggests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Offset {
    At(u64),
    NotGiven,
    NotTaken,
}

impl Offset {
    fn of(args: &EngineArgs) -> Offset {
        args.u64("offset").map_or(Offset::NotGiven, Offset::At)
    }
}

/// What to do with a file longer than a state (a whole save, a dump):
/// `state find` lists the states in it and their offsets (for an engine it
/// looks for: `findable`), and `--offset` reads one (or, for a command
/// without it, cutting one out).
fn whole_file_hint(path: &Path, offset: Offset, findable: bool) -> String {
    let read = match offset {
        Offset::NotTaken => {
            "cut the state out (dd bs=1 skip=OFFSET count=LENGTH) to compare or convert it"
        }
        _ => "--offset N reads the state at byte N",
    };
    if !findable {
        return format!(
            "a whole save or memory dump? {read} (state find cannot look for these: any bytes of \
             a state's length are one)"
        );
    }
    let find = if crate::is_std(path) {
        "bitexact state find -".to_string()
    } else {
        format!("bitexact state find '{}'", path.display())
    };
    format!(
        "a whole save or memory dump? `{find}` lists the states in it and their offsets; {read}"
    )
}

/// [`load`], with the file's bytes, the state read at `offset` when given.
#[allow(clippy::type_complexity)]
fn load_bytes<E: Engine>(
    path: &Path,
    state: &StateInfo,
    layout: Option<&str>,
    offset: Offset,
) -> Result<(E::Gen, Option<&'static str>, Vec<u8>), Failure> {
    // Read up to the longest state of the whole family, so that another
    // class's file gets the engine's length error and the class to use.
    let max = Id::family(E::INFO.name)
        .iter()
        .filter_map(|id| id.info().state)
        .flat_map(|s| s.lengths.iter().copied())
        .max()
        .unwrap_or(0);
    let bytes = match offset {
        Offset::At(at) => at_offset(path, state, layout, at)?,
        _ => read_state_file(path, max, E::INFO.name, offset, E::FINDABLE)?,
    };
    let (g, layout) = E::load(&bytes, layout).map_err(|e| {
        let name = crate::input_name(path);
        let other = match e.kind {
            StateKind::Length { len } => Id::find(E::INFO.name, E::INFO.class)
                .ok()
                .and_then(|id| id.sibling_with_state_len(len)),
            _ => None,
        };
        // Longer than every state of this class: more than a state.
        let longer = matches!(e.kind, StateKind::Length { len }
            if state.lengths.iter().all(|&l| len > l));
        match other {
            Some(id) => Failure::usage(format!(
                "'{name}': {e}; it is as long as a {} state: --class {}",
                id.info().title,
                id.info().class.unwrap_or("")
            )),
            None if longer && !matches!(offset, Offset::At(_)) => Failure::usage(format!(
                "'{name}': {e}; {}",
                whole_file_hint(path, offset, E::FINDABLE)
            )),
            None => Failure::usage(format!("'{name}': {e}")),
        }
    })?;
    Ok((g, layout, bytes))
}

/// A state file (or stdin) of at most `max` bytes, the longest state of
/// the family `family`; a longer one (a whole save) is refused without
/// being read whole, saying how to find and read the states inside it.
fn read_state_file(
    path: &Path,
    max: usize,
    family: &str,
    offset: Offset,
    findable: bool,
) -> Result<Vec<u8>, Failure> {
    use std::io::Read;
    let mut bytes = Vec::new();
    crate::open_input(path)?
        .take(max as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Failure::usage(format!("cannot read '{}': {e}", path.display())))?;
    if bytes.len() > max {
        return Err(Failure::usage(format!(
            "'{}' is over {max} bytes, longer than any {family} state: {}",
            crate::input_name(path),
            whole_file_hint(path, offset, findable)
        )));
    }
    Ok(bytes)
}

/// `--offset`: the state's bytes at byte `at` of a larger file, as long as
/// the layout's (or the engine's one) length.
fn at_offset(
    path: &Path,
    state: &StateInfo,
    layout: Option<&str>,
    at: u64,
) -> Result<Vec<u8>, Failure> {
    let name = crate::input_name(path);
    let len = match layout {
        Some(l) => state
            .layouts
            .iter()
            .position(|x| x.name == l)
            .and_then(|i| state.lengths.get(i))
            .copied(),
        None if state.layouts.is_empty() => state.lengths.first().copied(),
        None => {
            let names: Vec<&str> = state.layouts.iter().map(|l| l.name).collect();
            return Err(Failure::usage(format!(
                "--offset needs --layout ({}): the layouts have different lengths",
                names.join(" or ")
            )));
        }
    }
    .unwrap_or(0);
    let bytes = crate::read_limited(path, 1 << 32)?;
    let start = usize::try_from(at)
        .ok()
        .filter(|&s| s.checked_add(len).is_some_and(|e| e <= bytes.len()));
    match start {
        Some(s) => Ok(bytes[s..s + len].to_vec()),
        None => Err(Failure::usage(format!(
            "'{name}' is {} bytes: no {len}-byte state at offset {at}",
            bytes.len()
        ))),
    }
}

/// Write the 'wrote FILE' note after a successful save.
fn write_state_file(path: &Path, bytes: &[u8], what: std::fmt::Arguments<'_>) -> Outcome {
    if crate::is_std(path) {
        let mut stdout = std::io::stdout().lock();
        stdout.write_all(bytes)?;
        stdout.flush()?;
        crate::summary!("wrote {} bytes to stdout: {what}", bytes.len());
        return Ok(());
    }
    std::fs::write(path, bytes)
        .map_err(|e| Failure::usage(format!("cannot write '{}': {e}", path.display())))?;
    crate::summary!("wrote {} ({} bytes): {what}", path.display(), bytes.len());
    Ok(())
}

pub fn save(SaveArgs(args): &SaveArgs) -> Outcome {
    let (id, state) = state_info(args)?;
    let info = id.info();
    let seed = args.u64("seed").unwrap_or(0);
    let skip = args.u64("skip-words").unwrap_or(0);
    check_bound(skip, "--skip-words", info.limits.skip_words)?;
    let layout = args.str("layout");
    if layout.is_none() && !state.layouts.is_empty() {
        let names: Vec<&str> = state.layouts.iter().map(|l| l.name).collect();
        return Err(Failure::usage(format!(
            "state save {} needs --layout {} ({})",
            info.name,
            names.join("|"),
            state.layout_note
        )));
    }
    let (bytes, fields) = bitexact::with_engine!(id, E => {
        let mut g = E::seeded(seed, &args.options());
        E::discard(&mut g, skip);
        let bytes = E::save(&g, layout, false).map_err(|e| Failure::usage(e.to_string()))?;
        (bytes, E::position_fields(&g))
    });
    let mut note = String::new();
    for (k, v) in fields {
        note += &format!(", {k} {v}");
    }
    if let Some(l) = layout {
        note += &format!(", {l} layout");
    }
    write_state_file(
        &args.path("output"),
        &bytes,
        format_args!(
            "{} seed {}, {skip} {}{note}",
            if info.default_class {
                info.name
            } else {
                info.title
            },
            info.seed
                .signed(seed)
                .map_or(seed.to_string(), |s| s.to_string()),
            if info.unit == bitexact::engine::Unit::Words {
                "words drawn"
            } else {
                "draws"
            }
        ),
    )
}

/// What `identify` found, or why not.
#[allow(clippy::large_enum_variant)] // made once per command
enum Answer {
    Fields(bitexact::engine::Fields),
    Not(NotReachable, Option<bitexact::search::Found>),
}

pub fn identify(IdentifyArgs(args): &IdentifyArgs, out: &mut impl Write) -> Outcome {
    let (id, state) = state_info(args)?;
    let walk = state.identify.map(|i| i.walk).ok_or_else(|| {
        let name = id.info().display_name().to_string();
        Failure::usage(NotReachable::not_identifiable(&name).text.to_string())
    })?;
    let max = bound(args, walk, "walks back")?;
    let file = args.path("file");
    let json = args.flag("json");
    let name = crate::input_name(&file);
    let options = args.options();
    let sharded = crate::search::Seeds::new(
        args.str("seed-range"),
        args.str("shard"),
        id.info().seed.space(),
    )?;
    let (first, end) = (sharded.part.start, sharded.part.end);
    let mut search_fields: Vec<(&'static str, Json)> = Vec::new();
    let result = bitexact::with_engine!(id, E => {
        let (g, _, bytes) = load_bytes::<E>(&file, &state, args.str("layout"), Offset::of(args))?;
        let pressed = crate::search::poll_with_progress(format!(
            "state identify {}: walking back (at most {max} {})",
            id.info().name,
            walk.unit
        ));
        match E::identify(&g, max, &pressed) {
            Err(e) => Answer::Not(e, None),
            Ok(Identified::Found(_)) if sharded.shard.is_some() => {
                return Err(Failure::usage(format!(
                    "'{name}': this state is identified without a seed search, so --shard does not apply"
                )));
            }
            Ok(Identified::Found(found)) => match E::identified(&g, found, &options) {
                Ok(f) => Answer::Fields(f),
                Err(e) => Answer::Not(e, None),
            },
            Ok(Identified::Search(recovery)) => {
                let plan = crate::search::plan(args.usize("threads"), 1)?;
                let label = format!("identify {}", id.info().name);
                let found = crate::search::run(&recovery, first..end, &plan, &label, |_| {})?;
                let secs = found.elapsed.as_secs_f64();
                if sharded.shard.is_some() {
                    // What a merge reads: the state's bytes stand for the file.
                    let query = format!(
                        "{} --state-fnv1a64 {:#018x}",
                        args.query(&["shard", "threads", "json", "seed-range", "file"]),
                        fnv1a64(&bytes)
                    );
                    search_fields = sharded.json_fields(&query);
                    search_fields.extend(crate::recover::search_json(&found, id.info().seed));
                }
                match found.hits.first() {
                    Some(h) => {
                        crate::summary!(
                            "{}searched {} in {secs:.1} s: stopped at seed {}, the first in the \
                             {} whose replay matches the state (the seeds above it were not searched)",
                            sharded.label(),
                            crate::search::seeds(found.searched),
                            h.seed,
                            if sharded.shard.is_some() { "shard's part" } else { "range" }
                        );
                        let found_id = Identification {
                            seed: h.seed,
                            words_drawn: h.offset,
                        };
                        match E::identified(&g, found_id, &options) {
                            Ok(f) => Answer::Fields(f),
                            Err(e) => Answer::Not(e, None),
                        }
                    }
                    None => Answer::Not(
                        NotReachable::not_in_range(
                            first,
                            end,
                            Bound {
                                max,
                                unit: walk.unit,
                            },
                        ),
                        Some(found),
                    ),
                }
            }
        }
    });
    match result {
        Answer::Fields(fields) => write_identified(out, json, &fields, &search_fields),
        Answer::Not(e, search) => {
            let whole = search.as_ref().is_some_and(|f| f.complete());
            let interrupted = matches!(e.reason, Reason::Stopped(_))
                || search
                    .as_ref()
                    .is_some_and(|f| matches!(f.end, End::Interrupted { .. }));
            let (msg, mut extra) =
                not_reachable_message(&name, &e, search.as_ref(), args, &sharded);
            extra.retain(|(k, _)| !search_fields.iter().any(|(s, _)| s == k));
            extra.extend(search_fields);
            match not_identified(out, json, msg, &extra) {
                // A shard searched whole has done its job (exit 0, so a job
                // array does not count it failed): the merge gives the answer.
                Err(Failure::Different(msg)) if whole && sharded.shard.is_some() => {
                    crate::summary!("{msg}");
                    Ok(())
                }
                Err(Failure::Different(msg)) if interrupted => Err(Failure::Interrupted(msg)),
                other => other,
            }
        }
    }
}

/// FNV-1a (64-bit) of `bytes`: a state file's fingerprint in a shard's
/// query, so shards of different files never merge.
fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// An identification that found no seed, as the command line says it:
/// the file, the engine's sentence, the flag that raises the bound, and
/// the JSON fields beside the reason.
fn not_reachable_message(
    name: &str,
    e: &NotReachable,
    search: Option<&bitexact::search::Found>,
    args: &EngineArgs,
    sharded: &crate::search::Seeds,
) -> (String, Vec<(&'static str, Json)>) {
    let space = args.id().info().seed.space();
    let seeds = sharded.part.clone();
    match e.reason {
        Reason::Stopped(_) => (
            format!("'{name}': {e} (interrupted: run it again to walk the whole bound)"),
            vec![],
        ),
        Reason::Beyond(b) => {
            let flag = bound_flag(b.unit);
            (
                format!("'{name}': {e} (--{flag} raises the bound)"),
                vec![(json_key(flag), b.max.into())],
            )
        }
        Reason::Eager { .. } => (
            format!("'{name}': {e} (--max-twists raises the bound)"),
            vec![],
        ),
        Reason::NoSeedingPoint { index1, bound } => (
            format!(
                "'{name}': index1 is {index1}, so no seeding point lies within --{} {}",
                bound_flag(bound.unit),
                bound.max
            ),
            vec![(json_key(bound_flag(bound.unit)), bound.max.into())],
        ),
        Reason::NotInRange { bound, .. } => {
            let (searched, secs, end) = search.map_or((0, 0.0, End::Complete), |f| {
                (f.searched, f.elapsed.as_secs_f64(), f.end)
            });
            let msg = match end {
                End::Interrupted { at } => {
                    sharded.interrupted(searched, at, args.str("seed-range"), space)
                }
                _ => format!(
                    "'{name}': {}no seed in {}..{} reaches this state within {} draws of seeding \
                     ({} searched in {secs:.1} s; --{} raises the bound)",
                    sharded.label(),
                    seeds.start,
                    seeds.end,
                    bound.max,
                    crate::search::seeds(searched),
                    bound_flag(bound.unit)
                ),
            };
            (msg, vec![("searched", searched.into())])
        }
        Reason::FlagSet { seed, words_drawn } => (
            format!("'{name}': {e}"),
            vec![
                ("seed_if_enabled", seed.into()),
                ("words_drawn_if_enabled", words_drawn.into()),
            ],
        ),
        Reason::NotASubstream { .. } => (format!("--master: {e}"), vec![]),
        _ => (format!("'{name}': {e}"), vec![]),
    }
}

/// `max-twists` as a JSON key: `max_twists`.
fn json_key(flag: &'static str) -> &'static str {
    match flag {
        "max-twists" => "max_twists",
        "max-draws" => "max_draws",
        _ => "max_words",
    }
}

pub fn diff(DiffArgs(args): &DiffArgs, out: &mut impl Write) -> Outcome {
    let (a, b) = (args.path("file_a"), args.path("file_b"));
    if crate::is_std(&a) && crate::is_std(&b) {
        return Err(Failure::usage(
            "A and B are both '-': stdin can be read only once (give one of them as a file)",
        ));
    }
    let (id, state) = state_info(args)?;
    let walk = state.diff.ok_or_else(|| {
        let engine = id.info().title;
        Failure::usage(bitexact::engine::DiffError::NotComparable { engine }.to_string())
    })?;
    let max = bound(args, walk, "steps")?;
    let layout = args.str("layout");
    let words = bitexact::with_engine!(id, E => {
        let (ga, _) = load::<E>(&a, &state, layout)?;
        let (gb, _) = load::<E>(&b, &state, layout)?;
        E::words_between(&ga, &gb, max)
    });
    // B before A is an answer too (issue 34): the distance, negative.
    let words = match words {
        Ok(w) => Field::U64(w),
        Err(bitexact::engine::DiffError::BeforeA { words, unit }) => {
            crate::summary!("B comes {words} {unit} before A: the distance is negative");
            Field::I64(-i64::try_from(words).unwrap_or(i64::MAX))
        }
        Err(e) => return Err(Failure::Different(e.to_string())),
    };
    write_fields(out, args.flag("json"), &[("words_between", words)])
}

pub fn show(ShowArgs(args): &ShowArgs, out: &mut impl Write) -> Outcome {
    let (id, state) = state_info(args)?;
    let file = args.path("file");
    let info = id.info();
    let fields = bitexact::with_engine!(id, E => {
        let (g, layout, _) = load_bytes::<E>(&file, &state, args.str("layout"), Offset::of(args))?;
        E::describe(&g, layout)
    });
    let mut all = vec![("engine", Field::Str(info.name))];
    all.extend(fields);
    write_fields(out, args.flag("json"), &all)
}

pub fn convert(ConvertArgs(args): &ConvertArgs) -> Outcome {
    let (id, state) = state_info(args)?;
    let file = args.path("file");
    let to = args.str("to").unwrap_or("");
    let lossy = args.flag("drop-flag");
    let info = id.info();
    let (from, bytes) = bitexact::with_engine!(id, E => {
        let (g, from) = load::<E>(&file, &state, args.str("layout"))?;
        let bytes = E::save(&g, Some(to), lossy).map_err(|e| {
            if e.kind == StateKind::NotRepresentable {
                Failure::usage(format!(
                    "'{}': {e}; with --drop-flag {}",
                    crate::input_name(&file),
                    state.lossy
                ))
            } else {
                Failure::usage(e.to_string())
            }
        })?;
        (from, bytes)
    });
    write_state_file(
        &args.path("output"),
        &bytes,
        format_args!(
            "{} {} object converted to the {to} layout",
            info.name,
            from.unwrap_or("")
        ),
    )
}
