"""practice:answer with a homework's token kept across the student's removal from the class: the
answer is marked for them (they see how they did) but not kept, so it counts for nothing in the
class, not even once a teacher adds them back; it says so in words and leads to ordinary practice.
A student still in the class is unchanged."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.classes import selectors, services
from practice.models import Attempt
from tests.classes.helpers import a_class, in_days, person
from tests.engine.drills.helpers import right_response
from tests.practice.factories import PuzzleFactory

pytestmark = pytest.mark.django_db
CLOSED = "You are no longer in the class that set this homework, so this answer counts for nothing there"


@pytest.fixture
def served(client: Client) -> dict[str, Any]:
    """Sam's drill homework page, open with its puzzle and token."""
    sam = person("sam")
    classroom = a_class(None, sam)
    assert classroom.owner is not None
    PuzzleFactory.create_batch(3, kind="worth", band=1)
    homework = services.assignment_create(
        classroom=classroom,
        teacher=classroom.owner,
        kind="drills",
        drill_kind="worth",
        count=1,
        band=1,
        due=in_days(3),
    )
    client.force_login(sam)
    page = client.get(reverse("classes:assignment", args=[classroom.pk, homework.pk]))
    puzzle = page.context["puzzle"]
    form = {"token": str(page.context["token"]), **right_response(puzzle)}
    return {"sam": sam, "classroom": classroom, "homework": homework, "puzzle": puzzle, "form": form}


def _answer(client: Client, served: dict[str, Any]) -> Any:
    return client.post(reverse("practice:answer", args=[served["puzzle"].pk]), served["form"])


def test_it_marks_a_removed_students_answer_but_keeps_and_counts_nothing(client: Client, served) -> None:
    services.student_remove(classroom=served["classroom"], student=served["sam"])
    response = _answer(client, served)
    html = response.content.decode()
    assert response.status_code == 200 and CLOSED in html
    assert response.context["graded"].correct  # marked: they see how they did
    assignment = reverse("classes:assignment", args=[served["classroom"].pk, served["homework"].pk])
    assert assignment not in html  # the way on is ordinary practice, not a page closed to them
    assert reverse("practice:drill", args=["worth"]) in html
    assert not Attempt.objects.filter(user=served["sam"]).exists()
    services.student_readd(classroom=served["classroom"], student=served["sam"])
    status = selectors.statuses(served["homework"], [served["sam"]])[served["sam"].pk]
    assert not status.done and status.answered == 0


def test_it_counts_the_same_answer_from_a_student_still_in_the_class(client: Client, served) -> None:
    response = _answer(client, served)
    assert response.status_code == 200 and CLOSED not in response.content.decode()
    assert Attempt.objects.filter(user=served["sam"]).count() == 1
    assert selectors.statuses(served["homework"], [served["sam"]])[served["sam"].pk].done


def test_it_keeps_nothing_for_a_student_who_left_of_their_own_accord(client: Client, served) -> None:
    services.membership_end(classroom=served["classroom"], user=served["sam"])
    response = _answer(client, served)
    assert response.status_code == 200 and CLOSED in response.content.decode()
    assert not Attempt.objects.filter(user=served["sam"]).exists()
