"""Hands for drills, made with the engine: a card entry picked for the band, held with jokers and
exposures the way card.random_hold holds it, then (for some drills) changed a little.

Bands: 1 = number categories only, no jokers, no exposures; 2 adds Winds hands and a few jokers
and exposures; 3 and up add the special dragon hands and more jokers and exposures.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from operator import itemgetter
from random import Random

from ..blocks import PUNG, QUINT, block_name
from ..card import CardEntry, hold, joker_bounds, virtual_card
from ..categories import (
    CONSECUTIVE_EVENS,
    CONSECUTIVE_ODDS,
    CONSECUTIVE_RUN,
    LIKE_NUMBERS,
    MULTIPLES_OF_THREE,
    WINDS,
)
from ..dragon_hands import DRAGONS_BREATH, DRAGONS_LOVE, DRAGONS_WINGS
from ..errors import InputError
from ..labels import category_label, pattern_label, set_label
from ..notation import Hand, validate_hand
from ..ruleset import RuleSet
from ..tiles import (
    DRAGON_SUIT,
    FLOWER,
    JOKER,
    MAX_COPIES,
    MAX_FLOWERS,
    MAX_JOKERS,
    NATURAL_KINDS,
    NEWS,
    is_dragon,
    is_number,
    name,
    suit_of,
)
from ..tiles import WINDS as WIND_TILES
from ..validate import Arrangement
from .scope import Scope, current

JOKER_CHANCE = {1: 0.0, 2: 0.15, 3: 0.3, 4: 0.4, 5: 0.5}
EXPOSE_CHANCE = {1: 0.0, 2: 0.1, 3: 0.2, 4: 0.3, 5: 0.35}
NUMBER_HANDS = (CONSECUTIVE_RUN, CONSECUTIVE_ODDS, CONSECUTIVE_EVENS, MULTIPLES_OF_THREE, LIKE_NUMBERS)
DRAGON_HANDS = (DRAGONS_LOVE, DRAGONS_WINGS, DRAGONS_BREATH)
CATEGORY_WEIGHTS = {
    CONSECUTIVE_RUN: 3.0,
    CONSECUTIVE_ODDS: 2.0,
    CONSECUTIVE_EVENS: 2.0,
    MULTIPLES_OF_THREE: 1.0,
    LIKE_NUMBERS: 1.5,
    WINDS: 1.5,
    DRAGONS_LOVE: 0.25,
    DRAGONS_WINGS: 0.25,
    DRAGONS_BREATH: 0.25,
}
MAX_PICKS = 500
_SIZE = itemgetter(1)  # of a block, (tile, size)


def band_categories(band: int) -> tuple[str, ...]:
    if band <= 1:
        return NUMBER_HANDS
    if band == 2:
        return (*NUMBER_HANDS, WINDS)
    return (*NUMBER_HANDS, WINDS, *DRAGON_HANDS)


@cache
def _by_category() -> dict[str, tuple[CardEntry, ...]]:
    found: dict[str, list[CardEntry]] = {}
    for entry in virtual_card().entries:
        found.setdefault(entry.category, []).append(entry)
    return {category: tuple(entries) for category, entries in found.items()}


def pick_entry(rng: Random, band: int, where: Callable[[CardEntry], bool] | None = None) -> CardEntry:
    """A card entry for the band: the category by weight, then any entry of it. Band 1 leaves out
    Quints (a Quint needs a joker). Within a scope (scope.current()), only entries it admits."""
    scope = current()
    if scope is not None and where is None:  # a slice kept once: rejection would miss a narrow scope's few
        return pick_where(rng, band, f"scope/{scope.entry_key}", scope.entry_ok)
    if scope is not None and where is not None:
        where = _both(scope.entry_ok, where)
    categories = band_categories(band)
    weights = [CATEGORY_WEIGHTS[c] for c in categories]
    by_category = _by_category()
    for _ in range(MAX_PICKS):
        category = rng.choices(categories, weights)[0]
        entry = rng.choice(by_category[category])
        if band <= 1 and any(size == QUINT for _, size in entry.blocks):
            continue
        if where is None or where(entry):
            return entry
    if scope is not None:  # a drill's own filter and what has been taught leave no entry
        raise InputError("No hand fits this drill within what has been taught so far.")
    raise RuntimeError("no card entry fits this drill")  # pragma: no cover - the card is large


_FILTERED: dict[str, dict[str, tuple[CardEntry, ...]]] = {}


def entries_where(
    key: str, where: Callable[[CardEntry], bool], among: dict[str, tuple[CardEntry, ...]] | None = None
) -> dict[str, tuple[CardEntry, ...]]:
    """The card entries that pass `where`, by category. Filtered once per process and kept
    under `key` (a focus asks for a narrow slice of the card; rejection sampling would miss).
    With `among`, a slice that holds every entry passing `where`, only its entries are read: the
    same entries, in the card's order, at the cost of the slice rather than the whole card."""
    if key not in _FILTERED:  # the card by category (_by_category, the card's order); filter() loops in C
        source = _by_category() if among is None else among
        found = {category: tuple(filter(where, entries)) for category, entries in source.items()}
        _FILTERED[key] = {category: entries for category, entries in found.items() if entries}
    return _FILTERED[key]


def _size(by_category: dict[str, tuple[CardEntry, ...]]) -> int:
    return sum(len(entries) for entries in by_category.values())


def _within(key: str, where: Callable[[CardEntry], bool], scope: Scope) -> str:
    """Keep the slice of `key` within the scope (both filters), read from the smaller of the
    scope's own slice and the key's (when that is kept already): a lesson step is a scope, and
    its every focus read the whole card again."""
    scoped = f"{key}/scope/{scope.entry_key}"
    if scoped not in _FILTERED:
        taught = entries_where(f"scope/{scope.entry_key}", scope.entry_ok)
        own = _FILTERED.get(key)
        if own is not None and _size(own) < _size(taught):
            entries_where(scoped, scope.entry_ok, among=own)
        else:
            entries_where(scoped, where, among=taught)
    return scoped


def pick_where(rng: Random, band: int, key: str, where: Callable[[CardEntry], bool]) -> CardEntry:
    """An entry passing `where`: the category by weight among the band's categories that have
    one (or, if none has, among all that have one), then any entry of it. Band 1 leaves out
    Quints, as pick_entry does (that slice is kept under `key` + "/band1", read from `key`'s)."""
    scope = current()
    if scope is not None and not key.startswith("scope/"):
        key = _within(key, where, scope)
    by_category = entries_where(key, where)
    if band <= 1:
        quintless = entries_where(f"{key}/band1", _no_quint, among=by_category)
        # Within a scope, a slice may need a Quint (Any Like Numbers before fillers are taught).
        if scope is None or quintless:
            key, by_category = f"{key}/band1", quintless
    if not by_category:
        raise RuntimeError(f"no card entry is {key}")  # pragma: no cover - a programming error
    categories = [c for c in band_categories(band) if c in by_category] or sorted(by_category)
    category = rng.choices(categories, [CATEGORY_WEIGHTS[c] for c in categories])[0]
    return rng.choice(by_category[category])


def _both(
    first: Callable[[CardEntry], bool], second: Callable[[CardEntry], bool]
) -> Callable[[CardEntry], bool]:
    return lambda entry: first(entry) and second(entry)


def has_quint(entry: CardEntry) -> bool:
    return QUINT in map(_SIZE, entry.blocks)  # read in C: card slices ask it of every entry


def _no_quint(entry: CardEntry) -> bool:
    return not has_quint(entry)


def suit_bonus_possible(entry: CardEntry) -> bool:
    """Does the entry earn the suit bonus (RULES 3): a number category but Any Like Numbers, one
    suit, nothing but numbers and dragons of that suit's colour?"""
    if entry.category not in NUMBER_HANDS or entry.category == LIKE_NUMBERS:
        return False
    suits = {suit_of(t) for t, _ in entry.blocks if is_number(t)}
    return len(suits) == 1 and all(
        is_number(t) or (is_dragon(t) and DRAGON_SUIT[t] in suits) for t, _ in entry.blocks
    )


@dataclass(frozen=True)
class Blk:
    """One block as held: NEWS is tile NEWS (the four winds, never jokers)."""

    tile: int
    size: int
    jokers: int = 0
    exposed: bool = False

    def tiles(self) -> list[int]:
        if self.tile == NEWS:
            return list(WIND_TILES)
        return [self.tile] * (self.size - self.jokers) + [JOKER] * self.jokers

    @property
    def exposable(self) -> bool:
        return self.size >= PUNG and self.tile != NEWS


def layout(entry: CardEntry, rng: Random, *, joker_chance: float, expose_chance: float) -> list[Blk]:
    """Jokers and exposures per block, drawn as card.random_hold draws them; held with card.hold.
    Within a scope, no exposure before exposures are taught and no block of jokers alone before
    those are."""
    bounds = joker_bounds(entry)
    scope = current()
    if scope is not None:
        sizes = [size for _, size in entry.blocks]
        bounds = [
            (low, scope.joker_cap(size, low, high)) for (low, high), size in zip(bounds, sizes, strict=True)
        ]
        if not scope.exposures:
            expose_chance = 0.0
    jokers = []
    for low, high in bounds:
        count = low
        while count < high and rng.random() < joker_chance:
            count += 1
        jokers.append(count)
    while sum(jokers) > MAX_JOKERS:
        shrinkable = [i for i, (low, _) in enumerate(bounds) if jokers[i] > low]
        jokers[rng.choice(shrinkable)] -= 1
    exposed = [size >= PUNG and tile != NEWS and rng.random() < expose_chance for tile, size in entry.blocks]
    hold(entry, jokers=jokers, exposed=exposed)  # the engine's own check that this is a legal holding
    return [Blk(tile, size, j, e) for (tile, size), j, e in zip(entry.blocks, jokers, exposed, strict=True)]


def band_layout(entry: CardEntry, rng: Random, band: int, *, exposures: bool = True) -> list[Blk]:
    return layout(
        entry, rng, joker_chance=JOKER_CHANCE[band], expose_chance=EXPOSE_CHANCE[band] if exposures else 0.0
    )


def build(blocks: list[Blk], extra: tuple[int, ...] = ()) -> Hand:
    """The hand holding these blocks (exposed ones in brackets), plus `extra` concealed tiles."""
    concealed = list(extra)
    exposures = []
    for block in blocks:
        if block.exposed:
            exposures.append(tuple(sorted(block.tiles())))
        else:
            concealed += block.tiles()
    return Hand(tuple(sorted(concealed)), tuple(sorted(exposures)))


def fits(hand: Hand, rules: RuleSet | None = None) -> bool:
    """Could the table's tile set hold this hand (at most four of a tile, and eight flowers and
    eight jokers, or four of each in a 144-tile set)?"""
    rules = rules or RuleSet()
    try:
        validate_hand(hand, max_jokers=rules.max_jokers, max_flowers=rules.max_flowers)
    except InputError:
        return False
    return True


def room_for(tile: int, held: Counter[int]) -> bool:
    limit = MAX_JOKERS if tile == JOKER else MAX_FLOWERS if tile == FLOWER else MAX_COPIES
    return held[tile] < limit


def random_tile(rng: Random, held: Counter[int], avoid: set[int] | frozenset[int] = frozenset()) -> int:
    """A natural tile the set still has a copy of, outside `avoid`."""
    options = [t for t in range(NATURAL_KINDS) if t not in avoid and room_for(t, held)]
    return rng.choice(options)


def replace_tiles(hand: Hand, rng: Random, count: int, *, keep_jokers: bool = True) -> Hand:
    """Swap `count` concealed tiles (jokers stay, if asked) for other tiles still in the set."""
    concealed = list(hand.concealed)
    spots = [i for i, t in enumerate(concealed) if t != JOKER or not keep_jokers]
    held = Counter(hand.tiles)
    for index in rng.sample(spots, min(count, len(spots))):
        old = concealed[index]
        new = random_tile(rng, held, avoid={old})
        held[old] -= 1
        held[new] += 1
        concealed[index] = new
    return Hand(tuple(sorted(concealed)), hand.exposures)


def without(hand: Hand, tile: int) -> Hand:
    concealed = list(hand.concealed)
    concealed.remove(tile)
    return Hand(tuple(concealed), hand.exposures)


def with_tile(hand: Hand, tile: int) -> Hand:
    return Hand(tuple(sorted((*hand.concealed, tile))), hand.exposures)


def hand_name(category: str, members: tuple[str, ...] | list[str], pattern: str | None) -> str:
    """'Consecutive Run 4-5-6 in Two Pungs and Two Kongs'; a dragon hand by its name alone."""
    words = category_label(category)
    if members:
        words += f" {set_label(tuple(members))}"
    if pattern:
        words += f" in {pattern_label(pattern)}"
    return words


def block_words(tile: int, size: int, jokers: int = 0, exposed: bool = False) -> str:
    """'Kong of 5 Crak (1 joker, exposed)'."""
    if tile == NEWS:
        words = "NEWS (one of each wind)"
    elif tile == JOKER:
        words = f"{block_name(size)} of jokers"
    else:
        words = f"{block_name(size)} of {name(tile)}"
    notes = []
    if jokers and tile != JOKER:
        notes.append(f"{jokers} joker{'s' if jokers > 1 else ''}")
    if exposed:
        notes.append("exposed")
    return words + (f" ({', '.join(notes)})" if notes else "")


def reading(arrangement: Arrangement) -> str:
    """'Consecutive Run 4-5-6 in Two Pungs and Two Kongs. Its blocks: Pung of 4 Crak, ...': the
    hand's name, then (a sentence of its own, as detail) its blocks."""
    blocks = ", ".join(
        block_words(b.tile, b.size, b.jokers, b.exposed) for b, _ in arrangement.ordered_blocks()
    )
    title = hand_name(arrangement.category or "", arrangement.members, arrangement.pattern)
    return f"{title}. Its blocks: {blocks}"


def reading_rules(arrangement: Arrangement) -> tuple[str, ...]:
    if arrangement.dragon_hand:
        return ("2.6",)
    fillers = any(not in_set for in_set in arrangement.in_set)
    return ("2.2", "2.3", *(("2.4",) if fillers else ()))
