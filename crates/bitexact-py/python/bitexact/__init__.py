"""Bit-exact reproductions of game-engine RNGs and x87 float arithmetic.

Thin bindings of the ``bitexact`` Rust library: every number comes from the
library, which is proven against independent references (numpy's MT19937,
the x87 unit, the engines' golden vectors). Submodules:

- :mod:`bitexact.sots` -- Sword of the Stars "Mars" MT19937 and its draws,
  save items, seed identification, ``Mars_Vec3`` arithmetic.
- :mod:`bitexact.laige` -- the laige xorshift128+ ``Prng`` with substreams.
- :mod:`bitexact.westwood` -- WWLib's classes: Tiberian Sun / Red Alert 2
  ``Random2Class``, ``RandomClass``, ``Random3Class`` and ``Random4Class``.
- :mod:`bitexact.openra` -- OpenRA's ``MersenneTwister``.
- :mod:`bitexact.generals` -- Generals' ``GameLogicRandom``.
- :mod:`bitexact.dotnet` -- .NET's seeded ``System.Random``.

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
from typing import Any, Dict, Iterable, Optional, Union

from ._bitexact import Error, __version__, recover, stream, _scan_json, _state_find_json, _sync_json
from ._hits import ChanceWarning, Hits
from . import dotnet, generals, laige, openra, sots, westwood


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
    ``instructions``), ``functions``, ``data``, ``stats``, ``sweep_sites``
    (empty unless ``sweep``: as the CLI's ``--sweep``, the sites of code only
    the linear sweep decodes, each ``sweep_only``, never among ``sites``) and
    ``mt19937`` (``"confirmed"`` when a complete twist or tempering is among
    ``sites``, ``"unconfirmed"`` when only seedings or partial sites are,
    which SFMT and dSFMT images show too, else ``None``: SPEC 10.1);
    addresses are hex strings.
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


__all__ = [
    "ChanceWarning",
    "Error",
    "Hits",
    "__version__",
    "dotnet",
    "generals",
    "laige",
    "openra",
    "recover",
    "scan",
    "sots",
    "state_find",
    "stream",
    "sync",
    "westwood",
]
