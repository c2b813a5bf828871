"""Which pools of unseen puzzles the refill keeps full (practice.making.puzzle_pools_refill).

A pool is a kind, a band and a table. Every kind and band under the standard rules is kept; an app
above adds its own, such as each live class's table (its house rules and skill level), by
registering a function here from its AppConfig.ready(). Practice asks it without importing that
app, so the app stays on the floor above (tests/test_layers.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple

from cfmj.engine.drills import BANDS, KINDS
from practice.tables import STANDARD, puzzle_table


class Pool(NamedTuple):
    kind: str
    band: int
    table: str = STANDARD


Source = Callable[[], Iterable[Pool]]

_SOURCES: dict[str, Source] = {}


def pools_register(name: str, source: Source) -> None:
    """Let `source` add pools to keep full. Registering a name again replaces it, so an app made
    ready twice (in tests) counts once."""
    _SOURCES[name] = source


def pools_unregister(name: str) -> None:
    _SOURCES.pop(name, None)


def pools_kept() -> list[Pool]:
    """The standard pools (in the order of drills.KINDS and BANDS), then the registered ones, each
        once. A pool of a kind that ignores the table is the standard one (practice.tables.puzzle_table);
    a kind or band the engine no longer makes is left out."""
    kept = [Pool(kind, band) for kind in KINDS for band in BANDS]
    seen = set(kept)
    for source in _SOURCES.values():
        for kind, band, table in source():
            pool = Pool(kind, band, puzzle_table(kind, table))
            if kind in KINDS and band in BANDS and pool not in seen:
                seen.add(pool)
                kept.append(pool)
    return kept
