from __future__ import annotations

from django.http import HttpRequest

from cfmj.accounts.learners import visit_zone
from cfmj.accounts.redirects import local_next
from cfmj.accounts.services import LARGE_PRINT_KEY

# The pages under the header's "Practice" (the hand checker has its own link).
PRACTICE_PAGES = (
    "practice:home",
    "practice:drill",
    "practice:daily",
    "practice:dashboard",
    "practice:mistake",
)


def display(request: HttpRequest) -> dict[str, object]:
    """What every page's layout needs: large print on or off, where the header's "Log in" and
    "Sign up" links bring the person back to, which pages its "Practice" link stands for, and
    whether the browser should still tell the learner's time zone."""
    return {
        "large_print": _large_print(request),
        "return_to": _return_to(request),
        "practice_pages": PRACTICE_PAGES,
        "time_zone_unknown": _time_zone_unknown(request),
    }


def _large_print(request: HttpRequest) -> bool:
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return bool(getattr(user, "large_print", False))
    session = getattr(request, "session", None)
    return bool(session.get(LARGE_PRINT_KEY, False)) if session is not None else False


def _time_zone_unknown(request: HttpRequest) -> bool:
    """Whether the browser should still say where the learner's day turns (cfmj.core.days)."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return not getattr(user, "time_zone", "")
    return getattr(request, "session", None) is not None and not visit_zone(request)


def _return_to(request: HttpRequest) -> str:
    """This page; but on the account pages themselves (log-in, sign-up, a reset) where they were
    to bring the person: a join link's log-in page must not send a new student back to log-in."""
    match = getattr(request, "resolver_match", None)
    if match is not None and match.namespace == "accounts":
        return local_next(request, "")
    return request.get_full_path()
