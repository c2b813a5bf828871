"""Deleting accounts: the beat task carries out deletions that are due (a learner, a teacher with
classes), and account_delete_now serves a teacher deleting a managed account of their class.
Nothing of anyone else goes, and no class is ever deleted."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from cfmj.accounts.models import User
from cfmj.accounts.services import account_deletion_schedule
from cfmj.classes import services as class_services
from cfmj.classes.models import (
    Assignment,
    Classroom,
    ClassSession,
    CoteacherInvite,
    ManagedAccount,
    Membership,
)
from cfmj.site.services import account_delete_now
from cfmj.site.tasks import delete_due_accounts as delete_due
from practice.models import Puzzle
from tests.accounts.factories import PASSWORD
from tests.accounts.world import rows_of, world

pytestmark = pytest.mark.django_db
EVERYTHING = {
    "attempts": 1,
    "ratings": 1,
    "reviews": 1,
    "streak": 1,
    "lessons": 1,
    "memberships": 1,
    "session_answers": 1,
    "invites": 0,
}
NOTHING = dict.fromkeys(EVERYTHING, 0)


def _due(user, days_ago: float = 1) -> None:
    account_deletion_schedule(user=user, now=timezone.now() - datetime.timedelta(days=7 + days_ago))


def test_it_deletes_a_learner_whose_time_has_come_and_nothing_of_anyone_else():
    w = world()
    _due(w.lena)
    before = {person.username: rows_of(person) for person in (w.otto, w.kid, w.tess)}
    assert rows_of(w.lena) == EVERYTHING

    assert delete_due.apply().get() == 1

    assert not User.objects.filter(pk=w.lena.pk).exists()
    assert rows_of(w.lena) == NOTHING
    assert {person.username: rows_of(person) for person in (w.otto, w.kid, w.tess)} == before
    assert Classroom.objects.count() == 2 and Assignment.objects.count() == 1
    assert ClassSession.objects.count() == 1 and Puzzle.objects.count() == 1


def test_it_deletes_a_teacher_whose_classes_pass_on_or_are_archived():
    w = world()
    _due(w.tess)
    assert delete_due.apply().get() == 1

    assert not User.objects.filter(pk=w.tess.pk).exists()
    tuesday, library = Classroom.objects.get(pk=w.tuesday.pk), Classroom.objects.get(pk=w.library.pk)
    assert tuesday.owner == w.cora and not tuesday.archived
    assert library.owner is None and library.archived
    # The class keeps its homework, its session, its students and the account tess made for it.
    assert Assignment.objects.get().classroom == tuesday
    assert ClassSession.objects.get().classroom == tuesday
    students = Membership.objects.filter(classroom=tuesday, role="student", left_at__isnull=True)
    assert sorted(students.values_list("user__username", flat=True)) == ["kid1", "lena", "otto"]
    assert ManagedAccount.objects.get(user=w.kid).classroom == tuesday
    # tess's invitation to tom is withdrawn, not left waiting from nobody.
    assert CoteacherInvite.objects.get(invitee=w.tom).status == "withdrawn"
    assert rows_of(w.lena) == EVERYTHING


def test_it_waits_rather_than_leave_accounts_made_for_a_class_with_no_teacher(caplog):
    """tess was not asked about kid1 (cora taught Tuesday beginners too); cora stepped down since."""
    w = world()
    _due(w.tess)
    class_services.membership_end(classroom=w.tuesday, user=w.cora)

    assert delete_due.apply().get() == 0

    assert User.objects.filter(pk__in=[w.tess.pk, w.kid.pk]).count() == 2
    assert Classroom.objects.get(pk=w.tuesday.pk).owner == w.tess
    assert Membership.objects.active().teachers().filter(classroom=w.tuesday, user=w.tess).exists()
    assert "Accounts made for Tuesday beginners would have no teacher left" in caplog.text


def test_it_leaves_accounts_whose_time_has_not_come():
    w = world()
    account_deletion_schedule(user=w.lena)  # a week from now
    assert delete_due.apply().get() == 0
    assert User.objects.filter(pk=w.lena.pk).exists()
    assert rows_of(w.otto) == EVERYTHING  # never asked


def test_it_is_safe_to_run_twice():
    w = world()
    _due(w.lena)
    _due(w.otto, days_ago=2)
    assert delete_due.apply().get() == 2
    assert delete_due.apply().get() == 0
    assert User.objects.filter(username__in=["tess", "cora", "kid1"]).count() == 3


def test_logging_in_in_time_keeps_the_account(client):
    w = world()
    _due(w.lena)
    client.post("/accounts/login/", {"username": "lena", "password": PASSWORD})
    assert delete_due.apply().get() == 0
    assert rows_of(w.lena) == EVERYTHING


def test_a_teacher_deletes_a_managed_account_at_once():
    w = world()
    account_delete_now(user=w.kid)
    assert not User.objects.filter(pk=w.kid.pk).exists()
    assert rows_of(w.kid) == NOTHING
    assert not ManagedAccount.objects.exists()
    assert Classroom.objects.get(pk=w.tuesday.pk).owner == w.tess
    assert rows_of(w.lena) == EVERYTHING


def test_it_takes_a_fixed_number_per_run(monkeypatch):
    from cfmj.site import services

    w = world()
    for person in (w.lena, w.otto, w.kid):
        _due(person)
    monkeypatch.setattr(services, "DELETIONS_PER_RUN", 2)
    assert delete_due.apply().get() == 2
    assert delete_due.apply().get() == 1


def test_it_is_scheduled_by_beat(settings):
    entry = settings.CELERY_BEAT_SCHEDULE["delete-due-accounts"]
    assert entry["task"] == delete_due.name == "cfmj.site.tasks.delete_due_accounts"
    assert entry["schedule"] <= 3600
