"""Reading games: a learner's games, and the engine's game rebuilt from a row."""

from __future__ import annotations

from django.db.models import QuerySet

from cfmj.accounts.models import User
from cfmj.engine import RuleSet
from cfmj.engine.game import Game as EngineGame
from cfmj.engine.game import action_from_dict
from cfmj.play.models import Game


def rules_of(game: Game) -> RuleSet:
    return RuleSet.make(house_rules=game.house_rules, base=game.base, skill_level=game.skill_level)


def rebuild(game: Game) -> EngineGame:
    """The hand as it stands: dealt from the kept wall, then every recorded action applied again
    (each is checked by the engine as it was the first time)."""
    engine = EngineGame(game.seed, rules_of(game), game.dealer, wall=game.wall)
    for data in game.actions:
        engine.apply(action_from_dict(data))
    return engine


def games_in_progress(user: User) -> QuerySet[Game]:
    return Game.objects.filter(owner=user, status=Game.Status.PLAYING).order_by("-updated_at", "-pk")


def games_over(user: User, limit: int = 10) -> list[Game]:
    return list(
        Game.objects.filter(owner=user, status=Game.Status.OVER).order_by("-updated_at", "-pk")[:limit]
    )
