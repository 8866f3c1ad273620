"""A script using `bitexact.Generator` and `bitexact.engines()`, for
`mypy --strict` (tests/test_engines.py runs it when mypy is installed): the
stubs must type it."""

import copy
import pickle
from typing import List, Optional, Tuple, Union

import numpy as np
import numpy.typing as npt

import bitexact as bx

g = bx.Generator("westwood", 1, class_="random4", tap="ranged:1,6")
die: Union[int, float, bool] = g.next()
other: Union[int, float, bool] = g.call("float")
word: int = g.word()
words: npt.NDArray[np.int32] = g.fill(3)
g.fill(out=np.zeros(4, dtype=np.int32))
values: npt.NDArray[np.generic] = g.take(5)
pair: Tuple[npt.NDArray[np.generic], npt.NDArray[np.uint64]] = g.take(5, words=True)
g.skip(2)
g.discard(10)
g.tap = "raw"
at: int = g.position
names: Tuple[str, Optional[str], str, str] = (g.engine, g.class_, g.title, g.dtype)
state: bytes = g.save_state()
back: bx.Generator = bx.Generator.from_state("westwood", state, class_="random4", tap="float")
s = bx.Generator("sots", 5489, precision="pc24", tap="frange:-1,1")
p = bx.Generator("laige", 2**64 - 1, substream=3)
same: bool = pickle.loads(pickle.dumps(g)) == copy.deepcopy(g).copy()
listed: List[bx.EngineInfo] = bx.engines()
first: bx.EngineInfo = listed[0]
typed: Optional[type] = first.typed
taps: Tuple[str, ...] = first.taps
engine: bx.Engine = first.family
