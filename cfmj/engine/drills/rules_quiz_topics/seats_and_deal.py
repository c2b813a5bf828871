"""Quick rules on the seats, the directions between them and the deal (RULES §6)."""

from __future__ import annotations

from random import Random

from ...game import Game
from ...game import events as E
from ...game.tileset import SEATS, WIND_NAMES, full_set, to_the
from .quiz import (
    DEALER,
    DIRECTION,
    WAYS,
    Choice,
    Quiz,
    direction,
    number_choices,
    seat_choice,
    seats_but,
    way_choice,
    wind,
)
from .tables import RULES, a_natural, charleston_run, discard_and_answer, now, table

ORDER = ", ".join(WIND_NAMES)


def seats(rng: Random, band: int) -> Quiz:
    me = rng.randrange(SEATS)
    form = rng.choice(("where", "where", "next", "way"))
    if form == "next":
        game = table(rng, turn=me)
        assert game is not None
        discard_and_answer(game, me, a_natural(game, me))
        why = (
            f"Play goes to the right, one seat on in the order {ORDER} (and round again): after "
            f"{wind(me)} it is {wind(now(game))}'s turn to draw."
        )
        return Quiz(
            f"{wind(me)} discards and nobody calls the tile. Whose turn is it now?",
            seat_choice(now(game)),
            seats_but(me),
            why,
            ("6",),
            count=3,
        )
    other = to_the(me, rng.choice(list(DIRECTION)))
    way = DIRECTION[direction(me, other)]
    where = "across from you" if way == "across" else f"on your {way}"
    why = (
        f"The seats go {ORDER} in the order of play, and round again. Your right is the next seat in "
        f"that order, across is two seats on and your left is three on. From {wind(me)}, {wind(other)} "
        f"is {'across' if way == 'across' else 'on the ' + way}."
    )
    if form == "way":
        return Quiz(
            f"{wind(me)} hands tiles to {wind(other)}. Which way is that, from {wind(me)}'s seat?",
            way_choice(way),
            WAYS,
            why,
            ("6",),
            count=3,
        )
    return Quiz(
        f"You sit in the {wind(me)} seat. Who sits {where}?",
        seat_choice(other),
        seats_but(me),
        why,
        ("6",),
        count=3,
    )


def deal(rng: Random, band: int) -> Quiz:
    game = Game(rng.getrandbits(32), RULES, DEALER)
    dealt = {e.seat: len(e.tiles) for e in game.events if isinstance(e, E.Dealt)}
    most, least = max(dealt.values()), min(dealt.values())
    dealer = next(s for s, n in dealt.items() if n == most)
    told = f"In the deal {wind(dealer)}, the dealer, gets {most} tiles and every other player {least}."
    form = rng.choice(("count", "count", "who", "wall", "first"))
    if form == "count":
        seat = rng.randrange(SEATS)
        return Quiz(
            f"How many tiles is {wind(seat)} dealt?",
            (f"n{dealt[seat]}", str(dealt[seat])),
            number_choices(range(least - 1, most + 3)),
            told,
            ("6",),
        )
    if form == "who":
        return Quiz(
            f"Who is dealt {most} tiles, {most - least} more than the others?",
            seat_choice(dealer),
            seats_but(dealer),
            told,
            ("6",),
        )
    if form == "wall":
        total, left = len(full_set(RULES)), len(game.wall)
        why = f"{told} That makes {most + 3 * least} dealt from {total}, leaving {left} in the wall."
        return Quiz(
            f"A set of {total} tiles is dealt. How many tiles are left in the wall?",
            (f"n{left}", str(left)),
            number_choices([total - 4 * least, total - 4 * most, left + 2, left - 1]),
            why,
            ("6",),
        )
    first = now(charleston_run().game)
    why = (
        f"{told} So when the Charleston is over, {wind(first)} already holds one tile more than a "
        "hand and starts play by discarding, without drawing; then play goes to the right."
    )
    return Quiz(
        "The Charleston is over. Who discards first?", seat_choice(first), seats_but(first), why, ("6",)
    )


# What a player does next, in the words a turn question offers; the engine's record says which.
DRAWS, DISCARDS = "draw", "discard"
TURN_MOVES = {
    DRAWS: "Draw a tile from the wall",
    DISCARDS: "Discard a tile",
    "call": "Call the tile just thrown",
    "pass": "Pass three tiles",
}


def _held(game: Game, seat: int) -> int:
    """How many tiles `seat` holds, its exposures included."""
    return len(game.concealed(seat)) + sum(len(exposure.tiles) for exposure in game.exposures(seat))


def turns(rng: Random, band: int) -> Quiz:
    """A turn: draw a tile from the wall, then discard one (RULES §6). What a player does first
    and how many tiles they hold are read from a game the engine plays."""
    form = rng.choice(("first", "first", "drawn", "thrown", "east"))
    if form == "east":
        return _east_starts(rng)
    me = rng.randrange(SEATS)
    game = table(rng, turn=me)
    assert game is not None
    discard_and_answer(game, me, a_natural(game, me))
    after = now(game)
    if form == "thrown":
        held = _held(game, me)
        return Quiz(
            f"{wind(me)} discards and nobody calls the tile. How many tiles does {wind(me)} hold now?",
            (f"n{held}", str(held)),
            number_choices(range(held - 2, held + 3)),
            f"Between turns every player holds {held} tiles. On a turn you draw one, then discard one.",
            ("6",),
        )
    if form == "drawn":
        held = _held(game, after)
        return Quiz(
            f"It is {wind(after)}'s turn and {wind(after)} has just drawn a tile from the wall. How many "
            f"tiles does {wind(after)} hold now?",
            (f"n{held}", str(held)),
            number_choices(range(held - 3, held + 2)),
            f"{wind(after)} held {held - 1} tiles and drew one: {held}. Then one goes out as a discard.",
            ("6",),
        )
    last = next(e for e in reversed(game.events) if isinstance(e, (E.Drew, E.Discarded)))
    move = DRAWS if isinstance(last, E.Drew) and last.seat == after else DISCARDS
    why = (
        f"Nobody called, so it is {wind(after)}'s turn. A turn starts with a tile drawn from the wall; "
        "then one is discarded, named out loud."
    )
    return Quiz(
        f"{wind(me)} discards and nobody calls the tile. It is {wind(after)}'s turn. What does "
        f"{wind(after)} do first?",
        (move, TURN_MOVES[move]),
        _others(rng, move),
        why,
        ("6",),
        count=3,
    )


def _east_starts(rng: Random) -> Quiz:
    """The first turn of the hand: East, dealt one tile more than a hand, discards without drawing."""
    game = charleston_run().game
    first = now(game)
    move = DRAWS if any(isinstance(e, E.Drew) for e in game.events) else DISCARDS
    why = (
        f"{wind(first)} was dealt {_held(game, first)} tiles, one more than a hand, so "
        f"{wind(first)} starts play by discarding, without drawing. Every turn after that is: draw, "
        "then discard."
    )
    return Quiz(
        f"The Charleston is over. What does {wind(first)} do first?",
        (move, TURN_MOVES[move]),
        _others(rng, move),
        why,
        ("6",),
        count=3,
    )


def _others(rng: Random, move: str) -> list[Choice]:
    """The wrong moves offered: always the other half of a turn (draw or discard), and one more."""
    other = DISCARDS if move == DRAWS else DRAWS
    more = rng.choice([key for key in TURN_MOVES if key not in (move, other)])
    return [(other, TURN_MOVES[other]), (more, TURN_MOVES[more])]
