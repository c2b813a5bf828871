"""Does a hand win, and what is it worth? The question the bots, the table and a Mah Jongg claim
ask, answered by looking the hand up on the card instead of reading it every way (validate.py).

Every block of a card hand holds at least one real tile unless jokers alone make it, so the tile
kinds a hand holds are the card hand's own, less any blocks of jokers alone. The card's hands are
kept by those kinds (`support_index`); a hand is looked up by its own, and by its own with the
tiles blocks of jokers alone may be named (the names the reading walk gives them: grouping.py),
and each hand found is held to the counts it allows: a Pair or a NEWS block all real tiles, a
Pung, Kong or Quint one real tile to all, an exposure exactly as it lies. What the shape does not
settle (jokers alone, house rule 3, skill levels) is judged by the rule modules `check` asks, and
the dragon hands by their own matcher. The answer is `check(...).best.value`, which tests hold it
to (tests/engine/test_winning.py). `check` itself takes a winning hand's readings from the same
look-up (`winning_readings`), each made into the reading the walk would make. Where a hand is
unusual (an exposure of jokers alone or one that is no Pung, Kong or Quint, winds with blocks of
jokers alone, a table allowing two NEWS blocks, more than MANY_READINGS readings) it is read
every way, as without the index (validate.judge).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import islice

from .blocks import PUNG, Block
from .card import CardEntry, virtual_card
from .dragon_hands import dragon_hand_matches
from .exposures import exposure_block
from .grouping import JOKER_BLOCKS, joker_block_names
from .minimum_hand import minimum_hand_reasons
from .notation import Hand, read_hand
from .ruleset import RuleSet
from .scoring import bonuses_of_shape, hand_value
from .shapes import Shape
from .situation import Situation
from .skill_levels import skill_reasons
from .tiles import JOKER, NATURAL_KINDS, NEWS, WINDS
from .validate import Arrangement, evaluate_dragon_hand, evaluate_on_card, judge

HAND_SIZE = 14
QUESTION = "a Mah Jongg hand"
MOST_JOKER_BLOCKS = 2
# Readings found past which `check` walks the hand (validate.py) instead: it judges a losing hand's
# readings once more to explain it, and a hand with this many has eight jokers, named many ways.
MANY_READINGS = 12  # eight jokers make two blocks of jokers alone at most (3 + 5, 4 + 4)


@cache
def support_index() -> dict[int, tuple[int, ...]]:
    """The card's hands (the dragon hands aside) by the tile kinds they hold, as a bit mask. Each
    is three integers: the fewest and the most real tiles of each kind it holds, packed as
    `_looked_up` packs a hand's counts, and its place on the card."""
    found: dict[int, list[int]] = {}
    for place, entry in enumerate(virtual_card().entries):
        if entry.pattern is None:
            continue
        support = low = high = 0
        for tile, size in entry.blocks:
            if tile == NEWS:
                support |= _NEWS_BITS
                low += _NEWS_ONES
                high += _NEWS_ONES
            else:
                support |= 1 << tile
                low += (1 if size >= PUNG else size) << NIBBLE * tile
                high += size << NIBBLE * tile
        found.setdefault(support, []).extend((low, high | GUARDS, place))
    return {support: tuple(packed) for support, packed in found.items()}


# A count per tile kind in one integer, five bits each: four for the count and a guard bit above
# it, so that one subtraction compares every kind's count at once (a guard that stays set says
# that kind's count was not below the other's).
NIBBLE = 5
GUARDS = sum(16 << NIBBLE * tile for tile in range(NATURAL_KINDS))
_NEWS_BITS = sum(1 << wind for wind in WINDS)
_NEWS_ONES = sum(1 << NIBBLE * wind for wind in WINDS)


def _fitting(packed: tuple[int, ...], held: int) -> list[int]:
    """The places of the card hands in `packed` whose counts allow the `held` counts."""
    guarded = held | GUARDS
    return [
        packed[i + 2]
        for i in range(0, len(packed), 3)
        if (guarded - packed[i]) & GUARDS == GUARDS and (packed[i + 1] - held) & GUARDS == GUARDS
    ]


def built_index() -> dict[int, tuple[int, ...]] | None:
    """The index when this process has built it (servers do before they serve, as the card's
    shapes: game/warm.py), else None: the hand is then read every way, as `check` reads it."""
    return support_index() if support_index.cache_info().currsize else None


def winning_value(
    hand: str | Hand,
    *,
    self_drawn: bool = False,
    rules: RuleSet | None = None,
) -> int | None:
    """The value `check` gives the hand (`check(...).best.value`), or None when it does not win.
    Raises InputError for malformed input, as `check` does."""
    rules = rules or RuleSet()
    hand = read_hand(hand, sizes=(HAND_SIZE,), rules=rules, question=QUESTION)
    found = looked_up(hand, rules, self_drawn=bool(self_drawn))
    if found is not None:
        return found or None
    best = judge(hand, rules, self_drawn=bool(self_drawn)).best
    return None if best is None else best.value


def looked_up(hand: Hand, rules: RuleSet, *, self_drawn: bool) -> int | None:
    """The best value the card gives the (well-formed) hand, 0 when it does not win, or None when
    the index is not built or the hand is one to read every way (validate.py)."""
    found = _Lookup.of(hand, rules, self_drawn)
    if found is None:
        return None
    best = max((arrangement.value or 0 for arrangement in found.dragon_hands()), default=0)
    for entry, alone in found.fits():
        value = _value(entry, found.exposed_size, alone, found.situation)
        best = max(best, value)
    return best


def winning_readings(hand: Hand, rules: RuleSet, *, self_drawn: bool) -> list[Arrangement] | None:
    """The hand's winning readings as `check` finds them (validate.judge: each judged by the same
    rule modules, in the order its walk gives them, then the dragon hands'), empty when it does not
    win; None when the index is not built, or the hand is one to read every way or has more than
    MANY_READINGS on the card."""
    found = _Lookup.of(hand, rules, self_drawn)
    if found is None:
        return None
    fits = list(islice(found.fits(), MANY_READINGS + 1))
    if len(fits) > MANY_READINGS:
        return None  # blocks of jokers alone named many ways: the walk reads them at the same cost
    ordered = []
    for entry, alone in fits:
        reading = found.reading(entry, alone)
        if reading is not None:
            arrangement = evaluate_on_card(reading[1], found.situation, *reading[2:])
            if arrangement.valid:
                ordered.append((reading[0], arrangement))
    ordered.sort(key=lambda pair: pair[0])
    return [arrangement for _, arrangement in ordered] + found.dragon_hands()


class _Lookup:
    """A hand as the look-up reads it: its tile counts (an exposure's real tiles counted with the
    rest), the kinds it holds as a mask and its counts packed."""

    def __init__(self, hand: Hand, rules: RuleSet, self_drawn: bool, exposed: list[Block]) -> None:
        counts = [0] * (NATURAL_KINDS + 1)
        for tile in hand.concealed:
            counts[tile] += 1
        self.jokers = counts.pop()
        self.concealed = list(counts)
        self.exposed = exposed
        self.situation = Situation(
            rules, self_drawn, hand.jokers == 0, not hand.exposures, tuple(map(len, hand.exposures))
        )
        self.exposed_size: dict[int, int] = {}
        self.clash = False  # a tile both exposed and held, or exposed twice: only a dragon hand has that
        for block in exposed:
            self.clash = self.clash or bool(counts[block.tile]) or block.tile in self.exposed_size
            self.exposed_size[block.tile] = block.size
            counts[block.tile] = block.size - block.jokers
        self.counts = counts
        self.used = tuple(sorted({*hand.concealed, *self.exposed_size} - {JOKER}))
        self.support = self.held = 0
        for tile in self.used:
            self.support |= 1 << tile
            self.held += counts[tile] << NIBBLE * tile

    @classmethod
    def of(cls, hand: Hand, rules: RuleSet, self_drawn: bool) -> _Lookup | None:
        """The look-up, or None when the index is not built or the hand is one to read every way:
        an exposure of jokers alone or one that is no Pung, Kong or Quint, winds held with blocks of
        jokers alone possible (a NEWS block changes which tiles name them), two NEWS blocks allowed."""
        if built_index() is None or rules.max_news_blocks != 1:
            return None
        exposed: list[Block] = []
        for number, group in enumerate(hand.exposures):
            block = exposure_block(number, group)
            if not isinstance(block, Block) or block.tile in (JOKER, NEWS) or block.size < PUNG:
                return None
            exposed.append(block)
        found = cls(hand, rules, self_drawn, exposed)
        if found.jokers >= PUNG and any(found.counts[wind] for wind in WINDS):
            return None
        return found

    def fits(self) -> Iterator[tuple[CardEntry, tuple[int, ...]]]:
        """The card hands whose counts allow the hand's (`_fitting`), each with the tiles its blocks
        of jokers alone are named."""
        if self.clash:
            return
        index = support_index()
        entries = virtual_card().entries
        for place in _fitting(index.get(self.support, ()), self.held):
            yield entries[place], ()
        if self.jokers >= PUNG:
            for names, bits, alone in _joker_namings(self.used, self.jokers):
                for place in _fitting(index.get(self.support | bits, ()), self.held + alone):
                    yield entries[place], names

    def dragon_hands(self) -> list[Arrangement]:
        found = []
        for hand_id, blocks in dragon_hand_matches(self.concealed, self.jokers, self.exposed, relaxed=False):
            arrangement = evaluate_dragon_hand(hand_id, blocks, self.situation)
            if arrangement.valid:
                found.append(arrangement)
        return found

    def reading(
        self, entry: CardEntry, alone: tuple[int, ...]
    ) -> tuple[tuple[object, ...], tuple[Block, ...], Shape, tuple[int, ...], tuple[int, ...]] | None:
        """The reading of the hand as this card hand, as the walk makes it (grouping.py: the
        exposures, a NEWS block, each kind held in tile order, then the blocks of jokers alone), with
        the place the walk gives it; None when the card hand cannot be read so (`_holds`)."""
        size_of = dict(entry.blocks)
        if not _holds(size_of, alone, self.exposed_size):
            return None
        news = NEWS in size_of
        blocks = [*self.exposed, *([Block(NEWS, 4)] if news else [])]
        sizes_held = []
        for tile in self.used:
            held = self.concealed[tile] - (1 if news and tile in WINDS else 0)
            if held and tile not in self.exposed_size:
                size = size_of[tile]
                blocks.append(Block(tile, size, size - held))
                sizes_held.append(size)
        # The blocks of jokers alone, in the walk's order: by the sizes the jokers left make
        # (_JOKER_BLOCKS), two of a size named in tile order.
        loose = sorted(alone, key=lambda tile: (size_of[tile], tile))
        left = sum(size_of[tile] for tile in loose)
        option = JOKER_BLOCKS[left].index(tuple(sorted(size_of[tile] for tile in loose))) if loose else 0
        blocks += [Block(tile, size_of[tile], size_of[tile], -1) for tile in loose]
        place = (news, tuple(sizes_held), option, tuple(loose))
        shape = Shape(entry.category, entry.members, entry.pattern or "")
        return place, tuple(blocks), shape, tuple([b.tile for b in blocks]), tuple([b.size for b in blocks])


def _value(
    entry: CardEntry, exposed_size: dict[int, int], alone: tuple[int, ...], situation: Situation
) -> int:
    """The value of the hand read as this card hand, whose counts it fits (`_fitting`), or 0 when
    it cannot be read so or a rule refuses it."""
    if not _holds(dict(entry.blocks), alone, exposed_size):
        return 0
    rules = situation.rules
    if alone and not rules.all_joker_blocks:
        return 0
    category, pattern = entry.category, entry.pattern
    tiles = tuple([tile for tile, _ in entry.blocks])
    sizes = tuple([size for _, size in entry.blocks])
    earned = bonuses_of_shape(category, tiles, sizes, concealed=situation.concealed)
    points = rules.base + sum(earned.values())
    if minimum_hand_reasons(points - rules.base, situation, dragon_hand=False) or skill_reasons(
        category, pattern, (), earned["suit"] > 0, situation, dragon_hand=False, tiles=tiles
    ):
        return 0
    return hand_value(points, self_drawn=situation.self_drawn, jokerless=situation.jokerless)


def _holds(size_of: dict[int, int], alone: tuple[int, ...], exposed_size: dict[int, int]) -> bool:
    """Whether a card hand whose counts fit (`_fitting`), its blocks' sizes by tile (NEWS under its
    own key), has a Pung, Kong or Quint of each tile jokers alone are named, and each exposed block
    as it lies (an exposed block is final)."""
    return all(size_of.get(tile, 0) >= PUNG for tile in alone) and all(
        size_of.get(tile) == size for tile, size in exposed_size.items()
    )


@cache
def _joker_namings(used: tuple[int, ...], jokers: int) -> tuple[tuple[tuple[int, ...], int, int], ...]:
    """The tiles one or two blocks of jokers alone may be named, given the tile kinds held (as the
    reading walk names them), each set of names once: with their bits in a support mask, and one
    real tile of each packed as a hand's counts are (a Pung, Kong or Quint of jokers alone passes
    `_fitting` as if it held one; `_value` holds it to being jokers alone)."""
    used_blocks = tuple(Block(tile, 2) for tile in used)
    found: set[tuple[int, ...]] = set()
    for blocks in range(1, min(MOST_JOKER_BLOCKS, jokers // PUNG) + 1):
        found.update(tuple(sorted(names)) for names in joker_block_names(used_blocks, blocks, relaxed=False))
    return tuple(
        (names, sum(1 << tile for tile in names), sum(1 << NIBBLE * tile for tile in names))
        for names in sorted(found)
    )
