"""Strict readings come out of the walk each once (grouping.py), so `check` does not compare them
(validate.dedupe with strict=True): each tile kind makes one block, a joker block is never named
after a tile the hand holds, and namings that give the same blocks are dropped. These tests hold
the walk to that, on the hands with the most readings and on joker-heavy hands made at random."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from cfmj.engine import grouping
from cfmj.engine.blocks import Block
from cfmj.engine.exposures import exposure_block
from cfmj.engine.grouping import MAX_SLIPS, groupings
from cfmj.engine.notation import Hand, parse_hand
from cfmj.engine.tiles import FLOWER, JOKER, NATURAL_KINDS, NEWS, WINDS
from tests.engine.test_properties import holdings
from tests.engine.test_search_bound import HANDS


def _repeated_readings(hand: Hand) -> list[tuple[tuple[int, int, int, int], ...]]:
    exposed = [exposure_block(index, group) for index, group in enumerate(hand.exposures)]
    assert all(not isinstance(block, tuple) for block in exposed)
    counts = [0] * NATURAL_KINDS
    for tile in hand.concealed:
        if tile != JOKER:
            counts[tile] += 1
    readings = Counter(
        tuple(sorted((b.tile, b.size, b.jokers, b.exposure) for b in blocks))
        for blocks in groupings(counts, hand.concealed.count(JOKER), exposed, relaxed=False)  # type: ignore[arg-type]
    )
    return [reading for reading, times in readings.items() if times > 1]


@pytest.mark.parametrize("case", HANDS, ids=lambda case: case["hand"])
def test_the_hands_with_most_readings_give_each_once(case: dict[str, Any]) -> None:
    assert _repeated_readings(parse_hand(case["hand"])) == []


@st.composite
def joker_heavy_hands(draw: st.DrawFn) -> Hand:
    """Two to four kinds held one to four times and the rest jokers (up to eight), as the slowest
    hands are made; perhaps with an exposure of one kind, or of jokers alone."""
    kinds = draw(st.lists(st.sampled_from(range(NATURAL_KINDS)), min_size=2, max_size=4, unique=True))
    held = {kind: draw(st.integers(1, 2 if kind == FLOWER else 4)) for kind in kinds}
    jokers = 14 - sum(held.values())
    assume(0 <= jokers <= 8)
    exposures: tuple[tuple[int, ...], ...] = ()
    shown = draw(st.sampled_from(["none", "jokers", "kind"]))
    if shown == "jokers" and jokers >= 3:
        exposures, jokers = ((JOKER,) * 3,), jokers - 3
    elif shown == "kind" and kinds[0] != FLOWER and jokers >= max(0, 3 - held[kinds[0]]):
        filled = max(0, 3 - held[kinds[0]])
        exposures, jokers = ((kinds[0],) * held.pop(kinds[0]) + (JOKER,) * filled,), jokers - filled
    concealed = sorted([kind for kind, times in held.items() for _ in range(times)] + [JOKER] * jokers)
    return Hand(tuple(concealed), exposures)


@given(joker_heavy_hands())
def test_joker_heavy_hands_give_each_reading_once(hand: Hand) -> None:
    assert _repeated_readings(hand) == []


@given(holdings())
def test_card_hands_held_with_jokers_give_each_reading_once(drawn: Any) -> None:
    _, hand, _ = drawn
    assert _repeated_readings(hand) == []


def _walked(counts: list[int], fixed: list[Block], max_news: int) -> list[tuple[Block, ...]]:
    """The strict groupings as the general walk gives them (what walk_groupings did for every hand
    before a hand with no joker to place took its quick path)."""
    found: list[tuple[Block, ...]] = []
    search = grouping._Search(counts, [], False, MAX_SLIPS, {b.tile: i for i, b in enumerate(fixed)}, True)

    def keep(blocks: tuple[Block, ...], slips: int, fresh: bool) -> bool:
        found.append(blocks)
        return True

    search.emit = keep
    for news in range(max_news + 1):
        if news and any(counts[w] < news for w in WINDS):
            break
        left = list(counts)
        for w in WINDS:
            left[w] -= news
        search.run(left, 0, [*fixed, *[Block(NEWS, 4)] * news], 0)
    return found


@st.composite
def hands_without_jokers(draw: st.DrawFn) -> tuple[list[int], list[Block]]:
    """Tile kinds held two to four times (flowers twice or more), perhaps all four winds and an
    exposure of one kind."""
    kinds = draw(st.lists(st.sampled_from(range(NATURAL_KINDS)), min_size=3, max_size=7, unique=True))
    counts = [0] * NATURAL_KINDS
    for kind in kinds:
        counts[kind] = draw(st.integers(2, 8 if kind == FLOWER else 4))
    if draw(st.booleans()):  # all four winds, so that a NEWS block can be read
        for wind in WINDS:
            counts[wind] = draw(st.sampled_from([1, 3, 4]))
    fixed: list[Block] = []
    if draw(st.booleans()) and counts[kinds[0]] >= 3 and kinds[0] != FLOWER:
        fixed.append(Block(kinds[0], counts[kinds[0]], 0, 0))
        counts[kinds[0]] = draw(st.integers(0, 1))
    return counts, fixed


@given(hands_without_jokers(), st.integers(1, 2))
def test_a_hand_without_jokers_is_grouped_as_the_walk_groups_it(
    drawn: tuple[list[int], list[Block]], max_news: int
) -> None:
    counts, fixed = drawn
    quick = groupings(counts, 0, fixed, relaxed=False, max_news=max_news)
    assert quick == _walked(counts, fixed, max_news)
