"""A join link (classes:join_code) for someone not signed in: the class named, then sign-up or
log-in that name it too and end in the class."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode

from cfmj.classes import services
from cfmj.classes.models import Membership
from tests.accounts.recovery import landing
from tests.classes.helpers import a_class, person

pytestmark = pytest.mark.django_db
PASSWORD = "quiet-bamboo-garden-17"


@pytest.fixture(autouse=True)
def _fast_passwords(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def link(code: str) -> str:
    return reverse("classes:join_code", args=[code])


def with_next(name: str, target: str) -> str:
    return f"{reverse(name)}?{urlencode({'next': target})}"


def sign_up(client: Client, name: str, target: str) -> Any:
    data = {"username": name, "role": "learner", "password1": PASSWORD, "password2": PASSWORD, "next": target}
    return client.post(reverse("accounts:signup"), data)


def test_it_names_the_class_to_a_visitor_and_offers_sign_up_and_log_in(client) -> None:
    classroom = a_class()
    page = client.get(link(classroom.code.lower()))
    assert page.status_code == 200
    text = page.content.decode()
    assert "Join Tuesday beginners" in text
    assert with_next("accounts:signup", link(classroom.code.lower())) in text
    assert with_next("accounts:login", link(classroom.code.lower())) in text
    assert not Membership.objects.filter(role="student").exists()


def test_it_signs_a_newcomer_up_straight_into_the_class(client) -> None:
    classroom = a_class()
    form = client.get(with_next("accounts:signup", link(classroom.code)))
    assert b"Make an account to join Tuesday beginners" in form.content
    assert b"Sign up and join Tuesday beginners" in form.content
    response = sign_up(client, "newbie", link(classroom.code))
    welcome = client.get(response["Location"])  # the recovery code's page, shown once on the way
    assert b"Welcome, newbie: you are in Tuesday beginners." in welcome.content
    assert welcome.context["then"] == reverse("classes:detail", args=[classroom.pk])
    membership = Membership.objects.get(user__username="newbie")
    assert (membership.classroom, membership.role) == (classroom, "student")


def test_it_logs_a_student_in_straight_into_the_class(client) -> None:
    classroom = a_class()
    person("sam")
    form = client.get(with_next("accounts:login", link(classroom.code)))
    assert b"Log in to join Tuesday beginners" in form.content
    # the sign-up link on the log-in page keeps the join link
    assert b"/accounts/signup/?next=/classes/join/" + classroom.code.encode() in form.content
    response = client.post(
        reverse("accounts:login"),
        {"username": "sam", "password": "pw-tiles-123", "next": link(classroom.code)},
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("classes:detail", args=[classroom.pk])
    assert Membership.objects.filter(classroom=classroom, user__username="sam", role="student").exists()


def test_it_leaves_a_teacher_of_the_class_out_of_it_and_says_why(client) -> None:
    classroom = a_class()
    response = client.post(
        reverse("accounts:login"),
        {"username": "tess", "password": "pw-tiles-123", "next": link(classroom.code)},
        follow=True,
    )
    assert b"You teach Tuesday beginners" in response.content
    assert not Membership.objects.filter(classroom=classroom, role="student").exists()


def test_it_refuses_an_archived_class_at_every_step(client) -> None:
    classroom = a_class()
    services.classroom_archive(classroom=classroom)
    page = client.get(link(classroom.code))
    assert page.status_code == 200 and b"archived" in page.content
    assert b"make an account and join" not in page.content
    form = client.get(with_next("accounts:signup", link(classroom.code)))
    assert b"join Tuesday beginners" not in form.content
    response = sign_up(client, "late", link(classroom.code))
    then = landing(client, response)
    assert then == link(classroom.code)  # the join page says why
    assert not Membership.objects.filter(user__username="late").exists()
    assert b"has been archived" in client.get(then).content


def test_it_refuses_a_class_with_joining_closed(client) -> None:
    classroom = a_class()
    services.classroom_joining_set(classroom=classroom, open_=False)
    assert b"not taking new students" in client.get(link(classroom.code)).content
    sign_up(client, "late", link(classroom.code))
    assert not Membership.objects.filter(user__username="late").exists()


def test_it_says_a_wrong_code_is_no_class_with_a_404(client) -> None:
    page = client.get(link("NOPE22"))
    assert page.status_code == 404 and b"No class has that code" in page.content


def test_it_never_sends_anyone_off_the_site(client) -> None:
    person("sam")
    for target in ("https://evil.example/", "//evil.example/classes/join/ABC/", "/\\evil.example"):
        response = client.post(
            reverse("accounts:login"), {"username": "sam", "password": "pw-tiles-123", "next": target}
        )
        assert response.status_code == 302 and response["Location"] == "/", target
        client.logout()
    response = sign_up(client, "newbie", "https://evil.example/")
    assert landing(client, response) == "/"


def test_it_sends_someone_signed_in_on_from_the_log_in_page(client) -> None:
    classroom = a_class()
    client.force_login(person("sam"))
    response = client.get(with_next("accounts:login", link(classroom.code)))
    assert response.status_code == 302 and response["Location"] == link(classroom.code)
    loop = client.get(with_next("accounts:login", reverse("accounts:login")))
    assert loop.status_code == 302 and loop["Location"] == "/"  # no redirect loop, no 500


def test_it_asks_someone_signed_in_to_confirm_as_before(client) -> None:
    classroom = a_class()
    client.force_login(person("sam"))
    assert b"You are about to join" in client.get(link(classroom.code)).content
    assert not Membership.objects.filter(role="student").exists()


def test_it_keeps_a_student_a_teacher_removed_out(client) -> None:
    sam = person("sam")
    classroom = a_class(None, sam)
    services.student_remove(classroom=classroom, student=sam)
    client.post(
        reverse("accounts:login"),
        {"username": "sam", "password": "pw-tiles-123", "next": link(classroom.code)},
    )
    assert not Membership.objects.get(user=sam).active


def test_it_takes_a_typed_code_only_from_someone_signed_in(client) -> None:
    classroom = a_class()
    response = client.post(reverse("classes:join"), {"code": classroom.code})
    assert response.status_code == 302 and response["Location"].startswith(reverse("accounts:login"))
    assert client.get(reverse("classes:join"))["Location"].startswith(reverse("accounts:login"))
    assert not Membership.objects.filter(role="student").exists()


def test_it_counts_a_visitor_s_previews_against_the_join_limit(client, settings: Any) -> None:
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "join": {"ip": 2, "window": 3600}}
    codes = [client.get(link(f"NOPE{n}Z")).status_code for n in range(3)]
    assert codes == [404, 404, 429]


def test_it_is_not_fooled_by_an_old_membership_time(client) -> None:
    # a class whose students joined long ago still names itself to a newcomer
    classroom = a_class(None, person("old"))
    Membership.objects.update(joined_at=timezone.now() - datetime.timedelta(days=400))
    assert b"Join Tuesday beginners" in client.get(link(classroom.code)).content


def test_sign_up_and_log_in_pages_name_a_class_only_within_the_join_limit(client, settings: Any) -> None:
    # Else they would tell whether a code is a class's without the join page's limit.
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "join": {"ip": 3, "window": 3600}}
    classroom = a_class()
    pages = [
        client.get(with_next(name, link(classroom.code))).content
        for name in ("accounts:signup", "accounts:login", "accounts:signup", "accounts:login")
    ]
    assert [b"join Tuesday beginners" in page for page in pages] == [True, True, True, False]
    sign_up(client, "newbie", link(classroom.code))  # over the limit: not joined on the way
    assert not Membership.objects.filter(user__username="newbie").exists()


def test_its_sign_up_does_not_ask_learner_or_teacher(client) -> None:
    """Someone joining a class by its link is a learner: the sign-up it leads to asks nothing about
    it, and a role sent anyway is not taken."""
    classroom = a_class()
    page = client.get(with_next("accounts:signup", link(classroom.code))).content.decode()
    assert 'name="role"' not in page and "I am here as a" not in page and "Teacher" not in page
    data = {"username": "newbie", "role": "teacher", "password1": PASSWORD, "password2": PASSWORD}
    response = client.post(reverse("accounts:signup"), {**data, "next": link(classroom.code)})
    assert response.status_code == 302
    newbie = Membership.objects.get(user__username="newbie")
    assert (newbie.user.role, newbie.role, newbie.classroom_id) == ("learner", "student", classroom.pk)
    client.logout()
    plain = client.get(reverse("accounts:signup")).content.decode()  # sign-up of its own: asked
    assert 'type="radio" name="role" value="teacher"' in plain
