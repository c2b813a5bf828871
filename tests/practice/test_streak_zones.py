"""The daily streak follows real time: a change of time zone (across the date line, or a flight)
cannot make a day that has not begun where the last one was counted, and an honest traveller
who plays once a day keeps their streak."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from practice.models import Streak
from tests.accounts.factories import UserFactory
from tests.engine.drills.helpers import right_response

pytestmark = pytest.mark.django_db

UTC = datetime.UTC
SAMOA, LINE_ISLANDS = "Pacific/Pago_Pago", "Pacific/Kiritimati"  # UTC-11 and UTC+14, a day apart


class Clock:
    """timezone.now(), set by the test."""

    def __init__(self) -> None:
        self.now = datetime.datetime(2026, 11, 23, tzinfo=UTC)  # sessions outlive the test

    def at(self, *args: int) -> None:
        self.now = datetime.datetime(*args, tzinfo=UTC)  # type: ignore[misc,arg-type]


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    clock = Clock()
    monkeypatch.setattr(timezone, "now", lambda: clock.now)
    return clock


def _learner(client: Client, zone: str) -> Client:
    client.force_login(UserFactory(time_zone=zone))
    return client


def _move_to(client: Client, zone: str) -> None:
    assert client.post(reverse("accounts:time_zone"), {"time_zone": zone}).status_code == 302


def _finish_today(client: Client) -> datetime.date:
    """Answer the rest of the learner's daily set; the date it was for."""
    while True:
        page = client.get(reverse("practice:daily"))
        if page.context["finished"]:
            day: datetime.date = page.context["day"]
            return day
        puzzle = page.context["puzzle"]
        answered = client.post(
            reverse("practice:answer", args=[puzzle.pk]),
            {"token": page.context["token"], **right_response(puzzle)},
        )
        assert answered.status_code == 200


def _streak(client: Client) -> tuple[int, int]:
    streak = Streak.objects.get(user_id=client.session["_auth_user_id"])
    return streak.current, streak.best


def test_it_adds_no_day_for_crossing_the_date_line_after_todays_set(client: Client, clock: Clock) -> None:
    _learner(client, SAMOA)
    clock.at(2026, 11, 23, 21, 0)  # 10:00 on Monday the 23rd in Samoa
    assert _finish_today(client) == datetime.date(2026, 11, 23)
    clock.at(2026, 11, 24, 21, 0)
    assert _finish_today(client) == datetime.date(2026, 11, 24)
    assert _streak(client) == (2, 2)
    _move_to(client, LINE_ISLANDS)  # 11:00 on Wednesday the 25th there
    clock.at(2026, 11, 24, 21, 1)
    assert _finish_today(client) == datetime.date(2026, 11, 25)
    assert _streak(client) == (2, 2)  # the 25th has not begun in Samoa, where the 24th counted
    clock.at(2026, 11, 25, 21, 0)  # the next day on the Line Islands: the streak goes on
    assert _finish_today(client) == datetime.date(2026, 11, 26)
    assert _streak(client) == (3, 3)


def test_it_counts_one_day_for_three_dates_at_once(client: Client, clock: Clock) -> None:
    """At 10:30 UTC it is the 23rd at UTC-12, the 24th in London and the 25th on the Line Islands."""
    _learner(client, "Etc/GMT+12")
    clock.at(2026, 11, 24, 10, 30)
    days = [_finish_today(client)]
    for zone in ("Europe/London", LINE_ISLANDS):
        _move_to(client, zone)
        days.append(_finish_today(client))
    assert days == [datetime.date(2026, 11, day) for day in (23, 24, 25)]
    assert _streak(client) == (1, 1)


def test_it_counts_consecutive_days(client: Client, clock: Clock) -> None:
    _learner(client, "America/New_York")
    clock.at(2026, 11, 23, 13, 0)  # 08:00 on Monday in New York
    _finish_today(client)
    clock.at(2026, 11, 25, 4, 50)  # 23:50 on Tuesday
    _finish_today(client)
    clock.at(2026, 11, 25, 5, 10)  # 00:10 on Wednesday: twenty minutes on, but a new day
    _finish_today(client)
    assert _streak(client) == (3, 3)
    assert client.get(reverse("practice:daily")).context["streak"].current == 3


def test_a_missed_day_breaks_it(client: Client, clock: Clock) -> None:
    _learner(client, "America/New_York")
    for day in (23, 24):
        clock.at(2026, 11, day, 13, 0)
        _finish_today(client)
    clock.at(2026, 11, 26, 13, 0)  # nothing on the 25th
    _finish_today(client)
    assert _streak(client) == (1, 2)


def test_a_traveller_flying_east_keeps_the_streak(client: Client, clock: Clock) -> None:
    _learner(client, "America/New_York")
    clock.at(2026, 11, 24, 1, 0)  # 20:00 on Monday the 23rd in New York
    _finish_today(client)
    _move_to(client, "Asia/Tokyo")
    clock.at(2026, 11, 25, 0, 0)  # 09:00 on Wednesday the 25th in Tokyo: Tuesday in New York
    assert _finish_today(client) == datetime.date(2026, 11, 25)
    assert _streak(client) == (2, 2)
    clock.at(2026, 11, 26, 0, 0)
    _finish_today(client)
    assert _streak(client) == (3, 3)


def test_a_traveller_playing_on_landing_before_midnight_at_home_keeps_the_streak(
    client: Client, clock: Clock
) -> None:
    """Played in New York at 08:00, then in London at 03:00 (22:00 in New York, the same day
    there): that set adds no day, but the next day's does."""
    _learner(client, "America/New_York")
    clock.at(2026, 11, 23, 13, 0)
    _finish_today(client)
    _move_to(client, "Europe/London")
    clock.at(2026, 11, 24, 3, 0)
    assert _finish_today(client) == datetime.date(2026, 11, 24)
    assert _streak(client) == (1, 1)
    clock.at(2026, 11, 25, 8, 0)
    _finish_today(client)
    assert _streak(client) == (2, 2)


def test_a_traveller_flying_west_keeps_the_streak(client: Client, clock: Clock) -> None:
    _learner(client, "Asia/Tokyo")
    clock.at(2026, 11, 23, 11, 0)  # 20:00 on Monday the 23rd in Tokyo
    _finish_today(client)
    _move_to(client, "America/New_York")
    clock.at(2026, 11, 24, 1, 0)  # 20:00 on Monday in New York: that set is done already
    assert _finish_today(client) == datetime.date(2026, 11, 23)
    clock.at(2026, 11, 25, 1, 0)  # 20:00 on Tuesday in New York
    _finish_today(client)
    assert _streak(client) == (2, 2)
