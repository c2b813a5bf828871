"""Loading the course and moving progress: reloading is safe and progress is never lost."""

from __future__ import annotations

import dataclasses

import pytest
from django.utils import timezone

from cfmj.accounts.learners import Learner
from cfmj.engine import drills
from lessons.models import Lesson, LessonProgress, ReadAhead, Step
from lessons.services import (
    lessons_load,
    quiz_passed,
    read_ahead_mark,
    step_check_record,
    visitor_lessons_claim,
)
from tests.accounts.factories import UserFactory
from tests.course import course_sources

pytestmark = pytest.mark.django_db


def test_it_loads_the_course_once_however_often_it_runs() -> None:
    first = lessons_load(sources=list(course_sources()))
    second = lessons_load(sources=list(course_sources()))
    assert first.created == len(course_sources()) and second.unchanged == len(course_sources())
    assert second.created == second.updated == second.retired == 0
    assert Lesson.objects.count() == len(course_sources())


def test_it_updates_a_changed_lesson_and_keeps_its_progress(course: list[Lesson]) -> None:
    user = UserFactory()
    LessonProgress.objects.create(user=user, lesson=course[0], step_reached=2)
    sources = list(course_sources())
    sources[0] = dataclasses.replace(sources[0], title="The tiles, again", source_hash="changed")
    report = lessons_load(sources=sources)
    assert report.updated == 1
    assert Lesson.objects.get(pk=course[0].pk).title == "The tiles, again"
    assert LessonProgress.objects.get(user=user).step_reached == 2


def test_it_retires_a_lesson_whose_file_went_away_and_keeps_its_progress(course: list[Lesson]) -> None:
    user = UserFactory()
    LessonProgress.objects.create(user=user, lesson=course[-1], completed_at=timezone.now())
    report = lessons_load(sources=list(course_sources())[:-1])
    assert report.retired == 1
    assert not Lesson.objects.get(pk=course[-1].pk).active
    assert LessonProgress.objects.filter(user=user, lesson=course[-1]).exists()


def test_it_moves_a_visitors_progress_to_their_account(course: list[Lesson]) -> None:
    user = UserFactory()
    LessonProgress.objects.create(
        visitor="v-9", lesson=course[0], step_reached=3, completed_at=timezone.now(), quiz_best=4, quiz_size=5
    )
    LessonProgress.objects.create(visitor="v-9", lesson=course[1], step_reached=2)
    LessonProgress.objects.create(user=user, lesson=course[1], step_reached=1, quiz_best=0)
    assert visitor_lessons_claim(user=user, visitor="v-9") == 2
    mine = {p.lesson_id: p for p in LessonProgress.objects.filter(user=user)}
    assert mine[course[0].pk].done and mine[course[0].pk].quiz_best == 4
    assert mine[course[1].pk].step_reached == 2 and mine[course[1].pk].quiz_best == 0
    assert not LessonProgress.objects.filter(visitor="v-9").exists()


def test_it_keeps_the_furthest_step_read_ahead_and_never_takes_it_back(course: list[Lesson]) -> None:
    user = UserFactory()
    me = Learner(user, "")
    read_ahead_mark(learner=me, lesson_id=course[4].pk, step=2)
    read_ahead_mark(learner=me, lesson_id=course[4].pk, step=1)  # an earlier step, read again
    assert ReadAhead.objects.get(user=user, lesson=course[4]).step == 2
    read_ahead_mark(learner=me, lesson_id=course[4].pk, step=3)
    assert ReadAhead.objects.get(user=user, lesson=course[4]).step == 3
    assert not LessonProgress.objects.exists()  # reading is no progress
    with pytest.raises(ValueError, match="an id"):
        read_ahead_mark(learner=Learner(None, ""), lesson_id=course[4].pk, step=1)


def test_it_moves_the_lessons_a_visitor_read_ahead_to_their_account(course: list[Lesson]) -> None:
    user = UserFactory()
    ReadAhead.objects.create(visitor="v-9", lesson=course[4], step=3)
    ReadAhead.objects.create(visitor="v-9", lesson=course[5], step=1)
    ReadAhead.objects.create(user=user, lesson=course[5], step=2)
    ReadAhead.objects.create(visitor="v-other", lesson=course[6], step=1)
    visitor_lessons_claim(user=user, visitor="v-9")
    mine = dict(ReadAhead.objects.filter(user=user).values_list("lesson_id", "step"))
    assert mine == {course[4].pk: 3, course[5].pk: 2}  # the furthest of each
    assert list(ReadAhead.objects.filter(user__isnull=True).values_list("visitor", flat=True)) == ["v-other"]


def test_it_moves_a_visitors_quiz_score_with_its_size(course: list[Lesson]) -> None:
    user = UserFactory()
    LessonProgress.objects.create(
        visitor="v-9",
        lesson=course[0],
        quiz_last=4,
        quiz_best=4,
        quiz_size=5,
        completed_at=timezone.now(),
        tested_out=True,
    )
    LessonProgress.objects.create(user=user, lesson=course[0], step_reached=1)
    visitor_lessons_claim(user=user, visitor="v-9")
    mine = LessonProgress.objects.get(user=user, lesson=course[0])
    assert (mine.quiz_best, mine.quiz_size) == (4, 5)  # "quiz 4 of 5", not "quiz 4 of None"
    assert mine.done and mine.step_reached == 1


def test_it_passes_a_quiz_at_three_fifths() -> None:
    assert [quiz_passed(score, 5) for score in range(6)] == [False, False, False, True, True, True]
    assert [quiz_passed(score, 3) for score in range(4)] == [False, False, True, True]
    assert not quiz_passed(0, 0)


def test_it_skips_reading_the_files_when_none_changed(tmp_path, monkeypatch) -> None:
    import shutil

    from lessons import services
    from lessons.content import CONTENT_DIR

    for path in sorted(CONTENT_DIR.glob("0[12]-*.md")):
        shutil.copy(path, tmp_path / path.name)
    assert lessons_load(folder=tmp_path).created == 2
    reads: list[object] = []

    def read_lessons(folder: object) -> list[object]:
        reads.append(folder)
        return []

    monkeypatch.setattr(services, "read_lessons", read_lessons)
    assert lessons_load(folder=tmp_path).unchanged == 2 and reads == []  # the files were not read
    (tmp_path / "02-blocks.md").write_text((tmp_path / "02-blocks.md").read_text() + "\nMore.\n")
    monkeypatch.undo()
    assert lessons_load(folder=tmp_path).updated == 1


def test_it_never_moves_a_step_back_for_a_row_read_before(course: list[Lesson]) -> None:
    user = UserFactory()
    seen = LessonProgress.objects.create(user=user, lesson=course[0], step_reached=1)
    LessonProgress.objects.filter(pk=seen.pk).update(step_reached=3)  # another tab went further meanwhile
    step = Step.objects.get(lesson=course[0], number=2)
    progress = step_check_record(learner=Learner(user=user, visitor=""), step=step, progress=seen)
    assert progress.step_reached == 3 and LessonProgress.objects.get(pk=seen.pk).step_reached == 3
    step = Step.objects.get(lesson=course[0], number=4)
    progress = step_check_record(learner=Learner(user=user, visitor=""), step=step, progress=progress)
    assert progress.step_reached == 4
    assert LessonProgress.objects.get(pk=seen.pk).step_reached == 4


def test_it_keeps_a_check_answered_once_under_its_token(course: list[Lesson]) -> None:
    import uuid

    from lessons.models import CheckAnswer
    from lessons.services import step_check_answer

    learner = Learner(user=UserFactory(), visitor="")
    step = Step.objects.get(lesson=course[0], number=1)
    token = uuid.uuid4()
    puzzle = drills.generate(step.check_kind, seed=1, band=step.check_band, focus=step.check_focus or None)
    first = step_check_answer(
        learner=learner, step=step, token=token, response={"choice": "a"}, correct=True, puzzle=puzzle
    )
    again = step_check_answer(
        learner=learner,
        step=step,
        token=token,
        response={"choice": "b"},
        correct=False,
        puzzle=puzzle,
        progress=first.progress,
    )
    assert first.first and not again.first and again.kept.pk == first.kept.pk
    kept = again.kept
    assert (kept.responses, kept.score, kept.size, kept.step) == ([{"choice": "a"}], 1, 1, 1)
    assert CheckAnswer.objects.count() == 1 and LessonProgress.objects.get().step_reached == 1


def test_it_keeps_a_quiz_answered_once_under_its_token(course: list[Lesson]) -> None:
    import uuid

    from lessons.models import CheckAnswer
    from lessons.services import quiz_answer

    learner = Learner(user=UserFactory(), visitor="")
    token = uuid.uuid4()
    passed = quiz_answer(learner=learner, lesson=course[0], token=token, responses=[{}] * 4, score=4, size=4)
    failed = quiz_answer(learner=learner, lesson=course[0], token=token, responses=[{}] * 4, score=0, size=4)
    assert passed.first and passed.progress is not None and passed.progress.done
    assert not failed.first and failed.kept.score == 4
    progress = LessonProgress.objects.get()
    assert (progress.quiz_last, progress.quiz_best) == (4, 4) and CheckAnswer.objects.get().step is None


def test_it_moves_a_visitors_answered_checks_to_their_account(course: list[Lesson]) -> None:
    import uuid

    from lessons.models import CheckAnswer

    user = UserFactory()
    for visitor in ("v-9", "v-other"):
        CheckAnswer.objects.create(
            token=uuid.uuid4(), visitor=visitor, lesson=course[0], step=1, responses=[{}], score=1, size=1
        )
    visitor_lessons_claim(user=user, visitor="v-9")
    assert list(CheckAnswer.objects.filter(user=user).values_list("visitor", flat=True)) == [""]
    assert CheckAnswer.objects.filter(user__isnull=True, visitor="v-other").count() == 1  # not theirs


def test_a_step_answered_ahead_of_its_turn_counts_once_the_steps_before_are_done(
    course: list[Lesson],
) -> None:
    import uuid

    from lessons.services import step_check_answer

    learner = Learner(user=UserFactory(), visitor="")
    steps = {step.number: step for step in Step.objects.filter(lesson=course[0])}

    def right(number: int) -> int:
        step = steps[number]
        puzzle = drills.generate(
            step.check_kind, seed=number, band=step.check_band, focus=step.check_focus or None
        )
        answered = step_check_answer(
            learner=learner, step=step, token=uuid.uuid4(), response={}, correct=True, puzzle=puzzle
        )
        assert answered.progress is not None
        return answered.progress.step_reached

    assert right(1) == 1
    assert right(3) == 1  # read ahead (step 2 not done): not reached yet
    assert right(2) == 3  # step 2 done: through to step 3
    assert LessonProgress.objects.get().step_reached == 3
