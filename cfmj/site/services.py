"""What the site does across apps: an account's role and deletion (its classes are handed over or
archived), and the purge of what visitors did and never claimed (practice and lesson rows, and
hands played against the bots)."""

from __future__ import annotations

import datetime
import logging
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Exists, Model, OuterRef, Q
from django.utils import timezone

from cfmj.accounts.models import User
from cfmj.accounts.names import real_name_normalise, real_name_problem
from cfmj.accounts.selectors import deletions_due
from cfmj.accounts.services import AccountError
from cfmj.classes.models import Classroom, ManagedAccount, Membership, active_member
from cfmj.classes.selectors import class_accounts_left
from cfmj.classes.services import teacher_classes_release
from cfmj.play.models import Game
from cfmj.play.seating import seats_forget
from lessons.models import CheckAnswer, LessonProgress, ReadAhead
from practice.models import Attempt


@dataclass(frozen=True)
class VisitorRows:
    """A model holding what visitors do before they sign up: its rows with no account (`user`
    null) and the visitor id of their session (`visitor`); `touched`, the field that says when the
    visitor last touched a row; `only`, what else marks a visitor's row (a hand at a table has no
    owner either, and is nobody's to purge)."""

    model: type[Model]
    touched: str
    user: str = "user"
    only: Q = field(default_factory=Q)

    def unclaimed(self) -> Q:
        return Q(**{f"{self.user}__isnull": True}) & self.only


# A new model of the kind (an account field and a visitor field) is purged too once added here.
VISITOR_ROWS: list[VisitorRows] = [
    VisitorRows(Attempt, "answered_at"),
    VisitorRows(LessonProgress, "updated_at"),
    VisitorRows(CheckAnswer, "answered_at"),
    VisitorRows(ReadAhead, "read_at"),
    # A visitor's hands against the bots (their decisions go with them), finished or not.
    VisitorRows(Game, "updated_at", user="owner", only=Q(table__isnull=True) & ~Q(visitor="")),
]
DELETIONS_PER_RUN = 200  # a run's fixed budget; the next run (hourly) takes the rest
VISITOR_IDLE = datetime.timedelta(days=30)
PURGE_BATCH = 1000
PURGE_BATCHES_PER_RUN = 100  # a run's fixed budget; the next run takes the rest

logger = logging.getLogger(__name__)


def visitor_rows_purge(*, now: datetime.datetime | None = None) -> int:
    """Delete what visitors did and never claimed (by signing up or logging in) once the visitor
    has been idle for VISITOR_IDLE: no row of theirs in any model of VISITOR_ROWS is newer. By
    then their session, which lasts SESSION_COOKIE_AGE (two weeks) after it last changed, is gone,
    so nobody can claim them. A row claimed while this runs is left alone. Returns rows deleted
    (a hand's decisions among them)."""
    cutoff = (now or timezone.now()) - VISITOR_IDLE
    deleted = 0
    for rows in VISITOR_ROWS:
        manager = rows.model._default_manager
        stale = manager.filter(rows.unclaimed() & Q(**{f"{rows.touched}__lt": cutoff}))
        for other in VISITOR_ROWS:
            recent = other.model._default_manager.filter(
                other.unclaimed() & Q(**{f"{other.touched}__gte": cutoff}), visitor=OuterRef("visitor")
            ).exclude(visitor="")
            stale = stale.exclude(Exists(recent))
        for _ in range(PURGE_BATCHES_PER_RUN):
            ids = list(stale.values_list("pk", flat=True)[:PURGE_BATCH])
            if not ids:
                break
            deleted += manager.filter(rows.unclaimed(), pk__in=ids).delete()[0]
    return deleted


def account_role_set(*, user: User, role: str) -> None:
    """Learner or teacher. An account a teacher made stays a learner (the class's teachers can set
    its password, so it must not run classes of its own); a teacher still teaching a class hands it
    over or archives it first."""
    if role not in User.Role.values:
        raise AccountError("Choose learner or teacher.")
    if role == user.role:
        return
    if role == User.Role.TEACHER and ManagedAccount.objects.filter(user=user).exists():
        raise AccountError(
            "Your teacher made this account for their class, so it stays a learner account. "
            "To teach, sign up for an account of your own."
        )
    if role == User.Role.LEARNER:
        teaching = Classroom.objects.filter(
            active_member(Membership.Role.TEACHER), memberships__user=user, archived_at__isnull=True
        ).first()
        if teaching is not None:
            raise AccountError(
                f"You teach {teaching.name}: hand it to a co-teacher or archive it before you "
                "change to a learner account."
            )
    User.objects.filter(pk=user.pk).update(role=role)
    user.role = role


CLASS_ACCOUNTS_LEFT = (
    "Accounts made for {names} would have no teacher left to set their passwords. Choose first: "
    "hand the class to a co-teacher, or delete those accounts with yours."
)


def account_delete_now(*, user: User) -> None:
    """Delete the account and everything that is only its own (practice, lessons, memberships,
    invitations, class-session answers). Classes are never deleted: each class it owns passes to a
    co-teacher or is archived first, and homework or sessions it set stay with the class. Its seats
    at tables become "a former player": the hands the others played there stay whole.

    The accounts made for a class it leaves with no teacher (managed accounts, whose students ask
    their teacher for a new password) go with it when the owner chose that on asking for deletion
    (User.deletion_takes_class_accounts); without that choice AccountError says so, and nothing is
    deleted."""
    with transaction.atomic():
        left = [classroom for classroom, _ in class_accounts_left(user)]
        if left and not user.deletion_takes_class_accounts:
            raise AccountError(CLASS_ACCOUNTS_LEFT.format(names=", ".join(c.name for c in left)))
        for student in User.objects.filter(managed_account__classroom__in=left):
            account_delete_now(user=student)
        teacher_classes_release(user=user)
        seats_forget(user=user)
        User.objects.filter(pk=user.pk).delete()


def accounts_delete_due(*, now: datetime.datetime | None = None) -> int:
    """Delete the accounts whose deletion is due (at most DELETIONS_PER_RUN). Each is checked again
    under a lock, so one its owner kept a moment ago by logging in is left alone, and a second run
    finds nothing to do. One that would leave accounts made for a class with no teacher, and whose
    owner was not asked about them (a co-teacher left since), waits. Returns how many were deleted."""
    now = now or timezone.now()
    deleted = 0
    for pk in deletions_due(now=now, limit=DELETIONS_PER_RUN):
        with transaction.atomic():
            user = User.objects.select_for_update().filter(pk=pk, deletion_due_at__lte=now).first()
            if user is None:
                continue
            try:
                account_delete_now(user=user)
            except AccountError as waiting:
                logger.warning("Account %s not deleted: %s", pk, waiting)
                continue
            deleted += 1
    return deleted


MANAGED_NAME = "Your teacher made this account for their class, so they keep its name: ask them to change it."


def account_name_set(*, user: User, name: str) -> None:
    """The owner's own real name (teachers of their classes see it). An account a teacher made has
    the name its class's teachers give it: they hold its password and answer for who it is."""
    if ManagedAccount.objects.filter(user=user).exists():
        raise AccountError(MANAGED_NAME)
    name = real_name_normalise(name)
    problem = real_name_problem(name)
    if problem is not None:
        raise AccountError(problem)
    User.objects.filter(pk=user.pk).update(real_name=name)
    user.real_name = name
