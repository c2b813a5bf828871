"""Progress on "play N hands" homework: which hands count (finished, in the homework's mode, at the
class's table as it was set, started after it was set, the student's own), and where a student and
a teacher see it: the student's homework lists, the Play page it leads to, the teacher's pages and
the gradebook."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone

from cfmj.classes import services
from cfmj.classes.gradebook import gradebook_rows
from cfmj.classes.homework import students_set
from cfmj.classes.models import Assignment, Classroom
from cfmj.classes.selectors import due_for, statuses
from cfmj.play.models import Game
from cfmj.play.stats import hands_finished
from tests.classes.helpers import a_class, drill_homework, in_days, person
from tests.factories import PlayGameFactory

pytestmark = pytest.mark.django_db


@dataclass(frozen=True)
class World:
    classroom: Classroom
    sam: Any
    sue: Any
    work: Assignment


@pytest.fixture
def world() -> World:
    sam, sue = person("sam"), person("sue")
    classroom = a_class(None, sam, sue)
    services.classroom_update(
        classroom=classroom, name="Tue", description="", house_rules=[1, 3], skill_level=2
    )
    classroom.refresh_from_db()
    assert classroom.owner is not None
    work = services.assignment_create(
        classroom=classroom, teacher=classroom.owner, kind="play", due=in_days(3), count=3, play_mode="test"
    )
    return World(classroom, sam, sue, work)


def _hand(
    owner: Any, *, at_table: bool = True, ended: datetime.datetime | None = None, **kwargs: Any
) -> Game:
    table = {"house_rules": [1, 3], "skill_level": 2} if at_table else {}
    game = PlayGameFactory(owner=owner, **{"mode": "test", **table, **kwargs})
    if ended is not None:
        Game.objects.filter(pk=game.pk).update(finished_at=ended)
    return game


def test_only_the_students_finished_hands_in_the_mode_at_the_table_after_it_was_set_count(
    world: World,
) -> None:
    before = _hand(world.sam)
    Game.objects.filter(pk=before.pk).update(created_at=world.work.created_at - datetime.timedelta(minutes=1))
    _hand(world.sam, status="playing", result=None, final_distance=None)  # not finished
    _hand(world.sam, mode="practice")  # another mode
    _hand(world.sam, at_table=False)  # other rules
    _hand(world.sam, house_rules=[3], skill_level=2)  # without rule 1: not the class's table
    _hand(world.sue)  # someone else's
    _hand(world.sam)
    _hand(world.sam, won=True)
    status = statuses(world.work, [world.sam, world.sue])
    assert (status[world.sam.pk].answered, status[world.sam.pk].needed, status[world.sam.pk].done) == (
        2,
        3,
        False,
    )
    assert status[world.sam.pk].score is None
    assert status[world.sue.pk].answered == 1


def test_it_is_done_at_the_nth_hand_and_late_when_that_came_after_the_due_day(world: World) -> None:
    ends = [timezone.now() + datetime.timedelta(days=d) for d in (1, 2, 5, 6)]
    for end in ends:
        _hand(world.sam, ended=end)
    status = statuses(world.work, [world.sam])[world.sam.pk]
    assert status.done and status.answered == 3 and status.finished_at == ends[2] and status.late
    assert due_for(world.sam) == []  # done: no longer to do
    _hand(world.sue, ended=ends[0])
    assert [item.status.answered for item in due_for(world.sue)] == [1]


def test_a_change_of_the_classs_rules_does_not_change_what_counts(world: World) -> None:
    services.classroom_update(
        classroom=world.classroom, name="Tue", description="", house_rules=[], skill_level=0
    )
    _hand(world.sam)
    _hand(world.sam, at_table=False)
    assert statuses(world.work, [world.sam])[world.sam.pk].answered == 1


def test_the_student_sees_their_progress_in_hands_and_is_led_to_the_play_page(client, world: World) -> None:
    _hand(world.sam)
    _hand(world.sam)
    _hand(world.sue)
    client.force_login(world.sam)
    class_page = client.get(reverse("classes:detail", args=[world.classroom.pk])).content.decode()
    assert "Play 3 hands in test mode" in class_page and "2 of 3 hands" in class_page
    home = client.get(reverse("practice:dashboard")).content.decode()
    assert "Homework to do" in home and "2 of 3 hands" in home
    response = client.get(reverse("classes:assignment", args=[world.classroom.pk, world.work.pk]))
    assert response.status_code == 302 and response.url == f"{reverse('play:home')}?homework={world.work.pk}"


def test_the_play_page_is_set_for_the_homework(client, world: World) -> None:
    _hand(world.sam)
    client.force_login(world.sam)
    response = client.get(reverse("play:home"), {"homework": world.work.pk})
    assert response.status_code == 200
    assert response.context["homework"].status.answered == 1
    assert response.context["defaults"]["house_rules"] == [1, 3]
    assert response.context["defaults"]["skill_level"] == 2 and response.context["defaults"]["mode"] == "test"
    html = response.content.decode()
    assert "Homework: Play 3 hands in test mode" in html and "1 of 3 hands" in html
    assert 'name="mode" value="test" checked' in html


@pytest.mark.parametrize(
    "forged", ["other student", "other class", "not a number", "drills", "superscript", "too long"]
)
def test_the_play_page_ignores_homework_that_is_not_the_students(client, world: World, forged: str) -> None:
    outsider = person("olga")
    other = a_class(person("otto", "teacher"), outsider, name="Other")
    assert other.owner is not None
    theirs = services.assignment_create(
        classroom=other, teacher=other.owner, kind="play", due=in_days(3), count=1, play_mode="test"
    )
    assert world.classroom.owner is not None
    mine_only = services.assignment_create(
        classroom=world.classroom,
        teacher=world.classroom.owner,
        kind="play",
        due=in_days(3),
        count=1,
        play_mode="test",
    )
    students_set(assignment=mine_only, students=[world.sue])
    ids: dict[str, object] = {
        "other student": mine_only.pk,
        "other class": theirs.pk,
        "not a number": "1;drop",
        "drills": 0,
        "superscript": "²",  # str.isdigit() says yes, int() refuses it
        "too long": "9" * 40,  # past every database's whole numbers
    }
    if forged == "drills":
        ids["drills"] = drill_homework(world.classroom).pk
    client.force_login(world.sam)
    response = client.get(reverse("play:home"), {"homework": ids[forged]})
    assert response.status_code == 200 and response.context["homework"] is None
    assert "Homework:" not in response.content.decode()


def test_a_teacher_sees_each_students_hands_and_the_gradebook_counts_them(client, world: World) -> None:
    for _ in range(3):
        _hand(world.sam)
    _hand(world.sue)
    client.force_login(world.classroom.owner)
    page = client.get(
        reverse("classes:assignment", args=[world.classroom.pk, world.work.pk])
    ).content.decode()
    assert "Done" in page and "1 of 3 hands" in page
    report = client.get(reverse("classes:student", args=[world.classroom.pk, world.sue.pk])).content.decode()
    assert "1 of 3 hands" in report
    rows = gradebook_rows(world.classroom)
    column = rows[0].index(f"Play 3 hands in test mode, due {world.work.due.isoformat()}: progress")
    assert {row[1]: row[column] for row in rows[1:3]} == {"sam": "done", "sue": "started"}
    assert {row[1]: row[2] for row in rows[1:3]} == {"sam": "1", "sue": "0"}


def test_a_later_change_to_a_finished_hand_does_not_move_when_it_ended(world: World) -> None:
    """A coach switch or a share after the due date leaves an on-time hand on time."""
    game = _hand(world.sam, ended=world.work.created_at + datetime.timedelta(minutes=5))
    Game.objects.filter(pk=game.pk).update(updated_at=world.work.created_at + datetime.timedelta(days=30))
    ended = hands_finished([world.sam.pk], mode="test", table=world.work.table, since=world.work.created_at)
    game.refresh_from_db()
    assert ended[world.sam.pk] == [game.finished_at]
