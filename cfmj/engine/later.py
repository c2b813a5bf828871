"""A sequence whose length and first item are known before the rest is made.

A hand with eight jokers has hundreds of readings, and most callers want how many there are and
the first (the best reading, or the nearest to a win): the rest are made only if someone reads
them (`check` with the card's index: verdicts.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar, overload

T = TypeVar("T")


class Later(Sequence[T]):
    """`count` items; `first()` makes the first alone, `every()` makes them all, in order (the
    first of which is the one `first()` makes: tests/engine/test_verdicts.py holds them to it)."""

    def __init__(self, count: int, first: Callable[[], T], every: Callable[[], Sequence[T]]) -> None:
        self._count = count
        self._make_first = first
        self._make_every = every
        self._first: T | None = None
        self._every: tuple[T, ...] | None = None

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[T]: ...

    def __getitem__(self, index: int | slice) -> T | Sequence[T]:
        if self._every is None and isinstance(index, int) and self._count and index in (0, -self._count):
            if self._first is None:
                self._first = self._make_first()
            return self._first
        return self._all()[index]

    def __iter__(self) -> Iterator[T]:
        return iter(self._all())

    def __eq__(self, other: Any) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return len(self) == len(other) and tuple(self) == tuple(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Later({self._count} items)"

    def _all(self) -> tuple[T, ...]:
        if self._every is None:
            self._every = tuple(self._make_every())
        return self._every
