"""Bit-exact reproductions of game-engine RNGs and x87 float arithmetic.

Thin bindings of the ``bitexact`` Rust library: every number comes from the
library, which is proven against independent references (numpy's MT19937,
the x87 unit, the engines' golden vectors). :class:`Generator` is every
generator of the library's engine list by name (``Generator("westwood", 1,
tap="ranged:1,6")``; :func:`engines` lists them), with its draws, fills,
state files and pickles. The families with typed classes (each generator's
own methods, named as the game names them) are submodules:

{submodules}

:func:`stream` and :func:`recover` speak the CLI's tap vocabulary for every
engine (:func:`recover` returns :class:`Hits`, a list that says whether the
search was complete and where it stopped, and warns with
:class:`ChanceWarning` before a search whose values are too few to pin one
seed); :func:`scan` finds generator sites in a PE / ELF x86 image;
:func:`sync` checks a game's desync log against a seed or a second log. Bad
input raises :class:`Error`, a :class:`ValueError`.
"""

import json as _json
import os as _os
import sys as _sys
import types as _types
from typing import Any, Dict, Iterable, List, NamedTuple, Optional, Tuple, Union

from . import _bitexact as _native
from ._bitexact import Error, Generator, __version__, recover, stream, _scan_json, _state_find_json, _sync_json
from ._hits import ChanceWarning, Hits

# The families with typed classes are the native module's submodules (its
# table of typed modules, checked against the engine list): each is
# `bitexact.<family>`, importable as such. No list of them is kept here.
_TYPED = [n for n, v in vars(_native).items() if isinstance(v, _types.ModuleType)]
for _name in _TYPED:
    _sys.modules[f"{__name__}.{_name}"] = globals()[_name] = getattr(_native, _name)
del _name

if __doc__:
    __doc__ = __doc__.replace(
        "{submodules}",
        "\n".join(f"- :mod:`bitexact.{n}` -- {getattr(_native, n).__doc__}." for n in _TYPED),
    )


class EngineInfo(NamedTuple):
    """One generator of the engine list, as :func:`engines` gives it."""

    family: str
    """The family's name, as every front end spells it (``"westwood"``)."""
    class_: Optional[str]
    """Its class within a family of several (``"random2"``), or None."""
    default: bool
    """It is its family's default class."""
    title: str
    """Its own name in the game (``"Random2Class"``)."""
    about: str
    """One line on what it is."""
    taps: Tuple[str, ...]
    """Its taps as the CLI writes them (``"ranged:MIN,MAX"``); the first is
    the raw word, the default."""
    layouts: Tuple[str, ...]
    """The named layouts of its state files (empty when it has one or none)."""
    states: bool
    """It has state files (:meth:`Generator.save_state`)."""
    dtype: str
    """The numpy dtype of its raw word (``"int32"``)."""
    typed: Optional[type]
    """Its typed class (``bitexact.westwood.Random2``), or None: every
    generator is a :class:`Generator`."""


def engines() -> List[EngineInfo]:
    """Every generator of the library's engine list, in its order: what
    :class:`Generator`, :func:`stream` and :func:`recover` take by name
    (``family`` and ``class_``), with its typed class where it has one."""
    typed = {}
    for name in _TYPED:
        for obj in vars(getattr(_native, name)).values():
            if isinstance(obj, type) and hasattr(obj, "_engine"):
                typed[tuple(obj._engine)] = obj
    return [
        EngineInfo(f, c, d, t, a, tuple(taps), tuple(layouts), st, dt, typed.get((f, c)))
        for (f, c, d, t, a, taps, layouts, st, dt) in _native._engines()
    ]


def scan(
    image: Union[bytes, bytearray, memoryview, str, "_os.PathLike[str]"],
    from_: Optional[str] = None,
    *,
    sweep: bool = False,
    html: Optional[Union[str, "_os.PathLike[str]"]] = None,
) -> Dict[str, Any]:
    """Find every generator site in a PE / ELF x86 image (SPEC 10).

    ``image`` is the image's bytes or a path to it. ``from_`` (a function
    name or ``"0x..."`` address) marks which functions holding sites are
    reachable from it by direct calls. Returns the CLI's ``scan --json``
    document as a dict: ``image``, ``sites`` (``va``, ``signature``,
    ``complete``, ``seen``, ``function``, ``function_va``, ``sweep_only``,
    ``instructions``, ``shared_constant``), ``functions``, ``data``,
    ``stats``, ``sweep_sites`` (empty unless ``sweep``: as the CLI's
    ``--sweep``, the sites of code only the linear sweep decodes, each
    ``sweep_only``, never among ``sites``),
    ``mt19937`` (``"confirmed"`` when a complete twist or tempering is among
    ``sites``, ``"unconfirmed"`` when only seedings or partial sites are,
    which SFMT and dSFMT images show too, else ``None``: SPEC 10.1) and
    ``finding`` (``"sites"``; ``"shared_constants_only"`` when every site is
    an incomplete match of constants other algorithms use too, each such
    site ``shared_constant``: no generator found, as the CLI's exit 1;
    ``"none"``); addresses are hex strings. ``None`` stands for "none, or
    not asked" in five fields only: ``image["entry"]``, a site's
    ``function`` (no symbol), a function's ``name`` (no symbol) and
    ``reachable`` (no ``from_``), and ``mt19937`` (no MT19937 site).
    A path (``str`` or ``os.PathLike``) is read by the library with the
    CLI's limit (1 GiB); it must name a regular file (a pipe or a device is
    refused: read it and pass the bytes); anything but a path or a
    bytes-like is refused.
    Raises :class:`Error` for an unreadable, missing, too large or
    unsupported image, or a ``from_`` that names no function.
    With ``html`` (a path), also writes the report as one self-contained
    HTML page there (SPEC 14: the sortable function table, the JSON inside),
    as the CLI's ``scan --html FILE`` does.
    """
    text, page = _scan_json(image, from_, sweep, html is not None)
    _write_page(html, page)
    return _json.loads(text)


def _write_page(path: Optional[Union[str, "_os.PathLike[str]"]], page: Optional[str]) -> None:
    if path is not None and page is not None:
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(page)
        except OSError as e:
            raise Error(f"cannot write the HTML page {_os.fspath(path)!r}: {e.strerror}") from e

_Log = Union[bytes, bytearray, memoryview, str, "_os.PathLike[str]"]


def sync(
    format: str,
    log: _Log,
    log2: Optional[_Log] = None,
    *,
    seed: Optional[int] = None,
    log_index: Optional[int] = None,
    max_draws: Optional[int] = None,
    max_shift: Optional[int] = None,
    stream: str = "logic",
    window: Optional[int] = None,
    html: Optional[Union[str, "_os.PathLike[str]"]] = None,
) -> Dict[str, Any]:
    """Check a game's desync log (SPEC 12) against ``seed`` and/or a second
    player's log ``log2``.

    ``format`` is ``"phobos"``, ``"ts"`` (Tiberian Sun's ring and
    Vinifera's values; ``"vinifera"`` is the same), ``"ares"``,
    ``"generals"``, ``"generals-crc"`` or ``"openra"``; a log is its bytes
    or a path (read streaming: a regular file, or for ``generals`` a
    ``-SaveDebugCRCPerFrame`` folder; a pipe or device is refused).
    ``seed`` is 32 bits, signed or unsigned. Returns the CLI's
    ``sync FORMAT --json`` document as a dict: ``consistent``, ``summary``,
    ``first_divergence`` (``None`` or a dict with ``entry`` or ``line``,
    ``frame``, ``caller`` / ``file`` + ``source_line``, ``logged``,
    ``expected``, ``context``), ``shift``, ``position``, ``ambiguous``,
    ``checked``, ``details`` and the format's own fields. A log that cannot
    be placed is ``ambiguous``, never consistent. Raises :class:`Error` for
    a malformed log (naming its line), a missing seed, or an option out of
    range. With ``html`` (a path), also writes the report as one
    self-contained HTML page there (SPEC 14: the verdict, the timeline with
    the first divergence marked, the JSON inside), as the CLI's
    ``sync FORMAT --html FILE`` does; a path that cannot be written raises
    :class:`Error`.
    """
    # Paths (str, os.PathLike) and bytes-likes go to the native module as
    # they are: it names the file, refuses anything else as Error.
    text, page = _sync_json(
        format, log, log2, seed, log_index, max_draws, max_shift, stream, window, html is not None
    )
    _write_page(html, page)
    return _json.loads(text)


def state_find(
    data: Union[bytes, bytearray, memoryview, str, "_os.PathLike[str]"],
    engines: Union[str, Iterable[str], None] = None,
    *,
    all: bool = False,
    threads: Optional[int] = None,
) -> Dict[str, Any]:
    """Every generator state in ``data`` (SPEC 16): a save, a raw memory
    image or a Windows minidump (by its ``MDMP`` signature; each state is
    then named by its address in the dumped process), as bytes or a path.

    Every offset is tried for every engine ``state find`` looks for (or
    those of ``engines``: a name such as ``"sots"``, ``"dotnet"``,
    ``"westwood"``, ``"westwood:random4"``, or a list of them); each window
    that passes an engine's structure filter is identified, and named only
    after its seed was replayed to the whole state (SPEC 8). Returns the
    CLI's ``state find --json`` document as a dict: ``identified`` (a list
    of dicts with ``offset``, ``engine``, ``class``, ``address``,
    ``layout`` where they apply, the identification's fields such as
    ``seed`` and ``words_drawn``, and ``also``), ``candidates`` (how many
    windows passed a filter and were not identified), ``bytes``,
    ``engines`` and ``complete``; with ``all``, ``candidate_list`` (each
    with ``why``). Data that starts like a minidump but cannot be read as
    one is read as raw bytes, ``read_as_raw`` saying why. Seed searches run
    on ``threads`` threads (default every core) with the GIL released;
    Ctrl-C raises KeyboardInterrupt. Raises :class:`Error` for an unknown
    engine, or one it does not look for (laige, Generals: any bytes of
    their length are a state).
    """
    return _json.loads(_state_find_json(data, engines, all, threads))


__all__ = sorted(
    [
        "ChanceWarning",
        "EngineInfo",
        "Error",
        "Generator",
        "Hits",
        "__version__",
        "engines",
        "recover",
        "scan",
        "state_find",
        "stream",
        "sync",
    ]
    + _TYPED
)
