"""A person's real name ("Zoë Müller"): what a teacher sees beside the username. One cleaning for
every place a name is typed (sign-up, the account page, a teacher's form, a pasted list)."""

from __future__ import annotations

import unicodedata

REAL_NAME_MAX = 80  # User.real_name's max_length
REAL_NAME_HELP = (
    "Optional. Only the teachers of classes you are in see it, beside your username, so they know "
    "who you are. Nobody else does. Leave it empty to be shown by your username."
)


def real_name_normalise(text: str) -> str:
    """NFC (a typed "e" and combining diaeresis is stored as "ë"), runs of spaces and tabs as one
    space, trimmed."""
    return " ".join(unicodedata.normalize("NFC", text).split())


def real_name_problem(name: str) -> str | None:
    """Why a (normalised) name cannot be kept, in plain words; None when it can ("" is no name)."""
    if len(name) > REAL_NAME_MAX:
        return f"A name has at most {REAL_NAME_MAX} characters."
    # Control and format characters (a line break, a right-to-left override) would let a name
    # disguise itself on a teacher's page or in the spreadsheet.
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs") for ch in name):
        return "A name has letters, spaces and punctuation only (no hidden characters)."
    return None
