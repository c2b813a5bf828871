"""Every class view × every role: visitor, learner, student of this class, student of another
class, teacher, co-teacher, other teacher. A teacher sees only their own classes; a student sees
their class and their own work; nobody else learns the class exists (404); visitors log in."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

import pytest
from django.test import Client
from django.urls import URLResolver, get_resolver, reverse

from cfmj.classes import services
from cfmj.classes.models import Assignment, Classroom, ClassSession
from tests.classes.helpers import coteacher
from tests.practice.factories import PuzzleFactory

pytestmark = pytest.mark.django_db

ROLES = ("visitor", "learner", "student", "other_student", "teacher", "coteacher", "other_teacher")
MEMBERS = {"student", "teacher", "coteacher"}
TEACHERS = {"teacher", "coteacher"}


@dataclass(frozen=True)
class Case:
    method: str
    allowed: set[str]  # roles that get `ok`; the signed-in rest get 404, visitors a login redirect
    ok: tuple[int, ...] = (200,)
    data: dict[str, str] | None = None


# Checked in this order, which keeps the class usable until the end (archive, then leave).
CASES: dict[str, Case] = {
    "index": Case("GET", set(ROLES) - {"visitor"}),
    "create": Case("GET", set(ROLES) - {"visitor"}, (200, 302)),
    "join": Case("GET", set(ROLES) - {"visitor"}),
    "join_code": Case("GET", set(ROLES) - {"visitor"}),
    "detail": Case("GET", MEMBERS),
    "edit": Case("GET", TEACHERS),
    "student_add": Case("POST", TEACHERS, (302,), {"username": "", "password": ""}),
    "student_password": Case("POST", TEACHERS, (302,), {"password": "short"}),
    "coteacher_add": Case("POST", TEACHERS, (302,), {"username": "nobody-here"}),
    "assignment_create": Case("GET", TEACHERS),
    "assignment": Case("GET", MEMBERS, (200, 302)),
    "export_csv": Case("GET", TEACHERS),
    "session_student": Case("GET", MEMBERS),
    "session_screen": Case("GET", TEACHERS),
    "session_tally": Case("GET", TEACHERS),
    "session_reveal": Case("POST", TEACHERS, (200, 302)),
    "session_close": Case("POST", TEACHERS, (200, 302)),
    "session_start": Case("POST", TEACHERS, (200, 302), {"kind": "worth", "band": "1"}),
    "student_remove": Case("POST", TEACHERS, (302,)),
    "archive": Case("POST", TEACHERS, (302,)),
    "leave": Case("POST", MEMBERS, (302,)),  # a student leaves; a teacher steps down (a co-teacher stays)
}


def _class_url_names() -> set[str]:
    resolver = next(
        p for p in get_resolver().url_patterns if isinstance(p, URLResolver) and p.namespace == "classes"
    )
    return {p.name for p in resolver.url_patterns if p.name}


def test_it_covers_every_class_view() -> None:
    assert _class_url_names() == set(CASES)


@pytest.fixture
def world(django_user_model: Any, course: Any) -> dict[str, Any]:
    def user(name: str, role: str = "learner") -> Any:
        return django_user_model.objects.create_user(name, password="pw-tiles-123", role=role)

    people = {
        "learner": user("lee"),
        "student": user("sam"),
        "other_student": user("ola"),
        "teacher": user("tess", "teacher"),
        "coteacher": user("cory", "teacher"),
        "other_teacher": user("otto", "teacher"),
    }
    mine = services.classroom_create(teacher=people["teacher"], name="Tuesday beginners")
    theirs = services.classroom_create(teacher=people["other_teacher"], name="Library hall")
    coteacher(mine, "cory")
    services.classroom_join(user=people["student"], code=mine.code)
    services.classroom_join(user=people["other_student"], code=theirs.code)
    homework = services.assignment_create(
        classroom=mine,
        teacher=people["teacher"],
        kind="drills",
        drill_kind="worth",
        count=2,
        band=1,
        due=datetime.date.today() + datetime.timedelta(days=3),
    )
    session = ClassSession.objects.create(
        classroom=mine, puzzle=PuzzleFactory(kind="worth", band=1), started_by=people["teacher"]
    )
    return {"people": people, "class": mine, "homework": homework, "session": session}


def _url(
    name: str, classroom: Classroom, homework: Assignment, session: ClassSession, student_id: int
) -> str:
    kwargs: dict[str, Any] = {}
    if name == "join_code":
        kwargs = {"code": classroom.code}
    elif name not in ("index", "create", "join"):
        kwargs = {"pk": classroom.pk}
    if name in ("student_password", "student_remove"):
        kwargs["user_id"] = student_id
    if name == "assignment":
        kwargs["assignment_id"] = homework.pk
    if name in ("session_screen", "session_tally", "session_reveal", "session_close"):
        kwargs["sid"] = session.pk
    return reverse(f"classes:{name}", kwargs=kwargs)


@pytest.mark.parametrize("role", ROLES)
def test_it_gives_each_role_the_right_answer_on_every_class_view(world: dict[str, Any], role: str) -> None:
    people, classroom = world["people"], world["class"]
    student_id = people["student"].pk
    for name, case in CASES.items():
        client = Client()
        if role != "visitor":
            client.force_login(people[role])
        url = _url(name, classroom, world["homework"], world["session"], student_id)
        response = client.post(url, case.data or {}) if case.method == "POST" else client.get(url)
        if role == "visitor":
            assert response.status_code == 302 and "/accounts/login/" in response["Location"], (name, role)
        elif role in case.allowed:
            assert response.status_code in case.ok, (name, role, response.status_code)
        else:
            assert response.status_code == 404, (name, role, response.status_code)
