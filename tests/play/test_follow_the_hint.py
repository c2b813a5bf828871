"""One coach, one voice: a learner who plays the hint at every decision of a practice hand is never
held back by the caution, and every choice they make is marked best, both in the mark after each
choice and in the review of the hand. Twenty seeded hands at each bot level on the engine's game
(the marks the site stores are the coach's judge), and at each level one whole hand through the
site's services, whose review is read from the stored marks."""

from __future__ import annotations

from typing import Any

import pytest

from cfmj.engine import coach
from cfmj.engine.coach import LEVELS
from cfmj.engine.game import SEATS, Game, Player, play_on
from cfmj.play import services
from cfmj.play.models import Game as GameRow
from cfmj.play.review import review_of
from cfmj.play.selectors import rebuild
from tests.classes.helpers import person

HANDS = 20  # seeded hands at each level
CHUNK = 5  # hands per test, so that the workers share them


def follow(level: str, seed: int) -> list[str]:
    """Seat 0 plays the hint at every decision of one hand against bots of `level`: what went
    wrong (a caution that stopped the hint, a mark that was not best), as lines."""
    game = Game(seed, None, seed % SEATS)
    bots: list[Player | None] = [None] + [coach.level_player(level, seed) for _ in range(SEATS - 1)]
    problems: list[str] = []
    while True:
        play_on(game, bots)
        if game.over:
            return problems
        hint = coach.hint(game, 0)
        assert hint is not None
        held = coach.warning(game, 0, hint.advised, careful=True)
        mark = coach.judge(game, 0, hint.advised).mark
        if held is not None or mark != "best":
            problems.append(f"seed {seed}, step {len(game.actions)}: {hint.advice}: {mark}, {held}")
        game.apply(hint.advised)


@pytest.mark.parametrize("start", range(0, HANDS, CHUNK))
@pytest.mark.parametrize("level", list(LEVELS))
def test_the_hint_is_never_held_back_and_always_marked_best(level: str, start: int) -> None:
    problems = [line for seed in range(start, start + CHUNK) for line in follow(level, 100 + seed)]
    assert problems == []


@pytest.mark.django_db
@pytest.mark.parametrize("level", list(LEVELS))
def test_a_hand_played_by_the_hint_on_the_site_is_reviewed_best_throughout(level: str) -> None:
    owner: Any = person("lee")
    game = services.game_start(owner=owner, bot_level=level, seed=77)
    while game.status == GameRow.Status.PLAYING:
        hint = coach.hint(rebuild(game), 0)
        assert hint is not None
        game = services.game_act(game=game, version=game.version, action=hint.advised)  # never WarnedError
    review = review_of(game, game.decisions.all())
    assert review.steps and {step.mark for step in review.steps} == {"best"}
    assert review.tally()["best"] == game.decisions.count() == len(review.steps)
