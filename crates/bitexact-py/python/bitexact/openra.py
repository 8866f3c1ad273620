from ._bitexact import openra as _native  # noqa: F401
