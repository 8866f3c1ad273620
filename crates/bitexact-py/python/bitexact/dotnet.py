""".NET's seeded ``System.Random`` (XNA / MonoGame / FNA games, Terraria, Unity scripts)."""

from ._bitexact import dotnet as _native

Random = _native.Random
DEFAULT_MAX_DRAWS: int = _native.DEFAULT_MAX_DRAWS
MAX_DRAWS: int = _native.MAX_DRAWS

__all__ = ["Random", "DEFAULT_MAX_DRAWS", "MAX_DRAWS"]
