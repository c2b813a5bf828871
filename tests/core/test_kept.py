"""cfmj.core.kept: made once, shared as it is, made again when its time is up or forgotten."""

from __future__ import annotations

import time

import pytest

from cfmj.core.kept import Kept, forget_all


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    clock = Clock()
    monkeypatch.setattr(time, "monotonic", clock)  # the clock cfmj.core.kept reads
    return clock


def _counting() -> tuple[list[int], Kept[tuple[int, ...]]]:
    made: list[int] = []

    def make() -> tuple[int, ...]:
        made.append(1)
        return (len(made),)

    return made, Kept(make, seconds=60)


def test_it_makes_the_value_once_and_hands_out_the_same_object(clock: Clock) -> None:
    made, value = _counting()
    first = value.get()
    clock.now += 59
    assert value.get() is first  # not a copy: no pickling on each read
    assert len(made) == 1


def test_it_makes_the_value_again_when_its_time_is_up(clock: Clock) -> None:
    made, value = _counting()
    assert value.get() == (1,)
    clock.now += 60
    assert value.get() == (2,)
    assert len(made) == 2


def test_it_makes_the_value_again_once_forgotten(clock: Clock) -> None:
    _, value = _counting()
    value.get()
    value.forget()
    assert value.get() == (2,)
    _, other = _counting()
    other.get()
    forget_all()
    assert value.get() == (3,) and other.get() == (2,)
