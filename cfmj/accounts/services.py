from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.backends.base import SessionBase

from cfmj.accounts.models import User

LARGE_PRINT_KEY = "large_print"


def display_large_print_set(*, user: AbstractBaseUser | AnonymousUser, session: SessionBase,
                            on: bool) -> None:
    """Remember the large-print choice: on the account when signed in, else for the visit."""
    session[LARGE_PRINT_KEY] = on
    if isinstance(user, User):
        user.large_print = on
        user.save(update_fields=["large_print"])


def user_sign_up(*, form_user: User, session: SessionBase) -> User:
    """Save a new account, keeping what the visitor already chose for this visit."""
    form_user.large_print = bool(session.get(LARGE_PRINT_KEY, False))
    form_user.save()
    return form_user
