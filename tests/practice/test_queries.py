"""Practice's prepared queries (practice.queries) give what their querysets give."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from cfmj.accounts.models import User
from cfmj.core.prepared import Prepared, PreparedError
from practice import queries
from practice.models import ReviewItem
from tests.practice.factories import AttemptFactory, PuzzleFactory

pytestmark = pytest.mark.django_db


def test_instances_are_the_querysets_instances() -> None:
    puzzle = PuzzleFactory()
    found = queries.PUZZLE.instances(puzzle.pk)
    assert len(found) == 1
    got = found[0]
    assert got.pk == puzzle.pk
    assert (got.question, got.answer, got.kind, got.rating) == (
        puzzle.question,
        puzzle.answer,
        puzzle.kind,
        puzzle.rating,
    )
    assert not got._state.adding
    assert queries.PUZZLE.instances(puzzle.pk + 1000) == []


def test_a_date_argument_goes_in_its_place() -> None:
    user = User.objects.create_user("cy")
    puzzle = PuzzleFactory()
    today = timezone.localdate()
    ReviewItem.objects.create(user=user, puzzle=puzzle, due=today)
    assert [p.pk for p in queries.DUE_PUZZLE.instances(user.pk, puzzle.kind, today)] == [puzzle.pk]
    assert queries.DUE_PUZZLE.instances(user.pk, puzzle.kind, today - datetime.timedelta(days=1)) == []
    assert queries.DUE_PUZZLE.instances(user.pk, "no_such_kind", today) == []


def test_the_answers_standing_is_the_same_as_the_orms() -> None:
    user = User.objects.create_user("di")
    puzzle = PuzzleFactory()
    today = timezone.localdate()
    assert queries.STANDING.rows(user.pk, puzzle.pk, today) == [(True, None)]
    AttemptFactory(user=user, puzzle=puzzle)
    review = ReviewItem.objects.create(user=user, puzzle=puzzle, due=today)
    assert queries.STANDING.rows(user.pk, puzzle.pk, today) == [(False, review.pk)]
    assert queries.STANDING.rows(user.pk, puzzle.pk, today - datetime.timedelta(days=1)) == [(False, None)]
    assert queries.ANSWERED_BY_VISITOR.rows("v-1", puzzle.pk) == []
    AttemptFactory(user=None, visitor="v-1", puzzle=puzzle)
    assert len(queries.ANSWERED_BY_VISITOR.rows("v-1", puzzle.pk)) == 1


def test_a_queryset_with_related_rows_is_refused() -> None:
    prepared = Prepared(
        lambda user_id: ReviewItem.objects.select_related("puzzle").filter(user_id=user_id), -1
    )
    with pytest.raises(PreparedError, match="plain model"):
        prepared.instances(3)


def test_arguments_are_counted() -> None:
    with pytest.raises(TypeError):
        queries.PUZZLE.rows(1, 2)
