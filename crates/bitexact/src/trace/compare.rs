//! Field-by-field comparison of records, and the running summary.

use super::{Record, Value};
use crate::x87::{ulp_distance_f32, ulp_distance_f64};
use alloc::collections::{BTreeMap, VecDeque};
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// One field that differs between two records.
#[derive(Clone, Debug, PartialEq)]
pub struct FieldDiff {
    /// The field's path: `move`, `pos[0]`, `a.b`.
    pub field: String,
    /// Its value in A (`None`: A lacks the field).
    pub a: Option<Value>,
    /// Its value in B (`None`: B lacks the field).
    pub b: Option<Value>,
    /// ULPs between the two, when both are floats of one width (integers
    /// compared with f32s are converted first). `None` for other differences
    /// and when either is NaN.
    pub ulp: Option<u64>,
}

/// A field name as a path segment: plain names as they are, others quoted
/// (`["a.b"]`), so `{"a.b": 1}` and `{"a": {"b": 1}}` stay apart.
fn segment(name: &str) -> String {
    if !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_') {
        name.into()
    } else {
        format!("[{name:?}]")
    }
}

/// Flatten a record into (path, leaf) pairs, lists and maps expanded; an
/// empty list or map is a leaf itself (so `[]` is not the same as absent).
fn leaves(record: &Record) -> Vec<(String, &Value)> {
    fn walk<'a>(path: String, v: &'a Value, out: &mut Vec<(String, &'a Value)>) {
        match v {
            Value::List(items) if !items.is_empty() => {
                for (i, item) in items.iter().enumerate() {
                    walk(format!("{path}[{i}]"), item, out);
                }
            }
            Value::Map(fields) if !fields.is_empty() => {
                for (k, item) in fields {
                    let s = segment(k);
                    let p = if s.starts_with('[') {
                        format!("{path}{s}")
                    } else {
                        format!("{path}.{s}")
                    };
                    walk(p, item, out);
                }
            }
            _ => out.push((path, v)),
        }
    }
    let mut out = Vec::new();
    for (k, v) in &record.fields {
        walk(segment(k), v, &mut out);
    }
    out
}

/// `None` when the leaves are the same (floats: the same bits), else
/// `Some(ulp)`.
fn leaf_diff(a: &Value, b: &Value) -> Option<Option<u64>> {
    let f32s = |x: f32, y: f32| {
        (x.to_bits() != y.to_bits()).then(|| ulp_distance_f32(x, y).map(u64::from))
    };
    match (a, b) {
        (Value::F32(x), Value::F32(y)) => f32s(*x, *y),
        (Value::F64(x), Value::F64(y)) => {
            (x.to_bits() != y.to_bits()).then(|| ulp_distance_f64(*x, *y))
        }
        // An integer equals a float only when it is that float exactly.
        (Value::Int(i), Value::F32(y)) | (Value::F32(y), Value::Int(i)) => {
            if (*i as f32) as i128 == *i {
                f32s(*i as f32, *y)
            } else {
                Some(None)
            }
        }
        (Value::Int(i), Value::F64(y)) | (Value::F64(y), Value::Int(i)) => {
            ((*i as f64) as i128 != *i || (*i as f64).to_bits() != y.to_bits()).then_some(None)
        }
        // An f32 and an f64 compare as f64s: exactly.
        (Value::F32(x), Value::F64(y)) | (Value::F64(y), Value::F32(x)) => {
            let x = f64::from(*x);
            (x.to_bits() != y.to_bits()).then(|| ulp_distance_f64(x, *y))
        }
        _ => (a != b).then_some(None),
    }
}

/// Every field that differs between `a` and `b`, in A's field order, then
/// the fields only B has (by path).
pub fn compare_records(a: &Record, b: &Record) -> Vec<FieldDiff> {
    let la = leaves(a);
    let lb = leaves(b);
    // B's leaves by path; a path repeated in a record pairs up in order.
    let mut in_b: BTreeMap<&str, VecDeque<&Value>> = BTreeMap::new();
    for (k, v) in &lb {
        in_b.entry(k.as_str()).or_default().push_back(*v);
    }
    let mut diffs = Vec::new();
    for (field, va) in &la {
        match in_b.get_mut(field.as_str()).and_then(VecDeque::pop_front) {
            Some(vb) => {
                if let Some(ulp) = leaf_diff(va, vb) {
                    diffs.push(FieldDiff {
                        field: field.clone(),
                        a: Some((*va).clone()),
                        b: Some(vb.clone()),
                        ulp,
                    });
                }
            }
            None => diffs.push(FieldDiff {
                field: field.clone(),
                a: Some((*va).clone()),
                b: None,
                ulp: None,
            }),
        }
    }
    for (field, rest) in in_b {
        for vb in rest {
            diffs.push(FieldDiff {
                field: field.into(),
                a: None,
                b: Some(vb.clone()),
                ulp: None,
            });
        }
    }
    diffs
}

/// Divergences of one field across a comparison.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FieldStats {
    /// Records where the field differed.
    pub diverged: u64,
    /// The largest ULP distance seen (`None` if no difference had one).
    pub worst_ulp: Option<u64>,
}

/// The first diverging record, in full.
#[derive(Clone, Debug, PartialEq)]
pub struct Divergence {
    /// Its key (or line number in line-order mode).
    pub key: String,
    /// Its line in A (1-based).
    pub line_a: u64,
    /// Its line in B (1-based).
    pub line_b: u64,
    /// Every differing field.
    pub diffs: Vec<FieldDiff>,
}

/// What a comparison found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    /// Records read from A.
    pub records_a: u64,
    /// Records read from B.
    pub records_b: u64,
    /// Records matched and compared.
    pub compared: u64,
    /// Compared records with at least one differing field.
    pub diverged: u64,
    /// Records of B with no partner in A.
    pub missing_in_a: u64,
    /// Records of A with no partner in B.
    pub missing_in_b: u64,
    /// Per field: how often it differed, the worst ULP.
    pub fields: BTreeMap<String, FieldStats>,
    /// The first diverging record.
    pub first_divergence: Option<Divergence>,
    /// Keys of the first few records missing in A (from B), with B's line.
    pub first_missing_in_a: Vec<(String, u64)>,
    /// Keys of the first few records missing in B (from A), with A's line.
    pub first_missing_in_b: Vec<(String, u64)>,
}

/// How many missing keys a summary lists by name.
const MISSING_LISTED: usize = 10;

impl Summary {
    /// True when every record matched and none diverged.
    pub fn is_clean(&self) -> bool {
        self.diverged == 0 && self.missing_in_a == 0 && self.missing_in_b == 0
    }

    /// Count one compared pair with its differences.
    pub fn add(&mut self, key: &str, line_a: u64, line_b: u64, diffs: Vec<FieldDiff>) {
        self.compared += 1;
        if diffs.is_empty() {
            return;
        }
        self.diverged += 1;
        for d in &diffs {
            let s = self.fields.entry(d.field.clone()).or_default();
            s.diverged += 1;
            if let Some(u) = d.ulp {
                s.worst_ulp = Some(s.worst_ulp.map_or(u, |w| w.max(u)));
            }
        }
        if self.first_divergence.is_none() {
            self.first_divergence = Some(Divergence {
                key: key.into(),
                line_a,
                line_b,
                diffs,
            });
        }
    }
}

/// A record waiting for its partner.
type Pending = BTreeMap<String, (u64, Record)>;

/// A key seen twice on one side while its first record still waits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DuplicateKey {
    /// The key.
    pub key: String,
    /// The line of the second record.
    pub line: u64,
}

/// Match records of two traces by key as they stream in, comparing each
/// pair as soon as both halves are there. Memory holds only records still
/// waiting for their partner: constant for traces in the same order.
#[derive(Clone, Debug, Default)]
pub struct Comparison {
    summary: Summary,
    pending_a: Pending,
    pending_b: Pending,
    keep: bool,
    last: Option<Compared>,
}

/// One pair as it was compared (kept when asked with
/// [`Comparison::keep_compared`], for a page to draw: SPEC 14).
#[derive(Clone, Debug, PartialEq)]
pub struct Compared {
    /// Its key.
    pub key: String,
    /// Its line in A.
    pub line_a: u64,
    /// Its line in B.
    pub line_b: u64,
    /// Its differing fields (empty when equal).
    pub diffs: Vec<FieldDiff>,
}

impl Comparison {
    /// An empty comparison.
    pub fn new() -> Self {
        Self::default()
    }

    /// Keep each pair as it is compared, for [`Comparison::take_compared`].
    pub fn keep_compared(&mut self) {
        self.keep = true;
    }

    /// The pair the last push compared, when it compared one (only after
    /// [`Comparison::keep_compared`]).
    pub fn take_compared(&mut self) -> Option<Compared> {
        self.last.take()
    }

    fn compared(&mut self, key: String, line_a: u64, line_b: u64, diffs: Vec<FieldDiff>) {
        if self.keep {
            self.summary.add(&key, line_a, line_b, diffs.clone());
            self.last = Some(Compared {
                key,
                line_a,
                line_b,
                diffs,
            });
        } else {
            self.summary.add(&key, line_a, line_b, diffs);
        }
    }

    /// A record of A with its key and 1-based line.
    pub fn push_a(&mut self, key: String, line: u64, record: Record) -> Result<(), DuplicateKey> {
        match self.pending_b.remove(&key) {
            Some((line_b, b)) => {
                let diffs = compare_records(&record, &b);
                self.compared(key, line, line_b, diffs);
            }
            None => insert(&mut self.pending_a, key, line, record)?,
        }
        self.summary.records_a += 1;
        Ok(())
    }

    /// A record of B with its key and 1-based line.
    pub fn push_b(&mut self, key: String, line: u64, record: Record) -> Result<(), DuplicateKey> {
        match self.pending_a.remove(&key) {
            Some((line_a, a)) => {
                let diffs = compare_records(&a, &record);
                self.compared(key, line_a, line, diffs);
            }
            None => insert(&mut self.pending_b, key, line, record)?,
        }
        self.summary.records_b += 1;
        Ok(())
    }

    /// Records waiting for a partner right now (the memory in use).
    pub fn pending(&self) -> usize {
        self.pending_a.len() + self.pending_b.len()
    }

    /// Close the comparison: records still waiting are missing on the other side.
    pub fn finish(mut self) -> Summary {
        let s = &mut self.summary;
        s.missing_in_b = self.pending_a.len() as u64;
        s.missing_in_a = self.pending_b.len() as u64;
        let first = |p: &Pending| {
            let mut v: Vec<(String, u64)> =
                p.iter().map(|(k, (line, _))| (k.clone(), *line)).collect();
            v.sort_by_key(|(_, line)| *line);
            v.truncate(MISSING_LISTED);
            v
        };
        s.first_missing_in_b = first(&self.pending_a);
        s.first_missing_in_a = first(&self.pending_b);
        self.summary
    }
}

fn insert(p: &mut Pending, key: String, line: u64, record: Record) -> Result<(), DuplicateKey> {
    if p.contains_key(&key) {
        return Err(DuplicateKey { key, line });
    }
    p.insert(key, (line, record));
    Ok(())
}
