"""The laige engine: xorshift128+ ``Prng`` with substreams."""

from ._bitexact import laige as _native

Prng = _native.Prng
substream_id = _native.substream_id
GOLDEN_SEED: int = _native.GOLDEN_SEED
GOLDEN_FNV1A_4096: int = _native.GOLDEN_FNV1A_4096
DEFAULT_MAX_DRAWS: int = _native.DEFAULT_MAX_DRAWS
MAX_DRAWS: int = _native.MAX_DRAWS

__all__ = ["Prng", "substream_id", "GOLDEN_SEED", "GOLDEN_FNV1A_4096", "DEFAULT_MAX_DRAWS", "MAX_DRAWS"]
