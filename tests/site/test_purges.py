"""Beat's purges: visitors' rows never claimed (answers, lessons, hands against the bots) go 30
days after the visitor was last seen, and expired sessions are cleared. Accounts' rows, a table's
hands, and visitors still around, are never touched."""

from __future__ import annotations

import datetime
import uuid

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
from django.utils import timezone

from cfmj.core.tasks import clear_sessions
from cfmj.play import seating, table_hands
from cfmj.play import services as play_services
from cfmj.play.models import Decision, Game
from cfmj.site import services
from cfmj.site.tasks import purge_visitor_rows
from lessons.models import CheckAnswer, Lesson, LessonProgress, ReadAhead
from practice.models import Attempt
from tests.accounts.factories import UserFactory
from tests.play.helpers import play_out
from tests.practice.factories import AttemptFactory, PuzzleFactory

pytestmark = pytest.mark.django_db


def _ago(days: float) -> datetime.datetime:
    return timezone.now() - datetime.timedelta(days=days)


@pytest.fixture
def puzzle():
    return PuzzleFactory(kind="rules_quiz", band=1)


@pytest.fixture
def lesson():
    return Lesson.objects.create(
        slug="the-tiles", number=1, title="The tiles", summary="Tiles.", source_hash="x"
    )


def attempt(puzzle, *, days: float, visitor: str = "", user=None) -> Attempt:
    row = AttemptFactory(puzzle=puzzle, user=user, visitor=visitor)
    Attempt.objects.filter(pk=row.pk).update(answered_at=_ago(days))  # auto_now_add: set afterwards
    return row


def progress(lesson, *, days: float, visitor: str = "", user=None) -> LessonProgress:
    row = LessonProgress.objects.create(lesson=lesson, user=user, visitor=visitor, step_reached=1)
    LessonProgress.objects.filter(pk=row.pk).update(updated_at=_ago(days))
    return row


def test_it_purges_a_visitor_gone_for_30_days(puzzle, lesson):
    gone = str(uuid.uuid4())
    attempt(puzzle, days=45, visitor=gone)
    attempt(puzzle, days=31, visitor=gone)
    progress(lesson, days=40, visitor=gone)
    assert purge_visitor_rows.apply().get() == 3
    assert not Attempt.objects.filter(visitor=gone).exists()
    assert not LessonProgress.objects.filter(visitor=gone).exists()


def test_it_keeps_a_visitor_seen_lately_whole(puzzle, lesson):
    practising, reading = str(uuid.uuid4()), str(uuid.uuid4())
    attempt(puzzle, days=60, visitor=practising)
    attempt(puzzle, days=2, visitor=practising)  # back lately: their old answers stay claimable
    attempt(puzzle, days=60, visitor=reading)
    progress(lesson, days=1, visitor=reading)  # seen lately in the lessons only
    assert purge_visitor_rows.apply().get() == 0
    assert Attempt.objects.count() == 3 and LessonProgress.objects.count() == 1


def test_it_keeps_a_visitor_of_29_days(puzzle, lesson):
    visitor = str(uuid.uuid4())
    attempt(puzzle, days=29, visitor=visitor)
    progress(lesson, days=29, visitor=visitor)
    assert purge_visitor_rows.apply().get() == 0


def test_it_never_touches_an_accounts_rows(puzzle, lesson):
    user = UserFactory()
    attempt(puzzle, days=400, user=user)
    progress(lesson, days=400, user=user)
    assert purge_visitor_rows.apply().get() == 0
    assert Attempt.objects.filter(user=user).count() == 1
    assert LessonProgress.objects.filter(user=user).count() == 1


def test_it_purges_rows_without_any_visitor_id(puzzle):
    attempt(puzzle, days=31, visitor="")
    attempt(puzzle, days=1, visitor="")  # nobody can claim these either, but they are recent
    assert purge_visitor_rows.apply().get() == 1
    assert Attempt.objects.count() == 1


def test_it_works_in_batches_and_is_safe_to_run_again(puzzle, monkeypatch):
    monkeypatch.setattr(services, "PURGE_BATCH", 2)
    for _ in range(5):
        attempt(puzzle, days=50, visitor=str(uuid.uuid4()))
    assert purge_visitor_rows.apply().get() == 5
    assert purge_visitor_rows.apply().get() == 0


def test_a_run_has_a_fixed_budget(puzzle, monkeypatch):
    monkeypatch.setattr(services, "PURGE_BATCH", 2)
    monkeypatch.setattr(services, "PURGE_BATCHES_PER_RUN", 2)
    for _ in range(5):
        attempt(puzzle, days=50, visitor=str(uuid.uuid4()))
    assert [purge_visitor_rows.apply().get() for _ in range(3)] == [4, 1, 0]


def test_it_clears_expired_sessions_only():
    live, expired = SessionStore(), SessionStore()
    live["x"], expired["x"] = 1, 2
    live.create()
    expired.create()
    Session.objects.filter(session_key=expired.session_key).update(expire_date=_ago(1))
    clear_sessions.apply().get()
    assert list(Session.objects.values_list("session_key", flat=True)) == [live.session_key]


def test_both_are_scheduled_by_beat(settings):
    schedule = settings.CELERY_BEAT_SCHEDULE
    assert schedule["purge-visitor-rows"]["task"] == purge_visitor_rows.name
    assert schedule["clear-sessions"]["task"] == clear_sessions.name
    assert schedule["purge-visitor-rows"]["schedule"] <= 24 * 3600
    assert schedule["clear-sessions"]["schedule"] <= 24 * 3600


def test_it_purges_a_gone_visitors_answered_lesson_checks_and_keeps_a_recent_ones(lesson):
    gone, here = str(uuid.uuid4()), str(uuid.uuid4())
    for visitor, days in ((gone, 40), (here, 40), (here, 2)):
        row = CheckAnswer.objects.create(
            token=uuid.uuid4(), visitor=visitor, lesson=lesson, step=1, responses=[{}], score=1, size=1
        )
        CheckAnswer.objects.filter(pk=row.pk).update(answered_at=_ago(days))
    assert services.visitor_rows_purge() == 1
    assert not CheckAnswer.objects.filter(visitor=gone).exists()
    assert CheckAnswer.objects.filter(visitor=here).count() == 2


def hand(*, days: float, visitor: str = "", user=None) -> Game:
    """A hand against the bots, finished, last played `days` ago: a visitor's or an account's."""
    game = play_out(play_services.game_start(owner=user, visitor=visitor, bot_level="beginner", seed=5))
    Game.objects.filter(pk=game.pk).update(updated_at=_ago(days))  # auto_now: set afterwards
    return game


def test_it_purges_a_gone_visitors_hands_with_their_choices(puzzle):
    gone = str(uuid.uuid4())
    game = hand(days=31, visitor=gone)
    playing = play_services.game_start(visitor=gone, bot_level="beginner", seed=6)  # never finished
    Game.objects.filter(pk=playing.pk).update(updated_at=_ago(40))
    attempt(puzzle, days=35, visitor=gone)
    decisions = Decision.objects.filter(game=game).count()
    assert decisions
    assert services.visitor_rows_purge() == 1 + 2 + decisions
    assert not Game.objects.filter(visitor=gone).exists() and not Decision.objects.exists()


def test_a_visitors_recent_hand_keeps_them_whole_and_their_recent_answer_keeps_their_hands(puzzle):
    playing, answering = str(uuid.uuid4()), str(uuid.uuid4())
    attempt(puzzle, days=60, visitor=playing)
    hand(days=3, visitor=playing)  # played a hand lately: their old answers stay claimable
    hand(days=60, visitor=answering)
    attempt(puzzle, days=1, visitor=answering)  # answered lately: their old hand stays claimable
    assert services.visitor_rows_purge() == 0
    assert Game.objects.count() == 2 and Attempt.objects.count() == 2


def test_it_never_touches_an_accounts_hands_or_a_tables():
    lee = UserFactory()
    hand(days=400, user=lee)
    table = seating.table_open(host=lee, bot_level="beginner")
    table_hands.table_start(table=table, by=lee)
    Game.objects.filter(table=table).update(updated_at=_ago(400))  # no owner, no visitor: not a visitor's
    assert services.visitor_rows_purge() == 0
    assert Game.objects.filter(owner=lee).count() == 1 and Game.objects.filter(table=table).count() == 1


def test_it_purges_a_gone_visitors_lessons_read_ahead_and_keeps_a_recent_ones(lesson):
    gone, here = str(uuid.uuid4()), str(uuid.uuid4())
    for visitor in (gone, here):
        ReadAhead.objects.create(visitor=visitor, lesson=lesson, step=2)
    ReadAhead.objects.filter(visitor=gone).update(read_at=_ago(40))
    assert services.visitor_rows_purge() == 1
    assert list(ReadAhead.objects.values_list("visitor", flat=True)) == [here]
