"""Drill "Can you call it?": your 13 tiles and another player's discard; the strongest legal call.

Each puzzle first picks which answer it aims at, then builds a position for it from a card entry:
one tile short of Mah Jongg (call for Mah Jongg), a Pung or bigger with the discard but no win
(expose), or a discard only a Pair, a NEWS or flower single, a dead joker, or an impossible
exposure could use (no call). play_advice.call() has the last word on which calls are legal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from random import Random

from ..card import CardEntry
from ..categories import NUMBER_CATEGORIES, WINDS
from ..check import check
from ..notation import Hand, parse_hand
from ..play_advice import CallAdvice, call
from ..tiles import FLOWER, JOKER, NEWS, code, name, parse_tile, tiles_words
from ..tiles import WINDS as WIND_TILES
from .common import RIGHT, WRONG, Graded, choice, graded, plural, ref, shown, text_field
from .hands import (
    EXPOSE_CHANCE,
    Blk,
    band_layout,
    build,
    fits,
    layout,
    pick_entry,
    random_tile,
    reading,
    with_tile,
    without,
)
from .kind import AnswerField, DrillKind
from .shapes import Choice, Explained, HandQuestion

MAH_JONGG, EXPOSE, NONE = "mah_jongg", "expose", "none"
CALLS = (MAH_JONGG, EXPOSE, NONE)
CHOICES: list[Choice] = [
    choice(MAH_JONGG, "Call it for Mah Jongg"),
    choice(EXPOSE, "Call it to expose a Pung, Kong or Quint"),
    choice(NONE, "You cannot call it"),
]
SEATS = ("East", "South", "West", "North")
MAX_TRIES = 30
MAX_FOCUS_TRIES = 200
# Focus: the discard completes Mah Jongg; makes an exposure; could only make a Pair, NEWS or flower
# Pair (called only for Mah Jongg); is a dead joker; would make an exposure no winning hand holds.
PAIR_ONLY, DEAD_JOKER, IMPOSSIBLE = "pair_only", "dead_joker", "impossible_exposure"
FOCUSES: tuple[str, ...] = (MAH_JONGG, EXPOSE, PAIR_ONLY, DEAD_JOKER, IMPOSSIBLE)
PRACTISES: tuple[str, ...] = (
    "2_5_calls_expose_pungs_kongs_quints",
    "2_5_pair_or_news_exposed_only_by_winning_call",
    "6_call_to_expose",
    "6_call_for_mah_jongg",
    "6_pairs_called_only_for_mah_jongg",
    "6_dead_joker",
    "6_dead_hand",  # an exposure no winning hand can contain would kill the hand
)
SINGLE_CALLS = frozenset({"pair", "flower_pair", "news"})  # play_advice's calls only Mah Jongg may make
Position = tuple[Hand, int] | None


class CallQuestion(HandQuestion):
    tile: str  # the discard
    choices: list[Choice]  # CHOICES


class CallAnswer(Explained):
    call: str  # the strongest legal call: one of CALLS
    advice: str  # whether to make it (play_advice.call's why)


def _damage(hand: Hand, rng: Random, keep: int) -> Hand:
    """One more concealed tile swapped for another, so the discard cannot complete the hand."""
    spots = [i for i, t in enumerate(hand.concealed) if t not in (JOKER, keep)]
    concealed = list(hand.concealed)
    if not spots:
        return hand
    index = rng.choice(spots)
    concealed[index] = random_tile(rng, Counter(hand.tiles), avoid={keep, concealed[index]})
    return Hand(tuple(sorted(concealed)), hand.exposures)


def _mah_jongg(rng: Random, band: int) -> Position:
    hand = build(band_layout(pick_entry(rng, band), rng, band))
    tiles = [t for t in hand.concealed if t != JOKER]
    if not tiles:  # every natural tile exposed: none can be the discard that completes the hand
        return None
    tile = rng.choice(tiles)
    return without(hand, tile), tile


def _expose(rng: Random, band: int) -> Position:
    blocks = band_layout(pick_entry(rng, band), rng, band)
    options = [b for b in blocks if b.exposable and not b.exposed and b.size > b.jokers]
    if not options:
        return None
    tile = rng.choice(options).tile
    return _damage(without(build(blocks), tile), rng, tile), tile


def _no_jokers(rng: Random, band: int, where: Callable[[CardEntry], bool]) -> list[Blk] | None:
    blocks = layout(pick_entry(rng, band, where), rng, joker_chance=0.0, expose_chance=EXPOSE_CHANCE[band])
    return None if any(b.jokers and not b.exposed for b in blocks) else blocks


def _single(rng: Random, band: int) -> Position:
    """You hold one copy of the discard (a Pair's partner, a flower, a NEWS wind) and no joker."""
    kind = rng.choice(("pair", "flower", "news"))
    wanted: dict[str, Callable[[tuple[int, int]], bool]] = {
        "pair": lambda b: b[1] == 2,
        "flower": lambda b: b == (FLOWER, 2),
        "news": lambda b: b[0] == NEWS,
    }
    blocks = _no_jokers(rng, band, lambda e: any(wanted[kind](b) for b in e.blocks))
    if blocks is None:
        return None
    block = rng.choice([b for b in blocks if wanted[kind]((b.tile, b.size))])
    tile = rng.choice(WIND_TILES) if block.tile == NEWS else block.tile
    return _damage(without(build(blocks), tile), rng, tile), tile


def _joker(rng: Random, band: int) -> Position:
    hand = build(band_layout(pick_entry(rng, band), rng, band))
    if not hand.concealed:  # every group exposed: no tile to give up for the joker
        return None
    return without(hand, rng.choice(hand.concealed)), JOKER


def _impossible(rng: Random, band: int) -> Position:
    """An exposure of the discard that no winning hand could hold beside your exposures."""
    entry = pick_entry(rng, band, lambda e: e.category in (*NUMBER_CATEGORIES, WINDS))
    blocks = band_layout(entry, rng, band)
    members = [i for i in range(entry.set_blocks) if blocks[i].exposable]
    if not members:
        return None
    if not any(blocks[i].exposed for i in members):
        index = rng.choice(members)
        blocks[index] = replace(blocks[index], exposed=True)
    hand = build(blocks)
    tile = rng.choice(WIND_TILES) if entry.category != WINDS else rng.randrange(27)
    if sum(1 for t in hand.concealed if t not in (JOKER, tile)) < 4:
        return None
    hand = without(hand, rng.choice(hand.concealed))
    spots = [i for i, t in enumerate(hand.concealed) if t not in (JOKER, tile)]
    concealed = list(hand.concealed)
    for index in rng.sample(spots, 2):
        concealed[index] = tile
    return _damage(Hand(tuple(sorted(concealed)), hand.exposures), rng, tile), tile


def _none(rng: Random, band: int) -> Position:
    ways = [_single] if band <= 1 else [_single, _single, _joker, _impossible]
    return rng.choice(ways)(rng, band)


SCENARIOS: dict[str, Callable[[Random, int], Position]] = {
    MAH_JONGG: _mah_jongg,
    EXPOSE: _expose,
    NONE: _none,
    PAIR_ONLY: _single,
    DEAD_JOKER: _joker,
    IMPOSSIBLE: _impossible,
}


def strongest(advice: CallAdvice) -> str:
    legal = {o.call for o in advice.options if o.legal}
    return MAH_JONGG if MAH_JONGG in legal else EXPOSE if EXPOSE in legal else NONE


def has_focus(focus: str, tile: int, advice: CallAdvice) -> bool:
    """Is this position one of the focus's kind (judged by play_advice.call's options)?"""
    answer = strongest(advice)
    if focus in (MAH_JONGG, EXPOSE):
        return answer == focus
    if focus == DEAD_JOKER:
        return tile == JOKER
    if answer != NONE:
        return False
    calls = {o.call for o in advice.options}
    if focus == PAIR_ONLY:
        return bool(calls & SINGLE_CALLS) and EXPOSE not in calls
    return any(o.call == EXPOSE and not o.legal for o in advice.options)  # IMPOSSIBLE


def _position(rng: Random, band: int, focus: str | None) -> tuple[Hand, int, CallAdvice]:
    """A position aimed at a random answer; with a focus, one that surely has it."""
    target = rng.choice(CALLS) if focus is None else focus
    found: tuple[Hand, int, CallAdvice] | None = None
    for _ in range(MAX_TRIES if focus is None else MAX_FOCUS_TRIES):
        position = SCENARIOS[target](rng, band)
        if position is None or not fits(with_tile(*position)):
            continue
        found = (*position, call(*position))
        if focus is None and strongest(found[2]) == target:
            break
        if focus is not None and has_focus(focus, position[1], found[2]):
            return found
    if found is None or focus is not None:  # pragma: no cover - every scenario nearly always applies
        raise RuntimeError(f"no position found for the call drill (focus {focus})")
    return found


def make(rng: Random, band: int, focus: str | None = None) -> tuple[CallQuestion, CallAnswer]:
    hand, tile, advice = _position(rng, band, focus)
    seat = rng.choice(SEATS)
    question: CallQuestion = {
        "prompt": f"{seat} discards {name(tile)}. Can you call it?",
        "hand": str(hand),
        "tile": code(tile),
        "choices": [c.copy() for c in CHOICES],
    }
    answer: CallAnswer = {
        "call": strongest(advice),
        "explanation": _explain(hand, tile, advice),
        "advice": advice.why,
        "rules": ["6"],
    }
    return question, answer


def _explain(hand: Hand, tile: int, advice: CallAdvice) -> str:
    what = strongest(advice)
    shown_tile = name(tile)
    if what == MAH_JONGG:
        best = check(with_tile(hand, tile)).best
        won = f", {reading(best)}" if best is not None else ""
        return (
            f"Call it for Mah Jongg: the {shown_tile} completes a winning hand{won}. A discard may "
            f"be called for Mah Jongg to finish any block, even a Pair {ref('6')}."
        )
    if tile == JOKER:
        return f"A discarded joker is dead: nobody can ever call it {ref('6')}."
    lead = f"The {shown_tile} does not complete a winning hand, so there is no Mah Jongg call. "
    if what == EXPOSE:
        blocks = [tiles_words(o.block) for o in advice.options if o.call == EXPOSE and o.legal]
        return (
            lead + f"You may call it to expose {' or '.join(blocks)}: a Pung, Kong or Quint of the "
            "discard, made with your own tiles and jokers and exposed at once, that a winning hand "
            f"can hold {ref('6')}. Whether you should is another matter: {advice.why}"
        )
    notes = list(
        dict.fromkeys(
            o.rule.replace(f" {ref('6')}", "") for o in advice.options if not o.legal and o.call != MAH_JONGG
        )
    )
    if not any(o.call == EXPOSE for o in advice.options):
        held = hand.concealed.count(tile)
        jokers = hand.concealed.count(JOKER)
        have = f"{held or 'none'} and {plural(jokers, 'joker') if jokers else 'no jokers'}"
        notes.append(
            f"To expose a Pung you need two more {name(tile)} tiles from your rack, or one and a "
            f"joker: you have {have}."
        )
    return lead + " ".join(notes) + f" {ref('6')}"


def grade(question: CallQuestion, answer: CallAnswer, response: object) -> Graded:
    said = (text_field(response, "call") or "").lower()
    right = answer["call"]
    expected = {
        MAH_JONGG: "Call it for Mah Jongg.",
        EXPOSE: "Call it to expose a block (not Mah Jongg).",
        NONE: "You cannot call it.",
    }[right]
    explanation = answer["explanation"]
    if said == right:
        return graded(RIGHT, explanation=explanation, expected=expected, rules=answer["rules"])
    if said not in CALLS:
        lead = f"Choose mah_jongg, expose or none (you gave {shown(said or None)}). "
    else:
        lead = {
            MAH_JONGG: "It does not give you Mah Jongg. ",
            EXPOSE: "You cannot expose with it. ",
            NONE: "You can call it. ",
        }[said]
    return graded(WRONG, explanation=lead + explanation, expected=expected, rules=answer["rules"])


def position(question: CallQuestion) -> tuple[Hand, int]:
    """The hand and the discard a question shows (for tests and the bench)."""
    return parse_hand(question["hand"]), parse_tile(question["tile"])


KIND: DrillKind[CallQuestion, CallAnswer] = DrillKind(
    name="call",
    title="Can you call it?",
    description="Whether to call a discarded tile, and what for: Mah Jongg, an exposure, or not at all.",
    fields=(AnswerField("call", "one-choice", required=True, choices_from="choices", board="Your call"),),
    focuses=FOCUSES,
    practises=PRACTISES,
    make=make,
    grade=grade,
    template="components/answers/call.html",
    ignores_table="it judges calls by the standard rules: a minimum hand or skill level is not weighed yet",
    daily=4,
    shown_tile="The discard: ",
)
