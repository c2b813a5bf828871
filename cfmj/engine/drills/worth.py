"""Drill "What is it worth?": a winning hand and how it was won; its value and what the discarder pays."""

from __future__ import annotations

from random import Random
from typing import Any

from ..check import check
from ..labels import BONUS_HINTS, BONUS_LABELS
from ..ruleset import RuleSet
from .common import GOOD, RIGHT, WRONG, Graded, graded, int_field, ref, shown, text_field
from .hands import band_layout, build, hand_name, pick_entry

FIELDS = ("value", "discarder")
SELF_DRAWN_CHANCE = 0.4


def make(rng: Random, band: int) -> tuple[dict[str, Any], dict[str, Any]]:
    entry = pick_entry(rng, band)
    hand = build(band_layout(entry, rng, band))
    self_drawn = rng.random() < SELF_DRAWN_CHANCE
    result = check(hand, self_drawn=self_drawn)
    best = result.best
    if best is None:  # pragma: no cover - a card entry held legally always wins
        raise RuntimeError(f"{hand} should win")
    value = best.value or 0
    name = hand_name(best.category or "", best.members, best.pattern)
    base = RuleSet().base
    if best.dragon_hand:
        steps = [f"{name} is a special dragon hand with a fixed value of {value}: no bonuses and no "
                 f"doubling {ref('2.6', '3')}."]
        rules = ["2.6", "3"]
    else:
        steps = [f"It is {name}. Start from the base of {base}."]
        points = base
        for key, bonus in (best.bonuses or {}).items():
            if bonus:
                points += bonus
                steps.append(f"{BONUS_LABELS[key]} +{bonus} ({BONUS_HINTS[key][0].lower()}"
                             f"{BONUS_HINTS[key][1:].rstrip('.')}).")
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
    if self_drawn:
        steps.append(f"Self-drawn, so each of the other three players pays {value} {ref('3')}.")
        expected = f"{value} points; self-drawn, so each player pays {value}."
    else:
        steps.append(f"Won on a discard: the discarder pays double, {2 * value}, and the other two "
                     f"pay {value} each {ref('3')}.")
        expected = f"{value} points; the discarder pays {2 * value}."
    how = "self-drawn (taken from the wall)" if self_drawn else "on a discard"
    prompt = (f"This hand won {how}. What is it worth?"
              + ("" if self_drawn else " And what does the discarder pay?"))
    question = {"prompt": prompt, "hand": str(hand), "self_drawn": self_drawn}
    answer = {"value": value, "discarder": None if self_drawn else 2 * value, "self_drawn": self_drawn,
              "explanation": " ".join(steps), "expected": expected, "rules": rules}
    return question, answer


def grade(question: dict[str, Any], answer: dict[str, Any], response: object) -> Graded:
    value = int_field(response, "value")
    expected, rules, explanation = answer["expected"], answer["rules"], answer["explanation"]
    if value is None:
        said = shown(text_field(response, "value"))
        lead = f"Give the value as a whole number of points (you gave {said}). "
        return graded(WRONG, explanation=lead + explanation, expected=expected, rules=rules)
    if value != answer["value"]:
        lead = f"Not {value}. "
        return graded(WRONG, explanation=lead + explanation, expected=expected, rules=rules)
    if answer["self_drawn"]:
        return graded(RIGHT, explanation=explanation, expected=expected, rules=rules)
    pays = int_field(response, "discarder")
    if pays == answer["discarder"]:
        return graded(RIGHT, explanation=explanation, expected=expected, rules=rules)
    said = str(pays) if pays is not None else shown(text_field(response, "discarder"))
    lead = (f"The value is right, but the discarder pays {answer['discarder']}, not {said}: "
            "whoever discards the winning tile pays twice the value. ")
    return graded(GOOD, explanation=lead + explanation, expected=expected, rules=rules)
