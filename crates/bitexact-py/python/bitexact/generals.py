from ._bitexact import generals as _native  # noqa: F401
