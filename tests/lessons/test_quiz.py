"""/lessons/<slug>/quiz/: the closing quiz; passing it completes the lesson (testing out if the
steps were skipped) and opens the next."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.classes import selectors as class_selectors
from cfmj.classes import services as class_services
from cfmj.engine import drills
from lessons.models import CheckAnswer, Lesson, LessonProgress
from tests.accounts.factories import UserFactory
from tests.classes.helpers import a_class, in_days, person
from tests.engine.drills.helpers import right_response, wrong_response
from tests.lessons.helpers import asked, chosen, hidden_fields, token_of

pytestmark = pytest.mark.django_db


def _url(lesson: Lesson) -> str:
    return reverse("lessons:quiz", args=[lesson.slug])


def _answers(client, lesson: Lesson, *, right: int) -> dict[str, str]:
    """The quiz served to this client, answered: the first `right` questions right, the rest wrong."""
    token = token_of(client.get(_url(lesson)).content)
    data: dict[str, str] = {"token": token}
    for number, puzzle in enumerate(asked(token), 1):
        answer = right_response(puzzle) if number <= right else wrong_response(puzzle)
        data.update({f"q{number}-{field}": value for field, value in answer.items()})
    return data


def _chosen(lesson: Lesson) -> dict[str, str]:
    """A quiz form made up by the learner: seeds of their choosing, with the engine's answers to them."""
    data: dict[str, str] = {}
    for number, (kind, focus, band) in enumerate(lesson.quiz, 1):
        puzzle = drills.generate(kind, seed=number, band=band, focus=focus or None)
        data[f"q{number}-seed"] = str(number)
        data.update({f"q{number}-{field}": value for field, value in right_response(puzzle).items()})
    return data


def test_it_asks_the_lessons_quiz(client, course: list[Lesson]) -> None:
    response = client.get(reverse("lessons:quiz", args=[course[0].slug]))
    assert response.status_code == 200
    assert len(response.context["checks"]) == len(course[0].quiz)
    assert b"Mark my quiz" in response.content


def test_it_completes_the_lesson_when_the_quiz_is_passed(client, course: list[Lesson]) -> None:
    user = UserFactory()
    client.force_login(user)
    lesson = course[0]
    response = client.post(_url(lesson), _answers(client, lesson, right=len(lesson.quiz)))
    assert response.status_code == 200 and response.context["result"]["passed"]
    progress = LessonProgress.objects.get(user=user, lesson=lesson)
    assert progress.done and progress.tested_out and progress.quiz_best == len(lesson.quiz)
    assert b"You tested out of this lesson" in response.content
    assert client.get(reverse("lessons:step", args=[course[1].slug, 1])).status_code == 200  # now open


def test_a_quiz_passed_by_testing_out_leads_straight_to_the_next_lessons_quiz(
    client, course: list[Lesson]
) -> None:
    client.force_login(UserFactory())
    response = client.post(_url(course[0]), _answers(client, course[0], right=len(course[0].quiz)))
    result = response.content.decode().split('id="quiz-result"')[1].split("</section>")[0]
    assert "You tested out of this lesson." in result
    buttons = re.findall(r'<a class="button (\w+)" href="([^"]+)">', result)
    assert buttons[0] == ("big", _url(course[1]))  # one tap to the next quiz
    assert ("secondary", reverse("lessons:lesson", args=[course[1].slug])) in buttons
    assert client.get(_url(course[1])).status_code == 200  # and it is in turn now


def test_a_quiz_passed_after_the_steps_leads_to_the_next_lesson(client, course: list[Lesson]) -> None:
    user = UserFactory()
    client.force_login(user)
    LessonProgress.objects.create(user=user, lesson=course[0], step_reached=course[0].steps.count())
    response = client.post(_url(course[0]), _answers(client, course[0], right=len(course[0].quiz)))
    result = response.content.decode().split('id="quiz-result"')[1].split("</section>")[0]
    assert "tested out" not in result and "Lesson 2 is next" in result
    assert re.findall(r'<a class="button big" href="([^"]+)">', result) == [
        reverse("lessons:lesson", args=[course[1].slug])
    ]


def test_it_keeps_the_lesson_open_when_the_quiz_is_failed(client, course: list[Lesson]) -> None:
    user = UserFactory()
    client.force_login(user)
    lesson = course[0]
    response = client.post(_url(lesson), _answers(client, lesson, right=1))
    assert response.status_code == 200 and not response.context["result"]["passed"]
    progress = LessonProgress.objects.get(user=user, lesson=lesson)
    assert not progress.done and progress.quiz_last == 1
    assert b"Try the quiz again" in response.content
    assert client.get(reverse("lessons:quiz", args=[course[1].slug])).status_code == 302  # not its turn
    assert not client.get(reverse("lessons:course")).context["states"][1].in_turn


@pytest.mark.parametrize("token", ["", "x", "\u00b2", "a:b:c", "9" * 5000])
def test_it_gives_a_fresh_quiz_for_a_damaged_form(client, course: list[Lesson], token: str) -> None:
    response = client.post(_url(course[0]), {"token": token, "q1-choice": "a"}, follow=True)
    assert response.status_code == 200 and response.context["result"] is None
    assert b"could not be read back, so here is a fresh one" in response.content
    assert not LessonProgress.objects.exists() and not CheckAnswer.objects.exists()


def test_it_counts_no_quiz_it_did_not_ask(client, course: list[Lesson]) -> None:
    user = UserFactory()
    client.force_login(user)
    response = client.post(_url(course[0]), _chosen(course[0]), follow=True)
    assert response.status_code == 200 and response.context["result"] is None
    assert b"here is a fresh one" in response.content
    assert not LessonProgress.objects.filter(user=user).exists() and not CheckAnswer.objects.exists()


def test_it_completes_no_lesson_homework_with_a_quiz_it_did_not_ask(client, course: list[Lesson]) -> None:
    student = person("sam")
    classroom = a_class(None, student)
    assert classroom.owner is not None
    homework = class_services.assignment_create(
        classroom=classroom, teacher=classroom.owner, kind="lesson", lesson=course[2], due=in_days(2)
    )
    client.force_login(student)
    client.post(_url(course[2]), _chosen(course[2]))
    assert not class_selectors.statuses(homework, [student])[student.pk].done
    assert not LessonProgress.objects.filter(
        user=student, lesson=course[2], completed_at__isnull=False
    ).exists()


def test_it_marks_the_quiz_it_asked_whatever_seeds_are_sent(client, course: list[Lesson]) -> None:
    client.force_login(UserFactory())
    data = {**_chosen(course[0]), **_answers(client, course[0], right=0)}
    response = client.post(_url(course[0]), data)
    assert response.context["result"]["score"] == 0 and not response.context["result"]["passed"]


def test_it_counts_a_replayed_quiz_once(client, course: list[Lesson]) -> None:
    user = UserFactory()
    client.force_login(user)
    lesson = course[0]
    passed = _answers(client, lesson, right=len(lesson.quiz))
    assert client.post(_url(lesson), passed).context["result"]["passed"]
    failed = {**_answers(client, lesson, right=0), "token": passed["token"]}
    again = client.post(_url(lesson), failed)
    assert again.context["result"]["score"] == len(lesson.quiz)  # as it was marked the first time
    assert b"You have sent this quiz already" in again.content
    progress = LessonProgress.objects.get(user=user, lesson=lesson)
    assert progress.quiz_last == progress.quiz_best == len(lesson.quiz)
    assert CheckAnswer.objects.count() == 1


def test_it_refuses_another_learners_quiz(course: list[Lesson]) -> None:
    ann, bob = Client(), Client()
    ann.force_login(UserFactory(username="ann"))
    bob.force_login(UserFactory(username="bob"))
    response = bob.post(_url(course[0]), _answers(ann, course[0], right=5), follow=True)
    assert b"That question was asked of another account or visit" in response.content
    assert response.context["result"] is None
    assert not LessonProgress.objects.exists() and not CheckAnswer.objects.exists()


def test_it_asks_again_for_a_blank_quiz_and_keeps_what_was_filled_in(client, course: list[Lesson]) -> None:
    user = UserFactory()
    client.force_login(user)
    lesson = course[0]
    page = client.get(_url(lesson)).content
    fields = hidden_fields(page)
    response = client.post(_url(lesson), fields)  # nothing answered
    assert response.status_code == 200 and b"Choose an answer first" in response.content
    assert response.context["result"] is None and hidden_fields(response.content) == fields
    assert not LessonProgress.objects.filter(user=user).exists() and not CheckAnswer.objects.exists()
    data = _answers(client, lesson, right=len(lesson.quiz))
    first = {key: value for key, value in data.items() if key.startswith("q1-")}
    partly = client.post(_url(lesson), {"token": data["token"], **first})
    assert b"Choose an answer first" in partly.content and partly.context["result"] is None
    shown = chosen(partly.content)
    assert shown == {key: [value] for key, value in first.items() if value}  # kept, nothing else chosen
    assert not LessonProgress.objects.filter(user=user).exists()


def test_it_keeps_the_quiz_of_a_lesson_read_ahead_closed_and_says_why(client, course: list[Lesson]) -> None:
    response = client.get(_url(course[3]), follow=True)
    assert response.redirect_chain == [(reverse("lessons:lesson", args=[course[3].slug]), 302)]
    said = b"Lesson 4&#x27;s quiz counts once lesson 3 is done. You can read its steps now."
    assert said in response.content
    assert client.post(_url(course[3]), {}).status_code == 302


def test_a_forged_quiz_form_cannot_complete_a_lesson_read_ahead(client, course: list[Lesson]) -> None:
    """Lesson 1's quiz, served and answered right, sent to lesson 2's quiz (not in turn): nothing
    is kept; nor is lesson 3's own quiz, served while it was set as homework, once the student has
    left the class (the lesson is no longer in turn for them)."""
    student = person("sam")
    client.force_login(student)
    forged = _answers(client, course[0], right=len(course[0].quiz))
    assert client.post(_url(course[1]), forged).status_code == 302
    classroom = a_class(None, student)
    assert classroom.owner is not None
    class_services.assignment_create(
        classroom=classroom, teacher=classroom.owner, kind="lesson", lesson=course[2], due=in_days(2)
    )
    served = _answers(client, course[2], right=len(course[2].quiz))  # in turn while set as homework
    class_services.student_remove(classroom=classroom, student=student)
    assert client.post(_url(course[2]), served).status_code == 302
    assert not LessonProgress.objects.exists() and not CheckAnswer.objects.exists()


def test_it_serves_a_quiz_to_a_signed_in_learner_without_writing(client, course: list[Lesson]) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.force_login(UserFactory())
    client.get(_url(course[0]))
    with CaptureQueriesContext(connection) as queries:
        assert client.get(_url(course[0])).status_code == 200
    assert not [q["sql"] for q in queries if q["sql"].startswith(("INSERT", "UPDATE", "DELETE"))]


def test_it_says_the_quiz_asks_only_what_was_taught(client, course: list[Lesson]) -> None:
    response = client.get(_url(course[0]))  # lesson 1: the tiles, nothing of blocks yet
    assert b"It asks only about what the course has taught so far: the tiles." in response.content
