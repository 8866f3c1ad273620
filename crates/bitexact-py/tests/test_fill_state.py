"""Fills equal single draws; states round-trip, through numpy too."""

import copy
import pickle

import numpy as np
import pytest

import bitexact as bx


@pytest.mark.parametrize("n", [0, 1, 623, 624, 625, 5000])
def test_sots_fills_equal_single_draws(n):
    for skip in (0, 1, 623):
        a, b = bx.sots.Rng(42), bx.sots.Rng(42)
        a.discard(skip)
        for _ in range(skip):
            b.next_u32()
        assert a == b
        assert a.fill_u32(n).tolist() == [b.next_u32() for _ in range(n)]
        assert a == b and a.position == b.position
        f = a.fill_float(n)
        assert f.dtype == np.float32
        assert f.tolist() == [b.next_float() for _ in range(n)]
        u = a.fill_unit(n)
        assert u.tolist() == [b.next_unit() for _ in range(n)]
        assert a == b and a.left == b.left


def test_sots_pc24_fill_float():
    a, b = bx.sots.Rng(9, precision="pc24"), bx.sots.Rng(9, precision="pc24")
    assert a.fill_float(2000).tolist() == [b.next_float() for _ in range(2000)]


def test_other_fills_equal_single_draws():
    p, q = bx.laige.Prng(7), bx.laige.Prng(7)
    assert p.fill(3000).tolist() == [q.next_u64() for _ in range(3000)]
    assert p.fill_float01(100).tolist() == [q.next_float01() for _ in range(100)]
    assert p == q
    w, v = bx.westwood.Random2(3), bx.westwood.Random2(3)
    got = w.fill(1000)
    assert got.dtype == np.int32
    assert got.tolist() == [v.raw() for _ in range(1000)]
    assert w == v and w.position == v.position == 1000
    r4, s4 = bx.westwood.Random4(5), bx.westwood.Random4(5)
    assert r4.fill(700).tolist() == [s4.raw() for _ in range(700)]
    o, m = bx.openra.MersenneTwister(5), bx.openra.MersenneTwister(5)
    assert o.fill(700).tolist() == [m.next() for _ in range(700)]
    g, h = bx.generals.GameRandom(5), bx.generals.GameRandom(5)
    assert g.fill(700).tolist() == [h.next_u32() for _ in range(700)]
    assert o == m and g == h and r4 == s4


def test_stream_equals_methods():
    r = bx.sots.Rng(7)
    values, words = bx.stream("sots", 7, "int:5", 5, words=True)
    assert values.tolist() == [4, 1, 3, 3, 4]  # the README's JSON lines
    assert words.tolist() == [2, 1, 2, 1, 3]
    assert [r.next_int_inclusive(5) for _ in range(5)] == values.tolist()
    p = bx.laige.Prng(42).substream(7)
    assert bx.stream("laige", 42, "range:0,6", 4, substream=7).tolist() == [
        p.next_range(0, 6) for _ in range(4)
    ]
    g = bx.generals.GameRandom(9)
    assert bx.stream("generals", 9, "value:1,6", 10).tolist() == [g.value(1, 6) for _ in range(10)]
    o = bx.openra.MersenneTwister(-3)
    assert bx.stream("openra", -3, "range:0,10", 10).tolist() == [
        o.next_range(0, 10) for _ in range(10)
    ]
    r4 = bx.westwood.Random4(77)
    assert bx.stream("westwood", 77, "float", 10, class_="random4").tolist() == [
        r4.get_float() for _ in range(10)
    ]
    w = bx.westwood.Random2(1)
    w.discard(10)
    assert bx.stream("westwood", 1, count=5, skip=10).tolist() == [w.raw() for _ in range(5)]


def test_stream_skip_bell():
    r = bx.sots.Rng(11)
    for _ in range(50):
        r.int_range_bell(1, 6)
    assert bx.stream("sots", 11, "bell:1,6", 4, skip=50).tolist() == [
        r.int_range_bell(1, 6) for _ in range(4)
    ]


def test_stream_dtypes():
    assert bx.stream("sots", 1, "unit", 2).dtype == np.float64
    assert bx.stream("sots", 1, "chance:0.5", 2).dtype == np.bool_
    assert bx.stream("westwood", 1, "double", 2).dtype == np.float64
    assert bx.stream("laige", 1, count=2).dtype == np.uint64
    assert bx.stream("laige", 1, "float01", 0).dtype == np.float32
    assert len(bx.stream("sots", 1)) == 10


def test_save_load_round_trip():
    r = bx.sots.Rng(5489)
    r.discard(1418)
    b = r.save_state()
    assert isinstance(b, bytes) and len(b) == 2500
    s = bx.sots.Rng.load_state(b)
    assert s == r and s.left == 454
    assert s.fill_u32(2000).tolist() == r.fill_u32(2000).tolist()
    # The item's 3 padding bytes are accepted; bytearray too.
    assert bx.sots.Rng.load_state(bytearray(b + b"\0\0\0")).left == 454


def test_identify_readme():
    r = bx.sots.Rng(5489)
    r.discard(1418)
    i = bx.sots.identify(r.save_state())
    assert (i.seed, i.twists, i.left, i.words_drawn) == (5489, 2, 454, 1418)
    edited = bytearray(r.save_state())
    edited[100] ^= 1
    assert bx.sots.identify(bytes(edited), max_twists=10) is None


def test_numpy_consumes_our_state():
    for draws in (0, 1, 5, 623, 624, 625, 1500):
        r = bx.sots.Rng(2024)
        r.discard(draws)
        g = np.random.MT19937()
        g.state = r.to_numpy()
        assert g.state["state"]["pos"] == 624 - r.left
        assert g.random_raw(3000).tolist() == r.fill_u32(3000).tolist()


def test_we_consume_numpys_state():
    rs = np.random.RandomState(31337)
    bg = rs._bit_generator
    for draws in (0, 1, 623, 624, 1000):
        bg.random_raw(draws)
        r = bx.sots.Rng.from_numpy(bg.state)
        assert r.left == 624 - bg.state["state"]["pos"]
        assert r.fill_u32(2000).tolist() == bg.random_raw(2000).tolist()
    g = np.random.MT19937(5)
    r = bx.sots.Rng.from_numpy(g)  # the generator itself, via .state
    assert r.next_u32() == g.random_raw()
    # numpy's legacy RandomState state dict works too.
    legacy = np.random.RandomState(8).get_state(legacy=False)
    assert bx.sots.Rng.from_numpy(legacy).next_u32() == np.random.RandomState(8)._bit_generator.random_raw()


def test_from_numpy_bad():
    with pytest.raises(bx.Error, match="bit_generator"):
        bx.sots.Rng.from_numpy(np.random.PCG64(1).state)
    s = np.random.MT19937(1).state
    s["state"]["pos"] = 700
    with pytest.raises(bx.Error, match="pos = 700"):
        bx.sots.Rng.from_numpy(s)
    s["state"]["pos"] = 0
    s["state"]["key"] = s["state"]["key"][:10]
    with pytest.raises(bx.Error, match="10 words"):
        bx.sots.Rng.from_numpy(s)


def test_other_state_round_trips():
    w = bx.westwood.Random2(1)
    w.fill(300)
    for layout, n in (("ts", 1008), ("ra2", 1012)):
        b = w.to_bytes(layout)
        assert len(b) == n
        v = bx.westwood.Random2.from_bytes(b)
        assert v == w and v.fill(500).tolist() == w.copy().fill(500).tolist()
    w.disabled = True
    with pytest.raises(bx.Error):
        w.to_bytes("ts")
    assert bx.westwood.Random2.from_bytes(w.to_bytes("ra2")).disabled
    p = bx.laige.Prng(42)
    p.discard(1_000_000)
    assert bx.laige.Prng.from_bytes(p.to_bytes()) == p
    q = bx.laige.Prng(42)
    q.fill(1_000_000)
    assert q == p
    r4 = bx.westwood.Random4(99)
    r4.fill(1000)
    assert bx.westwood.Random4.from_bytes(r4.to_bytes()) == r4
    assert r4.identify() == (99, 1000)
    g = bx.generals.GameRandom(1234)
    g.discard(500)
    assert bx.generals.GameRandom.from_bytes(g.to_bytes()) == g
    assert bx.generals.GameRandom.from_state(g.state) == g
    assert g.identify() == (1234, 500)


def test_copy_and_pickle():
    for obj in (
        bx.sots.Rng(3, precision="pc24"),
        bx.laige.Prng(3),
        bx.westwood.Random2(3),
        bx.westwood.Random4(3),
        bx.generals.GameRandom(3),
    ):
        c = copy.deepcopy(obj)
        assert c == obj and c is not obj
        p = pickle.loads(pickle.dumps(obj))
        assert p == obj
    r = pickle.loads(pickle.dumps(bx.sots.Rng(3, precision="pc24")))
    assert r.precision == "pc24"


def test_fill_into_out():
    a, b = bx.sots.Rng(5), bx.sots.Rng(5)
    buf = np.zeros(1000, dtype=np.uint32)
    assert a.fill_u32(out=buf) is buf
    assert buf.tolist() == b.fill_u32(1000).tolist() and a == b
    assert a.fill_u32(1000, out=buf) is buf
    assert buf.tolist() == b.fill_u32(1000).tolist()
    f = np.empty(100_000, dtype=np.float32)
    a.fill_float(out=f)
    assert np.array_equal(f, b.fill_float(100_000))
    p, q = bx.laige.Prng(1), bx.laige.Prng(1)
    u = np.empty(10, dtype=np.uint64)
    assert p.fill(out=u).tolist() == q.fill(10).tolist()
    w, v = bx.westwood.Random2(1), bx.westwood.Random2(1)
    i = np.empty(10, dtype=np.int32)
    assert w.fill(out=i).tolist() == v.fill(10).tolist()


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda r: r.fill_u32(out=np.zeros(4, dtype=np.int64)), "out must be a 1-d numpy uint32 array"),
        (lambda r: r.fill_u32(out=np.zeros((2, 2), dtype=np.uint32)), "out must be a 1-d numpy uint32"),
        (lambda r: r.fill_u32(out=np.zeros(8, dtype=np.uint32)[::2]), "out must be contiguous"),
        (lambda r: r.fill_u32(3, out=np.zeros(4, dtype=np.uint32)), "n 3 is not the length of out (4)"),
        (lambda r: r.fill_u32(), "give n (a count) or out"),
    ],
)
def test_fill_out_errors(call, message):
    r = bx.sots.Rng(1)
    with pytest.raises(bx.Error) as e:
        call(r)
    assert message in str(e.value)
    assert r.position == 0  # nothing spent


def test_fill_out_read_only():
    buf = np.zeros(4, dtype=np.uint32)
    buf.flags.writeable = False
    with pytest.raises(bx.Error, match="not writeable"):
        bx.sots.Rng(1).fill_u32(out=buf)
