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

:func:`stream` and :func:`recover` speak the CLI's tap vocabulary for every
engine (:func:`recover` returns :class:`Hits`, a list that says whether the
search was complete and where it stopped); :func:`scan` finds generator sites in a PE / ELF x86 image. Bad
input raises :class:`Error`, a :class:`ValueError`.
"""

import json as _json
import os as _os
from typing import Any, Dict, Optional, Union

from ._bitexact import Error, __version__, recover, stream, _scan_json
from ._hits import Hits
from . import generals, laige, openra, sots, westwood


def scan(
    image: Union[bytes, bytearray, memoryview, str, "_os.PathLike[str]"],
    from_: Optional[str] = None,
) -> Dict[str, Any]:
    """Find every generator site in a PE / ELF x86 image (SPEC 10).

    ``image`` is the image's bytes or a path to it. ``from_`` (a function
    name or ``"0x..."`` address) marks which functions holding sites are
    reachable from it by direct calls. Returns the CLI's ``scan --json``
    document as a dict: ``image``, ``sites`` (``va``, ``signature``,
    ``complete``, ``seen``, ``function``, ``function_va``, ``instructions``),
    ``functions``, ``data`` and ``stats``; addresses are hex strings.
    Raises :class:`Error` for an unreadable or unsupported image, or a
    ``from_`` that names no function.
    """
    if isinstance(image, (str, _os.PathLike)):
        with open(image, "rb") as f:
            image = f.read()
    return _json.loads(_scan_json(bytes(image), from_))

__all__ = [
    "Error",
    "Hits",
    "__version__",
    "generals",
    "laige",
    "openra",
    "recover",
    "scan",
    "sots",
    "stream",
    "westwood",
]
