"""A class plays its own house rules and skill level: its homework drills and its session puzzles
are asked, and marked, under that table."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.accounts.learners import Learner
from cfmj.classes import selectors, services, sessions
from cfmj.classes.models import Classroom
from cfmj.engine import check
from cfmj.engine.ruleset import RuleSet
from practice import services as practice_services
from practice.models import Puzzle
from tests.classes.helpers import in_days, person
from tests.classes.session_helpers import _fast_passwords  # noqa: F401
from tests.engine.drills.helpers import right_response
from tests.practice.factories import PuzzleFactory

pytestmark = pytest.mark.django_db
TABLE = RuleSet.make(house_rules=[3], skill_level=3)
KEY = "h3-l3"
COUNT = 3


def _class(*students: Any, house_rules: tuple[int, ...] = (3,), skill_level: int = 3) -> Classroom:
    classroom = services.classroom_create(
        teacher=person("tess", "teacher"),
        name="Table class",
        house_rules=house_rules,
        skill_level=skill_level,
    )
    for student in students:
        services.classroom_join(user=student, code=classroom.code)
    return classroom


def _homework(classroom: Classroom, kind: str = "drills", drill_kind: str = "winning_hand") -> Any:
    assert classroom.owner is not None
    return services.assignment_create(
        classroom=classroom,
        teacher=classroom.owner,
        kind=kind,
        drill_kind=drill_kind,
        count=COUNT,
        band=2,
        due=in_days(3),
    )


def _follows_the_table(puzzle: Puzzle) -> None:
    question = puzzle.question
    assert puzzle.table == KEY and question["table"]["house_rules"] == [3]
    assert "Your class plays house rule 3" in question["prompt"]
    assert "Your class plays skill level 3" in question["prompt"]
    result = check(question["hand"], rules=TABLE, self_drawn=question["self_drawn"])
    assert puzzle.answer["valid"] == result.valid
    assert puzzle.answer["reason_ids"] == [r.id for r in result.reasons]


def test_it_serves_winning_hand_homework_under_the_class_table(client: Client) -> None:
    student = person("sam")
    classroom = _class(student)
    PuzzleFactory.create_batch(4, kind="winning_hand", band=2)  # standard puzzles: never served here
    homework = _homework(classroom)
    assert Puzzle.objects.filter(kind="winning_hand", band=2, table=KEY).count() >= COUNT
    client.force_login(student)
    url = reverse("classes:assignment", args=[classroom.pk, homework.pk])
    for _ in range(COUNT):
        page = client.get(url)
        puzzle = page.context["puzzle"]
        _follows_the_table(puzzle)
        assert "Your class plays skill level 3" in page.content.decode()
        client.post(
            reverse("practice:answer", args=[puzzle.pk]),
            {"token": str(page.context["token"]), "next": url, **right_response(puzzle)},
        )
    status = selectors.statuses(homework, [student])[student.pk]
    assert status.done and status.score == 1.0


def test_it_counts_only_answers_to_the_class_tables_puzzles() -> None:
    student = person("sam")
    classroom = _class(student)
    homework = _homework(classroom)
    standard = PuzzleFactory(kind="winning_hand", band=2)
    practice_services.attempt_record(
        learner=Learner(student, ""), puzzle_id=standard.pk, token=uuid.uuid4(), response={"valid": "yes"}
    )
    assert selectors.statuses(homework, [student])[student.pk].answered == 0


def test_it_keeps_the_homeworks_table_when_the_class_changes_its_rules(client: Client) -> None:
    student = person("sam")
    classroom = _class(student)
    homework = _homework(classroom)
    client.force_login(student)
    url = reverse("classes:assignment", args=[classroom.pk, homework.pk])
    page = client.get(url)
    client.post(
        reverse("practice:answer", args=[page.context["puzzle"].pk]),
        {"token": str(page.context["token"]), "next": url, **right_response(page.context["puzzle"])},
    )
    services.classroom_update(
        classroom=classroom, name=classroom.name, description="", house_rules=[], skill_level=0
    )
    assert selectors.statuses(homework, [student])[student.pk].answered == 1  # nothing undone
    _follows_the_table(client.get(url).context["puzzle"])  # still served under the table it was set with


def test_it_gives_a_standard_class_standard_puzzles() -> None:
    student = person("sam")
    classroom = _class(student, house_rules=(1,), skill_level=0)  # house rule 1 changes no hand
    PuzzleFactory.create_batch(2, kind="winning_hand", band=2)
    homework = _homework(classroom)
    assert not Puzzle.objects.exclude(table="").exists()
    puzzle = selectors.next_assignment_puzzle(homework, student)
    assert puzzle is not None and puzzle.table == "" and "table" not in puzzle.question


def test_it_sets_a_fixed_set_under_the_class_table() -> None:
    homework = _homework(_class(), kind="fixed")
    entries = list(homework.entries.select_related("puzzle"))
    assert len(entries) == COUNT
    for entry in entries:
        _follows_the_table(entry.puzzle)


def test_it_keeps_the_standard_puzzles_for_kinds_that_ignore_the_table() -> None:
    student = person("sam")
    classroom = _class(student)
    PuzzleFactory.create_batch(2, kind="distance", band=2)
    homework = _homework(classroom, drill_kind="distance")
    puzzle = selectors.next_assignment_puzzle(homework, student)
    assert puzzle is not None and puzzle.table == ""
    assert not Puzzle.objects.exclude(table="").exists()


def test_it_puts_a_puzzle_of_the_class_table_on_the_board() -> None:
    classroom = _class()
    assert classroom.owner is not None
    PuzzleFactory(kind="winning_hand", band=2)  # a standard one the session must not take
    session = sessions.session_start(
        classroom=classroom, teacher=classroom.owner, kind="winning_hand", band=2
    )
    _follows_the_table(session.puzzle)
    worth = sessions.session_start(classroom=classroom, teacher=classroom.owner, kind="worth", band=2)
    assert worth.puzzle.table == KEY
    result = check(worth.puzzle.question["hand"], rules=TABLE, self_drawn=worth.puzzle.question["self_drawn"])
    assert result.best is not None and worth.puzzle.answer["value"] == result.best.value
