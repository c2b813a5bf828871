"""The bounds that let an advice bot skip weighing a call (game/call_bound.py) hold: checked
against the full work on random hands, with and without exposures."""

from __future__ import annotations

from random import Random

from cfmj.engine.card import random_hold, virtual_card
from cfmj.engine.distance import IMPOSSIBLE
from cfmj.engine.evaluation import hand_needs, keep_scorer
from cfmj.engine.game.call_bound import bounds_hold, tile_cannot_help
from cfmj.engine.notation import Hand
from cfmj.engine.tiles import JOKER, NATURAL_KINDS


def _thirteen(rng: Random) -> Hand:
    """A card arrangement held with jokers and exposures, some concealed tiles changed, 13 in all."""
    card = virtual_card()
    while True:
        hand = random_hold(card.entries[rng.randrange(len(card))], rng, joker_chance=0.3)
        concealed = list(hand.concealed)
        for _ in range(rng.randrange(2, 6)):
            concealed[rng.randrange(len(concealed))] = rng.randrange(NATURAL_KINDS)
        concealed.pop(rng.randrange(len(concealed)))
        if all(concealed.count(t) <= 4 for t in set(concealed) if t != JOKER):
            return Hand(tuple(sorted(concealed)), hand.exposures)


def _calls(hand: Hand, tile: int) -> list[Hand]:
    """Every hand after calling `tile` into a Pung, Kong or Quint with own copies and jokers."""
    out = []
    held, jokers = hand.concealed.count(tile), hand.concealed.count(JOKER)
    for size in (3, 4, 5):
        for naturals in range(min(held, size - 1) + 1):
            if size - 1 - naturals > jokers:
                continue
            used = [tile] * naturals + [JOKER] * (size - 1 - naturals)
            concealed = list(hand.concealed)
            for t in used:
                concealed.remove(t)
            block = tuple(sorted((*used, tile)))
            out.append(Hand(tuple(sorted(concealed)), tuple(sorted((*hand.exposures, block)))))
    return out


def _after_best_discard(hand: Hand) -> int:
    options = sorted({(t,) for t in hand.concealed if t != JOKER}) or [(JOKER,)]
    return keep_scorer(hand, 1000).best(options).tiles_needed


def test_a_call_never_brings_the_hand_more_than_one_tile_nearer_nor_nearer_when_the_tile_has_no_room() -> (
    None
):
    rng = Random(17)
    checked = bounded = 0  # calls weighed; of them, calls of a tile said to have no room
    for _ in range(60):
        hand = _thirteen(rng)
        if not bounds_hold(hand):
            continue
        now = int(hand_needs(hand).min())
        for tile in rng.sample(range(NATURAL_KINDS), 6):
            cannot = tile_cannot_help(hand, tile)
            for after in _calls(hand, tile):
                nearest = int(hand_needs(after).min())
                if nearest >= IMPOSSIBLE:
                    continue
                checked += 1
                need = _after_best_discard(after)
                assert need >= nearest >= now - 1  # so once a call gains one, none does better
                if cannot:
                    bounded += 1
                    assert nearest >= now
    assert checked > 100 and bounded > 50  # both bounds were put to the test
