"""Quick rules on who pays whom when a hand is won (RULES §3)."""

from __future__ import annotations

from random import Random

from ...scoring import BY_DISCARD, BY_JOKER_EXCHANGE, BY_WALL, counts_as_self_drawn, payments
from .quiz import Choice, Quiz, wind


def _paid(amount: int) -> Choice:
    return (f"p{amount}", f"{amount} points" if amount else "Nothing")


def payout(rng: Random, band: int) -> Quiz:
    winner, discarder = rng.sample(range(4), 2)
    value = (25 + 5 * rng.randint(0, 4)) * rng.choice((1, 2, 4))
    way = rng.choice((BY_DISCARD, BY_DISCARD, BY_WALL, *((BY_JOKER_EXCHANGE, None) if band >= 2 else ())))
    if way is None:  # a wall game
        paid = payments(winner=None, value=value, discarder=None)
        seat = rng.randrange(4)
        return Quiz(
            f"The wall runs out and nobody wins. How much does {wind(seat)} pay?",
            _paid(-paid[seat]),
            [_paid(n) for n in (value, 2 * value, 25)],
            "A wall game has no winner, and nobody pays.",
            ("3",),
        )
    own = counts_as_self_drawn(way)
    paid = payments(winner=winner, value=value, discarder=None if own else discarder)
    how = {
        BY_DISCARD: f"on a discard from {wind(discarder)}",
        BY_WALL: "with a tile drawn from the wall",
        BY_JOKER_EXCHANGE: "by taking a joker from an exposure",
    }[way]
    lead = f"{wind(winner)} wins {how}. The hand is worth {value}."
    if rng.random() < 0.3:
        amount = paid[winner]
        ask = f"{lead} How much does {wind(winner)} collect in all?"
    else:
        seat = rng.choice([s for s in range(4) if s != winner])
        amount = -paid[seat]
        ask = f"{lead} How much does {wind(seat)} pay?"
    if own:
        why = (
            f"Nobody threw the winning tile, so each of the others pays the value, {value}, and "
            f"{wind(winner)} collects {paid[winner]}."
        )
        if way == BY_JOKER_EXCHANGE:
            why += " Our reading: a win made by a joker exchange counts as self-drawn; some tables differ."
    else:
        why = (
            f"{wind(discarder)} threw the winning tile and pays double, {-paid[discarder]}; the other two "
            f"pay the value, {value} each, so {wind(winner)} collects {paid[winner]}."
        )
    return Quiz(ask, _paid(amount), [_paid(n * value) for n in range(5)], why, ("3",))
