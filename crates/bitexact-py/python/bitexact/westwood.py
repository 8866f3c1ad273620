from ._bitexact import westwood as _native  # noqa: F401
