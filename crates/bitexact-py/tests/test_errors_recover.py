"""Bad input raises bitexact.Error with the CLI's messages; recover finds
seeds; long searches stop on Ctrl-C."""

import os
import signal
import threading

import numpy as np
import pytest

import bitexact as bx


def test_error_is_value_error():
    assert issubclass(bx.Error, ValueError)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: bx.sots.Rng(-1), "seed -1 does not fit in 32 bits (0..=4294967295)"),
        (lambda: bx.sots.Rng(2**32), "seed 4294967296 does not fit in 32 bits"),
        (lambda: bx.sots.Rng(1, precision="pc80"), "precision"),
        (lambda: bx.sots.Rng(1).fill_u32(-1), "n -1 is not a count"),
        (
            lambda: bx.sots.Rng.load_state(b"\0" * 100),
            "RNG item is 100 bytes; expected 2500 (or 2503 with padding)",
        ),
        (lambda: bx.sots.identify(b"\0" * 100), "RNG item is 100 bytes"),
        (lambda: bx.laige.Prng(-1), "seed -1 does not fit in 64 bits"),
        (lambda: bx.laige.Prng(1).next_range(5, 5), "empty range [5, 5): min must be below max"),
        (lambda: bx.laige.Prng.from_state(1, 0, 0), ""),
        (lambda: bx.westwood.Random2.from_bytes(b"\0" * 10), "westwood state is 10 bytes"),
        (lambda: bx.westwood.Random2(1).to_bytes("yr"), "unknown layout 'yr'"),
        (lambda: bx.openra.MersenneTwister(1).next_range(5, 1), "OpenRA throws"),
        (lambda: bx.westwood.Random4.from_bytes(b""), "a Random4Class state is 2500 bytes"),
        (lambda: bx.generals.GameRandom.from_bytes(b"1"), ""),
        (lambda: bx.stream("nope", 1), "unknown engine 'nope'"),
        (lambda: bx.stream("sots", -1), "seed -1 is out of range: sots seeds are 0..=4294967295"),
        (lambda: bx.stream("sots", 2**64), "seed 18446744073709551616 is out of range: sots seeds"),
        (lambda: bx.stream("laige", -1), "laige seeds are 0..=18446744073709551615"),
        (lambda: bx.stream("openra", -(2**31) - 1), "openra seeds are -2147483648..=2147483647"),
        (lambda: bx.stream("sots", 1, "int:x"), "tap 'int:x': 'x' is not a number"),
        (lambda: bx.stream("sots", 1, "wat"), "unknown tap 'wat' for sots"),
        (lambda: bx.stream("sots", 2**32), "seed 4294967296 does not fit in 32 bits"),
        (lambda: bx.stream("laige", 1, "range:5,5"), "the range [5, 5) is empty"),
        (lambda: bx.stream("sots", 1, class_="random4"), "class_ is for westwood"),
        (lambda: bx.stream("westwood", 1, class_="random9"), "unknown class 'random9'"),
        (lambda: bx.recover("sots", [1], seed_range=(5, 5)), "seed_range (5, 5) is empty"),
        (lambda: bx.recover("sots", [1], seed_range=(0, 2**33)), "goes past the last seed"),
        (lambda: bx.recover("sots", []), "no values"),
        (lambda: bx.recover("sots", ["x"]), "values: 'x' is not a number"),
        (lambda: bx.recover("sots", [1], "chance:0.5"), "cannot be recovered from"),
        (lambda: bx.recover("sots", [1], max_offset=10**6), "max_offset 1000000 is beyond"),
        # Work bounds (issue 17): refused, never run for hours.
        (lambda: bx.generals.GameRandom(5).discard(2**63), "draws 9223372036854775808 is over the limit of 2500000000 draws"),
        (lambda: bx.sots.Rng(5).discard(2**63), "words 9223372036854775808 is over the limit of 10000000000 words"),
        (lambda: bx.westwood.Random2(5).discard(10**11), "is over the limit of 10000000000 draws"),
        (lambda: bx.openra.MersenneTwister(5).discard(10**11), "is over the limit"),
        # Integers out of range (issue 17; before: OverflowError).
        (lambda: bx.recover("sots", [1], seed_range=(0, 10), max_hits=-1), "max_hits -1 is not a count"),
        (lambda: bx.recover("sots", [1], seed_range=(0, 10), max_hits=2**64), "max_hits 18446744073709551616"),
        (lambda: bx.recover("sots", [1], seed_range=(0, 10), max_hits=0), "max_hits 0: expected at least 1"),
        (lambda: bx.recover("sots", [1], max_offset=-1), "max_offset -1 does not fit in 64 bits"),
        (lambda: bx.sots.identify(bx.sots.Rng(1).save_state(), -1), "max_twists -1 does not fit"),
        (lambda: bx.westwood.Random4.identify(bx.westwood.Random4(1), -1), "max_twists -1"),
        (lambda: bx.westwood.Random4(1).identify(-1), "max_twists -1"),
        (lambda: bx.generals.GameRandom(1).identify(2**64), "max_draws 18446744073709551616"),
        (lambda: bx.generals.GameRandom.from_state([-1] * 6), "state word -1 does not fit in 32 bits"),
        (lambda: bx.generals.GameRandom.from_state([2**32] * 6), "state word 4294967296"),
        (lambda: bx.generals.GameRandom.from_state([1] * 5), "a GameRandom state is 6 words, not 5"),
        (lambda: bx.laige.Prng(1).identify(bx.laige.MAX_DRAWS + 1), "is over the limit of 2000000000 draws"),
        (lambda: bx.stream("sots", 1, skip=-1), "skip -1 is not a count"),
        (lambda: bx.stream("sots", 1, "int:6", skip=10**9), "skip (calls of a tap that can reject words)"),
        (lambda: bx.westwood.Random3(1, index=-1), "index -1 does not fit in 32 bits"),
        (lambda: bx.laige.substream_id(2024, 5), "not one substream of this master"),
    ],
)
def test_bad_input_raises_error(call, message):
    with pytest.raises(bx.Error) as e:
        call()
    assert message in str(e.value)
    assert "\n" not in str(e.value)


def test_wrong_types_are_bitexact_errors():
    # Issue 36: one rule for every argument (SPEC 9), the type named.
    with pytest.raises(bx.Error, match="seed must be an integer, not '5489' \\(str\\)"):
        bx.sots.Rng("5489")
    with pytest.raises(bx.Error, match="n must be an integer, not 1.5 \\(float\\)"):
        bx.sots.Rng(1).next_int_inclusive(1.5)


def test_recover_sots():
    assert bx.recover("sots", [3499211612, 581869302], seed_range=(5000, 6000)) == [(5489, 0)]
    r = bx.sots.Rng(123457)
    r.discard(17)
    vals = [r.next_float() for _ in range(3)]
    hits = bx.recover("sots", vals, tap="float", seed_range=(123000, 124000), max_offset=20)
    assert hits == [(123457, 17)]
    # range objects, numpy values and threads=1 work too.
    words = bx.stream("sots", 77, count=2)
    assert bx.recover("sots", words, seed_range=range(0, 100), threads=1) == [(77, 0)]


def test_recover_sots_from_624_outputs_needs_no_search():
    r = bx.sots.Rng(3000000000)
    r.discard(5000)
    assert bx.recover("sots", r.fill_u32(624), max_offset=10_000) == [(3000000000, 5000)]


def test_recover_westwood_and_laige():
    assert bx.recover("westwood", [2025287382], "ranged:1,2147483647", (0, 100)) == [(1, 0)]
    # Offsets count draws: ranged rejects, so 3 calls may spend more.
    _, spent = bx.stream("westwood", 4242, "ranged:1,6", 3, words=True)
    offset = int(spent.sum())
    vals = bx.stream("westwood", 4242, "ranged:1,6", 12, skip=3)
    hits = bx.recover("westwood", vals, "ranged:1,6", (4000, 4500), max_offset=offset)
    assert (4242, offset) in hits
    vals = bx.stream("laige", 2**40 + 5, count=2)
    assert bx.recover("laige", vals, seed_range=(2**40, 2**40 + 1000)) == [(2**40 + 5, 0)]


def test_recover_cc_family():
    # OpenRA's Next(), Generals' draws and WWLib's classes, through the
    # library's shared query.
    vals = bx.stream("openra", 31337, count=3)
    assert bx.recover("openra", vals, seed_range=(31000, 32000)) == [(31337, 0)]
    vals = bx.stream("generals", 2718, "raw", 3, skip=2)
    assert bx.recover("generals", vals, seed_range=(2000, 3000), max_offset=2) == [(2718, 2)]
    # value:0,99 of an additive generator: seeds 100 apart agree mod 100.
    vals = bx.stream("generals", 2718, "value:0,99", 8)
    hits = bx.recover("generals", vals, "value:0,99", (2000, 3000))
    assert (2718, 0) in hits and all(s % 100 == 18 for s, _ in hits)
    vals = bx.stream("westwood", 1998, "raw", 3, class_="random4")
    assert bx.recover("westwood", vals, seed_range=(1000, 3000), class_="random4") == [(1998, 0)]
    vals = bx.stream("westwood", 12, "double", 3)
    assert (12, 0) in bx.recover("westwood", vals, "double", (0, 100))


def test_recover_laige_needs_a_seed_range():
    with pytest.raises(bx.Error, match="needs seed_range"):
        bx.recover("laige", [1])


def test_recover_max_hits():
    vals = bx.stream("sots", 1, "int:1", 1)  # one bit: half the seeds match
    hits = bx.recover("sots", vals, "int:1", (0, 1000), max_hits=5)
    assert len(hits) == 5 and hits == sorted(hits)


def test_recover_ctrl_c_raises_keyboard_interrupt():
    # A laige search of 2^40 seeds runs for hours; SIGINT must stop it.
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            bx.recover("laige", [1, 2], seed_range=(0, 2**40))
    finally:
        timer.cancel()


def test_recover_releases_the_gil():
    # While a search runs in one thread, another thread keeps running Python.
    done = threading.Event()
    ticks = 0

    def search():
        bx.recover("westwood", [0], "ranged:0,1", (0, 300_000), threads=1, max_hits=10**9)
        done.set()

    t = threading.Thread(target=search)
    t.start()
    while not done.is_set():
        ticks += 1
        done.wait(0.001)
    t.join()
    assert ticks > 1
