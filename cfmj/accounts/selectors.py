"""Reading accounts: whether a name is taken, accounts whose deletion is due, and the account a
username and recovery code open."""

from __future__ import annotations

import datetime

from django.contrib.auth.hashers import check_password, make_password

from cfmj.accounts.models import User
from cfmj.accounts.recovery import code_read
from cfmj.core.usernames import username_normalise


def username_taken(name: str) -> bool:
    """Whether an account has this name in any case or width."""
    return User.objects.filter(username__iexact=username_normalise(name)).exists()


def deletions_due(*, now: datetime.datetime, limit: int) -> list[int]:
    """Ids of accounts whose owner asked for deletion and whose time has come, oldest first."""
    return list(
        User.objects.filter(deletion_due_at__lte=now)
        .order_by("deletion_due_at", "pk")
        .values_list("pk", flat=True)[:limit]
    )


def recovery_account(*, username: str, code: str) -> User | None:
    """The active account with this username (read as log-in reads it) whose recovery code this
    is, else None. The code is checked against the stored hash in constant time; when no account
    has the name, or it has no code, a hash of the same cost is made instead, so the time taken
    does not tell which (cfmj/accounts/recovery.py)."""
    try:
        user: User | None = User.objects.get_by_natural_key(username)
    except User.DoesNotExist:
        user = None
    typed = code_read(code)
    hashed = user.recovery_code if user is not None and user.is_active else ""
    if not hashed:
        make_password(typed)  # the same work as a check: the time tells nothing
        return None
    return user if check_password(typed, hashed) else None
