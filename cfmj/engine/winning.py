"""Does a hand win, and what is it worth? The question the bots, the table and a Mah Jongg claim
ask, answered by looking the hand up on the card instead of reading it every way (validate.py).

Every block of a card hand holds at least one real tile unless jokers alone make it, so the tile
kinds a hand holds are the card hand's own, less any blocks of jokers alone. The card's hands are
kept by those kinds (`support_index`); a hand is looked up by its own, and by its own with the
tiles blocks of jokers alone may be named (the names the reading walk gives them: grouping.py),
and each hand found is held to the counts it allows: a Pair or a NEWS block all real tiles, a
Pung, Kong or Quint one real tile to all, an exposure exactly as it lies. What the shape does not
settle (jokers alone, house rule 3, skill levels) is judged by the rule modules `check` asks, once
for card hands alike in all they ask (`Traits`), and the dragon hands by their own matcher. The
answer is `check(...).best.value`, which tests hold it to (tests/engine/test_winning.py). `check`
takes its verdict from the same look-up (verdicts.py). Where a hand is unusual (an exposure of
jokers alone or one that is no Pung, Kong or Quint, winds with blocks of jokers alone, a table
allowing two NEWS blocks) it is read every way, as without the index (validate.judge).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache, lru_cache
from typing import NamedTuple

from .blocks import PUNG, Block
from .card import CardEntry, virtual_card
from .dragon_hands import NO_DRAGON_HAND, dragon_hand_matches
from .exposures import exposure_block
from .grouping import JOKER_BLOCKS, joker_name_sets
from .minimum_hand import minimum_hand_reasons
from .notation import Hand, read_hand
from .reasons import Reason
from .ruleset import RuleSet
from .scoring import bonuses_of_shape, hand_value
from .shapes import Shape
from .situation import Situation
from .skill_levels import kinds_of, skill_reasons
from .tiles import JOKER, NATURAL_KINDS, NEWS, WINDS
from .validate import Arrangement, evaluate_dragon_hand, judge

HAND_SIZE = 14
QUESTION = "a Mah Jongg hand"
MOST_JOKER_BLOCKS = 2  # eight jokers make two blocks of jokers alone at most (3 + 5, 4 + 4)


class Traits(NamedTuple):
    """All that a card hand's value and the table options' rules (house rule 3, skill levels) ask
    of it, one for card hands alike in all of it: a hand read as any of them is judged once."""

    category: str
    pattern: str
    bonus: int  # its bonuses won with an exposure
    concealed_bonus: int  # and concealed
    suit_bonus: bool
    tiles: tuple[int, ...]  # one such card hand's tiles (skill levels ask only `kinds_of` them)


class CardIndex(NamedTuple):
    """The card's hands (the dragon hands aside) by the tile kinds they hold, as a bit mask. Each
    is three integers: the fewest and the most real tiles of each kind it holds, packed as
    `Lookup` packs a hand's counts, and its place on the card; by place, its `Traits`."""

    by_support: dict[int, tuple[int, ...]]
    traits: tuple[Traits | None, ...]


_BUILT: list[CardIndex] = []  # the index, once support_index() has built it


@cache
def support_index() -> CardIndex:
    """The card's index (servers build it before they serve: game/warm.py)."""
    found: dict[int, list[int]] = {}
    traits: list[Traits | None] = []
    alike: dict[tuple[str, str, int, bool], Traits] = {}
    same: dict[tuple[object, ...], Traits] = {}  # one of each (most card hands are alike)
    for place, entry in enumerate(virtual_card().entries):
        if entry.pattern is None:
            traits.append(None)
            continue
        support = low = high = 0
        news = False
        for tile, size in entry.blocks:
            if tile == NEWS:
                news = True
                support |= _NEWS_BITS
                low += _NEWS_ONES
                high += _NEWS_ONES
            else:
                support |= 1 << tile
                low += (1 if size >= PUNG else size) << NIBBLE * tile
                high += size << NIBBLE * tile
        found.setdefault(support, []).extend((low, high | GUARDS, place))
        # Card hands of one category and pattern (so one count of each block size) with the same
        # tile kinds are alike in all Traits hold (tests/engine/test_winning.py checks them).
        key = (entry.category, entry.pattern, support, news)
        found_traits = alike.get(key)
        if found_traits is None:
            made = entry_traits(entry)
            found_traits = alike[key] = same.setdefault((*made[:5], kinds_of(made.tiles)), made)
        traits.append(found_traits)
    index = CardIndex({support: tuple(packed) for support, packed in found.items()}, tuple(traits))
    _BUILT.append(index)
    return index


def entry_traits(entry: CardEntry) -> Traits:
    """A card hand's Traits, worked out from it (held concealed, it earns the concealed bonus too)."""
    tiles = tuple([tile for tile, _ in entry.blocks])
    sizes = tuple([size for _, size in entry.blocks])
    earned = bonuses_of_shape(entry.category, tiles, sizes, concealed=True)
    concealed_bonus = sum(earned.values())
    bonus = concealed_bonus - earned["concealed"]
    return Traits(entry.category, entry.pattern or "", bonus, concealed_bonus, earned["suit"] > 0, tiles)


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


def built_index() -> CardIndex | None:
    """The index when this process has built it (servers do before they serve, as the card's
    shapes: game/warm.py), else None: the hand is then read every way, as `check` reads it."""
    return _BUILT[0] if _BUILT else None


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
    found = Lookup.of(hand, rules, bool(self_drawn))
    if found is not None:
        values = [arrangement.value or 0 for arrangement in found.dragon_hands() if arrangement.valid]
        return max([found.best_value(), *values]) or None
    best_reading = judge(hand, rules, self_drawn=bool(self_drawn)).best
    return None if best_reading is None else best_reading.value


class Fit(NamedTuple):
    """A card hand the hand fits, judged: its value and the table options' reasons against it (none:
    it wins), or None for reasons when a rule of the game refuses it (jokers alone where the table
    allows none)."""

    place: int
    alone: tuple[int, ...]  # the tiles its blocks of jokers alone are named
    value: int
    reasons: tuple[Reason, ...] | None


class Lookup:
    """A hand as the look-up reads it: its tile counts (an exposure's real tiles counted with the
    rest), the kinds it holds as a mask and its counts packed."""

    def __init__(self, hand: Hand, rules: RuleSet, self_drawn: bool, exposed: list[Block]) -> None:
        counts = [0] * (NATURAL_KINDS + 1)
        for tile in hand.concealed:
            counts[tile] += 1
        self.jokers = jokers = counts.pop()
        self.concealed = counts[:]
        self.exposed = exposed
        exposures = hand.exposures
        if exposures:
            jokerless = not jokers and not any(JOKER in group for group in exposures)
            self.situation = Situation(rules, self_drawn, jokerless, False, tuple(map(len, exposures)))
        else:
            self.situation = Situation(rules, self_drawn, not jokers, True)
        exposed_size: dict[int, int] = {}
        self.exposed_size = exposed_size
        clash = False  # a tile both exposed and held, or exposed twice: only a dragon hand has that
        for block in exposed:
            clash = clash or bool(counts[block.tile]) or block.tile in exposed_size
            exposed_size[block.tile] = block.size
            counts[block.tile] = block.size - block.jokers
        self.clash = clash
        self.counts = counts
        used = set(hand.concealed)
        used.update(exposed_size)
        used.discard(JOKER)
        self.used = kinds = tuple(sorted(used))
        support = held = 0
        for tile in kinds:
            support |= 1 << tile
            held += counts[tile] << NIBBLE * tile
        self.support, self.held = support, held

    @classmethod
    def of(cls, hand: Hand, rules: RuleSet, self_drawn: bool) -> Lookup | None:
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

    def fits(self) -> Iterator[tuple[int, tuple[int, ...]]]:
        """The places of the card hands whose counts allow the hand's (`_fitting`), each with the
        tiles its blocks of jokers alone are named."""
        if self.clash:
            return
        index = support_index().by_support
        for place in _fitting(index.get(self.support, ()), self.held):
            yield place, ()
        if self.jokers >= PUNG:
            for names, bits, alone in _joker_namings(self.used, self.jokers):
                for place in _fitting(index.get(self.support | bits, ()), self.held + alone):
                    yield place, names

    def judged(self) -> list[Fit]:
        """The card hands the hand can be read as (`_as_exposed`), each judged as `check` judges the
        reading (validate.evaluate_on_card): the rule modules asked once for card hands alike."""
        judged: dict[int, tuple[int, tuple[Reason, ...]]] = {}
        out = []
        for place, alone, alike in self._readable():
            if alike is None:
                out.append(Fit(place, alone, 0, None))
                continue
            found = judged.get(id(alike))
            if found is None:
                found = judged[id(alike)] = _judge(alike, self.situation)
            out.append(Fit(place, alone, *found))
        return out

    def best_value(self) -> int:
        """The highest value of the card hands the hand wins as (`judged`'s with no reasons), or 0:
        each kind of card hand (Traits) judged once, and no Fit made."""
        seen: set[int] = set()
        best = 0
        for _, _, alike in self._readable():
            if alike is None or id(alike) in seen:
                continue
            seen.add(id(alike))
            value, reasons = _judge(alike, self.situation)
            if not reasons and value > best:
                best = value
        return best

    def _readable(self) -> Iterator[tuple[int, tuple[int, ...], Traits | None]]:
        """The card hands whose counts fit (`fits`) that hold the exposures as they lie, each with its
        Traits, or None where its blocks of jokers alone are against the table's rules."""
        allowed = self.situation.rules.all_joker_blocks
        traits = support_index().traits
        entries = virtual_card().entries
        for place, alone in self.fits():
            if self.exposed_size and not _as_exposed(entries[place], self.exposed_size):
                continue
            if alone and not allowed:
                yield place, alone, None
                continue
            alike = traits[place]
            assert alike is not None  # the dragon hands are not in the index
            yield place, alone, alike

    def dragon_hands(self) -> list[Arrangement]:
        """The dragon hands' readings of the hand, judged, in the walk's order."""
        if self.support & NO_DRAGON_HAND:
            return []
        matches = dragon_hand_matches(self.concealed, self.jokers, self.exposed, relaxed=False)
        return [evaluate_dragon_hand(hand_id, blocks, self.situation) for hand_id, blocks in matches]

    def order(self, place: int, alone: tuple[int, ...]) -> tuple[object, ...]:
        """Where the walk (grouping.py) finds the reading of the hand as the card hand at `place`:
        the readings sort in the walk's order by it."""
        size_of = dict(virtual_card().entries[place].blocks)
        news = NEWS in size_of
        held = [tile for tile in self.used if self.concealed[tile] - (news and tile in WINDS)]
        sizes_held = tuple([size_of[tile] for tile in held if tile not in self.exposed_size])
        loose = sorted(alone, key=lambda tile: (size_of[tile], tile))
        left = sum(size_of[tile] for tile in loose)
        option = JOKER_BLOCKS[left].index(tuple(sorted(size_of[tile] for tile in loose))) if loose else 0
        return (news, sizes_held, option, tuple(loose))

    def reading(
        self, place: int, alone: tuple[int, ...]
    ) -> tuple[tuple[Block, ...], Shape, tuple[int, ...], tuple[int, ...]]:
        """The reading of the hand as the card hand at `place` (one `judged` gives), as the walk
        makes it (grouping.py: the exposures, a NEWS block, each kind held in tile order, then the
        blocks of jokers alone)."""
        entry = virtual_card().entries[place]
        size_of = dict(entry.blocks)
        news = NEWS in size_of
        blocks = [*self.exposed, *([Block(NEWS, 4)] if news else [])]
        for tile in self.used:
            held = self.concealed[tile] - (1 if news and tile in WINDS else 0)
            if held and tile not in self.exposed_size:
                size = size_of[tile]
                blocks.append(Block(tile, size, size - held))
        # The blocks of jokers alone, in the walk's order: by size, two of a size in tile order.
        loose = sorted(alone, key=lambda tile: (size_of[tile], tile))
        blocks += [Block(tile, size_of[tile], size_of[tile], -1) for tile in loose]
        shape = Shape(entry.category, entry.members, entry.pattern or "")
        return tuple(blocks), shape, tuple([b.tile for b in blocks]), tuple([b.size for b in blocks])


def _judge(alike: Traits, situation: Situation) -> tuple[int, tuple[Reason, ...]]:
    """The value of a reading as a card hand with these Traits, and the reasons the table's options
    refuse it, as validate._scored gives them."""
    rules = situation.rules
    earned = alike.concealed_bonus if situation.concealed else alike.bonus
    refused = minimum_hand_reasons(earned, situation, dragon_hand=False)
    refused += skill_reasons(
        alike.category, alike.pattern, (), alike.suit_bonus, situation, dragon_hand=False, tiles=alike.tiles
    )
    value = hand_value(rules.base + earned, self_drawn=situation.self_drawn, jokerless=situation.jokerless)
    return value, tuple(sorted(set(refused)))


def _as_exposed(entry: CardEntry, exposed_size: dict[int, int]) -> bool:
    """Whether a card hand whose counts fit (`_fitting`) has each exposed block as it lies (an
    exposed block is final). (Its blocks of jokers alone need no such test: a tile they are named
    counts one, which only a Pung, Kong or Quint allows, and they are never named winds, whose NEWS
    block would allow one too: Lookup.of.)"""
    size_of = dict(entry.blocks)
    return all(size_of.get(tile) == size for tile, size in exposed_size.items())


@lru_cache(maxsize=4096)  # a hand's kinds: hardly two hands alike, so a bounded cache
def _joker_namings(used: tuple[int, ...], jokers: int) -> tuple[tuple[tuple[int, ...], int, int], ...]:
    """The tiles one or two blocks of jokers alone may be named, given the tile kinds held (as the
    reading walk names them), each set of names once: with their bits in a support mask, and one
    real tile of each packed as a hand's counts are (a Pung, Kong or Quint of jokers alone passes
    `_fitting` as if it held one; `judged` takes it as jokers alone)."""
    kinds = frozenset(used)
    found: set[tuple[int, ...]] = set()
    for blocks in range(1, min(MOST_JOKER_BLOCKS, jokers // PUNG) + 1):
        found.update(joker_name_sets(kinds, blocks))
    return tuple(
        (names, sum(1 << tile for tile in names), sum(1 << NIBBLE * tile for tile in names))
        for names in sorted(found)
    )
