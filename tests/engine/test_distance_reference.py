"""The fast `needs()` (a packed byte tally, cached rows, registers for all-joker exposures) answers
exactly as the plain int16 formulation in reference_needs.py, on hands the golden answers do not
reach: tables' visible tiles (jokers too), exposures holding jokers, several all-joker exposures,
13 and 14 tiles, five copies and all, the default set and house rule 2's smaller one."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from cfmj.engine.distance import needs
from cfmj.engine.notation import Hand
from cfmj.engine.ruleset import RuleSet
from cfmj.engine.tiles import FLOWER, JOKER, NATURAL_KINDS, WINDS
from tests.engine.reference_needs import reference_needs

TILES = st.integers(0, NATURAL_KINDS - 1)


@st.composite
def exposures(draw: st.DrawFn) -> tuple[int, ...]:
    if draw(st.integers(0, 19)) == 0:
        return tuple(sorted(WINDS))
    size = draw(st.sampled_from((2, 3, 4, 5)))
    jokers = draw(st.sampled_from((0, 1, size, size, draw(st.integers(0, size)))))
    return tuple(sorted([draw(TILES)] * (size - jokers) + [JOKER] * jokers))


@st.composite
def hands(draw: st.DrawFn) -> Hand:
    groups = draw(st.lists(exposures(), max_size=3))
    size = draw(st.sampled_from((13, 14)))
    while groups and sum(len(g) for g in groups) >= size:
        groups.pop()
    left = size - sum(len(g) for g in groups)
    joker_weight = draw(st.sampled_from((0, 1, 3, 6)))
    concealed = draw(
        st.lists(st.one_of(TILES, st.just(JOKER)) if joker_weight else TILES, min_size=left, max_size=left)
    )
    if joker_weight:
        concealed = [JOKER if draw(st.integers(0, 9)) < joker_weight else t for t in concealed]
    return Hand(tuple(sorted(concealed)), tuple(groups))


VISIBLE = st.one_of(
    st.none(),
    st.dictionaries(TILES, st.integers(0, 4), max_size=12),
    st.dictionaries(st.just(FLOWER), st.integers(0, 8), max_size=1),
    st.dictionaries(st.sampled_from((JOKER, FLOWER, *WINDS)), st.integers(0, 4), max_size=3),
)
RULES = st.sampled_from((RuleSet(), RuleSet.make(house_rules=[2])))


@settings(max_examples=200, deadline=None)
@given(hands(), VISIBLE, RULES)
def test_needs_answers_as_the_plain_formulation(
    hand: Hand, visible: dict[int, int] | None, rules: RuleSet
) -> None:
    if visible:  # what a table can show: no more than the set has
        visible = {t: min(n, rules.copies_in_set(t)) for t, n in visible.items()}
    fast = needs(hand, visible=visible, rules=rules)
    plain = reference_needs(hand, visible=visible, rules=rules)
    assert fast.dtype == plain.dtype == np.int16
    assert np.array_equal(fast, plain)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from((3, 4, 5)), min_size=2, max_size=3), st.lists(TILES, min_size=2, max_size=5))
def test_several_all_joker_exposures_lose_the_same_places(sizes: list[int], tiles: list[int]) -> None:
    groups = tuple((JOKER,) * size for size in sizes)
    left = 14 - sum(sizes)
    concealed = tuple(sorted((tiles * 5)[:left]))
    hand = Hand(concealed, groups)
    assert np.array_equal(needs(hand), reference_needs(hand))
