"""Command & Conquer Generals' ``GameLogicRandom``."""

from ._bitexact import generals as _native

GameRandom = _native.GameRandom

__all__ = ["GameRandom"]
