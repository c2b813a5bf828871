"""`check` judges a strict reading at once only when its shape is on the card (shapes.py), and then
without asking again what the card answers. These tests hold that to what `evaluate` finds: the
card names each shape once and as the rule modules name it; a reading on the card is judged
exactly as `evaluate` judges it; a reading off the card never wins."""

from __future__ import annotations

from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from bench.engine import mixed_hands
from bench.worst import random_case
from cfmj.engine import RuleSet
from cfmj.engine.card import CardEntry, virtual_card
from cfmj.engine.categories import classify_tiles
from cfmj.engine.exposures import exposure_block
from cfmj.engine.grouping import groupings
from cfmj.engine.notation import Hand, parse_hand
from cfmj.engine.patterns import pattern_of
from cfmj.engine.shapes import Shape, card_shapes, known, shape_key
from cfmj.engine.situation import Situation
from cfmj.engine.tiles import JOKER, NATURAL_KINDS
from cfmj.engine.validate import evaluate, evaluate_on_card
from tests.engine.test_properties import holdings
from tests.engine.test_search_bound import HANDS


def test_it_names_every_shape_on_the_card_once_as_the_rules_name_it() -> None:
    shapes = card_shapes()
    regular = [entry for entry in virtual_card().entries if entry.pattern is not None]
    keys = set()
    for entry in regular:
        tiles = tuple(tile for tile, _ in entry.blocks)
        sizes = tuple(size for _, size in entry.blocks)
        assert len(set(tiles)) == len(tiles), entry
        classified = classify_tiles(tiles)
        assert (classified.category, classified.members, pattern_of(sizes)[0]) == tuple(
            shapes[shape_key(tiles, sizes)]
        )
        keys.add(shape_key(tiles, sizes))
    assert len(keys) == len(shapes) == len(regular)


def test_a_tile_in_two_blocks_is_never_on_the_card() -> None:
    # 5 Crak as a Pung and a Pair would add up to the key of a Quint of 5 Crak.
    assert known((0, 0, 27), (3, 2, 4), card_shapes()) is None


def _every_strict_reading_agrees(hand: Hand, rules: RuleSet, self_drawn: bool) -> int:
    exposed = [exposure_block(index, group) for index, group in enumerate(hand.exposures)]
    if any(isinstance(block, tuple) for block in exposed):
        return 0  # an exposure that is no block: check refuses the hand before reading it
    counts = [0] * NATURAL_KINDS
    for tile in hand.concealed:
        if tile != JOKER:
            counts[tile] += 1
    situation = Situation(
        rules, self_drawn, hand.jokers == 0, not hand.exposures, tuple(map(len, hand.exposures))
    )
    shapes = card_shapes()
    readings = groupings(counts, hand.concealed.count(JOKER), exposed, relaxed=False)  # type: ignore[arg-type]
    for blocks in readings:
        tiles = tuple(b.tile for b in blocks)
        sizes = tuple(b.size for b in blocks)
        shape = known(tiles, sizes, shapes)
        judged = evaluate(blocks, situation)
        if shape is None:
            assert not judged.valid, blocks
        else:
            assert evaluate_on_card(blocks, situation, shape, tiles, sizes) == judged, blocks
    return len(readings)


def _rules(rng: Random) -> RuleSet:
    return RuleSet.make(
        house_rules=sorted(rng.sample((1, 2, 3), rng.randrange(4))),
        base=rng.choice((20, 25)),
        skill_level=rng.randrange(6),
    )


def test_readings_of_the_benchmark_mix_are_judged_as_evaluate_judges_them() -> None:
    rng = Random(35)
    readings = sum(
        _every_strict_reading_agrees(hand, _rules(rng), self_drawn)
        for hand, self_drawn in mixed_hands(600, 35)
    )
    assert readings > 600


def test_readings_of_the_slowest_hands_are_judged_as_evaluate_judges_them() -> None:
    readings = 0
    for case in HANDS:
        rules = RuleSet.make(
            house_rules=case.get("house_rules"), base=case.get("base"), skill_level=case.get("skill_level")
        )
        readings += _every_strict_reading_agrees(
            parse_hand(case["hand"]), rules, bool(case.get("self_drawn"))
        )
    assert readings > 1000


def test_readings_of_random_joker_heavy_hands_are_judged_as_evaluate_judges_them() -> None:
    rng = Random(3535)
    readings = 0
    for _ in range(300):
        case = random_case(rng)
        rules = RuleSet.make(house_rules=case.house_rules, base=case.base, skill_level=case.skill_level)
        readings += _every_strict_reading_agrees(case.hand, rules, case.self_drawn)
    assert readings > 300


@settings(max_examples=150, deadline=None)
@given(holdings(), st.booleans(), st.integers(0, 5))
def test_readings_of_card_hands_held_with_jokers_and_exposures_agree(
    held: tuple[CardEntry, Hand, list[int]], self_drawn: bool, level: int
) -> None:
    _, hand, _ = held
    assert _every_strict_reading_agrees(hand, RuleSet.make(skill_level=level), self_drawn) > 0


def test_a_shape_is_named_with_the_cards_own_objects() -> None:
    shapes = list(card_shapes().values())
    assert len({id(shape) for shape in shapes}) == len(set(shapes))
    assert isinstance(shapes[0], Shape)
