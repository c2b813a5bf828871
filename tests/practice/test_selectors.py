"""selectors.puzzle_next: near the learner's rating, never one they tried lately."""

from __future__ import annotations

import datetime
import random

import pytest
from django.utils import timezone

from cfmj.accounts.learners import Learner
from practice.models import Attempt
from practice.selectors import NEAR, RECENT_DAYS, puzzle_next
from tests.accounts.factories import UserFactory
from tests.practice.factories import AttemptFactory, PuzzleFactory

pytestmark = pytest.mark.django_db


def _spread(count: int) -> list[int]:
    """Puzzles rated 1000, 1010, 1020, ... (their ratings set after the factory's band rating)."""
    puzzles = PuzzleFactory.create_batch(count)
    for step, puzzle in enumerate(puzzles):
        puzzle.rating = 1000 + 10 * step
        puzzle.save(update_fields=["rating"])
    return [p.pk for p in puzzles]


def test_it_serves_a_puzzle_near_the_learners_rating() -> None:
    ids = _spread(40)
    user = UserFactory()
    user.skills.create(kind="winning_hand", rating=1200)  # between puzzles 20 and 21
    served = {  # (a puzzle is always found: the pool holds 40)
        puzzle_next("winning_hand", Learner(user, ""), rng=random.Random(seed))[0].pk  # type: ignore[union-attr]
        for seed in range(60)
    }
    assert served <= set(ids[20 - NEAR // 4 : 21 + NEAR // 4])
    assert len(served) > 1  # a choice among the nearest, not always the same one


def test_it_skips_what_the_user_tried_lately() -> None:
    first, second = PuzzleFactory(), PuzzleFactory()
    user = UserFactory()
    AttemptFactory(user=user, puzzle=first)
    for seed in range(10):
        assert puzzle_next("winning_hand", Learner(user, ""), rng=random.Random(seed))[0] == second


def test_it_skips_what_the_visitor_tried_lately() -> None:
    first, second = PuzzleFactory(), PuzzleFactory()
    AttemptFactory(user=None, visitor="v-1", puzzle=first)
    for seed in range(10):
        assert puzzle_next("winning_hand", Learner(None, "v-1"), rng=random.Random(seed))[0] == second


def test_it_does_not_skip_what_someone_else_tried() -> None:
    only = PuzzleFactory()
    AttemptFactory(user=UserFactory(), puzzle=only)
    AttemptFactory(user=None, visitor="v-2", puzzle=only)
    assert puzzle_next("winning_hand", Learner(UserFactory(), ""))[0] == only
    assert puzzle_next("winning_hand", Learner(None, "v-1"))[0] == only
    assert puzzle_next("winning_hand", Learner(None, ""))[0] == only


def test_it_serves_again_what_was_tried_long_ago() -> None:
    only = PuzzleFactory()
    user = UserFactory()
    attempt = AttemptFactory(user=user, puzzle=only)
    assert puzzle_next("winning_hand", Learner(user, ""))[0] is None
    Attempt.objects.filter(pk=attempt.pk).update(
        answered_at=timezone.now() - datetime.timedelta(days=RECENT_DAYS + 1)
    )
    assert puzzle_next("winning_hand", Learner(user, ""))[0] == only


def test_it_keeps_to_the_kind_asked_for() -> None:
    PuzzleFactory(kind="worth")
    assert puzzle_next("winning_hand", Learner(None, ""))[0] is None
