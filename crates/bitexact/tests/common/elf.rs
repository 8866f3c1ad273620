// Minimal images built by hand for the scanner's tests: one executable
// PT_LOAD segment (no section headers, no symbols), the headers, 16 nops
// (the linear sweep reads the headers as code too: whatever instruction it
// ends on, it is back in step within the nops), then the code, the entry
// point at its first byte. And a tiny x86 encoder for the
// handful of instructions the tests assemble (32-bit registers, no REX).
#![allow(dead_code)]

pub const BASE: u64 = 0x40_0000;
const PAD: usize = 16;

/// An ELF64 x86-64 executable holding `code`; the entry is `entry_of(64)`.
pub fn elf64(code: &[u8]) -> Vec<u8> {
    let off = 64 + 56;
    let total = (off + PAD + code.len()) as u64;
    let mut b = Vec::new();
    b.extend_from_slice(b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0");
    b.extend_from_slice(&2u16.to_le_bytes()); // ET_EXEC
    b.extend_from_slice(&0x3eu16.to_le_bytes()); // EM_X86_64
    b.extend_from_slice(&1u32.to_le_bytes());
    b.extend_from_slice(&entry_of(64).to_le_bytes()); // entry
    b.extend_from_slice(&64u64.to_le_bytes()); // phoff
    b.extend_from_slice(&0u64.to_le_bytes()); // shoff
    b.extend_from_slice(&0u32.to_le_bytes());
    b.extend_from_slice(&64u16.to_le_bytes());
    b.extend_from_slice(&56u16.to_le_bytes());
    b.extend_from_slice(&1u16.to_le_bytes());
    b.extend_from_slice(&64u16.to_le_bytes());
    b.extend_from_slice(&0u16.to_le_bytes());
    b.extend_from_slice(&0u16.to_le_bytes());
    b.extend_from_slice(&1u32.to_le_bytes()); // PT_LOAD
    b.extend_from_slice(&5u32.to_le_bytes()); // R+X
    b.extend_from_slice(&0u64.to_le_bytes());
    b.extend_from_slice(&BASE.to_le_bytes());
    b.extend_from_slice(&BASE.to_le_bytes());
    b.extend_from_slice(&total.to_le_bytes());
    b.extend_from_slice(&total.to_le_bytes());
    b.extend_from_slice(&0x1000u64.to_le_bytes());
    assert_eq!(b.len(), off);
    b.extend_from_slice(&[0x90; PAD]);
    b.extend_from_slice(code);
    b
}

/// An ELF32 i386 executable holding `code`; the entry is `entry_of(32)`.
pub fn elf32(code: &[u8]) -> Vec<u8> {
    let off = 52 + 32;
    let total = (off + PAD + code.len()) as u32;
    let base = BASE as u32;
    let mut b = Vec::new();
    b.extend_from_slice(b"\x7fELF\x01\x01\x01\0\0\0\0\0\0\0\0\0");
    b.extend_from_slice(&2u16.to_le_bytes());
    b.extend_from_slice(&3u16.to_le_bytes()); // EM_386
    b.extend_from_slice(&1u32.to_le_bytes());
    b.extend_from_slice(&(entry_of(32) as u32).to_le_bytes());
    b.extend_from_slice(&52u32.to_le_bytes());
    b.extend_from_slice(&0u32.to_le_bytes());
    b.extend_from_slice(&0u32.to_le_bytes());
    b.extend_from_slice(&52u16.to_le_bytes());
    b.extend_from_slice(&32u16.to_le_bytes());
    b.extend_from_slice(&1u16.to_le_bytes());
    b.extend_from_slice(&40u16.to_le_bytes());
    b.extend_from_slice(&0u16.to_le_bytes());
    b.extend_from_slice(&0u16.to_le_bytes());
    b.extend_from_slice(&1u32.to_le_bytes()); // PT_LOAD
    b.extend_from_slice(&0u32.to_le_bytes());
    b.extend_from_slice(&base.to_le_bytes());
    b.extend_from_slice(&base.to_le_bytes());
    b.extend_from_slice(&total.to_le_bytes());
    b.extend_from_slice(&total.to_le_bytes());
    b.extend_from_slice(&5u32.to_le_bytes());
    b.extend_from_slice(&0x1000u32.to_le_bytes());
    assert_eq!(b.len(), off);
    b.extend_from_slice(&[0x90; PAD]);
    b.extend_from_slice(code);
    b
}

/// The address of code byte 0 in an image of `bits`.
pub fn entry_of(bits: u32) -> u64 {
    BASE + PAD as u64 + if bits == 64 { 120 } else { 84 }
}

/// 32-bit general registers by number.
pub const EAX: u8 = 0;
pub const ECX: u8 = 1;
pub const EDX: u8 = 2;
pub const EBX: u8 = 3;
pub const ESI: u8 = 6;
pub const EDI: u8 = 7;

/// Appends instructions to a byte buffer.
#[derive(Default)]
pub struct Asm(pub Vec<u8>);

impl Asm {
    pub fn mov(&mut self, dst: u8, src: u8) -> &mut Self {
        self.0.extend_from_slice(&[0x89, 0xc0 | src << 3 | dst]);
        self
    }
    pub fn mov_imm(&mut self, dst: u8, imm: u32) -> &mut Self {
        self.0.push(0xb8 + dst);
        self.0.extend_from_slice(&imm.to_le_bytes());
        self
    }
    pub fn shr(&mut self, r: u8, k: u8) -> &mut Self {
        self.0.extend_from_slice(&[0xc1, 0xe8 | r, k]);
        self
    }
    pub fn shl(&mut self, r: u8, k: u8) -> &mut Self {
        self.0.extend_from_slice(&[0xc1, 0xe0 | r, k]);
        self
    }
    pub fn and_imm(&mut self, r: u8, imm: u32) -> &mut Self {
        self.0.extend_from_slice(&[0x81, 0xe0 | r]);
        self.0.extend_from_slice(&imm.to_le_bytes());
        self
    }
    pub fn add_imm(&mut self, r: u8, imm: u32) -> &mut Self {
        self.0.extend_from_slice(&[0x81, 0xc0 | r]);
        self.0.extend_from_slice(&imm.to_le_bytes());
        self
    }
    pub fn imul_imm(&mut self, dst: u8, src: u8, imm: u32) -> &mut Self {
        self.0.extend_from_slice(&[0x69, 0xc0 | dst << 3 | src]);
        self.0.extend_from_slice(&imm.to_le_bytes());
        self
    }
    pub fn xor(&mut self, dst: u8, src: u8) -> &mut Self {
        self.0.extend_from_slice(&[0x31, 0xc0 | src << 3 | dst]);
        self
    }
    pub fn load(&mut self, dst: u8, base: u8) -> &mut Self {
        // mov dst, [base] (base not esp/ebp)
        self.0.extend_from_slice(&[0x8b, dst << 3 | base]);
        self
    }
    pub fn ret(&mut self) -> &mut Self {
        self.0.push(0xc3);
        self
    }
    pub fn nop(&mut self) -> &mut Self {
        self.0.push(0x90);
        self
    }
    pub fn raw(&mut self, bytes: &[u8]) -> &mut Self {
        self.0.extend_from_slice(bytes);
        self
    }
    /// `call` to the code offset `target`, from this position.
    pub fn call(&mut self, target: usize) -> &mut Self {
        let next = self.0.len() + 5;
        self.0.push(0xe8);
        self.0
            .extend_from_slice(&((target as i64 - next as i64) as i32).to_le_bytes());
        self
    }
    /// MT19937 tempering of `y` with `t` as the scratch register.
    pub fn temper(&mut self, y: u8, t: u8) -> &mut Self {
        self.mov(t, y).shr(t, 11).xor(y, t);
        self.mov(t, y).shl(t, 7).and_imm(t, 0x9d2c_5680).xor(y, t);
        self.mov(t, y).shl(t, 15).and_imm(t, 0xefc6_0000).xor(y, t);
        self.mov(t, y).shr(t, 18).xor(y, t)
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
}
