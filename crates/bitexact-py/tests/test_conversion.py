"""Every promise of SPEC 9 at the boundary (issue 36): one conversion layer
maps every out-of-range or wrong-typed value — numpy scalars, huge ints,
floats where integers belong, numbers where text belongs — to
bitexact.Error; sync stops on Ctrl-C; scan and sync read paths as the CLI
does; float32 parameters take the float32 nearest the value given; every
class pickles with its draw counter."""

import decimal
import fractions
import os
import pickle
import random
import struct

import numpy as np
import pytest

import bitexact as bx

from test_boundary import LATENCY, interrupted


def raises(call):
    with pytest.raises(bx.Error) as e:
        call()
    return str(e.value)


# --- 1. numpy integers: bitexact.Error, never OverflowError --------------


@pytest.mark.parametrize(
    "call",
    [
        lambda: bx.sots.Rng(1).fill_u32(np.int64(-1)),
        lambda: bx.sots.Rng(1).discard(np.int64(-1)),
        lambda: bx.sots.Rng(1).next_int_inclusive(np.uint64(2**63)),
        lambda: bx.stream("sots", 1, count=np.int64(-1)),
        lambda: bx.recover("sots", [1], seed_range=(np.int64(-1), 5)),
        lambda: bx.recover("sots", [1], seed_range=(0, 5), max_hits=np.int64(-1)),
        lambda: bx.sots.Rng(np.int64(-1)),
        lambda: bx.sots.Rng(1.5),
        lambda: bx.sots.Rng("5"),
        lambda: bx.westwood.Random2(1).ranged(np.int8(1), 2**40),
    ],
)
def test_numpy_and_wrong_integers_are_bitexact_errors(call):
    raises(call)


def test_numpy_integers_in_range_work():
    assert bx.sots.Rng(np.uint32(5489)).next_u32() == 3499211612
    assert bx.sots.Rng(np.int64(5489)).next_int_inclusive(np.uint8(5)) <= 5
    assert bx.sots.Rng(True).next_u32() == bx.sots.Rng(1).next_u32()


# --- 2. sync's integer options -------------------------------------------

LOG = b"1:0 RandomSeed: 12345\n"


@pytest.mark.parametrize(
    "kw",
    [
        {"seed": 2**63},
        {"seed": 1, "max_draws": -1},
        {"seed": 1, "max_shift": -1},
        {"seed": 1, "log_index": -1},
        {"seed": 1, "window": 2**64},
        {"seed": 1.0},
        {"seed": np.float64(1)},
        {"seed": 1, "stream": 5},
    ],
)
def test_sync_options_are_bitexact_errors(kw):
    raises(lambda: bx.sync("generals-crc", LOG, **kw))


def test_sync_numpy_seed_works():
    r = bx.sync("generals-crc", LOG, seed=np.int64(12345), max_draws=np.uint16(10))
    assert r == bx.sync("generals-crc", LOG, seed=12345, max_draws=10)


# --- 3. floats and tuples -------------------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda: bx.sots.Rng(1).chance(10**400),
        lambda: bx.sots.Rng(1).float_range(0, 10**400),
        lambda: bx.generals.GameRandom(1).real(10**400, 1),
        lambda: bx.sots.Rng(1).chance("0.5"),
        lambda: bx.sots.Rng(1).chance(None),
        lambda: bx.sots.normalize((1, 2)),
        lambda: bx.sots.normalize((1, 2, 3, 4)),
        lambda: bx.sots.normalize("abc"),
        lambda: bx.sots.normalize(5),
        lambda: bx.sots.leg((0, 0, 0), (1, 1, 1), 10**400),
        lambda: bx.recover("sots", [1], seed_range=range(0, 9, 2**70)),
        lambda: bx.recover("sots", [1], seed_range=range(0, 9, 2)),
        lambda: bx.stream(5, 1),
        lambda: bx.stream("sots", 1, tap=5),
        lambda: bx.stream("sots", 1, precision=53),
        lambda: bx.westwood.Random2(1).to_bytes(2),
    ],
)
def test_floats_tuples_and_text_are_bitexact_errors(call):
    raises(call)


def test_floats_of_every_kind_work():
    r = bx.sots.Rng(1)
    assert r.copy().chance(np.float32(0.25)) == r.copy().chance(0.25)
    assert r.copy().float_range(np.float64(-1), 1) == r.copy().float_range(-1.0, 1.0)
    assert bx.sots.normalize(np.array([3, 4, 0], dtype=np.float32))[1] == 5.0


# --- 4. Ctrl-C in sync ------------------------------------------------------


def test_sync_stops_on_ctrl_c():
    # Seed 1 never shows this CRC: the placement would run to the ceiling.
    e, latency = interrupted(
        lambda: bx.sync("generals-crc", LOG, seed=1, max_draws=10**10), delay=0.5
    )
    assert latency < LATENCY, latency


# --- 5. scan and sync read paths as the CLI does -------------------------


def test_scan_paths_and_bad_images(tmp_path):
    assert "cannot read" in raises(lambda: bx.scan("/nonexistent"))
    assert "directory" in raises(lambda: bx.scan(str(tmp_path)))
    for bad in (5, -1, None, 1.5, [1, 2]):
        raises(lambda bad=bad: bx.scan(bad))
        raises(lambda bad=bad: bx.sync("phobos", bad))
    big = tmp_path / "sparse.bin"
    with open(big, "wb") as f:
        f.truncate((1 << 30) + 1)
    assert "over 1073741824 bytes" in raises(lambda: bx.scan(big))
    assert "over 1073741824 bytes" in raises(lambda: bx.scan(str(big)))
    # bytes-likes are images.
    for image in (b"\x7fELF", bytearray(b"MZ"), memoryview(b"junk")):
        raises(lambda image=image: bx.scan(image))


# --- 6. float32 parameters: the float32 nearest the value given ----------


def nearest_f32(text):
    """The float32 nearest the decimal `text` (ties to even), exactly."""
    x = fractions.Fraction(text)
    d = float(x)
    below = struct.unpack("<f", struct.pack("<f", d))[0]
    bits = struct.unpack("<I", struct.pack("<f", below))[0]
    cands = [struct.unpack("<f", struct.pack("<I", b))[0] for b in (bits - 1, bits, bits + 1)]
    return min(cands, key=lambda c: (abs(fractions.Fraction(c) - x), struct.unpack("<I", struct.pack("<f", c))[0] & 1))


def test_one_float32_rule():
    s = "0.50000002980232238769531250001"
    f = nearest_f32(s)
    text = bx.stream("sots", 1, tap=f"frange:{s},1", count=1)[0]
    assert bx.sots.Rng(1).float_range(f, 1.0) == text
    # A Python float is rounded once: float(s) is a different value.
    once = struct.unpack("<f", struct.pack("<f", float(s)))[0]
    assert bx.sots.Rng(1).float_range(float(s), 1.0) == bx.sots.Rng(1).float_range(once, 1.0)
    assert bx.sots.Rng(1).float_range(np.float32(f), 1.0) == text


# --- 7. pickling keeps the whole state and the counter --------------------


def every_class():
    yield bx.sots.Rng(5)
    yield bx.laige.Prng(5)
    yield bx.westwood.Random2(5)
    yield bx.westwood.Random(5)
    yield bx.westwood.Random3(5)
    yield bx.westwood.Random4(5)
    yield bx.openra.MersenneTwister(5)
    yield bx.generals.GameRandom(5)


@pytest.mark.parametrize("g", list(every_class()), ids=lambda g: type(g).__name__)
def test_pickles_keep_the_state_and_the_counter(g):
    g.discard(700)
    back = pickle.loads(pickle.dumps(g))
    assert back == g
    assert repr(back) == repr(g)
    if hasattr(g, "position"):
        assert back.position == g.position == 700
    a, b = g.copy(), back.copy()
    for name in ("fill", "fill_u32"):
        if hasattr(a, name):
            assert getattr(a, name)(10).tolist() == getattr(b, name)(10).tolist()


# --- The property test: every numeric type at every public callable ------


def values():
    """Random values of every numeric type, huge and negative too."""
    rnd = random.Random(36)
    ints = [0, 1, -1, 5, 2**31, 2**32, 2**63, 2**64, -(2**63), 10**30, -(10**30)]
    out = list(ints) + [True, False, 0.0, -0.5, 1.5, 1e300, float("nan"), float("inf"), 10**400]
    for t in (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64):
        info = np.iinfo(t)
        out += [t(info.min), t(info.max), t(0), t(1)]
    out += [np.float32(0.5), np.float64(-1e300), np.float32("nan"), np.float16(2)]
    out += [np.longdouble(1) / 3, np.bool_(True), np.bool_(False)]
    out += [fractions.Fraction(1, 3), fractions.Fraction(-(10**400), 3), decimal.Decimal("1e-400"), decimal.Decimal("NaN")]
    out += [None, "x", b"\x00", [1, 2, 3], (1.0, 2.0, 3.0), {1, 2, 3}, {1: 2}, bytearray(3), memoryview(b"abc")]
    out += [Evil(), LyingIndex(), LyingFloat()]
    return out + [rnd.choice(ints) * rnd.choice([1, -1]) for _ in range(10)]


class Evil:
    """Every dunder a conversion might try raises."""

    def __index__(self):
        raise RuntimeError("index")

    def __float__(self):
        raise RuntimeError("float")

    def __fspath__(self):
        raise RuntimeError("fspath")

    def __iter__(self):
        raise RuntimeError("iter")

    def __len__(self):
        raise RuntimeError("len")


class LyingIndex:
    def __index__(self):
        return 1.5


class LyingFloat:
    def __float__(self):
        return "x"

    def as_integer_ratio(self):
        return (1, 0)


def callables():
    """(name, function, valid arguments) for every public function and
    method that takes arguments, with small bounds so calls are quick."""
    yield "stream", bx.stream, ["sots", 1, "raw", 3, 0]
    def recover(engine, values=(1,), tap="int:1", seed_range=(0, 50), max_offset=0):
        # Always a small range: the whole seed space is a valid, long search.
        return bx.recover(engine, values, tap, seed_range, max_offset, max_hits=2)

    yield "recover", recover, ["sots", [1], "int:1", (0, 50), 0]
    yield "sync", bx.sync, ["generals-crc", LOG, None]
    yield "scan", bx.scan, [b"MZ"]
    yield "normalize", bx.sots.normalize, [(3.0, 4.0, 0.0), "pc53"]
    yield "leg", bx.sots.leg, [(0.0, 0.0, 0.0), (1.0, 1.0, 1.0), 0.5, "pc53"]
    yield "sots.identify", lambda b, m: bx.sots.identify(b, m), [bx.sots.Rng(1).save_state(), 2]
    yield "laige.substream_id", bx.laige.substream_id, [1, 2]
    for cls, valid in [
        (bx.sots.Rng, [1, "pc53"]),
        (bx.laige.Prng, [1]),
        (bx.westwood.Random2, [1]),
        (bx.westwood.Random, [1]),
        (bx.westwood.Random3, [1, 2]),
        (bx.westwood.Random4, [1]),
        (bx.openra.MersenneTwister, [1]),
        (bx.generals.GameRandom, [1]),
    ]:
        yield cls.__name__, cls, valid
    for g in every_class():
        for name in dir(g):
            if name.startswith("_") or name in ("copy",):
                continue
            f = getattr(g.copy(), name)
            if not callable(f):
                continue
            yield f"{type(g).__name__}.{name}", f, None


HEAVY = ("fill", "discard", "identify", "stream", "recover", "sync", "skip", "substream")


def quick(name, v):
    """Whether `v` keeps a call of `name` quick: an integer that is a valid
    count of millions is left out of the calls that do that much work (the
    type is what is tested; its bounds are tested apiece elsewhere)."""
    if not any(h in name for h in HEAVY):
        return True
    try:
        i = int(v) if isinstance(v, (int, np.integer)) else None
    except (OverflowError, ValueError):
        return True
    return i is None or abs(i) < 2**16 or abs(i) >= 2**62


def test_every_numeric_type_at_every_callable_is_success_or_error():
    vals = values()
    rnd = random.Random(9)
    checked = 0
    for name, f, valid in callables():
        arity = len(valid) if valid is not None else 3
        for k in range(arity):
            for v in [v for v in vals if quick(name, v)]:
                args = list(valid) if valid is not None else [1] * arity
                args[k] = v
                for n in range(k + 1, arity + 1):
                    try:
                        f(*args[:n])
                    except bx.Error:
                        pass
                    except TypeError as e:
                        # Only arity: Python's own "takes N positional arguments".
                        assert "argument" in str(e) and ("positional" in str(e) or "missing" in str(e) or "takes" in str(e)), (name, args[:n], e)
                    except MemoryError:
                        pass
                    checked += 1
        rnd.shuffle(vals)
    assert checked > 5000


def test_stream_count_names_the_limit_that_holds():
    # Issue 34: count=-1 named 0..=2^64 - 1 though the limit is 10^8.
    for bad in (-1, 10**9, 2**70):
        msg = raises(lambda bad=bad: bx.stream("sots", 1, count=bad))
        assert "100000000" in msg and "18446744073709551615" not in msg, msg


def test_recover_takes_the_clis_comma_list_as_one_str():
    # Issue 34: "3,5,1" was read one character at a time.
    vals = bx.stream("westwood", 77, tap="ranged:1,6", count=3).tolist()
    text = ",".join(str(v) for v in vals)
    got = bx.recover("westwood", text, tap="ranged:1,6", seed_range=(0, 200))
    assert list(got) == list(bx.recover("westwood", vals, tap="ranged:1,6", seed_range=(0, 200)))
    assert (77, 0) in got
