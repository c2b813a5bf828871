"""One coach, one voice, in plain words.

A learner who plays the hint at every decision of a practice hand is never held back by the
caution, and every choice they make is marked best, both in the mark after each choice and in the
review of the hand: twenty seeded hands at each bot level on the engine's game (the marks the site
stores are the coach's judge), and at each level one whole hand through the site's services, whose
review is read from the stored marks.

On the way, every kind of coach text those hands give is read as a beginner reads it: the hint
(its choice, its one sentence, its detail, each choice's marked words), the caution before every
discard it would hold back, the mark of the hinted choice and of a few others, and the review's
lines. None may hold tile notation (tests/plain_words.py), and each first sentence, where it says
the answer and its reason, runs to at most LEAD_WORDS words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from random import Random
from typing import Any

import pytest

from cfmj.engine import coach
from cfmj.engine.coach import LEVELS
from cfmj.engine.game import SEATS, Discard, Game, Player, play_on
from cfmj.play import services
from cfmj.play.models import Game as GameRow
from cfmj.play.review import Review, review_of
from cfmj.play.selectors import rebuild
from tests.classes.helpers import person
from tests.plain_words import LEAD_WORDS, first_sentence_words, notation_in

HANDS = 20  # seeded hands at each level
CHUNK = 5  # hands per test, so that the workers share them
OTHERS = 3  # choices other than the hint marked at each decision, for their words


@dataclass
class Followed:
    """What following the hint through hands showed: what went wrong, and every text read."""

    problems: list[str] = field(default_factory=list)
    leads: list[tuple[str, str]] = field(default_factory=list)  # (where, text): a first sentence counts
    details: list[tuple[str, str]] = field(default_factory=list)  # (where, text): detail under More

    def read(self) -> list[str]:
        """Every text with notation in it, or a first sentence over LEAD_WORDS words."""
        out = []
        for where, text in self.leads + self.details:
            if notation_in(text):
                out.append(f"{where}: notation {notation_in(text)} in {text!r}")
        for where, text in self.leads:
            if first_sentence_words(text) > LEAD_WORDS:
                out.append(f"{where}: {first_sentence_words(text)} words in the first sentence of {text!r}")
        return out


def follow(level: str, seed: int, seen: Followed) -> None:
    """Seat 0 plays the hint at every decision of one hand against bots of `level`."""
    game = Game(seed, None, seed % SEATS)
    bots: list[Player | None] = [None] + [coach.level_player(level, seed) for _ in range(SEATS - 1)]
    rng = Random(seed)
    while True:
        play_on(game, bots)
        if game.over:
            return
        hint = coach.hint(game, 0)
        assert hint is not None
        where = f"{level} seed {seed} step {len(game.actions)}"
        held = coach.warning(game, 0, hint.advised, careful=True)
        mark = coach.judge(game, 0, hint.advised)
        if held is not None or mark.mark != "best":
            seen.problems.append(f"{where}: {hint.advice}: {mark.mark}, {held}")
        seen.leads += [(f"{where} hint", hint.why), (f"{where} mark", mark.why)]
        seen.leads += [(f"{where} option {o.label}", o.words) for o in hint.options]
        seen.leads += [(f"{where} option", o.label) for o in hint.options]
        seen.details.append((f"{where} hint's More", hint.more))
        legal = game.legal_actions(0)
        for other in rng.sample(legal, min(OTHERS, len(legal))):
            seen.leads.append((f"{where} mark", coach.judge(game, 0, other).why))
        for tile in sorted({a.tile for a in legal if isinstance(a, Discard)}):
            caution = coach.warning(game, 0, Discard(0, tile), careful=True)
            if caution is not None:
                seen.leads += [(f"{where} caution", caution.title), (f"{where} caution", caution.words)]
        game.apply(hint.advised)


@pytest.mark.parametrize("start", range(0, HANDS, CHUNK))
@pytest.mark.parametrize("level", list(LEVELS))
def test_the_hint_is_never_held_back_always_marked_best_and_said_in_plain_words(
    level: str, start: int
) -> None:
    seen = Followed()
    for seed in range(100 + start, 100 + start + CHUNK):
        follow(level, seed, seen)
    assert seen.problems == []
    assert seen.read() == []
    assert len(seen.leads) > 50 * CHUNK


def review_lines(review: Review) -> list[tuple[str, str]]:
    """Every line of words the review of a hand says, where it says it."""
    lines = [(f"step {s.number}", f"{s.chosen}. {s.why}") for s in review.steps]
    lines += [(f"step {s.number}", s.preferred) for s in review.steps]
    lines += [("fed", f"{feed.label}: {feed.words}") for feed in review.feeds]
    lines += [("chance", chance.words) for chance in review.chances]
    lines += [("came by", came.words) for wait in review.waits for came in wait.came_by]
    return lines


@pytest.mark.django_db
@pytest.mark.parametrize("level", list(LEVELS))
def test_a_hand_played_by_the_hint_on_the_site_is_reviewed_best_in_plain_words(level: str) -> None:
    owner: Any = person("lee")
    game = services.game_start(owner=owner, bot_level=level, seed=77)
    while game.status == GameRow.Status.PLAYING:
        hint = coach.hint(rebuild(game), 0)
        assert hint is not None
        game = services.game_act(game=game, version=game.version, action=hint.advised)  # never WarnedError
    review = review_of(game, game.decisions.all())
    assert review.steps and {step.mark for step in review.steps} == {"best"}
    assert review.tally()["best"] == game.decisions.count() == len(review.steps)
    seen = Followed(leads=review_lines(review))
    assert seen.read() == []
