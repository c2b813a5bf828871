"""/lessons/<slug>/<n>/: a step's text and its check; answering it records the step reached."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from cfmj.engine import drills
from lessons.models import Lesson, LessonProgress, Step
from lessons.selectors import teachers
from tests.accounts.factories import UserFactory
from tests.engine.drills.helpers import right_response, wrong_response

pytestmark = pytest.mark.django_db


def _check_of(page: bytes, step: Step) -> drills.Puzzle:
    seed = int(re.search(rb'name="seed" value="(\d+)"', page).group(1))  # type: ignore[union-attr]
    return drills.generate(step.check_kind, seed=seed, band=step.check_band, focus=step.check_focus or None)


def _url(step: Step) -> str:
    return reverse("lessons:step", args=[step.lesson.slug, step.number])


def test_it_shows_the_step_with_tile_pictures_and_a_check(client, course: list[Lesson]) -> None:
    step = course[0].steps.get(number=1)
    response = client.get(_url(step))
    assert response.status_code == 200
    assert step.title.encode() in response.content
    assert b'class="tile"' in response.content and b'alt="' in response.content
    assert b'name="seed"' in response.content and b"Check my answer" in response.content


def test_it_marks_a_right_answer_and_records_the_step(client, course: list[Lesson]) -> None:
    user = UserFactory()
    client.force_login(user)
    step = course[0].steps.get(number=1)
    puzzle = _check_of(client.get(_url(step)).content, step)
    response = client.post(_url(step), {"seed": str(puzzle.seed), **right_response(puzzle)})
    assert response.status_code == 200
    assert response.context["check"].graded.correct
    assert LessonProgress.objects.get(user=user, lesson=course[0]).step_reached == 1
    assert response.context["state"].step_reached == 1  # the state shown is the one just recorded


def test_it_explains_a_wrong_answer_with_links_to_the_rule(client, course: list[Lesson]) -> None:
    step = course[0].steps.get(number=1)
    puzzle = _check_of(client.get(_url(step)).content, step)
    response = client.post(_url(step), {"seed": str(puzzle.seed), **wrong_response(puzzle)},
                           HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    graded = drills.grade(step.check_kind, puzzle.question, puzzle.answer, wrong_response(puzzle))
    assert not graded.correct and b"Not quite" in response.content and b"The answer:" in response.content
    assert b'id="feedback"' in response.content and b"<html" not in response.content  # the fragment only
    assert reverse("lessons:rules").encode() + b"#section-" in response.content
    visitor_rows = LessonProgress.objects.filter(user__isnull=True, lesson=course[0])
    assert [row.step_reached for row in visitor_rows] == [1]  # a visitor's progress, in their session


def test_it_counts_a_double_submit_once(client, course: list[Lesson]) -> None:
    user = UserFactory()
    client.force_login(user)
    step = course[0].steps.get(number=2)
    puzzle = _check_of(client.get(_url(step)).content, step)
    for _ in range(2):
        client.post(_url(step), {"seed": str(puzzle.seed), **right_response(puzzle)})
    assert list(LessonProgress.objects.filter(user=user).values_list("step_reached", flat=True)) == [2]


@pytest.mark.parametrize("seed", ["", "abc", "-1", "9" * 40, "1.5", "\u00b2", "\u0661\u0662"])
def test_it_gives_a_fresh_check_for_a_damaged_form(client, course: list[Lesson], seed: str) -> None:
    step = course[0].steps.get(number=1)
    response = client.post(_url(step), {"seed": seed, "choice": "a"}, follow=True)
    assert response.status_code == 200
    assert b"here is a fresh one" in response.content
    assert response.context["check"].graded is None
    assert not LessonProgress.objects.exists()


def test_it_moves_the_whole_page_for_a_damaged_form_sent_by_htmx(client, course: list[Lesson]) -> None:
    step = course[0].steps.get(number=1)
    response = client.post(_url(step), {"seed": "x", "choice": "a"}, HTTP_HX_REQUEST="true")
    assert response["HX-Redirect"] == _url(step)  # not a whole page swapped into the feedback box
    assert b"here is a fresh one" in client.get(_url(step)).content
    assert not LessonProgress.objects.exists()


def test_it_sends_a_locked_lesson_back_to_its_page(client, course: list[Lesson]) -> None:
    step = course[1].steps.get(number=1)
    response = client.get(_url(step))
    assert response.status_code == 302
    assert response["Location"] == reverse("lessons:lesson", args=[course[1].slug])
    assert client.post(_url(step), {"seed": "1"}).status_code == 302
    assert not LessonProgress.objects.exists()


def test_it_answers_404_for_a_step_that_does_not_exist(client, course: list[Lesson]) -> None:
    assert client.get(reverse("lessons:step", args=[course[0].slug, 99])).status_code == 404


def test_it_records_a_step_in_few_queries(client, course: list[Lesson],
                                          django_assert_max_num_queries) -> None:
    user = UserFactory()
    client.force_login(user)
    LessonProgress.objects.create(user=user, lesson=course[0], step_reached=1)
    step = course[0].steps.get(number=2)
    puzzle = _check_of(client.get(_url(step)).content, step)
    teachers()  # the rule links' lesson steps, as kept between requests
    # session, user, progress, homework, step; then the locked row and its update in a transaction
    # (15 queries before the course outline was kept and the progress row reused)
    with django_assert_max_num_queries(9):
        response = client.post(_url(step), {"seed": str(puzzle.seed), **right_response(puzzle)},
                               HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and b"Next step" in response.content
    assert LessonProgress.objects.get(user=user).step_reached == 2


def test_it_writes_nothing_for_a_step_already_reached(client, course: list[Lesson]) -> None:
    user = UserFactory()
    client.force_login(user)
    LessonProgress.objects.create(user=user, lesson=course[0], step_reached=3)
    step = course[0].steps.get(number=2)
    puzzle = _check_of(client.get(_url(step)).content, step)
    with CaptureQueriesContext(connection) as queries:
        response = client.post(_url(step), {"seed": str(puzzle.seed), **right_response(puzzle)})
    assert response.status_code == 200 and response.context["check"].graded.correct
    assert not [q for q in queries if q["sql"].startswith(("UPDATE", "INSERT", "SAVEPOINT"))]
    assert response.context["state"].step_reached == 3
    assert LessonProgress.objects.get(user=user).step_reached == 3
