"""Which rule lines (cfmj.engine.rulebook) a marked answer turns on, section by section, so that
the site can point the learner to the lesson step that teaches each of them.

A marked answer names RULES sections (Graded.rules: "2.3", "6"); a section holds many lines. The
lines of this answer come from what the engine knows of it: the reasons a hand does not win, the
best reading of a hand that wins (its category, pattern, bonuses, value and payout), a rules
quiz's topic. Where none of these falls in a section, the section's lines that the kind
practises (drills.PRACTISES) stand in, marked as not exact.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .. import reasons as R
from ..check import check
from ..errors import InputError
from ..rulebook import RULE_LINES, lines_in_section
from ..scoring import BONUS_KEYS
from . import PRACTISES
from .rules_quiz import TOPIC_LINES

# Each reason a hand does not win, as the rule line it breaks.
REASON_LINES: dict[str, str] = {
    R.EXPOSURE_NOT_BLOCK: "2_5_exposure_is_one_block",
    R.EXPOSURE_ILLEGAL: "2_5_pair_or_news_exposed_only_by_winning_call",
    R.EXPOSURE_GROWN: "2_5_exposure_is_one_block",
    R.EXPOSURE_UNUSED: "2_5_exposure_is_one_block",
    R.JOKER_IN_PAIR: "2_1_jokers_never_in_pairs",
    R.LONE_TILE: "2_1_blocks_are_identical_tiles",
    R.FLOWERS_PAIR_ONLY: "2_4_flowers_one_pair",
    R.ONE_FLOWER_BLOCK: "2_4_flowers_one_pair",
    R.ONE_BLOCK_PER_DRAGON: "2_4_dragons_one_block_per_colour",
    R.ONE_NEWS_BLOCK: "2_4_one_news_block",
    R.NEWS_NO_JOKERS: "2_4_news_fills_a_kong_without_jokers",
    R.TILE_IN_TWO_BLOCKS: "2_3_each_member_fills_one_block",
    R.ALL_JOKER_BLOCK: "2_1_all_joker_block",
    R.NUMBERS_AND_WINDS: "2_winning_hand_is_dragon_hand_or_category_set_pattern",
    R.NOT_A_SET: "2_winning_hand_is_dragon_hand_or_category_set_pattern",
    R.OUTSIDE_SET: "2_4_no_other_filler",
    R.NUMBER_REPEATED: "2_3_each_member_fills_one_block",
    R.LIKE_NUMBERS_SUITS: "2_3_like_numbers",
    R.WINDS_SET: "2_3_winds",
    R.NO_SET: "2_winning_hand_is_dragon_hand_or_category_set_pattern",
    R.WOVEN: "2_3_no_woven_hands",
    R.NO_PATTERN: "2_2_exactly_ten_patterns_order_free",
    R.DRAGON_HAND_JOKERS: "2_6_dragon_hands_fixed_value_no_bonuses",
    R.MINIMUM_HAND: "4_3_minimum_hand",
    R.SKILL_1: "5_1_winds_two_pungs_two_kongs",
    R.SKILL_2: "5_2_run_without_fillers",
    R.SKILL_3: "5_3_dragons_concealed",
    R.SKILL_4: "5_4_suit_bonus",
    R.SKILL_5: "5_5_jokerless_self_drawn_or_dragon",
}
# A filler block (by its tile in check's blocks) as the line that allows it.
FILLER_LINES: dict[str, str] = {
    "F": "2_4_flowers_one_pair",
    "NEWS": "2_4_news_fills_a_kong_without_jokers",
    "dragon": "2_4_dragons_one_block_per_colour",
}

# The sections a whole hand's reading turns on: what wins (2), its value (3), house rules and skill
# levels (4, 5). An answer on play (6) is not about a hand's reading, so its hand is not judged.
HAND_SECTIONS = frozenset({"2", "3", "4", "5"})


@dataclass(frozen=True)
class SectionLines:
    """A section an answer turns on, and its lines: `exact` when the engine knows this answer
    turns on each of them; otherwise the section's lines the kind practises (any may apply)."""

    section: str
    lines: tuple[str, ...]
    exact: bool


def graded_lines(
    kind: str, question: Mapping[str, Any], *, sections: Iterable[str], reason_ids: Iterable[str] = ()
) -> tuple[SectionLines, ...]:
    """The rule lines of a marked answer to a puzzle of `kind` with `question`, one entry for each
    of the `sections` the answer names (Graded.rules), in their order; `reason_ids` are the
    answer's (Graded.reason_ids)."""
    sections = tuple(sections)
    known = _known_lines(question, reason_ids, sections)
    practised = PRACTISES.get(kind, ())
    out = []
    for section in sections:
        inside = set(lines_in_section(section))
        exact = tuple(line for line in known if line in inside)
        if exact:
            out.append(SectionLines(section, exact, exact=True))
        else:
            out.append(
                SectionLines(section, tuple(line for line in practised if line in inside), exact=False)
            )
    return tuple(out)


def _known_lines(
    question: Mapping[str, Any], reason_ids: Iterable[str], sections: tuple[str, ...]
) -> tuple[str, ...]:
    """The lines the answer is known to turn on: its reasons, a quiz's topic, and what a whole
    hand in the question turns on (a rack that is not a whole hand turns on none, and a hand's
    lines count only in the sections the answer names)."""
    lines = [REASON_LINES[r] for r in reason_ids if r in REASON_LINES]
    topic = question.get("topic")
    if isinstance(topic, str):
        lines.extend(TOPIC_LINES.get(topic, ()))
    hand = question.get("hand")
    if isinstance(hand, str) and any(s.split(".")[0] in HAND_SECTIONS for s in sections):
        lines.extend(hand_lines(hand, self_drawn=bool(question.get("self_drawn"))))
    return tuple(dict.fromkeys(line for line in lines if line in RULE_LINES))


def hand_lines(hand: str, *, self_drawn: bool) -> tuple[str, ...]:
    """The lines a whole hand turns on under the standard rules: why it does not win, or its best
    reading (category, pattern or dragon hand, the bonuses it earns) and how it is valued and
    paid. A hand the engine cannot read turns on none."""
    try:
        result = check(hand, self_drawn=self_drawn)
    except InputError:
        return ()
    best = result.best
    if best is None:
        return tuple(REASON_LINES[r.id] for r in result.reasons if r.id in REASON_LINES)
    found = result.as_dict()
    category, pattern = found["category"], found["pattern"]
    lines = [f"2_3_{category}", f"2_2_pattern_{pattern}", "2_7_best_arrangement_scores"]
    if f"2_6_{category}" in RULE_LINES:  # a special dragon hand: its category is its name
        lines += [f"2_6_{category}", "2_6_dragon_hands_fixed_value_no_bonuses", "3_dragon_hands_no_doubling"]
    fillers = [block["tile"] for block in found["blocks"] if block["kind"] == "filler"]
    lines += [FILLER_LINES.get(tile, FILLER_LINES["dragon"]) for tile in fillers]  # which filler
    bonuses = found.get("bonuses") or {}
    lines += [f"3_{key}_bonus" for key in BONUS_KEYS if bonuses.get(key)]
    lines += ["3_value_formula", "3_payout"]
    return tuple(dict.fromkeys(line for line in lines if line in RULE_LINES))
