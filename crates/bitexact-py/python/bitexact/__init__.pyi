import os
from typing import Any, Iterable, Literal, Optional, Tuple, Union, overload

import numpy as np
import numpy.typing as npt

from ._hits import ChanceWarning as ChanceWarning, Hits as Hits
from . import dotnet as dotnet
from . import generals as generals
from . import laige as laige
from . import openra as openra
from . import sots as sots
from . import westwood as westwood

__version__: str

Engine = Literal["sots", "laige", "westwood", "openra", "generals", "dotnet"]
Precision = Literal["pc53", "pc24"]
WwClass = Literal["random", "random2", "random3", "random4"]

class Error(ValueError):
    """Bad input to a bitexact call; the message is the CLI's one line."""

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
    class_: Optional[WwClass] = None,
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
    class_: Optional[WwClass] = None,
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
    class_: Optional[WwClass] = None,
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
