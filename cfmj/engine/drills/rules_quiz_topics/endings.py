"""Quick rules on hands that end without a winner: dead hands and wall games (RULES §3, §6)."""

from __future__ import annotations

from functools import cache
from random import Random

from ...card import exposures_possible
from ...game import actions as A
from ...game import events as E
from ...game.tileset import LEFT, SEATS, WIND_NAMES, to_the
from ...notation import Hand
from ...tiles import FLOWER, JOKER, code, number_tile
from ..hands import hand_name, pick_entry
from .quiz import Quiz, joker_block, said, wind
from .tables import a_natural, discard_and_answer, table, wall_match


def _impossible(rng: Random) -> list[tuple[int, ...]]:
    while True:
        blocks = [(t, rng.choice((3, 4))) for t in rng.sample(range(FLOWER), rng.choice((2, 3)))]
        if not exposures_possible(list(blocks)):
            return sorted(joker_block(t, size, rng.randint(0, 1)) for t, size in blocks)


DEATHS = {
    "impossible": "Exposing blocks that no winning hand could hold together",
    "mistaken": "Declaring Mah Jongg with a hand that does not win",
    "joker": "Discarding a joker",
    "pass": "Letting a discard go without calling it",
    "pung": "Calling a discard to expose a Pung",
    "exchange": "Taking a joker from an exposure",
}


@cache
def kills(what: str) -> bool:
    """Is a player's hand dead after doing this (played on a fixed table)?"""
    rng, tile = Random(what), number_tile(5, 0)
    if what in ("joker", "pass", "pung"):
        discard = JOKER if what == "joker" else tile
        game = table(rng, turn=3, held={3: [discard], 0: [JOKER, JOKER]})
        assert game is not None
        discard_and_answer(game, 3, discard, {0: A.CallExposure(0, (JOKER, JOKER))} if what == "pung" else {})
        return game.dead[0] or game.dead[3]
    blocks: list[tuple[int, ...]] = _impossible(rng) if what == "impossible" else [(tile, tile, tile)]
    if what == "exchange":
        game = table(rng, turn=0, held={0: [tile]}, shown={2: [(tile, tile, JOKER)]})
    else:  # a mistaken Mah Jongg is tried on a hand with nothing exposed: the declaration alone kills
        shown = {} if what == "mistaken" else {0: blocks}
        game = table(rng, turn=1 if what == "impossible" else 0, shown=shown)
    assert game is not None
    if what != "impossible":
        game.apply(A.ExchangeJoker(0, 2, 0, tile) if what == "exchange" else A.DeclareMahJongg(0))
    return game.dead[0]


def dead_hand(rng: Random, band: int) -> Quiz:
    form = rng.choice(("exposed", "exposed", "plays_on", "cause"))
    if form == "cause":
        deadly = [k for k in DEATHS if kills(k)]
        key = rng.choice(deadly)
        return Quiz(
            "Which of these makes a player's hand dead?",
            (key, DEATHS[key]),
            [(k, w) for k, w in DEATHS.items() if k not in deadly],
            "A hand is dead after an exposure no winning hand can hold, a wrong number of tiles, an "
            "illegal call, or a mistaken Mah Jongg (here, declaring lays the hand face up to be "
            "checked, so a mistake kills it at once).",
            ("6",),
        )
    seat, alive, example = rng.randrange(SEATS), form == "exposed" and rng.random() < 0.5, ""
    while True:
        if alive:
            entry = pick_entry(rng, 2)
            blocks = [(t, s) for t, s in entry.blocks if s >= 3 and t < FLOWER]
            if len(blocks) < 2:
                continue
            exposures = sorted(joker_block(t, s, rng.randint(0, 1)) for t, s in rng.sample(blocks, 2))
            example = hand_name(entry.category, entry.members, entry.pattern)
        else:
            exposures = _impossible(rng)
        game = table(rng, turn=to_the(seat, LEFT), shown={seat: exposures})
        if game is not None:
            break
    hand = str(Hand((), tuple(exposures)))
    if form == "exposed":
        words = {
            "dead": "Yes: no winning hand holds all of these blocks",
            "alive": "No: a winning hand can still hold them all",
            "depends": "It depends on the tiles still hidden in the rack",
        }
        key = "dead" if game.dead[seat] else "alive"
        why = (
            f"No winning hand holds all of these blocks at once, so {wind(seat)} can no longer win."
            if key == "dead"
            else f"A winning hand still holds them all (for example {example}), so the hand is alive."
        )
        return Quiz(
            f"{wind(seat)} has exposed these blocks. Is {wind(seat)}'s hand dead?",
            (key, words[key]),
            list(words.items()),
            why,
            ("6",),
            hand=hand,
            count=3,
        )
    discard_and_answer(game, to_the(seat, LEFT), a_natural(game, to_the(seat, LEFT)))
    legal = game.legal_actions(seat) if game.turn == seat else []
    key = (
        "normal"
        if any(isinstance(a, A.DeclareMahJongg) for a in legal)
        else "plays_on"
        if any(isinstance(a, A.Discard) for a in legal)
        else "out"
    )
    words = {
        "plays_on": "Draw and discard as usual, but never win",
        "out": "Nothing: the player sits out the rest of the hand",
        "normal": "Everything as before: a dead hand can still win",
        "calls": "Only call discards for Mah Jongg",
    }
    return Quiz(
        f"{wind(seat)}'s exposures make the hand dead. What may {wind(seat)} still do?",
        (key, words[key]),
        list(words.items()),
        "A dead hand stays in the game: it keeps drawing and "
        "discarding so play goes on, but it cannot call, take jokers or win.",
        ("6",),
        hand=hand,
    )


def wall_game(rng: Random, band: int) -> Quiz:
    match = wall_match()
    index = rng.randrange(len(match.hands) - 1)
    hand, dealer = match.hands[index], match.dealers[index]
    form = rng.choice(("end", "end", "pay", "dealer"))
    if form == "end":
        last = [e for e in hand.events if isinstance(e, E.Discarded)][-1]
        who = wind(last.seat, dealer)
        words = {
            "ends": "The hand ends with no winner, and nobody pays",
            "pays": f"{who} pays each of the others",
            "reshuffle": "The discards are shuffled into a new wall",
            "east": "East wins the hand",
        }
        key = "ends" if hand.winner is None and not any(hand.payments) else "pays"
        return Quiz(
            f"{who} discards {said(last.tile)}, nobody calls it, and no tiles are left in the wall. "
            "What happens?",
            (key, words[key]),
            list(words.items()),
            "That is a wall game: the wall ran out before anyone made Mah Jongg, so nobody pays.",
            ("3", "6"),
            tile=code(last.tile),
        )
    if form == "pay":
        seat = rng.randrange(SEATS)
        words = {
            "zero": "Nothing: nobody pays anybody",
            "east": "East pays each of the others",
            "last": "The last player to discard pays everyone",
            "all": "Everyone pays East",
        }
        key = "zero" if not any(hand.payments) else "last"
        return Quiz(
            f"The wall runs out and nobody has made Mah Jongg. What does {wind(seat)} pay?",
            (key, words[key]),
            list(words.items()),
            "With no winner there is nothing to pay: a wall game scores nothing for anyone.",
            ("3", "6"),
        )
    was = wind(match.dealers[index + 1], dealer)
    return Quiz(
        "The hand ends in a wall game. Who is East, the dealer, in the next hand?",
        (was.lower(), f"The player who was {was}"),
        [(w.lower(), f"The player who was {w}") for w in WIND_NAMES],
        f"After every hand, a wall game too, the deal passes to the right: the player who was {was} "
        "becomes East.",
        ("6",),
    )
