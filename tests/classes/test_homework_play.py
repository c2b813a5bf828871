"""/classes/<pk>/homework/new/play/ and its edit page: a teacher sets "play N hands" homework; only
the class's teachers may, and a bad number or mode is said on the form."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from cfmj.classes import services
from cfmj.classes.models import Assignment
from cfmj.classes.services import MAX_HANDS, ClassError
from tests.classes.helpers import a_class, coteacher, in_days, person

pytestmark = pytest.mark.django_db


def _url(pk: int) -> str:
    return reverse("classes:assignment_create_kind", args=[pk, "play"])


def _posted(**data: str) -> dict[str, str]:
    return {"count": "3", "play_mode": "test", "due": in_days(5).isoformat(), **data}


def test_the_kind_is_offered_with_what_it_is(client) -> None:
    classroom = a_class()
    client.force_login(classroom.owner)
    response = client.get(reverse("classes:assignment_create", args=[classroom.pk]))
    assert response.status_code == 200 and _url(classroom.pk) in response.content.decode()
    assert "Hands to play" in response.content.decode()


def test_a_teacher_sets_hands_to_play_at_the_classs_table(client) -> None:
    classroom = a_class()
    services.classroom_update(
        classroom=classroom, name="Tue", description="", house_rules=[3, 1], skill_level=2
    )
    client.force_login(classroom.owner)
    form = client.get(_url(classroom.pk)).context["form"]
    assert set(form.fields) == {"name", "due", "count", "play_mode"}
    response = client.post(_url(classroom.pk), _posted())
    assert response.status_code == 302 and response.url == reverse("classes:detail", args=[classroom.pk])
    work = Assignment.objects.get()
    assert (work.kind, work.count, work.play_mode, work.table) == ("play", 3, "test", "h13-l2")
    assert work.title == "Play 3 hands in test mode" and work.created_by == classroom.owner


def test_a_coteacher_may_set_it(client) -> None:
    classroom = a_class()
    client.force_login(coteacher(classroom, "cora"))
    assert client.post(_url(classroom.pk), _posted(play_mode="practice")).status_code == 302
    assert Assignment.objects.get().title == "Play 3 hands in practice mode"


@pytest.mark.parametrize(
    ("data", "errors"),
    [
        ({"count": "0"}, {"count": ["Ensure this value is greater than or equal to 1."]}),
        (
            {"count": str(MAX_HANDS + 1)},
            {"count": [f"Ensure this value is less than or equal to {MAX_HANDS}."]},
        ),
        ({"count": "five"}, {"count": ["Enter a whole number."]}),
        ({"count": ""}, {"count": ["Say how many hands."]}),
        ({"play_mode": ""}, {"play_mode": ["Choose which hands count: practice or test."]}),
        (
            {"play_mode": "cheat"},
            {"play_mode": ["Select a valid choice. cheat is not one of the available choices."]},
        ),
    ],
)
def test_it_says_what_is_wrong_and_sets_nothing(client, data: dict[str, str], errors: dict[str, Any]) -> None:
    classroom = a_class()
    client.force_login(classroom.owner)
    response = client.post(_url(classroom.pk), _posted(**data))
    assert response.status_code == 200 and response.context["form"].errors == errors
    assert not Assignment.objects.exists()


@pytest.mark.parametrize("who", ["other teacher", "student", "outsider"])
def test_it_is_404_for_anyone_not_teaching_the_class(client, who: str) -> None:
    sam = person("sam")
    classroom = a_class(None, sam)
    people = {"other teacher": person("otto", "teacher"), "student": sam, "outsider": person("olga")}
    client.force_login(people[who])
    assert client.get(_url(classroom.pk)).status_code == 404
    assert client.post(_url(classroom.pk), _posted()).status_code == 404
    assert not Assignment.objects.exists()


def test_a_forged_class_id_is_404(client) -> None:
    classroom = a_class()
    mine = a_class(person("tom", "teacher"), name="Tom's class")
    client.force_login(mine.owner)
    assert client.post(_url(classroom.pk), _posted()).status_code == 404
    assert client.post(_url(classroom.pk + 100), _posted()).status_code == 404
    assert not Assignment.objects.exists()


def test_the_service_refuses_a_bad_number_or_mode() -> None:
    classroom = a_class()
    assert classroom.owner is not None
    for count, mode in [(0, "test"), (MAX_HANDS + 1, "test"), (3, ""), (3, "cheat")]:
        with pytest.raises(ClassError):
            services.assignment_create(
                classroom=classroom,
                teacher=classroom.owner,
                kind="play",
                due=in_days(2),
                count=count,
                play_mode=mode,
            )
    assert not Assignment.objects.exists()


def test_a_teacher_changes_the_number_and_mode_and_the_table_stays(client) -> None:
    classroom = a_class()
    assert classroom.owner is not None
    work = services.assignment_create(
        classroom=classroom, teacher=classroom.owner, kind="play", due=in_days(2), count=3, play_mode="test"
    )
    services.classroom_update(classroom=classroom, name="Tue", description="", house_rules=[2], skill_level=0)
    client.force_login(classroom.owner)
    url = reverse("classes:assignment_edit", args=[classroom.pk, work.pk])
    assert set(client.get(url).context["form"].fields) == {"name", "due", "count", "play_mode"}
    bad = client.post(url, {"count": "99", "play_mode": "practice", "due": in_days(3).isoformat()})
    assert bad.status_code == 200 and "count" in bad.context["form"].errors
    response = client.post(url, {"count": "5", "play_mode": "practice", "due": in_days(3).isoformat()})
    assert response.status_code == 302
    work.refresh_from_db()
    assert (work.count, work.play_mode, work.table) == (5, "practice", "")
    page = client.get(reverse("classes:assignment", args=[classroom.pk, work.pk])).content.decode()
    assert "A hand counts when finished in practice mode" in page and "no house rules" in page


def test_it_is_duplicated_with_its_mode_and_table() -> None:
    from cfmj.classes import homework

    classroom = a_class()
    assert classroom.owner is not None
    services.classroom_update(classroom=classroom, name="Tue", description="", house_rules=[1], skill_level=0)
    classroom.refresh_from_db()
    work = services.assignment_create(
        classroom=classroom, teacher=classroom.owner, kind="play", due=in_days(2), count=2, play_mode="test"
    )
    copy = homework.assignment_duplicate(assignment=work, teacher=classroom.owner, due=in_days(9))
    # house rule 1 (no second Charleston) is part of a table to play at, unlike a drill's
    assert (copy.kind, copy.count, copy.play_mode, copy.table) == ("play", 2, "test", "h1")
    services.classroom_update(classroom=classroom, name="Tue", description="", house_rules=[], skill_level=0)
    classroom.refresh_from_db()
    assert [w.pk for w, _ in homework.on_older_rules(classroom)] == [work.pk, copy.pk]
