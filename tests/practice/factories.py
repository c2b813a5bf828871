"""Factories for practice: puzzles are real engine puzzles, attempts real answers."""

from __future__ import annotations

import uuid

import factory

from cfmj.engine import ENGINE_VERSION, drills
from practice.models import BAND_RATING, Attempt, Puzzle
from tests.accounts.factories import UserFactory
from tests.factories import ModelFactory


class PuzzleFactory(ModelFactory[Puzzle]):
    class Meta:
        model = Puzzle

    class Params:
        made = factory.LazyAttribute(lambda o: drills.generate(o.kind, seed=o.seed, band=o.band))

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
