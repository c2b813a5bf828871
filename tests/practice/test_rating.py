"""Glicko-2, checked against the worked example of Glickman's paper."""

from __future__ import annotations

import pytest

from practice.rating import Rating, expected, update


def test_it_reproduces_glickmans_worked_example() -> None:
    player = Rating(1500, 200, 0.06)
    after = update(player, [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)])
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_it_moves_up_on_a_win_and_down_on_a_loss() -> None:
    learner, puzzle = Rating(), Rating(1500, 100)
    assert update(learner, [(puzzle, 1.0)]).rating > 1500 > update(learner, [(puzzle, 0.0)]).rating
    assert update(learner, [(puzzle, 1.0)]).deviation < learner.deviation


def test_it_expects_a_strong_player_to_win() -> None:
    assert expected(Rating(1800, 50), Rating(1400, 50)) > 0.85
    assert expected(Rating(1500, 50), Rating(1500, 50)) == pytest.approx(0.5)


def test_it_grows_uncertainty_when_idle() -> None:
    assert update(Rating(1500, 100), []).deviation > 100
