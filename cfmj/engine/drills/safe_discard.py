"""Drill "Is this discard safe?": a table from real play, your 14 tiles on your turn, and one of
them named; could another player call it for Mah Jongg?

The tables come from safe_library (positions found ahead of time in bot play, where the engine's
danger of the named tile is clear): "Yes, safe" is certain (a joker, dead once discarded; or a
tile no hand still open to any opponent uses, every opponent having exposed a block), "No,
dangerous" is a tile the engine's reading puts at safe_library.DANGEROUS or more. About half of
the puzzles are each. Bands, easiest first: a joker, then the safe tiles that fewest open hands
could have used; for a dangerous tile, an opponent with fewer hands open, and a higher danger.
Band 1 asks only where your hand holds no joker and no exposure.

The question shows every tile the answer reads: your hand (your exposures on it), each opponent's
exposures and discards, and your own discards ("yours"). A tile is often safe only because every
copy of a tile some hand still needs is in view, your own discards among them (the fourth East
you threw closes every NEWS hand).
"""

from __future__ import annotations

from functools import cache
from random import Random
from typing import NotRequired

from ..tiles import JOKER, name, parse_tile
from .common import RIGHT, WRONG, Graded, Told, graded, no_focus, ref, shown, text_field
from .kind import AnswerField, DrillKind
from .positions import SeatShown
from .safe_library import SafeEntry, library
from .shapes import ExplainedExpected, HandQuestion

FOCUSES: tuple[str, ...] = ()
# A discard may be called for Mah Jongg (so a tile an opponent needs is dangerous); a discarded
# joker is dead.
PRACTISES: tuple[str, ...] = ("6_call_for_mah_jongg", "6_dead_joker")
RULES = ["6"]
YES, NO = ("yes", "y", "true", "safe"), ("no", "n", "false", "dangerous")
BAND_COUNT = 5


class SafeDiscardQuestion(HandQuestion):
    tile: str  # the tile asked about
    seat: str  # your wind
    opponents: list[SeatShown]  # in turn order after you
    # Your exposures (on your hand too) and your discards; a puzzle stored before they were shown
    # has none.
    yours: NotRequired[SeatShown]
    wall: int  # tiles left in the wall


class SafeDiscardAnswer(ExplainedExpected):
    safe: bool
    danger: float  # the engine's chance that an opponent calls it for Mah Jongg now


def _difficulty(entry: SafeEntry) -> tuple[float, ...]:
    if entry["sort"] == "joker":
        return (0.0,)
    if entry["sort"] == "safe":
        return (1.0, sum(entry["open_hands"]))
    seats = [seat["seat"] for seat in entry["table"]["opponents"]]
    by = seats.index(entry["by"]) if entry["by"] in seats else 0
    return (float(entry["open_hands"][by]), -entry["danger"])


def _plain(entry: SafeEntry) -> bool:
    """Your hand holds no joker and no exposure (band 1's promise, as in every drill)."""
    hand = entry["table"]["hand"]
    return "[" not in hand and "J" not in hand.split()


@cache
def banded(safe: bool) -> tuple[tuple[SafeEntry, ...], ...]:
    """The library's safe (or dangerous) entries in BAND_COUNT bands, easiest first: band 1 the
    easiest of those where your hand holds no joker and no exposure, a fifth of them all; the rest
    in four bands of about one size."""
    entries = sorted(
        (e for e in library() if (e["sort"] != "dangerous") == safe),
        key=lambda e: (_difficulty(e), e["seed"], e["number"]),
    )
    first = tuple(e for e in entries if _plain(e))[: max(1, len(entries) // BAND_COUNT)]
    rest = [e for e in entries if e not in first]
    size = len(rest) / (BAND_COUNT - 1)
    bands = [tuple(rest[round(i * size) : round((i + 1) * size)]) for i in range(BAND_COUNT - 1)]
    return (first, *(band or tuple(entries) for band in bands))


def _tile_words(tile: int) -> str:
    return "a joker" if tile == JOKER else name(tile)


def _explain(entry: SafeEntry, tile: int) -> str:
    if entry["sort"] == "joker":
        return f"{entry['why']} {ref('6')}"
    if entry["sort"] == "safe":
        return (
            f"{entry['why']} Every opponent has exposed a block, and none of the hands those "
            f"blocks leave open needs {name(tile)} {ref('6')}."
        )
    chance = max(1, round(entry["danger"] * 100))
    return (
        f"{name(tile)} is dangerous: reading the table this way, about {chance} times in 100 an "
        f"opponent could call it for Mah Jongg right now. {entry['why']} {ref('6')}"
    )


def make(rng: Random, band: int, focus: str | None = None) -> tuple[SafeDiscardQuestion, SafeDiscardAnswer]:
    no_focus("safe_discard", focus)
    safe = rng.random() < 0.5
    entry = rng.choice(banded(safe)[band - 1])
    table = entry["table"]
    tile = parse_tile(entry["tile"])
    words = _tile_words(tile)
    question: SafeDiscardQuestion = {
        "prompt": f"You sit {table['seat']} and it is your turn to discard. Is {words} a safe "
        "discard: one that no other player can call for Mah Jongg?",
        "hand": table["hand"],
        "tile": entry["tile"],
        "seat": table["seat"],
        "opponents": [
            {"seat": o["seat"], "exposures": list(o["exposures"]), "discards": list(o["discards"])}
            for o in table["opponents"]
        ],
        "yours": {
            "seat": table["yours"]["seat"],
            "exposures": list(table["yours"]["exposures"]),
            "discards": list(table["yours"]["discards"]),
        },
        "wall": table["wall"],
    }
    answer: SafeDiscardAnswer = {
        "safe": safe,
        "danger": entry["danger"],
        "explanation": _explain(entry, tile),
        "rules": list(RULES),
        "expected": f"Yes: {words} is safe." if safe else f"No: {words} is dangerous.",
    }
    return question, answer


def grade(question: SafeDiscardQuestion, answer: SafeDiscardAnswer, response: object) -> Graded:
    said = (text_field(response, "safe") or "").lower()
    safe = bool(answer["safe"])
    told: Told = {"expected": answer["expected"], "rules": answer["rules"]}
    if said not in YES + NO:
        lead = f"Answer yes or no (you gave {shown(said or None)}). "
        return graded(WRONG, explanation=lead + answer["explanation"], **told)
    if (said in YES) == safe:
        return graded(RIGHT, explanation=answer["explanation"], **told)
    lead = "It is not safe. " if said in YES else "It is safe after all. "
    return graded(WRONG, explanation=lead + answer["explanation"], **told)


KIND: DrillKind[SafeDiscardQuestion, SafeDiscardAnswer] = DrillKind(
    name="safe_discard",
    title="Is this discard safe?",
    description="Whether another player could call a tile you discard for Mah Jongg, read from the table.",
    fields=(AnswerField("safe", "yes-no", required=True, board="Is it safe?"),),
    focuses=FOCUSES,
    practises=PRACTISES,
    make=make,
    grade=grade,
    template="components/answers/safe_discard.html",
    ignores_table="the danger is read by the standard card: a class's handicaps are not weighed",
    shown_tile="The tile you would discard: ",
)
