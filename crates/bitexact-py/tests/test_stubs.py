"""The type stubs are current: every public method and property of every
class, and every public module name, is in the `.pyi` files and nothing
more; `mypy --strict` types a script using the API (when mypy is
installed)."""

import ast
import importlib
import os
import pathlib
import subprocess
import sys

import pytest

import bitexact as bx

PACKAGE = pathlib.Path(bx.__file__).resolve().parent
MODULES = ["sots", "laige", "westwood", "openra", "generals", "dotnet"]


def stub(module):
    """{name: set of member names} for the classes of a stub (with those of
    bases it defines or imports from a sibling stub), and its top-level
    names."""
    tree = ast.parse((PACKAGE / f"{module}.pyi").read_text())
    classes, names = {}, set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
            shared, _ = stub(node.module)
            classes |= {a.name: shared[a.name] for a in node.names if a.name in shared}
        elif isinstance(node, ast.ClassDef):
            members = {n.name for n in node.body if isinstance(n, (ast.FunctionDef, ast.AnnAssign)) and hasattr(n, "name")}
            members |= {n.target.id for n in node.body if isinstance(n, ast.AnnAssign)}
            for base in node.bases:
                if isinstance(base, ast.Name) and base.id in classes:
                    members |= classes[base.id]
            classes[node.name] = members
            names.add(node.name)
        elif isinstance(node, ast.FunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return classes, names


def test_every_engine_module_is_listed_and_typed():
    # Guarded lists: every engine submodule of the native module is in
    # MODULES and in the stubs' Engine literal, named when missing.
    import types

    native = {n for n in dir(bx._bitexact) if isinstance(getattr(bx._bitexact, n), types.ModuleType)}
    for name in sorted(native):
        assert name in MODULES, f"engine module {name} is missing from MODULES"
    engine_literal = next(
        node.value
        for node in ast.parse((PACKAGE / "__init__.pyi").read_text()).body
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "Engine" for t in node.targets)
    )
    literal = {e.value for e in engine_literal.slice.elts}
    for name in MODULES:
        assert name in literal, f"engine {name} is missing from __init__.pyi's Engine"


@pytest.mark.parametrize("module", MODULES)
def test_stubs_name_every_method(module):
    mod = importlib.import_module(f"bitexact.{module}")
    classes, names = stub(module)
    assert set(mod.__all__) <= names
    for name in mod.__all__:
        obj = getattr(mod, name)
        if not isinstance(obj, type):
            continue
        runtime = {m for m in dir(obj) if not m.startswith("_")}
        assert runtime == {m for m in classes[name] if not m.startswith("_")}, name
        if hasattr(obj, "copy"):
            assert {"copy", "__copy__", "__deepcopy__"} <= classes[name]


def test_mypy_strict_types_a_script_using_the_api():
    try:
        import mypy  # noqa: F401
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("mypy is missing under CI (ci.sh installs it)")
        pytest.skip("mypy is not installed (pip install mypy); under CI this fails")
    script = pathlib.Path(__file__).with_name("typed_usage.py")
    p = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(script)],
        capture_output=True,
        text=True,
    )
    assert p.returncode == 0, p.stdout + p.stderr
