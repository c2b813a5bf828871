"""Homework's due day ends at the student's midnight, and a teacher may set it due on their own
today (before, the day turned at midnight UTC, 7-8 pm in the eastern US)."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from cfmj.classes import services
from cfmj.classes.homework_forms import HomeworkForm
from cfmj.classes.selectors import Status, statuses
from lessons.models import LessonProgress
from tests.classes.helpers import a_class, person

pytestmark = pytest.mark.django_db

UTC = datetime.UTC
EVENING_IN_NEW_YORK = datetime.datetime(2026, 11, 24, 1, 30, tzinfo=UTC)  # 20:30 on Monday the 23rd
MONDAY = datetime.date(2026, 11, 23)


def _status(zone: str) -> Status:
    return Status(True, 1, 1, 1.0, EVENING_IN_NEW_YORK, MONDAY, zone)


def test_work_finished_on_the_due_evening_is_on_time_where_the_student_is() -> None:
    assert not _status("America/New_York").late
    assert _status("").late and _status("Europe/London").late  # already Tuesday there


def test_each_students_status_carries_their_zone(course) -> None:
    east, west = person("eve"), person("wes")
    west.time_zone = "America/Los_Angeles"
    west.save()
    classroom = a_class(None, east, west)
    assert classroom.owner is not None
    homework = services.assignment_create(
        classroom=classroom, teacher=classroom.owner, kind="lesson", lesson=course[0], due=MONDAY
    )
    for student in (east, west):
        LessonProgress.objects.create(
            user=student, lesson=course[0], quiz_best=4, quiz_size=4, completed_at=EVENING_IN_NEW_YORK
        )
    found = statuses(homework, [east, west])
    assert found[east.pk].late and not found[west.pk].late


def test_a_teacher_may_set_homework_due_on_their_own_today(monkeypatch, course) -> None:
    monkeypatch.setattr(timezone, "now", lambda: EVENING_IN_NEW_YORK)
    classroom = a_class()
    data = {"lesson": str(course[0].pk), "due": MONDAY.isoformat()}
    assert HomeworkForm(data, kind="lesson", classroom=classroom, today=MONDAY).is_valid()
    errors = HomeworkForm(data, kind="lesson", classroom=classroom).errors  # UTC's Tuesday
    assert list(errors) == ["due"] and str(errors["due"][0]).startswith("Choose today or a later day.")


def test_the_homework_page_uses_the_teachers_zone(client, monkeypatch, course) -> None:
    monkeypatch.setattr(timezone, "now", lambda: EVENING_IN_NEW_YORK)
    classroom = a_class()
    teacher = classroom.owner
    assert teacher is not None
    teacher.time_zone = "America/New_York"
    teacher.save()
    client.force_login(teacher)
    url = reverse("classes:assignment_create_kind", args=[classroom.pk, "lesson"])
    assert client.get(url).context["form"].fields["due"].initial == MONDAY + datetime.timedelta(days=7)
    posted = {"lesson": str(course[0].pk), "due": MONDAY.isoformat()}
    assert client.post(url, posted).status_code == 302
