"""Drill "Winning hand?": a 14-tile hand; is it a winning hand, and if not, why not?

About half the hands are a card entry held at random (valid); the rest are such a hand with one
rule-breaking change, kept only when check() refuses it. The reasons are check's.
"""

from __future__ import annotations

from random import Random
from typing import Any

from ..check import check
from ..reasons import CATALOGUE, OPTION_REASONS
from .common import GOOD, RIGHT, WRONG, Graded, choice, graded, ref, shown, text_field
from .hands import band_layout, build, hand_name, pick_entry, reading, reading_rules
from .mutations import mutations_for

FIELDS = ("valid", "reason")
PROMPT = "Is this a winning hand? If it is not, what is the main problem?"
CHOICES = 4
MAX_TRIES = 60
# Reasons a beginner meets first; later bands offer every reason of the standard rules.
BASIC_REASONS = ("lone_tile", "joker_in_pair", "not_a_set", "outside_set", "number_repeated",
                 "tile_in_two_blocks", "woven", "no_pattern", "numbers_and_winds", "no_set")
YES, NO = ("yes", "y", "true", "valid"), ("no", "n", "false", "invalid")


def _pool(band: int) -> list[str]:
    if band <= 2:
        return list(BASIC_REASONS)
    return [r for r in CATALOGUE if r not in OPTION_REASONS]


def make(rng: Random, band: int) -> tuple[dict[str, Any], dict[str, Any]]:
    want_valid = rng.random() < 0.5
    for _ in range(MAX_TRIES):
        entry = pick_entry(rng, band)
        blocks = band_layout(entry, rng, band)
        changed = build(blocks) if want_valid else next(
            (h for m in mutations_for(band, rng) if (h := m(entry, blocks, rng)) is not None
             and not check(h).valid), None)
        if changed is None:
            continue
        hand = changed
        result = check(hand)
        if result.valid == want_valid:
            break
    else:  # pragma: no cover - a mutation almost always applies
        raise RuntimeError("no hand found for the winning-hand drill")
    found = [r.id for r in result.reasons]
    distractors = [r for r in _pool(band) if r not in found]
    need = CHOICES - (0 if result.valid else 1)
    take: list[str] = []
    if not result.valid and band >= 3:
        # Harder: some wrong choices come from the same part of the rules.
        section = result.reasons[0].rule
        near = [r for r in distractors if CATALOGUE[r][0] == section]
        take = rng.sample(near, min(2, len(near)))
    picked = take + rng.sample([r for r in distractors if r not in take], need - len(take))
    offered = picked + found[:1]
    rng.shuffle(offered)
    question = {"prompt": PROMPT, "hand": str(hand), "self_drawn": False,
                "choices": [choice(r, CATALOGUE[r][1]) for r in offered]}
    if result.valid:
        best = result.arrangements[0]
        names = dict.fromkeys(hand_name(a.category or "", a.members, a.pattern) for a in result.arrangements)
        others = list(names)[1:3]
        text = f"It wins as {reading(best)} {ref(*reading_rules(best))}."
        if others:
            text += f" It can also be read as {' or '.join(others)} {ref('2.7')}."
        answer = {"valid": True, "reason_ids": [], "explanation": text,
                  "rules": [*reading_rules(best), *(("2.7",) if others else ())],
                  "expected": "Yes, it is a winning hand."}
    else:
        lines = [f"{r.title}: {r.message} {ref(r.rule)}" for r in result.reasons]
        answer = {"valid": False, "reason_ids": found, "explanation": " ".join(lines),
                  "rules": sorted({r.rule for r in result.reasons}, key=_section_key),
                  "expected": f"No: {result.reasons[0].title.lower()}."}
    return question, answer


def _section_key(section: str) -> tuple[int, ...]:
    return tuple(int(part) for part in section.split("."))


def grade(question: dict[str, Any], answer: dict[str, Any], response: object) -> Graded:
    said = (text_field(response, "valid") or "").lower()
    reason = text_field(response, "reason")
    valid = bool(answer["valid"])
    ids = list(answer["reason_ids"])
    base = dict(expected=answer["expected"], rules=answer["rules"], reason_ids=ids)
    if said not in YES + NO:
        return graded(WRONG, explanation=f"Answer yes or no (you gave {shown(said or None)}). "
                      + answer["explanation"], **base)
    if said in YES:
        if valid:
            return graded(RIGHT, explanation=answer["explanation"], **base)
        return graded(WRONG, explanation="It is not a winning hand. " + answer["explanation"], **base)
    if valid:
        return graded(WRONG, explanation="It is a winning hand after all. " + answer["explanation"], **base)
    if reason in ids:
        return graded(RIGHT, explanation=answer["explanation"], **base)
    if reason in CATALOGUE:
        lead = (f"Right that it does not win, but not because of \"{CATALOGUE[reason][1]}\" "
                f"{ref(CATALOGUE[reason][0])}. ")
    else:
        lead = (f"Right that it does not win; pick the reason from the choices "
                f"(you gave {shown(reason)}). ")
    return graded(GOOD, explanation=lead + answer["explanation"], **base)
