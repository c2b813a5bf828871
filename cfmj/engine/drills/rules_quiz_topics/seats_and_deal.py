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
