"""The study of the tiles still to come (cfmj.engine.studies.draws_strength), on a tiny run: the
shape-only player differs from the advice player only where the tiles still to come decide."""

from __future__ import annotations

import pytest

from cfmj.engine.errors import InputError
from cfmj.engine.game import Discard, Game
from cfmj.engine.game.advice_player import AdvicePlayer
from cfmj.engine.studies import draws_strength
from cfmj.engine.studies.draws_strength import ADVICE, SHAPE, ShapeOnlyPlayer


def test_it_plays_both_policies_in_every_seat() -> None:
    report = draws_strength.run(4, 1)
    assert set(report["policies"]) == {ADVICE, SHAPE}
    assert all(row["seats"] == 8 for row in report["policies"].values())
    assert "| shape only | 8 |" in draws_strength.markdown(report)


def test_the_shape_only_player_leaves_the_tiles_still_to_come_out() -> None:
    differ = 0
    for seed in range(6):
        game = Game(seed, None, 0)
        while game.outcome is None:
            seat = game.waiting_for()[0]
            view, legal = game.view(seat), game.legal_actions(seat)
            advice = AdvicePlayer().choose(view, legal)
            shape = ShapeOnlyPlayer().choose(view, legal)
            if not isinstance(advice, Discard):
                assert shape == advice  # only discards weigh the tiles still to come
            differ += advice != shape
            game.apply(advice)
    assert differ


def test_it_refuses_an_odd_number_of_hands() -> None:
    with pytest.raises(InputError, match="even number"):
        draws_strength.run(3, 1)
