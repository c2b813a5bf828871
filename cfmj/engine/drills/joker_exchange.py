"""Drill "Joker exchange": the exposures on the table and your rack; which jokers can you take?

On your turn you may give the natural tile an exposed joker stands for and take the joker, from
any player's exposure, your own included (RULES 6). The exposures are blocks of real card
entries; each named tile has at most one exposure with jokers, so every choice stands alone.
"""

from __future__ import annotations

import re
from collections import Counter
from random import Random
from typing import TypedDict

from ..card import CardEntry, joker_bounds
from ..notation import Hand
from ..tiles import FLOWER, JOKER, MAX_COPIES, MAX_FLOWERS, MAX_JOKERS, NEWS, codes, name, tiles_words
from .common import RIGHT, WRONG, Graded, choice, graded, half_right, no_focus, ref, shown, text_field
from .hands import band_layout, build, pick_entry, random_tile
from .kind import AnswerField, DrillKind
from .shapes import Choice, ExplainedExpected, HandQuestion

FOCUSES: tuple[str, ...] = ()
# Which exposed jokers you can take (any exposure, your own too), several in one turn.
PRACTISES: tuple[str, ...] = ("6_joker_exchange", "6_joker_exchange_several")
NONE = "none"
SEATS = ("East", "South", "West", "North")
OTHER_PLAYERS = {1: 2, 2: 2, 3: 3, 4: 3, 5: 3}
MOST_EXPOSURES = {1: 2, 2: 2, 3: 2, 4: 3, 5: 3}
JOKER_CHANCE = {1: 0.9, 2: 0.8, 3: 0.7, 4: 0.6, 5: 0.6}
HOLD_CHANCE = 0.55
MAX_TRIES = 100
Exposed = tuple[int, int, tuple[int, ...]]  # seat, named tile, tiles


class Exposure(TypedDict):
    """One exposure on the table: `id` is its choice's value (e1, e2, ...)."""

    id: str
    seat: str
    yours: bool
    tiles: str
    label: str


class SeatRow(TypedDict):
    """One seat's exposures, as the table is drawn."""

    seat: str  # "You" for the learner's own
    exposures: list[str]


class JokerExchangeQuestion(HandQuestion):
    seat: str
    exposures: list[Exposure]
    table: list[SeatRow]  # not a TableQuestion's table: this one is the tiles on it
    choices: list[Choice]


class JokerExchangeAnswer(ExplainedExpected):
    take: list[str]  # the exposures whose jokers can be taken (empty: none)
    offered: list[str]  # every exposure with a joker


def _exposable(entry: CardEntry) -> bool:
    return any(size >= 3 and tile != NEWS for tile, size in entry.blocks)


def _exposures(entry: CardEntry, seat: int, rng: Random, band: int) -> list[Exposed]:
    """A few of the entry's Pungs, Kongs and Quints, some with jokers (never all jokers)."""
    bounds = joker_bounds(entry)
    options = [i for i, (tile, size) in enumerate(entry.blocks) if size >= 3 and tile != NEWS]
    out = []
    for index in rng.sample(options, min(rng.randint(1, MOST_EXPOSURES[band]), len(options))):
        tile, size = entry.blocks[index]
        low, high = bounds[index][0], min(bounds[index][1], size - 1)
        jokers = rng.randint(max(low, 1), high) if rng.random() < JOKER_CHANCE[band] else low
        out.append((seat, tile, tuple(sorted([tile] * (size - jokers) + [JOKER] * jokers))))
    return out


def _steer(hand: Hand, named: list[int], rng: Random) -> Hand | None:
    """Hold the named tile of about half the joker exposures, and none of the others."""
    wanted = {t for t in named if rng.random() < HOLD_CHANCE}
    concealed = list(hand.concealed)
    held = Counter(hand.tiles)
    for tile in named:
        if tile in wanted and tile not in concealed:
            spots = [i for i, t in enumerate(concealed) if t != JOKER and t not in wanted]
            if not spots:
                return None
            concealed[rng.choice(spots)] = tile
        elif tile not in wanted:
            concealed = [random_tile(rng, held, avoid=set(named)) if t == tile else t for t in concealed]
    return Hand(tuple(sorted(concealed)), hand.exposures)


def _fits(hand: Hand, others: list[Exposed]) -> bool:
    count = Counter(hand.tiles) + Counter(t for _, _, tiles in others for t in tiles)
    return all(
        n <= (MAX_JOKERS if t == JOKER else MAX_FLOWERS if t == FLOWER else MAX_COPIES)
        for t, n in count.items()
    )


def make(
    rng: Random, band: int, focus: str | None = None
) -> tuple[JokerExchangeQuestion, JokerExchangeAnswer]:
    no_focus("joker_exchange", focus)
    for _ in range(MAX_TRIES):
        you = rng.randrange(len(SEATS))
        others = [s for s in range(len(SEATS)) if s != you]
        table: list[Exposed] = []
        for seat in rng.sample(others, OTHER_PLAYERS[band]):
            table += _exposures(pick_entry(rng, band, _exposable), seat, rng, band)
        blocks = band_layout(pick_entry(rng, band), rng, band, exposures=band >= 4)
        hand = build(blocks)
        own = [(you, b.tile, tuple(sorted(b.tiles()))) for b in blocks if b.exposed]
        if any(b.exposed and b.jokers == b.size for b in blocks):
            continue  # a block of jokers alone does not show which tile it stands for
        named = [tile for _, tile, tiles in table + own if JOKER in tiles]
        if not named or len(set(named)) != len(named):
            continue
        steered = _steer(hand, named, rng)
        if steered is not None and _fits(steered, table):
            hand = steered
            break
    else:  # pragma: no cover - a table nearly always fits
        raise RuntimeError("no table found for the joker exchange drill")
    everyone = sorted(table + own, key=lambda e: (e[0], e[2]))
    exposures: list[Exposure] = []
    choices: list[Choice] = []
    lines: list[str] = []
    take: list[str] = []
    for number, (seat, tile, tiles) in enumerate(everyone, start=1):
        ident = f"e{number}"
        label = f"{'Your' if seat == you else SEATS[seat] + chr(39) + 's'} {tiles_words(tiles)}"
        exposures.append(
            {"id": ident, "seat": SEATS[seat], "yours": seat == you, "tiles": codes(tiles), "label": label}
        )
        if JOKER not in tiles:
            continue
        choices.append(choice(ident, label))
        several = tiles.count(JOKER) > 1
        stands = f"{label}: its joker{'s stand' if several else ' stands'} for {name(tile)}"
        if tile in hand.concealed:
            take.append(ident)
            lines.append(
                f"{stands}; you have {name(tile)} in your rack, so you can give it and take a joker."
            )
        else:
            stays = "those jokers stay" if several else "that joker stays"
            lines.append(f"{stands}; you have no {name(tile)} in your rack, so {stays}.")
    choices.append(choice(NONE, "None of them"))
    rows: list[SeatRow] = [
        {
            "seat": "You" if seat == you else SEATS[seat],
            "exposures": [e["tiles"] for e in exposures if e["seat"] == SEATS[seat]],
        }
        for seat in sorted({e[0] for e in everyone})
    ]
    question: JokerExchangeQuestion = {
        "prompt": f"You sit {SEATS[you]} and it is your turn. Which exposed jokers can you take? "
        "Choose every one you can, or none.",
        "hand": str(hand),
        "seat": SEATS[you],
        "exposures": exposures,
        "table": rows,
        "choices": choices,
    }
    rule = (
        "On your own turn you may take an exposed joker by giving the natural tile it stands for, "
        f"from any exposure, your own included {ref('6')}."
    )
    answer: JokerExchangeAnswer = {
        "take": take,
        "offered": [c["value"] for c in choices if c["value"] != NONE],
        "explanation": " ".join([*lines, rule]),
        "rules": ["6"],
        "expected": ", ".join(take) if take else NONE,
    }
    return question, answer


def grade(question: JokerExchangeQuestion, answer: JokerExchangeAnswer, response: object) -> Graded:
    text = text_field(response, "take")
    tokens = [t for t in re.split(r"[\s,;]+", (text or "").lower()) if t]
    right, offered = set(answer["take"]), set(answer["offered"])
    labels = {e["id"]: e["label"] for e in question["exposures"]}
    expected = (
        ", ".join(labels[i] for i in answer["take"])
        if answer["take"]
        else "None: you hold none of the tiles the jokers stand for."
    )
    explanation, rules = answer["explanation"], answer["rules"]
    valid = tokens == [NONE] or (bool(tokens) and all(t in offered for t in tokens))
    if not valid:
        lead = (
            f"Choose the exposures with jokers you can take, by their labels "
            f"({', '.join(sorted(offered))}), or '{NONE}' (you gave {shown(text)}). "
        )
        return graded(WRONG, explanation=lead + explanation, expected=expected, rules=rules)
    chosen = set() if tokens == [NONE] else set(tokens)
    if chosen == right:
        return graded(RIGHT, explanation=explanation, expected=expected, rules=rules)
    if chosen and chosen < right:
        missed = "; ".join(_mid(labels[i]) for i in sorted(right - chosen))
        return half_right(
            "The jokers you chose are right.",
            f"You missed one: you could also take the joker from {missed}.",
            explanation=explanation,
            expected=expected,
            rules=rules,
        )
    wrong = "; ".join(_mid(labels[i]) for i in sorted(chosen - right))
    lead = f"You cannot take the joker from {wrong}. " if wrong else "You can take some after all. "
    return graded(WRONG, explanation=lead + explanation, expected=expected, rules=rules)


def _mid(label: str) -> str:
    """An exposure's label read mid-sentence ('your three 5 Craks and a joker')."""
    return "your" + label[4:] if label.startswith("Your ") else label


def _taken(answer: JokerExchangeAnswer) -> set[str]:
    return set(answer.get("take") or ["none"])


def _ticked(answer: JokerExchangeAnswer) -> str:
    """The boxes a right response ticks, as the form sends them (one comma list)."""
    return ",".join(answer["take"]) or NONE


KIND: DrillKind[JokerExchangeQuestion, JokerExchangeAnswer] = DrillKind(
    name="joker_exchange",
    title="Joker exchange",
    description="Which jokers in the exposures on the table a tile you hold can take.",
    fields=(
        # "none" is an answer; nothing ticked is not.
        AnswerField(
            "take",
            "many-choices",
            required=True,
            choices_from="choices",
            board="Jokers taken",
            right=_taken,
            answered=_ticked,
        ),
    ),
    focuses=FOCUSES,
    practises=PRACTISES,
    make=make,
    grade=grade,
    template="components/answers/joker_exchange.html",
    ignores_table="which jokers can be taken is about tiles on the table, not scoring",
    daily=7,
)
