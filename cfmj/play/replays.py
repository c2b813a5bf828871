"""A table hand's replay kept in the cache: the engine's game as the hand's row stands at one
version, written once the change that made the version is committed by the request that made it
(it has the engine in hand), so that the requests after it (the other seats' parts, the next
action) take it instead of replaying the log again.

One entry a hand (the newest version kept wins), for KEPT_SECONDS: a version is asked for while it
is the newest. A hand's actions change only with its version (every change of a table hand raises
it: table_hands._save), and an entry is taken only for the version it was kept at and the same
number of actions. Its key names the engine's own code (ENGINE_BUILD): a game pickled by other
code (before a deploy) is never read. Each read unpickles a game of its own, which a request may
change (an action applies to it). With the cache away, the hand is replayed."""

from __future__ import annotations

import logging
from functools import partial

from django.core.cache import cache
from django.db import transaction

from cfmj.core.ratelimit import CACHE_DOWN
from cfmj.engine import engine_build
from cfmj.engine.game import Game as EngineGame
from cfmj.play.models import Game
from cfmj.play.selectors import rebuild

logger = logging.getLogger(__name__)

KEPT_SECONDS = 120


ENGINE_BUILD = engine_build()


def _key(game: Game) -> str:
    return f"replay:{ENGINE_BUILD}:{game.pk}"


def replayed(game: Game) -> EngineGame:
    """The hand as it stands (selectors.rebuild): kept if it was, at this version."""
    try:
        found = cache.get(_key(game))
    except CACHE_DOWN as error:
        logger.warning("A hand was replayed, the cache is unreachable: %s", error)
        return rebuild(game)
    if found is not None:
        version, actions, engine = found
        if version == game.version and actions == len(game.actions) and isinstance(engine, EngineGame):
            return engine
    return rebuild(game)


def keep(*, game: Game, engine: EngineGame) -> None:
    """Keep `engine`, the hand as `game` (saved) stands, once the change is committed (at once
    outside a transaction)."""
    entry = (game.version, len(game.actions), engine)
    transaction.on_commit(partial(_store, _key(game), entry))


def _store(key: str, entry: tuple[int, int, EngineGame]) -> None:
    try:
        cache.set(key, entry, KEPT_SECONDS)
    except CACHE_DOWN as error:
        logger.warning("A hand's replay was not kept, the cache is unreachable: %s", error)
