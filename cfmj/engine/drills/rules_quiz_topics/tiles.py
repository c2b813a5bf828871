"""Quick rules on the tiles and how we write them (RULES §1)."""

from __future__ import annotations

from random import Random

from ...errors import InputError
from ...game.tileset import full_set
from ...notation import parse_hand
from ...ruleset import SET_OF_144, RuleSet
from ...tiles import (
    DRAGON_SUIT,
    DRAGONS,
    FLOWER,
    JOKER,
    KINDS,
    SUIT_NAMES,
    code,
    codes,
    name,
    number_tile,
    spoken,
    suit_of,
)
from ..common import join_words, plural
from ..hands import build, layout, pick_entry
from .quiz import Choice, Quiz, lookalikes, number_choices, tile_choice

NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}


def _set_words() -> str:
    return (
        f"Number tiles run 1 to 9 in three suits ({join_words([s + 's' for s in SUIT_NAMES])}); then "
        "come the winds, the dragons, the flowers and the jokers."
    )


def tiles(rng: Random, band: int) -> Quiz:
    tile = rng.randrange(27 if band <= 1 else KINDS)
    why = f"This is the {name(tile)} ({spoken(tile)}). {_set_words()}"
    return Quiz(
        "What is this tile?",
        tile_choice(tile),
        [tile_choice(t) for t in lookalikes(tile)],
        why,
        ("1",),
        tile=code(tile),
    )


def dragon_suits(rng: Random, band: int) -> Quiz:
    dragon = rng.choice(DRAGONS)
    pairs = join_words([f"{name(d)} with {SUIT_NAMES[DRAGON_SUIT[d]]}s" for d in DRAGONS])
    why = f"Each dragon belongs with one suit: {pairs} (the white dragon is often called soap)."
    dragons = [tile_choice(d) for d in DRAGONS]
    form = rng.choice(("suit", "dragon", "tile"))
    if form == "suit":
        suits = [(f"s{s}", f"{SUIT_NAMES[s]}s") for s in range(3)] + [("none", "None: dragons have no suit")]
        return Quiz(
            f"Which suit goes with the {name(dragon)}?",
            suits[DRAGON_SUIT[dragon]],
            suits,
            why,
            ("1",),
            tile=code(dragon),
        )
    if form == "dragon":
        return Quiz(
            f"Which dragon goes with the {SUIT_NAMES[DRAGON_SUIT[dragon]]}s?",
            tile_choice(dragon),
            dragons,
            why,
            ("1",),
            count=3,
        )
    tile = number_tile(rng.randint(1, 9), DRAGON_SUIT[dragon])
    match = next(d for d in DRAGONS if DRAGON_SUIT[d] == suit_of(tile))
    return Quiz(
        "Which dragon goes with the suit of this tile?",
        tile_choice(match),
        dragons,
        why,
        ("1",),
        tile=code(tile),
        count=3,
    )


def tile_counts(rng: Random, band: int) -> Quiz:
    small = band >= 3 and rng.random() < 0.35
    rules = RuleSet(house_rules=frozenset({SET_OF_144})) if small else RuleSet()
    tiles = full_set(rules)
    note = " (The table plays house rule 2: the smaller set.)" if small else ""
    sections = ("1", "4") if small else ("1",)
    why = (
        f"A set of {len(tiles)} holds {tiles.count(0)} of each number, wind and dragon tile, "
        f"{tiles.count(FLOWER)} flowers and {tiles.count(JOKER)} jokers, and never more."
    )
    if rng.random() < 0.25:
        total = len(tiles)
        return Quiz(
            f"How many tiles are in the whole set?{note}",
            (f"n{total}", str(total)),
            number_choices((136, 144, 148, 152, 160)),
            why,
            sections,
        )
    tile = rng.choice([rng.randrange(FLOWER), rng.randrange(FLOWER), FLOWER, JOKER])
    count = tiles.count(tile)
    return Quiz(
        f"How many {name(tile)} tiles does the set hold?{note}",
        (f"n{count}", str(count)),
        number_choices((2, 3, 4, 6, 8, 12)),
        why,
        sections,
        tile=code(tile),
    )


def _misspelled(tile: int, copies: int) -> list[Choice]:
    text = code(tile)
    options = {
        "joined": "".join([text] * copies),
        "commas": ", ".join([text] * copies),
        "flipped": " ".join([text[::-1]] * copies),
        "spaced": " ".join([" ".join(text)] * copies),
        "word": " ".join([name(tile).replace(" ", "")] * copies),
    }
    options.update({f"t{t}": codes([t] * copies) for t in lookalikes(tile) if t != JOKER})
    out = []
    for key, label in options.items():
        try:
            wrong = parse_hand(label).tiles != (tile,) * copies
        except InputError:
            wrong = True
        if wrong:
            out.append((key, label))
    return out


def notation(rng: Random, band: int) -> Quiz:
    form = rng.choice(("write", "write", "exposed", "code") if band >= 2 else ("write", "code"))
    if form == "write":
        tile, copies = rng.randrange(27 if band <= 1 else FLOWER + 1), rng.randint(2, 4)
        right = codes([tile] * copies)
        why = (
            f"Each tile has a short code, {code(tile)} for the {name(tile)}, and a hand is written as "
            f"codes with a space between each: {right}."
        )
        return Quiz(
            f"Which of these writes {NUMBER_WORDS[copies]} {name(tile)} tiles the way we do?",
            ("ok", right),
            _misspelled(tile, copies),
            why,
            ("1",),
        )
    if form == "code":
        tile = rng.randrange(KINDS)
        why = f"{code(tile)} is the code of the {name(tile)}. {_set_words()}"
        return Quiz(
            f"Which tile is written {code(tile)}?",
            tile_choice(tile),
            [tile_choice(t) for t in lookalikes(tile)],
            why,
            ("1",),
        )
    entry = pick_entry(rng, band)
    hand = build(layout(entry, rng, joker_chance=0.2, expose_chance=rng.choice((0.0, 0.3, 0.6))))
    count = len(parse_hand(str(hand)).exposures)
    why = (
        f"Blocks exposed before Mah Jongg are written after the concealed tiles, each in square "
        f"brackets. This hand has {plural(count, 'bracketed block')}."
    )
    return Quiz(
        "How many blocks of this hand were exposed before Mah Jongg?",
        (f"n{count}", str(count)),
        number_choices(range(5)),
        why,
        ("1",),
        hand=str(hand),
    )
