"""Homework set for some students only: the others neither see it due nor count in its report."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cfmj.classes import homework, selectors, services
from cfmj.classes.reports import class_report
from tests.classes.helpers import a_class, in_days, person

pytestmark = pytest.mark.django_db


def test_only_the_chosen_students_have_it_due_and_count_in_the_report(course) -> None:
    sam, sue = person("sam"), person("sue")
    classroom = a_class(None, sam, sue)
    assert classroom.owner is not None
    work = services.assignment_create(
        classroom=classroom, teacher=classroom.owner, kind="lesson", lesson=course[2], due=in_days(2)
    )
    homework.students_set(assignment=work, students=[sue])
    assert [item.assignment for item in selectors.due_for(sue)] == [work]
    assert selectors.due_for(sam) == []
    assert course[2].pk in selectors.assigned_lesson_ids(sue)
    assert course[2].pk not in selectors.assigned_lesson_ids(sam)
    report = class_report(classroom)
    (row,) = report.assignments
    assert row.of == 1
    rows = {s.username: s for s in report.students}
    assert (rows["sam"].assignments_set, rows["sue"].assignments_set) == (0, 1)
    assert rows["sam"].assignments_late == 0


def test_a_student_who_joins_later_gets_homework_set_for_the_whole_class(course) -> None:
    classroom = a_class()
    assert classroom.owner is not None
    work = services.assignment_create(
        classroom=classroom, teacher=classroom.owner, kind="lesson", lesson=course[0], due=in_days(2)
    )
    newcomer = person("nina")
    services.classroom_join(user=newcomer, code=classroom.code)
    assert [item.assignment for item in selectors.due_for(newcomer)] == [work]


def test_only_the_classs_own_students_can_be_chosen(course) -> None:
    sam = person("sam")
    classroom = a_class(None, sam)
    other = a_class(person("otto", "teacher"), person("ola"), name="Library hall")
    assert classroom.owner is not None
    work = services.assignment_create(
        classroom=classroom, teacher=classroom.owner, kind="lesson", lesson=course[0], due=in_days(2)
    )
    stranger = other.memberships.get(role="student").user
    with pytest.raises(services.ClassError):
        homework.students_set(assignment=work, students=[sam, stranger])
    assert not work.students.exists()


def test_the_class_page_says_whom_homework_is_set_for(client, course) -> None:
    sam, sue = person("sam"), person("sue")
    classroom = a_class(None, sam, sue)
    assert classroom.owner is not None
    work = services.assignment_create(
        classroom=classroom, teacher=classroom.owner, kind="lesson", lesson=course[2], due=in_days(2)
    )
    client.force_login(classroom.owner)
    page = client.get(reverse("classes:detail", args=[classroom.pk])).content.decode()
    assert "only</span>" not in page  # set for the whole class: nothing to say
    homework.students_set(assignment=work, students=[sue])
    page = client.get(reverse("classes:detail", args=[classroom.pk])).content.decode()
    assert '<span class="for-some">For sue only</span>' in page
