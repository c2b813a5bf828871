"""A puzzle's answer as choices, for counting a room's answers (a class session's board): the
fields a kind's answer picks from, the choices each field offers, which of them are right, what
one response picked, and the answer as it is revealed.

Only this module (with each kind's own module) knows how the kinds lay out their questions and
answers; the site asks it rather than reading those dictionaries itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..labels import tile_alt
from . import grade

# The field(s) whose values are counted, with their heading, per kind. The kinds not here
# (a number, a set of tiles, a free pass) are counted only as right or wrong.
CHOICE_FIELDS: dict[str, tuple[tuple[str, str], ...]] = {
    "winning_hand": (("valid", "Is it a winning hand?"),),
    "call": (("call", "Your call"),),
    "rules_quiz": (("choice", "Choices"),),
    "joker_exchange": (("take", "Jokers taken"),),
    "name_hand": (("category", "Category"), ("pattern", "Pattern")),
    "discard": (("tile", "Tile discarded"),),
}
_CHOICE_LISTS = {"category": "category_choices", "pattern": "pattern_choices"}  # else "choices"


def choice_fields(kind: str) -> tuple[tuple[str, str], ...]:
    """(field, heading) for each field of this kind's answer that picks from choices."""
    return CHOICE_FIELDS.get(kind, ())


def choices(field: str, question: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(value, label) of every choice the question offers in this field, in order."""
    if field == "valid":
        return [("yes", "Yes"), ("no", "No")]
    if field == "tile":
        return [(code, f"{code} ({tile_alt(code)})") for code in dict.fromkeys(question.get("tiles", []))]
    return [(str(c["value"]), str(c["label"])) for c in question.get(_CHOICE_LISTS.get(field, "choices"), [])]


def right_values(field: str, answer: Mapping[str, Any]) -> set[str]:
    """The values of this field that are right (several where the answer accepts several)."""
    if field == "valid":
        return {"yes" if answer.get("valid") else "no"}
    if field == "take":
        return set(answer.get("take") or ["none"])
    if field in _CHOICE_LISTS:
        return {pair[0 if field == "category" else 1] for pair in answer.get("accepted", [])}
    return {str(answer.get(field, ""))}


def picked(field: str, response: object) -> list[str]:
    """The choices one response made in this field (a joker exchange may take several)."""
    raw = str(response.get(field, "")) if isinstance(response, dict) else ""
    if field == "take":
        return sorted({part.strip() for part in raw.split(",") if part.strip()})
    return [raw.strip()] if raw.strip() else []


@dataclass(frozen=True)
class Solution:
    """The answer as it is revealed: the right answer in words, why, and the rules it turns on."""

    expected: str
    explanation: str
    rules: tuple[str, ...]


def solution(kind: str, question: dict[str, Any], answer: dict[str, Any]) -> Solution:
    """The answer revealed to a room (raises InputError for an unknown kind)."""
    # Grading an empty response gives the kind's own wording of the right answer and its rules.
    graded = grade(kind, question, answer, {})
    explanation = answer.get("explanation") or answer.get("why") or graded.explanation
    return Solution(expected=graded.expected, explanation=str(explanation), rules=graded.rules)
