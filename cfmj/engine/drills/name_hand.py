"""Drill "Name the hand": a winning hand; its category and pattern (any of its readings counts).

A focus (a category or a pattern id) asks for a hand that reads as it; a focus the band does not
yet hold (Winds in band 1, a Quint pattern without jokers) raises the band the hand is built at.

A class's table (drills.generate(..., table=)) asks only about hands that win under it (won on a
discard), and accepts the readings that win there; the question states it.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import NotRequired

from ..blocks import QUINT
from ..card import CardEntry
from ..categories import NUMBER_CATEGORIES, WINDS
from ..check import CheckResult, check
from ..errors import InputError
from ..labels import category_label, pattern_label
from ..notation import Hand
from ..patterns import PATTERNS
from ..rulebook import RULE_LINES
from ..ruleset import RuleSet
from ..validate import Arrangement
from .common import RIGHT, WRONG, Graded, choice, graded, half_right, join_words, ref, shown, text_field
from .hands import (
    DRAGON_HANDS,
    band_categories,
    band_layout,
    build,
    fits,
    pick_entry,
    pick_where,
    reading,
    reading_rules,
)
from .kind import AnswerField, DrillKind
from .scope import Scope, current
from .shapes import Choice, ExplainedExpected, HandQuestion, TableEntry
from .table import class_words, pick_for, table_entry

SPECIAL = "special"  # the "pattern" of a special dragon hand: its tiles are fixed
SPECIAL_LABEL = "A special dragon hand (fixed tiles)"
PROMPT = "Name this hand: which category is it, and which pattern?"
PATTERN_PROMPT = "Name this hand's pattern: which blocks make it up?"
# A hand that reads as this category, or as this pattern.
FOCUSES: tuple[str, ...] = (*NUMBER_CATEGORIES, WINDS, *PATTERNS)
# A category's focus asks about its rule line, a pattern's about its own.
FOCUS_LINES: dict[str, tuple[str, ...]] = {
    focus: tuple(line for line in (f"2_3_{focus}", f"2_2_pattern_{focus}") if line in RULE_LINES)
    for focus in FOCUSES
}
WINDS_BAND = 2  # the first band with Winds hands
QUINT_BAND = 2  # band 1 holds no jokers, and a Quint needs one
MAX_TRIES = 20
TABLE_TRIES = 400  # a strict table (skill level 4 or 5) refuses most hands: look further
PRACTISES: tuple[str, ...] = (
    "2_winning_hand_is_dragon_hand_or_category_set_pattern",
    "2_2_exactly_ten_patterns_order_free",
    *(f"2_2_pattern_{pattern}" for pattern in PATTERNS),
    *(f"2_3_{category}" for category in (*NUMBER_CATEGORIES, WINDS)),
    "2_4_fillers_fill_the_rest",
    "2_4_news_fills_a_kong_without_jokers",  # NEWS takes a Kong's place
    "2_6_dragons_love",
    "2_6_dragons_wings",
    "2_6_dragons_breath",
    "3_ties_any_arrangement",  # a hand with several readings accepts any of them, tied best ones included
)


class NameHandQuestion(HandQuestion):
    category_choices: list[Choice]
    pattern_choices: list[Choice]
    table: NotRequired[TableEntry]  # asked under a class's table (the base is never asked about)


class NameHandAnswer(ExplainedExpected):
    accepted: list[list[str]]  # every reading that counts: [category, pattern] (SPECIAL: a dragon hand)


def _reads_as(focus: str) -> Callable[[CardEntry], bool]:
    """The card entries of the focus category or pattern."""
    return lambda entry: focus in (entry.category, entry.pattern)


def _focus_band(focus: str, band: int) -> int:
    """The band to build at: Winds hands start in band 2, and a Quint pattern needs a joker."""
    if focus == WINDS:
        return max(band, WINDS_BAND)
    if focus in PATTERNS and QUINT in PATTERNS[focus]:
        return max(band, QUINT_BAND)
    return band


def _table_hand(rng: Random, band: int, rules: RuleSet) -> tuple[Hand, CheckResult]:
    """A card entry held that wins (on a discard) under the class's table."""
    for _ in range(TABLE_TRIES):
        hand = build(band_layout(pick_for(rng, band, rules), rng, band))
        if not fits(hand, rules):
            continue
        result = check(hand, rules=rules)
        if result.valid:
            return hand, result
    raise RuntimeError("no hand found for the name-hand drill at this table")  # pragma: no cover


def _readings(result: CheckResult) -> list[list[str]]:
    readings = [[a.category or "", a.pattern or SPECIAL] for a in result.arrangements]
    return [r for i, r in enumerate(readings) if r not in readings[:i]]


def make(
    rng: Random, band: int, focus: str | None = None, table: RuleSet | None = None
) -> tuple[NameHandQuestion, NameHandAnswer]:
    if focus is not None:
        band = _focus_band(focus, band)
    if table is not None:
        if focus is not None:
            raise InputError("A name-the-hand puzzle takes a focus or a class's table, not both.")
        hand, result = _table_hand(rng, band, table)
        accepted = _readings(result)
    else:
        hand, result, accepted = _standard_hand(rng, band, focus)
    question, answer = _asked(band, hand, result, accepted)
    if table is not None:
        question["prompt"] = f"It was won on a discard. {class_words(table)} {PROMPT}"
        question["table"] = table_entry(table)
    return question, answer


def _standard_hand(rng: Random, band: int, focus: str | None) -> tuple[Hand, CheckResult, list[list[str]]]:
    scope = current()
    for _ in range(MAX_TRIES):
        if focus is None:
            entry = pick_entry(rng, band, None if scope is None else _named_in(scope))
        else:
            entry = pick_where(rng, band, f"name_hand/{focus}", _reads_as(focus))
        hand = build(band_layout(entry, rng, band))
        result = check(hand)
        accepted = _readings(result)
        if focus is None or any(focus in reading for reading in accepted):
            return hand, result, accepted
    # A held entry always reads as its own category and pattern: this is never reached.
    raise RuntimeError(f"no hand found for the name-hand drill with focus {focus}")  # pragma: no cover


def _asked_names(band: int) -> tuple[tuple[str, ...], list[str]]:
    """The categories and patterns the question offers: the band's; within a scope, those taught
    (no category at all before two are taught: the question then asks the pattern alone)."""
    categories = band_categories(band)
    patterns = list(PATTERNS)
    if any(c in DRAGON_HANDS for c in categories):
        patterns.append(SPECIAL)
    scope = current()
    if scope is None:
        return categories, patterns
    taught = [c for c in categories if c in scope.categories or (c in DRAGON_HANDS and scope.dragon_hands)]
    known = set(scope.patterns) | ({SPECIAL} if scope.dragon_hands else set())
    return tuple(taught) if len(taught) > 1 else (), [p for p in patterns if p in known]


def _named_in(scope: Scope) -> Callable[[CardEntry], bool]:
    """The card entries whose category a question within the scope may ask for."""
    return lambda entry: (
        not scope.categories or entry.category in scope.categories or entry.category in DRAGON_HANDS
    )


def _asked(
    band: int, hand: Hand, result: CheckResult, accepted: list[list[str]]
) -> tuple[NameHandQuestion, NameHandAnswer]:
    categories, pattern_ids = _asked_names(band)
    patterns = [choice(p, SPECIAL_LABEL if p == SPECIAL else pattern_label(p)) for p in pattern_ids]
    if current() is not None:  # the readings that can be named with what is offered
        accepted = [r for r in accepted if r[1] in pattern_ids and (not categories or r[0] in categories)]
    question: NameHandQuestion = {
        "prompt": PROMPT if categories else PATTERN_PROMPT,
        "hand": str(hand),
        "category_choices": [choice(c, category_label(c)) for c in categories],
        "pattern_choices": patterns,
    }
    names = [_name(c, p) if categories else _pattern_name(p) for c, p in accepted]
    firsts: dict[tuple[str | None, str | None], Arrangement] = {}
    for arrangement in result.arrangements:
        firsts.setdefault((arrangement.category, arrangement.pattern), arrangement)
    lines = [
        f"It {'also ' if i else ''}reads as {reading(a)} {ref(*reading_rules(a))}."
        for i, a in enumerate(list(firsts.values())[:3])
    ]
    rules = [s for a in result.arrangements for s in reading_rules(a)]
    if len(accepted) > 1:
        lines.append(f"Either name is right: a hand may read more than one way {ref('2.7')}.")
        rules.append("2.7")
    answer: NameHandAnswer = {
        "accepted": accepted,
        "explanation": " ".join(lines),
        "expected": " or ".join(names),
        "rules": sorted(set(rules)),
    }
    return question, answer


def _name(category: str, pattern: str) -> str:
    if pattern == SPECIAL:
        return category_label(category)
    return f"{category_label(category)}, {pattern_label(pattern)}"


def _pattern_name(pattern: str) -> str:
    return SPECIAL_LABEL if pattern == SPECIAL else pattern_label(pattern)


def grade(question: NameHandQuestion, answer: NameHandAnswer, response: object) -> Graded:
    category = text_field(response, "category")
    pattern = text_field(response, "pattern")
    accepted = [tuple(r) for r in answer["accepted"]]
    expected, rules, explanation = answer["expected"], answer["rules"], answer["explanation"]
    if (category, pattern) in accepted:
        return graded(RIGHT, explanation=explanation, expected=expected, rules=rules)
    if question.get("category_choices") == []:  # the pattern alone was asked
        if pattern in {p for _, p in accepted}:
            return graded(RIGHT, explanation=explanation, expected=expected, rules=rules)
        lead = f"Not {_said('pattern', pattern)}. "
        return graded(WRONG, explanation=lead + explanation, expected=expected, rules=rules)
    right: list[str] = []
    wrong: list[str] = []
    for what, said, known in (
        ("category", category, {c for c, _ in accepted}),
        ("pattern", pattern, {p for _, p in accepted}),
    ):
        (right if said in known else wrong).append(
            f"the {what}" + ("" if said in known else f" ({_said(what, said)})")
        )
    if right and not wrong:
        return half_right(
            "The category and the pattern each fit one reading of the hand.",
            "Together they do not: no one reading has both.",
            explanation=explanation,
            expected=expected,
            rules=rules,
        )
    if right:
        return half_right(
            f"{right[0][:1].upper()}{right[0][1:]} is right.",
            f"{wrong[0][:1].upper()}{wrong[0][1:]} is not.",
            explanation=explanation,
            expected=expected,
            rules=rules,
        )
    lead = f"Neither {join_words(wrong).replace(' and ', ' nor ')} fits. "
    return graded(WRONG, explanation=lead + explanation, expected=expected, rules=rules)


def _said(what: str, said: str | None) -> str:
    if what == "category" and said is not None and category_label(said) != said:
        return category_label(said)
    if what == "pattern" and said == SPECIAL:
        return SPECIAL_LABEL.lower()
    if what == "pattern" and said is not None and pattern_label(said) != said:
        return pattern_label(said)
    return f"you gave {shown(said)}"


def _within(scope: Scope, question: NameHandQuestion, answer: NameHandAnswer) -> bool:
    """Only taught categories and patterns are offered, and the hand reads as one of them."""
    if not answer["accepted"]:
        return False
    categories = {c["value"] for c in question["category_choices"]}
    patterns = {c["value"] for c in question["pattern_choices"]}
    taught = set(scope.patterns) | ({SPECIAL} if scope.dragon_hands else set())
    named = set(scope.categories) | (set(DRAGON_HANDS) if scope.dragon_hands else set())
    return categories <= named and patterns <= taught


def _accepted(index: int) -> Callable[[NameHandAnswer], set[str]]:
    """The categories (0) or patterns (1) of the readings the answer accepts."""
    return lambda answer: {pair[index] for pair in answer.get("accepted", [])}


def _first_reading(index: int) -> Callable[[NameHandAnswer], str]:
    """The category (0) or pattern (1) of the first reading the answer accepts (a right response
    names one reading, both halves of it)."""
    return lambda answer: answer["accepted"][0][index]


KIND: DrillKind[NameHandQuestion, NameHandAnswer] = DrillKind(
    name="name_hand",
    title="Name the hand",
    description="Which category and which pattern a winning hand is built on.",
    fields=(
        AnswerField(
            "category",
            "one-choice",
            required=True,
            choices_from="category_choices",
            board="Category",
            right=_accepted(0),
            answered=_first_reading(0),
        ),
        AnswerField(
            "pattern",
            "one-choice",
            required=True,
            choices_from="pattern_choices",
            board="Pattern",
            right=_accepted(1),
            answered=_first_reading(1),
        ),
    ),
    focuses=FOCUSES,
    practises=PRACTISES,
    make=make,
    grade=grade,
    template="components/answers/name_hand.html",
    table_make=make,
    daily=2,
    within=_within,
    focus_lines=FOCUS_LINES,
    # On a rack, not as blocks: blocks with their names ("Quint of 6 Bam with a joker") would give
    # the pattern away, and working out which jokers fill which block is the skill asked.
    hand_drawn="rack",
)
