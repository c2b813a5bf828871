"""cfmj.core.days: the learner's date is the date where they are, not UTC's."""

from __future__ import annotations

import datetime

import pytest

from cfmj.accounts.learners import Learner
from cfmj.core.days import DEFAULT_ZONE, date_in, today_in, zone_checked, zone_names
from tests.accounts.factories import UserFactory

UTC = datetime.UTC
# 20:30 in New York on Monday 23 November; already Tuesday in UTC, London and Tokyo.
EVENING_IN_NEW_YORK = datetime.datetime(2026, 11, 24, 1, 30, tzinfo=UTC)


@pytest.mark.parametrize(
    ("zone", "date"),
    [
        ("UTC", datetime.date(2026, 11, 24)),
        ("America/New_York", datetime.date(2026, 11, 23)),
        ("America/Los_Angeles", datetime.date(2026, 11, 23)),
        ("Europe/London", datetime.date(2026, 11, 24)),
        ("Asia/Tokyo", datetime.date(2026, 11, 24)),
        ("Pacific/Kiritimati", datetime.date(2026, 11, 24)),
    ],
)
def test_it_gives_the_date_where_the_learner_is(zone: str, date: datetime.date) -> None:
    assert today_in(zone, now=EVENING_IN_NEW_YORK) == date


def test_the_furthest_east_is_a_day_ahead_of_utc_by_midday() -> None:
    noon = datetime.datetime(2026, 11, 24, 12, 0, tzinfo=UTC)
    assert today_in("Pacific/Kiritimati", now=noon) == datetime.date(2026, 11, 25)
    assert today_in("Pacific/Pago_Pago", now=noon) == datetime.date(2026, 11, 24)
    assert date_in("Pacific/Pago_Pago", datetime.datetime(2026, 11, 24, 5, tzinfo=UTC)) == datetime.date(
        2026, 11, 23
    )


@pytest.mark.parametrize(
    "name", ["Mars/Olympus", "", "  ", "../../etc/passwd", "posix/UTC", "Factory", "utc "]
)
def test_it_refuses_a_name_that_is_not_a_zone(name: str) -> None:
    assert zone_checked(name) is None
    assert today_in(name, now=EVENING_IN_NEW_YORK) == datetime.date(2026, 11, 24)  # UTC's date


def test_it_lists_the_zones_to_choose_from_sorted() -> None:
    names = zone_names()
    assert list(names) == sorted(names) and len(names) > 300
    assert {"UTC", "America/New_York", "Europe/London", "Australia/Sydney"} <= set(names)
    assert zone_checked(" Europe/London ") == "Europe/London"


@pytest.mark.django_db
def test_a_learner_counts_days_in_their_own_zone() -> None:
    account = Learner(UserFactory(time_zone="America/Chicago"), "")
    visitor = Learner(None, "v-1", "Asia/Tokyo")
    nobody = Learner(None, "v-2")
    stale = Learner(UserFactory(time_zone="Gone/Away"), "")
    assert account.zone == "America/Chicago" and account.today(now=EVENING_IN_NEW_YORK).day == 23
    assert visitor.zone == "Asia/Tokyo" and visitor.today(now=EVENING_IN_NEW_YORK).day == 24
    assert nobody.zone == stale.zone == DEFAULT_ZONE
