"""Westwood's WWLib classes: Tiberian Sun / Red Alert 2 ``Random2Class``,
``RandomClass``, ``Random3Class`` and ``Random4Class``."""

from ._bitexact import westwood as _native

Random2 = _native.Random2
Random = _native.Random
Random3 = _native.Random3
Random4 = _native.Random4
DEFAULT_MAX_DRAWS: int = _native.DEFAULT_MAX_DRAWS

__all__ = ["Random2", "Random", "Random3", "Random4", "DEFAULT_MAX_DRAWS"]
