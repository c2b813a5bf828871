"""Drill "Name the hand": a winning hand; its category and pattern (any of its readings counts)."""

from __future__ import annotations

from random import Random
from typing import Any

from ..check import check
from ..labels import category_label, pattern_label
from ..patterns import PATTERNS
from ..validate import Arrangement
from .common import GOOD, RIGHT, WRONG, Graded, choice, graded, join_words, ref, shown, text_field
from .hands import DRAGON_HANDS, band_categories, band_layout, build, pick_entry, reading, reading_rules

FIELDS = ("category", "pattern")
SPECIAL = "special"  # the "pattern" of a special dragon hand: its tiles are fixed
SPECIAL_LABEL = "A special dragon hand (fixed tiles)"
PROMPT = "Name this hand: which category is it, and which pattern?"


def make(rng: Random, band: int) -> tuple[dict[str, Any], dict[str, Any]]:
    entry = pick_entry(rng, band)
    hand = build(band_layout(entry, rng, band))
    result = check(hand)
    readings = [[a.category or "", a.pattern or SPECIAL] for a in result.arrangements]
    accepted = [r for i, r in enumerate(readings) if r not in readings[:i]]
    categories = band_categories(band)
    patterns = [choice(p, pattern_label(p)) for p in PATTERNS]
    if any(c in DRAGON_HANDS for c in categories):
        patterns.append(choice(SPECIAL, SPECIAL_LABEL))
    question = {"prompt": PROMPT, "hand": str(hand),
                "category_choices": [choice(c, category_label(c)) for c in categories],
                "pattern_choices": patterns}
    names = [_name(c, p) for c, p in accepted]
    firsts: dict[tuple[str | None, str | None], Arrangement] = {}
    for arrangement in result.arrangements:
        firsts.setdefault((arrangement.category, arrangement.pattern), arrangement)
    lines = [f"It {'also ' if i else ''}reads as {reading(a)} {ref(*reading_rules(a))}."
             for i, a in enumerate(list(firsts.values())[:3])]
    rules = [s for a in result.arrangements for s in reading_rules(a)]
    if len(accepted) > 1:
        lines.append(f"Either name is right: a hand may read more than one way {ref('2.7')}.")
        rules.append("2.7")
    answer = {"accepted": accepted, "explanation": " ".join(lines),
              "expected": " or ".join(names), "rules": sorted(set(rules))}
    return question, answer


def _name(category: str, pattern: str) -> str:
    if pattern == SPECIAL:
        return category_label(category)
    return f"{category_label(category)}, {pattern_label(pattern)}"


def grade(question: dict[str, Any], answer: dict[str, Any], response: object) -> Graded:
    category = text_field(response, "category")
    pattern = text_field(response, "pattern")
    accepted = [tuple(r) for r in answer["accepted"]]
    expected, rules, explanation = answer["expected"], answer["rules"], answer["explanation"]
    if (category, pattern) in accepted:
        return graded(RIGHT, explanation=explanation, expected=expected, rules=rules)
    right: list[str] = []
    wrong: list[str] = []
    for what, said, known in (("category", category, {c for c, _ in accepted}),
                              ("pattern", pattern, {p for _, p in accepted})):
        (right if said in known else wrong).append(f"the {what}" + ("" if said in known else
                                                                    f" ({_said(what, said)})"))
    if right and not wrong:
        lead = "Each half fits one reading of the hand, but not the same one. "
        return graded(GOOD, explanation=lead + explanation, expected=expected, rules=rules)
    if right:
        lead = f"You have {join_words(right)} right, but not {join_words(wrong)}. "
        return graded(GOOD, explanation=lead + explanation, expected=expected, rules=rules)
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
