"""cfmj.classes.homework_kinds: each kind of homework is one definition, and a kind added only to
the registry works end to end: set by a teacher, done by a student on its page, counted in the
class's progress, its report and its gradebook."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django import forms
from django.http import HttpRequest
from django.urls import reverse

from cfmj.classes import homework, homework_kinds, reports, selectors, services
from cfmj.classes.gradebook import gradebook_rows
from cfmj.classes.homework_kinds import HomeworkKind, Setting
from cfmj.classes.models import Assignment
from cfmj.classes.progress import Status
from practice.models import Attempt
from tests.classes.helpers import a_class, in_days, person
from tests.practice.factories import AttemptFactory

pytestmark = pytest.mark.django_db


def _answers_fields(form: forms.Form, new: bool) -> None:
    form.fields["count"] = forms.IntegerField(min_value=1, max_value=9, label="Answers")


def _answers_create(setting: Setting) -> Assignment:
    if not 1 <= setting.count <= 9:
        raise services.ClassError("Ask for between 1 and 9 answers.")
    return Assignment.objects.create(
        classroom=setting.classroom,
        kind="answers",
        count=setting.count,
        due=setting.due,
        created_by=setting.teacher,
    )


def _answers_statuses(assignment: Assignment, ids: list[int]) -> dict[int, Status]:
    """Any puzzles answered since it was set; no score."""
    out = {}
    for pk in ids:
        answered = list(
            Attempt.objects.filter(user_id=pk, answered_at__gte=assignment.created_at)
            .order_by("answered_at")
            .values_list("answered_at", flat=True)[: assignment.count]
        )
        done = len(answered) >= assignment.count
        at: datetime.datetime | None = answered[-1] if done else None
        out[pk] = Status(done, len(answered), assignment.count, None, at, assignment.due)
    return out


def _answers_context(request: HttpRequest, assignment: Assignment, status: Status) -> dict[str, Any]:
    return {"puzzle": None}


TOY = HomeworkKind(
    name="answers",
    label="Any answers",
    words="Any puzzles at all: done once the student has answered enough of them.",
    title=lambda a: f"Answer {a.count} puzzles of any kind",
    fields=_answers_fields,
    create=_answers_create,
    statuses=_answers_statuses,
    context=_answers_context,
    scored=False,
    unit="answer",
    units="answers",
)


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> HomeworkKind:
    monkeypatch.setitem(homework_kinds._BY_NAME, TOY.name, TOY)
    return TOY


def test_every_stored_kind_has_its_definition() -> None:
    assert [kind.name for kind in homework_kinds.kinds()] == list(Assignment.Kind.values)
    assert homework_kinds.kind_choices() == [
        ("lesson", "A lesson"),
        ("drills", "Drill puzzles"),
        ("fixed", "A fixed set of puzzles"),
        ("play", "Hands to play"),
        ("deal", "The class's deal"),
    ]
    assert homework_kinds.all_labels() == (
        "a lesson, drill puzzles, a fixed set of puzzles, hands to play, or the class's deal"
    )
    assert homework_kinds.keeping_a_table() == ["drills", "fixed", "play"]


def test_a_kind_added_only_to_the_registry_works_end_to_end(client, toy: HomeworkKind) -> None:
    sue, tom = person("sue"), person("tom")
    classroom = a_class(None, sue, tom)
    assert classroom.owner is not None
    assert ("answers", "Any answers") in Assignment._meta.get_field("kind").choices  # type: ignore[operator]

    # Setting it: offered on the chooser, its own form, its own checks.
    client.force_login(classroom.owner)
    chooser = client.get(reverse("classes:assignment_create", args=[classroom.pk])).content.decode()
    url = reverse("classes:assignment_create_kind", args=[classroom.pk, "answers"])
    assert url in chooser and "Any answers" in chooser and toy.words in chooser
    assert set(client.get(url).context["form"].fields) == {"name", "due", "count", "students"}
    response = client.post(url, {"count": "2", "due": in_days(3).isoformat()})
    assert response.status_code == 302
    work = Assignment.objects.get()
    assert (work.kind, work.count, work.title) == ("answers", 2, "Answer 2 puzzles of any kind")
    with pytest.raises(services.ClassError, match="between 1 and 9"):
        services.assignment_create(
            classroom=classroom, teacher=classroom.owner, kind="answers", due=in_days(3), count=0
        )
    assert homework.on_older_rules(classroom) == [] and homework.homework_table_words(work) == ""
    edit = client.get(reverse("classes:assignment_edit", args=[classroom.pk, work.pk]))
    assert set(edit.context["form"].fields) == {"name", "due", "count", "students"}

    # The student's page, then their progress.
    client.force_login(sue)
    page = client.get(reverse("classes:assignment", args=[classroom.pk, work.pk]))
    assert page.status_code == 200 and "0 of 2 done" in page.content.decode()
    AttemptFactory.create_batch(2, user=sue)
    assert "Done" in client.get(reverse("classes:assignment", args=[classroom.pk, work.pk])).content.decode()
    found = selectors.statuses(work, [sue, tom])
    assert found[sue.pk].done and (found[tom.pk].done, found[tom.pk].answered) == (False, 0)
    assert [item.assignment for item in selectors.due_for(tom)] == [work]
    assert selectors.due_for(sue) == []
    client.force_login(tom)
    assert "0 of 2 answers" in client.get(reverse("classes:detail", args=[classroom.pk])).content.decode()

    # The report and the gradebook.
    row = reports.class_report(classroom).assignments[0]
    assert (row.title, row.finished, row.of) == ("Answer 2 puzzles of any kind", 1, 2)
    client.force_login(classroom.owner)
    teacher_page = client.get(reverse("classes:detail", args=[classroom.pk])).content.decode()
    assert "Answer 2 puzzles of any kind" in teacher_page
    rows = gradebook_rows(classroom)
    column = rows[0].index(f"Answer 2 puzzles of any kind, due {work.due.isoformat()}: progress")
    assert {r[1]: r[column] for r in rows[1:3]} == {"sue": "done", "tom": "not started"}
    assert client.get(reverse("classes:export_csv", args=[classroom.pk])).status_code == 200


def test_an_unknown_kind_is_refused(client) -> None:
    classroom = a_class()
    assert classroom.owner is not None
    with pytest.raises(services.ClassError, match="Assign a lesson, drill puzzles"):
        services.assignment_create(
            classroom=classroom, teacher=classroom.owner, kind="answers", due=in_days(3)
        )
    client.force_login(classroom.owner)
    assert (
        client.get(reverse("classes:assignment_create_kind", args=[classroom.pk, "answers"])).status_code
        == 404
    )
