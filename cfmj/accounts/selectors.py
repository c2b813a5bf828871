"""Reading accounts: whether a name is taken, and accounts whose deletion is due."""

from __future__ import annotations

import datetime

from cfmj.accounts.models import User
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
