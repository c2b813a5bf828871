"""What a seat of a table sees, as a digest. A seat's page sends it back when it asks whether the
table moved on (`/now/?seen=`), and the same digest means nothing to redraw (204).

The digest is in two parts: the hand's part (the seat's own view of the hand, whether it owes a
choice, the hand's status and deadline), which needs the hand replayed, and the table's (its
status, host, talk and seats), read from the rows each request reads anyway. The hand's part of
every seat is kept in the cache for each version of the table, written once the change that made
the version is committed by the request that made it (it has the engine in hand), or by the first
request that finds it missing: a page's check then costs no replay. Every change to a table's
hand also raises the table's version (table_hands._save), so a kept part is never out of date for
its version; whatever is not kept, or when the cache is away, is worked out again."""

from __future__ import annotations

import datetime
import hashlib
import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import partial

from django.core.cache import cache
from django.db import transaction

from cfmj.core.ratelimit import CACHE_DOWN
from cfmj.engine.game import SEATS
from cfmj.engine.game import Game as EngineGame
from cfmj.play.models import Game, Seat, Table

logger = logging.getLogger(__name__)

KEPT_SECONDS = 600  # a version's parts are asked for while it is the table's newest: minutes at most


def _digest(parts: list[object]) -> str:
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:32]


def _instant(when: datetime.datetime | None) -> str:
    """A time as the same text however it was read (a database gives its own time zone object)."""
    return when.astimezone(datetime.UTC).isoformat() if when is not None else ""


def hand_digest(hand: Game | None, engine: EngineGame | None, number: int) -> str:
    """The hand's part of what seat `number` sees ("" before the first hand): without the game's
    clock and the tiles each seat holds (they move while the others pass in secret), what is shown
    changes with what each seat does in the open."""
    if hand is None or engine is None:
        return ""
    view = replace(engine.view(number), step=0, hand_sizes=())
    return _digest([hand.pk, str(hand.status), _instant(hand.deadline), number in engine.waiting_for(), view])


def hand_parts(hand: Game, engine: EngineGame) -> tuple[str, ...]:
    """Every seat's hand part (hand_digest), by number."""
    return tuple(hand_digest(hand, engine, number) for number in range(SEATS))


def seen_all(table: Table, seats: Sequence[Seat], hands: tuple[str, ...]) -> tuple[str, ...]:
    """Every seat's digest (seen_digest) from every seat's hand part, by number."""
    return tuple(seen_digest(table, seats, part, number) for number, part in enumerate(hands))


def seen_digest(table: Table, seats: Sequence[Seat], hand_part: str, number: int) -> str:
    """What seat `number` sees: the table's status, host, talk and pause, who sits where and who is
    away, the word its teacher sent it (table_run: only its own), and the hand's part for that seat
    (hand_digest). Each as the same text however it was read: a
    status just set is a Choices member, a status read is its text; PostgreSQL gives JSON's keys
    in an order of its own."""
    talk = json.dumps(table.talk, sort_keys=True)
    parts: list[object] = [str(table.status), bool(table.joining_open), table.host_id, talk]
    parts.append(table.paused_note)
    parts += [
        (s.number, s.user_id, s.away, _instant(s.word_at) if s.number == number else None)
        for s in sorted(seats, key=lambda s: s.number)
    ]
    parts.append(hand_part)
    return _digest(parts)


@dataclass(frozen=True)
class Kept:
    """A table version's hand parts, one a seat, and the hand's deadline at that version."""

    deadline: datetime.datetime | None
    hands: tuple[str, ...]

    def digest(
        self, table: Table, seats: Sequence[Seat], number: int, *, now: datetime.datetime
    ) -> str | None:
        """Seat `number`'s digest (seen_digest) from the table's rows and its kept hand part; None
        once the deadline has passed (the request applies it: then nothing kept holds)."""
        if self.deadline is not None and self.deadline <= now:
            return None
        return seen_digest(table, seats, self.hands[number], number)


def _key(table: Table) -> str:
    return f"table-seen:{table.pk}:{table.version}"


def kept_for(table: Table) -> Kept | None:
    """The hand parts kept for the table's version, or None (not kept, or the cache is away)."""
    try:
        found = cache.get(_key(table))
    except CACHE_DOWN as error:
        logger.warning("A table's seen digests were not read, the cache is unreachable: %s", error)
        return None
    if found is None:
        return None
    deadline, hands = found
    return Kept(deadline, tuple(hands))


def keep(*, table: Table, deadline: datetime.datetime | None, hands: tuple[str, ...]) -> None:
    """Keep every seat's hand part (hand_parts) and the hand's deadline for the table's version
    once the change is committed (at once outside a transaction), as they are at that version."""
    transaction.on_commit(partial(_store, _key(table), (deadline, hands)))


def _store(key: str, value: tuple[datetime.datetime | None, tuple[str, ...]]) -> None:
    try:
        cache.set(key, value, KEPT_SECONDS)
    except CACHE_DOWN as error:
        logger.warning("A table's seen digests were not kept, the cache is unreachable: %s", error)
