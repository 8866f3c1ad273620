from typing import Iterable, List, Optional, Tuple

class Hits(List[Tuple[int, int]]):
    """A search's hits, (seed, offset) in seed order; complete is True when
    every seed of the range was searched, else stopped_at is the first seed
    not (wholly) searched."""

    complete: bool
    stopped_at: Optional[int]
    def __init__(
        self,
        hits: Iterable[Tuple[int, int]] = (),
        complete: bool = True,
        stopped_at: Optional[int] = None,
    ) -> None: ...
