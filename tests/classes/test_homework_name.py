"""Homework may be given a name ("Week 3: winds"), shown instead of the title the site makes from
what it is ("10 × Winning hand? (difficulty 1)"): on the class page, the student's, the homework's
own (which says what it is under the name) and the gradebook. The name is optional; it is set
with the homework, changed or cleared with Change, and offered again to a copy."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cfmj.classes import gradebook, homework, services
from cfmj.classes.models import Assignment
from tests.classes.helpers import a_class, drill_homework, in_days, person

pytestmark = pytest.mark.django_db


def _create(client, classroom, **extra: str):
    data = {"drill_kind": "worth", "count": "3", "band": "1", "due": in_days(3).isoformat(), **extra}
    return client.post(reverse("classes:assignment_create_kind", args=[classroom.pk, "drills"]), data)


def test_it_sets_homework_with_a_name_shown_instead_of_the_title(client) -> None:
    sam = person("sam")
    classroom = a_class(None, sam)
    client.force_login(classroom.owner)
    response = _create(client, classroom, name="  Week 3:   scoring  ")
    assert response.status_code == 302
    work = Assignment.objects.get()
    made = work.homework_kind.title(work)
    assert work.name == "Week 3: scoring" and work.title == "Week 3: scoring" and work.described == made
    page = client.get(reverse("classes:detail", args=[classroom.pk])).content.decode()
    assert "Week 3: scoring" in page
    own = client.get(reverse("classes:assignment", args=[classroom.pk, work.pk])).content.decode()
    assert "<h1>Week 3: scoring</h1>" in own and made in own  # what it is, under its name
    client.force_login(sam)
    assert "Week 3: scoring" in client.get(reverse("classes:detail", args=[classroom.pk])).content.decode()
    mine = client.get(reverse("classes:assignment", args=[classroom.pk, work.pk])).content.decode()
    assert "<h1>Week 3: scoring</h1>" in mine and made in mine
    assert gradebook.homework_headings(work)[0] == f"Week 3: scoring, due {work.due.isoformat()}: progress"


def test_the_name_is_optional(client) -> None:
    classroom = a_class()
    client.force_login(classroom.owner)
    form = client.get(reverse("classes:assignment_create_kind", args=[classroom.pk, "drills"])).content
    assert b'name="name"' in form and b"Name (optional)" in form
    assert _create(client, classroom).status_code == 302
    work = Assignment.objects.get()
    assert work.name == "" and work.title == work.described == work.homework_kind.title(work)


def test_a_name_with_hidden_characters_or_too_long_is_refused(client) -> None:
    classroom = a_class()
    client.force_login(classroom.owner)
    for name, said in (("Week\u202e3", "hidden characters"), ("x" * 81, "at most 80 characters")):
        response = _create(client, classroom, name=name)
        assert response.status_code == 200 and said in response.content.decode()
    assert not Assignment.objects.exists()
    assert classroom.owner is not None
    with pytest.raises(services.ClassError):
        services.assignment_create(
            classroom=classroom,
            teacher=classroom.owner,
            kind="drills",
            due=in_days(3),
            drill_kind="worth",
            count=3,
            band=1,
            name="Week\u202e3",
        )
    assert not Assignment.objects.exists()


def test_change_renames_or_clears_it(client) -> None:
    classroom = a_class()
    work = drill_homework(classroom)
    client.force_login(classroom.owner)
    url = reverse("classes:assignment_edit", args=[classroom.pk, work.pk])
    data = {"due": work.due.isoformat(), "count": "1", "band": "1"}
    assert client.post(url, {**data, "name": "Before the tournament"}).status_code == 302
    work.refresh_from_db()
    assert work.title == "Before the tournament"
    assert 'value="Before the tournament"' in client.get(url).content.decode()
    assert client.post(url, {**data, "name": ""}).status_code == 302
    work.refresh_from_db()
    assert work.name == "" and work.title == work.described


def test_a_copy_is_offered_the_name_and_keeps_what_it_is_given(client) -> None:
    classroom = a_class()
    work = drill_homework(classroom)
    homework.assignment_update(assignment=work, due=work.due, name="Week 3")
    client.force_login(classroom.owner)
    url = reverse("classes:assignment_copy", args=[classroom.pk, work.pk])
    assert 'value="Week 3"' in client.get(url).content.decode()
    assert client.post(url, {"due": in_days(10).isoformat(), "name": "Week 4"}).status_code == 302
    copy = Assignment.objects.exclude(pk=work.pk).get()
    assert copy.name == "Week 4" and copy.described == work.described
