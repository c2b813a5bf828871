"""/lessons/<slug>/<n>/: a step's text and its check; answering it right records the step reached
and opens the way on; a miss asks again (the same question, then its answer and a fresh one)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from cfmj.classes import services as class_services
from cfmj.engine import drills
from lessons.models import CheckAnswer, Lesson, LessonProgress, ReadAhead, Step
from lessons.selectors import teachers
from practice import serving
from practice.models import ReviewItem
from tests.accounts.factories import UserFactory
from tests.classes.helpers import a_class, in_days, person
from tests.engine.drills.helpers import right_response, wrong_response
from tests.lessons.helpers import asked, hidden_fields, token_of

pytestmark = pytest.mark.django_db


def _check_of(page: bytes, step: Step) -> tuple[str, drills.Puzzle]:
    """The token the step's check was served with, and the puzzle it asks."""
    token = token_of(page)
    (puzzle,) = asked(token)
    assert (puzzle.kind, puzzle.band) == (step.check_kind, step.check_band)
    return token, puzzle


def _url(step: Step) -> str:
    return reverse("lessons:step", args=[step.lesson.slug, step.number])


def test_it_shows_the_step_with_tile_pictures_and_a_check(client, course: list[Lesson]) -> None:
    step = course[0].steps.get(number=1)
    response = client.get(_url(step))
    assert response.status_code == 200
    assert step.title.encode() in response.content
    assert b'class="tile"' in response.content and b'alt="' in response.content
    assert b'name="token"' in response.content and b"Check my answer" in response.content


def test_it_marks_a_right_answer_and_records_the_step(client, course: list[Lesson]) -> None:
    user = UserFactory()
    client.force_login(user)
    step = course[0].steps.get(number=1)
    token, puzzle = _check_of(client.get(_url(step)).content, step)
    response = client.post(_url(step), {"token": token, **right_response(puzzle)})
    assert response.status_code == 200
    assert response.context["check"].graded.correct
    assert LessonProgress.objects.get(user=user, lesson=course[0]).step_reached == 1
    assert response.context["state"].step_reached == 1  # the state shown is the one just recorded


def test_a_first_miss_asks_the_same_question_again_without_its_answer(client, course: list[Lesson]) -> None:
    step = course[0].steps.get(number=1)
    token, puzzle = _check_of(client.get(_url(step)).content, step)
    response = client.post(_url(step), {"token": token, **wrong_response(puzzle)}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert b"Not right yet" in response.content and b"The answer:" not in response.content
    assert b'id="check"' in response.content and b"<html" not in response.content  # the check's box only
    retry, again = _check_of(response.content, step)
    assert retry != token and again == puzzle  # the same question, served afresh
    assert serving.read(retry)[1].where == serving.step_try(2)
    assert b"Next step" not in response.content
    # The try again is said once: not beside "your first answer is the one that counts".
    assert b"One more try at this question" in response.content
    assert b"Your first answer is the one that counts" not in response.content
    assert not LessonProgress.objects.filter(step_reached__gt=0).exists()
    assert CheckAnswer.objects.get().score == 0  # kept all the same


def test_a_second_miss_shows_the_answer_and_asks_a_fresh_question(client, course: list[Lesson]) -> None:
    step = course[0].steps.get(number=1)
    token, puzzle = _check_of(client.get(_url(step)).content, step)
    first = client.post(_url(step), {"token": token, **wrong_response(puzzle)})
    retry, _ = _check_of(first.content, step)
    second = client.post(_url(step), {"token": retry, **wrong_response(puzzle)}, HTTP_HX_REQUEST="true")
    page = second.content
    assert b"The answer:" in page and b"here is its answer" in page
    assert reverse("lessons:rules").encode() + b"#" in page  # why, with the rule
    fresh, asked_now = _check_of(page, step)
    assert fresh not in (token, retry) and serving.read(fresh)[1].where == serving.STEP
    assert asked_now.seed != puzzle.seed
    assert b"Next step" not in page and b"A new question" in page
    assert second.context["asked"].missed.puzzle == puzzle
    assert not LessonProgress.objects.filter(step_reached__gt=0).exists()
    assert CheckAnswer.objects.count() == 2
    # the fresh question answered right: the way on
    done = client.post(_url(step), {"token": fresh, **right_response(asked_now)})
    assert done.context["check"].graded.correct and b"Next step" in done.content
    assert LessonProgress.objects.get().step_reached == 1


def test_a_retry_answered_right_moves_on(client, course: list[Lesson]) -> None:
    user = UserFactory()
    client.force_login(user)
    LessonProgress.objects.create(user=user, lesson=course[0], step_reached=1)  # step 1 done
    step = course[0].steps.get(number=2)
    token, puzzle = _check_of(client.get(_url(step)).content, step)
    retry, _ = _check_of(client.post(_url(step), {"token": token, **wrong_response(puzzle)}).content, step)
    response = client.post(_url(step), {"token": retry, **right_response(puzzle)})
    assert response.context["check"].graded.correct and b"Next step" in response.content
    assert LessonProgress.objects.get(user=user).step_reached == 2
    assert list(CheckAnswer.objects.order_by("pk").values_list("score", flat=True)) == [0, 1]


def test_the_steps_nav_offers_the_next_step_only_once_the_check_is_right(
    client, course: list[Lesson]
) -> None:
    user = UserFactory()
    client.force_login(user)
    LessonProgress.objects.create(user=user, lesson=course[0], step_reached=1)  # step 1 done
    step = course[0].steps.get(number=2)
    next_url = reverse("lessons:step", args=[course[0].slug, 3]).encode()
    page = client.get(_url(step)).content
    assert next_url not in page and b"Answer the check right to go on" in page
    token, puzzle = _check_of(page, step)
    answered = client.post(_url(step), {"token": token, **right_response(puzzle)}, HTTP_HX_REQUEST="true")
    assert b'id="step-nav"' in answered.content and b'hx-swap-oob="true"' in answered.content
    assert next_url in client.get(_url(step)).content  # and when they come back


def test_a_step_answered_right_ahead_of_its_turn_offers_the_next_step(client, course: list[Lesson]) -> None:
    # Reached from a rule's link before the steps before it: answered right, its nav no longer
    # asks for a right answer, though the step reached waits for the earlier steps.
    user = UserFactory()
    client.force_login(user)
    step = course[0].steps.get(number=3)
    token, puzzle = _check_of(client.get(_url(step)).content, step)
    client.post(_url(step), {"token": token, **right_response(puzzle)})
    page = client.get(_url(step)).content
    assert b"Answer the check right to go on" not in page
    assert reverse("lessons:step", args=[course[0].slug, 4]).encode() in page
    assert not LessonProgress.objects.filter(user=user, step_reached__gt=0).exists()


def test_it_counts_a_double_submit_once(client, course: list[Lesson]) -> None:
    user = UserFactory()
    client.force_login(user)
    step = course[0].steps.get(number=2)
    token, puzzle = _check_of(client.get(_url(step)).content, step)
    first = client.post(_url(step), {"token": token, **wrong_response(puzzle)})
    again = client.post(_url(step), {"token": token, **right_response(puzzle)})
    assert not first.context["check"].graded and not again.context["check"].graded  # asked again
    assert b"the first one counts" in again.content
    assert again.context["asked"].outcome == first.context["asked"].outcome == "retry"
    assert not LessonProgress.objects.filter(user=user, step_reached__gt=0).exists()
    assert CheckAnswer.objects.get().score == 0
    assert ReviewItem.objects.get(user=user).puzzle.content_hash == puzzle.content_hash()  # once


def test_it_counts_a_right_answer_sent_twice_once(client, course: list[Lesson]) -> None:
    user = UserFactory()
    client.force_login(user)
    LessonProgress.objects.create(user=user, lesson=course[0], step_reached=1)  # step 1 done
    step = course[0].steps.get(number=2)
    token, puzzle = _check_of(client.get(_url(step)).content, step)
    first = client.post(_url(step), {"token": token, **right_response(puzzle)})
    again = client.post(_url(step), {"token": token, **wrong_response(puzzle)})
    assert first.context["check"].graded.correct and again.context["check"].graded.correct
    assert b"You had already answered this check" in again.content and b"Next step" in again.content
    assert LessonProgress.objects.get(user=user).step_reached == 2 and CheckAnswer.objects.count() == 1


@pytest.mark.parametrize("token", ["", "abc", "-1", "9" * 40, "\u00b2", "a:b:c", "x" * 5000])
def test_it_gives_a_fresh_check_for_a_damaged_form(client, course: list[Lesson], token: str) -> None:
    step = course[0].steps.get(number=1)
    response = client.post(_url(step), {"token": token, "choice": "a"}, follow=True)
    assert response.status_code == 200
    assert b"could not be read back, so here is a fresh one" in response.content
    assert response.context["check"].graded is None
    assert not LessonProgress.objects.exists() and not CheckAnswer.objects.exists()


def test_it_moves_the_whole_page_for_a_damaged_form_sent_by_htmx(client, course: list[Lesson]) -> None:
    step = course[0].steps.get(number=1)
    response = client.post(_url(step), {"token": "x", "choice": "a"}, HTTP_HX_REQUEST="true")
    assert response["HX-Redirect"] == _url(step)  # not a whole page swapped into the feedback box
    assert b"here is a fresh one" in client.get(_url(step)).content
    assert not LessonProgress.objects.exists()


def test_it_counts_no_check_it_did_not_ask(client, course: list[Lesson]) -> None:
    user = UserFactory()
    client.force_login(user)
    step = course[0].steps.get(number=2)
    client.get(_url(step))
    chosen = drills.generate(
        step.check_kind, seed=12345, band=step.check_band, focus=step.check_focus or None
    )
    response = client.post(_url(step), {"seed": "12345", **right_response(chosen)}, follow=True)
    assert response.status_code == 200 and b"here is a fresh one" in response.content
    assert not LessonProgress.objects.filter(user=user).exists() and not CheckAnswer.objects.exists()


def test_it_marks_the_check_it_asked_whatever_seed_is_sent(client, course: list[Lesson]) -> None:
    client.force_login(UserFactory())
    step = course[0].steps.get(number=2)
    token, puzzle = _check_of(client.get(_url(step)).content, step)
    chosen = drills.generate(
        step.check_kind, seed=puzzle.seed + 1, band=step.check_band, focus=step.check_focus or None
    )
    response = client.post(_url(step), {"token": token, "seed": str(chosen.seed), **right_response(puzzle)})
    assert response.context["check"].seed == puzzle.seed and response.context["check"].graded.correct


def test_it_refuses_another_learners_check(client, course: list[Lesson]) -> None:
    ann, bob = Client(), Client()
    ann.force_login(UserFactory(username="ann"))
    bob_user = UserFactory(username="bob")
    bob.force_login(bob_user)
    step = course[0].steps.get(number=1)
    token, puzzle = _check_of(ann.get(_url(step)).content, step)
    response = bob.post(_url(step), {"token": token, **right_response(puzzle)}, follow=True)
    assert b"That question was asked of another account or visit" in response.content
    assert not LessonProgress.objects.exists() and not CheckAnswer.objects.exists()


def test_it_refuses_a_check_served_for_another_step(client, course: list[Lesson]) -> None:
    client.force_login(UserFactory())
    first, second = course[0].steps.get(number=1), course[0].steps.get(number=2)
    token, puzzle = _check_of(client.get(_url(first)).content, first)
    response = client.post(_url(second), {"token": token, **right_response(puzzle)}, follow=True)
    assert b"That answer was for another question" in response.content
    assert not LessonProgress.objects.exists()


@pytest.mark.parametrize("htmx", [True, False])
def test_it_asks_again_for_a_blank_answer(client, course: list[Lesson], htmx: bool) -> None:
    user = UserFactory()
    client.force_login(user)
    step = course[0].steps.get(number=1)
    fields = hidden_fields(client.get(_url(step)).content)
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = client.post(_url(step), {**fields, "valid": "", "choice": "", "reason": ""}, **headers)
    assert response.status_code == 200 and b"Choose an answer first" in response.content
    assert response.content.count(b'role="alert"') == 1  # said once, not above and in the form
    assert not LessonProgress.objects.filter(user=user).exists() and not CheckAnswer.objects.exists()
    if not htmx:  # the same check again, to answer
        assert hidden_fields(response.content) == fields


def test_it_opens_a_later_lessons_step_to_a_visitor_to_read(client, course: list[Lesson]) -> None:
    step = course[4].steps.get(number=2)
    response = client.get(_url(step))
    assert response.status_code == 200 and not response.context["state"].in_turn
    assert step.title.encode() in response.content and b"Check my answer" in response.content
    assert b"Step 2 of" in response.content and b"reading ahead" in response.content
    assert b"this check is practice: your answer is marked, but not kept" in response.content
    assert b"once you have finished lesson 4" in response.content
    next_url = reverse("lessons:step", args=[course[4].slug, 3]).encode()
    assert next_url in response.content and b"Answer the check right to go on" not in response.content
    visitor = client.session["practice_visitor"]
    assert list(ReadAhead.objects.values_list("visitor", "lesson_id", "step")) == [(visitor, course[4].pk, 2)]
    assert not LessonProgress.objects.exists()


def test_it_opens_a_later_lessons_step_to_a_signed_in_learner_and_marks_it_read_ahead(
    client, course: list[Lesson]
) -> None:
    user = UserFactory()
    client.force_login(user)
    for number in (3, 1):
        assert client.get(_url(course[20].steps.get(number=number))).status_code == 200
    assert ReadAhead.objects.get(user=user, lesson=course[20]).step == 3  # the furthest read
    states = client.get(reverse("lessons:course")).context["states"]
    assert states[20].reading_ahead and states[20].read_to == 3
    assert not states[20].done and states[20].step_reached == 0  # reading reaches nothing
    page = client.get(reverse("lessons:course")).content.decode()
    row = page.split(f'href="{reverse("lessons:lesson", args=[course[20].slug])}"')[0].rsplit("<li", 1)[1]
    assert 'class="course-lesson reading-ahead"' in row
    assert not LessonProgress.objects.exists()


def test_a_check_read_ahead_is_marked_as_practice_and_kept_nowhere(client, course: list[Lesson]) -> None:
    user = UserFactory()
    client.force_login(user)
    step = course[4].steps.get(number=1)
    token, puzzle = _check_of(client.get(_url(step)).content, step)
    missed = client.post(_url(step), {"token": token, **wrong_response(puzzle)})
    assert missed.context["asked"].outcome == "retry" and b"Not right yet" in missed.content
    retry, again = _check_of(missed.content, step)
    assert again == puzzle and serving.read(retry)[1].where == serving.step_try(2)
    shown = client.post(_url(step), {"token": retry, **wrong_response(puzzle)})
    assert shown.context["asked"].outcome == "shown" and b"here is its answer" in shown.content
    fresh, asked_now = _check_of(shown.content, step)
    right = client.post(_url(step), {"token": fresh, **right_response(asked_now)})
    assert right.context["check"].graded.correct and b"Right!" in right.content
    assert b"Practice: you are reading ahead, so this answer was marked but not kept." in right.content
    assert b"Next step" in right.content
    again_sent = client.post(_url(step), {"token": fresh, **right_response(asked_now)})
    assert again_sent.context["check"].graded.correct  # marked again: nothing was kept to show
    assert not LessonProgress.objects.exists() and not CheckAnswer.objects.exists()
    assert not ReviewItem.objects.exists()  # its misses join no review


def test_the_last_step_read_ahead_leads_back_to_the_lesson_not_its_quiz(client, course: list[Lesson]) -> None:
    lesson = course[4]
    step = lesson.steps.order_by("-number").first()
    assert step is not None
    token, puzzle = _check_of(client.get(_url(step)).content, step)
    page = client.post(_url(step), {"token": token, **right_response(puzzle)}).content
    assert reverse("lessons:quiz", args=[lesson.slug]).encode() not in page
    assert b"Back to the lesson" in page


def test_a_forged_form_records_no_progress_on_a_lesson_read_ahead(client, course: list[Lesson]) -> None:
    """Lesson 1 step 1's check, served and answered right, sent to lesson 5 step 1 (read ahead):
    refused. Lesson 5's own check, served while the lesson was set as homework and sent after the
    student left the class: marked as practice. Neither moves any progress."""
    student = person("sam")
    client.force_login(student)
    first = course[0].steps.get(number=1)
    token, puzzle = _check_of(client.get(_url(first)).content, first)
    ahead = course[4].steps.get(number=1)
    refused = client.post(_url(ahead), {"token": token, **right_response(puzzle)}, follow=True)
    assert b"That answer was for another question" in refused.content
    classroom = a_class(None, student)
    assert classroom.owner is not None
    class_services.assignment_create(
        classroom=classroom, teacher=classroom.owner, kind="lesson", lesson=course[4], due=in_days(2)
    )
    served, asked_then = _check_of(client.get(_url(ahead)).content, ahead)  # in turn as homework
    class_services.student_remove(classroom=classroom, student=student)
    practice = client.post(_url(ahead), {"token": served, **right_response(asked_then)})
    assert practice.status_code == 200 and practice.context["check"].graded.correct
    assert b"this answer was marked but not kept" in practice.content
    assert not LessonProgress.objects.exists() and not CheckAnswer.objects.exists()


def test_a_check_in_a_lesson_set_as_homework_counts_out_of_the_courses_order(
    client, course: list[Lesson]
) -> None:
    student = person("sam")
    classroom = a_class(None, student)
    assert classroom.owner is not None
    class_services.assignment_create(
        classroom=classroom, teacher=classroom.owner, kind="lesson", lesson=course[4], due=in_days(2)
    )
    client.force_login(student)
    step = course[4].steps.get(number=1)
    page = client.get(_url(step)).content
    assert b"this check is practice" not in page
    token, puzzle = _check_of(page, step)
    client.post(_url(step), {"token": token, **right_response(puzzle)})
    assert LessonProgress.objects.get(user=student, lesson=course[4]).step_reached == 1
    assert CheckAnswer.objects.filter(user=student).count() == 1 and not ReadAhead.objects.exists()


def test_it_answers_404_for_a_step_that_does_not_exist(client, course: list[Lesson]) -> None:
    assert client.get(reverse("lessons:step", args=[course[0].slug, 99])).status_code == 404


def test_it_records_a_step_in_few_queries(
    client, course: list[Lesson], django_assert_max_num_queries
) -> None:
    user = UserFactory()
    client.force_login(user)
    LessonProgress.objects.create(user=user, lesson=course[0], step_reached=1)
    step = course[0].steps.get(number=2)
    token, puzzle = _check_of(client.get(_url(step)).content, step)
    teachers()  # the rule links' lesson steps, as kept between requests
    # session, user, progress, homework, step; then in a transaction the answer kept, the locked
    # progress row, the later steps already answered right (a step read ahead of its turn) and the
    # update (15 queries before the course outline was kept and the progress row reused)
    with django_assert_max_num_queries(13):
        response = client.post(_url(step), {"token": token, **right_response(puzzle)}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and b"Next step" in response.content
    assert LessonProgress.objects.get(user=user).step_reached == 2


def test_it_writes_only_the_answer_for_a_step_already_reached(client, course: list[Lesson]) -> None:
    user = UserFactory()
    client.force_login(user)
    LessonProgress.objects.create(user=user, lesson=course[0], step_reached=3)
    step = course[0].steps.get(number=2)
    token, puzzle = _check_of(client.get(_url(step)).content, step)
    with CaptureQueriesContext(connection) as queries:
        response = client.post(_url(step), {"token": token, **right_response(puzzle)})
    assert response.status_code == 200 and response.context["check"].graded.correct
    writes = [q["sql"] for q in queries if q["sql"].startswith(("UPDATE", "INSERT"))]
    assert len(writes) == 1 and CheckAnswer._meta.db_table in writes[0]  # the answer, kept once
    assert response.context["state"].step_reached == 3
    assert LessonProgress.objects.get(user=user).step_reached == 3


def test_it_serves_a_check_to_a_signed_in_learner_without_writing(client, course: list[Lesson]) -> None:
    client.force_login(UserFactory())
    step = course[0].steps.get(number=1)
    client.get(_url(step))
    with CaptureQueriesContext(connection) as queries:
        assert client.get(_url(step)).status_code == 200
    assert not [q["sql"] for q in queries if q["sql"].startswith(("INSERT", "UPDATE", "DELETE"))]


def test_it_gives_a_fresh_check_for_one_the_engine_no_longer_makes(client, course: list[Lesson]) -> None:
    from cfmj.accounts.learners import Learner

    user = UserFactory()
    client.force_login(user)
    step = course[0].steps.get(number=1)
    gone = serving.serve(
        Learner(user, ""), serving.check(step.lesson_id, 1, ("rules_quiz", "gone", 1, 7)), serving.STEP
    )
    response = client.post(_url(step), {"token": gone, "choice": "a"}, follow=True)
    assert response.status_code == 200 and b"That check has changed since it was asked" in response.content
    assert not LessonProgress.objects.exists() and not CheckAnswer.objects.exists()


def _opened_to(client, course: list[Lesson], number: int) -> None:
    """A learner who has done every lesson before lesson `number`."""
    user = UserFactory()
    client.force_login(user)
    for lesson in course[: number - 1]:
        LessonProgress.objects.create(user=user, lesson=lesson, completed_at=timezone.now())


def test_a_check_before_categories_asks_the_pattern_alone(client, course: list[Lesson]) -> None:
    _opened_to(client, course, 5)
    step = course[4].steps.get(number=2)  # lesson 5, Pungs and Kongs: Name the hand
    page = client.get(_url(step)).content
    token, puzzle = _check_of(page, step)
    assert puzzle.question["category_choices"] == [] and b'name="category"' not in page
    response = client.post(_url(step), {"token": token, "pattern": puzzle.answer["accepted"][0][1]})
    assert response.context["check"].graded.correct


def test_a_check_before_payouts_asks_the_value_alone(client, course: list[Lesson]) -> None:
    _opened_to(client, course, 11)
    step = course[10].steps.get(number=1)  # lesson 11, the pairs bonus: What is it worth?
    page = client.get(_url(step)).content
    token, puzzle = _check_of(page, step)
    assert puzzle.question["value_only"] and b'name="discarder"' not in page
    assert b"discarder" not in page.split(b"<main", 1)[-1]
    response = client.post(_url(step), {"token": token, "value": str(puzzle.answer["value"])})
    assert response.context["check"].graded.correct


def test_a_fresh_question_after_a_shown_answer_is_not_the_one_missed(
    course: list[Lesson], monkeypatch
) -> None:
    from lessons import views
    from lessons.selectors import scope_of

    step = course[0].steps.get(number=1)
    scope = scope_of(1, step.number)
    kind, focus, band = step.check_kind, step.check_focus, step.check_band
    missed = views._asked(1, (kind, focus, band, 7), scope).puzzle
    other = next(s for s in range(8, 100) if views._asked(1, (kind, focus, band, s), scope).puzzle != missed)
    seeds = iter([7, 7, other])  # the draws: twice the question just missed, then another
    monkeypatch.setattr(views, "_spec", lambda kind, focus, band: (kind, focus or "", band, next(seeds)))
    spec, fresh = views._fresh(step, scope, unlike=missed)
    assert spec[3] == other and fresh.puzzle.content_hash() != missed.content_hash()
