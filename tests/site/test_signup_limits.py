"""Sign-up limits: 10 an hour per address in general, but a sign-up on its way to an open class's
join link counts in a bucket for that class and address, sized for the class, so a whole class
behind one school router can sign up."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from cfmj.classes import services as class_services
from cfmj.classes.models import Membership
from tests.accounts.factories import UserFactory

URL = reverse("accounts:signup")
PASSWORD = "quiet-bamboo-garden-17"
SMALL = {"ip": 2, "ip_scoped": 9, "class_min": 4, "class_per_student": 2, "window": 3600}


def _sign_up(client: Client, name: str, next_: str = "", ip: str = "10.1.0.1") -> int:
    data = {"username": name, "role": "learner", "password1": PASSWORD, "password2": PASSWORD}
    if next_:
        data["next"] = next_
    return client.post(URL, data, REMOTE_ADDR=ip).status_code


def _class(students: int = 0, **changes: object):
    teacher = UserFactory(role="teacher")
    classroom = class_services.classroom_create(teacher=teacher, name="Hall")
    for _ in range(students):
        class_services.classroom_join(user=UserFactory(), code=classroom.code)
    # In the class since before this hour (who joins within it does not grow the bucket).
    earlier = timezone.now() - datetime.timedelta(hours=2)
    Membership.objects.filter(classroom=classroom).update(joined_at=earlier)
    for field, value in changes.items():
        setattr(classroom, field, value)
    classroom.save()
    return classroom


def _link(classroom) -> str:
    return reverse("classes:join_code", args=[classroom.code])


@pytest.fixture
def small(settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "signup": SMALL}


def test_a_whole_class_behind_one_router_can_sign_up_by_its_join_link(db, django_user_model):
    # Before a class's join link had a limit of its own, the 11th sign-up from a school's address was
    # refused. With the default limits, 30 students (and a few retries) sign up through their class's
    # link from one address.
    link = _link(_class())
    codes = [_sign_up(Client(), f"pupil{n}", link) for n in range(36)]
    assert codes == [302] * 36
    assert django_user_model.objects.filter(username__startswith="pupil").count() == 36


def test_other_sign_ups_keep_the_plain_limit(db, small):
    assert [_sign_up(Client(), f"p{n}") for n in range(3)] == [302, 302, 429]


def test_the_class_bucket_grows_with_the_class(db, small):
    small_class, big_class = _class(students=0), _class(students=3)  # limits 4 and 6
    assert [_sign_up(Client(), f"s{n}", _link(small_class)) for n in range(5)] == [302] * 4 + [429]
    assert [_sign_up(Client(), f"b{n}", _link(big_class), ip="10.1.0.9") for n in range(7)] == [302] * 6 + [
        429
    ]


def test_sign_ups_that_join_do_not_grow_their_own_bucket(db, small, django_user_model):
    # A sign-up through a join link joins the class: those new students do not make room for more.
    classroom = _class()
    assert [_sign_up(Client(), f"j{n}", _link(classroom)) for n in range(6)] == [302] * 4 + [429] * 2
    assert Membership.objects.filter(classroom=classroom, role="student").count() == 4


def test_the_class_bucket_is_per_address(db, small):
    link = _link(_class())
    assert [_sign_up(Client(), f"s{n}", link) for n in range(5)][-1] == 429
    assert _sign_up(Client(), "elsewhere", link, ip="10.1.0.2") == 302


def test_every_join_link_sign_up_from_an_address_has_a_ceiling(db, small):
    # A teacher with many classes cannot turn them into unlimited sign-ups from one address.
    links = [_link(_class()) for _ in range(3)]
    codes = [_sign_up(Client(), f"c{n}", links[n % 3]) for n in range(10)]
    assert codes == [302] * 9 + [429]


@pytest.mark.parametrize("changes", [{"joining_open": False}, {"archived_at": "2026-01-01T00:00:00Z"}])
def test_a_closed_or_archived_class_gives_no_bucket_of_its_own(db, small, changes):
    link = _link(_class(**changes))
    assert [_sign_up(Client(), f"s{n}", link) for n in range(3)] == [302, 302, 429]


@pytest.mark.parametrize(
    "target",
    [
        "/classes/join/NOPE23/",
        "//evil.example/classes/join/{code}/",
        "https://evil.example/classes/join/{code}/",
        "/classes/join/",
    ],
)
def test_anything_but_an_open_class_link_counts_as_a_plain_sign_up(db, small, target):
    target = target.format(code=_class().code)
    assert [_sign_up(Client(), f"s{n}", target) for n in range(3)] == [302, 302, 429]


def test_the_link_may_carry_a_query_and_any_case(db, small):
    classroom = _class()
    link = reverse("classes:join_code", args=[classroom.code.lower()]) + "?from=poster"
    assert [_sign_up(Client(), f"s{n}", link) for n in range(5)] == [302] * 4 + [429]
