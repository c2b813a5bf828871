"""Quick rules on calling a discard: who gets it, whose turn follows, the dead joker (RULES §6)."""

from __future__ import annotations

from functools import cache
from random import Random

from ...game import Action
from ...game import actions as A
from ...game import events as E
from ...game.state import CALLS
from ...game.tileset import SEATS, to_the
from ...tiles import FLOWER, JOKER, NATURAL_KINDS, code, name
from ..common import join_words
from ..hands import build, layout, pick_entry, without
from .quiz import (
    DEALER,
    MAX_TRIES,
    Quiz,
    direction,
    said,
    seat_choice,
    seats_but,
    some_number,
    tile_choice,
    wind,
)
from .tables import a_natural, discard_and_answer, now, table


def call_priority(rng: Random, band: int) -> Quiz:
    for _ in range(MAX_TRIES):
        discarder = rng.randrange(SEATS)
        first, second = rng.sample([s for s in range(SEATS) if s != discarder], 2)
        mah_jongg = rng.random() < 0.65
        held: dict[int, list[int]] = {first: [JOKER, JOKER], second: [JOKER, JOKER]}
        calls: dict[int, Action] = {
            first: A.CallExposure(first, (JOKER, JOKER)),
            second: A.CallExposure(second, (JOKER, JOKER)),
        }
        tile = some_number(rng)
        if mah_jongg:  # `first` is one tile short of a winning hand
            hand = build(
                layout(
                    pick_entry(rng, min(band, 2)),
                    rng,
                    joker_chance=0.0 if band <= 1 else 0.2,
                    expose_chance=0.0,
                )
            )
            tile = rng.choice([t for t in hand.concealed if t != JOKER])
            held[first], calls[first] = list(without(hand, tile).concealed), A.CallMahJongg(first)
        game = table(rng, turn=discarder, held={**held, discarder: [tile]})
        if tile == FLOWER or game is None:
            continue
        discard_and_answer(game, discarder, tile, calls)
        won = game.outcome
        if mah_jongg and not isinstance(won, E.HandWon):
            continue  # the Mah Jongg call must be a true one for the question to make sense
        made = [e for e in game.events if isinstance(e, E.ExposureMade)]
        winner = won.winner if isinstance(won, E.HandWon) else made[-1].seat
        break
    else:  # pragma: no cover - a winning hand almost always fits
        raise RuntimeError("no position found for a call-priority question")
    prompt = (
        f"{wind(discarder)} discards {said(tile)}. {wind(first)} calls it "
        f"{'for Mah Jongg' if mah_jongg else 'for a Pung'} and {wind(second)} calls it for a Pung. "
        "Who gets the tile?"
    )
    if mah_jongg and winner == first:
        why = f"A call for Mah Jongg beats a call to expose, wherever the callers sit: {wind(winner)} wins."
    else:
        order = ", ".join(wind(to_the(discarder, k)) for k in range(1, SEATS))
        why = (
            f"Both calls are for a Pung, so the caller next in turn after {wind(discarder)} (the order is "
            f"{order}) gets it: {wind(winner)}."
        )
    return Quiz(prompt, seat_choice(winner), seats_but(discarder), why, ("6",), tile=code(tile), count=3)


def after_call(rng: Random, band: int) -> Quiz:
    discarder, caller = rng.sample(range(SEATS), 2)
    tile = some_number(rng)
    game = table(rng, turn=discarder, held={discarder: [tile], caller: [JOKER, JOKER]})
    assert game is not None
    discard_and_answer(game, discarder, tile, {caller: A.CallExposure(caller, (JOKER, JOKER))})
    lead = f"{wind(discarder)} discards {said(tile)} and {wind(caller)} calls it for a Pung"
    if rng.random() < 0.5:
        why = (
            f"The caller exposes the Pung at once and then discards, without drawing: {wind(now(game))} "
            "goes next."
        )
        return Quiz(
            f"{lead}. Who discards next?", seat_choice(now(game)), seats_but(), why, ("6",), tile=code(tile)
        )
    discard_and_answer(game, caller, a_natural(game, caller))
    missed = [wind(to_the(discarder, k)) for k in range(1, direction(discarder, caller))]
    why = (
        f"After a call, play goes on from the caller: after {wind(caller)}'s discard it is the turn of "
        f"the seat on {wind(caller)}'s right, {wind(now(game))}."
    )
    if missed:
        why += f" {join_words(missed)} lose{'s' if len(missed) == 1 else ''} a turn."
    return Quiz(
        f"{lead}, then discards. Nobody calls that tile. Whose turn is next?",
        seat_choice(now(game)),
        seats_but(),
        why,
        ("6",),
        tile=code(tile),
    )


@cache
def callable_discard(tile: int) -> bool:
    """Does anyone get the chance to call this tile when it is discarded?"""
    game = table(Random(tile), turn=DEALER, held={DEALER: [tile]})
    assert game is not None
    game.apply(A.Discard(DEALER, tile))
    return game.phase == CALLS


def dead_joker(rng: Random, band: int) -> Quiz:
    discarder, other = rng.sample(range(SEATS), 2)
    form = rng.choice(("call", "call", "which", "next"))
    if form == "which":
        tiles = [JOKER, *rng.sample([t for t in range(NATURAL_KINDS) if t != JOKER], 3)]
        dead = [t for t in tiles if not callable_discard(t)]
        return Quiz(
            "Which of these discards can nobody call, not even for Mah Jongg?",
            tile_choice(dead[0]),
            [tile_choice(t) for t in tiles],
            "A discarded joker is dead: nobody may call it. Any other discard may at least be called "
            "for Mah Jongg.",
            ("6",),
        )
    tile = some_number(rng)
    game = table(rng, turn=discarder, held={discarder: [JOKER], other: [tile, tile]})
    assert game is not None
    game.apply(A.Discard(discarder, JOKER))
    if form == "next":
        return Quiz(
            f"{wind(discarder)} discards a joker. Whose turn is it now?",
            seat_choice(now(game)),
            seats_but(),
            f"Nobody may call a discarded joker, so play just moves on: {wind(now(game))} draws.",
            ("6",),
            tile=code(JOKER),
        )
    mah_jongg = game.is_legal(A.CallMahJongg(other))
    expose = game.is_legal(A.CallExposure(other, (tile, tile)))
    words = {
        "none": "Nothing: a discarded joker cannot be called",
        "mj": "Call it, but only for Mah Jongg",
        "any": "Call it for a Pung or for Mah Jongg",
        "turn": "Pick it up on their own turn",
    }
    key = "any" if mah_jongg and expose else "mj" if mah_jongg else "turn" if expose else "none"
    return Quiz(
        f"{wind(discarder)} discards a joker. {wind(other)} holds two {name(tile)}s and would like "
        f"it. What may {wind(other)} do?",
        (key, words[key]),
        list(words.items()),
        "A discarded joker is dead: nobody may call it, for a Pung or even for Mah Jongg.",
        ("6",),
        tile=code(JOKER),
    )
