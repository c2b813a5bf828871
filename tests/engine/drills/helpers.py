"""Shared puzzles (generated once per test run) and the answers a learner could give."""

from __future__ import annotations

from functools import cache
from typing import Any, Protocol

from cfmj.engine.charleston import charleston
from cfmj.engine.drills import BANDS, Puzzle, definition, generate
from cfmj.engine.notation import parse_hand
from cfmj.engine.play_advice import discard
from cfmj.engine.tiles import code, codes

# Charleston and discard grading cost ~10 ms each, call positions ~5 ms and aim_hand racks ~60 ms
# to make: fewer seeds.
SEEDS = {"charleston": 6, "discard": 8, "call": 12, "aim_hand": 16}
DEFAULT_SEEDS = 30


def seeds_for(kind: str) -> range:
    return range(SEEDS.get(kind, DEFAULT_SEEDS))


@cache
def puzzles(kind: str) -> tuple[Puzzle, ...]:
    return tuple(generate(kind, seed=seed, band=band) for band in BANDS for seed in seeds_for(kind))


class Asked(Protocol):
    """A question and its answer: the engine's Puzzle or a stored one (practice.models.Puzzle)."""

    @property
    def kind(self) -> str: ...
    @property
    def question(self) -> dict[str, Any]: ...
    @property
    def answer(self) -> dict[str, Any]: ...


def right_response(puzzle: Asked) -> dict[str, str]:
    """The engine's own answer, as form fields (its kind's definition gives it)."""
    return definition(puzzle.kind).right_response(puzzle.answer, puzzle.question)


def wrong_response(puzzle: Asked) -> dict[str, str]:
    """A well-formed answer that is not the right one."""
    answer, question = puzzle.answer, puzzle.question
    kind = puzzle.kind
    if kind == "rules_quiz":
        return {"choice": next(c["value"] for c in question["choices"] if c["value"] != answer["choice"])}
    if kind == "winning_hand":
        if answer["valid"]:  # a No needs its reason: any offered one is wrong
            return {"valid": "no", "reason": question["choices"][0]["value"]}
        return {"valid": "yes", "reason": ""}
    if kind == "worth":
        return {"value": str(answer["value"] + 5), "discarder": str(2 * answer["value"] + 10)}
    if kind == "name_hand":
        categories = {c for c, _ in answer["accepted"]}
        patterns = {p for _, p in answer["accepted"]}
        return {
            "category": next(
                c["value"] for c in question["category_choices"] if c["value"] not in categories
            ),
            "pattern": next(p["value"] for p in question["pattern_choices"] if p["value"] not in patterns),
        }
    if kind == "joker_exchange":
        return {"take": "none" if answer["take"] else answer["offered"][0]}
    if kind == "distance":
        return {"tiles_needed": str(answer["tiles_needed"] + 1)}
    if kind == "aim_hand":
        return {"target": next(v for v, kept in answer["choices"].items() if kept["mark"] != "best")}
    if kind == "call":
        return {"call": next(c["value"] for c in question["choices"] if c["value"] != answer["call"])}
    hand = parse_hand(question["hand"])
    if kind == "charleston":
        return {"pass": codes(charleston(hand).ranked[-1].given)}
    return {"tile": code(discard(hand).ranked[-1].given[0])}


GARBAGE: tuple[Any, ...] = (
    "",
    "   ",
    "xyz",
    "9" * 5000,
    "１２",
    "ſ",
    "🀄",
    "\x00",
    "\ud800",
    "-1",
    "1.5",
    "J J J",
    "[]",
    "yes no",
    "e1,e1,zz",
    None,
    7.5,
    ["a", 3],
    {"x": 1},
)
