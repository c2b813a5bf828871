"""Properties over the virtual card: every arrangement, held any legal way, wins and scores
consistently; single rule-breaking changes are refused with the rule they break."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from hypothesis import assume, given
from hypothesis import strategies as st

from cfmj.engine import check, virtual_card
from cfmj.engine.card import CardEntry, hold, joker_bounds
from cfmj.engine.categories import LIKE_NUMBERS, NUMBER_CATEGORIES
from cfmj.engine.dragon_hands import DRAGON_HAND_VALUES
from cfmj.engine.notation import Hand
from cfmj.engine.tiles import DRAGON_SUIT, FLOWER, JOKER, NEWS, is_dragon, is_number, is_wind, suit_of
from cfmj.engine.validate import Arrangement

CARD = virtual_card()
MAX_JOKERS = 8
POOLS: dict[str, Sequence[CardEntry]] = {
    "card": CARD.entries,
    "pairs": [e for e in CARD.entries if any(size == 2 and tile != FLOWER for tile, size in e.blocks)],
    "seven_pairs": [e for e in CARD.entries if e.pattern == "seven_pairs"],
    "one_suit": [
        e
        for e in CARD.entries
        if e.category in NUMBER_CATEGORIES
        and e.category != LIKE_NUMBERS
        and e.set_blocks >= 3
        and len({suit_of(t) for t, _ in e.blocks[: e.set_blocks]}) == 1
    ],
}


@st.composite
def holdings(draw: st.DrawFn, pool_name: str = "card") -> tuple[CardEntry, Hand, list[int]]:
    pool = POOLS[pool_name]
    entry = pool[draw(st.integers(0, len(pool) - 1))]
    jokers = [draw(st.integers(low, high)) for low, high in joker_bounds(entry)]
    assume(sum(jokers) <= MAX_JOKERS)
    exposed = [draw(st.booleans()) if size >= 3 and tile != NEWS else False for tile, size in entry.blocks]
    return entry, hold(entry, jokers=jokers, exposed=exposed), jokers


def expected_points(entry: CardEntry, hand: Hand) -> int:
    """An independent reading of RULES §3's bonus table for one card entry."""
    sizes = [size for _, size in entry.blocks]
    tiles = [tile for tile, _ in entry.blocks]
    pairs = sizes.count(2)
    points = 25 + (10 if pairs == 7 else 5 if 3 <= pairs <= 5 else 0) + 5 * sizes.count(5)
    if all(is_number(t) for t in tiles) or all(is_wind(t) or t == NEWS for t in tiles):
        points += 5
    suits = {suit_of(t) for t in tiles if is_number(t)}
    if (
        entry.category in NUMBER_CATEGORIES
        and entry.category != LIKE_NUMBERS
        and len(suits) == 1
        and not any(t in (FLOWER, NEWS) or is_wind(t) for t in tiles)
        and all(DRAGON_SUIT[t] in suits for t in tiles if is_dragon(t))
    ):
        points += 5
    return points + (0 if hand.exposures else 10)


def same_reading(arrangement: Arrangement, entry: CardEntry) -> bool:
    blocks = Counter((b.tile, b.size) for b in arrangement.blocks)
    return (arrangement.category, arrangement.pattern) == (
        entry.category,
        entry.pattern,
    ) and blocks == Counter(entry.blocks)


@given(holdings(), st.booleans())
def test_it_accepts_every_card_arrangement_however_it_is_held(
    drawn: tuple[CardEntry, Hand, list[int]], self_drawn: bool
) -> None:
    entry, hand, jokers = drawn
    result = check(hand, self_drawn=self_drawn)
    assert result.valid, f"{entry.describe()} held as {hand} was refused: {result.reasons}"
    mine = [a for a in result.arrangements if same_reading(a, entry)]
    assert mine, f"{hand}: the card's own reading {entry.describe()} is missing"
    doubling = (2 if self_drawn else 1) * (2 if sum(jokers) == 0 else 1)
    if entry.pattern is None:
        expected = DRAGON_HAND_VALUES[entry.category]
    else:
        expected = expected_points(entry, hand) * doubling
    assert mine[0].value == expected
    answer = result.as_dict()
    assert answer["value"] == max(a.value or 0 for a in result.arrangements) >= expected
    if self_drawn:
        assert answer["payout"] == {"each": answer["value"]}
    else:
        assert answer["payout"] == {"discarder": 2 * answer["value"], "other": answer["value"]}
    if answer["pattern"] is not None:  # dragon hands earn no bonus at all
        assert answer["bonuses"]["concealed"] == (0 if hand.exposures else 10)


def _joker_for_pair_tile(entry: CardEntry, hand: Hand) -> Hand:
    pair_tile = next(t for t, size in entry.blocks if size == 2 and t != FLOWER)
    assume(pair_tile in hand.concealed and hand.jokers < MAX_JOKERS)
    concealed = list(hand.concealed)
    concealed.remove(pair_tile)
    return Hand(tuple(sorted([*concealed, JOKER])), hand.exposures)


@given(holdings("pairs"))
def test_it_never_lets_a_joker_stand_in_a_pair(drawn: tuple[CardEntry, Hand, list[int]]) -> None:
    entry, hand, _ = drawn
    result = check(_joker_for_pair_tile(entry, hand))
    if result.valid:  # the joker found a legal place elsewhere (say 1C J J became a Pung)
        assert all(not (b.size == 2 and b.jokers) for a in result.arrangements for b in a.blocks)
    else:
        assert {"joker_in_pair", "dragon_hand_jokers"} & {r.id for r in result.reasons}


@given(holdings("seven_pairs"))
def test_it_refuses_seven_pairs_with_a_joker_in_a_pair(drawn: tuple[CardEntry, Hand, list[int]]) -> None:
    entry, hand, _ = drawn
    result = check(_joker_for_pair_tile(entry, hand))
    assert not result.valid
    assert result.reasons[0].id == "joker_in_pair"


@given(holdings("pairs"))
def test_it_refuses_an_exposed_pair(drawn: tuple[CardEntry, Hand, list[int]]) -> None:
    entry, hand, _ = drawn
    pair_tile = next(t for t, size in entry.blocks if size == 2 and t != FLOWER)
    assume(hand.concealed.count(pair_tile) >= 2)
    concealed = list(hand.concealed)
    concealed.remove(pair_tile)
    concealed.remove(pair_tile)
    mutated = Hand(tuple(concealed), tuple(sorted([*hand.exposures, (pair_tile, pair_tile)])))
    result = check(mutated)
    assert not result.valid
    assert "exposure_illegal" in [r.id for r in result.reasons]


@given(holdings("one_suit"), st.integers(1, 2))
def test_it_refuses_a_woven_hand(drawn: tuple[CardEntry, Hand, list[int]], shift: int) -> None:
    entry, hand, _ = drawn
    first, middle_tile, last = (entry.blocks[i][0] for i in (0, 1, entry.set_blocks - 1))
    # With real tiles at both ends and in between, no naming of the jokers can unweave it.
    assume(all(t in hand.tiles for t in (first, middle_tile, last)))
    other = (suit_of(middle_tile) + shift) % 3 * 9 + middle_tile % 9
    concealed = tuple(sorted(other if t == middle_tile else t for t in hand.concealed))
    exposures = tuple(
        sorted(tuple(sorted(other if t == middle_tile else t for t in group)) for group in hand.exposures)
    )
    result = check(Hand(concealed, exposures))
    assert not result.valid
    assert result.reasons[0].id == "woven"


@st.composite
def random_hands(draw: st.DrawFn) -> Hand:
    """Any 14 tiles the set could hold, some of them exposed in groups of 3 to 5."""
    pool = [t for t in range(35) for _ in range(4)] + [FLOWER] * 4 + [JOKER] * 8
    tiles = draw(st.lists(st.sampled_from(range(len(pool))), min_size=14, max_size=14, unique=True))
    chosen = sorted(pool[i] for i in tiles)
    exposures = []
    while len(chosen) > 5 and draw(st.booleans()):
        size = draw(st.integers(3, 5))
        group, chosen = chosen[:size], chosen[size:]
        exposures.append(tuple(group))
    return Hand(tuple(chosen), tuple(sorted(exposures)))


@given(random_hands(), st.booleans(), st.integers(0, 5))
def test_it_explains_every_losing_hand(hand: Hand, self_drawn: bool, level: int) -> None:
    result = check(hand, self_drawn=self_drawn, skill_level=level)
    if not result.valid:
        assert result.reasons, f"{hand} refused without a reason"
        assert all(r.message and r.id for r in result.reasons)


@given(st.text(max_size=80))
def test_it_answers_any_text_or_says_what_is_wrong(text: str) -> None:
    from cfmj.engine import InputError

    try:
        result = check(text)
    except InputError as error:
        assert str(error) and "\n" not in str(error)
    else:
        assert result.valid or result.reasons
