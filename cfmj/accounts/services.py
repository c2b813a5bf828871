from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.backends.base import SessionBase
from django.db import IntegrityError, transaction

from cfmj.accounts.models import User

LARGE_PRINT_KEY = "large_print"


class AccountError(Exception):
    """Something asked of an account that cannot be done, and why, in words for the user."""


def display_large_print_set(
    *, user: AbstractBaseUser | AnonymousUser, session: SessionBase, on: bool
) -> None:
    """Remember the large-print choice: on the account when signed in, else for the visit."""
    session[LARGE_PRINT_KEY] = on
    if isinstance(user, User):
        user.large_print = on
        user.save(update_fields=["large_print"])


def user_sign_up(*, form_user: User, session: SessionBase) -> User:
    """Save a new account, keeping what the visitor already chose for this visit. Raises
    AccountError when the name was taken (in any case) since the form checked it."""
    form_user.large_print = bool(session.get(LARGE_PRINT_KEY, False))
    try:
        with transaction.atomic():
            form_user.save()
    except IntegrityError:
        raise AccountError("A user with that username already exists.") from None
    return form_user
