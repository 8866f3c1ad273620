"""bitexact.dotnet: .NET's seeded System.Random. The expected values were
printed by the real System.Random (Mono 6.8; the CLI crate's
tests/dotnet/random_driver.cs, whose test runs Mono live)."""

import pickle
import struct

import pytest

import bitexact as bx
from bitexact.dotnet import Random


def test_values_are_monos():
    r = Random(-12345)
    assert [r.next(), r.next_u32()] == [143337951, 150666398]
    assert r.next_max(6) == 4
    assert r.next_range(1, 7) == 4
    z = Random(0)
    z.discard(4)
    assert z.next_range(-5, 2**31 - 1) == 1294968235  # two draws
    assert z.next_range(-(2**31), 2**31 - 1) == -1945678310
    assert z.next_double() == 0.97754975314137982
    assert [z.next_byte() for _ in range(4)] == [0x67, 0x65, 0xD5, 0xF5]


def test_errors_are_dotnets_exceptions_and_draw_nothing():
    r = Random(1)
    before = r.to_bytes()
    with pytest.raises(bx.Error, match="negative max"):
        r.next_max(-1)
    with pytest.raises(bx.Error, match="above max"):
        r.next_range(7, 1)
    with pytest.raises(bx.Error):
        Random(2**31)
    assert r.to_bytes() == before


def test_state_round_trip_identify_and_pickle():
    r = Random(-777)
    r.discard(12345)
    assert r.identify() == (777, 12345)
    assert Random.from_bytes(r.to_bytes()) == r
    assert pickle.loads(pickle.dumps(r)) == r
    assert r.cursors == ((12345 - 1) % 55 + 1, (12345 + 20) % 55 + 1)
    with pytest.raises(bx.Error, match="232 bytes"):
        Random.from_bytes(b"\0" * 231)


def test_a_forged_state_is_not_sure_and_says_so():
    # Every entry half of int.MaxValue - 1: each step back has two
    # predecessors, so the walk gives up. "Not sure" raises with the
    # reason; it is never None (which means "no seed reaches it").
    halves = struct.pack("<56i", 0, *[1_073_741_823] * 55) + struct.pack("<2i", 5, 26)
    r = Random.from_bytes(halves)
    with pytest.raises(bx.Error, match="^not sure"):
        r.identify(max_draws=10_000)
    edited = bytearray(Random(777).to_bytes())
    edited[40] ^= 1
    assert Random.from_bytes(bytes(edited)).identify(max_draws=10_000) is None


def test_recover_finds_both_signs():
    hits = bx.recover("dotnet", [4, 3, 4, 4, 0, 4, 1], tap="next:6", seed_range=(12000, 13000), max_offset=2)
    assert list(hits) == [(12345, 2)]
    neg = 2**32 - 12345
    hits = bx.recover("dotnet", [4, 3, 4, 4, 0, 4, 1], tap="next:6", seed_range=(neg - 10, neg + 10), max_offset=2)
    assert list(hits) == [(neg, 2)]
