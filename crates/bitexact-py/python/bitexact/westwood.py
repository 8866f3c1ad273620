"""Westwood: Tiberian Sun / Red Alert 2 ``Random2Class`` and WWLib's
``Random4Class``."""

from ._bitexact import westwood as _native

Random2 = _native.Random2
Random4 = _native.Random4

__all__ = ["Random2", "Random4"]
