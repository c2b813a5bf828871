"""A class with two students and one piece of drill homework, for the homework view tests."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cfmj.classes import services
from cfmj.classes.models import Assignment, Classroom
from tests.classes.helpers import a_class, in_days, person
from tests.practice.factories import PuzzleFactory


@dataclass(frozen=True)
class Homework:
    classroom: Classroom
    teacher: Any
    sam: Any
    sue: Any
    work: Assignment


def homework_world(kind: str = "drills") -> Homework:
    sam, sue = person("sam"), person("sue")
    classroom = a_class(None, sam, sue)
    assert classroom.owner is not None
    PuzzleFactory.create_batch(4, kind="worth", band=1)
    work = services.assignment_create(
        classroom=classroom,
        teacher=classroom.owner,
        kind=kind,
        drill_kind="worth",
        count=2,
        band=1,
        due=in_days(3),
    )
    return Homework(classroom, classroom.owner, sam, sue, work)


def strangers(world: Homework) -> dict[str, Any]:
    """Everyone who must get 404: another class's teacher, a student of this class, an outsider."""
    return {"other teacher": person("otto", "teacher"), "student": world.sam, "outsider": person("olga")}
