//! The signatures of SPEC 10, matched over one function's agreed
//! instructions with the data flow of [`super::flow`]. Each signature is a
//! sequence, not one constant: a site says how much of it was seen.
//!
//! SPEC 10.1: a signature matches the value the instructions compute, in
//! each compiler's spelling. The tempering's forms are listed in
//! [`super::temper`], the 624-word bound's in `bounds`; the twist's and the
//! 53-bit double's here:
//!
//! | part | forms | emitted by |
//! | --- | --- | --- |
//! | twist: the mix of `mt[i]` and `mt[i + 1]` | `(a & 0x80000000) \| (b & 0x7fffffff)` | gcc, mingw-w64 |
//! | | `((a ^ b) & 0x7fffffff) ^ a` | Visual C++ 2008–2019 (no `0x80000000` anywhere) |
//! | | `btr r, 31` for `& 0x7fffffff` | Visual C++ 2019–2022 x64 |
//! | twist: the matrix step | `0x9908b0df` and-ed after `neg` (or `neg; sbb`), `imul` by it, `cmov`, or the table `mag01[y & 1]` (also of 64-bit words), or a vector of it | gcc, MSVC, Python 2's `_random` |
//! | twist: the 397-word offset | exactly 397 / −227 words (or their bytes, of 4- or 8-byte words) as an immediate, or two memory operands that far apart (`[p + 4k + 0x630]` against `[p + 4k − 4]` when the index counts from `k + 1`) | every compiler |
//! | twist: the loop | the 624-word block loop, or one word per draw (numpy's `gen_next` in `mt19937_jump`) | numpy, CPython, MSVC's `std::mt19937` |
//! | `mt19937.res53` | both doubles 67108864.0 and 2^-53 (or 2^53) read in one function, with a `>> 5` and a `>> 6`: x87 `fild`/`fmul`/`faddp`, SSE2 `cvtsi2sd`/`cvtdq2pd`/`mulsd`, the doubles as operands or loaded into registers first | Visual C++ 2008 (x87 and SSE2), 2019 |
//!
//! A twist is complete with the matrix step, the mix (both masks, or one
//! mask between two XORs), `>> 1` and the offset, all in one function.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use iced_x86::{FlowControl, Instruction, MemorySize, OpKind, Register};

use super::constants::{
    is_known32, temper_mask, twist_offset, BY_ARRAY, K1998, KNUTH, MATRIX_A, MSVC_ADD, MSVC_MUL,
    PSDES, RES53, SPLITMIX, UNIT_SCALES, WWLIB_ADD, WWLIB_MUL,
};
use super::flow::{Env, Flow, Node, Val};
use super::report::Signature;
use super::temper::Chains;

mod bounds;
mod finish;

use bounds::Bounds;

/// What a walk through one function collects.
#[derive(Debug, Default)]
pub(crate) struct Matcher {
    chains: Chains,
    masks: Vec<(u64, u32)>,
    twist: Vec<u64>,
    twist_masks: Vec<(u64, u32)>,
    /// The twist's mix as one mask and two XORs: `((a ^ b) & 0x7fffffff)
    /// ^ a` (MSVC), `((a ^ b) & 0x80000000) ^ b`: its mask.
    twist_mix: Option<u32>,
    /// A read of a two-word table `{0, 0x9908b0df}` (`mag01[y & 1]`).
    twist_table: bool,
    /// A `>> 1` in the function (the flow's, or a vector shift by 1).
    shr1: bool,
    /// A 397 or 227 word offset: an immediate, or two memory operands of
    /// the function 1588 or 908 bytes apart.
    offset397: bool,
    /// `lea r, [k + d]` with a small `d`: the value `k` and `d`.
    index_leas: Vec<(Val, i64)>,
    /// Memory operands with a constant base (an array) and an index: the
    /// base and the index's value.
    indexed: Vec<(u64, Val)>,
    /// Displacements of memory operands off a register the flow does not
    /// know (`[rax + 1588]`, `p[M]` through a pointer), each with its
    /// instruction.
    displacements: Vec<(i64, u64)>,
    knuth: Vec<u64>,
    knuth_complete: bool,
    /// `imul` by 1812433253 as an immediate, whatever the flow made of it.
    knuth_imm: Vec<u64>,
    /// `init_by_array`'s multiplies: the instruction, which multiplier,
    /// and whether its operand is `x ^ (x >> 30)`.
    by_array: Vec<(u64, usize, bool)>,
    by_array_imm: Vec<(u64, usize)>,
    /// The fixed addresses the function's memory operands name (a 624-word
    /// loop over a global array may show only as its end, 2496 bytes on),
    /// each with its instruction.
    addresses: Vec<(u64, u64)>,
    shr30: bool,
    /// What the function's loops show of the state's length: a seeding
    /// is complete only with it in its own loop.
    bounds: Bounds,
    seed1998: Vec<u64>,
    seed1998_extra: Vec<&'static str>,
    psdes: Vec<(u64, usize)>,
    lcgs: Vec<(Signature, Val, Vec<u64>, bool)>,
    halves: Vec<(u64, u32)>,
    splitmix: Vec<(u64, usize)>,
    units: Vec<(u64, String)>,
    /// Reads of the 53-bit double's constants ([`RES53`], by index).
    res53: Vec<(u64, usize)>,
    /// Values shifted right by 5 and by 6 (`genrand_res53`'s `a` and `b`).
    shr5: Vec<u64>,
    shr6: Vec<u64>,
    /// Data addresses the site instructions read.
    pub reads: Vec<u64>,
}

/// Tables of constants found in the image's bytes: where each psdes
/// table (four words) starts, and each two-word table `{0, 0x9908b0df}`
/// (`mag01`, sorted), of 32-bit words or (`unsigned long` on LP64, as
/// Python 2's `_random` has it) of 64-bit ones.
#[derive(Debug, Default)]
pub(crate) struct Tables {
    pub psdes: Vec<(u64, usize)>,
    pub mag01: Vec<u64>,
    pub mag01_64: Vec<u64>,
}

impl Matcher {
    /// The head of a loop that writes the registers `written` (a bit
    /// each), before the flow forgets them.
    pub fn loop_head(&mut self, head: u64, flow: &Flow, written: u16) {
        self.bounds.loop_head(head, flow, written);
    }

    /// Feeds one agreed instruction, in address order; `flow` is stepped here.
    pub fn feed(
        &mut self,
        ins: &Instruction,
        flow: &mut Flow,
        env: &mut dyn Env,
        tables: &Tables,
        bitness: u32,
    ) {
        let at = ins.ip();
        self.bounds.feed(ins, flow);
        // Constants the instruction reads from data, resolved before the
        // instruction may overwrite its own base register.
        let mem = (0..ins.op_count()).any(|i| ins.op_kind(i) == OpKind::Memory);
        if mem {
            let size = ins.memory_size().size();
            if let Some(a) = flow.address(ins) {
                self.memory_constants(ins, a, size, env, flow);
            }
            // `lea r, [k + d]`: index arithmetic for `mt[(k + M) % N]`,
            // judged in `finish` against the word `k` stands for.
            // Both as the value `k` with its small offset moved out: `[b +
            // (k+1)*4]` is `[b + 4 + k*4]`, `lea r, [k+1 + d]` is `k + d + 1`.
            if ins.mnemonic() == iced_x86::Mnemonic::Lea && ins.memory_index() == Register::None {
                if let Some((h, j)) = flow.register_offset(ins.memory_base()) {
                    let d =
                        (ins.memory_displacement64() as i32 as i64).wrapping_add(j as i32 as i64);
                    if (-2000..=2000).contains(&d) && self.index_leas.len() < 256 {
                        self.index_leas.push((h, d));
                    }
                }
            }
            let based = flow.table_address(ins);
            if let (Some(t), Some((i, j))) = (based, flow.register_offset(ins.memory_index())) {
                if self.indexed.len() < 4096 {
                    let k = j as i32 as i64 * ins.memory_index_scale() as i64;
                    self.indexed.push((t.wrapping_add_signed(k), i));
                }
            }
            match based {
                Some(t) => {
                    if self.addresses.len() < 4096 {
                        self.addresses.push((t, at));
                    }
                }
                None => {
                    if self.displacements.len() < 4096 {
                        self.displacements
                            .push((ins.memory_displacement64() as i64, at));
                    }
                }
            }
            // `mag01[y & 1]`: the table's base (or its second word, with a
            // biased index) read through an index register; unoptimised
            // code puts the table in the index (`[y*4 + table]`).
            if ins.memory_index() != iced_x86::Register::None {
                let t = based.or_else(|| flow.index_table_address(ins));
                let table = t.and_then(|t| {
                    let narrow = [t, t.wrapping_sub(4)]
                        .into_iter()
                        .find(|b| tables.mag01.binary_search(b).is_ok())
                        .map(|b| b + 4);
                    narrow.or_else(|| {
                        [t, t.wrapping_sub(8)]
                            .into_iter()
                            .find(|b| tables.mag01_64.binary_search(b).is_ok())
                            .map(|b| b + 8)
                    })
                });
                if let Some(matrix) = table.filter(|_| flow.reads_memory(ins)) {
                    self.twist.push(at);
                    self.twist_table = true;
                    self.reads.push(matrix);
                }
            }
            if let Some(t) = based {
                // `[table + i*4 - 4]`: an index may carry a bias; a fixed
                // address must lie in the table itself.
                let slack = if ins.memory_index() == iced_x86::Register::None {
                    0
                } else {
                    8
                };
                self.table_ref(at, t, tables, slack);
            }
        }
        for i in 0..ins.op_count() {
            let (value, wide) = match ins.op_kind(i) {
                OpKind::Immediate32 | OpKind::Immediate32to64 => {
                    (ins.immediate(i) as u32 as u64, false)
                }
                OpKind::Immediate64 => (ins.immediate(i), true),
                _ => continue,
            };
            if wide && value > u64::from(u32::MAX) {
                if let Some(j) = SPLITMIX.iter().position(|&c| c == value) {
                    self.splitmix.push((at, j));
                }
                // The scale's bits as an immediate (unoptimised code
                // builds the double in a register).
                if let Some((_, name)) = UNIT_SCALES.iter().find(|(u, _)| *u == value) {
                    self.units.push((at, format!("imm64 {name}")));
                }
                if let Some(j) = RES53.iter().position(|(u, _)| *u == value) {
                    self.res53.push((at, j));
                }
                continue;
            }
            self.constant32(ins, value as u32, bitness);
        }

        let new = flow.step(ins, env);
        if let Some(v) = new {
            self.value(at, v, flow, tables);
        }
        if matches!(
            ins.flow_control(),
            FlowControl::UnconditionalBranch | FlowControl::IndirectBranch | FlowControl::Return
        ) {
            flow.forget_flow();
        }
    }

    /// A 32-bit constant operand of `ins`. A comparison (`cmp`, `test`) or
    /// a store of the constant is not the generator's arithmetic and counts
    /// for none of the MT19937 / LCG signatures (psdes tables are built by
    /// stores, so it still counts there).
    fn constant32(&mut self, ins: &Instruction, c: u32, bitness: u32) {
        use iced_x86::Mnemonic as M;
        let at = ins.ip();
        let m = ins.mnemonic();
        let compare_or_store = matches!(m, M::Cmp | M::Test)
            || (ins.op_count() > 0 && ins.op0_kind() == OpKind::Memory);
        let is_and = matches!(
            m,
            M::And
                | M::Andn
                | M::Pand
                | M::Vpand
                | M::Vpandd
                | M::Vpandq
                | M::Andps
                | M::Andpd
                | M::Vandps
                | M::Vandpd
        );
        if m == M::Imul {
            if c == KNUTH {
                self.knuth_imm.push(at);
            }
            if let Some(j) = BY_ARRAY.iter().position(|&k| k == c) {
                self.by_array_imm.push((at, j));
            }
        }
        if !compare_or_store {
            match c {
                // A mask alone counts when something is masked with it.
                _ if is_and && temper_mask(c) => self.masks.push((at, c)),
                MATRIX_A => self.twist.push(at),
                0x8000_0000 | 0x7fff_ffff => self.twist_masks.push((at, c)),
                _ => {}
            }
        }
        if twist_offset(c as i32 as i64) {
            self.offset397 = true;
        }
        if c == 1
            && matches!(
                m,
                M::Psrld | M::Vpsrld | M::Psrlq | M::Vpsrlq | M::Shr | M::Sar
            )
        {
            self.shr1 = true;
        }
        self.bounds.constant(ins, c);
        if let Some(j) = PSDES.iter().position(|&p| p == c) {
            self.psdes.push((at, j));
        }
        if bitness == 32
            && SPLITMIX
                .iter()
                .any(|&s| s as u32 == c || (s >> 32) as u32 == c)
        {
            self.halves.push((at, c));
        }
    }

    /// Constants `ins` reads from the data at `a` (their initial values:
    /// a non-`const` global holding the scale is still the scale). Whether
    /// it reads rather than writes is asked only of an operand that holds
    /// one of them (the instruction-info lookup is not free).
    fn memory_constants(
        &mut self,
        ins: &Instruction,
        a: u64,
        size: usize,
        env: &mut dyn Env,
        flow: &mut Flow,
    ) {
        let at = ins.ip();
        let mut known_read = None;
        let mut reads = |flow: &mut Flow| *known_read.get_or_insert_with(|| flow.reads_memory(ins));
        let double = ins.memory_size() == MemorySize::Float64
            || (size >= 16 && ins.memory_size().element_type() == MemorySize::Float64);
        let qword = double || matches!(ins.memory_size(), MemorySize::UInt64 | MemorySize::Int64);
        if qword {
            if let Some(d) = env
                .read_initial(a, 8)
                .filter(|d| {
                    UNIT_SCALES.iter().chain(&RES53).any(|(u, _)| u == d) || SPLITMIX.contains(d)
                })
                .filter(|_| reads(flow))
            {
                if let Some((_, name)) =
                    UNIT_SCALES.iter().find(|(u, _)| *u == d).filter(|_| double)
                {
                    let m = format!("{:?}", ins.mnemonic()).to_lowercase();
                    self.units.push((at, format!("{m} m64 {name}")));
                    self.reads.push(a);
                }
                if let Some(j) = SPLITMIX.iter().position(|&c| c == d) {
                    self.splitmix.push((at, j));
                    self.reads.push(a);
                }
                if let Some(j) = RES53.iter().position(|(u, _)| *u == d).filter(|_| double) {
                    self.res53.push((at, j));
                }
            }
        }
        if size == 4 || (size >= 16 && ins.memory_size().element_size() == 4) {
            if let Some(c) = env.read_initial(a, 4).filter(|&c| is_known32(c as u32)) {
                let lanes_equal = size == 4
                    || (1..size / 4).all(|l| env.read_initial(a + 4 * l as u64, 4) == Some(c));
                if lanes_equal && reads(flow) {
                    self.constant32(ins, c as u32, 0);
                    self.reads.push(a);
                }
            }
        }
    }

    fn table_ref(&mut self, at: u64, t: u64, tables: &Tables, slack: u64) {
        for &(start, which) in &tables.psdes {
            if t.wrapping_sub(start.wrapping_sub(slack)) < 16 + slack {
                self.reads.push(start);
                for j in 0..4 {
                    self.psdes.push((at, which * 4 + j));
                }
            }
        }
    }

    fn value(&mut self, at: u64, v: Val, flow: &Flow, tables: &Tables) {
        match flow.node(v).0 {
            Node::Xor(..) => {
                if self.twist_mix.is_none() {
                    self.twist_mix = twist_mix(flow, v);
                    if let Some(k) = self.twist_mix {
                        self.twist_masks.push((at, k));
                    }
                }
                self.chains.xor(flow, v)
            }
            // `btr r, 31` (and `and` with a mask held in a register): the
            // twist's lower mask, once per instruction.
            Node::AndK(_, k)
                if k as u32 == 0x7fff_ffff && !self.twist_masks.iter().any(|&(a, _)| a == at) =>
            {
                self.twist_masks.push((at, 0x7fff_ffff));
            }
            Node::Shr(_, 30) => self.shr30 = true,
            Node::Shr(_, 1) => self.shr1 = true,
            Node::Shr(_, 5) => self.shr5.push(at),
            Node::Shr(_, 6) => self.shr6.push(at),
            Node::MulK(x, k) => {
                let k = k as u32;
                if k == WWLIB_MUL || k == MSVC_MUL {
                    let sig = if k == WWLIB_MUL {
                        Signature::WwlibLcg
                    } else {
                        Signature::MsvcRand
                    };
                    let mut instrs = alloc::vec![at];
                    instrs.extend(flow.const_source(v));
                    self.lcgs.push((sig, v, instrs, false));
                } else if k == KNUTH {
                    self.knuth.push(at);
                    self.knuth.extend(flow.const_source(v));
                    if let Node::Xor(a, b) = flow.node(x).0 {
                        let shr30 = |p: Val, q: Val| flow.node(q).0 == Node::Shr(p, 30);
                        if shr30(a, b) || shr30(b, a) {
                            self.knuth_complete = true;
                        }
                    }
                } else if let Some(j) = BY_ARRAY.iter().position(|&b| b == k) {
                    let over = match flow.node(x).0 {
                        Node::Xor(a, b) => {
                            let shr30 = |p: Val, q: Val| flow.node(q).0 == Node::Shr(p, 30);
                            shr30(a, b) || shr30(b, a)
                        }
                        _ => false,
                    };
                    self.by_array.push((at, j, over));
                    self.by_array
                        .extend(flow.const_source(v).map(|a| (a, j, false)));
                } else if k == K1998 {
                    self.seed1998.push(at);
                }
            }
            Node::AddK(x, k) => {
                let k = k as u32;
                for (sig, val, instrs, complete) in &mut self.lcgs {
                    let inc = if *sig == Signature::WwlibLcg {
                        WWLIB_ADD
                    } else {
                        MSVC_ADD
                    };
                    if *val == x && k == inc {
                        *complete = true;
                        instrs.push(at);
                    }
                }
                if k == 1 {
                    if let Node::MulK(_, m) = flow.node(x).0 {
                        if m as u32 == K1998 && !self.seed1998_extra.contains(&"+ 1") {
                            self.seed1998_extra.push("+ 1");
                        }
                    }
                }
            }
            Node::AndK(_, k)
                if k as u32 == 0xffff_0000 && !self.seed1998_extra.contains(&"& 0xffff0000") =>
            {
                self.seed1998_extra.push("& 0xffff0000");
            }
            Node::Const(c) => self.table_ref(at, c, tables, 0),
            _ => {}
        }
    }
}

/// Whether `v` is the twist's mix of two words written as one mask and
/// two XORs: `((a ^ b) & 0x7fffffff) ^ a` is `(a & 0x80000000) | (b &
/// 0x7fffffff)` (Visual C++ 2008 and 2019 write it so, the mask also as
/// `btr r, 31`), and `((a ^ b) & 0x80000000) ^ b` the same word: the
/// mask.
fn twist_mix(flow: &Flow, v: Val) -> Option<u32> {
    let Node::Xor(p, q) = flow.node(v).0 else {
        return None;
    };
    [(p, q), (q, p)]
        .into_iter()
        .find_map(|(m, o)| match flow.node(m).0 {
            Node::AndK(x, k) if matches!(k as u32, 0x7fff_ffff | 0x8000_0000) => {
                matches!(flow.node(x).0, Node::Xor(a, b) if o == a || o == b).then_some(k as u32)
            }
            _ => None,
        })
}
