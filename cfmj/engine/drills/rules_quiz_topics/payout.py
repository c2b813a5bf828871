"""Quick rules on who pays whom when a hand is won, and how a win by joker exchange scores (RULES §3)."""

from __future__ import annotations

from random import Random

from ...check import CheckResult, check
from ...scoring import BY_DISCARD, BY_JOKER_EXCHANGE, BY_WALL, counts_as_self_drawn, payments
from ...tiles import JOKER
from ..hands import build, layout, pick_entry
from .quiz import MAX_TRIES, Choice, Quiz, wind


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


def exchange_win(rng: Random, band: int) -> Quiz:
    """How a Mah Jongg made by taking a joker from an exposure scores: a real hand, valued by check()."""
    for _ in range(MAX_TRIES):
        hand = build(layout(pick_entry(rng, max(band, 2)), rng, joker_chance=0.5, expose_chance=0.2))
        if JOKER in hand.concealed and check(hand).valid:
            break
    else:  # pragma: no cover - most card hands with a joker win
        raise RuntimeError("no hand found for the joker-exchange win question")
    winner, owner = rng.sample(range(4), 2)
    own = counts_as_self_drawn(BY_JOKER_EXCHANGE)
    value = _value(check(hand, self_drawn=own))
    plain = _value(check(hand))  # the same hand won on a discard
    paid = payments(winner=winner, value=value, discarder=None if own else owner)
    seat = rng.choice([s for s in range(4) if s != winner])
    ask = (
        f"{wind(winner)} gives a tile for the joker in {wind(owner)}'s exposure, and that joker finishes "
        f"this hand. How much does {wind(seat)} pay?"
    )
    if own:
        worth = (
            f"doubles from {plain} to {value}"
            if value != plain
            else f"stays at {value} (a dragon hand never doubles)"
        )
        why = (
            f"Our reading: a win made by a joker exchange counts as self-drawn (some tables differ). So "
            f"the hand {worth}, and each of the three others pays {value}: "
            f"{wind(owner)} gave up the joker but pays no more than the rest."
        )
    else:  # pragma: no cover - the site's reading is self-drawn
        why = f"A joker exchange counts as a win on a discard here: {wind(owner)} pays double."
    others = [_paid(n) for n in (0, plain, 2 * plain, 2 * value, 3 * value)]
    return Quiz(ask, _paid(-paid[seat]), others, why, ("3",), hand=str(hand))


def _value(result: CheckResult) -> int:
    assert result.best is not None and result.best.value is not None
    return result.best.value
