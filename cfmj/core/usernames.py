"""A username has one spelling: what sign-up, log-in, teacher-made accounts and the log-in rate
limit all read it as.

Typed text is NFKC-normalised (full-width "ａｌｉｃｅ" and the ligature "ﬁ" become "alice" and "fi")
and trimmed. Names are compared without case: the database's case-insensitive match (iexact,
UPPER() on PostgreSQL) decides which account a name means, and `username_key` is the matching key
for counting tries, at least as coarse as the database's comparison."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

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


def username_folded(text: str) -> str:
    """Text as a username can hold it, for names made from a real name ("Zoë Müller": zoemuller):
    accents off, lower case, letters and digits only."""
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))
    return "".join(ch for ch in plain.casefold() if ch.isalnum())


def username_offered(typed: str, *, taken: Callable[[str], bool], tries: int = 20) -> str:
    """A username to offer someone who typed one that cannot be ("Margaret Smith": margaretsmith),
    made from what they typed and free (`taken` says whether a name is anyone's): else with a
    number after it (margaretsmith2, ...). "" when nothing typed can be used, or no try was free."""
    base = username_folded(username_normalise(typed))[: USERNAME_MAX - 4]
    for number in range(1, tries + 1) if base else ():
        name = base if number == 1 else f"{base}{number}"
        if username_problem(name) is None and not taken(name):
            return name
    return ""
