"""The base of the test factories: factory_boy's model factory, typed so that calling one gives the
model it makes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

import factory
from django.utils import timezone
from factory.django import DjangoModelFactory

from cfmj.play.models import Decision, Game

ModelT = TypeVar("ModelT")


class ModelFactory(DjangoModelFactory[ModelT]):
    """`UserFactory()` is a saved `User` (factory_boy's metaclass calls `create`), but factory_boy
    leaves that call untyped, so mypy would take it for a `UserFactory`; this says what it returns."""

    class Meta:
        abstract = True

    if TYPE_CHECKING:
        # mypy wants __new__ to return an instance of the class; here it returns the model instead.
        def __new__(cls, *args: Any, **kwargs: Any) -> ModelT: ...  # type: ignore[misc]


# Play: finished hands and the learner's decisions, made directly (no engine), for the statistics
# and homework tests. A game's wall and actions are left empty: these rows are never rebuilt.


class PlayGameFactory(ModelFactory[Game]):
    """A finished practice hand that a bot won (the learner 2 tiles from Mah Jongg) unless told:
    `won=True` for a learner's win, `wall_game=True` for a wall game."""

    class Meta:
        model = Game

    class Params:
        won = False
        wall_game = False
        winner = factory.LazyAttribute(lambda o: None if o.wall_game else 0 if o.won else 1)

    owner = factory.SubFactory("tests.accounts.factories.UserFactory")
    seed = factory.Sequence(lambda n: n)
    wall = factory.LazyFunction(list)
    bot_level = "steady"
    mode = "practice"
    status = "over"
    result = factory.LazyAttribute(lambda o: {"winner": o.winner, "dead": []})
    final_distance = factory.LazyAttribute(lambda o: 0 if o.won else 2)
    finished_at = factory.LazyFunction(timezone.now)


class DecisionFactory(ModelFactory[Decision]):
    class Meta:
        model = Decision

    game = factory.SubFactory(PlayGameFactory)
    index = factory.Sequence(lambda n: n)
    kind = "discard"
    chosen = "Discard 5 Dot"
    mark = "best"
