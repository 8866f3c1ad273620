//! `Random2Class`: the 250-word lagged-XOR generator the games draw from.
//!
//! State: `table[250]` (signed 32-bit words) and two cursors, `index1` and
//! `index2`, that start at 0 and 103. Seeding fills the table with the first
//! 250 outputs of [`Random3`](super::Random3)`(seed)` (index 0 up). A raw
//! draw is
//!
//! ```text
//! table[index1] ^= table[index2]
//! v = table[index1]
//! index1 += 1, index2 += 1, each wrapping to 0 at 250
//! return v
//! ```
//!
//! Red Alert 2 / Yuri's Revenge add a leading `disabled` flag: while it is
//! set, a raw draw returns 0 and changes nothing. Tiberian Sun has no flag
//! (a generator here has it clear unless [`set_disabled`](Random2::set_disabled)
//! says otherwise).
//!
//! The step is invertible whenever the cursors differ: decrement both, then
//! XOR `table[index2]` into `table[index1]` again ([`Random2::unstep`]). The
//! original only ever has the cursors 103 apart (`index2 == (index1 + 103) %
//! 250`); a state with any other pair was edited or corrupted (see
//! [`IrregularCursors`]).

use super::random3::psdes;

/// Words in the table.
pub const TABLE_LEN: usize = 250;
/// How far `index2` leads `index1` (mod 250) in every state the original
/// produces.
pub const LAG: usize = 103;

/// The 250-word table.
pub type Table = [i32; TABLE_LEN];

/// The table `Random2Class(seed)` starts with: `psdes(seed, k)` for
/// `k = 0..250`.
pub fn seed_table(seed: u32) -> Table {
    let mut table = [0; TABLE_LEN];
    for (k, word) in table.iter_mut().enumerate() {
        *word = psdes(seed, k as u32);
    }
    table
}

/// Which cursor a message is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cursor {
    /// The cursor of the word a draw writes (starts at 0).
    Index1,
    /// The cursor of the word XORed in (starts at 103).
    Index2,
}

impl core::fmt::Display for Cursor {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Cursor::Index1 => "index1",
            Cursor::Index2 => "index2",
        })
    }
}

/// A cursor outside `0..250`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CursorOutOfRange {
    /// Which cursor.
    pub cursor: Cursor,
    /// The value given.
    pub value: i64,
}

impl core::fmt::Display for CursorOutOfRange {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{} = {}; expected 0..250", self.cursor, self.value)
    }
}

impl core::error::Error for CursorOutOfRange {}

/// A cursor pair the original never produces: `index2` is not 103 ahead of
/// `index1` (mod 250). Such a state still draws (mechanically), but it was
/// not produced by seeding and drawing, so it has no seed and no position
/// (the gap between the cursors never changes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IrregularCursors {
    /// The first cursor.
    pub index1: usize,
    /// The second cursor.
    pub index2: usize,
}

impl IrregularCursors {
    /// How far `index2` leads `index1`, mod 250 (103 in the original).
    pub const fn gap(&self) -> usize {
        (self.index2 + TABLE_LEN - self.index1) % TABLE_LEN
    }
}

impl core::fmt::Display for IrregularCursors {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "cursors index1 = {}, index2 = {} are {} apart, not 103: the game never writes \
             this pair (edited or corrupted state); it has no seed or position",
            self.index1,
            self.index2,
            self.gap()
        )
    }
}

impl core::error::Error for IrregularCursors {}

/// [`Random2::unstep`] on a state whose cursors coincide: the step that led
/// here zeroed the word, so it cannot be undone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CursorsCoincide {
    /// The shared cursor value.
    pub index: usize,
}

impl core::fmt::Display for CursorsCoincide {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "index1 and index2 are both {}: the previous draw zeroed that word and cannot be undone",
            self.index
        )
    }
}

impl core::error::Error for CursorsCoincide {}

/// `Random2Class` (with Red Alert 2's `disabled` flag).
///
/// Besides the state, it keeps a draw counter, [`position`](Self::position),
/// that is not part of the state (not compared, not saved). With the `serde`
/// feature it serializes as `{"table": [250], "index1", "index2", "disabled"}`;
/// deserializing checks the cursors.
#[derive(Clone)]
pub struct Random2 {
    table: Table,
    index1: u8,
    index2: u8,
    disabled: bool,
    position: u64,
}

/// The (table, index1) of the previous draw, before its step. Cursors must
/// differ. Shared with identification.
#[inline(always)]
pub(crate) fn unstep_table(table: &mut Table, index1: &mut usize, index2: &mut usize) {
    *index1 = if *index1 == 0 {
        TABLE_LEN - 1
    } else {
        *index1 - 1
    };
    *index2 = if *index2 == 0 {
        TABLE_LEN - 1
    } else {
        *index2 - 1
    };
    table[*index1] ^= table[*index2];
}

impl Random2 {
    /// `Random2Class(seed)`: [`seed_table`]`(seed)`, cursors 0 and 103, flag
    /// clear, position 0.
    pub fn new(seed: u32) -> Self {
        Self::from_table(seed_table(seed))
    }

    /// A generator at a seeding point: this table, cursors 0 and 103.
    pub const fn from_table(table: Table) -> Self {
        Self {
            table,
            index1: 0,
            index2: LAG as u8,
            disabled: false,
            position: 0,
        }
    }

    /// A generator at an explicit state (flag clear, position 0). Both
    /// cursors must be in `0..250`; an irregular pair is accepted (the
    /// original would run with it) and reported by
    /// [`irregular`](Self::irregular).
    pub const fn from_parts(
        table: Table,
        index1: usize,
        index2: usize,
    ) -> Result<Self, CursorOutOfRange> {
        if index1 >= TABLE_LEN {
            return Err(CursorOutOfRange {
                cursor: Cursor::Index1,
                value: index1 as i64,
            });
        }
        if index2 >= TABLE_LEN {
            return Err(CursorOutOfRange {
                cursor: Cursor::Index2,
                value: index2 as i64,
            });
        }
        Ok(Self {
            table,
            index1: index1 as u8,
            index2: index2 as u8,
            disabled: false,
            position: 0,
        })
    }

    /// The table.
    pub const fn table(&self) -> &Table {
        &self.table
    }

    /// The cursor of the word the next draw writes, `0..250`.
    pub const fn index1(&self) -> usize {
        self.index1 as usize
    }

    /// The cursor of the word the next draw XORs in, `0..250`.
    pub const fn index2(&self) -> usize {
        self.index2 as usize
    }

    /// `None` when `index2 == (index1 + 103) % 250`, as in every state the
    /// original produces; otherwise the irregular pair.
    pub const fn irregular(&self) -> Option<IrregularCursors> {
        let c = IrregularCursors {
            index1: self.index1 as usize,
            index2: self.index2 as usize,
        };
        if c.gap() == LAG {
            None
        } else {
            Some(c)
        }
    }

    /// Red Alert 2's `disabled` flag.
    pub const fn disabled(&self) -> bool {
        self.disabled
    }

    /// Set or clear the `disabled` flag (Red Alert 2 / Yuri's Revenge only;
    /// the Tiberian Sun layout cannot store a set flag).
    pub fn set_disabled(&mut self, disabled: bool) {
        self.disabled = disabled;
    }

    /// A raw-draw counter for measuring cost: raw draws made since seeding
    /// (or since the state was built or loaded), counting the ones a set
    /// `disabled` flag short-circuits. Not part of the state.
    pub const fn position(&self) -> u64 {
        self.position
    }

    /// Sets the draw counter (not state), restoring a copy's.
    pub fn set_position(&mut self, position: u64) {
        self.position = position;
    }

    /// Add `draws` to the draw counter (the bulk path's bookkeeping).
    pub(super) fn advance_position(&mut self, draws: u64) {
        self.position = self.position.wrapping_add(draws);
    }

    /// The table, writable (the bulk path).
    pub(super) fn table_mut(&mut self) -> &mut Table {
        &mut self.table
    }

    /// Set both cursors (the bulk path; both in `0..250`).
    pub(super) fn set_cursors(&mut self, index1: usize, index2: usize) {
        debug_assert!(index1 < TABLE_LEN && index2 < TABLE_LEN);
        self.index1 = index1 as u8;
        self.index2 = index2 as u8;
    }

    /// The lagged-XOR step, regardless of the flag (the position counter is
    /// the caller's business). Shared with `diff`.
    #[inline(always)]
    pub(super) fn step(&mut self) -> i32 {
        let (i1, i2) = (self.index1 as usize, self.index2 as usize);
        self.table[i1] ^= self.table[i2];
        let v = self.table[i1];
        self.index1 = if i1 + 1 == TABLE_LEN { 0 } else { i1 as u8 + 1 };
        self.index2 = if i2 + 1 == TABLE_LEN { 0 } else { i2 as u8 + 1 };
        v
    }

    /// One raw draw: the updated word (see the module docs); 0, with the
    /// state untouched, when the `disabled` flag is set.
    #[inline]
    pub fn raw(&mut self) -> i32 {
        self.position = self.position.wrapping_add(1);
        if self.disabled {
            return 0;
        }
        self.step()
    }

    /// Spend `draws` raw draws, as that many [`raw`](Self::raw) calls would.
    /// With the original's cursors (103 apart) whole cycles of 250 draws run
    /// as two straight loops over the table (about 0.1 ns a draw, a tenth of
    /// stepping); the result is the same state as `draws` single steps.
    pub fn discard(&mut self, mut draws: u64) {
        self.position = self.position.wrapping_add(draws);
        if self.disabled {
            return;
        }
        if self.irregular().is_none() {
            while draws > 0 && self.index1 != 0 {
                self.step();
                draws -= 1;
            }
            while draws >= TABLE_LEN as u64 {
                step_cycle(&mut self.table);
                draws -= TABLE_LEN as u64;
            }
        }
        for _ in 0..draws {
            self.step();
        }
    }

    /// Undo one lagged-XOR step (the flag is ignored: this is the state
    /// before the last draw an enabled stream made). Decrements
    /// [`position`](Self::position), saturating at 0. Fails, changing
    /// nothing, when the cursors coincide (impossible for regular cursors).
    pub fn unstep(&mut self) -> Result<(), CursorsCoincide> {
        if self.index1 == self.index2 {
            return Err(CursorsCoincide {
                index: self.index1 as usize,
            });
        }
        let (mut i1, mut i2) = (self.index1 as usize, self.index2 as usize);
        unstep_table(&mut self.table, &mut i1, &mut i2);
        (self.index1, self.index2) = (i1 as u8, i2 as u8);
        self.position = self.position.saturating_sub(1);
        Ok(())
    }
}

super::ranged::wwlib_draws! {
    Random2, bits: 32,
    /// The ranged draw on `[min, max]` inclusive (32 significant bits; see
    /// [`ranged`](super::ranged) for the rules, the edges and the raw draws
    /// spent). Errors, spending nothing, only where the span exceeds
    /// `i32::MAX` and the original loops for ever.
    ranged;
    /// `ranged(1, 2147483647) / 2147483648.0`, strictly inside (0, 1).
    /// 1 raw draw plus rejections (only `0x7fffffff` is rejected).
    double;
}

/// The 250 steps from `index1 == 0, index2 == 103` back to it: step `k`
/// writes `table[k] ^= table[(k + 103) % 250]`, in order; split at the wrap
/// so both loops are straight (and vectorise).
fn step_cycle(table: &mut Table) {
    const LAG: usize = TABLE_LEN - 103;
    for k in 0..LAG {
        table[k] ^= table[k + 103];
    }
    for k in LAG..TABLE_LEN {
        table[k] ^= table[k - LAG];
    }
}

/// Equal when the table, the cursors and the flag are (the counter is not
/// state).
impl PartialEq for Random2 {
    fn eq(&self, other: &Self) -> bool {
        self.index1 == other.index1
            && self.index2 == other.index2
            && self.disabled == other.disabled
            && self.table == other.table
    }
}

impl Eq for Random2 {}

impl core::hash::Hash for Random2 {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        (self.index1, self.index2, self.disabled, &self.table).hash(state);
    }
}

impl core::fmt::Debug for Random2 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Random2")
            .field("index1", &self.index1)
            .field("index2", &self.index2)
            .field("disabled", &self.disabled)
            .field("table[0..4]", &&self.table[..4])
            .finish_non_exhaustive()
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::{Random2, TABLE_LEN};
    use crate::serde_array::{Array, OwnedArray};
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize)]
    #[serde(rename = "Random2")]
    struct Repr<'a> {
        table: Array<'a, i32, TABLE_LEN>,
        index1: usize,
        index2: usize,
        disabled: bool,
    }

    #[derive(Deserialize)]
    #[serde(rename = "Random2")]
    struct OwnedRepr {
        table: OwnedArray<i32, TABLE_LEN>,
        index1: usize,
        index2: usize,
        disabled: bool,
    }

    impl Serialize for Random2 {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            Repr {
                table: Array(self.table()),
                index1: self.index1(),
                index2: self.index2(),
                disabled: self.disabled(),
            }
            .serialize(s)
        }
    }

    impl<'de> Deserialize<'de> for Random2 {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let r = OwnedRepr::deserialize(d)?;
            let mut rng =
                Random2::from_parts(r.table.0, r.index1, r.index2).map_err(D::Error::custom)?;
            rng.set_disabled(r.disabled);
            Ok(rng)
        }
    }
}
