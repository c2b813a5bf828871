"""No hand, tile, answer or code a visitor can type makes a page fail (status 500), and whatever
is typed comes back escaped. Random text includes unicode, control characters and very long
strings; hostile markup is mixed in on purpose."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.http import QueryDict
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cfmj.engine import drills
from lessons.models import Lesson
from practice.answering import ALL_FIELDS, response_from_form
from tests.classes.session_helpers import Room
from tests.practice.factories import PuzzleFactory

pytestmark = pytest.mark.django_db
FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
HOSTILE = st.sampled_from(
    [
        "<script>alert(1)</script>",
        '"><script>x</script>',
        "<img src=x onerror=alert(1)>",
        "'; DROP TABLE x; --",
        "%00",
        "\u202e",
        "\ufeff",
        "５D",
        "𝟘",
        "RD RD",
        "J",
    ]
)
# Django's forms refuse NUL themselves; elsewhere it is left in to check the views cope.
TEXT = st.one_of(
    st.text(max_size=80),
    HOSTILE,
    st.text(max_size=5).map(lambda s: s * 20_000),  # up to 100k characters
    st.text(alphabet=st.characters(max_codepoint=0x1F), max_size=40),
)
NO_NUL = TEXT.map(lambda s: s.replace("\x00", ""))
FIELDS = st.dictionaries(
    st.sampled_from([*ALL_FIELDS, "pick", "take", "token", "daily", "review", "next"]), TEXT, max_size=8
)
OWN_SCRIPTS = re.compile(rb"<script (src|defer|nonce)")


@pytest.fixture(autouse=True)
def _no_limits_and_fast_passwords(settings: Any) -> None:
    big = {"ip": 10**9, "user": 10**9, "ip_username": 10**9, "window": 60}
    settings.RATE_LIMITS = {"answer": big, "join": big, "login": big, "signup": big}
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _safe(response: Any) -> None:
    assert response.status_code < 500
    body = OWN_SCRIPTS.sub(b"", response.content)
    assert b"<script" not in body
    assert b"<img src=x" not in body


@FUZZ
@given(hand=NO_NUL, base=NO_NUL, level=NO_NUL, house=st.lists(NO_NUL, max_size=4), htmx=st.booleans())
def test_check_hand_query(hand: str, base: str, level: str, house: list[str], htmx: bool) -> None:
    headers: dict[str, Any] = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    _safe(
        Client().get(
            "/check/", {"hand": hand, "base": base, "skill_level": level, "house_rules": house}, **headers
        )
    )


@pytest.fixture
def puzzles() -> dict[str, Any]:
    return {kind: PuzzleFactory(kind=kind) for kind in drills.KINDS}


@FUZZ
@given(kind=st.sampled_from(drills.KINDS), fields=FIELDS, htmx=st.booleans())
def test_practice_answer_fields(
    puzzles: dict[str, Any], kind: str, fields: dict[str, str], htmx: bool
) -> None:
    headers: dict[str, Any] = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    _safe(Client().post(reverse("practice:answer", args=[puzzles[kind].pk]), fields, **headers))


SEEDS = st.one_of(TEXT, st.integers(0, 2**48 - 1).map(str), st.integers().map(str))


@FUZZ
@given(seed=SEEDS, fields=FIELDS, htmx=st.booleans())
def test_lesson_step_post(course: list[Lesson], seed: str, fields: dict[str, str], htmx: bool) -> None:
    step = course[0].steps.filter(check_kind__gt="").first() or course[0].steps.first()
    assert step is not None
    headers: dict[str, Any] = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    url = reverse("lessons:step", args=[course[0].slug, step.number])
    _safe(Client().post(url, {"seed": seed, **fields}, **headers))


@FUZZ
@given(seeds=st.lists(SEEDS, min_size=1, max_size=12), fields=FIELDS)
def test_lesson_quiz_post(course: list[Lesson], seeds: list[str], fields: dict[str, str]) -> None:
    data = {f"q{i}-seed": seed for i, seed in enumerate(seeds, 1)}
    data.update({f"q{i}-{name}": value for i in range(1, len(seeds) + 1) for name, value in fields.items()})
    _safe(Client().post(reverse("lessons:quiz", args=[course[0].slug]), data))


@FUZZ
@given(query=NO_NUL)
def test_rules_search(course: list[Lesson], query: str) -> None:
    _safe(Client().get(reverse("lessons:rules"), {"q": query}))


@pytest.fixture
def room() -> Room:
    return Room()


@FUZZ
@given(code=TEXT, in_url=NO_NUL)
def test_class_join_code(room: Room, code: str, in_url: str) -> None:
    client = Client()
    client.force_login(room.bob)
    _safe(client.post(reverse("classes:join"), {"code": code}))
    if in_url and "/" not in in_url:
        _safe(client.get(reverse("classes:join_code", args=[in_url[:200]])))


@FUZZ
@given(session=st.one_of(TEXT, st.just("")), fields=FIELDS, use_real=st.booleans(), htmx=st.booleans())
def test_class_session_answer(
    room: Room, session: str, fields: dict[str, str], use_real: bool, htmx: bool
) -> None:
    client = Client()
    client.force_login(room.ann)
    headers: dict[str, Any] = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    data = {**fields, "session": str(room.session.pk) if use_real else session}
    _safe(client.post(reverse("classes:session_student", args=[room.classroom.pk]), data, **headers))


@FUZZ
@given(username=TEXT, password=TEXT, email=TEXT, role=TEXT, nxt=TEXT)
def test_login_and_signup_fields(username: str, password: str, email: str, role: str, nxt: str) -> None:
    _safe(Client().post(reverse("accounts:login"), {"username": username, "password": password, "next": nxt}))
    _safe(
        Client().post(
            reverse("accounts:signup"),
            {
                "username": username,
                "email": email,
                "role": role,
                "password1": password,
                "password2": password,
                "next": nxt,
            },
        )
    )


def test_an_answer_keeps_no_nul_for_postgresql() -> None:
    data = QueryDict(mutable=True)
    data.update({"value": "5\x00D", "pick": "1C\x00"})
    fields = response_from_form(data)
    assert fields["value"] == "5D" and fields["pass"] == "1C"
