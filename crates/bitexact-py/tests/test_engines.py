"""Every engine of the library's list has its Python face, with no line of
its own: `bitexact.Generator` draws what `bitexact.stream` draws for it (and
what its typed class draws, where it has one), its state files and pickles
round-trip, its family is importable as `bitexact.<family>` when it has
typed classes, and the stubs declare what the runtime has.

The engines come from the library at run time (`bitexact.engines()`), so a
generator added to the list is tested here at once; the one hand-kept part
of the stubs, the generated block of `__init__.pyi`, is checked current (and
rewritten with BITEXACT_BLESS=1, as the C header is)."""

import ast
import copy
import importlib
import os
import pathlib
import pickle
import re
import subprocess
import sys

import numpy as np
import pytest

import bitexact as bx
from test_boundary import LATENCY, interrupted

PACKAGE = pathlib.Path(bx.__file__).resolve().parent
SOURCE = pathlib.Path(__file__).resolve().parents[1] / "python" / "bitexact"
README = pathlib.Path(__file__).resolve().parents[3] / "README.md"
ENGINES = bx.engines()
SEED = 12345  # a seed every engine takes
# Arguments for a tap's forms (`ranged:MIN,MAX` → `ranged:1,6`); a name not
# here gets 1. A tap that refuses them must be refused alike everywhere.
ARGS = {"MIN": "1", "MAX": "6", "LO": "1", "HI": "6", "N": "6", "P": "0.25", "S": "2"}


def name(e):
    return f"{e.family}:{e.class_}" if e.class_ else e.family


def kw(e):
    """The keyword that picks the engine's class, where it has one."""
    return {"class_": e.class_} if e.class_ else {}


def tap_text(form):
    """A tap's form with arguments filled in: `ranged:MIN,MAX` → `ranged:1,6`."""
    head, _, args = form.partition(":")
    if not args:
        return head
    return head + ":" + ",".join(ARGS.get(a, "1") for a in args.split(","))


def raises(call):
    """The message of the bitexact.Error `call` raises."""
    with pytest.raises(bx.Error) as e:
        call()
    return str(e.value)


def generator(e, tap=None, drawn=700):
    """A Generator of `e` seeded with SEED, `drawn` raw words on (across a
    624-word block)."""
    g = bx.Generator(e.family, SEED, tap=tap, **kw(e))
    g.discard(drawn)
    return g


def test_the_list_is_the_librarys():
    # Every family and class the library takes by name, each once, in order.
    assert ENGINES, "no engine in the list"
    names = [name(e) for e in ENGINES]
    assert len(set(names)) == len(names)
    for e in ENGINES:
        assert e.taps and e.dtype in {"uint32", "int32", "uint64"}, name(e)
        assert bx.Generator(e.family, 1, **kw(e)).tap == e.taps[0], name(e)
        assert bx.Generator(e.family, 1, **kw(e)).dtype == e.dtype
    defaults = {e.family for e in ENGINES if e.default}
    assert defaults == {e.family for e in ENGINES}, "a family without a default class"
    with pytest.raises(bx.Error, match=r"unknown engine 'nope' \(expected sots, laige"):
        bx.Generator("nope", 1)


@pytest.mark.parametrize("e", ENGINES, ids=name)
def test_generator_draws_what_stream_draws(e):
    taps = [tap_text(f) for f in e.taps]
    drew = 0
    for tap in taps:
        try:
            values, words = bx.stream(e.family, SEED, tap, count=300, skip=7, words=True, **kw(e))
        except bx.Error as refused:
            # Refused alike: the same one line, naming the same tap.
            assert raises(lambda: bx.Generator(e.family, SEED, tap=tap, **kw(e))) == str(refused)
            continue
        drew += 1
        g = bx.Generator(e.family, SEED, tap=tap, **kw(e))
        g.skip(7)
        start = g.position
        h = g.copy()
        singles = [g.next() for _ in range(300)]
        assert singles == values.tolist(), f"{name(e)} {tap}"
        assert g.position == h.position + int(words.sum())
        v, w = h.take(300, words=True)
        assert v.dtype == values.dtype and v.tolist() == values.tolist(), f"{name(e)} {tap}"
        assert w.tolist() == words.tolist() and h == g and h.position == g.position
        # One call of the tap from a generator drawing another tap.
        raw = bx.Generator(e.family, SEED, **kw(e))
        raw.discard(start)
        assert [raw.call(tap) for _ in range(300)] == values.tolist()
        assert raw.tap == e.taps[0] and raw.position == g.position
        # Setting the tap keeps the generator where it is.
        again = bx.Generator(e.family, SEED, **kw(e))
        again.discard(start)
        again.tap = tap
        assert again.take(300).tolist() == values.tolist()
    assert drew >= 1, f"{name(e)}: no tap drew"


@pytest.mark.parametrize("e", ENGINES, ids=name)
def test_the_raw_word_and_fill(e):
    g = generator(e)
    singles = [g.copy().word() for _ in range(1)]
    a = g.copy()
    words = [a.word() for _ in range(2000)]
    assert words[:1] == singles
    b = g.copy()
    filled = b.fill(2000)
    assert filled.dtype == np.dtype(e.dtype) and filled.tolist() == words, name(e)
    assert b == a and b.position == a.position == g.position + 2000
    out = np.zeros(500, dtype=e.dtype)
    c = g.copy()
    assert c.fill(out=out) is out and out.tolist() == words[:500]
    assert "out must be a 1-d numpy" in raises(lambda: c.fill(out=np.zeros(3, dtype=np.float64)))
    # The raw tap is the raw word.
    assert bx.stream(e.family, SEED, count=5, skip=700, **kw(e)).tolist() == words[:5]
    # A discard is the words it spends.
    d = g.copy()
    d.discard(2000)
    assert d == a and d.position == a.position
    assert d.fill(3).tolist() == a.fill(3).tolist()


@pytest.mark.parametrize("e", [e for e in ENGINES if e.typed], ids=name)
def test_the_typed_class_draws_the_same(e):
    t = e.typed(SEED)
    g = bx.Generator(e.family, SEED, **kw(e))
    fill = getattr(t, "fill", None) or getattr(t, f"fill_{e.taps[0]}")
    typed = fill(3000)
    assert typed.dtype == np.dtype(e.dtype), name(e)
    assert [g.word() for _ in range(3000)] == typed.tolist(), name(e)
    # The same state: the same state files and the same pickle.
    if e.states:
        save = getattr(t, "to_bytes", None) or t.save_state
        for layout in e.layouts or [None]:
            typed_bytes = save(layout) if layout else save()
            assert g.save_state(layout) == typed_bytes, f"{name(e)} {layout}"
    assert t.__reduce__()[1][0] == g.__reduce__()[1][3], f"{name(e)}: another snapshot"
    assert e.typed.__module__ == f"bitexact.{e.family}"
    assert e.typed._engine == (e.family, e.class_)


@pytest.mark.parametrize("e", ENGINES, ids=name)
def test_state_files_and_pickles_round_trip(e):
    g = generator(e, tap=tap_text(e.taps[-1]))
    if e.states:
        for layout in e.layouts or [None]:
            b = g.save_state(layout)
            for given in {layout, None}:
                h = bx.Generator.from_state(e.family, b, layout=given, tap=g.tap, **kw(e))
                assert h == g and h.position == 0, f"{name(e)} {layout}"
                assert h.copy().fill(1000).tolist() == g.copy().fill(1000).tolist()
            assert h.tap == g.tap
            with pytest.raises(bx.Error):
                bx.Generator.from_state(e.family, b[:-1], **kw(e))
    else:
        assert "no state files" in raises(lambda: g.save_state())
        assert "no state files" in raises(lambda: bx.Generator.from_state(e.family, b"\0" * 8, **kw(e)))
    for back in (pickle.loads(pickle.dumps(g)), copy.copy(g), copy.deepcopy(g), g.copy()):
        assert type(back) is bx.Generator
        assert back == g and back.position == g.position and back.tap == g.tap
        assert repr(back) == repr(g)
        assert back.take(500).tolist() == g.copy().take(500).tolist(), name(e)
    load, args = g.__reduce__()
    assert load(*args) == g
    family, class_, tap, snapshot, position = args
    assert (family, class_, tap, position) == (e.family, e.class_, g.tap, g.position)
    for forged in (snapshot[:-1], snapshot + b"\0", b""):
        with pytest.raises(bx.Error):
            load(family, class_, tap, forged, position)
    with pytest.raises(bx.Error):
        load(family, class_, "no-such-tap", snapshot, position)


@pytest.mark.parametrize("e", ENGINES, ids=name)
def test_the_python_face_of_the_engine(e):
    g = generator(e)
    assert (g.engine, g.class_, g.title) == (e.family, e.class_, e.title)
    r = repr(g)
    assert r.startswith(f"bitexact.Generator('{e.family}'") and f"position={g.position}" in r
    assert (f"class_='{e.class_}'" in r) == (e.class_ is not None)
    if e.typed:
        module = importlib.import_module(f"bitexact.{e.family}")
        assert module is getattr(bx, e.family) and e.family in bx.__all__
        assert getattr(module, e.typed.__name__) is e.typed
        assert e.typed.__name__ in module.__all__


def test_every_typed_module_is_a_family_and_listed():
    import types

    families = {e.family for e in ENGINES}
    native = [n for n in vars(bx._bitexact) if isinstance(getattr(bx._bitexact, n), types.ModuleType)]
    assert native, "no typed module"
    for n in native:
        assert n in families, f"typed module {n} is no family of the engine list"
        assert n in bx.__all__, f"typed module {n} is missing from bitexact.__all__"
        assert sys.modules[f"bitexact.{n}"] is getattr(bx, n)
        assert f":mod:`bitexact.{n}`" in bx.__doc__, f"{n} is missing from the package docstring"
    for n in bx.__all__:
        assert hasattr(bx, n), n


# --- errors --------------------------------------------------------------


def test_bad_input_is_one_line_bitexact_error():
    assert "32 bits" in raises(lambda: bx.Generator("sots", 2**32))
    assert "seed -1 is out of range" in raises(lambda: bx.Generator("sots", -1))
    assert "class_ is for westwood" in raises(lambda: bx.Generator("sots", 1, class_="random4"))
    assert "unknown class 'random9'" in raises(lambda: bx.Generator("westwood", 1, class_="random9"))
    assert "substream is for laige" in raises(lambda: bx.Generator("sots", 1, substream=1))
    assert "tap int needs its arguments: int:N" in raises(lambda: bx.Generator("sots", 1, tap="int"))
    g = bx.Generator("westwood", 1, tap="ranged:1,6")
    assert "use class_='random4'" in raises(lambda: setattr(g, "tap", "float"))
    assert g.tap == "ranged:1,6" and g.position == 0
    assert "use class_='random4'" in raises(lambda: g.call("float"))
    assert "tap must be a str" in raises(lambda: g.call(3))
    assert g.position == 0
    assert "a layout is needed" in raises(lambda: g.save_state())
    assert "unknown layout 'yr'" in raises(lambda: g.save_state("yr"))
    assert "count 100000001 is over the limit of 100000000 calls" in raises(lambda: g.take(10**8 + 1))
    assert "is not a count" in raises(lambda: g.take(-1))
    assert "words 10000000001 is over the limit of 10000000000 draws" in raises(lambda: g.discard(10**10 + 1))
    assert "n 10000000001 is over the limit" in raises(lambda: g.fill(10**10 + 1))
    assert "skip" in raises(lambda: g.skip(10**8 + 1))
    assert g.position == 0
    # laige jumps: any count at once.
    p = bx.Generator("laige", 1)
    p.discard(2**64 - 1)
    q = bx.laige.Prng(1)
    q.discard(2**64 - 1)
    assert p.word() == q.next_u64()
    assert "must be bytes" in raises(lambda: bx.Generator.from_state("sots", "x"))
    assert "RNG item is 3 bytes" in raises(lambda: bx.Generator.from_state("sots", b"abc"))


def test_precision_and_substream_are_the_streams():
    for precision in ("pc53", "pc24"):
        g = bx.Generator("sots", 7, tap="frange:-1,1", precision=precision)
        want = bx.stream("sots", 7, "frange:-1,1", 500, precision=precision)
        assert g.take(500).tolist() == want.tolist()
        # A loaded state keeps the precision asked for; a pickle its own.
        r = bx.sots.Rng(7, precision=precision)
        h = bx.Generator.from_state("sots", r.save_state(), tap="float", precision=precision)
        assert [h.next() for _ in range(700)] == r.fill_float(700).tolist()
        assert pickle.loads(pickle.dumps(h)).take(700).tolist() == r.fill_float(700).tolist()
    s = bx.Generator("laige", 9, tap="range:0,6", substream=3)
    assert s.take(100).tolist() == bx.stream("laige", 9, "range:0,6", 100, substream=3).tolist()
    assert s.fill(3).tolist() == bx.laige.Prng.derive_substream(9, 3).fill(103)[100:].tolist()


def test_ctrl_c_leaves_the_generator_as_it_was():
    g = bx.Generator("generals", 5)
    before = g.copy()
    _, latency = interrupted(lambda: g.discard(2_500_000_000))
    assert latency < LATENCY and g == before and g.position == 0
    g = bx.Generator("sots", 5, tap="bell:1,6")
    _, latency = interrupted(lambda: g.take(10**8))
    assert latency < LATENCY and g.position == 0
    _, latency = interrupted(lambda: g.skip(10**8))
    assert latency < LATENCY and g.position == 0


# --- the stubs -----------------------------------------------------------


def generated_part():
    """The block of `__init__.pyi` made from the engine list: the typed
    modules' imports and the Literal types of the engine and class names."""
    families = list(dict.fromkeys(e.family for e in ENGINES))
    lines = [
        "# Generated from the engine list by tests/test_engines.py; do not edit.",
        "# BITEXACT_BLESS=1 rewrites it (crates/bitexact-py/README.md).",
    ]
    lines += [f"from . import {n} as {n}" for n in bx._TYPED]
    quoted = lambda names: ", ".join(f'"{n}"' for n in names)  # noqa: E731
    lines.append(f"Engine = Literal[{quoted(families)}]")
    classes = []
    for f in families:
        of = [e.class_ for e in ENGINES if e.family == f and e.class_]
        if of:
            lines.append(f"{f.capitalize()}Class = Literal[{quoted(of)}]")
            classes += [c for c in of if c not in classes]
    lines.append(f"Class = Literal[{quoted(classes)}]")
    lines.append("# End of the generated part.")
    return "\n".join(lines) + "\n"


BLOCK = re.compile(r"# Generated from the engine list.*?# End of the generated part\.\n", re.S)


def test_the_stubs_generated_part_is_current():
    path = SOURCE / "__init__.pyi"
    if not path.exists():
        pytest.skip("not run from the source tree")
    text = path.read_text(encoding="utf-8")
    fresh = generated_part()
    assert BLOCK.search(text), "__init__.pyi has no generated part"
    if os.environ.get("BITEXACT_BLESS"):
        path.write_text(BLOCK.sub(lambda _: fresh, text), encoding="utf-8")
        return
    assert BLOCK.search(text).group(0) == fresh, (
        "__init__.pyi's generated part is stale; regenerate it with\n"
        "  BITEXACT_BLESS=1 bash crates/bitexact-py/ci.sh  (or pytest tests/test_engines.py)\n"
        "and commit it"
    )
    installed = PACKAGE / "__init__.pyi"
    assert installed.read_text(encoding="utf-8") == text, "the installed stubs are not this tree's"


def stub_names(module):
    """{class: set of member names} and the top-level names of a stub,
    with the members of the bases it defines or imports from a sibling."""
    tree = ast.parse((PACKAGE / f"{module}.pyi").read_text(encoding="utf-8"))
    classes, names = {}, set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom):
            names |= {a.asname or a.name for a in node.names}
            if node.level == 1 and node.module and (PACKAGE / f"{node.module}.pyi").exists():
                shared, _ = stub_names(node.module)
                classes |= {a.name: shared[a.name] for a in node.names if a.name in shared}
        elif isinstance(node, ast.ClassDef):
            members = {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
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


def literal(module, alias):
    """The strings of `alias = Literal[...]` in a stub."""
    tree = ast.parse((PACKAGE / f"{module}.pyi").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == alias for t in node.targets):
            value = node.value
            if isinstance(value, ast.Name):
                return literal(module, value.id)
            elts = value.slice.elts if isinstance(value.slice, ast.Tuple) else [value.slice]
            return {x.value for x in elts}
    raise AssertionError(f"{module}.pyi has no {alias}")


def public(obj):
    return {m for m in dir(obj) if not m.startswith("_")}


def test_the_stubs_declare_the_package():
    classes, names = stub_names("__init__")
    for n in bx.__all__:
        assert n in names, f"{n} is in bitexact.__all__ but not in __init__.pyi"
    assert public(bx.Generator) == {m for m in classes["Generator"] if not m.startswith("_")}
    assert {"copy", "__copy__", "__deepcopy__"} <= classes["Generator"]
    assert set(bx.EngineInfo._fields) == classes["EngineInfo"]


@pytest.mark.parametrize("e", ENGINES, ids=name)
def test_the_stubs_declare_the_engine(e):
    assert e.family in literal("__init__", "Engine"), f"{e.family} is missing from Engine"
    if e.class_:
        assert e.class_ in literal("__init__", "Class"), f"{e.class_} is missing from Class"
        assert e.class_ in literal("__init__", f"{e.family.capitalize()}Class")
    if not e.typed:
        return
    _, names = stub_names("__init__")
    assert e.family in names, f"__init__.pyi does not import {e.family}"
    classes, module_names = stub_names(e.family)
    assert e.typed.__name__ in module_names, f"{e.family}.pyi does not declare {e.typed.__name__}"
    declared = {m for m in classes[e.typed.__name__] if not m.startswith("_")}
    assert public(e.typed) == declared, f"{e.family}.{e.typed.__name__}"
    # The raw fill's dtype is the engine's.
    tree = ast.parse((PACKAGE / f"{e.family}.pyi").read_text(encoding="utf-8"))
    fill = "fill" if hasattr(e.typed, "fill") else f"fill_{e.taps[0]}"
    returns = method_returns(tree, e.typed.__name__, fill)
    assert returns == f"npt.NDArray[np.{e.dtype}]", f"{e.family}.{e.typed.__name__}.{fill}"


def method_returns(tree, cls, method):
    """The return annotation of `cls.method` in a stub, looked up through
    the bases the stub defines."""
    defined = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    node = defined[cls]
    for f in node.body:
        if isinstance(f, ast.FunctionDef) and f.name == method:
            return ast.unparse(f.returns)
    for base in node.bases:
        if isinstance(base, ast.Name) and base.id in defined:
            found = method_returns(tree, base.id, method)
            if found:
                return found
    return None


def test_mypy_strict_types_a_script_using_generator():
    try:
        import mypy  # noqa: F401
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("mypy is missing under CI (ci.sh installs it)")
        pytest.skip("mypy is not installed (pip install mypy); under CI this fails")
    script = pathlib.Path(__file__).with_name("typed_generator.py")
    p = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(script)],
        capture_output=True,
        text=True,
    )
    assert p.returncode == 0, p.stdout + p.stderr


# --- the docs ------------------------------------------------------------


def test_the_readme_names_every_typed_family():
    text = README.read_text(encoding="utf-8")
    python = text[text.index("\n## Python") :]
    python = python[: python.index("\n## ", 1)]
    assert "bx.Generator(" in python and "bx.engines()" in python
    for n in bx._TYPED:
        assert f"`bx.{n}" in python, f"the README's Python section does not name bx.{n}"
