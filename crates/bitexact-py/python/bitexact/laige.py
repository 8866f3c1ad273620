"""The laige engine: xorshift128+ ``Prng`` with substreams."""

from ._bitexact import laige as _native

Prng = _native.Prng
GOLDEN_SEED: int = _native.GOLDEN_SEED
GOLDEN_FNV1A_4096: int = _native.GOLDEN_FNV1A_4096

__all__ = ["Prng", "GOLDEN_SEED", "GOLDEN_FNV1A_4096"]
