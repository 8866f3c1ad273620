"""bitexact.sync on the README's example logs (examples/sync, written by the
library's test writers to the games' format strings) and on bad input."""

import os
import pathlib
import re

import pytest

import bitexact

SYNC = pathlib.Path(__file__).resolve().parents[3] / "examples" / "sync"


def test_phobos_placed_from_a_path_and_from_bytes() -> None:
    r = bitexact.sync("phobos", SYNC / "SYNC0.TXT", seed=4242)
    assert r["consistent"] is True and r["position"] == 1500
    same = bitexact.sync("phobos", (SYNC / "SYNC0.TXT").read_bytes(), seed=4242)
    assert same == r


def test_phobos_two_players_name_the_extra_call() -> None:
    r = bitexact.sync("phobos", str(SYNC / "SYNC0.TXT"), os.fspath(SYNC / "SYNC1.TXT"))
    assert r["consistent"] is False
    assert r["first_divergence"]["entry"] == 250
    assert r["shift"] == 1


def test_another_seed_is_never_consistent() -> None:
    assert bitexact.sync("phobos", SYNC / "SYNC0.TXT", seed=4243)["consistent"] is False
    assert bitexact.sync("vinifera", SYNC / "vinifera-crc.txt", seed=1)["consistent"] is False


def test_generals_and_vinifera() -> None:
    assert bitexact.sync("generals", SYNC / "generals-debug.txt")["consistent"] is True
    v = bitexact.sync("vinifera", SYNC / "vinifera-crc.txt")
    assert v["consistent"] is True and v["position"] == 98765


def test_bad_input_raises_error_with_the_line() -> None:
    with pytest.raises(bitexact.Error, match="line 1"):
        bitexact.sync("generals", b"1: GetGameLogicRandomValue = x (0 - 9), a.cpp line 3\n")
    with pytest.raises(bitexact.Error, match="unknown sync format"):
        bitexact.sync("nope", b"")  # type: ignore[arg-type]
    with pytest.raises(bitexact.Error, match="32 bits"):
        bitexact.sync("phobos", SYNC / "SYNC0.TXT", seed=2**40)
    with pytest.raises(bitexact.Error, match="cannot read"):
        bitexact.sync("phobos", SYNC / "missing.txt", seed=1)



def test_the_stub_and_the_docstring_name_every_format() -> None:
    # The formats are the library's one list, which the error for an
    # unknown one spells out; the stub's Literal and sync's docstring, kept
    # by hand, name each of them (a format registered and not named fails).
    with pytest.raises(bitexact.Error) as e:
        bitexact.sync("nope", b"")  # type: ignore[arg-type]
    listed = str(e.value).split(": ", 1)[1]
    names = {n for n in re.findall(r"[a-z][a-z-]*", listed) if n != "or"}
    stub = (pathlib.Path(bitexact.__file__).resolve().parent / "__init__.pyi").read_text()
    literal = re.search(r"def sync\(\s*format: Literal\[([^\]]*)\]", stub)
    assert literal is not None
    assert set(re.findall(r'"([a-z-]+)"', literal.group(1))) == names
    doc = bitexact.sync.__doc__ or ""
    for n in names:
        assert f'``"{n}"``' in doc, n

WRITERS = pathlib.Path(__file__).resolve().parents[2] / "bitexact-cli" / "tests" / "sync_writers"


def test_ts_ring_and_the_vinifera_alias() -> None:
    r = bitexact.sync("ts", WRITERS / "ts" / "ts_notfull.txt", seed=4242)
    assert r["consistent"] is True and r["position"] == 0 and r["format"] == "ts"
    two = bitexact.sync("vinifera", WRITERS / "ts" / "ts_pair_A.txt", WRITERS / "ts" / "ts_pair_B.txt")
    assert two["consistent"] is False and two["extra_in"] == "b"
    assert two["first_divergence"]["line"] == 597


def test_openra_two_reports_and_no_evidence() -> None:
    r = bitexact.sync("openra", SYNC / "syncreport-alice.log", SYNC / "syncreport-bob.log")
    assert r["consistent"] is False and r["delta_draws"] == 3
    assert "hp: 43591 vs 43541" in r["summary"]
    none = bitexact.sync("openra", WRITERS / "openra" / "ora_nofr.txt", seed=1)
    assert none["consistent"] is False and none["summary"].startswith("no evidence")


def test_generals_frame_folders_by_path() -> None:
    r = bitexact.sync("generals-crc", WRITERS / "generals" / "dbgA", WRITERS / "generals" / "dbgB")
    assert r["consistent"] is False
    assert r["first_divergence"]["frame"] == 5 and r["first_divergence"]["line"] == 2
    with pytest.raises(bitexact.Error, match="DebugFrame"):
        bitexact.sync("generals-crc", WRITERS, seed=1)


def _embedded(page: str) -> str:
    opening = '<script type="application/json" id="report">'
    start = page.index(opening) + len(opening)
    return page[start : page.index("</script>", start)]


def test_html_writes_the_page_with_the_report_inside(tmp_path: pathlib.Path) -> None:
    import json

    out = tmp_path / "desync.html"
    r = bitexact.sync("phobos", SYNC / "SYNC0.TXT", SYNC / "SYNC1.TXT", html=out)
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>")
    assert f"<title>bitexact sync phobos: {SYNC / 'SYNC0.TXT'} vs {SYNC / 'SYNC1.TXT'}</title>" in page
    assert json.loads(_embedded(page)) == r
    assert 'id="div-entry" class="m">#00250<' in page
    # The same report without a page; an unwritable path is an Error.
    assert bitexact.sync("phobos", SYNC / "SYNC0.TXT", SYNC / "SYNC1.TXT") == r
    with pytest.raises(bitexact.Error, match="cannot write the HTML page"):
        bitexact.sync("phobos", SYNC / "SYNC0.TXT", seed=4242, html=tmp_path / "no" / "x.html")
