"""Bit-exact reproductions of game-engine RNGs and x87 float arithmetic.

Thin bindings of the ``bitexact`` Rust library: every number comes from the
library, which is proven against independent references (numpy's MT19937,
the x87 unit, the engines' golden vectors). Submodules:

- :mod:`bitexact.sots` -- Sword of the Stars "Mars" MT19937 and its draws,
  save items, seed identification, ``Mars_Vec3`` arithmetic.
- :mod:`bitexact.laige` -- the laige xorshift128+ ``Prng`` with substreams.
- :mod:`bitexact.westwood` -- Tiberian Sun / Red Alert 2 ``Random2Class``
  and WWLib's ``Random4Class``.
- :mod:`bitexact.openra` -- OpenRA's ``MersenneTwister``.
- :mod:`bitexact.generals` -- Generals' ``GameLogicRandom``.

:func:`stream` and :func:`recover` speak the CLI's tap vocabulary for every
engine. Bad input raises :class:`Error`, a :class:`ValueError`.
"""

from ._bitexact import Error, __version__, recover, stream
from . import generals, laige, openra, sots, westwood

__all__ = [
    "Error",
    "__version__",
    "generals",
    "laige",
    "openra",
    "recover",
    "sots",
    "stream",
    "westwood",
]
