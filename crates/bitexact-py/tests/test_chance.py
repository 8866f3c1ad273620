"""`bitexact.recover` says, before it searches, when the values are too few
to pin one seed (bitexact.ChanceWarning, the CLI's line), and keeps the
estimate on the hits (`.expected_by_chance`)."""

import pickle
import subprocess
import warnings

import pytest

import bitexact as bx
from test_cli_parity import cli


def test_the_warning_is_the_clis_line():
    with pytest.warns(bx.ChanceWarning) as caught:
        hits = bx.recover("westwood", [3, 5, 1], tap="ranged:1,6", seed_range=(0, 3000))
    assert len(caught) == 1
    said = str(caught[0].message)
    assert said == (
        "about 14 of these seeds match by chance alone (each value is 1 of 6 outcomes): "
        "2 more values would leave about one"
    )
    assert hits.expected_by_chance == pytest.approx(3000 / 6**3)
    assert len(hits) > 1
    # The CLI says the same words, first, before its hits.
    out = subprocess.run(
        [cli(), "recover", "westwood", "--tap", "ranged:1,6", "--values", "3,5,1", "--seed-range", "0..3000"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stderr.splitlines()[0] == said


def test_the_warning_comes_before_the_search():
    # As an error, the warning ends the call before its search of all 2^32
    # seeds for one coin flip (which would take minutes) starts.
    with warnings.catch_warnings():
        warnings.simplefilter("error", bx.ChanceWarning)
        with pytest.raises(bx.ChanceWarning, match="2.15 billion of these seeds"):
            bx.recover("sots", [1], tap="int:1", threads=1)


def test_no_warning_when_the_values_pin_a_seed():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        hits = bx.recover("sots", [3499211612, 581869302], seed_range=(0, 10_000))
    assert hits == [(5489, 0)]
    assert hits.expected_by_chance is not None and hits.expected_by_chance < 1e-10
    # No estimate for a walk (no search) or a tap without one (Generals).
    walked = bx.recover("sots", bx.stream("sots", 7, count=624, skip=3).tolist())
    assert walked == [(7, 3)] and walked.expected_by_chance is None
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        g = bx.recover("generals", [6, 5, 3], tap="value:1,6", seed_range=(0, 200))
    assert g.expected_by_chance is None and len(g) > 1


def test_the_estimate_counts_offsets_and_survives_pickling():
    with pytest.warns(bx.ChanceWarning, match="at 3 offsets"):
        hits = bx.recover("westwood", [3, 5], tap="ranged:1,6", seed_range=(0, 500), max_offset=2)
    assert hits.expected_by_chance == pytest.approx(500 * 3 / 36)
    back = pickle.loads(pickle.dumps(hits))
    assert back == hits and back.expected_by_chance == hits.expected_by_chance
    assert back.complete and back.stopped_at is None
    assert issubclass(bx.ChanceWarning, UserWarning)
