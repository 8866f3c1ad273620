//! What the SSE / AVX dword instructions do to the flow's values (module
//! docs of [`super`]): each vector register holds the value of all its
//! 32-bit lanes, so these map onto the scalar nodes.

use iced_x86::{Instruction, Mnemonic, OpKind, Register};

use super::value::{vreg, Env, Node, Val};
use super::Flow;

/// The scalar operation a vector dword instruction performs, and whether
/// it is the three-operand (VEX / EVEX) form.
fn lane_op(m: Mnemonic) -> Option<(Mnemonic, bool)> {
    use Mnemonic as M;
    Some(match m {
        M::Pand | M::Andps => (M::And, false),
        M::Pxor | M::Xorps => (M::Xor, false),
        M::Por | M::Orps => (M::Or, false),
        M::Paddd => (M::Add, false),
        M::Psubd => (M::Sub, false),
        M::Pmulld => (M::Imul, false),
        M::Psrld => (M::Shr, false),
        M::Pslld => (M::Shl, false),
        M::Vpand | M::Vpandd | M::Vandps => (M::And, true),
        M::Vpxor | M::Vpxord | M::Vxorps => (M::Xor, true),
        M::Vpor | M::Vpord | M::Vorps => (M::Or, true),
        M::Vpaddd => (M::Add, true),
        M::Vpsubd => (M::Sub, true),
        M::Vpmulld => (M::Imul, true),
        M::Vpsrld => (M::Shr, true),
        M::Vpslld => (M::Shl, true),
        _ => return None,
    })
}

/// Whether `m` copies a whole register or memory operand (or one dword of
/// it, or broadcasts one): the lanes' value passes unchanged.
fn lane_move(m: Mnemonic) -> bool {
    use Mnemonic as M;
    matches!(
        m,
        M::Movdqa
            | M::Movdqu
            | M::Movaps
            | M::Movups
            | M::Movd
            | M::Vmovdqa
            | M::Vmovdqu
            | M::Vmovdqa32
            | M::Vmovdqa64
            | M::Vmovdqu32
            | M::Vmovdqu64
            | M::Vmovaps
            | M::Vmovups
            | M::Vmovd
            | M::Vpbroadcastd
            | M::Vbroadcastss
            | M::Pshufd
            | M::Vpshufd
    )
}

impl Flow {
    /// Applies a vector instruction the lane model covers; `None` when it
    /// does not cover `ins` (the caller makes what it writes unknown).
    pub(super) fn vector(&mut self, ins: &Instruction, env: &mut dyn Env) -> Option<Option<Val>> {
        let m = ins.mnemonic();
        let at = ins.ip();
        // A masked EVEX write keeps some lanes' old values.
        if ins.op_mask() != Register::None {
            return None;
        }
        let dest_is_vector = ins.op_count() > 0
            && ins.op0_kind() == OpKind::Register
            && vreg(ins.op0_register()).is_some();
        if lane_move(m) && ins.op_count() >= 2 {
            let v = self.read(ins, 1, env);
            self.write(ins, 0, v);
            return Some(Some(v));
        }
        let (op, three) = lane_op(m)?;
        if !dest_is_vector || ins.op_count() != if three { 3 } else { 2 } {
            return None;
        }
        let (i, j) = if three { (1, 2) } else { (0, 1) };
        let a = self.read(ins, i, env);
        let v = if matches!(op, Mnemonic::Shr | Mnemonic::Shl) {
            // Only an immediate count; 32 or more clears the lane.
            if ins.op_kind(j) != OpKind::Immediate8 {
                return None;
            }
            let k = ins.immediate(j);
            if k >= 32 {
                self.push(Node::Const(0), at)
            } else {
                let b = self.push(Node::Const(k), at);
                self.binary(op, a, b, 4, at)
            }
        } else {
            let b = self.read(ins, j, env);
            self.binary(op, a, b, 4, at)
        };
        self.write(ins, 0, v);
        Some(Some(v))
    }
}
