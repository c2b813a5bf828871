"""A username has one spelling: what sign-up, log-in, teacher-made accounts and the log-in rate
limit all read it as.

Typed text is NFKC-normalised (full-width "ａｌｉｃｅ" and the ligature "ﬁ" become "alice" and "fi")
and trimmed. Names are compared without case: the database's case-insensitive match (iexact,
UPPER() on PostgreSQL) decides which account a name means, and `username_key` is the matching key
for counting tries, at least as coarse as the database's comparison."""

from __future__ import annotations

import unicodedata

from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError

USERNAME_MAX = 150  # AbstractUser.username's max_length
_CHARACTERS = UnicodeUsernameValidator()


def username_normalise(text: str) -> str:
    """The stored spelling of a typed username."""
    return unicodedata.normalize("NFKC", text).strip()


def username_key(text: str) -> str:
    """One key for every spelling of a name, for rate-limit buckets and comparisons in Python.
    Upper-casing first follows the database's UPPER() (dotless "ı" becomes "I"); casefold() then
    folds what upper() leaves apart ("ß" and "SS")."""
    return username_normalise(text).upper().casefold()


def username_problem(name: str) -> str | None:
    """Why a (normalised) name cannot be a username, in plain words; None when it can."""
    if not name:
        return "Give a username."
    if len(name) > USERNAME_MAX:
        return f"A username has at most {USERNAME_MAX} characters."
    try:
        _CHARACTERS(name)
    except ValidationError:
        return f"{name} cannot be a username: use letters, numbers and . _ - + @ only, with no spaces."
    return None
