"""A script using the API, for `mypy --strict` (tests/test_stubs.py runs it
when mypy is installed): the stubs must type it."""

import pickle
from typing import List, Optional, Tuple

import numpy as np
import numpy.typing as npt

import bitexact as bx

r = bx.sots.Rng(5489, precision="pc24")
u: int = r.next_u32()
a: npt.NDArray[np.uint32] = r.fill_u32(10)
r.fill_u32(out=np.zeros(4, dtype=np.uint32))
ident: Optional[bx.sots.Identity] = bx.sots.identify(r.save_state(), max_twists=10)
also: Optional[bx.sots.Identity] = r.identify()
w = bx.westwood.Random2(1)
found: Optional[Tuple[int, int]] = w.identify(seed_range=(0, 10), threads=2)
lcg = bx.westwood.Random(1)
x: int = lcg.raw() + lcg.seed
r3 = bx.westwood.Random3(1, 2)
y: float = r3.double()
r4 = bx.westwood.Random4()
z: Optional[Tuple[int, int]] = r4.identify(max_twists=5)
o = bx.openra.MersenneTwister(-3)
o.fill(out=np.zeros(3, dtype=np.int32))
g = bx.generals.GameRandom.from_state([1, 2, 3, 4, 5, 6])
p = bx.laige.Prng(1)
p.discard(2**64 - 1)
sid: int = bx.laige.substream_id(1, 2)
hits: bx.Hits = bx.recover("sots", [1], tap="int:1", seed_range=(0, 10), max_hits=2, threads=1)
done: bool = hits.complete
at: Optional[int] = hits.stopped_at
chance: Optional[float] = hits.expected_by_chance
assert issubclass(bx.ChanceWarning, UserWarning)
pairs: List[Tuple[int, int]] = hits

def on_ctrl_c() -> Optional[int]:
    try:
        bx.recover("sots", [1], tap="int:1")
    except KeyboardInterrupt as e:
        stopped: Optional[int] = getattr(e, "stopped_at")
        return stopped
    return None

s = bx.stream("sots", 1, "u32", 5)
vals, words = bx.stream("sots", 1, "int:5", 5, words=True)
c = pickle.loads(pickle.dumps(g)).copy()
