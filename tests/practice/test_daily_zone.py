"""Today's five, reviews and the streak follow the learner's own date, and the
daily set holds no puzzle the learner can have met in a drill."""

from __future__ import annotations

import datetime
import uuid

import pytest
from django.urls import reverse
from django.utils import timezone

from cfmj.accounts.learners import Learner
from cfmj.core.days import ZONE_KEY
from cfmj.engine import drills
from practice import making, selectors, services
from practice.models import Attempt, DailySet, Puzzle, ReviewItem, Streak
from tests.accounts.factories import UserFactory
from tests.engine.drills.helpers import right_response, wrong_response
from tests.practice.factories import AttemptFactory

pytestmark = pytest.mark.django_db

UTC = datetime.UTC
# 20:30 on Monday 23 November in New York: already Tuesday the 24th in UTC.
EVENING_IN_NEW_YORK = datetime.datetime(2026, 11, 24, 1, 30, tzinfo=UTC)
MONDAY, TUESDAY = datetime.date(2026, 11, 23), datetime.date(2026, 11, 24)


@pytest.fixture
def evening(monkeypatch: pytest.MonkeyPatch) -> datetime.datetime:
    monkeypatch.setattr(timezone, "now", lambda: EVENING_IN_NEW_YORK)
    return EVENING_IN_NEW_YORK


def _answer_daily(client, answer) -> Puzzle:
    page = client.get(reverse("practice:daily"))
    puzzle: Puzzle = page.context["puzzle"]
    client.post(
        reverse("practice:answer", args=[puzzle.pk]), {"token": page.context["token"], **answer(puzzle)}
    )
    return puzzle


def test_a_new_yorker_still_gets_mondays_set_in_the_evening(client, evening) -> None:
    client.force_login(UserFactory(time_zone="America/New_York"))
    page = client.get(reverse("practice:daily"))
    assert page.context["day"] == MONDAY and DailySet.objects.get().day == MONDAY
    assert "Monday 23 November" in page.content.decode()
    assert "midnight in America/New York" in page.content.decode()


def test_a_visitors_zone_from_the_session_picks_the_set(client, evening) -> None:
    session = client.session
    session[ZONE_KEY] = "America/Los_Angeles"
    session.save()
    assert client.get(reverse("practice:daily")).context["day"] == MONDAY
    other = client.__class__()
    assert other.get(reverse("practice:daily")).context["day"] == TUESDAY  # no zone: UTC's date


def test_the_streak_and_answers_count_the_learners_own_day(client, evening) -> None:
    user = UserFactory(time_zone="America/New_York")
    client.force_login(user)
    for _ in range(5):
        _answer_daily(client, right_response)
    assert set(Attempt.objects.values_list("daily_date", flat=True)) == {MONDAY}
    streak = Streak.objects.get(user=user)
    assert streak.current == 1 and streak.last_day == MONDAY


def test_a_miss_comes_back_on_the_learners_tomorrow(evening) -> None:
    user = UserFactory(time_zone="America/New_York")
    puzzle = making.daily_set_build(day=MONDAY).entries.first().puzzle  # type: ignore[union-attr]
    services.attempt_record(
        learner=Learner(user, ""), puzzle_id=puzzle.pk, token=uuid.uuid4(), response=wrong_response(puzzle)
    )
    assert ReviewItem.objects.get(user=user).due == TUESDAY  # UTC would have said Wednesday


def test_a_review_is_due_by_the_learners_date(evening) -> None:
    user = UserFactory(time_zone="Asia/Tokyo")  # 10:30 on Tuesday in Tokyo
    puzzle = making.daily_set_build(day=MONDAY).entries.first().puzzle  # type: ignore[union-attr]
    ReviewItem.objects.create(user=user, puzzle=puzzle, due=TUESDAY)
    assert selectors.puzzle_next(puzzle.kind, Learner(user, "")) == (puzzle, True)
    user.time_zone = "America/New_York"  # still Monday there
    assert selectors.puzzle_next(puzzle.kind, Learner(user, ""))[1] is False


def test_the_refill_builds_the_sets_of_every_date_on_earth() -> None:
    making.puzzle_pools_refill(day=TUESDAY, target=0, batch_max=1, begun_before=timezone.now(), max_starts=3)
    assert set(DailySet.objects.values_list("day", flat=True)) == {
        MONDAY,
        TUESDAY,
        TUESDAY + datetime.timedelta(days=1),
    }


def test_drills_never_serve_a_daily_puzzle(client) -> None:
    """A repeat: a puzzle of today's five that the learner met in a drill first. Drills leave
    every daily set's puzzles alone, so however many drills come first, none is met again."""
    daily = making.daily_set_build(day=timezone.localdate())
    today = {entry.puzzle_id for entry in daily.entries.all()}
    client.force_login(UserFactory())
    for kind in {entry.puzzle.kind for entry in daily.entries.all()}:
        for _ in range(12):
            page = client.get(reverse("practice:drill", args=[kind]))
            puzzle = page.context["puzzle"]
            assert puzzle.pk not in today
            client.post(
                reverse("practice:answer", args=[puzzle.pk]),
                {"token": page.context["token"], **right_response(puzzle)},
            )


def test_a_daily_set_takes_no_puzzle_anyone_has_met(client) -> None:
    """The set is generated for its day; a puzzle it would make that is stored already (met in a
    drill, or in another day's set) is passed over for a fresh one."""
    day = datetime.date(2026, 12, 1)
    kind = drills.DAILY_KINDS[day.toordinal() % len(drills.DAILY_KINDS)]
    made = drills.generate(kind, seed=day.toordinal() * 10, band=making.DAILY_BAND)
    seen = Puzzle.objects.create(
        kind=kind,
        band=made.band,
        question=made.question,
        answer=made.answer,
        engine_version="test",
        seed=made.seed,
        content_hash=made.content_hash(),
    )
    learner = UserFactory()
    AttemptFactory(user=learner, puzzle=seen)
    daily = making.daily_set_build(day=day)
    puzzles = [entry.puzzle for entry in daily.entries.all()]
    assert puzzles[0].kind == kind and seen not in puzzles
    assert len({p.content_hash for p in puzzles}) == 5


def test_the_end_screen_gives_the_score_and_which_were_right(client) -> None:
    client.force_login(UserFactory())
    marks = [True, False, True, True, False]
    for right in marks:
        _answer_daily(client, right_response if right else wrong_response)
    page = client.get(reverse("practice:daily"))
    html = page.content.decode()
    assert page.context["finished"] and page.context["score"] == 3
    assert "All five done for today: 3 of 5 right." in html
    assert [entry.correct for entry in page.context["progress"]] == marks
    assert html.count('<li class="right">') == 3 and html.count('<li class="wrong">') == 2
    assert "comes back tomorrow" in html
