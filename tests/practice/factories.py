"""Factories for practice: puzzles are real engine puzzles, attempts real answers."""

from __future__ import annotations

import copy
import uuid
from functools import cache

import factory

from cfmj.engine import ENGINE_VERSION, drills
from cfmj.engine.drills.scope import current
from practice.models import BAND_RATING, Attempt, Puzzle
from tests.accounts.factories import UserFactory
from tests.factories import ModelFactory


@cache
def _generated(kind: str, seed: int, band: int) -> drills.Puzzle:
    return drills.generate(kind, seed=seed, band=band)


def generated(kind: str, seed: int, band: int) -> drills.Puzzle:
    """drills.generate(kind, seed=seed, band=band), made once per test process: a puzzle is the
    same every time for the same kind, seed and band, and some tests make the same ones again (the
    browser's puzzle-fit walk makes 60, in each print; a slow kind's takes seconds). A copy each
    time, so that a test changing its puzzle's question changes no other test's. One made within a
    course's scope (drills.scope.asked_within) is made as asked, not kept: the scope changes it."""
    if current() is not None:
        return drills.generate(kind, seed=seed, band=band)
    return copy.deepcopy(_generated(kind, seed, band))


def _unstored(kind: str, seed: int, band: int) -> drills.Puzzle:
    """The puzzle of `seed`; or, when one of the same content is stored already (two seeds of a
    kind can make the same puzzle, and which seed the sequence has reached depends on the order
    the tests ran in), the puzzle of the next seed that makes one not stored: a unique
    content_hash was now and then a failed set-up. The stored row keeps the seed asked for."""
    for tried in range(seed, seed + 50):
        made = generated(kind, tried, band)
        if not Puzzle.objects.filter(content_hash=made.content_hash()).exists():
            return made
    return made


class PuzzleFactory(ModelFactory[Puzzle]):
    class Meta:
        model = Puzzle

    class Params:
        made = factory.LazyAttribute(lambda o: _unstored(o.kind, o.seed, o.band))

    kind = "winning_hand"
    band = 2
    seed = factory.Sequence(lambda n: 1000 + n)
    question = factory.LazyAttribute(lambda o: o.made.question)
    answer = factory.LazyAttribute(lambda o: o.made.answer)
    engine_version = ENGINE_VERSION
    content_hash = factory.LazyAttribute(lambda o: o.made.content_hash())
    rating = factory.LazyAttribute(lambda o: BAND_RATING[o.band])


class AttemptFactory(ModelFactory[Attempt]):
    class Meta:
        model = Attempt

    token = factory.LazyFunction(uuid.uuid4)
    user = factory.SubFactory(UserFactory)
    puzzle = factory.SubFactory(PuzzleFactory)
    response = factory.LazyFunction(dict)
    correct = True
    score = 1.0
