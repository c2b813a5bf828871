"""The search's time budget (cfmj/engine/budget.py): a caller that opens one gets InputError once
its time is up; with none open nothing changes (the command line, drills and games)."""

from __future__ import annotations

import threading
import time
from types import SimpleNamespace

import pytest

from cfmj.engine import InputError, budget, check
from cfmj.engine.check import CheckResult

# Hands that once were the slowest found (a hill-climb over tiles and exposures, counting search
# steps): many jokers and many lone tiles, each read many ways. Since the near-miss search judges
# a fixed number of readings they take a few milliseconds, so the budgets here are tighter still.
SLOW_HANDS = (
    "3C 9C 1B 2B 5B 4D 6D 7D J J J J J J",
    "4C 3B 5D RD GD WD J J J J [J J J J]",
    "3C 7C 8C 4B 8B N E W J J J J J J",
    "1C 5C 8C 3B 6D S GD J J J J J J J",
)
NORMAL_HANDS = (
    "7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D [RD RD RD]",
    "3C 3C 3C 4D 4D 4D 4D 5C 5C 5C 5C RD RD RD",
    "5C 5C 5C 5B 5B 5B 5D 5D 5D 5D J J J J",
    "RD RD GD GD WD WD N N E E W W S S",
    "1C 1C 2C 2C 3C 3D 4D 4D 5C 6C 7C 8C 9C F",
)


class Clock:
    """A stand-in for time.perf_counter that moves on by `tick` at each reading."""

    def __init__(self, tick: float) -> None:
        self.now, self.tick, self.readings = 1000.0, tick, 0

    def perf_counter(self) -> float:
        self.readings += 1
        self.now += self.tick
        return self.now


def _explained(hand: str) -> CheckResult:
    """The whole answer, as the checker's page asks for it: a losing hand's reasons too (they are
    searched for when first read)."""
    result = check(hand)
    assert result.valid or result.reasons
    return result


def _use_clock(monkeypatch: pytest.MonkeyPatch, clock: Clock) -> None:
    monkeypatch.setattr(budget, "time", SimpleNamespace(perf_counter=clock.perf_counter))


def _steps_of(hand: str, monkeypatch: pytest.MonkeyPatch) -> int:
    """How many search steps a full check of `hand` takes (the clock read at every step)."""
    clock = Clock(tick=0.0)  # time stands still: the budget never runs out
    with monkeypatch.context() as patch:
        patch.setattr(budget, "CHECK_EVERY", 1)
        _use_clock(patch, clock)
        with budget.limit(seconds=1.0):
            _explained(hand)
    return clock.readings - 1


@pytest.mark.parametrize("hand", SLOW_HANDS)
def test_it_stops_a_slow_hand_once_the_time_is_up(hand: str) -> None:
    started = time.thread_time()  # CPU time: a machine busy with other work cannot blur it
    with pytest.raises(InputError) as problem, budget.limit(seconds=0.0001):
        _explained(hand)
    spent = time.thread_time() - started
    assert str(problem.value) == budget.TOO_LONG
    assert isinstance(problem.value, budget.OutOfTimeError)  # told apart by a caller that wants to
    assert "too many ways to read it" in str(problem.value)
    # The clock is read every 32 steps of a few microseconds each: well inside the slack.
    assert spent < 0.0001 + 0.020


@pytest.mark.parametrize("hand", SLOW_HANDS)
def test_it_answers_slow_hands_in_full_without_a_budget(hand: str, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_clock() -> float:
        raise AssertionError("no budget is open: the clock must not be read")

    monkeypatch.setattr(budget, "time", SimpleNamespace(perf_counter=no_clock))
    result = check(hand)
    assert not result.valid and result.reasons


def test_the_search_ends_at_the_first_reading_past_the_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    hand = SLOW_HANDS[0]
    assert _steps_of(hand, monkeypatch) > 10 * budget.CHECK_EVERY  # the hand would run far past the deadline
    clock = Clock(tick=1.0)
    _use_clock(monkeypatch, clock)
    with pytest.raises(InputError), budget.limit(seconds=5.0):  # the deadline: 5 readings on
        _explained(hand)
    # One reading opens the budget; the next four are inside it; the fifth is past: no more.
    assert clock.readings == 1 + 5


def test_it_reads_the_clock_once_every_check_every_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    hand = SLOW_HANDS[1]
    steps = _steps_of(hand, monkeypatch)
    assert steps > 5 * budget.CHECK_EVERY
    clock = Clock(tick=0.0)  # time stands still: the budget never runs out
    _use_clock(monkeypatch, clock)
    with budget.limit(seconds=1.0):
        result = _explained(hand)
    assert not result.valid
    assert clock.readings == 1 + steps // budget.CHECK_EVERY


@pytest.mark.parametrize("hand", NORMAL_HANDS + SLOW_HANDS)
def test_a_budget_that_is_not_used_up_changes_nothing(hand: str) -> None:
    with budget.limit(seconds=60):
        within = check(hand).as_dict()
    assert within == check(hand).as_dict()


def test_a_budget_inside_another_cannot_extend_it() -> None:
    with budget.limit(seconds=0), pytest.raises(InputError), budget.limit(seconds=60):
        _explained(SLOW_HANDS[0])


def test_a_budget_inside_another_can_shorten_it() -> None:
    with budget.limit(seconds=60):
        with pytest.raises(InputError), budget.limit(seconds=0):
            _explained(SLOW_HANDS[0])
        assert not _explained(SLOW_HANDS[0]).valid  # the outer budget has time left


def test_it_is_closed_after_the_block_even_when_it_ran_out() -> None:
    with pytest.raises(InputError), budget.limit(seconds=0):
        _explained(SLOW_HANDS[2])
    for _ in range(10 * budget.CHECK_EVERY):
        budget.spend()  # no budget open: never raises
    assert not check(SLOW_HANDS[2]).valid


def test_a_budget_belongs_to_its_thread() -> None:
    results: list[bool] = []

    def other() -> None:
        results.append(_explained(SLOW_HANDS[3]).valid)

    with budget.limit(seconds=0):
        thread = threading.Thread(target=other)
        thread.start()
        thread.join()
    assert results == [False]  # answered in full, not stopped by this thread's budget
