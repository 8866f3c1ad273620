//! Replaying recorded MoveFleet calls (SPEC 5, seed 003): which model
//! reproduces each record, bit for bit.
//!
//! A record carries `call_id`, `pos` (x, y, z), `dest` (x, y, z), `move` and
//! `pos_after` (x, y, z). A record without `dest` took the waypointless early
//! out: its `pos_after` must equal `pos`.

use super::{FieldDiff, Record, Value};
use crate::sots::movefleet::Model;
use crate::sots::{Precision, Vec3};
use crate::x87::ulp_distance_f32;
use alloc::string::String;
use alloc::vec::Vec;

/// One recorded call.
#[derive(Clone, Debug, PartialEq)]
pub struct Leg {
    /// The record's `call_id`, if it has one.
    pub call_id: Option<Value>,
    /// Position before the call.
    pub pos: Vec3,
    /// The waypoint destination and the move, or `None` for the early out.
    pub step: Option<(Vec3, f32)>,
    /// The recorded position after the call.
    pub pos_after: Vec3,
}

/// Why a record is not a MoveFleet call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// A required field is absent.
    Missing(&'static str),
    /// A field is not an array of three floats.
    NotAVec3(&'static str),
    /// A field is not a float.
    NotAFloat(&'static str),
}

impl core::fmt::Display for RecordError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            RecordError::Missing(field) => write!(f, "no '{field}' field"),
            RecordError::NotAVec3(field) => {
                write!(f, "'{field}' is not an array of three floats")
            }
            RecordError::NotAFloat(field) => write!(f, "'{field}' is not a float"),
        }
    }
}

impl core::error::Error for RecordError {}

fn vec3(record: &Record, field: &'static str) -> Result<Option<Vec3>, RecordError> {
    match record.get(field) {
        None => Ok(None),
        Some(Value::List(items)) if items.len() == 3 => {
            let c = |i: usize| items[i].as_f32().ok_or(RecordError::NotAVec3(field));
            Ok(Some(Vec3::new(c(0)?, c(1)?, c(2)?)))
        }
        Some(_) => Err(RecordError::NotAVec3(field)),
    }
}

/// Read a record as a MoveFleet call.
pub fn parse_leg(record: &Record) -> Result<Leg, RecordError> {
    let pos = vec3(record, "pos")?.ok_or(RecordError::Missing("pos"))?;
    let pos_after = vec3(record, "pos_after")?.ok_or(RecordError::Missing("pos_after"))?;
    let step = match vec3(record, "dest")? {
        None => None,
        Some(dest) => {
            let mv = record
                .get("move")
                .ok_or(RecordError::Missing("move"))?
                .as_f32()
                .ok_or(RecordError::NotAFloat("move"))?;
            Some((dest, mv))
        }
    };
    Ok(Leg {
        call_id: record.get("call_id").cloned(),
        pos,
        step,
        pos_after,
    })
}

/// The position after the call under `model` at precision `p` (the early
/// out leaves the position alone under every model).
pub fn replay(leg: &Leg, model: Model, p: Precision) -> Vec3 {
    match leg.step {
        None => leg.pos,
        Some((dest, mv)) => model.leg(leg.pos, dest, mv, p),
    }
}

/// The `pos_after` components that differ from a recomputed position,
/// as trace differences (A = recorded, B = recomputed).
pub fn diffs(leg: &Leg, recomputed: Vec3) -> Vec<FieldDiff> {
    let names = ["pos_after[0]", "pos_after[1]", "pos_after[2]"];
    let (want, got) = (leg.pos_after.to_array(), recomputed.to_array());
    (0..3)
        .filter(|&i| want[i].to_bits() != got[i].to_bits())
        .map(|i| FieldDiff {
            field: String::from(names[i]),
            a: Some(Value::F32(want[i])),
            b: Some(Value::F32(got[i])),
            ulp: ulp_distance_f32(want[i], got[i]).map(u64::from),
        })
        .collect()
}
