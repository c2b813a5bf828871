"""Plain English for the engine's explanations: a list read out, a count with its noun."""

from __future__ import annotations


def join_words(items: list[str]) -> str:
    """'7C', '7C and 8C', '7C, 8C and 9D' (and nothing for no items)."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def plural(count: int, word: str) -> str:
    """'1 tile', '3 tiles'."""
    return f"{count} {word}{'' if count == 1 else 's'}"
