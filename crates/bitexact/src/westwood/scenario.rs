//! A match's two streams and the scenario save/load path (seed 002, "Two
//! streams per game" and "Save and load").
//!
//! At match start both the **scenario** stream (the synchronised one lockstep
//! and replays depend on) and the **global** stream (non-critical randomness)
//! are seeded with the same seed; they part ways as soon as their consumers
//! draw at different rates.
//!
//! **Load resets the scenario stream — reproduced, not fixed.** Saving writes
//! the scenario stream's object bytes. Loading reads those bytes back and
//! then re-runs the scenario's no-initialisation constructor, which rebuilds
//! the embedded generator at seed 0, overwriting what was just read. So after
//! [`Match::load`] the scenario stream draws exactly as a fresh
//! `Random2::new(0)` does, whatever the save held — with the RA2/YR disabled
//! flag clear, which is an assumption: neither SPEC 4 nor seed 002 says what
//! that constructor does with the flag; the global stream is not touched by the scenario save/load
//! routines and continues where it was. A reimplementation must reset the
//! same way to stay in step with the original.

use super::layout::{DecodeError, Decoded, EncodeError, Encoded, Layout};
use super::random2::Random2;

/// One running game's randomness: the scenario stream, the global stream,
/// and the object layout its saves use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    layout: Layout,
    scenario: Random2,
    global: Random2,
}

impl Match {
    /// Match start: both streams `Random2::new(seed)`.
    pub fn new(seed: u32, layout: Layout) -> Self {
        let stream = Random2::new(seed);
        Self {
            layout,
            scenario: stream.clone(),
            global: stream,
        }
    }

    /// The layout saves are written and read in.
    pub const fn layout(&self) -> Layout {
        self.layout
    }

    /// The scenario (synchronised, gameplay) stream.
    pub const fn scenario(&self) -> &Random2 {
        &self.scenario
    }

    /// The scenario stream, to draw from.
    pub fn scenario_mut(&mut self) -> &mut Random2 {
        &mut self.scenario
    }

    /// The global (non-critical) stream.
    pub const fn global(&self) -> &Random2 {
        &self.global
    }

    /// The global stream, to draw from.
    pub fn global_mut(&mut self) -> &mut Random2 {
        &mut self.global
    }

    /// The scenario save's generator bytes: the scenario stream in the
    /// match's layout. Fails only for a disabled stream in the TS layout.
    pub fn save(&self) -> Result<Encoded, EncodeError> {
        self.layout.encode(&self.scenario)
    }

    /// The scenario load: decode `bytes` in the match's layout, then rebuild
    /// the scenario stream at seed 0 (`Random2::new(0)`), discarding what was
    /// read; the global stream is left as it is. Returns the state that was
    /// read (and overwritten), for inspection.
    ///
    /// Bytes that do not decode (see [`DecodeError`]) leave the match
    /// untouched. Irregular cursors do not stop the load (the bytes are
    /// discarded anyway); they are reported in the returned [`Decoded`].
    pub fn load(&mut self, bytes: &[u8]) -> Result<Decoded, DecodeError> {
        let decoded = self.layout.decode(bytes)?;
        self.scenario = Random2::new(0);
        Ok(decoded)
    }
}
