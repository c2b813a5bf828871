"""A visitor's progress: shown on /practice/ and the dashboard as it will be kept at sign-up, and
their daily streak moving to the account with the rest."""

from __future__ import annotations

import datetime
import uuid
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from cfmj.accounts.learners import VISITOR_KEY, Learner
from cfmj.accounts.models import User
from practice import making, selectors, services
from practice.models import Puzzle, SkillRating, Streak
from practice.selectors import SkillSummary
from tests.accounts.factories import UserFactory
from tests.engine.drills.helpers import right_response, wrong_response
from tests.practice.factories import PuzzleFactory

pytestmark = pytest.mark.django_db

VISITOR = "visitor-progress"


def _answer(learner: Learner, puzzle: Puzzle, *, right: bool, day: datetime.date | None = None) -> None:
    answer = right_response(puzzle) if right else wrong_response(puzzle)
    services.attempt_record(
        learner=learner, puzzle_id=puzzle.pk, token=uuid.uuid4(), response=answer, daily_date=day
    )


def _finish_daily(learner: Learner, day: datetime.date) -> None:
    for entry in making.daily_set_build(day=day).entries.select_related("puzzle"):
        _answer(learner, entry.puzzle, right=True, day=day)


def _as_visitor(client: Client) -> Client:
    session = client.session
    session[VISITOR_KEY] = VISITOR
    session.save()
    return client


def test_a_visitors_answers_show_on_practice_home_and_the_dashboard(client: Client) -> None:
    visitor = Learner(None, VISITOR)
    for i in range(3):
        _answer(visitor, PuzzleFactory(kind="worth"), right=i != 1)
    _answer(Learner(None, "someone-else"), PuzzleFactory(kind="winning_hand"), right=True)
    _as_visitor(client)
    home = client.get(reverse("practice:home"))
    skills = _skills(home)
    worth = next(s for s in skills if s.kind == "worth")
    assert worth.attempts == 3 and worth.accuracy == pytest.approx(2 / 3) and worth.level != "Not started"
    assert "3 answered" in home.content.decode()
    others = [s for s in skills if s.kind != "worth"]
    assert all(s.attempts == 0 and s.level == "Not started" for s in others)  # not someone else's
    dashboard = client.get(reverse("practice:dashboard"))
    assert [s.attempts for s in dashboard.context["skills"] if s.kind == "worth"] == [3]
    assert len(dashboard.context["histories"]["worth"]) == 3
    html = dashboard.content.decode()
    assert "<svg" in html and "67%" in html
    assert "You have missed 1 puzzle so far" in html and "it comes back for review" in html


def _skills(home: Any) -> list[SkillSummary]:
    """Every drill's level as the practice page lists it (those open first)."""
    return [row.skill for row in [*home.context["ready"], *home.context["later"]]]


def test_a_fresh_visitor_has_not_started(client: Client) -> None:
    home = client.get(reverse("practice:home"))
    assert all(s.level == "Not started" and s.attempts == 0 for s in _skills(home))
    assert home.context["streak"] is None


def test_a_visitors_ratings_are_the_ones_signing_up_keeps() -> None:
    visitor = Learner(None, VISITOR)
    puzzles = [PuzzleFactory(kind="worth", band=band) for band in (1, 3, 5)]
    for i, puzzle in enumerate(puzzles):
        _answer(visitor, puzzle, right=i != 2)
    _answer(visitor, puzzles[0], right=True)  # answered before: not rated, as for an account
    shown = {s.kind: s for s in selectors.skill_summaries(visitor)}["worth"]
    history = selectors.rating_history(visitor, "worth")
    user = UserFactory()
    services.visitor_practice_claim(user=user, visitor=VISITOR)
    kept = SkillRating.objects.get(user=user, kind="worth")
    assert shown.rating == pytest.approx(kept.rating) and shown.attempts == kept.attempts == 3
    assert [r for _, r in history] == pytest.approx(
        [r for _, r in selectors.rating_history(Learner(user, ""), "worth")]
    )


def test_a_visitor_sees_the_streak_of_days_they_finished_the_daily_set(client: Client) -> None:
    visitor = Learner(None, VISITOR)
    today = timezone.localdate()
    for days_ago in (4, 2, 1, 0):
        _finish_daily(visitor, today - datetime.timedelta(days=days_ago))
    unfinished = making.daily_set_build(day=today - datetime.timedelta(days=3))
    first = unfinished.entries.select_related("puzzle")[0]
    _answer(visitor, first.puzzle, right=True, day=unfinished.day)  # one of five
    streak = selectors.streak_of(visitor)
    assert streak is not None and (streak.current, streak.best, streak.last_day) == (3, 3, today)
    _as_visitor(client)
    assert "3 days" in client.get(reverse("practice:home")).content.decode()
    assert "3 days" in client.get(reverse("practice:daily")).content.decode()


def test_signing_up_keeps_the_streak_earned_as_a_visitor() -> None:
    visitor = Learner(None, VISITOR)
    today = timezone.localdate()
    for days_ago in (1, 0):
        _finish_daily(visitor, today - datetime.timedelta(days=days_ago))
    user = UserFactory()
    services.visitor_practice_claim(user=user, visitor=VISITOR)
    streak = Streak.objects.get(user=user)
    assert (streak.current, streak.best, streak.last_day) == (2, 2, today)


def test_signing_in_joins_a_visitors_days_to_the_accounts_streak() -> None:
    """The account finished the set two days ago (best 5 long ago); as a visitor, yesterday and
    today: one run of three, and the best is kept."""
    user: User = UserFactory()
    today = timezone.localdate()
    _finish_daily(Learner(user, ""), today - datetime.timedelta(days=2))
    Streak.objects.filter(user=user).update(best=5)
    visitor = Learner(None, VISITOR)
    for days_ago in (1, 0):
        _finish_daily(visitor, today - datetime.timedelta(days=days_ago))
    services.visitor_practice_claim(user=user, visitor=VISITOR)
    streak = Streak.objects.get(user=user)
    assert (streak.current, streak.best, streak.last_day) == (3, 5, today)


def test_signing_in_with_no_daily_answers_leaves_the_streak_alone() -> None:
    user: User = UserFactory()
    Streak.objects.create(user=user, current=4, best=6, last_day=timezone.localdate())
    _answer(Learner(None, VISITOR), PuzzleFactory(), right=True)
    services.visitor_practice_claim(user=user, visitor=VISITOR)
    streak = Streak.objects.get(user=user)
    assert (streak.current, streak.best) == (4, 6)
