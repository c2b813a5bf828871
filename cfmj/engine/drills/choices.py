"""A puzzle's answer as choices, for counting a room's answers (a class session's board): the
fields a kind's answer picks from, the choices each field offers, which of them are right, what
one response picked, and the answer as it is revealed.

Each kind's definition (drills.kind.DrillKind, its AnswerFields) says how it lays out its
questions and answers; the site asks here rather than reading those dictionaries itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..words import Explained
from . import DEFINITIONS, AnswerField, answer_field, grade

# The field(s) whose values are counted, with their heading, per kind. The kinds without any (a
# number, a set of tiles, a free pass) are counted only as right or wrong.
CHOICE_FIELDS: dict[str, tuple[tuple[str, str], ...]] = {
    kind.name: tuple((field.name, field.board) for field in kind.board_fields)
    for kind in DEFINITIONS
    if kind.board_fields
}


def choice_fields(kind: str) -> tuple[tuple[str, str], ...]:
    """(field, heading) for each field of this kind's answer that picks from choices."""
    return CHOICE_FIELDS.get(kind, ())


def _field(name: str) -> AnswerField:
    return answer_field(name) or AnswerField(name, "one-choice", choices_from="choices")


def choices(field: str, question: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(value, label) of every choice the question offers in this field, in order."""
    return _field(field).choices(question)


def right_values(field: str, answer: Mapping[str, object]) -> set[str]:
    """The values of this field that are right (several where the answer accepts several)."""
    return _field(field).right_values(answer)


def picked(field: str, response: object) -> list[str]:
    """The choices one response made in this field (a joker exchange may take several)."""
    return _field(field).picked(response)


@dataclass(frozen=True)
class Solution(Explained):
    """The answer as it is revealed: the right answer in words, why, and the rules it turns on."""

    expected: str
    explanation: str
    rules: tuple[str, ...]


def solution(kind: str, question: Mapping[str, object], answer: Mapping[str, object]) -> Solution:
    """The answer revealed to a room (raises InputError for an unknown kind)."""

    # Grading an empty response gives the kind's own wording of the right answer and its rules.
    graded = grade(kind, question, answer, {})
    explanation = answer.get("explanation") or answer.get("why") or graded.explanation
    return Solution(expected=graded.expected, explanation=str(explanation), rules=graded.rules)
