"""/classes/<pk>/homework/<id>/ never runs dry: a student whose homework's pool holds no puzzle new
to them gets one made in the request (a fast kind), or is told one is being made, on a page that
refreshes itself (a slow kind, made by the worker). A fixed set is drawn from puzzles none of the
class's students has seen.

Found in a walk: a class with a house rule set "10 × Winning hand? (difficulty 1)" twice; the second
stopped at 5 of 10 with "No puzzle is ready just now" for good: setting it made nothing, as the
class's table already held 15 puzzles (10 of them answered in the first homework)."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.accounts.models import User
from cfmj.classes import selectors, services
from cfmj.classes.models import Assignment, Classroom
from practice.models import Attempt, Puzzle, PuzzleBatch
from tests.classes.helpers import a_class, in_days, person
from tests.engine.drills.helpers import right_response
from tests.practice.factories import AttemptFactory, PuzzleFactory

pytestmark = pytest.mark.django_db


def _house_rules_class(*students: User) -> Classroom:
    classroom = a_class(None, *students)
    classroom.house_rules = [3]  # a minimum hand: "Winning hand?" is asked under the class's table
    classroom.save()
    return classroom


def _set(classroom: Classroom, *, kind: str = "drills", drill_kind: str = "winning_hand", count: int = 10):
    assert classroom.owner is not None
    return services.assignment_create(
        classroom=classroom,
        teacher=classroom.owner,
        kind=kind,
        drill_kind=drill_kind,
        count=count,
        band=1,
        due=in_days(3),
    )


def _do(client: Client, classroom: Classroom, work: Assignment) -> int:
    """Answer the homework's puzzles, right, as its page serves them: how many were served."""
    url = reverse("classes:assignment", args=[classroom.pk, work.pk])
    served = 0
    for _ in range(work.count + 1):
        page = client.get(url)
        assert page.status_code == 200
        puzzle = page.context.get("puzzle")
        if puzzle is None:
            break
        served += 1
        answer = client.post(
            reverse("practice:answer", args=[puzzle.pk]),
            {"token": str(page.context["token"]), "next": url, **right_response(puzzle)},
        )
        assert answer.status_code == 200
    return served


def test_it_serves_every_puzzle_of_the_same_homework_set_twice_on_a_class_table(client) -> None:
    sam = person("sam")
    classroom = _house_rules_class(sam)
    client.force_login(sam)
    first = _set(classroom)
    assert _do(client, classroom, first) == 10
    second = _set(classroom)
    assert _do(client, classroom, second) == 10
    status = selectors.statuses(second, [sam])[sam.pk]
    assert status.done and status.answered == 10
    url = reverse("classes:assignment", args=[classroom.pk, second.pk])
    assert b"No puzzle is ready" not in client.get(url).content


def test_it_makes_a_fast_kinds_puzzle_in_the_request_when_the_student_has_seen_them_all(client) -> None:
    sam = person("sam")
    classroom = _house_rules_class(sam)
    work = _set(classroom, count=3)
    table = work.table
    for puzzle in Puzzle.objects.filter(table=table, kind="winning_hand", band=1):
        AttemptFactory(user=sam, puzzle=puzzle)  # all seen, before the homework was set
    Attempt.objects.update(answered_at=work.created_at - datetime.timedelta(days=1))
    before = Puzzle.objects.filter(table=table).count()
    client.force_login(sam)
    page = client.get(reverse("classes:assignment", args=[classroom.pk, work.pk]))
    assert page.status_code == 200
    puzzle = page.context["puzzle"]
    assert puzzle is not None and puzzle.table == table and puzzle.band == 1
    assert not Attempt.objects.filter(user=sam, puzzle=puzzle).exists()
    assert Puzzle.objects.filter(table=table).count() > before


def test_it_queues_a_slow_kinds_batch_once_and_says_so_on_a_page_that_refreshes_itself(
    client, django_capture_on_commit_callbacks, monkeypatch
) -> None:
    sam = person("sam")
    classroom = a_class(None, sam)
    PuzzleFactory(kind="collecting", band=1)
    work = _set(classroom, drill_kind="collecting", count=2)
    AttemptFactory(user=sam, puzzle=Puzzle.objects.get(kind="collecting"))  # the pool is all seen
    Attempt.objects.update(answered_at=work.created_at - datetime.timedelta(days=1))
    made: list[tuple[object, ...]] = []
    monkeypatch.setattr("practice.tasks.generate_batch.delay", lambda *args: made.append(args))
    client.force_login(sam)
    url = reverse("classes:assignment", args=[classroom.pk, work.pk])
    with django_capture_on_commit_callbacks(execute=True):
        page = client.get(url)
    assert page.status_code == 200 and page.context["puzzle"] is None
    body = page.content.decode()
    assert "being made" in body and '<meta http-equiv="refresh"' in body
    assert f'href="{url}"' in body  # Refresh, without JavaScript
    assert len(made) == 1 and made[0][0] == "collecting" and made[0][2] == 1
    batch = PuzzleBatch.objects.get()
    assert (batch.kind, batch.band, batch.table, batch.status) == ("collecting", 1, "", "pending")
    with django_capture_on_commit_callbacks(execute=True):
        again = client.get(url)  # the page refreshing itself: the batch is already on its way
    assert again.status_code == 200 and "being made" in again.content.decode()
    assert len(made) == 1 and PuzzleBatch.objects.count() == 1
    looked = client.get(url, headers={"HX-Request": "true"})  # htmx looking again: not yet
    assert looked.status_code == 204 and len(made) == 1
    PuzzleFactory(kind="collecting", band=1, seed=2024)  # the worker's batch is in
    ready = client.get(url, headers={"HX-Request": "true"})
    assert ready.status_code == 200 and ready["HX-Refresh"] == "true"  # the whole page, with it
    assert client.get(url).context["puzzle"].seed == 2024


def test_it_draws_a_fixed_set_from_puzzles_no_student_of_the_class_has_seen(client) -> None:
    sam, sue = person("sam"), person("sue")
    classroom = _house_rules_class(sam, sue)
    client.force_login(sam)
    assert _do(client, classroom, _set(classroom, count=10)) == 10  # 10 of the 15 made now seen
    client.force_login(sue)
    assert _do(client, classroom, _set(classroom, count=4)) == 4
    fixed = _set(classroom, kind="fixed", count=10)
    chosen = list(fixed.entries.values_list("puzzle_id", flat=True))
    assert len(chosen) == len(set(chosen)) == 10
    assert not Attempt.objects.filter(puzzle_id__in=chosen).exists()
    assert all(
        table == fixed.table for table in Puzzle.objects.filter(pk__in=chosen).values_list("table", flat=True)
    )
