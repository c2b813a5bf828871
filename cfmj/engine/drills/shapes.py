"""The shapes questions and answers share, as TypedDicts.

A kind's question and answer are JSON objects (stored as they are, and handed back to its grade()):
each kind names their keys in its own module (e.g. worth.WorthQuestion) from these parts. A TypedDict
is a plain dict at run time: typing them changes no byte of what is generated or stored.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict


class Choice(TypedDict):
    """One choice a question offers (common.choice)."""

    value: str
    label: str


class TableEntry(TypedDict):
    """The table a question was asked under (table.table_entry): a class's house rules (RULES §4),
    skill level (§5) and whether a block of jokers alone is allowed."""

    house_rules: list[int]
    skill_level: int
    all_joker_blocks: bool


class HandQuestion(TypedDict):
    """What every question about a hand has: the words asked and the hand's picture (its notation,
    notation.Hand's str)."""

    prompt: str
    hand: str


class TableQuestion(HandQuestion):
    """A question about a hand that may be asked under a table other than the standard rules
    (table.table_rules reads it back): the table, and the base where it is not 25."""

    table: NotRequired[TableEntry]
    base: NotRequired[int]


class Explained(TypedDict):
    """The part of an answer that says why, and the rulebook sections it turns on."""

    explanation: str
    rules: list[str]


class ExplainedExpected(Explained):
    """An explained answer that also words the right answer (Graded.expected)."""

    expected: str


# A Mark's six numbers as the answer stores them (a JSON list: common.Mark(*row) reads it back).
MarkRow = list[Any]


class Advised(TypedDict):
    """The answer of a pass or a discard marked against the advice (RULES §6): why the advice
    prefers its choice, how near that leaves the hand, and every possible choice marked (not in a
    puzzle stored before marks were kept: common.stored_mark)."""

    why: str
    tiles_needed: int
    marks: NotRequired[dict[str, MarkRow]]
