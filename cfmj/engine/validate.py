"""Is a 14-tile hand a winning hand, how, and what is it worth (RULES §2-5)?

The hand is split into blocks every plausible way (grouping.py); each arrangement is judged by
the rule modules, which name what they find wrong. A hand is valid if any arrangement is; it
scores the one worth most. When none is valid, the reasons come from the arrangements nearest
to legal: fewest problems first, the most basic problem first.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import NamedTuple, Protocol

from .blocks import Block, all_joker_reasons, block_reasons
from .budget import spend
from .categories import Classification, classify_tiles, in_set_of
from .dragon_hands import DRAGON_HAND_VALUES, dragon_hand_matches, dragon_hand_reasons
from .exposures import exposure_block, exposure_reasons
from .fillers import filler_reasons
from .grouping import MAX_SLIPS, groupings, walk_groupings
from .minimum_hand import minimum_hand_reasons
from .notation import Hand
from .patterns import pattern_of
from .reasons import NO_PATTERN, SEVERITY, Reason
from .ruleset import RuleSet
from .scoring import BONUS_KEYS, bonuses_of_shape, hand_value
from .shapes import Shape, built_shapes, known
from .situation import Situation
from .skill_levels import skill_reasons
from .tiles import JOKER, NATURAL_KINDS, is_number, number_of, suit_of
from .weaving import weaving_of_tiles

MAX_REASONS = 3
ONE_BROKEN_RULE = 2  # the distance of a reading that breaks a single rule of the game
NEAR_CANDIDATES = 60  # near misses judged at most for each number of broken rules (0, 1, 2)
# Readings looked at when a hand needs more than MAX_SLIPS fixes, in each of two passes (every tile
# in a block; tiles left alone): enough to find a useful reason, few enough that no hand takes long.
FAR_CANDIDATES = 100
assert JOKER == NATURAL_KINDS  # judge() counts jokers as the kind after the natural ones


class Arrangement(NamedTuple):
    """One way to read a hand: its category and set, pattern and blocks, and what is wrong.

    (A named tuple, not a frozen dataclass: `check` makes hundreds for a hand with eight jokers,
    and a tuple is made in a third of the time.)"""

    category: str | None
    members: tuple[str, ...]
    pattern: str | None
    blocks: tuple[Block, ...]
    in_set: tuple[bool, ...]
    reasons: tuple[Reason, ...] = ()
    bonuses: dict[str, int] | None = None
    value: int | None = None
    dragon_hand: bool = False

    @property
    def valid(self) -> bool:
        return not self.reasons

    def ordered_blocks(self) -> list[tuple[Block, bool]]:
        """Set blocks in set order, then fillers; each with whether it belongs to the set."""
        pairs = list(zip(self.blocks, self.in_set, strict=True))
        return sorted(pairs, key=lambda p: (not p[1], *_block_order(p[0])))

    def key(self) -> tuple[object, ...]:
        return (
            self.category,
            self.pattern,
            tuple(sorted([(b.tile, b.size, b.jokers, b.exposure) for b in self.blocks])),
        )


def _block_order(block: Block) -> tuple[int, int]:
    if is_number(block.tile):
        return (number_of(block.tile), suit_of(block.tile))
    return (10 + block.tile, 0)


def evaluate(blocks: tuple[Block, ...], situation: Situation) -> Arrangement:
    """Judge one reading. (The hot loop of `check`: a hand with eight jokers is read hundreds of
    ways, so the parts that depend only on the tiles or the sizes come from caches.)"""
    rules = situation.rules
    sizes = tuple([b.size for b in blocks])
    tiles = tuple([b.tile for b in blocks])
    found = block_reasons(blocks, tiles=tiles, sizes=sizes)
    if not rules.all_joker_blocks:
        found += all_joker_reasons(blocks, False)
    if situation.exposure_sizes:
        found += exposure_reasons(blocks, situation)
    if 1 in sizes:
        # Until every tile is in a block, what set or pattern it makes is beside the point.
        return Arrangement(None, (), None, blocks, (False,) * len(blocks), _settled(found))
    pattern, pattern_found = pattern_of(sizes)
    classified: Classification = classify_tiles(tiles)
    category = classified.category
    found += pattern_found
    found += classified.reasons
    found += weaving_of_tiles(tiles, category)
    found += filler_reasons(blocks, max_news=rules.max_news_blocks)
    if found or category is None or pattern is None:
        return Arrangement(category, classified.members, pattern, blocks, classified.in_set, _settled(found))
    return _scored(
        blocks, situation, tiles, sizes, Shape(category, classified.members, pattern), classified.in_set
    )


def evaluate_on_card(
    blocks: tuple[Block, ...],
    situation: Situation,
    shape: Shape,
    tiles: tuple[int, ...],
    sizes: tuple[int, ...],
) -> Arrangement:
    """Judge a strict reading whose shape is on the card (shapes.py): what `evaluate` finds, with
    the rules the shape answers already (a set, a pattern, unwoven suits, fillers) taken as met, and
    those of single blocks too (a strict reading has no tile alone, no joker in a Pair and, being on
    the card, no tile in two blocks)."""
    found = [] if situation.rules.all_joker_blocks else all_joker_reasons(blocks, False)
    if situation.exposure_sizes:
        found += exposure_reasons(blocks, situation)
    in_set = in_set_of(tiles)
    if found:
        return Arrangement(*shape, blocks, in_set, _settled(found))
    return _scored(blocks, situation, tiles, sizes, shape, in_set)


def _scored(
    blocks: tuple[Block, ...],
    situation: Situation,
    tiles: tuple[int, ...],
    sizes: tuple[int, ...],
    shape: Shape,
    in_set: tuple[bool, ...],
) -> Arrangement:
    """A reading that makes a hand, scored, with the rules that may still refuse it (house rule 3,
    skill levels)."""
    rules = situation.rules
    category, _, pattern = shape
    earned = bonuses_of_shape(category, tiles, sizes, concealed=situation.concealed)
    points = rules.base + sum(earned.values())
    value = hand_value(points, self_drawn=situation.self_drawn, jokerless=situation.jokerless)
    found = minimum_hand_reasons(points - rules.base, situation, dragon_hand=False)
    found += skill_reasons(
        category, pattern, blocks, earned["suit"] > 0, situation, dragon_hand=False, tiles=tiles
    )
    return Arrangement(*shape, blocks, in_set, _settled(found), earned, value)


def _settled(found: list[Reason]) -> tuple[Reason, ...]:
    """The reasons found, each once, in rank order."""
    return tuple(sorted(set(found))) if found else ()


def evaluate_dragon_hand(hand_id: str, blocks: tuple[Block, ...], situation: Situation) -> Arrangement:
    rules = situation.rules
    found = dragon_hand_reasons(hand_id, blocks)
    found += exposure_reasons(blocks, situation, same_tile_blocks=True)
    value = DRAGON_HAND_VALUES[hand_id]
    if rules.dragon_hands_double:
        value = hand_value(value, self_drawn=situation.self_drawn, jokerless=situation.jokerless)
    if not found:
        found += skill_reasons(hand_id, None, blocks, False, situation, dragon_hand=True)
    in_set = tuple(True for _ in blocks)
    if found:
        return Arrangement(hand_id, (), None, blocks, in_set, tuple(sorted(set(found))), dragon_hand=True)
    return Arrangement(
        hand_id, (), None, blocks, in_set, (), dict.fromkeys(BONUS_KEYS, 0), value, dragon_hand=True
    )


class Explains(Protocol):
    """What explains a losing hand: its nearest readings (in order) and why they fail."""

    def explain(self, situation: Situation) -> tuple[Sequence[Arrangement], tuple[Reason, ...]]: ...


@dataclass(frozen=True)
class Verdict:
    """Everything `check` found: all valid arrangements (best first) or, for a hand that does not
    win, the nearest readings and why they fail.

    Explaining a refusal is most of the work for a losing hand (the near-miss search), and the bots,
    the table and a Mah Jongg claim only ask whether a hand wins: the explanation is worked out the
    first time `nearest` or `reasons` is read, then kept. (With the card's index, the readings
    themselves may be made when read: verdicts.py.)"""

    hand: Hand
    situation: Situation
    arrangements: Sequence[Arrangement]
    refused: Explains | None = field(default=None, repr=False, compare=False)

    @property
    def valid(self) -> bool:
        return bool(self.arrangements)

    @property
    def best(self) -> Arrangement | None:
        return self.arrangements[0] if self.arrangements else None

    @property
    def nearest(self) -> Sequence[Arrangement]:
        return self._explanation[0]

    @property
    def reasons(self) -> tuple[Reason, ...]:
        return self._explanation[1]

    @cached_property
    def _explanation(self) -> tuple[Sequence[Arrangement], tuple[Reason, ...]]:
        if self.refused is None:
            return (), ()
        return self.refused.explain(self.situation)


class Walked(Protocol):
    """A hand's strict readings, walked already."""

    def every(self) -> list[Arrangement]:
        """Every strict reading judged, in the walk's order, then the dragon hands'."""
        ...


class Refused(NamedTuple):
    """What explaining a losing hand needs: its tiles as the walk reads them and its strict
    readings when walked already (or, for exposures that are no block, the reasons found)."""

    counts: list[int]
    jokers: int
    exposed: list[Block]
    strict: Walked | None
    tiles: int
    bad: tuple[Reason, ...] = ()

    def explain(self, situation: Situation) -> tuple[tuple[Arrangement, ...], tuple[Reason, ...]]:
        if self.bad:
            return (), self.bad
        nearest = _explain(self, situation)
        return tuple(nearest), _reasons_of(nearest)


def judge(hand: Hand, rules: RuleSet, *, self_drawn: bool, losing: bool = False) -> Verdict:
    """Judge a hand already known to be well formed (14 tiles, counts within the set).

    `losing`: the hand is known not to win (winning.py looked it up on the card), so its readings
    are walked only if someone asks why."""
    situation = situation_of(hand, rules, self_drawn=self_drawn)
    exposed: list[Block] = []
    bad: list[Reason] = []
    for index, group in enumerate(hand.exposures):
        read = exposure_block(index, group)
        if isinstance(read, Block):
            exposed.append(read)
        else:
            bad.append(read)
    if bad:
        return Verdict(
            hand, situation, (), Refused([], 0, [], None, 0, tuple(sorted(set(bad)))[:MAX_REASONS])
        )
    counts = [0] * (NATURAL_KINDS + 1)  # the natural kinds, then the joker (tiles.JOKER)
    for tile in hand.concealed:
        counts[tile] += 1
    jokers = counts.pop()
    if losing:
        return Verdict(hand, situation, (), Refused(counts, jokers, exposed, None, len(hand)))

    strict = _Strict(counts, jokers, exposed, situation)
    valid = [a for a in strict.judged if a is not None and a.valid]
    if valid:
        return won(hand, situation, valid)
    return Verdict(hand, situation, (), Refused(counts, jokers, exposed, strict, len(hand)))


def situation_of(hand: Hand, rules: RuleSet, *, self_drawn: bool) -> Situation:
    return Situation(
        rules=rules,
        self_drawn=self_drawn,
        jokerless=hand.jokers == 0,
        concealed=not hand.exposures,
        exposure_sizes=tuple(len(g) for g in hand.exposures),
    )


def won(hand: Hand, situation: Situation, valid: list[Arrangement]) -> Verdict:
    """The verdict on a hand with these winning readings, in the order the walk finds them."""
    return Verdict(hand, situation, ranked(valid))


def ranked(valid: list[Arrangement]) -> tuple[Arrangement, ...]:
    """Winning readings, in the order the walk finds them, best first: highest value first; among
    equals, the first found (a stable, repeatable choice)."""
    return tuple(sorted(dedupe(valid, strict=True), key=lambda a: -(a.value or 0)))


class _Strict:
    """The strict readings of a hand (those that could be legal), in the walk's order, then the
    dragon hands'. Each is judged at once only when its shape is on the card: any other breaks a
    rule of the game, so it cannot win, and it is judged only if the hand must be explained."""

    def __init__(
        self,
        counts: list[int],
        jokers: int,
        exposed: list[Block],
        situation: Situation,
        *,
        losing: bool = False,
    ) -> None:
        self.situation = situation
        rules = situation.rules
        self.readings = groupings(counts, jokers, exposed, relaxed=False, max_news=rules.max_news_blocks)
        # The card has one NEWS block at most: at a table that allowed more, judge every reading.
        # A hand known to lose is walked to be explained, which judges every reading anyway.
        shapes = built_shapes() if rules.max_news_blocks == 1 and not losing else None
        judged: list[Arrangement | None] = []
        for blocks in self.readings:
            spend()  # a caller's time budget (budget.py), if one is open
            if shapes is None:
                judged.append(evaluate(blocks, situation))
                continue
            tiles = tuple([b.tile for b in blocks])
            sizes = tuple([b.size for b in blocks])
            shape = known(tiles, sizes, shapes)
            judged.append(None if shape is None else evaluate_on_card(blocks, situation, shape, tiles, sizes))
        judged += [
            evaluate_dragon_hand(hand_id, blocks, situation)
            for hand_id, blocks in dragon_hand_matches(counts, jokers, exposed, relaxed=False)
        ]
        self.judged = judged

    def every(self) -> list[Arrangement]:
        """Every strict reading judged (those off the card judged now, once)."""
        for index, blocks in enumerate(self.readings):
            if self.judged[index] is None:
                spend()
                self.judged[index] = evaluate(blocks, self.situation)
        return [a for a in self.judged if a is not None]


def _explain(refused: Refused, situation: Situation) -> list[Arrangement]:
    """The readings of a losing hand nearest to legal."""
    counts, jokers, exposed = refused.counts, refused.jokers, refused.exposed
    walked = refused.strict or _Strict(counts, jokers, exposed, situation, losing=True)
    strict = walked.every()
    strict_far = [(distance_of(a), a) for a in strict]
    if strict and min(far[:2] for far, _ in strict_far) <= (ONE_BROKEN_RULE, False):
        # A relaxed reading breaks at least one rule itself, so none can rank before a strict
        # reading that breaks only one and found a set.
        return nearest_of(strict_far, strict=True)
    # Near misses by how many rules they break (0, 1, then 2 slips), a fixed number of each: the
    # nearest reading is almost always among them, each kind of slip is looked at even when a hand
    # has many readings of another (seven jokers name blocks many ways), and no hand takes long.
    relaxed = _near_misses(counts, jokers, exposed, situation)
    if not relaxed:  # so many problems that no near miss exists: look further, within bounds
        # Readings that put every tile in a block come first: they can be judged whole, and one
        # of them usually names the hand's real trouble (seven jokers cannot pair seven lone
        # tiles). Those that leave tiles alone are many and alike: a few of them are enough.
        for lone in (False, True):
            relaxed += _arrangements(
                counts,
                jokers,
                exposed,
                situation,
                relaxed=True,
                max_slips=refused.tiles,
                lone=lone,
                limit=FAR_CANDIDATES,
            )
    return nearest_of(strict_far + [(distance_of(a), a) for a in relaxed])


def _arrangements(
    counts: list[int],
    jokers: int,
    exposed: list[Block],
    situation: Situation,
    *,
    relaxed: bool,
    max_slips: int = MAX_SLIPS,
    lone: bool = True,
    limit: int | None = None,
) -> list[Arrangement]:
    """The readings of the groupings, then of the dragon hands (the first `limit`, when given)."""
    found = []
    for blocks in groupings(
        counts,
        jokers,
        exposed,
        relaxed=relaxed,
        max_news=situation.rules.max_news_blocks,
        max_slips=max_slips,
        lone=lone,
        limit=limit,
    ):
        spend()  # a caller's time budget (budget.py), if one is open
        found.append(evaluate(blocks, situation))
    for hand_id, blocks in dragon_hand_matches(counts, jokers, exposed, relaxed=relaxed):
        if limit is not None and len(found) >= limit:
            break
        found.append(evaluate_dragon_hand(hand_id, blocks, situation))
    return found


def _near_misses(
    counts: list[int], jokers: int, exposed: list[Block], situation: Situation
) -> list[Arrangement]:
    """The first NEAR_CANDIDATES readings with 0, 1 and 2 slips, in one walk of the groupings.

    A reading whose one slip came with its start (a second NEWS; three winds and a joker) counts
    among those with none too: a walk allowed no slips still begins there."""
    kept: list[list[Arrangement]] = [[] for _ in range(MAX_SLIPS + 1)]
    open_slips = [True] * len(kept)  # the walk skips branches whose groupings are not wanted

    def keep(blocks: tuple[Block, ...], slips: int, fresh: bool) -> bool:
        wanted = [n for n in ((0, slips) if fresh and slips else (slips,)) if open_slips[n]]
        if wanted:
            spend()  # a caller's time budget (budget.py), if one is open
            arrangement = evaluate(blocks, situation)
            for n in wanted:
                kept[n].append(arrangement)
                open_slips[n] = len(kept[n]) < NEAR_CANDIDATES
        return any(open_slips)

    walk_groupings(
        counts,
        jokers,
        exposed,
        keep,
        relaxed=True,
        max_news=situation.rules.max_news_blocks,
        open_slips=open_slips,
    )
    if len(kept[0]) < NEAR_CANDIDATES:  # the dragon hands come with the readings without slips
        for hand_id, blocks in dragon_hand_matches(counts, jokers, exposed, relaxed=True):
            kept[0].append(evaluate_dragon_hand(hand_id, blocks, situation))
            if len(kept[0]) == NEAR_CANDIDATES:
                break
    return [arrangement for near in kept for arrangement in near]


def dedupe(arrangements: Iterable[Arrangement], *, strict: bool = False) -> list[Arrangement]:
    """The arrangements, each reading once (the first of equals kept).

    `strict`: they are strict readings, which differ from each other by construction except
    perhaps the dragon hands' (grouping.py: each tile kind makes one block, which a joker block
    never names; joker namings are distinct): only those are compared (a hand with eight jokers
    has hundreds of readings)."""
    found = list(arrangements)
    if len(found) < 2:  # the usual case: nothing to compare
        return found
    seen = set()
    out = []
    for arrangement in found:
        if strict and not arrangement.dragon_hand:
            out.append(arrangement)
            continue
        key = arrangement.key()
        if key not in seen:
            seen.add(key)
            out.append(arrangement)
    return out


def distance_of(arrangement: Arrangement) -> tuple[int, bool, int]:
    """How far from legal: each broken rule counts 2 (a table option's only 1), lone tiles add
    what they keep from being judged; ties go to readings that found a set, then to the one
    whose problems are most basic."""
    hidden = 0
    if any(b.size == 1 for b in arrangement.blocks):
        hidden = 2  # neither the set nor the pattern could be judged
    elif (
        arrangement.pattern is None
        and not arrangement.dragon_hand
        and not any(r.id == NO_PATTERN for r in arrangement.reasons)
    ):
        hidden = 1
    severity = 2 * hidden
    rank = 0
    for found in arrangement.reasons:
        severity += SEVERITY[found.id]  # Reason.severity, read from its table (a hot loop)
        rank += found.rank
    # Among equals, a reading that found a set says more than one that did not.
    return (severity, arrangement.category is None, rank)


def nearest_of(
    candidates: list[tuple[tuple[int, bool, int], Arrangement]], *, strict: bool = False
) -> list[Arrangement]:
    """The readings nearest to legal (each with its distance_of), the first found of each."""
    if not candidates:
        return []
    ranked = sorted(candidates, key=lambda pair: pair[0])
    closest = ranked[0][0][0]
    return dedupe((a for distance, a in ranked if distance[0] == closest), strict=strict)


def _reasons_of(nearest: list[Arrangement]) -> tuple[Reason, ...]:
    """The nearest arrangement's reasons first, then the rules the other equally near ones add
    (one message per rule: three ways of being woven are one lesson)."""
    by_rule: dict[str, Reason] = {}
    for arrangement in nearest:
        for found in sorted(arrangement.reasons):
            by_rule.setdefault(found.id, found)
    return tuple(by_rule.values())[:MAX_REASONS]
