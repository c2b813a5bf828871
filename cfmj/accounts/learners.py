"""Who is learning (lessons, drills, classes): a signed-in user, or a visitor known by an id kept in
their session."""

from __future__ import annotations

import datetime
import uuid
from dataclasses import dataclass

from django.db.models import Q
from django.http import Http404, HttpRequest

from cfmj.accounts.models import User
from cfmj.core.days import DEFAULT_ZONE, ZONE_COOKIE, ZONE_KEY, today_in, zone_checked

VISITOR_KEY = "practice_visitor"


@dataclass(frozen=True)
class Learner:
    user: User | None
    visitor: str
    visitor_zone: str = ""  # a visitor's time zone (visit_zone: "" when not known)

    @property
    def is_user(self) -> bool:
        return self.user is not None

    @property
    def zone(self) -> str:
        """Where the learner's day turns: an account's own zone, a visitor's (visit_zone), else UTC."""
        chosen = self.user.time_zone if self.user is not None else self.visitor_zone
        return zone_checked(chosen) or DEFAULT_ZONE

    def today(self, *, now: datetime.datetime | None = None) -> datetime.date:
        """The learner's date now (or at `now`): what the daily set, reviews and streak count by."""
        return today_in(self.zone, now=now)


def learner_of(request: HttpRequest, *, create: bool = False) -> Learner:
    """The learner behind a request. A visitor id is stored only when `create` (on answering):
    reading a puzzle should not cost a session write."""
    user = request.user if request.user.is_authenticated else None
    visitor = request.session.get(VISITOR_KEY, "")
    if not visitor and create and user is None:
        visitor = str(uuid.uuid4())
        request.session[VISITOR_KEY] = visitor
    return Learner(user if isinstance(user, User) else None, visitor, visit_zone(request))


def visit_zone(request: HttpRequest) -> str:
    """The zone of this visit: the one chosen on the time-zone page (in the session), else the one
    the browser told (its cookie, cfmj.core.days.ZONE_COOKIE, when it names a zone), else ""."""
    chosen = str(request.session.get(ZONE_KEY, ""))
    return chosen or zone_checked(request.COOKIES.get(ZONE_COOKIE, "")) or ""


def rows_of(learner: Learner) -> Q:
    """The filter for a learner's own rows in a model with `user` and `visitor` fields (attempts,
    lesson progress): a visitor's are those with their id and no user; without an id, none."""
    if learner.user is not None:
        return Q(user=learner.user)
    return Q(visitor=learner.visitor, user__isnull=True) if learner.visitor else Q(pk__in=[])


def user_of(request: HttpRequest) -> User:
    """The signed-in user (views using this are behind login_required)."""
    user = request.user
    if not isinstance(user, User):  # pragma: no cover - login_required comes first
        raise Http404("Sign in first")
    return user
