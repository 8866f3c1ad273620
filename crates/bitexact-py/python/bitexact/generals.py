"""Command & Conquer Generals' ``GameLogicRandom``."""

from ._bitexact import generals as _native

GameRandom = _native.GameRandom
DEFAULT_MAX_DRAWS: int = _native.DEFAULT_MAX_DRAWS
MAX_DRAWS: int = _native.MAX_DRAWS

__all__ = ["GameRandom", "DEFAULT_MAX_DRAWS", "MAX_DRAWS"]
