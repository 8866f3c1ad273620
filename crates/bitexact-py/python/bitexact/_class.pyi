"""Stub only (no runtime module): the methods the one class helper
(`crates/bitexact-py/src/class.rs`) gives the generator classes, typed once
for their stubs (and `bitexact.Generator`'s)."""

from typing import Any, Optional, Tuple, Union

from typing_extensions import Self

class _Copies:
    """Every generator class: copies (also `copy.copy`, `copy.deepcopy`;
    pickles keep the whole generator)."""

    def copy(self) -> Self: ...
    def __copy__(self) -> Self: ...
    def __deepcopy__(self, memo: Any) -> Self: ...

class _Draws(_Copies):
    """A generator class whose raw calls are draws (`discard ARG;` in
    class.rs, named `draws`)."""

    def discard(self, draws: int) -> None: ...

class _States(_Copies):
    """A generator class with one state-file layout and identification
    within a bound on draws (`states BOUND;` in class.rs)."""

    def to_bytes(self) -> bytes: ...
    @classmethod
    def from_bytes(cls, b: Union[bytes, bytearray]) -> Self: ...
    def identify(self, max_draws: Optional[int] = None) -> Optional[Tuple[int, int]]: ...
