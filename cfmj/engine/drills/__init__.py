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

A scope (scope.Scope: the rulebook lines a learner has been taught, as a lesson's check or quiz
knows them) asks for a puzzle that uses nothing outside it: no tile, exposure, joker block, reason,
name or question (doubling, payouts) not yet taught. Without a scope a puzzle is exactly as before.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from random import Random
from typing import Any, cast

from ..errors import InputError
from ..layout import TileGroup, laid_out, rack, shown
from ..notation import parse_hand
from ..rulebook import lines_in_section
from ..ruleset import RuleSet
from . import (
    aim_hand,
    call,
    charleston,
    collecting,
    discard,
    distance,
    joker_exchange,
    name_hand,
    rules_quiz,
    safe_discard,
    winning_hand,
    worth,
)
from .common import Graded, Puzzle, drill_rng
from .joker_exchange import SeatRow
from .kind import AnswerField, DrillKind, GetList, Shown
from .scope import SCOPE_TRIES, Scope, asked_within
from .shapes import TableQuestion
from .table import hand_table, table_rules

# Every drill kind's definition, in the order the site lists them: the one list of kinds.
DEFINITIONS: tuple[DrillKind[Any, Any], ...] = (
    winning_hand.KIND,
    worth.KIND,
    charleston.KIND,
    name_hand.KIND,
    call.KIND,
    joker_exchange.KIND,
    discard.KIND,
    distance.KIND,
    aim_hand.KIND,
    collecting.KIND,
    safe_discard.KIND,
    rules_quiz.KIND,
)
BANDS = range(1, 6)

# What the site reads of the definitions, by kind.
KINDS: tuple[str, ...] = tuple(kind.name for kind in DEFINITIONS)
KIND_TITLES: dict[str, str] = {kind.name: kind.title for kind in DEFINITIONS}
KIND_CHOICES: list[tuple[str, str]] = [(kind.name, kind.title) for kind in DEFINITIONS]  # a model field's
# The kinds whose answer depends on the table (they have a maker that takes it).
TABLE_KINDS: tuple[str, ...] = tuple(kind.name for kind in DEFINITIONS if kind.table_make is not None)
# The kinds whose answer depends on the table's base (RULES §3).
VALUES_HANDS: tuple[str, ...] = tuple(kind.name for kind in DEFINITIONS if kind.values_hands)
# Why the other kinds ignore a table (they are about tiles, or about the rulebook itself).
IGNORES_TABLE: dict[str, str] = {kind.name: kind.ignores_table for kind in DEFINITIONS if kind.ignores_table}
# What each kind's puzzles may be asked to be about (empty: nothing, generate takes no focus).
FOCUSES: dict[str, tuple[str, ...]] = {kind.name: kind.focuses for kind in DEFINITIONS}
# The rulebook lines each kind's puzzles turn on (over all its focuses and bands).
PRACTISES: dict[str, tuple[str, ...]] = {kind.name: kind.practises for kind in DEFINITIONS}
# The kinds of today's five, in the order they take turns.
DAILY_KINDS: tuple[str, ...] = tuple(
    kind.name for kind in sorted((k for k in DEFINITIONS if k.daily is not None), key=lambda k: k.daily or 0)
)
_BY_NAME: dict[str, DrillKind[Any, Any]] = {kind.name: kind for kind in DEFINITIONS}


def kind_choices() -> list[tuple[str, str]]:
    """Every registered kind with its title, read when asked: a model field's `choices` (a callable
    stays out of Django's migrations, so a new kind needs none)."""
    return [(kind.name, kind.title) for kind in _BY_NAME.values()]


# Every kind's answer fields by name: a posted form is read once for all of them.
_FIELDS: dict[str, AnswerField] = {field.name: field for kind in DEFINITIONS for field in kind.fields}
PLAY_SECTIONS = ("2", "3", "4", "5", "6")  # the sections of rules of play (§1 is tiles and notation)
ATTEMPTS_PER_PUZZLE = 20  # generate_many gives up after this many duplicates per puzzle asked


def definition(kind: object) -> DrillKind[Any, Any]:
    """A kind's definition (raises InputError for an unknown kind)."""
    if not isinstance(kind, str) or kind not in _BY_NAME:
        raise InputError(f"'{kind}' is not a drill kind: choose one of {', '.join(KINDS)}.")
    return _BY_NAME[kind]


def focus_lines(kind: str, focus: str | None) -> tuple[str, ...] | None:
    """The rule lines a puzzle of this kind asks about on this focus, where the focus names them
    (DrillKind.focus_lines): None without a focus, or for a focus that names none of its own."""
    if not focus:
        return None
    return definition(kind).focus_lines.get(focus) or None


def hand_groups(kind: str, question: Mapping[str, Any]) -> tuple[TileGroup, ...]:
    """The question's hand laid out to be drawn, as its kind draws it (DrillKind.hand_drawn): a
    hand shown for Mah Jongg as its blocks (read under the question's table, won as it says), a
    hand in play on a rack. Empty where the question has no hand."""
    text = question.get("hand")
    if not text:
        return ()
    hand = parse_hand(str(text))
    drawn = definition(kind).hand_drawn
    if drawn == "rack":
        return rack(hand)
    rules, self_drawn = table_rules(cast(TableQuestion, question)), bool(question.get("self_drawn"))
    try:
        if drawn == "blocks":
            return laid_out(hand, rules=rules, self_drawn=self_drawn)
        return shown(hand, rules=rules, self_drawn=self_drawn)
    except InputError:  # not 14 tiles the table's set could hold: no reading to lay out
        return rack(hand)


def seat_rows(question: Mapping[str, Any]) -> list[SeatRow]:
    """The exposures on the table, seat by seat, where the question shows them ("Which jokers can
    you take?"). Only those: a question asked under a class's table records that table as "table"
    too (table.table_entry, a mapping of its options), which is no seat rows."""
    rows = question.get("table")
    return cast(list[SeatRow], rows) if isinstance(rows, list) else []


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
    kind: str,
    *,
    seed: int,
    band: int,
    focus: str | None = None,
    table: RuleSet | None = None,
    scope: Scope | None = None,
) -> Puzzle:
    """One puzzle, the same every time for the same kind, seed, band, focus, table and scope.
    Raises InputError when the scope cannot hold a puzzle of this kind and focus."""
    if scope is not None and not isinstance(scope, Scope):
        raise InputError(f"A scope is what a learner has been taught (a Scope), not {scope!r}.")
    module = definition(kind)
    band = _check_band(band)
    focus = _check_focus(kind, focus)
    rules = _check_table(table)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InputError(f"A drill seed is a whole number, not {seed!r}.")
    if rules is not None and not module.values_hands:
        # The base only changes what a hand is worth: elsewhere a base-20 table is the standard one.
        rules = _check_table(replace(rules, base=RuleSet().base))
    rng = drill_rng(kind, band, seed)
    if scope is None:
        question, answer = _made(module, rng, band, focus, rules)
        return Puzzle(kind, band, seed, question, answer, focus)
    with asked_within(scope):
        for _ in range(SCOPE_TRIES):
            question, answer = _made(module, rng, band, focus, rules)
            if scope.admits(kind, question) and (
                module.within is None or module.within(scope, question, answer)
            ):
                return Puzzle(kind, band, seed, question, answer, focus)
    about = f" about {focus}" if focus else ""
    raise InputError(
        f"A '{KIND_TITLES[kind]}' puzzle{about} needs what has not been taught yet at this point "
        f"(tried {SCOPE_TRIES})."
    )


def _made(
    module: DrillKind[Any, Any], rng: Random, band: int, focus: str | None, rules: RuleSet | None
) -> tuple[Any, Any]:
    if rules is not None and module.table_make is not None:
        return module.table_make(rng, band, focus, rules)
    return module.make(rng, band, focus)


def generate_many(
    kind: str, *, count: int, band: int, seed: int, focus: str | None = None, table: RuleSet | None = None
) -> list[Puzzle]:
    """`count` puzzles with distinct content hashes, the same list for the same arguments. Each
    puzzle keeps its own seed, so generate(kind, seed=p.seed, band=band, focus=focus, table=table)
    gives it back."""
    definition(kind)
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


def grade(
    kind: str, question: Mapping[str, object], answer: Mapping[str, object], response: dict[str, str]
) -> Graded:
    """Grade a learner's form fields (`question` and `answer`: the kind's, as generate made them).
    A malformed response grades as wrong (never raises); an unknown kind raises InputError."""
    return definition(kind).grade(question, answer, response)


def response_fields(kind: str) -> tuple[str, ...]:
    return definition(kind).field_names


def unanswered(
    kind: str, response: Mapping[str, object], question: Mapping[str, object] | None = None
) -> tuple[str, ...]:
    """The fields an answer of this kind cannot leave empty that `response` leaves empty (blank,
    spaces only, missing or not text) or fills with what cannot be read (a number it cannot
    read). Such a response is no answer yet: ask again (asked_again says for what), mark nothing.
    Given the question, a field it does not ask (no choices offered in it) is not needed, and a
    field this question and response need too (a discarder's payment, a No's reason) is.
    An unknown kind raises InputError."""
    return definition(kind).missing(response, question)


def asked_again(kind: str, fields: tuple[str, ...]) -> tuple[str, ...]:
    """What a learner is asked for these fields (unanswered's), in plain words: "Write the points
    as a number, e.g. 80." Empty where the plain "choose an answer first" says it."""
    return definition(kind).asks(fields)


def answer_field(name: str) -> AnswerField | None:
    """The answer field of that name (a field's name means one thing in every kind), or None."""
    return _FIELDS.get(name)


def form_response(getlist: GetList) -> dict[str, str]:
    """A posted answer form's fields of every kind, as the engine reads them (see
    AnswerField.read); grading keeps those of the puzzle's kind (DrillKind.response_of)."""
    response: dict[str, str] = {}
    for field in _FIELDS.values():
        response[field.name] = field.read(getlist)
    return response


def unpractised(sections: tuple[str, ...] = PLAY_SECTIONS) -> tuple[str, ...]:
    """The rulebook lines of these sections that no kind practises, in RULES.md order."""
    practised = {line for lines in PRACTISES.values() for line in lines}
    return tuple(line for section in sections for line in lines_in_section(section) if line not in practised)


__all__ = [
    "BANDS",
    "DAILY_KINDS",
    "DEFINITIONS",
    "FOCUSES",
    "IGNORES_TABLE",
    "KINDS",
    "KIND_CHOICES",
    "KIND_TITLES",
    "PRACTISES",
    "TABLE_KINDS",
    "VALUES_HANDS",
    "AnswerField",
    "DrillKind",
    "GetList",
    "Graded",
    "Puzzle",
    "RuleSet",
    "Scope",
    "Shown",
    "answer_field",
    "asked_again",
    "definition",
    "focus_lines",
    "form_response",
    "generate",
    "generate_many",
    "grade",
    "hand_groups",
    "kind_choices",
    "response_fields",
    "seat_rows",
    "unanswered",
    "unpractised",
]
