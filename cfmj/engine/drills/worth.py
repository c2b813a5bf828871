"""Drill "What is it worth?": a winning hand and how it was won; its value and what the discarder pays.

A focus asks for a hand that earns one bonus, is self-drawn, jokerless (doubled) or a special
dragon hand, or was won on a discard (so the discarder pays double); check() confirms it.

A class's table (drills.generate(..., table=)) values every hand under it: only hands that win
there are asked about (a minimum hand, the skill levels), from its base; the question states it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from random import Random
from typing import Any, NotRequired

from ..blocks import PAIR
from ..card import CardEntry
from ..check import CheckResult, check
from ..errors import InputError
from ..labels import BONUS_HINTS, BONUS_LABELS
from ..notation import Hand, parse_hand
from ..numbers import POINTS
from ..rulebook import RULE_LINES
from ..ruleset import MINIMUM_HAND, RuleSet
from ..scoring import BONUS_KEYS, PAIRS_FOR_BONUS, SEVEN_PAIRS, payout
from ..tiles import NEWS, is_number, is_wind
from ..validate import Arrangement
from .common import RIGHT, WRONG, Graded, graded, half_right, int_field, ref, shown, text_field
from .hands import (
    DRAGON_HANDS,
    EXPOSE_CHANCE,
    JOKER_CHANCE,
    band_layout,
    build,
    fits,
    hand_name,
    has_quint,
    layout,
    pick_entry,
    pick_where,
    suit_bonus_possible,
)
from .kind import AnswerField, DrillKind
from .scope import Scope, current
from .shapes import ExplainedExpected, TableQuestion
from .table import class_words, pick_for, table_entry

SELF_DRAWN_CHANCE = 0.4
SURE = 0.6  # a joker or exposure chance high enough that most holdings have one
PAIRS, QUINTS, SET, SUIT, CONCEALED = BONUS_KEYS
SELF_DRAWN, JOKERLESS, DRAGON_HAND, DISCARD = "self_drawn", "jokerless", "dragon_hand", "discard"
LOW_BASE = "base_20"
LOW_BASE_VALUE = 20
# A hand earning that bonus; self-drawn; jokerless (so doubled); a dragon hand; won on a discard;
# or any hand at a table that counts from a base of 20 (RULES §3: the base option).
FOCUSES: tuple[str, ...] = (*BONUS_KEYS, SELF_DRAWN, JOKERLESS, DRAGON_HAND, DISCARD, LOW_BASE)
# A bonus's focus asks about that bonus's rule line (the other focuses name none of their own).
FOCUS_LINES: dict[str, tuple[str, ...]] = {
    key: (f"3_{key}_bonus",) for key in BONUS_KEYS if f"3_{key}_bonus" in RULE_LINES
}
QUINT_BAND = 2  # band 1 holds no jokers, and a Quint needs one
DRAGON_HANDS_BAND = 3  # the first band with the special dragon hands
MAX_TRIES = 200
TABLE_TRIES = 400  # a strict table (skill level 4 or 5) refuses most hands: look further
PRACTISES: tuple[str, ...] = (
    "1_notation",  # brackets cost the concealed bonus
    "1_dragon_suits",  # a dragon of another colour costs the suit bonus
    "2_6_dragon_hands_fixed_value_no_bonuses",
    "2_6_dragons_love",
    "2_6_dragons_wings",
    "2_6_dragons_breath",
    "2_7_best_arrangement_scores",
    "3_value_formula",
    "3_pairs_bonus",
    "3_quints_bonus",
    "3_set_bonus",
    "3_suit_bonus",
    "3_concealed_bonus",
    "3_dragon_hands_no_doubling",
    "3_payout",
    "3_base_option",  # the base_20 focus
    "3_worked_check",  # every puzzle is the worked example's sum: base, bonuses, doublings, payout
)


class WorthQuestion(TableQuestion):
    self_drawn: bool
    value_only: NotRequired[bool]  # True: what the discarder pays is not asked (payouts not yet taught)


class WorthAnswer(ExplainedExpected):
    value: int
    discarder: int | None  # None: self-drawn, nobody discarded
    self_drawn: bool


def _pairs(entry: CardEntry) -> bool:
    pairs = sum(1 for _, size in entry.blocks if size == PAIR)
    return entry.pattern is not None and (pairs in PAIRS_FOR_BONUS or pairs == SEVEN_PAIRS)


def _only_numbers_or_winds(entry: CardEntry) -> bool:
    tiles = [t for t, _ in entry.blocks]
    return all(is_number(t) for t in tiles) or all(is_wind(t) or t == NEWS for t in tiles)


def _any_entry(entry: CardEntry) -> bool:
    return True


def _card_hand(entry: CardEntry) -> bool:
    return entry.pattern is not None


# focus -> (the entries to start from, the first band whose hands can have it)
ENTRIES: dict[str, tuple[Callable[[CardEntry], bool], int]] = {
    PAIRS: (_pairs, 1),
    QUINTS: (lambda entry: entry.pattern is not None and has_quint(entry), QUINT_BAND),
    SET: (_only_numbers_or_winds, 1),
    SUIT: (suit_bonus_possible, 1),
    CONCEALED: (_card_hand, 1),
    SELF_DRAWN: (lambda entry: True, 1),
    JOKERLESS: (lambda entry: entry.pattern is not None and not has_quint(entry), 1),
    DRAGON_HAND: (lambda entry: entry.category in DRAGON_HANDS, DRAGON_HANDS_BAND),
    DISCARD: (lambda entry: True, 1),
}


def _has_focus(focus: str, hand: Hand, best: Arrangement) -> bool:
    if focus in BONUS_KEYS:
        return bool(best.bonuses and best.bonuses[focus])
    if focus == JOKERLESS:
        return hand.jokers == 0 and not best.dragon_hand
    if focus == DRAGON_HAND:
        return best.dragon_hand
    return True  # how it was won: set by the puzzle itself


def _focused(rng: Random, band: int, focus: str) -> tuple[Hand, bool, CheckResult]:
    """A winning hand with the focus: it earns that bonus, is jokerless or a dragon hand, or was
    self-drawn or won on a discard."""
    where, first_band = ENTRIES[focus]
    band = max(band, first_band)
    scope = current()
    key = f"worth/{focus}"
    if scope is not None:
        key, where = f"{key}/{'-'.join(scope.bonuses)}", _earns_only_taught(scope, where)
    for _ in range(MAX_TRIES):
        entry = pick_where(rng, band, key, where)
        joker_chance = 0.0 if focus == JOKERLESS else JOKER_CHANCE[band]
        expose_chance = 0.0 if focus == CONCEALED else EXPOSE_CHANCE[band]
        if scope is not None and focus != JOKERLESS:
            joker_chance, expose_chance = _scoped_chances(scope, joker_chance, expose_chance)
        hand = build(layout(entry, rng, joker_chance=joker_chance, expose_chance=expose_chance))
        self_drawn = focus == SELF_DRAWN or (focus != DISCARD and rng.random() < SELF_DRAWN_CHANCE)
        if scope is not None and not scope.doubling and focus != SELF_DRAWN:
            self_drawn = False  # self-drawn doubles: not yet taught
        result = check(hand, self_drawn=self_drawn)
        if result.best is not None and _has_focus(focus, hand, result.best):
            return hand, self_drawn, result
    raise RuntimeError(f"no hand found for the worth drill with focus {focus}")  # pragma: no cover


def _earns_only_taught(scope: Scope, where: Callable[[CardEntry], bool]) -> Callable[[CardEntry], bool]:
    """The entries of `where` that cannot earn a bonus not yet taught (as held; the exposures
    drawn and check() settle the concealed bonus)."""
    taught = set(scope.bonuses)

    def fits_scope(entry: CardEntry) -> bool:
        return (
            where(entry)
            and (PAIRS in taught or entry.pattern is None or not _pairs(entry))
            and (QUINTS in taught or not has_quint(entry))
            and (SET in taught or not _only_numbers_or_winds(entry))
            and (SUIT in taught or not suit_bonus_possible(entry))
        )

    return fits_scope


def _scoped_chances(scope: Scope, joker_chance: float, expose_chance: float) -> tuple[float, float]:
    """Before doubling is taught a hand holds a joker (no jokers doubles); before the concealed
    bonus is, an exposure (a concealed hand earns it)."""
    if not scope.doubling:
        joker_chance = max(joker_chance, SURE)
    if CONCEALED not in scope.bonuses and scope.exposures:
        expose_chance = max(expose_chance, SURE)
    return joker_chance, expose_chance


def _table_hand(rng: Random, band: int, rules: RuleSet) -> tuple[Hand, bool, CheckResult]:
    """A card entry held, won self-drawn or on a discard, that wins under the class's table."""
    for _ in range(TABLE_TRIES):
        hand = build(band_layout(pick_for(rng, band, rules), rng, band))
        self_drawn = rng.random() < SELF_DRAWN_CHANCE
        if not fits(hand, rules):
            continue
        result = check(hand, self_drawn=self_drawn, rules=rules)
        if result.valid:
            return hand, self_drawn, result
    raise RuntimeError("no hand found for the worth drill at this table")  # pragma: no cover


def _minimum_hand_met(hand: Hand, self_drawn: bool, best: Arrangement) -> str:
    """Why a hand meets house rule 3's minimum hand (RULES §4), in words."""
    if best.dragon_hand:
        why = "it is a dragon hand"
    elif best.bonuses and any(best.bonuses.values()):
        why = "it earns a bonus"
    elif hand.jokers == 0:
        why = "it holds no jokers"
    else:
        why = "it was self-drawn" if self_drawn else "it meets it"
    return f"Your class plays the minimum hand, and this one wins: {why} {ref('4')}."


def make(
    rng: Random, band: int, focus: str | None = None, table: RuleSet | None = None
) -> tuple[WorthQuestion, WorthAnswer]:
    if table is not None:
        if focus is not None:
            raise InputError("A worth puzzle takes a focus or a class's table, not both.")
        return _asked(table.base, table, *_table_hand(rng, band, table))
    base = LOW_BASE_VALUE if focus == LOW_BASE else RuleSet().base
    scope = current()
    if focus is None or focus == LOW_BASE:
        while True:
            if scope is None:
                entry = pick_entry(rng, band)
                hand = build(band_layout(entry, rng, band))
            else:
                entry = pick_entry(rng, band, _earns_only_taught(scope, _any_entry))
                chances = _scoped_chances(scope, JOKER_CHANCE[band], EXPOSE_CHANCE[band])
                hand = build(layout(entry, rng, joker_chance=chances[0], expose_chance=chances[1]))
            self_drawn = rng.random() < SELF_DRAWN_CHANCE and (scope is None or scope.doubling)
            result = check(hand, self_drawn=self_drawn, base=base)
            if focus is None or not (result.best and result.best.dragon_hand):  # fixed values ignore the base
                break
    else:
        hand, self_drawn, result = _focused(rng, band, focus)
    return _asked(base, None, hand, self_drawn, result)


def _asked(
    base: int, table: RuleSet | None, hand: Hand, self_drawn: bool, result: CheckResult
) -> tuple[WorthQuestion, WorthAnswer]:
    """The question and answer for a winning hand valued from `base` (under a class's table, if any)."""
    best = result.best
    if best is None:  # pragma: no cover - a card entry held legally always wins
        raise RuntimeError(f"{hand} should win")
    value = best.value or 0
    name = hand_name(best.category or "", best.members, best.pattern)
    if best.dragon_hand:
        steps = [
            f"{name} is a special dragon hand with a fixed value of {value}: no bonuses and no "
            f"doubling {ref('2.6', '3')}."
        ]
        rules = ["2.6", "3"]
    else:
        steps = [
            f"It is {name}. Start from the base of {base}"
            + (f", as this table plays {ref('3')}." if base != RuleSet().base else ".")
        ]
        points = base
        for key, bonus in (best.bonuses or {}).items():
            if bonus:
                points += bonus
                steps.append(
                    f"{BONUS_LABELS[key]} +{bonus} ({BONUS_HINTS[key][0].lower()}"
                    f"{BONUS_HINTS[key][1:].rstrip('.')})."
                )
        if points == base:
            steps.append("It earns no bonus.")
        else:
            steps.append(f"That makes {points}.")
        if self_drawn:
            points *= 2
            steps.append(f"Self-drawn: doubled to {points}.")
        if hand.jokers == 0:
            points *= 2
            steps.append(f"No jokers: doubled to {points}.")
        if points != value:  # pragma: no cover - the steps retell check's own sum
            raise RuntimeError(f"itemised {points} but check says {value} for {hand}")
        steps.append(f"Value: {value} {ref('3')}.")
        rules = ["3"]
    if table is not None and MINIMUM_HAND in table.house_rules:
        steps.insert(0, _minimum_hand_met(hand, self_drawn, best))
        rules.append("4")
    paid = payout(value, self_drawn=self_drawn)
    scope = current()
    value_only = not self_drawn and scope is not None and not scope.payouts
    if value_only:  # who pays what is not yet taught: the value alone is asked
        expected = f"{value} points."
    elif self_drawn:
        steps.append(f"Self-drawn, so each of the other three players pays {paid['each']} {ref('3')}.")
        expected = f"{value} points; self-drawn, so each player pays {paid['each']}."
    else:
        steps.append(
            f"Won on a discard: the discarder pays double, {paid['discarder']}, and the other two "
            f"pay {paid['other']} each {ref('3')}."
        )
        expected = f"{value} points; the discarder pays {paid['discarder']}."
    how = "self-drawn (taken from the wall)" if self_drawn else "on a discard"
    prompt = f"This hand won {how}. What is it worth?" + (
        "" if self_drawn or value_only else " And what does the discarder pay?"
    )
    question: WorthQuestion = {"prompt": prompt, "hand": str(hand), "self_drawn": self_drawn}
    if value_only:
        question["value_only"] = True
    if table is not None:
        question["prompt"] = f"{class_words(table)} {prompt}"
        question["table"] = table_entry(table)
        if base != RuleSet().base:
            question["base"] = base
    elif base != RuleSet().base:
        question["prompt"] = f"At this table every hand counts from a base of {base}, not 25. " + prompt
        question["base"] = base
    answer: WorthAnswer = {
        "value": value,
        "discarder": None if self_drawn or value_only else paid["discarder"],
        "self_drawn": self_drawn,
        "explanation": " ".join(steps),
        "expected": expected,
        "rules": rules,
    }
    return question, answer


def grade(question: WorthQuestion, answer: WorthAnswer, response: object) -> Graded:
    value = int_field(response, "value", POINTS)
    expected, rules, explanation = answer["expected"], answer["rules"], answer["explanation"]
    if value is None:  # the site asks again instead (drills.unanswered): no verdict
        said = shown(text_field(response, "value"))
        lead = f"Write the points as a number, e.g. 80 (you gave {said}). "
        return graded(WRONG, explanation=lead + explanation, expected=expected, rules=rules)
    asked_pays = answer["discarder"] is not None  # not self-drawn, and payouts taught
    pays = int_field(response, "discarder", POINTS)
    if value != answer["value"]:
        if asked_pays and pays == answer["discarder"]:
            return half_right(
                f"What the discarder pays is right: {pays}.",
                f"The value is not: it is {answer['value']}, not {value}.",
                explanation=explanation,
                expected=expected,
                rules=rules,
            )
        lead = f"Not {value}. "
        return graded(WRONG, explanation=lead + explanation, expected=expected, rules=rules)
    if not asked_pays or pays == answer["discarder"]:
        return graded(RIGHT, explanation=explanation, expected=expected, rules=rules)
    said = str(pays) if pays is not None else shown(text_field(response, "discarder") or None)
    return half_right(
        f"The value is right: {value}.",
        f"What the discarder pays is not: {answer['discarder']}, not {said}, as whoever discards "
        "the winning tile pays twice the value.",
        explanation=explanation,
        expected=expected,
        rules=rules,
    )


def _within(scope: Scope, question: WorthQuestion, answer: WorthAnswer) -> bool:
    """No payment asked before payouts are taught, no doubled hand (self-drawn, or holding no
    joker) before doubling is, and no bonus before it is (a dragon hand's value is fixed)."""
    if not question.get("value_only") and not answer["self_drawn"] and not scope.payouts:
        return False
    hand = parse_hand(question["hand"])
    best = check(hand, self_drawn=answer["self_drawn"], base=question.get("base", RuleSet().base)).best
    if best is None or best.dragon_hand:
        return best is not None
    if (answer["self_drawn"] or hand.jokers == 0) and not scope.doubling:
        return False
    return {key for key, bonus in (best.bonuses or {}).items() if bonus} <= set(scope.bonuses)


def _discarder_asked(question: Mapping[str, Any], response: Mapping[str, object]) -> bool:
    """Does the question ask what the discarder pays (a hand won on a discard, payouts taught)?"""
    return question.get("self_drawn") is False and not question.get("value_only")


def _discarder_pays(answer: WorthAnswer) -> str:
    """What the discarder pays, as typed in (left empty for a self-drawn hand)."""
    return str(answer["discarder"] or "")


KIND: DrillKind[WorthQuestion, WorthAnswer] = DrillKind(
    name="worth",
    title="What is it worth?",
    description="What a winning hand is worth in points, and what the discarder pays if won on a discard.",
    fields=(
        AnswerField(
            "value", "number", required=True, units=POINTS, ask="Write the points as a number, e.g. 80."
        ),
        # The discarder's payment is asked only of a hand won on a discard (and once payouts
        # are taught): then it is needed too.
        AnswerField(
            "discarder",
            "number",
            answered=_discarder_pays,
            needed=_discarder_asked,
            units=POINTS,
            ask="Write what the discarder pays as a number too.",
        ),
    ),
    focuses=FOCUSES,
    practises=PRACTISES,
    make=make,
    grade=grade,
    template="components/answers/worth.html",
    table_make=make,
    values_hands=True,
    daily=1,
    says_how_won=True,
    within=_within,
    focus_lines=FOCUS_LINES,
    hand_drawn="blocks",
)
