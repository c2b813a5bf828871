"""The class report (cfmj.classes.reports) and its template: per student, per piece of homework,
and the rules the class misses most."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.template.loader import render_to_string
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.html import escape

from cfmj.classes import reports, services
from cfmj.classes.reports import class_report
from cfmj.engine.rulebook import section_title
from lessons.models import Lesson, LessonProgress
from lessons.selectors import teacher_of
from practice.models import Attempt
from tests.classes.report_world import World, build, wrong
from tests.practice.factories import AttemptFactory, PuzzleFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(django_user_model: Any, course: list[Lesson]) -> World:
    return build(django_user_model, course)


def test_it_reports_each_active_student_by_username(world: World) -> None:
    report = class_report(world.classroom)
    assert [s.username for s in report.students] == ["ann", "bob", "dan"]


def test_it_counts_lessons_and_homework_done_and_late(world: World) -> None:
    ann, bob, dan = class_report(world.classroom).students
    assert (ann.lessons_done, ann.assignments_done, ann.assignments_late) == (1, 2, 1)
    assert (bob.lessons_done, bob.assignments_done, bob.assignments_late) == (0, 0, 1)
    assert (dan.lessons_done, dan.assignments_done, dan.assignments_late) == (0, 0, 1)


def test_it_gives_accuracy_and_level_only_for_the_kinds_tried(world: World) -> None:
    ann, bob, dan = class_report(world.classroom).students
    assert [(k.kind, k.attempts, k.correct, k.percent, k.level) for k in ann.kinds] == [
        ("winning_hand", 2, 2, 100, "Steady"),
        ("worth", 1, 0, 0, "Not started"),
    ]
    assert [(k.kind, k.attempts, k.correct) for k in bob.kinds] == [
        ("winning_hand", 1, 0),
        ("worth", 3, 0),
        ("call", 2, 0),
    ]
    assert dan.kinds == () and ann.kind("call") is None


def test_it_takes_the_latest_of_attempts_and_lesson_progress_as_last_active(world: World) -> None:
    ann, bob, dan = class_report(world.classroom).students
    assert ann.last_active == world.ann_seen  # her lesson, after her attempts
    assert bob.last_active == world.bob_seen  # his latest attempt
    assert dan.last_active is None


def test_it_reports_each_piece_of_homework_soonest_due_first(world: World) -> None:
    drill, lesson = class_report(world.classroom).assignments
    assert drill.assignment == world.drill_homework and lesson.assignment == world.lesson_homework
    assert drill.title == world.drill_homework.title and drill.due == world.drill_homework.due
    assert (drill.finished, drill.late, drill.finished_names, drill.of) == (1, 3, ("ann",), 3)
    # The average says whom it is of: the finishers (ann, 1.0); with bob still working (0.0), 50%.
    assert drill.average_score == pytest.approx(1.0) and drill.average_percent == 100
    assert drill.started == 1 and drill.started_score == pytest.approx(0.5) and drill.started_percent == 50
    assert (lesson.finished, lesson.late, lesson.finished_names) == (1, 0, ("ann",))
    assert lesson.average_score == pytest.approx(0.8)  # only ann has a quiz score


def test_it_ranks_the_rules_missed_with_the_lesson_that_teaches_them(world: World) -> None:
    report = class_report(world.classroom)
    missed = {rule.section: rule for rule in report.missed_rules}
    assert report.missed_rules[0].section == "3" and missed["3"].misses == 4  # ann 1 + bob 3 worth
    assert missed["6"].misses == 2  # bob's calls: cat's joker exchanges left with her
    assert len(report.missed_rules) <= reports.TOP_RULES
    assert missed["3"].rules_url == reverse("lessons:rules") + "#section-3"
    assert missed["3"].title == section_title("3") and not missed["3"].title.startswith("§")
    teacher = teacher_of("3")
    assert teacher is not None and missed["3"].teacher == teacher
    assert report.misses_examined == 7 and not report.capped  # 1 + 1 + 3 + 2: cat's are not read


def test_it_does_not_list_a_student_who_left_but_keeps_their_attempts(world: World) -> None:
    report = class_report(world.classroom)
    assert "cat" not in [s.username for s in report.students]
    assert all("cat" not in a.finished_names for a in report.assignments)
    assert Attempt.objects.filter(user=world.people["cat"]).count() == 4


def test_it_reads_only_the_latest_wrong_answers(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reports, "MISSES_EXAMINED", 2)
    report = class_report(world.classroom)
    assert report.capped and report.misses_examined == 2
    assert [(r.section, r.misses) for r in report.missed_rules] == [("6", 2)]  # bob's two calls, last


def test_it_leaves_out_right_answers(django_user_model: Any, course: list[Lesson]) -> None:
    teacher = django_user_model.objects.create_user("t", password="pw-tiles-123", role="teacher")
    classroom = services.classroom_create(teacher=teacher, name="Right only")
    student = django_user_model.objects.create_user("eve", password="pw-tiles-123")
    services.classroom_join(user=student, code=classroom.code)
    AttemptFactory(user=student, puzzle=PuzzleFactory(kind="worth"))
    report = class_report(classroom)
    assert report.missed_rules == () and report.misses_examined == 0


def test_it_asks_the_same_number_of_queries_for_more_students(world: World, django_user_model: Any) -> None:
    class_report(world.classroom)  # the lesson steps per rule are read once, then kept a minute
    with CaptureQueriesContext(connection) as few:
        class_report(world.classroom)
    assert world.lesson_homework.lesson is not None
    for name in ("fay", "gus", "hal"):
        person = django_user_model.objects.create_user(name, password="pw-tiles-123")
        services.classroom_join(user=person, code=world.classroom.code)
        AttemptFactory(user=person, puzzle=PuzzleFactory(kind="distance"))
        wrong(person, "call")
        LessonProgress.objects.create(user=person, lesson=world.lesson_homework.lesson, step_reached=1)
    with CaptureQueriesContext(connection) as more:
        report = class_report(world.classroom)
    assert len(report.students) == 6
    assert len(more) == len(few)


def _html(world: World) -> str:
    return render_to_string(
        "classes/_report.html", {"classroom": world.classroom, "report": class_report(world.classroom)}
    )


def test_it_renders_a_card_per_student_and_per_homework_with_links(world: World) -> None:
    html = _html(world)
    cards = html.split('id="report-students-title"', 1)[1]
    assert "<table" not in cards  # cards, never wider than a phone
    ann = world.people["ann"]
    assert f'<a href="{reverse("classes:student", args=[world.classroom.pk, ann.pk])}">ann</a>' in html
    assert "Winning hand? 100% of 2 — Steady" in html
    drill_url = reverse("classes:assignment", args=[world.classroom.pk, world.drill_homework.pk])
    assert f'<a href="{drill_url}">{escape(world.drill_homework.title)}</a>' in html
    assert "1 of 3" in html and "80%" in html
    assert "100% (average of 1)" in html and "50% (average of 2, 1 not finished)" in html
    assert "Never" in html and "No drills yet" in html  # dan
    assert reverse("classes:export_csv", args=[world.classroom.pk]) in html


def test_it_renders_the_rules_missed_with_links(world: World) -> None:
    html = _html(world)
    teacher = teacher_of("3")
    assert teacher is not None
    title = escape(section_title("3"))
    named = f'<a href="/rules/#section-3">{title}</a> <span class="note">(§3)</span>'
    assert f"{named} — missed 4 times; taught in " in html
    assert f'<a href="{teacher.url}">{escape(teacher.label)}</a>' in html
    assert "missed 2 times" in html and "From the students' 7 wrong answers" in html


def test_it_says_so_in_plain_words_when_there_is_nothing_yet(django_user_model: Any) -> None:
    teacher = django_user_model.objects.create_user("t", password="pw-tiles-123", role="teacher")
    classroom = services.classroom_create(teacher=teacher, name="Brand new")
    html = render_to_string(
        "classes/_report.html", {"classroom": classroom, "report": class_report(classroom)}
    )
    assert "No students in the class yet" in html
    assert "No homework set yet." in html
    assert "No wrong answers in the drills yet" in html
    assert "<table" not in html


def test_it_grids_each_student_against_each_homework(world: World) -> None:
    """ann finished the drill homework a day late and lesson 1 on time; bob answered the drill
    homework once (it is overdue) and nothing of the lesson; dan nothing."""
    report = class_report(world.classroom)
    assert [a.assignment for a in report.assignments] == [world.drill_homework, world.lesson_homework]
    grid = {row.user.username: [cell.words for cell in row.cells] for row in report.grid}
    assert grid == {
        "ann": ["✓ done late", "✓ done"],
        "bob": ["late", "— not started"],
        "dan": ["late", "— not started"],
    }


def test_the_grid_says_started_and_not_set(world: World, django_user_model: Any) -> None:
    from cfmj.classes import homework
    from cfmj.classes.reports import grid_cell
    from cfmj.classes.selectors import statuses

    eve = django_user_model.objects.create_user("eve", password="pw-tiles-123")
    services.classroom_join(user=eve, code=world.classroom.code)
    homework.students_set(assignment=world.lesson_homework, students=[world.people["bob"], eve])
    assert world.lesson_homework.lesson is not None
    LessonProgress.objects.create(user=eve, lesson=world.lesson_homework.lesson, step_reached=1)
    report = class_report(world.classroom)
    grid = {row.user.username: [cell.words for cell in row.cells] for row in report.grid}
    assert grid["eve"] == ["late", "started"] and grid["ann"][1] == "not set"
    assert grid_cell(statuses(world.lesson_homework, [eve])[eve.pk]).state == "started"


def test_it_renders_the_grid_as_one_table_in_a_named_region_readable_without_colour(world: World) -> None:
    html = _html(world)
    assert html.count("<table") == 1  # the grid; the rest are cards, never wider than a phone
    region = html.split('<div class="table-scroll homework-grid-scroll"', 1)[1].split("</div>", 1)[0]
    assert 'role="region" aria-labelledby="report-grid-title" tabindex="0"' in region
    assert '<th scope="col">Student</th>' in region
    bob = world.people["bob"]
    row = region.split(f'{reverse("classes:student", args=[world.classroom.pk, bob.pk])}">bob</a></th>', 1)[1]
    row = row.split("</tr>", 1)[0]
    assert row == '<td class="grid-late">late</td><td class="grid-not-started">— not started</td>'
    assert "✓ done late" in region and '<td class="grid-done">✓ done</td>' in region


def test_the_grid_waits_for_students_and_homework(django_user_model: Any) -> None:
    teacher = django_user_model.objects.create_user("t", password="pw-tiles-123", role="teacher")
    classroom = services.classroom_create(teacher=teacher, name="Brand new")
    html = render_to_string(
        "classes/_report.html", {"classroom": classroom, "report": class_report(classroom)}
    )
    assert "Homework at a glance" not in html
