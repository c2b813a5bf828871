"""/classes/<pk>/homework/new/ and new/<kind>/: the kind first, then a form with its fields only."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cfmj.classes import services
from cfmj.classes.models import Assignment
from tests.classes.helpers import a_class, in_days, person

pytestmark = pytest.mark.django_db


def test_it_offers_each_kind_with_words_on_what_it_is(client) -> None:
    classroom = a_class()
    client.force_login(classroom.owner)
    html = client.get(reverse("classes:assignment_create", args=[classroom.pk])).content.decode()
    for kind in ("lesson", "drills", "fixed"):
        assert reverse("classes:assignment_create_kind", args=[classroom.pk, kind]) in html
    assert "no two students get the same ones" in html and "the same puzzles, drawn once now" in html


@pytest.mark.parametrize(
    ("kind", "fields"),
    [
        ("lesson", {"name", "lesson", "due", "students"}),
        ("drills", {"name", "drill_kind", "count", "band", "due", "students"}),
        ("fixed", {"name", "drill_kind", "count", "band", "due", "students"}),
    ],
)
def test_each_kind_has_only_its_own_fields(client, kind: str, fields: set[str]) -> None:
    classroom = a_class(None, person("sam"))
    client.force_login(classroom.owner)
    response = client.get(reverse("classes:assignment_create_kind", args=[classroom.pk, kind]))
    assert response.status_code == 200 and set(response.context["form"].fields) == fields
    assert 'type="date"' in response.content.decode()


def test_a_class_without_students_has_no_student_choice(client) -> None:
    classroom = a_class()
    client.force_login(classroom.owner)
    response = client.get(reverse("classes:assignment_create_kind", args=[classroom.pk, "lesson"]))
    assert "students" not in response.context["form"].fields


def test_it_sets_homework_for_some_students(client, course) -> None:
    sam, sue = person("sam"), person("sue")
    classroom = a_class(None, sam, sue)
    client.force_login(classroom.owner)
    url = reverse("classes:assignment_create_kind", args=[classroom.pk, "lesson"])
    posted = {"lesson": str(course[0].pk), "due": in_days(2).isoformat(), "students": [str(sue.pk)]}
    assert client.post(url, posted).status_code == 302
    work = Assignment.objects.get()
    assert work.kind == "lesson" and list(work.students.all()) == [sue]


def test_an_unknown_kind_is_404(client) -> None:
    classroom = a_class()
    client.force_login(classroom.owner)
    assert (
        client.get(reverse("classes:assignment_create_kind", args=[classroom.pk, "essay"])).status_code == 404
    )


@pytest.mark.parametrize("viewer", ["other teacher", "student", "outsider"])
def test_it_is_404_for_anyone_not_teaching_the_class(client, viewer: str) -> None:
    sam = person("sam")
    classroom = a_class(None, sam)
    who = {"other teacher": person("otto", "teacher"), "student": sam, "outsider": person("olga")}[viewer]
    client.force_login(who)
    assert client.get(reverse("classes:assignment_create", args=[classroom.pk])).status_code == 404
    url = reverse("classes:assignment_create_kind", args=[classroom.pk, "drills"])
    assert (
        client.post(
            url, {"drill_kind": "worth", "count": "2", "band": "1", "due": in_days(1).isoformat()}
        ).status_code
        == 404
    )
    assert not Assignment.objects.exists()


def test_an_archived_class_says_so_before_the_form(client) -> None:
    classroom = a_class()
    services.classroom_archive(classroom=classroom)
    client.force_login(classroom.owner)
    response = client.get(reverse("classes:assignment_create", args=[classroom.pk]), follow=True)
    assert "archived" in response.content.decode() and response.redirect_chain
