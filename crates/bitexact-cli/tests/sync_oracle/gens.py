"""Independent transcriptions of the generators the sync checkers replay.

Written from SPEC 4 / SPEC 11 and from reading Westwood's published WWLib
`random.cpp` (Random2Class / Random3Class / Pick_Random_Number) and Generals'
`RandomValue.cpp`; no code of the project under test is used.

Everything models 32-bit MSVC `int` / `unsigned int` arithmetic explicitly:
Python ints are unbounded, so every result is masked back to 32 bits.
Standard library only.
"""

import struct

M32 = 0xFFFFFFFF


def u32(x):
    return x & M32


def s32(x):
    x &= M32
    return x - 0x100000000 if x & 0x80000000 else x


def sar32(x, n):
    """Arithmetic right shift of a 32-bit signed value (MSVC `int >> n`)."""
    return s32(x) >> n  # Python's >> on a negative int is arithmetic


# ---------------------------------------------------------------------------
# Westwood: Random3Class (pseudo-DES of (seed, index)) and Random2Class
# ---------------------------------------------------------------------------

# Only the first four blocks of each table are used by the four rounds.
_MIX1 = (0xBAA96887, 0x1E17D32C, 0x03BCDC3C, 0x0F33D1B2)
_MIX2 = (0x4B0F3B58, 0xE874F0C3, 0x6955C5A6, 0x55A7CA46)


def random3(seed, index):
    """One Random3Class draw: the hash of (seed, index), as signed i32."""
    lo = s32(seed)
    hi = s32(index)
    for rnd in range(4):
        keep = hi
        t = s32(keep ^ _MIX1[rnd])
        low16 = t & 0xFFFF
        high16 = sar32(t, 16)               # arithmetic: may be negative
        t = s32(low16 * low16 + ~(high16 * high16))
        # swap halves: (t >> 16) is arithmetic, so a negative t smears ones
        # over the upper half before the OR
        t = s32(u32(sar32(t, 16)) | u32(t << 16))
        hi = s32(lo ^ s32(s32(t ^ _MIX2[rnd]) + low16 * high16))
        lo = keep
    return hi


class Random3:
    def __init__(self, seed, index=0):
        self.seed = s32(seed)
        self.index = s32(index)

    def __call__(self):
        v = random3(self.seed, self.index)
        self.index = s32(self.index + 1)
        return v


def _mask_for(top):
    """mask = ~((~0) << (top + 1)) in 32-bit x86: the shift count is masked
    to 5 bits, so top == 31 shifts by 0 and gives mask 0."""
    shift = (top + 1) & 31
    return u32(~u32(M32 << shift))


class Random2:
    """Random2Class: 250-word table, cursors 0 and 103, seeded by Random3."""

    SIZE = 250

    def __init__(self, seed):
        r3 = Random3(seed, 0)
        self.table = [r3() for _ in range(self.SIZE)]
        self.index1 = 0
        self.index2 = 103
        self.draws = 0

    def copy(self):
        c = Random2.__new__(Random2)
        c.table = list(self.table)
        c.index1, c.index2, c.draws = self.index1, self.index2, self.draws
        return c

    @property
    def cursors(self):
        return (self.index1, self.index2)

    def raw(self):
        """One raw draw, signed i32; both cursors advance by one mod 250."""
        t = self.table
        t[self.index1] = s32(t[self.index1] ^ t[self.index2])
        v = t[self.index1]
        self.index1 += 1
        self.index2 += 1
        if self.index1 >= self.SIZE:
            self.index1 = 0
        if self.index2 >= self.SIZE:
            self.index2 = 0
        self.draws += 1
        return v

    def ranged(self, lo, hi):
        """Pick_Random_Number with 32 significant bits.

        Returns (value, draws_used).  Raises ValueError where the original
        spins for ever (a span that wraps negative)."""
        return pick_random_number(self.raw, lo, hi)


def pick_random_number(raw, lo, hi):
    """WWLib's Pick_Random_Number for a 32-significant-bit class, drawing
    with `raw()`.  Returns (value, draws_used)."""
    lo, hi = s32(lo), s32(hi)
    if lo == hi:
        return lo, 0
    if lo > hi:
        lo, hi = hi, lo
    span = s32(hi - lo)
    if span < 0:
        raise ValueError("span wraps negative: the original never returns")
    top = 31
    while (span & (1 << top)) == 0 and top > 0:
        top -= 1
    mask = _mask_for(top)
    pick = s32(span + 1)               # span == i32::MAX wraps to i32::MIN
    used = 0
    while pick > span:
        pick = s32(raw() & mask)
        used += 1
    return s32(pick + lo), used


# ---------------------------------------------------------------------------
# Generals / Zero Hour GameLogicRandom
# ---------------------------------------------------------------------------

GEN_C = (0xF22D0E56, 0x883126E9, 0xC624DD2F, 0x0702C49C, 0x9E353F7D, 0x6FDF3B64)


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


class GameLogicRandom:
    """Six u32 words s[0..5].  `macro_carry=True` reproduces the original's
    ADC macro (tests only sum < second operand from the second step on);
    False uses the true carry.  They differ only when the word just written
    is 0xFFFFFFFF with a carry in."""

    def __init__(self, seed, macro_carry=True):
        self.macro = macro_carry
        self.init(seed)

    def init(self, seed):
        self.s = [u32(seed + c) for c in GEN_C]
        self.draws = 0

    def copy(self):
        c = GameLogicRandom.__new__(GameLogicRandom)
        c.macro, c.s, c.draws = self.macro, list(self.s), self.draws
        return c

    def draw(self):
        s = self.s
        # step 1: ax = s5 + s4 (+0); carry = ax < s5 || ax < s4
        ax = u32(s[5] + s[4])
        c = 1 if (ax < s[5] or ax < s[4]) else 0
        s[4] = ax
        for k in (3, 2, 1, 0):
            full = ax + s[k] + c
            ax = u32(full)
            if self.macro:
                c = 1 if ax < s[k] else 0      # SUM < A is SUM < SUM: false
            else:
                c = 1 if full > M32 else 0
            s[k] = ax
        # 192-bit increment, carry bubbling up from s5
        for k in (5, 4, 3, 2, 1, 0):
            s[k] = u32(s[k] + 1)
            if s[k] != 0:
                break
        self.draws += 1
        return s[0]

    def value(self, lo, hi):
        """GetGameLogicRandomValue: (result, drew?)."""
        d = u32(hi - lo + 1)
        if d == 0:
            return s32(hi), False
        return s32(s32(self.draw() % d) + lo), True

    def real(self, lo, hi):
        """GetGameLogicRandomValueReal in f32 steps: (result, drew?)."""
        lo, hi = f32(lo), f32(hi)
        delta = f32(hi - lo)
        if delta <= 0.0:
            return hi, False
        w = self.draw()
        r = f32(f32(f32(float(w)) * (2.0 ** -32)) * delta)
        return f32(r + lo), True

    def state_bytes(self):
        return b"".join(struct.pack("<I", w) for w in self.s)

    def crc(self):
        return crc_cpp(self.state_bytes())


def crc_cpp(data):
    """CRC::addCRC as C++: hibit = crc >> 31; crc = (crc << 1) + byte + hibit."""
    crc = 0
    for b in data:
        hibit = (crc >> 31) & 1
        crc = u32(u32(crc << 1) + b + hibit)
    return crc


class _Regs:
    """Just enough of an x86 register file for `shl reg,1` / `adc reg,imm8`."""

    def __init__(self):
        self.eax = 0
        self.cf = 0

    def shl1(self):
        self.cf = (self.eax >> 31) & 1
        self.eax = (self.eax << 1) & M32

    def adc(self, operand):
        total = self.eax + operand + self.cf
        self.cf = 1 if total > M32 else 0
        self.eax = total & M32


def crc_regs(data):
    """The release loop: for each byte, shl eax,1 (CF = old bit 31);
    adc eax, byte (the CF from the shift is added in)."""
    r = _Regs()
    for b in data:
        r.shl1()
        r.adc(b)
    return r.eax


# ---------------------------------------------------------------------------
# self-checks
# ---------------------------------------------------------------------------

def selftest(verbose=False):
    out = []

    def check(name, ok, detail=""):
        out.append((name, ok, detail))
        if verbose:
            print(("PASS " if ok else "FAIL ") + name + (" " + detail if detail else ""))

    r = Random2(1)
    v, n = r.ranged(1, 2147483647)
    check("random2 seed 1 first ranged(1,i32max) == 2025287382", v == 2025287382 and n >= 1,
          "got %d (%d draws)" % (v, n))
    check("random2 double for seed 1 == 0.943097929470241",
          abs(v / 2147483648.0 - 0.943097929470241) < 1e-15)

    # cursor invariant from a fresh seeding
    r = Random2(12345)
    ok = True
    for _ in range(1000):
        r.raw()
        if (r.index2 - r.index1) % 250 != 103:
            ok = False
    check("random2 Index2 == Index1 + 103 mod 250 after raw draws", ok)

    # ranged edges
    r = Random2(7)
    check("ranged equal bounds: min, no draw", r.ranged(5, 5) == (5, 0))
    r = Random2(7)
    v, n = r.ranged(0, 2147483647)
    check("ranged span i32::MAX: min + i32::MIN, no draw", (v, n) == (-2147483648, 0), str((v, n)))
    a = Random2(99)
    b = Random2(99)
    check("ranged reversed bounds swapped", a.ranged(10, 3) == b.ranged(3, 10))
    try:
        Random2(1).ranged(-2147483648, 5)
        check("ranged negative span refused", False)
    except ValueError:
        check("ranged negative span refused", True)

    # Generals: the two carry readings agree on many draws, and the CRC forms
    for seed in (0, 1, 0x12345678, 0xFFFFFFFF, 0xDEADBEEF):
        g1 = GameLogicRandom(seed, macro_carry=True)
        g2 = GameLogicRandom(seed, macro_carry=False)
        ok = True
        crc_ok = True
        for _ in range(3000):
            if g1.draw() != g2.draw():
                ok = False
                break
            sb = g1.state_bytes()
            if crc_cpp(sb) != crc_regs(sb):
                crc_ok = False
        check("generals macro carry == true carry, seed %#x" % seed, ok)
        check("generals CRC C++ form == shl/adc form, seed %#x" % seed, crc_ok)
    # CRC random bytes
    import random as _r
    rr = _r.Random(5)
    ok = True
    for _ in range(200):
        data = bytes(rr.randrange(256) for _ in range(24))
        if crc_cpp(data) != crc_regs(data):
            ok = False
    check("CRC forms agree on random 24-byte blocks", ok)
    # value(): d == 0 returns hi with no draw; reversed range is not an error
    g = GameLogicRandom(42)
    check("generals value(i32min, i32max) draws nothing",
          g.value(-2147483648, 2147483647) == (2147483647, False) and g.draws == 0)
    g = GameLogicRandom(42)
    v, drew = g.value(10, 3)
    check("generals reversed value draws", drew and g.draws == 1)
    g = GameLogicRandom(42)
    check("generals real(lo>=hi) draws nothing", g.real(2.0, 1.0) == (1.0, False))
    return all(ok for _, ok, _ in out), out


if __name__ == "__main__":
    ok, _ = selftest(verbose=True)
    raise SystemExit(0 if ok else 1)
