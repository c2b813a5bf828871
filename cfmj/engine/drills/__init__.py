"""Practice drills: questions made by the engine, and graded by it.

    >>> from cfmj.engine.drills import generate, grade
    >>> puzzle = generate("worth", seed=7, band=1)
    >>> grade("worth", puzzle.question, puzzle.answer, {"value": "nonsense"}).correct
    False

generate() is deterministic in (kind, seed, band, focus); questions and answers are JSON values, so
the site stores them as they are and hands them back to grade() with the learner's form fields.

A focus (FOCUSES[kind]) asks for a puzzle about one thing: a lesson's check on "a joker never
stands in a Pair" asks generate("winning_hand", ..., focus="joker_in_pair"). A focus wins over the
band where they disagree: a band-1 puzzle about a joker rule still holds a joker. PRACTISES[kind]
lists the rulebook lines (cfmj.engine.rulebook) a kind's puzzles turn on.

A table (a RuleSet: a class's house rules and skill level) asks the kinds whose answer depends
on it (TABLE_KINDS) to judge and value hands under it, and to say so in the question; the other
kinds ignore it (IGNORES_TABLE says why). The standard rules give exactly the puzzles of no table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from random import Random
from typing import Any

from ..errors import InputError
from ..rulebook import lines_in_section
from ..ruleset import RuleSet
from . import call, charleston, discard, distance, joker_exchange, name_hand, rules_quiz, winning_hand, worth
from .common import Graded, Puzzle, drill_rng, text_field
from .table import hand_table

KINDS: tuple[str, ...] = (
    "winning_hand",
    "worth",
    "charleston",
    "name_hand",
    "call",
    "joker_exchange",
    "discard",
    "distance",
    "rules_quiz",
)
KIND_TITLES: dict[str, str] = {
    "winning_hand": "Winning hand?",
    "worth": "What is it worth?",
    "charleston": "What would you pass?",
    "name_hand": "Name the hand",
    "call": "Can you call it?",
    "joker_exchange": "Joker exchange",
    "discard": "Which discard?",
    "distance": "How far?",
    "rules_quiz": "Quick rules",
}
BANDS = range(1, 6)


Made = tuple[dict[str, Any], dict[str, Any]]


@dataclass(frozen=True)
class _Kind:
    fields: tuple[str, ...]
    needs: tuple[str, ...]
    focuses: tuple[str, ...]
    practises: tuple[str, ...]
    make: Callable[[Random, int, str | None], Made]
    grade: Callable[[dict[str, Any], dict[str, Any], object], Graded]


_MODULES: dict[str, _Kind] = {
    name: _Kind(module.FIELDS, module.NEEDS, module.FOCUSES, module.PRACTISES, module.make, module.grade)
    for name, module in (
        ("winning_hand", winning_hand),
        ("worth", worth),
        ("charleston", charleston),
        ("name_hand", name_hand),
        ("call", call),
        ("joker_exchange", joker_exchange),
        ("discard", discard),
        ("distance", distance),
        ("rules_quiz", rules_quiz),
    )
}
# The kinds whose answer depends on the table, and their makers that take it.
_TABLE_MAKERS: dict[str, Callable[[Random, int, str | None, RuleSet | None], Made]] = {
    "winning_hand": winning_hand.make,
    "worth": worth.make,
    "name_hand": name_hand.make,
}
TABLE_KINDS: tuple[str, ...] = tuple(_TABLE_MAKERS)
VALUES_HANDS = ("worth",)  # the kinds whose answer depends on the table's base (RULES §3)
# Why the other kinds ignore a table (they are about tiles, or about the rulebook itself).
IGNORES_TABLE: dict[str, str] = {
    "charleston": "which tiles to pass is about tiles, not scoring; house rule 1 only skips a round",
    "call": "it judges calls by the standard rules: a minimum hand or skill level is not weighed yet",
    "joker_exchange": "which jokers can be taken is about tiles on the table, not scoring",
    "discard": "the advice ranks discards by standard card entries, not by a table's handicaps",
    "distance": "it counts tiles to the nearest standard card entry, not to one a table allows",
    "rules_quiz": "it quizzes the rulebook itself, house rules and skill levels included",
}
# What each kind's puzzles may be asked to be about (empty: nothing, generate takes no focus).
FOCUSES: dict[str, tuple[str, ...]] = {name: kind.focuses for name, kind in _MODULES.items()}
# The rulebook lines each kind's puzzles turn on (over all its focuses and bands).
PRACTISES: dict[str, tuple[str, ...]] = {name: kind.practises for name, kind in _MODULES.items()}
PLAY_SECTIONS = ("2", "3", "4", "5", "6")  # the sections of rules of play (§1 is tiles and notation)
ATTEMPTS_PER_PUZZLE = 20  # generate_many gives up after this many duplicates per puzzle asked


def _module(kind: object) -> _Kind:
    if not isinstance(kind, str) or kind not in _MODULES:
        raise InputError(f"'{kind}' is not a drill kind: choose one of {', '.join(KINDS)}.")
    return _MODULES[kind]


def _check_band(band: object) -> int:
    if isinstance(band, bool) or not isinstance(band, int) or band not in BANDS:
        raise InputError(
            f"A difficulty band is a whole number from {BANDS.start} to {BANDS.stop - 1}, not {band!r}."
        )
    return band


def _check_focus(kind: str, focus: object) -> str | None:
    if focus is None:
        return None
    allowed = FOCUSES[kind]
    if not allowed:
        raise InputError(
            f"The '{KIND_TITLES[kind]}' drill ({kind}) has no focus: ask for it without one "
            f"(you gave {focus!r})."
        )
    if not isinstance(focus, str) or focus not in allowed:
        raise InputError(
            f"{focus!r} is not a focus of the '{KIND_TITLES[kind]}' drill ({kind}): choose one "
            f"of {', '.join(allowed)}."
        )
    return focus


def _check_table(table: object) -> RuleSet | None:
    """The table's options that bear on a hand; None for the standard rules."""
    if table is None:
        return None
    if not isinstance(table, RuleSet):
        raise InputError(f"A table is a RuleSet (house rules and skill level), not {table!r}.")
    rules = hand_table(table)
    return None if rules == RuleSet() else rules


def generate(
    kind: str, *, seed: int, band: int, focus: str | None = None, table: RuleSet | None = None
) -> Puzzle:
    """One puzzle, the same every time for the same kind, seed, band, focus and table."""
    module = _module(kind)
    band = _check_band(band)
    focus = _check_focus(kind, focus)
    rules = _check_table(table)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InputError(f"A drill seed is a whole number, not {seed!r}.")
    if rules is not None and kind not in VALUES_HANDS:
        # The base only changes what a hand is worth: elsewhere a base-20 table is the standard one.
        rules = _check_table(replace(rules, base=RuleSet().base))
    rng = drill_rng(kind, band, seed)
    if rules is not None and kind in _TABLE_MAKERS:
        question, answer = _TABLE_MAKERS[kind](rng, band, focus, rules)
    else:
        question, answer = module.make(rng, band, focus)
    return Puzzle(kind, band, seed, question, answer, focus)


def generate_many(
    kind: str, *, count: int, band: int, seed: int, focus: str | None = None, table: RuleSet | None = None
) -> list[Puzzle]:
    """`count` puzzles with distinct content hashes, the same list for the same arguments. Each
    puzzle keeps its own seed, so generate(kind, seed=p.seed, band=band, focus=focus, table=table)
    gives it back."""
    _module(kind)
    focus = _check_focus(kind, focus)
    _check_table(table)
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise InputError(f"The number of puzzles is a whole number, not {count!r}.")
    seeds = Random(f"cfmj-drills/many/{kind}/{band}/{seed}" + ("" if focus is None else f"/{focus}"))
    puzzles: list[Puzzle] = []
    seen: set[str] = set()
    for _ in range(count * ATTEMPTS_PER_PUZZLE):
        if len(puzzles) == count:
            break
        puzzle = generate(kind, seed=seeds.getrandbits(48), band=band, focus=focus, table=table)
        digest = puzzle.content_hash()
        if digest not in seen:
            seen.add(digest)
            puzzles.append(puzzle)
    return puzzles


def grade(kind: str, question: dict[str, Any], answer: dict[str, Any], response: dict[str, str]) -> Graded:
    """Grade a learner's form fields. A malformed response grades as wrong (never raises); an
    unknown kind raises InputError."""
    return _module(kind).grade(question, answer, response)


def response_fields(kind: str) -> tuple[str, ...]:
    return _module(kind).fields


def unanswered(kind: str, response: Mapping[str, object]) -> tuple[str, ...]:
    """The fields an answer of this kind cannot leave empty that `response` leaves empty (blank,
    spaces only, missing or not text). Empty means it is no answer at all: ask again, mark nothing.
    An unknown kind raises InputError."""
    return tuple(field for field in _module(kind).needs if not text_field(response, field))


def unpractised(sections: tuple[str, ...] = PLAY_SECTIONS) -> tuple[str, ...]:
    """The rulebook lines of these sections that no kind practises, in RULES.md order."""
    practised = {line for lines in PRACTISES.values() for line in lines}
    return tuple(line for section in sections for line in lines_in_section(section) if line not in practised)


__all__ = [
    "BANDS",
    "FOCUSES",
    "IGNORES_TABLE",
    "KINDS",
    "KIND_TITLES",
    "PRACTISES",
    "TABLE_KINDS",
    "Graded",
    "Puzzle",
    "RuleSet",
    "generate",
    "generate_many",
    "grade",
    "response_fields",
    "unanswered",
    "unpractised",
]
