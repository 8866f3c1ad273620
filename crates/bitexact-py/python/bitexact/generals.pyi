from typing import List, Optional, Sequence

import numpy as np
import numpy.typing as npt
from typing_extensions import Self

from ._class import _Draws, _States

DEFAULT_MAX_DRAWS: int
MAX_DRAWS: int

class GameRandom(_States, _Draws):
    """Generals' GameLogicRandom; next_u32 spends one draw."""

    def __init__(self, seed: int) -> None: ...
    def next_u32(self) -> int: ...
    def value(self, lo: int, hi: int) -> int: ...
    def real(self, lo: float, hi: float) -> float: ...
    def fill(
        self, n: Optional[int] = None, *, out: Optional[npt.NDArray[np.uint32]] = None
    ) -> npt.NDArray[np.uint32]: ...
    @property
    def state(self) -> List[int]: ...
    @classmethod
    def from_state(cls, s: Sequence[int]) -> Self: ...
