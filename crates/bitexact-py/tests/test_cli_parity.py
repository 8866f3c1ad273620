"""Python and the CLI give the same answer to every recover (issue 17):
`bx.recover(...)` against `bitexact recover ... --json` over a table of
cases (dense and sparse hits, max_hits, several offsets per seed, the ends
of the seed spaces, the 624-output walk), each at 1, 2, 7 and 16 threads.

The CLI binary is $BITEXACT_CLI, or target/{debug,release}/bitexact (under
$CARGO_TARGET_DIR too); `cargo build -p bitexact-cli` makes it. Missing, the
test skips, except under CI (CI set), where it fails."""

import json
import os
import pathlib
import subprocess

import pytest

import bitexact as bx

ROOT = pathlib.Path(__file__).resolve().parents[3]


def cli():
    given = os.environ.get("BITEXACT_CLI")
    if given:
        return given
    dirs = [pathlib.Path(os.environ["CARGO_TARGET_DIR"])] if os.environ.get("CARGO_TARGET_DIR") else []
    dirs.append(ROOT / "target")
    for d in dirs:
        for profile in ("debug", "release"):
            exe = d / profile / "bitexact"
            if exe.is_file():
                return str(exe)
    if os.environ.get("CI"):
        pytest.fail("the CLI binary is missing: set BITEXACT_CLI or cargo build -p bitexact-cli")
    pytest.skip("no CLI binary (cargo build -p bitexact-cli, or set BITEXACT_CLI)")


def sots_outputs():
    r = bx.sots.Rng(3_000_000_000)
    r.discard(100)
    return r.fill_u32(624).tolist()


def inside_a_seed():
    """A hit budget whose last hit's seed has more hits (offsets) than fit."""
    hits = bx.recover("westwood", [0], "ranged:0,1", (0, 4000), 1, class_="random")
    return next(k for k in range(1, len(hits)) if hits[k - 1][0] == hits[k][0])


# (engine, values, tap, seed_range, max_offset, max_hits, class_)
CASES = [
    # Dense: half of all seeds.
    ("sots", [1], "int:1", (0, 5000), None, 10**9, None),
    ("sots", [1], "int:1", (0, 5000), None, 37, None),
    # Several offsets per seed: the stop can fall inside a seed's hits.
    ("sots", [1, 0], "int:1", (100, 400), 6, 9, None),
    ("sots", [1, 0], "int:1", (100, 400), 6, 10**9, None),
    # Sparse and none.
    ("sots", bx.stream("sots", 4242, count=2, skip=3).tolist(), None, (0, 100_000), 5, 10**9, None),
    ("sots", [1, 2, 3], None, (0, 20_000), None, 10**9, None),
    # The end of the 32-bit seed space.
    ("sots", [0], "int:1", (2**32 - 3000, 2**32), None, 10**9, None),
    ("sots", [0], "int:1", (2**32 - 3000, 2**32), None, 5, None),
    ("westwood", [3, 5], "ranged:1,6", (2**32 - 2000, 2**32), 2, 10**9, None),
    # The end of the 64-bit one (ranges end below 2^64).
    ("laige", bx.stream("laige", 2**64 - 500, "range:0,3", 3).tolist(), "range:0,3", (2**64 - 3000, 2**64 - 1), 1, 10**9, None),
    ("laige", [0, 1], "range:0,2", (2**64 - 300, 2**64 - 1), None, 4, None),
    # The other engines.
    ("westwood", [1, 6], "ranged:1,6", (0, 3000), 2, 50, None),
    ("westwood", bx.stream("westwood", 1998, count=2, class_="random4").tolist(), None, (0, 5000), None, 10**9, "random4"),
    ("westwood", [0], "ranged:0,1", (0, 4000), 1, 10**9, "random"),
    ("westwood", [0], "ranged:0,1", (0, 4000), 1, inside_a_seed(), "random"),
    ("westwood", [0, 1], "ranged:0,1", (0, 4000), 1, 100, "random3"),
    ("openra", bx.stream("openra", 31337, count=2).tolist(), None, (30_000, 40_000), None, 10**9, None),
    ("generals", bx.stream("generals", 2718, "value:0,99", 3).tolist(), "value:0,99", (0, 5000), 1, 10**9, None),
    ("generals", bx.stream("generals", 2718, "value:0,99", 3).tolist(), "value:0,99", (0, 5000), 1, 20, None),
    # 624 outputs: the walk, no search.
    ("sots", sots_outputs(), None, (0, 2**32), 1000, 10**9, None),
]


def cli_recover(exe, engine, values, tap, seeds, max_offset, max_hits, class_, threads):
    args = [exe, "recover", engine, "--values", ",".join(str(v) for v in values)]
    args += ["--seed-range", f"{seeds[0]}..{seeds[1]}", "--max-hits", str(max_hits)]
    args += ["--threads", str(threads), "--json"]
    if tap:
        args += ["--tap", tap]
    if max_offset is not None:
        args += ["--max-offset", str(max_offset)]
    if class_:
        args += ["--class", class_]
    p = subprocess.run(args, capture_output=True, text=True, timeout=300)
    assert p.returncode in (0, 1), p.stderr
    return json.loads(p.stdout)


@pytest.mark.parametrize("threads", [1, 2, 7, 16])
@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}-{c[2]}-{c[3][0]}-{c[5]}")
def test_python_and_the_cli_agree(case, threads):
    exe = cli()
    engine, values, tap, seeds, max_offset, max_hits, class_ = case
    got = bx.recover(
        engine,
        values,
        tap,
        seed_range=seeds,
        max_offset=max_offset,
        max_hits=max_hits,
        threads=threads,
        class_=class_,
    )
    want = cli_recover(exe, engine, values, tap, seeds, max_offset, max_hits, class_, threads)
    assert got == [(h["seed"], h["offset"]) for h in want["hits"]]
    assert got.complete == want["complete"]
    assert got.stopped_at == want.get("stopped_at")
    assert "interrupted_at" not in want
