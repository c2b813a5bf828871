from __future__ import annotations

from django.http import HttpRequest

from cfmj.accounts.services import LARGE_PRINT_KEY


def display(request: HttpRequest) -> dict[str, bool]:
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return {"large_print": bool(getattr(user, "large_print", False))}
    session = getattr(request, "session", None)
    return {"large_print": bool(session.get(LARGE_PRINT_KEY, False)) if session is not None else False}
