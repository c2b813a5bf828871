"""Drill "Winning hand?": a 14-tile hand; is it a winning hand, and if not, why not?

About half the hands are a card entry held at random (valid); the rest are such a hand with one
rule-breaking change, kept only when check() refuses it. The reasons are check's. A focus asks for
a winning hand ("valid") or for a hand refused with one reason first (focused_hands.py); a reason
that only a table option gives comes with that option, stated in the question ("table").

A class's table (drills.generate(..., table=)) judges every hand instead: the hands are card
entries held, changed or not, and whatever check() under the table says is the answer, so its
minimum hand and skill-level reasons turn up by themselves. The question states the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

from ..categories import NUMBER_CATEGORIES, WINDS, hidden_reasons
from ..check import CheckResult, check
from ..errors import InputError
from ..notation import Hand
from ..patterns import PATTERNS
from ..reasons import (
    ALL_JOKER_BLOCK,
    CATALOGUE,
    MINIMUM_HAND,
    OPTION_REASONS,
    SKILL_1,
    SKILL_2,
    SKILL_3,
    SKILL_4,
    SKILL_5,
    Reason,
)
from ..ruleset import HOUSE_RULES, RuleSet
from ..words import lower_first
from .common import RIGHT, WRONG, Graded, Told, choice, graded, half_right, ref, shown, text_field
from .focused_hands import RECIPES, failing_hand
from .hands import band_layout, build, fits, hand_name, pick_entry, reading, reading_rules
from .kind import AnswerField, DrillKind
from .mutations import mutations_for
from .scope import Scope, current
from .shapes import Choice, ExplainedExpected, TableQuestion
from .table import class_words, pick_for, table_entry, table_rules

VALID = "valid"
# A winning hand, or a hand check() refuses for this reason first (every reason a recipe can make).
FOCUSES: tuple[str, ...] = (VALID, *(r for r in CATALOGUE if r in RECIPES))
PROMPT = "Is this a winning hand? If it is not, what is the main problem?"
CHOICES = 4
MAX_TRIES = 60
TABLE_TRIES = 400  # a strict table (skill level 4 or 5) refuses most hands: look further
# Reasons a beginner meets first; later bands offer every reason of the standard rules.
BASIC_REASONS = (
    "lone_tile",
    "joker_in_pair",
    "not_a_set",
    "outside_set",
    "number_repeated",
    "tile_in_two_blocks",
    "woven",
    "no_pattern",
    "numbers_and_winds",
    "no_set",
)
PRACTISES: tuple[str, ...] = (
    "1_notation",  # a bracket is an exposure: a bracketed Pair or NEWS is illegal
    "2_winning_hand_is_dragon_hand_or_category_set_pattern",
    "2_1_blocks_are_identical_tiles",
    "2_1_jokers_never_in_pairs",
    "2_1_all_joker_block",
    "2_2_exactly_ten_patterns_order_free",
    *(f"2_2_pattern_{pattern}" for pattern in PATTERNS),
    "2_3_each_member_fills_one_block",
    *(f"2_3_{category}" for category in (*NUMBER_CATEGORIES, WINDS)),
    "2_3_suits_may_mix",
    "2_3_no_woven_hands",
    "2_4_fillers_fill_the_rest",
    "2_4_flowers_one_pair",
    "2_4_dragons_one_block_per_colour",
    "2_4_news_fills_a_kong_without_jokers",
    "2_4_one_news_block",
    "2_4_news_with_winds_set",
    "2_4_no_other_filler",
    "2_5_exposure_is_one_block",
    "2_5_calls_expose_pungs_kongs_quints",
    "2_5_pair_or_news_exposed_only_by_winning_call",
    "2_6_dragons_love",
    "2_6_dragons_wings",
    "2_6_dragons_breath",
    "4_3_minimum_hand",
    "5_dragon_hands_bound_literally",
    "5_1_winds_two_pungs_two_kongs",
    "5_2_run_without_fillers",
    "5_3_dragons_concealed",
    "5_4_suit_bonus",
    "5_5_jokerless_self_drawn_or_dragon",
)
YES, NO = ("yes", "y", "true", "valid"), ("no", "n", "false", "invalid")
SKILL_REASON_LEVELS = {SKILL_1: 1, SKILL_2: 2, SKILL_3: 3, SKILL_4: 4, SKILL_5: 5}


class WinningHandQuestion(TableQuestion):
    self_drawn: bool  # always False: won on a discard
    choices: list[Choice]  # the reasons a No may pick from


class WinningHandAnswer(ExplainedExpected):
    valid: bool
    reason_ids: list[str]  # why it does not win (check's reasons, first first); empty when it wins


def _hand(rng: Random, band: int, *, want_valid: bool) -> tuple[Hand, CheckResult]:
    """A card entry as held (valid), or held with one rule-breaking change that check() refuses."""
    for _ in range(MAX_TRIES):
        entry = pick_entry(rng, band)
        blocks = band_layout(entry, rng, band)
        changed = (
            build(blocks)
            if want_valid
            else next(
                (
                    h
                    for m in mutations_for(band, rng)
                    if (h := m(entry, blocks, rng)) is not None and not check(h).valid
                ),
                None,
            )
        )
        if changed is None:
            continue
        result = check(changed)
        if result.valid == want_valid:
            return changed, result
    raise RuntimeError("no hand found for the winning-hand drill")  # pragma: no cover


def _pool(band: int, first: list[str]) -> list[str]:
    """The wrong choices to draw from; for a reason a table option gives, the other options'
    reasons of its section too (the other skill levels)."""
    pool = list(BASIC_REASONS) if band <= 2 else [r for r in CATALOGUE if r not in OPTION_REASONS]
    if first and first[0] in OPTION_REASONS:
        section = CATALOGUE[first[0]][0]
        pool += [r for r in CATALOGUE if r in OPTION_REASONS and CATALOGUE[r][0] == section]
    return pool


def _table_hand(rng: Random, band: int, rules: RuleSet, *, want_valid: bool) -> tuple[Hand, CheckResult]:
    """A card entry held (or, half the time when a losing hand is wanted, held with one change),
    kept when check() under the class's table gives the wanted answer; the other answer if the
    table makes the wanted one too rare to find."""
    fallback: tuple[Hand, CheckResult] | None = None
    for _ in range(TABLE_TRIES):
        entry = pick_for(rng, band, rules)
        blocks = band_layout(entry, rng, band)
        hand = build(blocks)
        if not want_valid and rng.random() < 0.5:
            hand = next(
                (
                    h
                    for m in mutations_for(band, rng)
                    if (h := m(entry, blocks, rng)) is not None and fits(h, rules)
                ),
                hand,
            )
        if not fits(hand, rules):
            continue
        result = check(hand, rules=rules)
        if result.valid == want_valid:
            return hand, result
        fallback = fallback or (hand, result)
    if fallback is None:  # pragma: no cover - every band holds hands the table's tile set can hold
        raise RuntimeError("no hand found for the winning-hand drill at this table")
    return fallback


def make(
    rng: Random, band: int, focus: str | None = None, table: RuleSet | None = None
) -> tuple[WinningHandQuestion, WinningHandAnswer]:
    """A hand, valid about half the time; with a focus, a winning hand ("valid") or one that
    check() refuses with that reason first, under the table rules the question then states.
    With a class's table (not the standard rules), a hand judged under it."""
    rules = RuleSet()
    if table is not None and table != rules:
        if focus not in (None, VALID):
            raise InputError(
                "A puzzle about one reason states its own table: ask for it without a class's table."
            )
        rules = table
        hand, result = _table_hand(rng, band, rules, want_valid=focus == VALID or rng.random() < 0.5)
    elif focus is None:
        hand, result = _hand(rng, band, want_valid=rng.random() < 0.5)
    elif focus == VALID:
        hand, result = _hand(rng, band, want_valid=True)
    else:
        hand, result, rules = failing_hand(focus, rng, band)
    found = [r.id for r in result.reasons]
    distractors = [r for r in _pool(band, found[:1]) if r not in found]
    need = CHOICES - (0 if result.valid else 1)
    scope = current()
    if scope is not None:
        # Only reasons in words taught that can hold at this table: the band's, else any such,
        # as many as there are.
        distractors = [r for r in distractors if _offered(scope, r, rules)]
        if len(distractors) < need:
            distractors += [
                r
                for r in CATALOGUE
                if r not in OPTION_REASONS
                and r not in found
                and r not in distractors
                and _offered(scope, r, rules)
            ]
        need = min(need, len(distractors))
    take: list[str] = []
    if not result.valid and band >= 3:
        # Harder: some wrong choices come from the same part of the rules.
        section = result.reasons[0].rule
        near = [r for r in distractors if CATALOGUE[r][0] == section]
        take = rng.sample(near, min(2, len(near), need))
    picked = take + rng.sample([r for r in distractors if r not in take], need - len(take))
    offered = picked + found[:1]
    rng.shuffle(offered)
    question: WinningHandQuestion = {
        "prompt": PROMPT,
        "hand": str(hand),
        "self_drawn": False,
        "choices": [choice(r, CATALOGUE[r][1]) for r in offered],
    }
    if rules != RuleSet():
        words = table_words(rules) if table is None else class_words(rules)
        question["prompt"] = f"It was won on a discard. {words} {PROMPT}"
        question["table"] = table_entry(rules)
    if result.valid:
        best = result.arrangements[0]
        names = dict.fromkeys(hand_name(a.category or "", a.members, a.pattern) for a in result.arrangements)
        others = list(names)[1:3]
        text = f"It wins as {reading(best)} {ref(*reading_rules(best))}."
        if others:
            text += f" It can also be read as {' or '.join(others)} {ref('2.7')}."
        answer: WinningHandAnswer = {
            "valid": True,
            "reason_ids": [],
            "explanation": text,
            "rules": [*reading_rules(best), *(("2.7",) if others else ())],
            "expected": "Yes, it is a winning hand.",
        }
    else:
        lines = [f"{r.title}: {r.message} {ref(r.rule)}" for r in result.reasons]
        answer = {
            "valid": False,
            "reason_ids": found,
            "explanation": " ".join(lines),
            "rules": sorted({r.rule for r in result.reasons}, key=_section_key),
            "expected": f"No: {lower_first(result.reasons[0].title)}.",
        }
    return question, answer


def table_words(rules: RuleSet) -> str:
    """The table options a question is asked under, in words (only those that differ from the
    standard rules)."""
    words = [f"House rule {number} is on: {HOUSE_RULES[number]}." for number in sorted(rules.house_rules)]
    if rules.skill_level:
        words.append(f"The player plays at skill level {rules.skill_level} {ref('5')}.")
    if not rules.all_joker_blocks:
        words.append("This table does not allow a block of jokers alone.")
    return " ".join(words)


def _section_key(section: str) -> tuple[int, ...]:
    return tuple(int(part) for part in section.split("."))


def true_reasons(question: WinningHandQuestion) -> dict[str, Reason]:
    """Every reason that holds for the question's hand, by id: check's, those of every reading
    as near to winning, and what a repeated number hides (its numbers are no set either). Two
    offered reasons may both hold: either is a right answer."""
    result = check(question["hand"], self_drawn=bool(question.get("self_drawn")), rules=table_rules(question))
    found = {r.id: r for r in result.reasons}
    for arrangement in result.nearest:
        for held in (*arrangement.reasons, *hidden_reasons(arrangement.blocks)):
            found.setdefault(held.id, held)
    return found


def grade(question: WinningHandQuestion, answer: WinningHandAnswer, response: object) -> Graded:
    said = (text_field(response, "valid") or "").lower()
    reason = text_field(response, "reason")
    valid = bool(answer["valid"])
    ids = list(answer["reason_ids"])
    base: Told = {"expected": answer["expected"], "rules": answer["rules"], "reason_ids": ids}
    if said not in YES + NO:
        return graded(
            WRONG,
            explanation=f"Answer yes or no (you gave {shown(said or None)}). " + answer["explanation"],
            **base,
        )
    if said in YES:
        if valid:
            return graded(RIGHT, explanation=answer["explanation"], **base)
        return graded(WRONG, explanation="It is not a winning hand. " + answer["explanation"], **base)
    if valid:
        return graded(WRONG, explanation="It is a winning hand after all. " + answer["explanation"], **base)
    right = "The hand is right: it is not a winning hand."
    if not reason:  # the site asks again for the reason instead (drills.unanswered)
        return half_right(right, "The reason was left out.", explanation=answer["explanation"], **base)
    if reason not in {c["value"] for c in question.get("choices", [])}:
        # Only what was offered counts: a true reason the question never showed was not chosen.
        wrong = f"The reason is not one of the choices (you gave {shown(reason)})."
        return half_right(right, wrong, explanation=answer["explanation"], **base)
    if reason in ids:
        return graded(RIGHT, explanation=answer["explanation"], **base)
    held = true_reasons(question).get(reason)
    if held is not None:  # true as well: both count
        lead = f'"{held.title}" is right too: {held.message} {ref(held.rule)} And: '

        return graded(RIGHT, explanation=lead + answer["explanation"], **base)
    title, rule = CATALOGUE[reason][1], CATALOGUE[reason][0]
    wrong = f'The reason is not: "{title}" {ref(rule)} does not apply to this hand.'
    return half_right(right, wrong, explanation=answer["explanation"], **base)


def holds_at(reason_id: str, rules: RuleSet) -> bool:
    """Can a hand fail for this reason at a table playing `rules`? A block of jokers alone fails
    only where the table does not allow one (RULES §2.1 [D]: the standard rules do), the minimum
    hand only under house rule 3, and a skill level's reason only at that level or above."""
    if reason_id == ALL_JOKER_BLOCK:
        return not rules.all_joker_blocks
    if reason_id == MINIMUM_HAND:
        return rules.minimum_hand
    level = SKILL_REASON_LEVELS.get(reason_id)
    return level is None or rules.skill_level >= level


def _offered(scope: Scope, reason_id: str, rules: RuleSet) -> bool:
    """May a question asked within `scope` at this table offer this reason? Its words are taught,
    and it can hold there."""
    return scope.reason_ok(reason_id) and holds_at(reason_id, rules)


def _within(scope: Scope, question: WinningHandQuestion, answer: WinningHandAnswer) -> bool:
    """Every reason offered is in words taught, and can hold at the question's table."""
    rules = table_rules(question)
    return all(_offered(scope, c["value"], rules) for c in question["choices"])


def _reason_needed(question: Mapping[str, Any], response: Mapping[str, object]) -> bool:
    """A No needs its reason (where the question offers reasons)."""
    return (text_field(response, "valid") or "").lower() in NO and bool(question.get("choices"))


def _first_reason(answer: WinningHandAnswer) -> str:
    """The reason a right No gives (none for a Yes)."""
    return (answer["reason_ids"] or [""])[0]


KIND: DrillKind[WinningHandQuestion, WinningHandAnswer] = DrillKind(
    name="winning_hand",
    title="Winning hand?",
    description="Whether a hand of 14 tiles is a winning hand, and if it is not, the main problem.",
    fields=(
        AnswerField("valid", "yes-no", required=True, board="Is it a winning hand?"),
        # A reason is asked only of a No: a No needs one.
        AnswerField(
            "reason",
            "one-choice",
            choices_from="choices",
            answered=_first_reason,
            needed=_reason_needed,
            ask="You answered No: choose the main problem too.",
        ),
    ),
    focuses=FOCUSES,
    practises=PRACTISES,
    make=make,
    grade=grade,
    template="components/answers/winning_hand.html",
    table_make=make,
    daily=0,
    within=_within,
    hand_drawn="blocks",
)
