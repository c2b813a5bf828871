"""What puts a lesson in turn out of the course's order (its checks and quiz count): openers
registered with lessons.opening (the classes app registers the lessons set as homework), asked by
every lesson page without lessons importing the app that registered them. Every lesson is open to
read without them; without them, a later lesson's check is practice and its quiz stays closed."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cfmj.classes import services
from lessons.models import Lesson, ReadAhead
from lessons.opening import opened_lesson_ids, opener_register, opener_unregister
from tests.classes.helpers import a_class, in_days, person

pytestmark = pytest.mark.django_db


@pytest.fixture
def third_opened(course: list[Lesson]):
    opener_register("test-third", lambda user: {course[2].pk} if user is not None else set())
    yield course[2]
    opener_unregister("test-third")


def test_a_made_up_opener_puts_its_lesson_in_turn_on_the_course_and_the_lesson_page(
    client, third_opened
) -> None:
    lee = person("lee")
    client.force_login(lee)
    states = client.get(reverse("lessons:course")).context["states"]
    assert [s.in_turn for s in states[:4]] == [True, False, True, False]
    lesson = client.get(reverse("lessons:lesson", args=[third_opened.slug]))
    assert lesson.status_code == 200 and b"You are reading ahead" not in lesson.content
    step = client.get(reverse("lessons:step", args=[third_opened.slug, 1]))
    assert step.status_code == 200 and b"this check is practice" not in step.content
    assert client.get(reverse("lessons:quiz", args=[third_opened.slug])).status_code == 200
    assert not ReadAhead.objects.exists()


def test_without_it_the_lesson_is_read_ahead_its_check_practice_its_quiz_closed(
    client, course: list[Lesson]
) -> None:
    client.force_login(person("lee"))
    states = client.get(reverse("lessons:course")).context["states"]
    assert [s.in_turn for s in states[:4]] == [True, False, False, False]
    step = client.get(reverse("lessons:step", args=[course[2].slug, 1]))
    assert step.status_code == 200 and b"this check is practice" in step.content
    assert client.get(reverse("lessons:quiz", args=[course[2].slug])).status_code == 302


def test_an_opener_sees_who_asks(third_opened) -> None:
    assert opened_lesson_ids(None) == set()
    assert opened_lesson_ids(person("lee")) == {third_opened.pk}


def test_homework_opens_its_lesson_for_the_students_of_the_class_only(client, course: list[Lesson]) -> None:
    sue, sam = person("sue"), person("sam")
    classroom = a_class(None, sue)
    assert classroom.owner is not None
    services.assignment_create(
        classroom=classroom, teacher=classroom.owner, kind="lesson", lesson=course[3], due=in_days(2)
    )
    assert course[3].pk in opened_lesson_ids(sue)
    assert course[3].pk not in opened_lesson_ids(sam)
    client.force_login(sue)
    assert client.get(reverse("lessons:course")).context["states"][3].in_turn
    client.force_login(sam)
    assert not client.get(reverse("lessons:course")).context["states"][3].in_turn
