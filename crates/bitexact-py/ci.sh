#!/usr/bin/env bash
# The Python package on a fresh machine: a new virtual environment with
# pytest, numpy and mypy; the abi3 wheel users install offline, built and
# installed with no index; then the package with its test hooks (maturin
# comes from PyPI as the build backend) and the pytest suite. Exits non-zero on any failure,
# and when pytest collects no test (its exit 5).
set -euo pipefail
cd "$(dirname "$0")/../.."

python=${PYTHON:-python3}
venv=$(mktemp -d "${TMPDIR:-/tmp}/bitexact-py-ci.XXXXXX")
trap 'rm -rf "$venv"' EXIT

echo "== the CLI (tests/test_cli_parity.py compares recover with it)"
cargo build -p bitexact-cli --locked
target_dir=${CARGO_TARGET_DIR:-$PWD/target}
case $target_dir in /*) ;; *) target_dir=$PWD/$target_dir ;; esac
export BITEXACT_CLI=$target_dir/debug/bitexact

echo "== python: $("$python" --version)"
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install --no-cache-dir pytest numpy mypy

echo "== the wheel a user installs offline (README): one abi3 file for CPython 3.9+, no test hooks"
# --no-cache-dir: build from this checkout, never a cached wheel of an older one.
"$venv/bin/python" -m pip wheel --no-deps --no-cache-dir -w "$venv/wheels" ./crates/bitexact-py
wheel=$(ls "$venv"/wheels/bitexact-*-cp39-abi3-*.whl)
echo "built $(basename "$wheel")"
# Installed with the network shut out (numpy, its one dependency, is there).
"$venv/bin/python" -m pip install --no-index --find-links "$venv/wheels" bitexact
(cd "$venv" && "$venv/bin/python" -c 'import bitexact as bx, sys
assert not hasattr(bx._bitexact, "_test_panic"), "a user wheel with test hooks"
assert bx.stream("sots", 5489, count=1).tolist() == [3499211612], "the wheel streams wrong"
print("offline wheel:", bx.__version__, "on CPython", sys.version.split()[0])')

echo "== the package with test hooks, for the tests"
# The test-hooks feature adds bitexact._bitexact._test_panic (a search whose
# worker panics) for tests/test_boundary.py; a plain install has no hooks.
MATURIN_PEP517_ARGS="--features test-hooks" \
    "$venv/bin/python" -m pip install --no-cache-dir --force-reinstall --no-deps ./crates/bitexact-py

echo "== pytest"
# From the tests' folder, so `import bitexact` is the installed package.
cd crates/bitexact-py/tests
status=0
"$venv/bin/python" -m pytest -q -p no:cacheprovider . || status=$?
if [ "$status" -eq 5 ]; then
    echo "pytest collected no tests: failing" >&2
    exit 1
fi
exit "$status"
