from ._bitexact import laige as _native  # noqa: F401
