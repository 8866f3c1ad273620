//! The word ledger on the Mars generator: [`crate::engine::ledger::Ledger`] with
//! each entry point as a typed method.

use super::engine::Sots;
use super::{Call, Rng};
use crate::engine::Value;
use core::num::NonZeroU32;

/// A [`Rng`] that records every call's word cost, per entry point
/// ([`super::EntryPoint`]) and per turn.
pub type Ledger = crate::engine::ledger::Ledger<Sots>;

impl crate::engine::ledger::Ledger<Sots> {
    /// The generator (for `left`, `position`, …).
    pub fn rng(&self) -> &Rng {
        self.gen()
    }

    /// [`Rng::next_u32`], recorded.
    pub fn next_u32(&mut self) -> u32 {
        match self.apply(Call::U32).0 {
            Value::U32(v) => v,
            _ => unreachable!("next_u32 gives a u32"),
        }
    }

    /// [`Rng::next_unit`], recorded.
    pub fn next_unit(&mut self) -> f64 {
        match self.apply(Call::Unit).0 {
            Value::F64(v) => v,
            _ => unreachable!("next_unit gives an f64"),
        }
    }

    /// [`Rng::next_float`], recorded.
    pub fn next_float(&mut self) -> f32 {
        match self.apply(Call::Float).0 {
            Value::F32(v) => v,
            _ => unreachable!("next_float gives an f32"),
        }
    }

    /// [`Rng::next_int_inclusive`], recorded.
    pub fn next_int_inclusive(&mut self, n: u32) -> u32 {
        match self.apply(Call::IntInclusive(n)).0 {
            Value::U32(v) => v,
            _ => unreachable!("next_int_inclusive gives a u32"),
        }
    }

    /// [`Rng::chance`], recorded (a call that spends no word still counts as
    /// a call).
    pub fn chance(&mut self, p: f32) -> bool {
        match self.apply(Call::Chance(p)).0 {
            Value::Bool(v) => v,
            _ => unreachable!("chance gives a bool"),
        }
    }

    /// [`Rng::float_range`], recorded.
    pub fn float_range(&mut self, lo: f32, hi: f32) -> f32 {
        match self.apply(Call::FloatRange(lo, hi)).0 {
            Value::F32(v) => v,
            _ => unreachable!("float_range gives an f32"),
        }
    }

    /// [`Rng::int_range_bell`], recorded.
    pub fn int_range_bell(&mut self, lo: i32, hi: i32) -> i32 {
        match self.apply(Call::IntRangeBell(lo, hi)).0 {
            Value::I32(v) => v,
            _ => unreachable!("int_range_bell gives an i32"),
        }
    }

    /// One truncated-normal call that took `attempts` attempts: its value
    /// is not modelled, but its cost is — 2 words per attempt are spent, so
    /// the stream stays aligned.
    pub fn truncated_normal(&mut self, attempts: NonZeroU32) {
        self.apply(Call::TruncatedNormal(attempts));
    }
}
