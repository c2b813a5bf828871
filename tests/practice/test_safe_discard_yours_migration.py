"""Migration 0009 gives stored "Is this discard safe?" puzzles made before the question showed
your own discards the library entry's "yours", and keeps every puzzle and its attempts."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from cfmj.engine.drills import generate

BEFORE = [("practice", "0008_kind_safe_discard")]
AFTER = [("practice", "0009_safe_discard_yours")]


def _migrate(targets: list[tuple[str, str]]) -> Any:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return MigrationExecutor(connection).loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_it_fills_in_your_discards_of_puzzles_stored_without_them() -> None:
    old = _migrate(BEFORE).get_model("practice", "Puzzle")
    rng = Random(4)
    made = [generate("safe_discard", seed=rng.randrange(10**9), band=band) for band in (1, 3, 5)]
    for number, puzzle in enumerate(made):
        question = {k: v for k, v in puzzle.question.items() if k != "yours"}
        old.objects.create(
            kind="safe_discard",
            band=puzzle.band,
            question=question,
            answer=puzzle.answer,
            engine_version="old",
            seed=puzzle.seed,
            content_hash=f"old-{number}",
        )
    # A puzzle made since from the same entry as the first: its hash is the one the first would take.
    old.objects.create(
        kind="safe_discard",
        band=made[0].band,
        question=made[0].question,
        answer=made[0].answer,
        engine_version="new",
        seed=made[0].seed,
        content_hash=made[0].content_hash(),
    )
    lost = {"hand": "1C 1C 1C 2C 2C 2C 3C 3C 3C 4C 4C 4C 5C 5C", "tile": "5C", "wall": 1, "opponents": []}
    old.objects.create(
        kind="safe_discard",
        band=1,
        question=lost,
        answer={},
        engine_version="old",
        seed=1,
        content_hash="lost",
    )
    puzzles = _migrate(AFTER).get_model("practice", "Puzzle")
    stored = {p.content_hash: p for p in puzzles.objects.filter(engine_version="old")}
    assert stored["old-0"].question == made[0].question  # filled in, its hash kept (taken)
    for puzzle in made[1:]:
        again = puzzles.objects.get(content_hash=puzzle.content_hash())
        assert again.engine_version == "old" and again.question == puzzle.question
    assert stored["lost"].question == lost  # no entry found: left as it was
    assert puzzles.objects.count() == 5
