"""The answer of :func:`bitexact.recover`, and the warning it gives before
a search whose values are too few to pin one seed."""

from typing import Any, Iterable, List, Optional, Tuple


class ChanceWarning(UserWarning):
    """Given by :func:`bitexact.recover` before it searches, when more than
    one seed of the range is expected to match the values by chance alone:
    the hits cannot then pin one seed. The message says about how many, and
    how many more values would leave about one (the CLI's line). Silence it
    with ``warnings.simplefilter("ignore", bitexact.ChanceWarning)``; the
    number is also the hits' ``expected_by_chance``.
    """


class Hits(List[Tuple[int, int]]):
    """The hits of a search, ``(seed, offset)`` in seed order, as a list.

    ``complete`` is True when every seed of the range was searched (so an
    empty list means "not found"). Otherwise ``stopped_at`` is the first
    seed not searched (or, after ``max_hits``, not wholly reported): every
    seed below it was searched and every hit below it is in the list, so the
    search resumes from it.

    ``expected_by_chance`` is about how many seeds of the range match the
    values by chance alone, estimated before the search (seeds × offsets ×
    outcomes^-values, for a tap whose values are near-uniform over a known
    set; ``None`` when there is no such estimate, or no search: 624 values
    walked back). Above one or so the hits cannot pin one seed, and
    :class:`ChanceWarning` said so before the search.
    """

    stopped_at: Optional[int]
    expected_by_chance: Optional[float]

    def __init__(
        self,
        hits: Iterable[Tuple[int, int]] = (),
        complete: bool = True,
        stopped_at: Optional[int] = None,
        expected_by_chance: Optional[float] = None,
    ) -> None:
        # ``complete`` is ``stopped_at is None``; the argument is kept for
        # the pickles that pass it.
        super().__init__(hits)
        self.stopped_at = stopped_at
        self.expected_by_chance = expected_by_chance

    @property
    def complete(self) -> bool:
        """Every seed of the range was searched (``stopped_at`` is None)."""
        return self.stopped_at is None

    def __repr__(self) -> str:
        return list.__repr__(self)

    def __reduce__(self) -> Any:
        return (Hits, (list(self), self.complete, self.stopped_at, self.expected_by_chance))
