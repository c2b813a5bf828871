"""Ways to split a hand into blocks.

Each natural tile kind forms one block (its copies plus any jokers), except that N E W S may
give one of each to a NEWS block. Jokers left over form blocks of their own, which are named
after the tiles that could complete a set. The rules modules then judge each grouping.

Strict mode proposes only groupings that could be legal. Relaxed mode adds near misses (a lone
tile, a joker in a Pair, a tile split in two, a tile joining its exposure, any block sizes) so
that an invalid hand can be explained by the arrangement nearest to legal.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
from itertools import combinations, combinations_with_replacement, permutations, product

from . import budget
from .blocks import Block
from .categories import NUMBER_SETS, WIND_SETS
from .patterns import PATTERNS
from .tiles import (
    DRAGONS,
    FLOWER,
    JOKER,
    NEWS,
    WINDS,
    is_number,
    is_wind,
    number_of,
    number_tile,
    suit_of,
)

Plan = tuple[tuple[int, int], ...]  # the blocks one tile kind makes: (size, jokers) each
MERGE = -1  # a plan marker: the tiles join the exposed block of the same tile

_STRICT: dict[int, tuple[Plan, ...]] = {
    1: (((3, 2),), ((4, 3),), ((5, 4),)),
    2: (((2, 0),), ((3, 1),), ((4, 2),), ((5, 3),)),
    3: (((3, 0),), ((4, 1),), ((5, 2),)),
    4: (((4, 0),), ((5, 1),)),
}
# A joker pairing a lone tile comes before the tile left alone: a reading with every tile in a
# block can be judged whole, so it is more often the nearest (and the search has a fixed budget).
_RELAXED: dict[int, tuple[Plan, ...]] = {
    1: (((2, 1),), ((1, 0),)),
    4: (((2, 0), (2, 0)),),
}
# Leftover jokers -> the sizes of the all-joker blocks they can make.
JOKER_BLOCKS: dict[int, tuple[tuple[int, ...], ...]] = {
    0: ((),),
    3: ((3,),),
    4: ((4,),),
    5: ((5,),),
    6: ((3, 3),),
    7: ((3, 4),),
    8: ((4, 4), (3, 5)),
}
_RELAXED_JOKER_BLOCKS: dict[int, tuple[tuple[int, ...], ...]] = {1: ((1,),), 2: ((2,),)}
MAX_SLIPS = 2  # relaxed choices per grouping: a near miss is a step or two from legal
RELAXED_NAMINGS = 4  # namings of the all-joker blocks tried per relaxed grouping


def _sub_multisets() -> frozenset[tuple[int, ...]]:
    found: set[tuple[int, ...]] = set()
    for sizes in PATTERNS.values():
        for n in range(len(sizes) + 1):
            for combo in combinations_with_replacement(sorted(set(sizes)), n):
                if all(combo.count(s) <= sizes.count(s) for s in combo):
                    found.add(combo)
    return frozenset(found)


_PATTERN_PARTS = _sub_multisets()


Emit = Callable[[tuple[Block, ...], int, bool], bool]  # (grouping, slips, fresh) -> go on?


def groupings(
    counts: list[int],
    jokers: int,
    exposed: list[Block],
    *,
    relaxed: bool,
    max_news: int = 1,
    max_slips: int = MAX_SLIPS,
    lone: bool = True,
    limit: int | None = None,
) -> list[tuple[Block, ...]]:
    """Every grouping of the concealed tiles `counts` (per tile kind) and `jokers`, with the
    exposed blocks as they are (the first `limit` of them, when given). All-joker exposures
    carry the placeholder tile JOKER.

    `lone=False` leaves out the relaxed groupings where a tile or a joker stands alone."""
    found: list[tuple[Block, ...]] = []

    def keep(blocks: tuple[Block, ...], slips: int, fresh: bool) -> bool:
        found.append(blocks)
        return limit is None or len(found) < limit

    if limit is None or limit > 0:
        walk_groupings(
            counts, jokers, exposed, keep, relaxed=relaxed, max_news=max_news, max_slips=max_slips, lone=lone
        )
    return found


def walk_groupings(
    counts: list[int],
    jokers: int,
    exposed: list[Block],
    emit: Emit,
    *,
    relaxed: bool,
    max_news: int = 1,
    max_slips: int = MAX_SLIPS,
    lone: bool = True,
    open_slips: list[bool] | None = None,
) -> None:
    """Walk the groupings, handing each to `emit` with how many relaxed choices (slips) it took
    and whether all of them came with its start (a second NEWS, three winds and a joker), until
    `emit` answers False. One walk serves a caller that wants so many of each number of slips.

    `open_slips[n]`, when given, says whether the caller still wants groupings of n slips (it may
    change it as they come): the walk leaves out the branches that can only give unwanted ones.
    (A walk by calls, not generators: a grouping handed up through a generator per tile kind
    cost more than judging it.)"""
    if not relaxed and 2 * _lone_tiles(counts) > jokers:
        return  # a tile held once needs two jokers at least in a legal grouping: there is none
    fixed = [b for b in exposed if b.tile != JOKER]
    open_exposed = [b for b in exposed if b.tile == JOKER]
    if not relaxed and not jokers and not open_exposed:
        _without_jokers(counts, fixed, emit, max_news=max_news, lone=lone)
        return
    search = _Search(counts, open_exposed, relaxed, max_slips, {b.tile: i for i, b in enumerate(fixed)}, lone)
    search.open_slips = open_slips
    search.emit = emit
    news_limit = max(max_news, 2) if relaxed else max_news
    for news in range(news_limit + 1):
        if news and any(counts[w] < news for w in WINDS):
            break
        left = list(counts)
        for w in WINDS:
            left[w] -= news
        if not search.run(left, jokers, fixed + [Block(NEWS, 4)] * news, 1 if news > max_news else 0):
            return
    present = [w for w in WINDS if counts[w]]
    if relaxed and len(present) == len(WINDS) - 1 and jokers:
        # A near miss worth naming: three winds and a joker standing in for the fourth.
        left = list(counts)
        for w in present:
            left[w] -= 1
        search.run(left, jokers - 1, [*fixed, Block(NEWS, 4, 1)], 1)


def _without_jokers(counts: list[int], fixed: list[Block], emit: Emit, *, max_news: int, lone: bool) -> None:
    """The strict walk for a hand with no joker to place: each tile kind has one plan at most (its
    copies as one block), so each number of NEWS blocks gives one grouping or none, in the order
    the walk would give them."""
    exposed_at = {b.tile for b in fixed}
    for news in range(max_news + 1):
        if news and any(counts[w] < news for w in WINDS):
            break
        blocks = [*fixed, *[Block(NEWS, 4)] * news]
        for tile, count in enumerate(counts):
            held = count - news if news and tile in WINDS else count
            if not held:
                continue
            without = [
                made
                for _, _, used, _, made in _tile_plans(tile, held, False, tile in exposed_at, lone)
                if not used
            ]
            if not without:
                break  # this tile cannot make a block without jokers
            blocks += without[0]
        else:
            if _grown((), tuple(b.size for b in blocks)) is not None and not emit(tuple(blocks), 0, True):
                return


def _lone_tiles(counts: list[int]) -> int:
    """How many tile kinds are held once, at the least: a wind held once may go to a NEWS block
    when all four are held, so it is not counted then."""
    lone = counts.count(1)
    if all(counts[w] for w in WINDS):
        lone -= sum(1 for w in WINDS if counts[w] == 1)
    return lone


@cache
def _plans(
    is_flower: bool, count: int, relaxed: bool, has_exposure: bool, lone: bool = True
) -> tuple[tuple[Plan, bool, int, tuple[int, ...]], ...]:
    """The plans for one tile kind: each with whether it is a slip (breaks a rule), the jokers
    it takes and its block sizes (without `lone`, none that leaves a tile alone)."""
    if is_flower:
        strict: tuple[Plan, ...] = (((2, 0),),) if count == 2 else ()
        slips: tuple[Plan, ...] = ()
        if count == 1:
            slips = (((2, 1),), ((1, 0),))
        elif count != 2:
            slips = (((count, 0),),)
        if count >= 4:
            slips += (((2, 0), (count - 2, 0)),)
    else:
        strict, slips = _STRICT[count], _RELAXED.get(count, ())
    if has_exposure:
        slips += (((MERGE, 0),),)
    if not lone:
        slips = tuple(plan for plan in slips if all(size != 1 for size, _ in plan))
    chosen = [(p, False) for p in strict] + ([(p, True) for p in slips] if relaxed else [])
    return tuple(
        (plan, slip, sum(j for _, j in plan), tuple(size for size, _ in plan)) for plan, slip in chosen
    )


class _Search:
    """Depth-first over tile kinds, choosing a plan for each; what stays fixed lives here."""

    def __init__(
        self,
        counts: list[int],
        open_exposed: list[Block],
        relaxed: bool,
        max_slips: int,
        exposed_at: dict[int, int],
        lone: bool,
    ) -> None:
        self.open_exposed = open_exposed
        self.open_loose = tuple((b.size, b.jokers, b.exposure) for b in open_exposed)
        self.lone = lone
        self.relaxed = relaxed
        self.max_slips = max_slips
        self.exposed_at = exposed_at  # tile -> index of its exposed block in `blocks`
        self.counts = counts
        self.open_slips: list[bool] | None = None
        self.emit: Emit = lambda blocks, slips, fresh: True
        self.budget = budget.current()

    def run(self, counts: list[int], jokers: int, blocks: list[Block], slips: int) -> bool:
        """Walk from these blocks; False once `emit` has asked to stop."""
        self.counts = counts
        self.start_slips = slips
        # The tile kinds held, each with its plans (looked up once per walk, not once per branch).
        relaxed, exposed_at, lone = self.relaxed, self.exposed_at, self.lone
        self.tiles = [t for t, count in enumerate(counts) if count]
        self.plans = [_tile_plans(t, counts[t], relaxed, t in exposed_at, lone) for t in self.tiles]
        sizes: tuple[int, ...] | None = None
        if not self.relaxed:  # strict: the block sizes so far must be part of some pattern
            sizes = _grown((), tuple(b.size for b in blocks + self.open_exposed))
            if sizes is None:
                return True
            self.room = _joker_room(tuple((t == FLOWER, counts[t], t in self.exposed_at) for t in self.tiles))
        return self._extend(0, jokers, blocks, slips, sizes)

    def _extend(
        self, index: int, jokers: int, blocks: list[Block], slips: int, sizes: tuple[int, ...] | None
    ) -> bool:
        if self.budget is not None:
            self.budget.spend()  # a caller's time budget (budget.py)
        if sizes is not None and jokers not in self.room[index]:
            return True  # strict: the tiles left cannot take these jokers (nor leave a block of them)
        wanted = self.open_slips
        if wanted is not None and not (any(wanted[slips:]) or (slips == self.start_slips and wanted[0])):
            return True  # every grouping from here has a number of slips the caller has enough of
        if index == len(self.tiles):
            return self._finish(jokers, blocks, slips, sizes)
        for plan, slip, used, plan_sizes, plan_blocks in self.plans[index]:
            if (slip and slips >= self.max_slips) or used > jokers:
                continue
            now = slips + slip
            if plan[0][0] == MERGE:
                tile = self.tiles[index]
                exposed_same = self.exposed_at[tile]
                old = blocks[exposed_same]
                grown = Block(tile, old.size + self.counts[tile], old.jokers, old.exposure)
                merged = [*blocks[:exposed_same], grown, *blocks[exposed_same + 1 :]]
                if not self._extend(index + 1, jokers, merged, now, sizes):
                    return False
                continue
            grown_sizes = None
            if sizes is not None:
                grown_sizes = _grown(sizes, plan_sizes)
                if grown_sizes is None:
                    continue
            new = [*blocks, *plan_blocks]
            if not self._extend(index + 1, jokers - used, new, now, grown_sizes):
                return False
        return True

    def _finish(self, jokers: int, blocks: list[Block], slips: int, sizes: tuple[int, ...] | None) -> bool:
        options = [(joker_sizes, slips) for joker_sizes in JOKER_BLOCKS.get(jokers, ())]
        if self.relaxed and slips < self.max_slips and (self.lone or jokers != 1):
            options += [(joker_sizes, slips + 1) for joker_sizes in _RELAXED_JOKER_BLOCKS.get(jokers, ())]
        wanted = self.open_slips
        for joker_sizes, now in options:
            if sizes is not None and _grown(sizes, joker_sizes) is None:
                continue
            if wanted is not None and not (wanted[now] or (now == self.start_slips and wanted[0])):
                continue
            natural = tuple(blocks)
            loose = tuple((s, s, -1) for s in joker_sizes) + self.open_loose
            if not loose:
                if not self.emit(natural, now, now == self.start_slips):
                    return False
                continue
            named = joker_block_names(natural, len(loose), relaxed=self.relaxed)
            # A near miss needs a few namings, not every one: the search moves on to other
            # groupings (other slips) sooner. Strict: two Kongs of jokers named RD, GD or GD, RD are
            # one reading, judged once.
            named = named[:RELAXED_NAMINGS] if self.relaxed else _distinct_namings(named, loose)
            for named_blocks in _named_blocks(named, loose):
                if not self.emit(natural + named_blocks, now, now == self.start_slips):
                    return False
        return True


@cache
def _tile_plans(
    tile: int, count: int, relaxed: bool, has_exposure: bool, lone: bool
) -> tuple[tuple[Plan, bool, int, tuple[int, ...], tuple[Block, ...]], ...]:
    """_plans for one tile, each with its blocks made once (blocks are immutable: shared)."""
    return tuple(
        (plan, slip, used, sizes, tuple(Block(tile, size, j) for size, j in plan))
        for plan, slip, used, sizes in _plans(tile == FLOWER, count, relaxed, has_exposure, lone)
    )


@lru_cache(maxsize=1024)
def _distinct_namings(
    named: tuple[tuple[int, ...], ...], loose: tuple[tuple[int, int, int], ...]
) -> tuple[tuple[int, ...], ...]:
    """The namings of the `loose` joker blocks (size, jokers, exposure) that give different
    blocks, the first of each kept (the readings a later one gives are the same readings)."""
    seen: set[tuple[tuple[int, int, int, int], ...]] = set()
    kept = []
    for names in named:
        blocks = tuple(sorted((tile, *block) for tile, block in zip(names, loose, strict=True)))
        if blocks not in seen:
            seen.add(blocks)
            kept.append(names)
    return tuple(kept)


@lru_cache(maxsize=1024)
def _named_blocks(
    named: tuple[tuple[int, ...], ...], loose: tuple[tuple[int, int, int], ...]
) -> tuple[tuple[Block, ...], ...]:
    """The `loose` joker blocks (size, jokers, exposure) under each naming, made once."""
    return tuple(
        tuple(Block(tile, *block) for tile, block in zip(names, loose, strict=True)) for names in named
    )


@cache
def _joker_room(kinds: tuple[tuple[bool, int, bool], ...]) -> tuple[frozenset[int], ...]:
    """For strict groupings of tile kinds (flower?, count, exposed?) in order: at each kind, the
    numbers of jokers the kinds from there on can use up, leaving none or a block of jokers."""
    room: list[frozenset[int]] = [frozenset(JOKER_BLOCKS)]
    for is_flower, count, has_exposure in reversed(kinds):
        uses = {used for _, _, used, _ in _plans(is_flower, count, False, has_exposure)}
        room.append(frozenset(used + left for used in uses for left in room[-1]))
    return tuple(reversed(room))


@cache
def _grown(sizes: tuple[int, ...], added: tuple[int, ...]) -> tuple[int, ...] | None:
    """`sizes` (sorted) with `added` put in, if the whole can still be part of a pattern."""
    grown = tuple(sorted(sizes + added))
    return grown if grown in _PATTERN_PARTS else None


def joker_block_names(blocks: tuple[Block, ...], count: int, *, relaxed: bool) -> tuple[tuple[int, ...], ...]:
    """Tiles that `count` all-joker blocks could stand for, given the natural blocks: the members
    missing from some set the hand's numbers or winds belong to, the rest dragons not yet used."""
    return _names_for(frozenset(b.tile for b in blocks), count, relaxed)


@lru_cache(maxsize=4096)  # the natural blocks' kinds: many, so a bounded cache
def _names_for(used: frozenset[int], count: int, relaxed: bool) -> tuple[tuple[int, ...], ...]:
    """joker_block_names: each set of names in every order (the blocks it names differ in size)."""
    sets = joker_name_sets(used, count, relaxed=relaxed)
    found = {names for kinds in sets for names in permutations(kinds)}
    if not found and relaxed:
        spare = [t for t in (*DRAGONS, *WINDS, *range(27)) if t not in used]
        found.add(tuple(spare[:count]))
    return tuple(sorted(found))


def joker_name_sets(used: frozenset[int], count: int, *, relaxed: bool = False) -> set[tuple[int, ...]]:
    """The sets of tiles (each sorted) that `count` all-joker blocks could stand for, given the
    tiles of the natural blocks (`used`): the members missing from a set the hand's numbers or winds
    belong to, the rest dragons not yet used."""
    suits_of: dict[int, set[int]] = {}
    winds = set()
    for tile in used:
        if is_number(tile):
            suits_of.setdefault(number_of(tile), set()).add(suit_of(tile))
        elif is_wind(tile):
            winds.add(tile)
    free_dragons = [d for d in DRAGONS if d not in used]
    found: set[tuple[int, ...]] = set()

    def fill(missing: tuple[int, ...]) -> None:
        if len(missing) > count:
            return
        for dragons in combinations(free_dragons, count - len(missing)):
            found.add(tuple(sorted((*missing, *dragons))))

    if suits_of and not winds:
        numbers = set(suits_of)
        if len(numbers) == 1:  # Any Like Numbers: the same number in the suits not yet there
            number, held = next(iter(suits_of.items()))
            fill(tuple(number_tile(number, s) for s in range(3) if s not in held))
        if all(len(s) == 1 for s in suits_of.values()):
            # Relaxed search names jokers only in suits the hand already has: fewer guesses.
            suit_choices = sorted(set().union(*suits_of.values())) if relaxed else [0, 1, 2]
            for _, members in NUMBER_SETS:
                missing = [n for n in members if n not in numbers]
                if numbers <= set(members) and len(missing) <= count:
                    for suits in product(suit_choices, repeat=len(missing)):
                        fill(tuple(number_tile(n, s) for n, s in zip(missing, suits, strict=True)))
    elif winds and not suits_of:
        for members in WIND_SETS:
            if winds <= set(members):
                fill(tuple(w for w in members if w not in winds))
    elif not winds and not suits_of:
        for members in WIND_SETS:
            fill(members)
    return found
