"""Distance (CLI.md `distance`): the fewest tiles missing from any winning hand."""

from __future__ import annotations

from collections import Counter
from functools import cache

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cfmj.engine import InputError, check
from cfmj.engine.card import CardEntry, hold, joker_bounds, random_hold
from cfmj.engine.card_rows import jokers_needed
from cfmj.engine.distance import Target, distance
from cfmj.engine.notation import Hand, parse_hand
from cfmj.engine.ruleset import RuleSet
from cfmj.engine.tiles import FLOWER, JOKER, MAX_COPIES, MAX_FLOWERS, NEWS, code, parse_tile
from tests.engine.helpers import spell
from tests.engine.test_cli import answer
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


# --- house rule 2: a set of 4 flowers and 4 jokers (CLI.md: `missing` counts against it) ---------

SMALL_SET = RuleSet.make(house_rules=[2])


def _beyond_the_set(hand: str | Hand, target: Target, rules: RuleSet) -> dict[str, int]:
    """The kinds of which the hand and the tiles `target` names missing hold more than the set."""
    tiles = parse_hand(hand).tiles if isinstance(hand, str) else hand.tiles
    held = Counter(code(t) for t in tiles)
    wanted = held + Counter(target.as_dict()["missing"])
    return {t: n for t, n in wanted.items() if n > rules.copies_in_set(parse_tile(t))}


def test_under_house_rule_2_missing_never_names_a_fifth_flower() -> None:
    # Dragon's Love wants six flowers in two Pungs: the four held and two jokers. All four jokers
    # are held, so the one tile missing is a dragon, not a fifth flower (nor a fifth joker).
    hand = "F F F F J J J J RD RD RD WD WD"
    result = distance(hand, rules=SMALL_SET)
    assert result.tiles_needed == 1
    assert result.nearest[0].as_dict()["missing"] == ["RD"]
    assert all(not _beyond_the_set(hand, target, SMALL_SET) for target in result.nearest)
    assert distance(hand).nearest[0].as_dict()["missing"] == ["F"]  # eight flowers in a full set


def test_under_house_rule_2_a_hand_whose_only_completion_needs_a_fifth_joker_is_dead() -> None:
    # Its four jokers are all exposed; the one hand its exposures allow needs a Quint of North,
    # four Norths and a fifth joker: dead, as an exposure no winning hand can contain.
    hand = "9C 9B 3C E [GD GD GD J J] [S S J J]"
    dead = distance(hand, rules=SMALL_SET)
    assert dead.tiles_needed is None and dead.nearest == ()
    assert dead.as_dict()["nearest"] == [] and dead.as_dict()["tiles_needed"] is None
    full_set = distance(hand)
    assert full_set.tiles_needed == 5
    assert full_set.nearest[0].as_dict()["missing"] == ["N", "N", "N", "N", "J"]


def test_under_house_rule_2_a_target_needing_a_fifth_joker_is_not_listed() -> None:
    # The hand holds all four jokers; Consecutive Evens in Quints would need another one.
    hand = "2B 2B 2B 2B 6D 6D GD GD GD J [4B J J J]"
    result = distance(hand, rules=SMALL_SET)
    assert result.tiles_needed == 0
    assert "kong_two_quints" not in {t.entry.pattern for t in result.nearest}
    assert all(not _beyond_the_set(hand, target, SMALL_SET) for target in result.nearest)
    assert "kong_two_quints" in {t.entry.pattern for t in distance(hand).nearest}


def test_under_house_rule_2_the_jokers_a_table_shows_count_against_the_set() -> None:
    # Kong of 3 Crak and Quints of 1 and 2 Crak want two jokers: the hand holds one, and with two
    # jokers seen the fourth may still come; with three seen, that hand is out of reach.
    hand = "1C 1C 1C 1C 2C 2C 2C 2C 3C 3C 3C 3C J"

    def quints(seen_jokers: int) -> list[list[str]]:
        found = distance(hand, rules=SMALL_SET, visible={JOKER: seen_jokers}).nearest
        return [t.as_dict()["missing"] for t in found if t.entry.pattern == "kong_two_quints"]

    assert quints(2) == [["J"]]
    assert quints(3) == []
    assert distance(hand, visible={JOKER: 3}).tiles_needed == 1  # a full set has four more
    with pytest.raises(InputError, match="4 of the joker"):
        distance(hand, rules=SMALL_SET, visible={JOKER: 5})


def test_under_house_rule_2_the_command_line_answers_a_dead_hand_with_null() -> None:
    hand = "9C 9B 3C E [GD GD GD J J] [S S J J]"
    assert answer("distance", hand, "--house-rules", "2")["tiles_needed"] is None
    assert answer("distance", hand, "--house-rules", "2")["nearest"] == []
    assert answer("distance", hand)["tiles_needed"] == 5
    flowers = answer("distance", "F F F F J J J J RD RD RD WD WD", "--house-rules", "2")
    assert flowers["tiles_needed"] == 1 and flowers["nearest"][0]["missing"] == ["RD"]


@cache
def _needing_a_joker() -> list[CardEntry]:
    """The arrangements that need a joker beyond their tiles' copies in the smaller set."""
    return [CARD.entries[int(i)] for i in np.flatnonzero(jokers_needed(SMALL_SET.max_flowers))]


@st.composite
def short_of_one(draw: st.DrawFn) -> Hand:
    """A card arrangement that needs a joker beyond its tiles' copies (a Quint, two flower
    Pungs), held with up to six jokers, less one concealed tile (a joker, as often as not)."""
    pool = _needing_a_joker()
    entry = pool[draw(st.integers(0, len(pool) - 1))]
    jokers = [draw(st.integers(low, high)) for low, high in joker_bounds(entry)]
    assume(sum(jokers) <= 6)
    exposed = [draw(st.booleans()) if size >= 3 and tile != NEWS else False for tile, size in entry.blocks]
    hand = hold(entry, jokers=jokers, exposed=exposed)
    assume(hand.concealed)
    spots = [i for i, t in enumerate(hand.concealed) if t == JOKER] if draw(st.booleans()) else []
    drop = draw(st.sampled_from(spots or range(len(hand.concealed))))
    return Hand(hand.concealed[:drop] + hand.concealed[drop + 1 :], hand.exposures)


@settings(max_examples=80, deadline=None)
@given(short_of_one())
def test_under_house_rule_2_one_tile_away_exactly_when_one_tile_from_the_set_wins(hand: Hand) -> None:
    """An independent reading: a 13-tile hand is one tile away when some tile the smaller set
    still has makes it a winning hand (check refuses a fifth flower or joker as malformed)."""
    assume(hand.tiles.count(JOKER) <= 4 and hand.tiles.count(FLOWER) <= 4)
    completing = []
    for tile in range(JOKER + 1):
        try:
            if check(Hand(tuple(sorted((*hand.concealed, tile))), hand.exposures), rules=SMALL_SET).valid:
                completing.append(tile)
        except InputError:  # a fifth copy
            pass
    result = distance(hand, rules=SMALL_SET)
    assert (result.tiles_needed == 1) == bool(completing), (str(hand), result.tiles_needed)
    for target in result.nearest:
        assert not _beyond_the_set(hand, target, SMALL_SET), (str(hand), target.as_dict())
        if target.tiles_needed == 1:
            completed = Hand(tuple(sorted(hand.concealed + target.missing)), hand.exposures)
            assert check(completed, rules=SMALL_SET).valid, (str(hand), target.as_dict())
