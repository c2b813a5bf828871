"""/classes/<pk>/edit/: changing the class's rules says which homework keeps its old table."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from cfmj.classes import services
from tests.classes.helpers import a_class, drill_homework, in_days

pytestmark = pytest.mark.django_db


def test_it_names_the_homework_set_under_the_old_rules(client, course) -> None:
    classroom = a_class()
    assert classroom.owner is not None
    drill = drill_homework(classroom, kind="winning_hand", count=2)
    services.assignment_create(
        classroom=classroom, teacher=classroom.owner, kind="lesson", lesson=course[0], due=in_days(3)
    )
    client.force_login(classroom.owner)
    url = reverse("classes:edit", args=[classroom.pk])
    assert "keeps the rules it was set with" in client.get(url).content.decode()
    response = client.post(
        url, {"name": classroom.name, "description": "", "house_rules": ["3"], "skill_level": "2"}
    )
    assert response.status_code == 302
    said = [str(m) for m in get_messages(response.wsgi_request)]
    assert any(m.startswith(drill.title) and "the standard rules" in m for m in said)
    assert not any("Lesson" in m for m in said)


def test_the_homework_page_names_the_rules_its_puzzles_keep(client, course) -> None:
    classroom = a_class()
    assert classroom.owner is not None
    work = drill_homework(classroom, count=2)
    client.force_login(classroom.owner)
    html = client.get(reverse("classes:assignment", args=[classroom.pk, work.pk])).content.decode()
    assert "played with the rules it was set with: the standard rules" in html
