#!/usr/bin/env python3
"""openra_generals.py -- oracle for tests/cc_family_oracle.rs (SPEC 11).

What it is: known-answer vectors for
  * OpenRA's MersenneTwister(int seed): the raw MT19937 words come from numpy's
    own MT19937 (np.random.RandomState(seed) seeds with Knuth's init_genrand;
    ._bit_generator.random_raw(n) returns the untransformed 32-bit words), an
    implementation independent of bitexact. On top of it, a plain transcription
    of OpenRA's Next() = word % 2147483647 with Last / TotalCount,
    Next(low, high) (high < low an error; diff = high - low wrapping i32;
    diff <= 1 returns low without drawing; else low + Next() % diff) and
    NextFloat() = float32(Next()) / 2^31. A negative C# seed is (uint)seed.
  * C&C Generals / Zero Hour GameLogicRandom, written with Python big integers:
    the five add-with-carry steps are done as exact sums with the carry taken
    as sum >> 32, and the increment is done on the whole 192-bit number
    s0..s5 (s5 the low word) modulo 2^192. value() and real() per SPEC 11,
    real() with numpy.float32 so every step is rounded to f32.

How to run:
  pip install numpy
  python3 openra_generals.py            # prints the Rust constants
  python3 openra_generals.py --scan     # also scans for NextFloat() == 1.0 (~10 s)
Output is pasted into cc_family_oracle.rs.
"""
import sys
import numpy as np

M32 = 0xFFFFFFFF


def i32(x):
    x &= M32
    return x - (1 << 32) if x & 0x80000000 else x


# ---------------------------------------------------------------- OpenRA
class OpenRa:
    def __init__(self, seed):
        self.bg = np.random.RandomState(seed & M32)._bit_generator
        self.buf = []
        self.last = 0
        self.total = 0

    def word(self):
        if not self.buf:
            self.buf = [int(v) for v in self.bg.random_raw(4096)][::-1]
        return self.buf.pop()

    def next(self):
        self.last = self.word() % 2147483647
        self.total += 1
        return self.last

    def next_range(self, low, high):
        if high < low:
            return None  # ArgumentOutOfRangeException
        diff = i32(high - low)
        if diff <= 1:
            return low
        return i32(low + self.next() % diff)

    def next_float(self):
        return np.float32(self.next()) / np.float32(2147483648.0)


def f32_bits(x):
    return int(np.array([x], dtype=np.float32).view(np.uint32)[0])


# ---------------------------------------------------------------- Generals
GEN_C = [0xF22D0E56, 0x883126E9, 0xC624DD2F, 0x0702C49C, 0x9E353F7D, 0x6FDF3B64]


class Generals:
    def __init__(self, seed=None, state=None):
        if state is not None:
            self.s = list(state)
        else:
            self.s = [(seed + c) & M32 for c in GEN_C]

    def draw(self):
        s = self.s
        c = 0
        for k in (4, 3, 2, 1, 0):  # s[k] = s[k+1] (just written) + s[k] + c
            total = s[k + 1] + s[k] + c
            c = total >> 32
            s[k] = total & M32
        big = 0
        for k in range(6):
            big = (big << 32) | s[k]
        big = (big + 1) % (1 << 192)
        for k in range(5, -1, -1):
            s[k] = big & M32
            big >>= 32
        return s[0]

    def value(self, lo, hi):
        d = (hi - lo + 1) & M32
        if d == 0:
            return hi
        return i32((self.draw() % d) + lo)

    def real(self, lo, hi):
        lo = np.float32(lo)
        hi = np.float32(hi)
        delta = np.float32(hi - lo)
        if delta <= 0:
            return hi
        x = np.float32(self.draw())  # u32 -> f32, rounded once
        x = np.float32(x * np.float32(2.0 ** -32))
        x = np.float32(x * delta)
        return np.float32(x + lo)


def rs_list(vals):
    return ", ".join(str(v) for v in vals)


def main():
    out = []
    # OpenRA: first Next() values per seed.
    for name, seed in [("0", 0), ("1", 1), ("M1", -1), ("MIN", -2147483648),
                       ("MAX", 2147483647), ("12345", 12345), ("M777", -777)]:
        g = OpenRa(seed)
        vals = [g.next() for _ in range(10)]
        out.append(f"/// OpenRA MersenneTwister({seed}): Next() x 10 (numpy MT19937 words % 2147483647).")
        out.append(f"const ORA_NEXT_{name}: [i32; 10] = [{rs_list(vals)}];")
    # OpenRA words 620..630 of seed 42, crossing the second twist.
    g = OpenRa(42)
    for _ in range(620):
        g.next()
    vals = [g.next() for _ in range(11)]
    out.append("/// OpenRA MersenneTwister(42): Next() with 0-based index 620..=630.")
    out.append(f"const ORA_42_620: [i32; 11] = [{rs_list(vals)}];")
    # Mixed script: (op, a, b, result, last, total) with op 0 = Next(), 1 = Next(a,b), 2 = NextFloat bits.
    g = OpenRa(-20251)
    script = [(0, 0, 0), (1, 0, 10), (1, -100, 100), (1, 5, 6), (1, 5, 5),
              (1, -2147483648, 2147483647), (2, 0, 0), (1, -2000000000, 2000000000),
              (1, 0, 2147483647), (1, -2147483648, 0), (2, 0, 0), (1, 1, 3), (0, 0, 0),
              (1, -7, -2), (2, 0, 0)]
    rows = []
    for op, a, b in script:
        if op == 0:
            r = g.next()
        elif op == 1:
            r = g.next_range(a, b)
        else:
            r = f32_bits(g.next_float())
        rows.append(f"({op}, {a}, {b}, {r}, {g.last}, {g.total})")
    out.append("/// OpenRA MersenneTwister(-20251): script of (op, a, b, result, Last, TotalCount);")
    out.append("/// op 0 = Next(), 1 = Next(a, b), 2 = NextFloat() as f32 bits.")
    out.append(f"const ORA_SCRIPT: [(u8, i32, i32, i64, i32, u64); {len(rows)}] = [{', '.join(rows)}];")

    # Generals: first draws per seed, and states.
    for name, seed in [("0", 0), ("1", 1), ("MAX", 0xFFFFFFFF), ("12345", 12345),
                       ("DEADBEEF", 0xDEADBEEF)]:
        g = Generals(seed)
        vals = [g.draw() for _ in range(10)]
        out.append(f"/// GameLogicRandom init({seed}): 10 draws (Python big-integer transcription).")
        out.append(f"const GEN_DRAWS_{name}: [u32; 10] = [{rs_list(vals)}];")
        out.append(f"/// ... and its state s0..s5 after those 10 draws.")
        out.append(f"const GEN_STATE_{name}: [u32; 6] = [{rs_list(g.s)}];")
    # A state whose low words are all ones, so the increment carries far.
    st = [0x12345678, 0x9ABCDEF0, 0x0F0F0F0F, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF]
    g = Generals(state=st)
    vals = [g.draw() for _ in range(6)]
    out.append("/// GameLogicRandom from_state([0x12345678, 0x9ABCDEF0, 0x0F0F0F0F, !0, !0, !0]): 6 draws,")
    out.append("/// then the state.")
    out.append(f"const GEN_FROM_STATE_DRAWS: [u32; 6] = [{rs_list(vals)}];")
    out.append(f"const GEN_FROM_STATE_AFTER: [u32; 6] = [{rs_list(g.s)}];")
    # value() script.
    g = Generals(777)
    pairs = [(0, 9), (1, 6), (-100, 100), (10, 0), (5, 5), (-2147483648, 2147483647),
             (0, 2147483647), (-2147483648, -1), (2147483647, -2147483648), (0, 1), (-3, 3),
             (1000000, 2000000)]
    rows = [f"({a}, {b}, {g.value(a, b)})" for a, b in pairs]
    out.append("/// GameLogicRandom init(777): value(lo, hi) in turn, (lo, hi, result).")
    out.append(f"const GEN_777_VALUE: [(i32, i32, i32); {len(rows)}] = [{', '.join(rows)}];")
    out.append(f"const GEN_777_VALUE_STATE: [u32; 6] = [{rs_list(g.s)}];")
    # real() script, f32 bits.
    g = Generals(4242)
    pairs = [(0.0, 1.0), (-1.0, 1.0), (10.0, 20.0), (1.0, 1.0), (5.0, 2.0), (0.0, 100.0),
             (-0.5, 0.25), (1e-3, 3e-3), (0.0, 3.4e38), (-1e30, 1e30), (0.1, 0.7), (100.0, 100.5)]
    rows = []
    for a, b in pairs:
        fa, fb = np.float32(a), np.float32(b)
        r = g.real(fa, fb)
        rows.append(f"(0x{f32_bits(fa):08x}, 0x{f32_bits(fb):08x}, 0x{f32_bits(r):08x})")
    out.append("/// GameLogicRandom init(4242): real(lo, hi) in turn, as f32 bits (lo, hi, result).")
    out.append(f"const GEN_4242_REAL: [(u32, u32, u32); {len(rows)}] = [{', '.join(rows)}];")
    out.append(f"const GEN_4242_REAL_STATE: [u32; 6] = [{rs_list(g.s)}];")
    print("\n".join(out))

    if "--scan" in sys.argv:
        # Stream positions near the NextFloat() == 1.0 edge: seeds 0..399, first
        # 2^20 draws each, every Next() >= 2147483520 (>= 2147483584 gives 1.0).
        for seed in range(400):
            w = np.random.RandomState(seed)._bit_generator.random_raw(1 << 20)
            w = w.astype(np.uint64) % np.uint64(2147483647)
            for i in np.nonzero(w >= 2147483520)[0]:
                tag = "1.0" if w[i] >= 2147483584 else "below"
                print(f"// seed {seed}: 0-based draw index {int(i)}: Next() = {int(w[i])} ({tag})")

if __name__ == "__main__":
    main()
