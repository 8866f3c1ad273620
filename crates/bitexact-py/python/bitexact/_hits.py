"""The answer of :func:`bitexact.recover`."""

from typing import Any, Iterable, List, Optional, Tuple


class Hits(List[Tuple[int, int]]):
    """The hits of a search, ``(seed, offset)`` in seed order, as a list.

    ``complete`` is True when every seed of the range was searched (so an
    empty list means "not found"). Otherwise ``stopped_at`` is the first
    seed not searched (or, after ``max_hits``, not wholly reported): every
    seed below it was searched and every hit below it is in the list, so the
    search resumes from it.
    """

    stopped_at: Optional[int]

    def __init__(
        self,
        hits: Iterable[Tuple[int, int]] = (),
        complete: bool = True,
        stopped_at: Optional[int] = None,
    ) -> None:
        # ``complete`` is ``stopped_at is None``; the argument is kept for
        # the pickles that pass it.
        super().__init__(hits)
        self.stopped_at = stopped_at

    @property
    def complete(self) -> bool:
        """Every seed of the range was searched (``stopped_at`` is None)."""
        return self.stopped_at is None

    def __repr__(self) -> str:
        return list.__repr__(self)

    def __reduce__(self) -> Any:
        return (Hits, (list(self), self.complete, self.stopped_at))
