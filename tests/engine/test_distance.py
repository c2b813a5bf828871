"""Distance (CLI.md `distance`): the fewest tiles missing from any winning hand."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cfmj.engine import InputError, check
from cfmj.engine.card import random_hold
from cfmj.engine.distance import Target, distance
from cfmj.engine.notation import Hand
from cfmj.engine.tiles import FLOWER, JOKER, MAX_COPIES, MAX_FLOWERS, parse_tile
from tests.engine.helpers import spell
from tests.engine.test_properties import CARD, holdings, random_hands


def test_it_answers_zero_for_a_winning_hand() -> None:
    assert distance("7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D [RD RD RD]").tiles_needed == 0


def test_it_names_the_missing_tiles() -> None:
    result = distance(spell("7C*3 8C*4 9D*4 RD*2"))
    assert result.tiles_needed == 1
    first = result.as_dict()["nearest"][0]
    assert first == {
        "category": "consecutive_run",
        "set": ["7", "8", "9"],
        "pattern": "two_pungs_two_kongs",
        "tiles_needed": 1,
        "missing": ["RD"],
    }
    assert len(result.nearest) <= 10
    assert [t.tiles_needed for t in result.nearest] == sorted(t.tiles_needed for t in result.nearest)


def test_it_fills_only_joker_legal_places_with_jokers() -> None:
    # Seven pairs with a joker: the joker can never complete a Pair.
    hand = spell("1C*2 2C*2 3C*2 4C*2 5C*2 6C*2 7C J")
    assert not check(hand).valid
    assert distance(hand).tiles_needed == 1  # 7C still needed (or the joker moves into a Pung)


def test_it_keeps_exposures_as_they_are() -> None:
    # The exposed Pung of 5C never grows into a Kong.
    exposed = distance(spell("1C*2 2C*2 3C*2 4C*2 9C J [5C*3]"))
    assert exposed.tiles_needed is not None
    for target in exposed.nearest:
        assert ("5C", 3) in [(b, s) for b, s in _blocks(target)]


def _blocks(target: Target) -> list[tuple[str, int]]:
    from cfmj.engine.tiles import code

    return [("NEWS" if t == 36 else code(t), s) for t, s in target.entry.blocks]


def test_it_answers_null_for_a_dead_hand() -> None:
    result = distance(spell("1C*3 2C*3 3C*3 4C [5C 5D 5B]"))
    assert result.tiles_needed is None and result.nearest == ()
    assert distance(spell("1C*3 2C*3 3C*3 4C*2 [F F]")).tiles_needed is None  # flowers exposed


def test_it_refuses_the_wrong_number_of_tiles() -> None:
    with pytest.raises(InputError, match="13 or 14"):
        distance(spell("1C*3 2C*3 3C*3 4C*3"))


def test_it_discounts_dead_tiles() -> None:
    hand = spell("7C*3 8C*4 9D*4 RD*2")
    assert distance(hand).tiles_needed == 1
    # A Pung place can still take a joker later, but a Pair place needs the real tile: with every
    # other flower on the table, no target may need one in a Pair.
    pairs = spell("1C*2 2C*2 3C*2 4C*2 5C*2 6C*2 F")
    assert distance(pairs).tiles_needed == 1
    gone = distance(pairs, visible={parse_tile("F"): 7})
    assert distance(pairs, visible={parse_tile("F"): 4}).tiles_needed == 1  # four flowers are left
    assert gone.tiles_needed is not None and all("F" not in t.as_dict()["missing"] for t in gone.nearest)


@given(random_hands())
def test_it_agrees_with_the_validator_on_fourteen_tiles(hand: Hand) -> None:
    """Two independent readings of the rules: distance 0 exactly when check says it wins."""
    result = distance(hand)
    assert (result.tiles_needed == 0) == check(hand).valid, (str(hand), result.tiles_needed)


@given(holdings(), st.integers(0, 13))
def test_it_completes_a_hand_one_tile_short(drawn: tuple[object, Hand, list[int]], drop: int) -> None:
    _, hand, _ = drawn
    assume(drop < len(hand.concealed))
    short = Hand(hand.concealed[:drop] + hand.concealed[drop + 1 :], hand.exposures)
    result = distance(short)
    assert result.tiles_needed == 1
    for target in result.nearest:
        assert len(target.missing) == target.tiles_needed
        if target.tiles_needed == 1:
            completed = Hand(tuple(sorted(short.concealed + target.missing)), short.exposures)
            assert check(completed).valid, (str(short), target.as_dict())


def test_it_never_counts_a_thirteen_tile_hand_as_complete() -> None:
    from random import Random

    rng = Random(3)
    for _ in range(30):
        hand = random_hold(CARD.entries[rng.randrange(len(CARD))], rng, expose_chance=0)
        result = distance(Hand(hand.concealed[:13], ()))
        assert result.tiles_needed == 1  # one tile short of the arrangement it was held from


def test_it_never_names_a_fifth_copy_of_a_tile_the_hand_holds() -> None:
    # All four Norths are in the exposed Kong: a Pair of North (or a NEWS) is out of reach. It was
    # once named "missing", pointing at a hand check calls malformed ("N appears 5 times").
    hand = "1C 2C 5B 6B 7D E W S S F [N N N N]"
    result = distance(hand)
    assert all("N" not in target.as_dict()["missing"] for target in result.nearest)


@settings(max_examples=150, deadline=None)
@given(random_hands())
def test_what_it_names_missing_fits_in_the_tile_set(hand: Hand) -> None:
    held = Counter(hand.tiles)
    for target in distance(hand).nearest:
        wanted = held + Counter(parse_tile(t) for t in target.as_dict()["missing"] if t != "J")
        assert all(n <= (MAX_FLOWERS if t == FLOWER else MAX_COPIES) for t, n in wanted.items() if t != JOKER)
