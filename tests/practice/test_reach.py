"""Practice follows the course: drills, today's five and reviews serve a learner only what their
lessons have taught (practice.reach, lessons.taught), unless they choose to practise everything.

Every puzzle served is read back by the lesson checks' own independent reader
(tests/lessons/test_scope.py `untaught`: the tiles, exposures, reasons, names and questions a
learner sees, against the lines the course says were taught), and the kinds served are checked
against the drills the course's lessons list, read from the course files, not from the site."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.accounts.learners import Learner
from cfmj.engine import drills
from lessons.content import scope_at
from lessons.models import Lesson
from lessons.services import quiz_record
from practice import making
from practice.models import Attempt, DailySet, PracticeRange, Puzzle, ReviewItem
from practice.tables import STANDARD
from tests.course import course_sources
from tests.engine.drills.helpers import right_response
from tests.lessons.test_scope import untaught

pytestmark = pytest.mark.django_db

SERVED = 8  # puzzles served of each kind open


def _taught(lesson: int) -> frozenset[str]:
    """The lines lessons 1 to `lesson` teach, read from the course files."""
    teaches = [[step.teaches for step in source.steps] for source in course_sources()]
    return scope_at(teaches, lesson).lines


def _kinds_of(lesson: int) -> set[str]:
    """The drill kinds lessons 1 to `lesson` list, read from the course files."""
    return {kind for source in course_sources()[:lesson] for kind in source.drills}


def _finished(user: Any, course: list[Lesson], up_to: int) -> None:
    """Lessons 1 to `up_to` done by passing each quiz (the service a quiz's answer calls)."""
    for lesson in course[:up_to]:
        size = len(lesson.quiz)
        quiz_record(learner=Learner(user, ""), lesson=lesson, score=size, size=size)


def _pool() -> None:
    """A pool of the standard rules as the refill keeps it: every kind that is quick to make, in
    every band (most of them outside an early scope)."""
    for kind in drills.KINDS:
        if not drills.definition(kind).slow:
            for band in drills.BANDS:
                making.puzzle_batch_generate(kind=kind, band=band, count=4, seed=100 + band)


def _served(client: Client, kind: str) -> Puzzle:
    page = client.get(reverse("practice:drill", args=[kind]))
    assert page.status_code == 200 and page.context.get("token"), kind
    puzzle: Puzzle = page.context["puzzle"]
    answered = client.post(
        reverse("practice:answer", args=[puzzle.pk]),
        {"token": page.context["token"], **right_response(puzzle)},
    )
    assert answered.status_code == 200
    return puzzle


def _problems(puzzles: list[Puzzle], taught: frozenset[str]) -> dict[int, list[str]]:
    found = {p.pk: untaught(p.kind, p.question, p.answer, taught) for p in puzzles}
    return {pk: problems for pk, problems in found.items() if problems}


@pytest.fixture
def after_lesson_5(client: Client, django_user_model: Any, course: list[Lesson]) -> Any:
    user = django_user_model.objects.create_user("maggie", password="pw-tiles-123")
    _finished(user, course, 5)
    client.force_login(user)
    return user


def test_it_serves_a_learner_after_lesson_5_only_what_lessons_1_to_5_taught(
    client: Client, after_lesson_5: Any
) -> None:
    _pool()
    taught, kinds = _taught(5), _kinds_of(5)
    served: list[Puzzle] = []
    for kind in drills.KINDS:
        if kind not in kinds:
            page = client.get(reverse("practice:drill", args=[kind]))
            assert page.status_code == 200 and "token" not in page.context, kind
            assert b"Opens after Lesson " in page.content and b"Practise everything" in page.content
            continue
        served += [_served(client, kind) for _ in range(SERVED)]
    assert {p.kind for p in served} == kinds == {"rules_quiz", "winning_hand", "name_hand"}
    assert not _problems(served, taught)
    assert len({p.pk for p in served}) == len(served)  # each new to her


def test_it_makes_puzzles_within_the_scope_when_the_pool_holds_none(
    client: Client, after_lesson_5: Any
) -> None:
    _pool()
    standard = list(Puzzle.objects.filter(kind="winning_hand", table=STANDARD))
    assert all(untaught(p.kind, p.question, p.answer, _taught(5)) for p in standard)  # none fits
    puzzle = _served(client, "winning_hand")
    assert puzzle.table == "scoped" and not untaught(puzzle.kind, puzzle.question, puzzle.answer, _taught(5))


def test_todays_five_after_lesson_5_keep_within_it(client: Client, after_lesson_5: Any) -> None:
    served = []
    for _ in range(5):
        page = client.get(reverse("practice:daily"))
        puzzle = page.context["puzzle"]
        served.append(puzzle)
        client.post(
            reverse("practice:answer", args=[puzzle.pk]),
            {"token": page.context["token"], **right_response(puzzle)},
        )
    assert client.get(reverse("practice:daily")).context["finished"]
    assert len({p.pk for p in served}) == 5
    assert {p.kind for p in served} <= _kinds_of(5) and not _problems(served, _taught(5))
    daily = DailySet.objects.get(entries__puzzle=served[0])
    assert daily.scope and DailySet.objects.filter(day=daily.day, scope="").count() == 0
    assert b"as far on in the lessons as you" in client.get(reverse("practice:daily")).content


def test_a_review_waits_until_the_lessons_reach_it(client: Client, after_lesson_5: Any) -> None:
    user = after_lesson_5
    today = Learner(user, "").today()
    making.puzzle_batch_generate(kind="winning_hand", band=3, count=10, seed=3)
    outside = next(
        p
        for p in Puzzle.objects.filter(kind="winning_hand")
        if untaught(p.kind, p.question, p.answer, _taught(5))
    )
    inside = making.scoped_puzzles_make(kind="winning_hand", scope=drills.Scope(_taught(5)), band=2, count=1)[
        0
    ]
    ReviewItem.objects.create(user=user, puzzle=outside, due=today - datetime.timedelta(days=2))
    ReviewItem.objects.create(user=user, puzzle=inside, due=today)
    page = client.get(reverse("practice:drill", args=["winning_hand"]))
    assert page.context["puzzle"] == inside and page.context["review"]
    client.post(reverse("practice:range"), {"everything": "on"})
    page = client.get(reverse("practice:drill", args=["winning_hand"]))
    assert page.context["puzzle"] == outside and page.context["review"]  # the oldest due, out of her lessons


def test_practise_everything_serves_the_full_range(client: Client, after_lesson_5: Any) -> None:
    _pool()
    response = client.post(reverse("practice:range"), {"everything": "on"})
    assert response.status_code == 302 and response["Location"] == reverse("practice:home") + "#range"
    assert PracticeRange.objects.get(user=after_lesson_5).everything
    for kind in drills.KINDS:  # every kind open, the late ones too
        assert client.get(reverse("practice:drill", args=[kind])).context["token"], kind
    served = [_served(client, "winning_hand") for _ in range(12)]
    assert _problems(served, _taught(5))  # beyond lessons 1-5 (the pool holds nothing within them)
    assert all(p.table == STANDARD for p in served)
    page = client.get(reverse("practice:daily"))
    assert DailySet.objects.get(entries__puzzle=page.context["puzzle"]).scope == ""  # the full range's set
    assert b"You are practising everything" in client.get(reverse("practice:home")).content


def test_it_keeps_to_the_lessons_again_when_asked(client: Client, after_lesson_5: Any) -> None:
    client.post(reverse("practice:range"), {"everything": "on"})
    client.post(reverse("practice:range"), {"everything": "off"})
    assert not PracticeRange.objects.get(user=after_lesson_5).everything
    assert "token" not in client.get(reverse("practice:drill", args=["charleston"])).context


def test_a_visitor_gets_the_first_lessons_scope(client: Client, course: list[Lesson]) -> None:
    served = [_served(client, "rules_quiz") for _ in range(SERVED)]
    assert not _problems(served, _taught(1))
    for kind in set(drills.KINDS) - _kinds_of(1):
        page = client.get(reverse("practice:drill", args=[kind]))
        assert "token" not in page.context and page.context["opening"].number > 1, kind
    page = client.get(reverse("practice:drill", args=["winning_hand"]))
    assert b"Opens after Lesson 2: Blocks" in page.content
    today = [client.get(reverse("practice:daily")).context["progress"]][0]
    assert len(today) == 5 and not _problems([entry.puzzle for entry in today], _taught(1))


def test_a_visitors_choice_to_practise_everything_is_kept_for_the_visit_and_the_account(
    client: Client, course: list[Lesson], django_user_model: Any
) -> None:
    client.post(
        reverse("practice:range"), {"everything": "on", "next": reverse("practice:drill", args=["call"])}
    )
    assert client.get(reverse("practice:drill", args=["call"])).context["token"]
    user = django_user_model.objects.create_user("vera", password="pw-tiles-123")
    client.post(reverse("accounts:login"), {"username": "vera", "password": "pw-tiles-123"})
    assert PracticeRange.objects.get(user=user).everything
    assert client.get(reverse("practice:drill", args=["call"])).context["token"]


def test_homework_serves_what_the_teacher_set_whatever_the_scope(
    client: Client, course: list[Lesson]
) -> None:
    from tests.classes.helpers import a_class, drill_homework, person

    student = person("sam")
    classroom = a_class(None, student)
    work = drill_homework(classroom, kind="worth", count=2, band=3)  # worth opens with lesson 9
    client.force_login(student)
    assert "token" not in client.get(reverse("practice:drill", args=["worth"])).context
    url = reverse("classes:assignment", args=[classroom.pk, work.pk])
    for _ in range(2):
        page = client.get(url)
        puzzle = page.context["puzzle"]
        assert puzzle.kind == "worth" and puzzle.band == 3
        client.post(
            reverse("practice:answer", args=[puzzle.pk]),
            {"token": page.context["token"], **right_response(puzzle)},
        )
    assert Attempt.objects.filter(user=student, puzzle__kind="worth", correct=True).count() == 2


@pytest.mark.parametrize(
    "forged",
    [
        {"everything": "off", "lesson": "25", "scope": "all", "lines": "2_4_fillers_fill_the_rest"},
        {"everything": "yes", "kinds": "charleston"},  # only "on" is the choice to practise everything
        {"step_reached": "9", "completed": "1"},
    ],
)
def test_no_forged_field_widens_the_scope(
    client: Client, after_lesson_5: Any, forged: dict[str, str]
) -> None:
    assert client.post(reverse("practice:range"), forged).status_code == 302
    query = {"everything": "on", "scope": "all", "lesson": "25", "band": "5"}
    page = client.get(reverse("practice:drill", args=["charleston"]), query)
    assert "token" not in page.context  # still closed
    puzzle = client.get(reverse("practice:drill", args=["winning_hand"]), query).context["puzzle"]
    assert not untaught(puzzle.kind, puzzle.question, puzzle.answer, _taught(5))
    assert not PracticeRange.objects.filter(user=after_lesson_5, everything=True).exists()


def test_the_choice_goes_back_only_to_a_page_of_this_site(client: Client, after_lesson_5: Any) -> None:
    response = client.post(reverse("practice:range"), {"everything": "on", "next": "https://evil.example/"})
    assert response["Location"] == reverse("practice:home") + "#range"


def test_it_answers_the_choice_only_by_post(client: Client, after_lesson_5: Any) -> None:
    assert client.get(reverse("practice:range"), {"everything": "on"}).status_code == 405
    assert not PracticeRange.objects.exists()


@pytest.mark.parametrize("url", ["/practice/winning_hand/", "/practice/daily/", "/practice/charleston/"])
def test_it_serves_within_the_lessons_in_few_queries(
    client: Client, after_lesson_5: Any, django_assert_max_num_queries: Any, url: str
) -> None:
    client.get(url)  # the first makes puzzles within her scope, or today's set
    with django_assert_max_num_queries(9):
        assert client.get(url).status_code == 200
