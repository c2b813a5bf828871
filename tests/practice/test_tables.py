"""Puzzles made under a class's table: a short stable key, batches per table, and normal practice
serving only the standard puzzles."""

from __future__ import annotations

import random

import pytest

from cfmj.accounts.learners import Learner
from cfmj.engine.ruleset import RuleSet
from practice import making
from practice.models import Puzzle, PuzzleBatch
from practice.selectors import puzzle_next, unseen_counts
from practice.tables import puzzle_table, table_key, table_of
from tests.accounts.factories import UserFactory


def test_it_keys_a_table_shortly_and_stably() -> None:
    assert table_key([], 0) == ""
    assert table_key([1], 0) == ""  # skipping the second Charleston changes no hand
    assert table_key([3], 0) == "h3"
    assert table_key([3, 2, 1, 3], 5) == table_key([2, 3], 5) == "h23-l5"
    assert table_key([], 2) == "l2"
    for rules, level in (([3], 3), ([2], 0), ([], 4), ([2, 3], 1)):
        key = table_key(rules, level)
        assert len(key) <= 20 and table_of(key) == RuleSet.make(house_rules=rules, skill_level=level)
    assert table_of("") is None


@pytest.mark.parametrize("key", ["x", "h9", "l7", "h1", "h32", "-", "h3-", "l0"])
def test_it_refuses_a_key_it_never_makes(key: str) -> None:
    with pytest.raises(ValueError, match="table"):
        table_of(key)


def test_it_keeps_the_standard_key_for_kinds_that_ignore_the_table() -> None:
    assert puzzle_table("winning_hand", "h3-l3") == "h3-l3"
    assert puzzle_table("distance", "h3-l3") == ""


@pytest.mark.django_db
def test_it_makes_one_batch_per_seed_and_table() -> None:
    plain = making.puzzle_batch_generate(kind="winning_hand", band=2, count=4, seed=7)
    tabled = making.puzzle_batch_generate(kind="winning_hand", band=2, count=4, seed=7, table="h3-l3")
    again = making.puzzle_batch_generate(kind="winning_hand", band=2, count=4, seed=7, table="h3-l3")
    assert plain.pk != tabled.pk == again.pk and tabled.table == "h3-l3"
    assert PuzzleBatch.objects.count() == 2
    assert Puzzle.objects.filter(table="h3-l3").count() == tabled.created == 4
    assert Puzzle.objects.filter(table="").count() == plain.created == 4
    for puzzle in Puzzle.objects.filter(table="h3-l3"):
        assert "Your class plays skill level 3" in puzzle.question["prompt"]


@pytest.mark.django_db
def test_it_serves_only_standard_puzzles_in_normal_practice() -> None:
    making.puzzle_batch_generate(kind="worth", band=2, count=6, seed=3, table="h3")
    user = UserFactory()
    assert puzzle_next("worth", Learner(user, ""))[0] is None
    assert unseen_counts() == {}
    making.puzzle_batch_generate(kind="worth", band=2, count=3, seed=3)
    served = {puzzle_next("worth", Learner(user, ""), rng=random.Random(seed))[0] for seed in range(20)}
    assert served and all(p is not None and p.table == "" for p in served)
    assert unseen_counts() == {("worth", 2): 3}
