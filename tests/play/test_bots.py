"""The bots: each level plays whole hands by the rules, and chooses the same way twice."""

from __future__ import annotations

import pytest

from cfmj.engine.game import CallExposure, Game, hand_result
from cfmj.play.bots import LEVELS, STEADY, bot_choose


def play(level: str, seed: int) -> Game:
    game = Game(seed)
    while not game.over:
        seat = game.waiting_for()[0]
        legal = game.legal_actions(seat)
        choice = bot_choose(level, game.view(seat), legal, seed=seed, step=len(game.actions))
        assert choice in legal or game.is_legal(choice)
        if level == STEADY:
            assert not isinstance(choice, CallExposure)
        game.apply(choice)
    return game


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_each_level_plays_a_whole_hand_the_same_way_twice(level: str) -> None:
    first, second = play(level, 4), play(level, 4)
    assert first.actions == second.actions
    assert hand_result(first).payments == hand_result(second).payments
