import os
from typing import Any, Iterable, List, Literal, NamedTuple, Optional, Tuple, Union, overload

import numpy as np
import numpy.typing as npt
from typing_extensions import Self

from ._class import _Copies
from ._hits import ChanceWarning as ChanceWarning, Hits as Hits

# Generated from the engine list by tests/test_engines.py; do not edit.
# BITEXACT_BLESS=1 rewrites it (crates/bitexact-py/README.md).
from . import sots as sots
from . import laige as laige
from . import westwood as westwood
from . import openra as openra
from . import generals as generals
from . import dotnet as dotnet
Engine = Literal["sots", "laige", "westwood", "openra", "generals", "dotnet"]
WestwoodClass = Literal["random", "random2", "random3", "random4"]
Class = Literal["random", "random2", "random3", "random4"]
# End of the generated part.

__version__: str

Precision = Literal["pc53", "pc24"]
WwClass = WestwoodClass
Value = Union[int, float, bool]
Bytes = Union[bytes, bytearray, memoryview]

class Error(ValueError):
    """Bad input to a bitexact call; the message is the CLI's one line."""

class Generator(_Copies):
    """Any generator of the engine list by name, drawn through a tap of the
    CLI's vocabulary; pickles keep the generator, its tap and position."""

    def __init__(
        self,
        engine: Engine,
        seed: int,
        *,
        class_: Optional[Class] = None,
        tap: Optional[str] = None,
        precision: Precision = "pc53",
        substream: Optional[int] = None,
    ) -> None: ...
    @classmethod
    def from_state(
        cls,
        engine: Engine,
        b: Bytes,
        *,
        class_: Optional[Class] = None,
        layout: Optional[str] = None,
        tap: Optional[str] = None,
        precision: Precision = "pc53",
    ) -> Self: ...
    @property
    def engine(self) -> Engine: ...
    @property
    def class_(self) -> Optional[Class]: ...
    @property
    def title(self) -> str: ...
    @property
    def tap(self) -> str: ...
    @tap.setter
    def tap(self, value: str) -> None: ...
    @property
    def position(self) -> int: ...
    @property
    def dtype(self) -> str: ...
    def next(self) -> Value: ...
    def call(self, tap: str) -> Value: ...
    def word(self) -> int: ...
    def fill(
        self, n: Optional[int] = None, *, out: Optional[npt.NDArray[Any]] = None
    ) -> npt.NDArray[Any]: ...
    @overload
    def take(self, count: int, *, words: Literal[False] = False) -> npt.NDArray[np.generic]: ...
    @overload
    def take(
        self, count: int, *, words: Literal[True]
    ) -> Tuple[npt.NDArray[np.generic], npt.NDArray[np.uint64]]: ...
    def skip(self, calls: int) -> None: ...
    def discard(self, words: int) -> None: ...
    def save_state(self, layout: Optional[str] = None, *, lossy: bool = False) -> bytes: ...

class EngineInfo(NamedTuple):
    """One generator of the engine list (engines())."""

    family: Engine
    class_: Optional[Class]
    default: bool
    title: str
    about: str
    taps: Tuple[str, ...]
    layouts: Tuple[str, ...]
    states: bool
    dtype: str
    typed: Optional[type]

def engines() -> List[EngineInfo]: ...

@overload
def stream(
    engine: Engine,
    seed: int,
    tap: Optional[str] = None,
    count: int = 10,
    skip: int = 0,
    *,
    precision: Precision = "pc53",
    substream: Optional[int] = None,
    class_: Optional[Class] = None,
    words: Literal[False] = False,
) -> npt.NDArray[np.generic]: ...
@overload
def stream(
    engine: Engine,
    seed: int,
    tap: Optional[str] = None,
    count: int = 10,
    skip: int = 0,
    *,
    precision: Precision = "pc53",
    substream: Optional[int] = None,
    class_: Optional[Class] = None,
    words: Literal[True],
) -> Tuple[npt.NDArray[np.generic], npt.NDArray[np.uint64]]: ...
def recover(
    engine: Engine,
    values: Iterable[Union[int, float, str]],
    tap: Optional[str] = None,
    seed_range: Union[Tuple[int, int], range, None] = None,
    max_offset: Optional[int] = None,
    *,
    precision: Precision = "pc53",
    class_: Optional[Class] = None,
    max_hits: Optional[int] = None,
    threads: Optional[int] = None,
) -> Hits:
    """Ctrl-C raises KeyboardInterrupt with .hits (a Hits) and .stopped_at.

    Before the search, warns with ChanceWarning when more than one seed of
    the range is expected to match by chance (Hits.expected_by_chance)."""
def state_find(
    data: Union[bytes, bytearray, memoryview, str, "os.PathLike[str]"],
    engines: Union[str, Iterable[str], None] = None,
    *,
    all: bool = False,
    threads: Optional[int] = None,
) -> dict[str, Any]: ...
def scan(
    image: Union[bytes, bytearray, memoryview, str, "os.PathLike[str]"],
    from_: Optional[str] = None,
    *,
    sweep: bool = False,
    html: Optional[Union[str, "os.PathLike[str]"]] = None,
) -> dict[str, Any]: ...
def sync(
    format: Literal["phobos", "ts", "vinifera", "ares", "generals", "generals-crc", "openra"],
    log: Union[bytes, bytearray, memoryview, str, "os.PathLike[str]"],
    log2: Optional[Union[bytes, bytearray, memoryview, str, "os.PathLike[str]"]] = None,
    *,
    seed: Optional[int] = None,
    log_index: Optional[int] = None,
    max_draws: Optional[int] = None,
    max_shift: Optional[int] = None,
    stream: Literal["logic", "client", "audio"] = "logic",
    window: Optional[int] = None,
    html: Optional[Union[str, "os.PathLike[str]"]] = None,
) -> dict[str, Any]: ...
