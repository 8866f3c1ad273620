"""Sword of the Stars "Mars": MT19937 with every draw mapping and its word
cost, the save's ``RNG`` item, seed identification, ``Mars_Vec3``."""

from ._bitexact import sots as _native

Rng = _native.Rng
Identity = _native.Identity
identify = _native.identify
normalize = _native.normalize
leg = _native.leg
ITEM_LEN: int = _native.ITEM_LEN
DEFAULT_MAX_TWISTS: int = _native.DEFAULT_MAX_TWISTS
MAX_TWISTS: int = _native.MAX_TWISTS

__all__ = [
    "Rng",
    "Identity",
    "identify",
    "normalize",
    "leg",
    "ITEM_LEN",
    "DEFAULT_MAX_TWISTS",
    "MAX_TWISTS",
]
