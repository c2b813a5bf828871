"""The bots: each level plays whole hands by the rules, and chooses the same way twice."""

from __future__ import annotations

import pytest

from cfmj.engine import RuleSet
from cfmj.engine.coach.levels import (
    ADVICE_WHY,
    BEGINNER,
    COACH_WHY,
    LEVELS,
    STEADY,
    STRONG,
    bot_choose,
    bot_why,
)
from cfmj.engine.game import CallExposure, Discard, Game, hand_result


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


def test_each_listed_move_says_why_its_bot_chose_it_in_public_words() -> None:
    """A bot's discard, call or exchange comes with how its level chose it, never with what it holds
    or aims at; the steady bot's careless discards are told apart by the same draw it made."""
    for level in LEVELS:
        game = Game(11, RuleSet(), 0)
        whys: list[str] = []
        for step in range(400):
            if game.over:
                break
            seat = game.waiting_for()[0]
            view, legal = game.view(seat), game.legal_actions(seat)
            action = bot_choose(level, view, legal, seed=11, step=step)
            why = bot_why(level, view, action, seed=11, step=step)
            if isinstance(action, Discard):
                assert why, (level, action)
                chose_carelessly = level == STEADY and "carelessly" in why
                if level == STRONG and not view.dead[seat]:
                    assert why == COACH_WHY
                if level == STEADY and not chose_carelessly and not view.dead[seat]:
                    assert why == ADVICE_WHY
            whys.append(why)
            game.apply(action)
        assert {w for w in whys if w} <= WHYS, {w for w in whys if w} - WHYS
        if level == BEGINNER:
            assert "at random" in whys
        if level == STEADY:
            assert "carelessly, a tile at random" in whys


WHYS = {
    "its hand wins",
    "at random: its hand does not win",
    "at random",
    "the advice: the call brings its hand nearer to Mah Jongg",
    "the advice: a joker for a natural tile costs its hand nothing",
    "carelessly, a tile at random",
    "its hand is dead: any tile will do",
    ADVICE_WHY,
    COACH_WHY,
}
