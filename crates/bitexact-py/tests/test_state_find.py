"""bitexact.state_find (SPEC 16): states found in a "save" of noise at the
offsets they were written to, named by the seeds and draws they were made
with; the same answer from bytes and from a path, for 1 and 16 threads;
bad names and damaged minidumps raise bitexact.Error."""

import pytest

import bitexact as bx


def save_with_states():
    x = 12345
    noise = bytearray()
    for _ in range(1 << 16):
        x = (x * 1103515245 + 12345) % 2**32
        noise.append(x >> 24)
    r = bx.sots.Rng(777)
    r.discard(1000)
    item = r.save_state()
    noise[10001 : 10001 + len(item)] = item
    d = bx.dotnet.Random(-2024)
    d.discard(300)
    state = d.to_bytes()
    noise[40003 : 40003 + len(state)] = state
    return bytes(noise)


def test_states_are_found_where_they_were_written(tmp_path):
    save = save_with_states()
    found = bx.state_find(save, threads=1)
    assert found["complete"] is True and found["bytes"] == len(save)
    by_offset = {h["offset"]: h for h in found["identified"]}
    assert set(by_offset) == {10001, 40003}
    assert by_offset[10001]["engine"] == "sots"
    assert (by_offset[10001]["seed"], by_offset[10001]["words_drawn"]) == (777, 1000)
    assert by_offset[40003]["engine"] == "dotnet"
    assert by_offset[40003]["negated_seed"] == -2024 and by_offset[40003]["words_drawn"] == 300
    assert "candidate_list" not in found
    path = tmp_path / "save.bin"
    path.write_bytes(save)
    assert bx.state_find(path, threads=16) == found
    assert bx.state_find(str(path), threads=2) == found
    assert bx.state_find(memoryview(save)) == found
    only = bx.state_find(save, "dotnet", all=True)
    assert [h["offset"] for h in only["identified"]] == [40003]
    assert only["engines"] == ["dotnet"]
    assert all("why" in c for c in only["candidate_list"])
    assert bx.state_find(save, ["sots", "westwood:random4"])["engines"] == ["sots", "westwood random4"]


def test_bad_input_raises_error():
    with pytest.raises(bx.Error, match="laige: not looked for"):
        bx.state_find(b"\0" * 100, "laige")
    with pytest.raises(bx.Error, match="mars"):
        bx.state_find(b"\0" * 100, ["sots", "mars"])
    # Starts like a minidump but is not one: read as raw bytes, saying why.
    raw = bx.state_find(b"MDMP\x93\xa7")
    assert raw["identified"] == [] and raw["read_as_raw"].startswith("the minidump")
    with pytest.raises(bx.Error, match="data must be"):
        bx.state_find(12)  # type: ignore[arg-type]
    with pytest.raises(bx.Error, match="threads"):
        bx.state_find(b"", threads=0)
    empty = bx.state_find(b"")
    assert empty["identified"] == [] and empty["candidates"] == 0 and empty["complete"]
