"""Recovery codes: the way back into an account whose owner forgot the password and has no e-mail.

An account someone made themselves gets a code at sign-up, shown once to print or write down (like
a class's login card), and can make a new one on the account page (the old one stops working).
With the username and the code, "I forgot my password" sets a new password; the code is used up
and replaced by a new one, shown once more. An account a teacher made for a class (a managed
account, cfmj.classes) has none: its class's teachers set its password.

A code is 16 characters from 32 that cannot be mistaken for one another when read off paper
(no 0/O, no 1/I), so 80 random bits, shown in groups of four: "K7PQ-3MXR-WD9T-H2NB". Only its hash
is kept (Django's password hashers), and it is checked in constant time, with the same work done
when the username matches no account or an account with no code, so neither the answer nor the
time taken tells whether an account exists."""

from __future__ import annotations

import secrets
import unicodedata

ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I
LENGTH = 16
GROUP = 4


def code_new() -> str:
    """A fresh code, without its grouping (as it is hashed)."""
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def code_read(typed: str) -> str:
    """A code as someone typed it ("k7pq 3mxr-wd9t h2nb"): in capitals, without spaces, dashes or
    anything else that is not a letter or a digit."""
    return "".join(ch for ch in unicodedata.normalize("NFKC", typed).upper() if ch.isalnum())[: LENGTH * 2]


def code_shown(code: str) -> str:
    """A code in groups of four, as it is shown and printed."""
    return "-".join(code[i : i + GROUP] for i in range(0, len(code), GROUP))
