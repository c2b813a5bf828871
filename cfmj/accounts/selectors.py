"""Reading accounts."""

from __future__ import annotations

from cfmj.accounts.models import User
from cfmj.accounts.usernames import username_normalise


def username_taken(name: str) -> bool:
    """Whether an account has this name in any case or width."""
    return User.objects.filter(username__iexact=username_normalise(name)).exists()
