"""bitexact.scan: the library's scan report as a dict (SPEC 10)."""

import struct

import pytest

import bitexact

BASE = 0x400000

# mov ecx,eax; shr ecx,11; xor eax,ecx; ... the textbook tempering; ret
TEMPER = bytes.fromhex(
    "89c1c1e90b31c8"
    "89c1c1e10781e180562c9d31c8"
    "89c1c1e10f81e10000c6ef31c8"
    "89c1c1e91231c8"
    "c3"
)


# The same tempering as Visual C++ writes it (SPEC 10.1): each mask before
# its shift, with the bits the shift discards set.
MSVC_TEMPER = bytes.fromhex(
    "89c1c1e90b31c8"
    "89c181e1ad583affc1e10731c8"
    "89c181e18cdfffffc1e10f31c8"
    "89c1c1e91231c8"
    "c3"
)

# imul eax, ecx, 1812433253; ret: Knuth's seeding multiply alone.
KNUTH_ALONE = bytes.fromhex("69c16589076cc3")


def elf64(code: bytes) -> bytes:
    """One R+X PT_LOAD segment: headers, 16 nops, then the code (the entry)."""
    off = 64 + 56 + 16
    total = off + len(code)
    header = b"\x7fELF\x02\x01\x01" + bytes(9)
    header += struct.pack("<HHIQQQIHHHHHH", 2, 0x3E, 1, BASE + off, 64, 0, 0, 64, 56, 1, 64, 0, 0)
    phdr = struct.pack("<IIQQQQQQ", 1, 5, 0, BASE, BASE, total, total, 0x1000)
    return header + phdr + b"\x90" * 16 + code


def test_a_tempering_site_is_found():
    r = bitexact.scan(elf64(TEMPER))
    assert r["image"] == {"format": "elf64", "arch": "x86_64", "entry": "0x400088"}
    [site] = r["sites"]
    assert site["signature"] == "mt19937.temper"
    assert site["complete"] is True
    assert site["va"] == "0x40008a"
    assert site["function"] is None and site["function_va"] == "0x400088"
    assert r["functions"][0]["reachable"] is None
    assert r["mt19937"] == "confirmed"
    assert r["finding"] == "sites" and site["shared_constant"] is False


def test_msvc_masks_before_the_shift_are_the_same_tempering():
    r = bitexact.scan(elf64(MSVC_TEMPER))
    [site] = r["sites"]
    assert site["signature"] == "mt19937.temper" and site["complete"] is True
    assert r["mt19937"] == "confirmed"


def test_a_seeding_alone_leaves_mt19937_unconfirmed():
    r = bitexact.scan(elf64(KNUTH_ALONE))
    [site] = r["sites"]
    assert site["signature"] == "mt19937.seed_knuth" and site["complete"] is False
    assert r["mt19937"] == "unconfirmed"
    # 1812433253 is SFMT's and TinyMT's seeding multiplier too: alone, it
    # is a lead, and no generator is found (the CLI exits 1).
    assert site["shared_constant"] is True
    assert r["finding"] == "shared_constants_only"


# movabs rax, 0x9e3779b97f4a7c15; add rdi, rax; ret: splitmix64's gamma,
# which Philox's key schedule adds too.
GOLDEN = b"\x48\xb8" + (0x9E3779B97F4A7C15).to_bytes(8, "little") + b"\x48\x01\xc7\xc3"


def test_a_shared_constant_alone_is_no_generator_found():
    r = bitexact.scan(elf64(GOLDEN))
    [site] = r["sites"]
    assert site["signature"] == "splitmix64" and site["complete"] is False
    assert site["shared_constant"] is True
    assert r["finding"] == "shared_constants_only" and r["mt19937"] is None
    # Beside a complete tempering it is a note: the tempering is found.
    r = bitexact.scan(elf64(TEMPER[:-1] + GOLDEN))
    assert r["finding"] == "sites"
    assert [s["shared_constant"] for s in r["sites"]] == [False, True]


def test_from_marks_reachability(tmp_path):
    path = tmp_path / "temper.elf"
    path.write_bytes(elf64(TEMPER))
    r = bitexact.scan(str(path), from_="0x400088")
    assert r["functions"][0]["reachable"] is True
    assert r["functions"][0]["path"] == ["0x400088"]
    assert bitexact.scan(path)["sites"] == r["sites"]


def test_sweep_lists_sites_of_unreached_code_apart():
    # The entry is a `ret`; the tempering after the padding opens with no
    # prologue and nothing reaches it, so it is code only the sweep decodes.
    image = bytearray(elf64(TEMPER))
    image[24:32] = struct.pack("<Q", BASE + 120)
    image[120] = 0xC3
    plain = bitexact.scan(bytes(image))
    assert plain["sites"] == [] and plain["sweep_sites"] == []
    r = bitexact.scan(bytes(image), sweep=True)
    assert r["sites"] == []
    [site] = r["sweep_sites"]
    assert site["signature"] == "mt19937.temper"
    assert site["complete"] is True and site["sweep_only"] is True


def test_nothing_found_is_an_empty_list():
    r = bitexact.scan(elf64(b"\xc3"))
    assert r["sites"] == [] and r["mt19937"] is None and r["finding"] == "none"


@pytest.mark.parametrize(
    "image, needle",
    [
        (b"", "empty"),
        (elf64(TEMPER)[:40], "truncated"),
        (b"hello", "not a PE or ELF image"),
    ],
)
def test_bad_images_raise_bitexact_error(image, needle):
    with pytest.raises(bitexact.Error, match=needle):
        bitexact.scan(image)


def test_an_unknown_origin_raises():
    with pytest.raises(bitexact.Error, match="no function of that name"):
        bitexact.scan(elf64(TEMPER), from_="turn_driver")


def test_html_writes_the_page_with_the_report_inside(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import json
    import pathlib

    game = pathlib.Path(__file__).resolve().parents[3] / "examples" / "scan" / "game"
    out = tmp_path / "scan.html"
    r = bitexact.scan(game, "turn_driver", html=out)
    page = out.read_text(encoding="utf-8")
    assert "<title>bitexact scan: " in page
    opening = '<script type="application/json" id="report">'
    start = page.index(opening) + len(opening)
    assert json.loads(page[start : page.index("</script>", start)]) == r
    assert '<button type="button">address</button>' in page
