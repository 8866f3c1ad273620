"""The cases a second adversarial review of the boundary (issue 36) broke,
kept as tests: float32 parameters given exact values (ints, Fractions,
Decimals, numpy long doubles) rounded once, not through a double; vectors
refuse bytes, sets and dicts; forged pickle counters refused; paths that
are pipes or devices refused before anything opens them; paths that are not
UTF-8 named as they are; a __fspath__ that lies or fails; a released
memoryview; numpy bools as flags and bools as values; pickling while
another thread holds the generator; Ctrl-C in sync openra."""

import decimal
import fractions
import os
import pickle
import random
import struct
import threading
import time

import numpy as np
import pytest

import bitexact as bx

from test_boundary import LATENCY, interrupted

F = fractions.Fraction
HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(HERE, "..", "..", "..", "examples", "sync")


def raises(call):
    with pytest.raises(bx.Error) as e:
        call()
    return str(e.value)


def f32_bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def f32_of_bits(b):
    return struct.unpack("<f", struct.pack("<I", b))[0]


def nearest_f32(x):
    """The float32 nearest the positive normal-range rational `x`, ties to
    even, by exact distances (independent of the library: the three
    float32s around x's double, compared as Fractions)."""
    bits = f32_bits(struct.unpack("<f", struct.pack("<f", float(x)))[0])
    cands = [f32_of_bits(b) for b in (bits - 1, bits, bits + 1)]
    return min(cands, key=lambda c: (abs(F(c) - x), f32_bits(c) & 1))


# --- float32 parameters: exact values rounded once -----------------------


def same_float_range(given, f32):
    """`float_range(0, given)` is the draw for the float32 `f32` (a Python
    float holding it exactly)."""
    return bx.sots.Rng(1).float_range(0, given) == bx.sots.Rng(1).float_range(0, f32)


def test_exact_values_are_rounded_once():
    n = 2**54 + 2**30 + 1  # a double rounds it to the midpoint 2^54 + 2^30
    assert same_float_range(n, float(2**54 + 2**31))
    x = F(1) + F(1, 2**24) + F(1, 2**80)  # just above the midpoint of 1 and 1 + 2^-23
    up = 1 + 2**-23
    assert same_float_range(x, up)
    assert same_float_range(decimal.Decimal(1) + decimal.Decimal(2) ** -24 + decimal.Decimal(2) ** -80, up)
    if np.finfo(np.longdouble).nmant >= 60:  # x87's 80-bit long double
        ld = np.longdouble(1) + np.longdouble(2) ** -24 + np.longdouble(2) ** -60
        assert same_float_range(ld, up)
    g = lambda v: bx.generals.GameRandom(1).real(0, v)
    assert g(x) == g(up)
    # The midpoint itself ties to even (1.0), given as a Fraction or a double.
    assert same_float_range(F(1) + F(1, 2**24), 1.0)
    assert same_float_range(1 + 2**-24, 1.0)


def test_exact_values_property():
    rnd = random.Random(3604)
    checked = 0
    for _ in range(400):
        # A float32 midpoint, nudged by a tiny exact amount, or not at all.
        m = rnd.randrange(2**23, 2**24)
        e = rnd.randrange(-30, 30)
        mid = (F(2 * m + 1) / 2) * F(2) ** e
        x = mid + rnd.choice([0, 1, -1]) * F(1, 2**rnd.randrange(60, 90)) * F(2) ** e
        want = nearest_f32(x)
        with decimal.localcontext() as c:
            c.prec = 400  # x's denominator is a power of 2: its decimal is exact
            d = decimal.Decimal(x.numerator) / decimal.Decimal(x.denominator)
        assert F(d) == x
        assert same_float_range(x, want), (x, want)
        assert same_float_range(d, want), (d, want)
        if x.denominator == 1:
            assert same_float_range(int(x), want)
        checked += 1
    assert checked == 400


def test_non_finite_and_huge_exact_values():
    r = lambda v: bx.sots.Rng(1).float_range(0, v)
    assert np.isnan(r(decimal.Decimal("NaN")))
    assert r(decimal.Decimal("-Infinity")) == r(float("-inf"))
    assert r(2**1000) == r(float("inf"))  # past float32, as C narrows a double
    assert "double" in raises(lambda: r(10**400))  # no double holds it
    assert "double" in raises(lambda: r(-F(10**400, 3)))
    assert r(-F(1, 3)) == r(nearest_f32(F(1, 3)) * -1)
    assert r(F(1, 10**400)) == r(0.0)


# --- vectors and sequences ------------------------------------------------


@pytest.mark.parametrize(
    "v",
    [b"abc", bytearray(b"abc"), memoryview(b"abc"), {3.0, 4.0, 0.5}, frozenset({1, 2, 3}), {3.0: "a", 4.0: "b", 0.0: "c"}],
    ids=lambda v: type(v).__name__,
)
def test_vectors_refuse_bytes_sets_and_dicts(v):
    assert "three numbers" in raises(lambda: bx.sots.normalize(v))
    raises(lambda: bx.sots.leg((0, 0, 0), v, 1.0))
    raises(lambda: bx.recover("sots", v, tap="int:1", seed_range=(0, 5)))


def test_vectors_take_lists_tuples_arrays():
    for v in ([3, 4, 0], (3.0, 4.0, 0.0), np.array([3, 4, 0], dtype=np.float32), range(3, 6)):
        bx.sots.normalize(v)


# --- pickles --------------------------------------------------------------


def test_forged_counters_are_refused():
    for g in (bx.sots.Rng(1), bx.westwood.Random2(1), bx.westwood.Random4(1)):
        fn, (b,) = g.__reduce__()
        assert "2^62" in raises(lambda: fn(b[:-8] + b"\xff" * 8))
        assert "2^62" in raises(lambda: fn(b[:-8] + (2**62 + 1).to_bytes(8, "little")))
    m = bx.openra.MersenneTwister(1)
    m.discard(3)
    fn, (b,) = m.__reduce__()
    for forged in (4, 2, 3 + 624 * 2**50 + 1, 3 + 624 * 2**53, 2**64 - 1):
        raises(lambda forged=forged: fn(b[:-8] + forged.to_bytes(8, "little")))
    back = pickle.loads(pickle.dumps(m))
    assert back.next() == m.next()


def test_pickling_while_another_thread_draws_is_runtime_error():
    # A panic (PanicException, a BaseException) is not caught here and
    # fails the test; the loop waits until the other thread holds it.
    g = bx.sots.Rng(1)
    t = threading.Thread(target=lambda: g.discard(3 * 10**9))
    t.start()
    seen = False
    try:
        while t.is_alive() and not seen:
            try:
                pickle.dumps(g)
            except RuntimeError:
                seen = True
            time.sleep(0.001)
    finally:
        t.join()
    assert seen


# --- paths ----------------------------------------------------------------


def test_pipes_and_devices_are_refused_unopened(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    # Opening a FIFO with no writer would block for ever: refused first.
    for call in (
        lambda: bx.scan(fifo),
        lambda: bx.scan(str(fifo)),
        lambda: bx.sync("ts", fifo, seed=1),
        lambda: bx.sync("ts", b"x", fifo, seed=1),
        lambda: bx.sync("ts", fifo, b"x", seed=1),
    ):
        assert "not a regular file" in raises(call)
    started = time.monotonic()
    assert "not a regular file" in raises(lambda: bx.scan("/dev/zero"))
    assert time.monotonic() - started < 1.0


def test_paths_that_are_not_utf8(tmp_path):
    name = os.fsencode(str(tmp_path)) + b"/\xff.bin"
    with open(name, "wb") as f:
        f.write(b"MZ")

    class BytesPath:
        def __fspath__(self):
            return name

    # The file is found (and refused for what it holds, not for its name).
    for call in (lambda: bx.scan(BytesPath()), lambda: bx.scan(os.fsdecode(name))):
        assert "unreadable image" in raises(call)
    assert "No such file" in raises(lambda: bx.scan("\udcff"))
    assert "No such file" in raises(lambda: bx.sync("ts", "\udcff", seed=1))


def test_fspath_that_lies_or_fails():
    class IntPath:
        def __fspath__(self):
            return 3

    class BadPath:
        def __fspath__(self):
            raise RuntimeError("boom")

    assert "not str or bytes" in raises(lambda: bx.scan(IntPath()))
    assert "not str or bytes" in raises(lambda: bx.sync("ts", IntPath(), seed=1))
    assert "not str or bytes" in raises(lambda: bx.sync("ts", b"", IntPath(), seed=1))
    assert "boom" in raises(lambda: bx.scan(BadPath()))


def test_released_memoryview():
    m = memoryview(b"abc")
    m.release()
    for call in (
        lambda: bx.sots.Rng.load_state(m),
        lambda: bx.sots.identify(m),
        lambda: bx.westwood.Random2.from_bytes(m),
        lambda: bx.westwood.Random2._from_pickle(m),
        lambda: bx.scan(m),
        lambda: bx.sync("ts", m, seed=1),
    ):
        raises(call)


# --- bools ----------------------------------------------------------------


def test_numpy_bools_are_flags_and_bools_are_values():
    w = bx.westwood.Random2(1)
    w.disabled = np.bool_(True)
    assert w.disabled is True
    assert bx.westwood.Random2.from_bytes(bx.westwood.Random2(1).to_bytes(), strict=np.bool_(False)) == bx.westwood.Random2(1)
    assert bx.stream("sots", 1, count=2, words=np.bool_(True))[1].tolist() == [1, 1]
    # Values True/False are 1/0, as Python counts them.
    got = bx.recover("sots", [True, False], tap="int:1", seed_range=(0, 200))
    want = bx.recover("sots", [1, 0], tap="int:1", seed_range=(0, 200))
    assert list(got) == list(want)
    assert list(bx.recover("sots", [np.bool_(True), np.bool_(False)], tap="int:1", seed_range=(0, 200))) == list(want)


def test_float_values_are_their_doubles_exactly():
    # A double halfway between two float32s is a float32 tap's tie, rounded
    # to even. Its shortest text is off the midpoint, one way or the other,
    # and would round as that side does.
    for seed in range(40):
        v = float(bx.stream("sots", seed, tap="frange:0,2", count=1)[0])
        bits = f32_bits(v)
        up = f32_of_bits(bits + 1)
        mid = (v + up) / 2  # exact in a double
        assert F(mid) == (F(v) + F(up)) / 2
        even = v if bits % 2 == 0 else up
        hits = bx.recover("sots", [mid], tap="frange:0,2", seed_range=(seed, seed + 1))
        assert (len(hits) == 1) == (even == v), (seed, v, mid)


# --- Ctrl-C in sync openra -----------------------------------------------


def test_sync_openra_stops_on_ctrl_c():
    with open(os.path.join(EXAMPLES, "syncreport-alice.log"), "rb") as f:
        log = f.read()
    # A TotalCount far down the stream: the walk to it takes seconds.
    assert b"(#49)" in log
    log = log.replace(b"(#49)", b"(#999990000)")
    e, latency = interrupted(lambda: bx.sync("openra", log, seed=1, max_draws=10**9), delay=0.5)
    assert latency < LATENCY, latency
