"""Drill "Quick rules": short multiple-choice questions on the rules, one topic (focus) at a time.

The engine decides every answer: tile names come from tiles.py, block readings from exposures.py
and blocks.py, payments from scoring.py, house rules and skill levels from check() run with a
RuleSet, and the gameplay topics from the game model. The topics live in the rules_quiz_topics
package, one module per family of rules; this module maps focuses to them, offers the right choice
among wrong ones that are never also right, and grades.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from random import Random
from typing import NotRequired, TypedDict

from ..errors import InputError
from .common import RIGHT, WRONG, Graded, Told, choice, graded, ref, shown
from .kind import AnswerField, DrillKind
from .rules_quiz_topics.blocks import blocks, jokers_in_blocks
from .rules_quiz_topics.blocks import read_block as read_block  # noqa: PLC0414 (a public name of the drill)
from .rules_quiz_topics.calls import after_call, call_priority, dead_joker
from .rules_quiz_topics.charleston import blind_pass, charleston_order, courtesy, jokers_not_passed
from .rules_quiz_topics.endings import dead_hand, wall_game
from .rules_quiz_topics.house_rules import house_rules
from .rules_quiz_topics.joker_exchange import joker_exchange
from .rules_quiz_topics.payout import exchange_win, payout
from .rules_quiz_topics.quiz import Quiz
from .rules_quiz_topics.seats_and_deal import deal, seats, turns
from .rules_quiz_topics.skill_levels import skill_levels, skill_levels_3_to_5, skill_levels_dragon_hands
from .rules_quiz_topics.tiles import dragon_suits, notation, tile_counts, tiles
from .scope import Scope
from .shapes import Choice

FIELDS = ("choice",)
NEEDS = ("choice",)
TOPIC_LINES: dict[str, tuple[str, ...]] = {
    "tiles": ("1_tile_set",),
    "dragon_suits": ("1_dragon_suits",),
    "tile_counts": ("1_tile_set", "1_tile_limits", "4_2_set_of_144"),
    "notation": ("1_notation",),
    "blocks": ("2_1_blocks_are_identical_tiles",),
    "jokers_in_blocks": (
        "2_1_jokers_never_in_pairs",
        "2_1_quint_needs_a_joker",
        "2_1_all_joker_block",
        "2_4_news_fills_a_kong_without_jokers",
    ),
    "seats": ("6_seats_and_directions",),
    "deal": ("6_deal",),
    "charleston_order": ("6_first_charleston", "6_second_charleston"),
    "blind_pass": ("6_blind_pass",),
    "courtesy": ("6_courtesy_pass",),
    "jokers_not_passed": ("6_jokers_never_passed",),
    "call_priority": ("6_call_priority",),
    "after_call": ("6_after_a_call",),
    "dead_joker": ("6_dead_joker",),
    "joker_exchange": ("6_joker_exchange", "6_joker_exchange_several"),
    "dead_hand": ("6_dead_hand", "6_mistaken_mah_jongg", "6_dead_hand_plays_on"),
    "wall_game": ("6_wall_game", "6_deal_passes", "3_wall_game_pays_nothing"),
    "house_rules": (
        "4_house_rules_off_by_default",
        "4_1_skip_second_charleston",
        "4_2_set_of_144",
        "4_3_minimum_hand",
    ),
    "skill_levels": (
        "5_levels_are_cumulative",
        "5_1_winds_two_pungs_two_kongs",
        "5_2_run_without_fillers",
        "5_3_dragons_concealed",
        "5_4_suit_bonus",
        "5_5_jokerless_self_drawn_or_dragon",
    ),
    "payout": ("3_payout", "3_wall_game_pays_nothing", "3_joker_exchange_counts_as_self_drawn"),
    "skill_levels_3_to_5": (
        "5_levels_are_cumulative",
        "5_3_dragons_concealed",
        "5_4_suit_bonus",
        "5_5_jokerless_self_drawn_or_dragon",
    ),
    "exchange_win": ("3_joker_exchange_counts_as_self_drawn", "3_payout"),
    "turns": ("6_draw_then_discard",),
    "skill_levels_dragon_hands": ("5_dragon_hands_bound_literally",),
}
FOCUSES: tuple[str, ...] = tuple(TOPIC_LINES)
# Narrower forms of a topic above, for the lesson step that teaches just that part; a Quick rules
# drill without a focus draws from the broader topics only.
NARROW = ("skill_levels_3_to_5", "exchange_win", "turns", "skill_levels_dragon_hands")
ANY_TOPIC: tuple[str, ...] = tuple(f for f in FOCUSES if f not in NARROW)
BLOCK_SIZES = {"Pung": 3, "Kong": 4, "Quint": 5}
PRACTISES: tuple[str, ...] = tuple(dict.fromkeys(line for lines in TOPIC_LINES.values() for line in lines))
# What a learner meets first (bands 1-2 without a focus); later bands draw from every topic.
BEGINNER = (
    "tiles",
    "dragon_suits",
    "tile_counts",
    "notation",
    "blocks",
    "jokers_in_blocks",
    "seats",
    "deal",
    "charleston_order",
    "courtesy",
    "jokers_not_passed",
    "dead_joker",
    "payout",
)


class RulesQuizQuestion(TypedDict):
    prompt: str
    topic: str  # the focus it was asked on
    rules: list[str]  # the sections the answer turns on
    choices: list[Choice]
    tile: NotRequired[str]  # a tile the question is about
    hand: NotRequired[str]  # a hand the question is about


class RulesQuizAnswer(TypedDict):
    choice: str  # the right choice's value
    explanation: str


TOPICS: dict[str, Callable[[Random, int], Quiz]] = {
    "tiles": tiles,
    "dragon_suits": dragon_suits,
    "tile_counts": tile_counts,
    "notation": notation,
    "blocks": blocks,
    "jokers_in_blocks": jokers_in_blocks,
    "seats": seats,
    "deal": deal,
    "charleston_order": charleston_order,
    "blind_pass": blind_pass,
    "courtesy": courtesy,
    "jokers_not_passed": jokers_not_passed,
    "call_priority": call_priority,
    "after_call": after_call,
    "dead_joker": dead_joker,
    "joker_exchange": joker_exchange,
    "dead_hand": dead_hand,
    "wall_game": wall_game,
    "house_rules": house_rules,
    "skill_levels": skill_levels,
    "payout": payout,
    "skill_levels_3_to_5": skill_levels_3_to_5,
    "exchange_win": exchange_win,
    "turns": turns,
    "skill_levels_dragon_hands": skill_levels_dragon_hands,
}


def make(rng: Random, band: int, focus: str | None = None) -> tuple[RulesQuizQuestion, RulesQuizAnswer]:
    if focus is None:
        focus = rng.choice(BEGINNER if band <= 2 else ANY_TOPIC)
    if focus not in TOPICS:
        raise InputError(f"'{focus}' is not a Quick rules topic: choose one of {', '.join(FOCUSES)}.")
    quiz = TOPICS[focus](rng, band)
    right_value, right_label = quiz.right
    others: dict[str, str] = {}
    for value, label in quiz.others:
        if value != right_value and label != right_label and label not in others.values():
            others.setdefault(value, label)
    picked = rng.sample(sorted(others.items()), min(quiz.count - 1, len(others)))
    offered = [quiz.right, *picked]
    rng.shuffle(offered)
    question: RulesQuizQuestion = {
        "prompt": quiz.prompt,
        "topic": focus,
        "rules": list(quiz.sections),
        "choices": [choice(v, label) for v, label in offered],
    }
    if quiz.tile:
        question["tile"] = quiz.tile
    if quiz.hand:
        question["hand"] = quiz.hand
    return question, {"choice": right_value, "explanation": f"{quiz.why} {ref(*quiz.sections)}"}


def _within(scope: Scope, question: RulesQuizQuestion, answer: RulesQuizAnswer) -> bool:
    """The topic is taught; NEWS only once fillers are, and a block of jokers alone (shown, or
    the most jokers a block may hold) only once that is."""
    if not scope.knows(*TOPIC_LINES[question["topic"]]):
        return False
    if any("NEWS" in c["label"] for c in question["choices"]) and not scope.fillers:
        return False
    held = question.get("hand", "").split()
    all_jokers = len(held) > 2 and set(held) == {"J"}
    return scope.all_joker_blocks or not (all_jokers or _most_is_all(question, answer))


def _most_is_all(question: RulesQuizQuestion, answer: RulesQuizAnswer) -> bool:
    """Is the answer that a Pung, Kong or Quint may be all jokers (the most it can hold)?"""
    most = re.match(r"What is the most jokers a (Pung|Kong|Quint) ", question["prompt"])
    return most is not None and answer["choice"] == f"n{BLOCK_SIZES[most.group(1)]}"


def grade(question: RulesQuizQuestion, answer: RulesQuizAnswer, response: object) -> Graded:
    labels = {c["value"]: c["label"] for c in question.get("choices", [])}
    right = answer["choice"]
    rules = question.get("rules") or ["1"]
    raw = response.get("choice") if isinstance(response, Mapping) else None
    said = raw.strip().lower() if isinstance(raw, str) else None
    base: Told = {"expected": labels.get(right, right), "rules": rules}
    if said == right:
        return graded(RIGHT, explanation=answer["explanation"], **base)
    if said in labels:
        lead = f'Not "{labels[said]}". '
    else:
        lead = f"Pick one of the choices (you gave {shown(said)}). "
    return graded(WRONG, explanation=lead + answer["explanation"], **base)


# The kind's definition (drills.kind).

KIND: DrillKind[RulesQuizQuestion, RulesQuizAnswer] = DrillKind(
    name="rules_quiz",
    title="Quick rules",
    description=(
        "A quick question on the rules themselves: the tiles, blocks and jokers, the Charleston, calls, "
        "paying and house rules."
    ),
    fields=(AnswerField("choice", "one-choice", required=True, choices_from="choices", board="Choices"),),
    focuses=FOCUSES,
    practises=PRACTISES,
    make=make,
    grade=grade,
    template="components/answers/rules_quiz.html",
    ignores_table="it quizzes the rulebook itself, house rules and skill levels included",
    within=_within,
    hand_drawn="blocks_if_winning",
    focus_lines=TOPIC_LINES,
)
