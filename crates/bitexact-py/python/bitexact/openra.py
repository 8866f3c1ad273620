"""OpenRA's ``MersenneTwister``."""

from ._bitexact import openra as _native

MersenneTwister = _native.MersenneTwister

__all__ = ["MersenneTwister"]
