#!/usr/bin/env bash
# The Python package on a fresh machine: a new virtual environment,
# `pip install ./crates/bitexact-py pytest numpy mypy` (maturin comes from PyPI as
# the build backend), then the pytest suite. Exits non-zero on any failure,
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
# --no-cache-dir: build from this checkout, never a cached wheel of an older one.
# The test-hooks feature adds bitexact._bitexact._test_panic (a search whose
# worker panics) for tests/test_boundary.py; a plain install has no hooks.
MATURIN_PEP517_ARGS="--features test-hooks" \
    "$venv/bin/python" -m pip install --no-cache-dir ./crates/bitexact-py pytest numpy mypy

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
