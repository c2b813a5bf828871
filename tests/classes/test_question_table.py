"""No stray ":" lines under the hand in class homework and on the board. A puzzle
made under a class's house rules records that table in its question as "table" (a mapping of the
options: house rules, skill level, blocks of jokers); "Which jokers can you take?" keeps the
exposures on the table by seat under the same key (a list of rows). The question's drawing took
every "table" for the seat rows, so a class's puzzle showed one empty "seat: exposures" line per
option: a ":" alone on a line, three times. Only seat rows are drawn as seats now."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from cfmj.accounts.models import User
from cfmj.classes import services, sessions
from cfmj.classes.models import Classroom
from cfmj.engine import drills
from tests.classes.helpers import a_class, in_days, person
from tests.classes.session_helpers import _fast_passwords, on_the_board, student_url  # noqa: F401

pytestmark = pytest.mark.django_db

STRAY = re.compile(r"<li>\s*:")  # a seat row with no seat and no exposures


def _house_rules_class() -> tuple[User, User, Classroom]:
    teacher, student = person("tess", "teacher"), person("sam")
    classroom = a_class(teacher, student)
    classroom.house_rules = [3]  # a minimum hand: winning_hand's answer turns on it
    classroom.skill_level = 2
    classroom.save()
    return teacher, student, classroom


def test_it_draws_no_seat_lines_for_a_class_table_on_the_students_board(client) -> None:
    teacher, student, classroom = _house_rules_class()
    session = sessions.session_start(classroom=classroom, teacher=teacher, kind="winning_hand", band=2)
    assert isinstance(session.puzzle.question.get("table"), dict)  # asked under the class's table
    client.force_login(student)
    page = client.get(student_url(classroom)).content.decode()
    assert 'class="rack-view"' in page
    assert not STRAY.search(page) and "table-exposures" not in page
    client.force_login(teacher)
    for url in (
        reverse("classes:session_board", args=[classroom.pk]),
        reverse("classes:session_control", args=[classroom.pk, session.pk]),
    ):
        page = client.get(url).content.decode()
        assert 'class="rack-view"' in page
        assert not STRAY.search(page) and "table-exposures" not in page


def test_it_draws_no_seat_lines_for_a_class_table_in_homework(client) -> None:
    teacher, student, classroom = _house_rules_class()
    work = services.assignment_create(
        classroom=classroom,
        teacher=teacher,
        kind="drills",
        due=in_days(3),
        drill_kind="winning_hand",
        count=2,
        band=2,
    )
    client.force_login(student)
    response = client.get(reverse("classes:assignment", args=[classroom.pk, work.pk]))
    page = response.content.decode()
    assert response.status_code == 200
    assert isinstance(response.context["puzzle"].question.get("table"), dict)
    assert 'class="rack-view"' in page
    assert not STRAY.search(page) and "table-exposures" not in page


def test_it_still_draws_each_seats_exposures_for_which_jokers(client) -> None:
    teacher, student = person("tess", "teacher"), person("sam")
    classroom = a_class(teacher, student)
    session = on_the_board(classroom, teacher, kind="joker_exchange")
    client.force_login(student)
    page = client.get(student_url(classroom)).content.decode()
    seats = [row["seat"] for row in session.puzzle.question["table"]]
    drawn = re.findall(r"<li>(\w+): ", page)
    assert drawn == seats and not STRAY.search(page)


def test_seat_rows_reads_only_the_seats_of_a_table() -> None:
    made = drills.generate("joker_exchange", seed=3, band=2)
    assert drills.seat_rows(made.question) == made.question["table"]
    under_rules = drills.generate("winning_hand", seed=3, band=2, table=drills.RuleSet(skill_level=2))
    assert isinstance(under_rules.question["table"], dict)
    assert drills.seat_rows(under_rules.question) == []
    assert drills.seat_rows({"prompt": "no table"}) == []
