//! `state show` and `state convert`: look at a state file's fields, or
//! rewrite a Westwood object in the other game's layout. No search; bad files
//! get the same errors as `identify`.

use super::{generals, laige, sots, westwood, wwlib};
use crate::cli::{Layout as LayoutArg, ShowCommand, StateClass};
use crate::{Failure, Outcome};
use bitexact::westwood::Layout;
use serde_json::{Map, Value as Json};
use std::io::Write;
use std::path::Path;

fn hex32(w: u32) -> Json {
    format!("{w:#010x}").into()
}

fn hex64(w: u64) -> Json {
    format!("{w:#018x}").into()
}

/// `key: value` lines (strings unquoted), or one JSON object.
fn write_fields(out: &mut impl Write, json: bool, fields: &[(&str, Json)]) -> Outcome {
    if json {
        let obj: Map<String, Json> = fields
            .iter()
            .map(|(k, v)| ((*k).to_string(), v.clone()))
            .collect();
        writeln!(out, "{}", Json::Object(obj))?;
    } else {
        for (k, v) in fields {
            match v {
                Json::String(s) => writeln!(out, "{k}: {s}")?,
                other => writeln!(out, "{k}: {other}")?,
            }
        }
    }
    Ok(())
}

pub fn show(cmd: &ShowCommand, out: &mut impl Write) -> Outcome {
    match cmd {
        ShowCommand::Sots { file, json } => {
            let mt = sots::load(file)?;
            let words = mt.state();
            write_fields(
                out,
                *json,
                &[
                    ("engine", "sots".into()),
                    ("left", mt.left().into()),
                    ("index", (624 - mt.left()).into()),
                    ("first_word", hex32(words[0])),
                    ("last_word", hex32(words[623])),
                ],
            )
        }
        ShowCommand::Laige { file, json } => {
            let p = laige::load(file)?;
            write_fields(
                out,
                *json,
                &[
                    ("engine", "laige".into()),
                    ("seed", p.seed().into()),
                    ("part1", hex64(p.state_part1())),
                    ("part2", hex64(p.state_part2())),
                ],
            )
        }
        ShowCommand::Westwood {
            file,
            layout,
            class: StateClass::Random2,
            json,
        } => {
            let (layout, d) = westwood::load_with_layout(file, *layout)?;
            let r = &d.rng;
            let regular = d.irregular.is_none();
            write_fields(
                out,
                *json,
                &[
                    ("engine", "westwood".into()),
                    ("class", "Random2Class".into()),
                    ("layout", layout.to_string().into()),
                    ("disabled", r.disabled().into()),
                    ("index1", r.index1().into()),
                    ("index2", r.index2().into()),
                    ("cursors_regular", regular.into()),
                    ("first_word", hex32(r.table()[0] as u32)),
                    ("last_word", hex32(r.table()[249] as u32)),
                ],
            )
        }
        ShowCommand::Westwood {
            file,
            layout,
            class: StateClass::Random4,
            json,
        } => {
            if layout.is_some() {
                return Err(Failure::usage(
                    "--layout is for Random2Class objects; --class random4 states are 2500 bytes of words and mti",
                ));
            }
            let r = wwlib::load_random4(file)?;
            write_fields(
                out,
                *json,
                &[
                    ("engine", "westwood".into()),
                    ("class", "Random4Class".into()),
                    ("mti", r.mti().into()),
                    ("first_word", hex32(r.state()[0])),
                    ("last_word", hex32(r.state()[623])),
                ],
            )
        }
        ShowCommand::Generals { file, json } => {
            let g = generals::load(file)?;
            let s = g.state();
            let mut fields = vec![("engine", Json::from("generals"))];
            let names = ["s0", "s1", "s2", "s3", "s4", "s5"];
            fields.extend(names.iter().zip(s).map(|(n, w)| (*n, hex32(w))));
            write_fields(out, *json, &fields)
        }
    }
}

/// `state convert westwood FILE --to ts|ra2 -o OUT`.
pub fn convert(
    file: &Path,
    from: Option<LayoutArg>,
    to: LayoutArg,
    output: &Path,
    drop_flag: bool,
) -> Outcome {
    let (from, d) = westwood::load_with_layout(file, from)?;
    let to = westwood::layout_of(to);
    let mut rng = d.rng;
    if to == Layout::Ts && rng.disabled() {
        if !drop_flag {
            return Err(Failure::usage(format!(
                "'{}' has its disabled flag set, which the Tiberian Sun layout cannot store; \
                 --drop-flag writes it enabled (the stream then moves on its next draw)",
                crate::input_name(file)
            )));
        }
        rng.set_disabled(false);
    }
    let bytes = to.encode(&rng).map_err(|e| Failure::usage(e.to_string()))?;
    super::write_state_file(
        output,
        &bytes,
        format_args!("westwood {from} object converted to the {to} layout"),
    )
}
