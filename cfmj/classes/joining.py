"""A class's join link, and the way through sign-up or log-in that it leads a newcomer: the class
a link is for, its full address, its QR code, and joining at the end of a sign-up or log-in that
the page named the class on."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.http import HttpRequest
from django.urls import Resolver404, resolve, reverse

from cfmj.accounts.models import User
from cfmj.accounts.redirects import local_next
from cfmj.classes import services
from cfmj.classes.models import Classroom
from cfmj.classes.services import ClassError
from cfmj.core.ratelimit import limit_used_up

JOIN_LINK = "classes:join_code"


def join_code_of(target: str) -> str | None:
    """The code in a join link's path ("/classes/join/K7PQ3M/"), or None for any other path."""
    try:
        match = resolve(urlsplit(target).path)
    except Resolver404:
        return None
    if match.view_name != JOIN_LINK:
        return None
    return services.normalise_code(str(match.kwargs.get("code", "")))


def join_target(request: HttpRequest) -> Classroom | None:
    """The class whose join link the request's `next` is, when it takes students (sign-up and
    log-in name it and join it), or None. Saying whether a code is a class's is what the join
    page says: each look counts against the same limit (else these pages would let codes be
    guessed without one), and once it is used up no class is named."""
    code = join_code_of(local_next(request, ""))
    if not code or limit_used_up("join", request):
        return None
    classroom = Classroom.objects.filter(code=code).first()
    return classroom if classroom is not None and join_open(classroom) else None


def join_open(classroom: Classroom) -> bool:
    return classroom.joining_open and not classroom.archived


def join_after_sign_in(*, request: HttpRequest, user: User) -> Classroom | None:
    """After a sign-up or log-in whose page named the class of its join link: join it, and return
    it (None when `next` is no join link, or the class does not let this user in: the join page
    they go on to says why)."""
    classroom = join_target(request)
    if classroom is None:
        return None
    try:
        return services.classroom_join(user=user, code=classroom.code)
    except ClassError:
        return None


def join_url(request: HttpRequest, classroom: Classroom) -> str:
    return request.build_absolute_uri(reverse(JOIN_LINK, args=[classroom.code]))
