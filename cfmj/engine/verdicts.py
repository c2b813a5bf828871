"""`check`'s verdict from the card's index (winning.py), where the hand is looked up rather than
read every way (validate.judge), with the same answer: the same readings in the same order, the
same nearest readings and reasons (tests/engine/test_winning.py holds them to the walk).

- A winning hand: its readings are the card hands it fits that no rule refuses, and the dragon
  hands'. How many there are and the best are known from the look-up; each reading is made only
  when read (a hand with eight jokers has hundreds).
- A losing hand that some card hand refuses for one table option alone (house rule 3, a skill
  level), and no rule of the game: those are its nearest readings, since any other reading breaks
  a rule of the game (a reading that is no card hand cannot win: shapes.py), which counts twice
  as far (validate.distance_of). Its reasons are known from the look-up.
- Any other losing hand the card holds is read every way only if someone asks why, and then its
  readings that are card hands are judged from the look-up, the others by the rule modules
  (`_Walked`): with eight jokers, two table options refusing every card hand tie with readings that
  break one rule of the game.
- A hand no card hand fits is read every way only if someone asks why (validate.judge, `losing`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .blocks import Block
from .budget import spend
from .card import virtual_card
from .grouping import groupings
from .later import Later
from .notation import Hand
from .reasons import SEVERITY, Reason
from .ruleset import RuleSet
from .shapes import Shape
from .situation import Situation
from .validate import (
    MAX_REASONS,
    ONE_BROKEN_RULE,
    Arrangement,
    Refused,
    Verdict,
    dedupe,
    distance_of,
    evaluate,
    evaluate_on_card,
    judge,
    nearest_of,
    ranked,
)
from .winning import Fit, Lookup


def verdict_of(hand: Hand, rules: RuleSet, *, self_drawn: bool) -> Verdict:
    """`check`'s verdict on a well-formed hand."""
    found = Lookup.of(hand, rules, self_drawn)
    if found is None:
        return judge(hand, rules, self_drawn=self_drawn)
    fits = found.judged()
    dragon_hands = found.dragon_hands()
    situation = found.situation
    winning = [fit for fit in fits if fit.reasons == ()]
    dragons_winning = dedupe([a for a in dragon_hands if a.valid], strict=True)
    if winning or dragons_winning:
        return Verdict(hand, situation, _Readings(found, winning, dragons_winning).later())
    near = [fit for fit in fits if fit.reasons is not None and _one_option(fit.reasons)]
    dragons_near = dedupe([a for a in dragon_hands if _one_option(a.reasons)], strict=True)
    if near or dragons_near:
        return Verdict(hand, situation, (), _Near(found, near, dragons_near))
    if any(fit.reasons for fit in fits):
        return Verdict(hand, situation, (), _Walked(found, fits, hand))
    return judge(hand, rules, self_drawn=self_drawn, losing=True)


def _one_option(reasons: tuple[Reason, ...]) -> bool:
    """Refused by one table option alone: one step from a win (validate.distance_of)."""
    return len(reasons) == 1 and SEVERITY[reasons[0].id] == 1


class _Readings(NamedTuple):
    """A winning hand's readings, as validate.won ranks the walk's: highest value first; among
    equals, the walk's order (the card hands', then the dragon hands')."""

    found: Lookup
    winning: list[Fit]
    dragons: list[Arrangement]

    def later(self) -> Later[Arrangement]:
        return Later(len(self.winning) + len(self.dragons), self.best, self.every)

    def best(self) -> Arrangement:
        top = max((fit.value for fit in self.winning), default=0)
        dragon = max(self.dragons, key=lambda a: a.value or 0, default=None)
        if dragon is not None and (dragon.value or 0) > top:
            return dragon
        return _made(self.found, _first(self.found, [fit for fit in self.winning if fit.value == top]))

    def every(self) -> tuple[Arrangement, ...]:
        in_order = sorted(self.winning, key=self._order)
        return ranked([_made(self.found, fit) for fit in in_order] + self.dragons)

    def _order(self, fit: Fit) -> tuple[object, ...]:
        return self.found.order(fit.place, fit.alone)


class _Near(NamedTuple):
    """A losing hand's nearest readings, each refused by one table option: validate.nearest_of
    ranks them by the reason's rank, then in the walk's order (the card hands', then the dragon
    hands'); the reasons are theirs, each once, in rank order (validate._reasons_of)."""

    found: Lookup
    near: list[Fit]
    dragons: list[Arrangement]

    def explain(self, situation: Situation) -> tuple[Sequence[Arrangement], tuple[Reason, ...]]:
        reasons = {fit.reasons[0] for fit in self.near if fit.reasons} | {a.reasons[0] for a in self.dragons}
        nearest = Later(len(self.near) + len(self.dragons), self.first, self.every)
        return nearest, tuple(sorted(reasons))[:MAX_REASONS]

    def first(self) -> Arrangement:
        rank = min(
            [fit.reasons[0].rank for fit in self.near if fit.reasons]
            + [a.reasons[0].rank for a in self.dragons]
        )
        fits = [fit for fit in self.near if fit.reasons and fit.reasons[0].rank == rank]
        if fits:
            return _made(self.found, _first(self.found, fits))
        return next(a for a in self.dragons if a.reasons[0].rank == rank)

    def every(self) -> list[Arrangement]:
        in_order = sorted(self.near, key=lambda fit: self.found.order(fit.place, fit.alone))
        readings = [_made(self.found, fit) for fit in in_order] + self.dragons
        return nearest_of([(distance_of(a), a) for a in readings], strict=True)


def _first(found: Lookup, fits: list[Fit]) -> Fit:
    """The first of these the walk finds."""
    return fits[0] if len(fits) == 1 else min(fits, key=lambda fit: found.order(fit.place, fit.alone))


def _made(found: Lookup, fit: Fit) -> Arrangement:
    """The reading the walk makes of the hand as this card hand, judged as the walk judges it."""
    blocks, shape, tiles, sizes = found.reading(fit.place, fit.alone)
    return evaluate_on_card(blocks, found.situation, shape, tiles, sizes)


class _Every(NamedTuple):
    """Strict readings walked and judged already (validate.Walked)."""

    readings: list[Arrangement]

    def every(self) -> list[Arrangement]:
        return self.readings


# A reading the walk made: judged by the rule modules, or a card hand's blocks and its judged fit.
_Reading = Arrangement | tuple[tuple[Block, ...], Fit]


class _Walked(NamedTuple):
    """A losing hand read every way to be explained, as validate._explain reads it, with each
    reading that is a card hand judged from the look-up (`_named`):
    only the others are judged by the rule modules, and a reading is made only when read. Where no
    reading is within one broken rule, the near misses are searched for, as without the index."""

    found: Lookup
    fits: list[Fit]
    hand: Hand

    def explain(self, situation: Situation) -> tuple[Sequence[Arrangement], tuple[Reason, ...]]:
        found = self.found
        readings = self._judged(situation)
        if min(distance[:2] for distance, _ in readings) > (ONE_BROKEN_RULE, False):
            walked = _Every([_of_walk(found, reading) for _, reading in readings])
            return Refused(found.concealed, found.jokers, found.exposed, walked, len(self.hand)).explain(
                situation
            )
        # As validate.nearest_of ranks them, and validate._reasons_of words them.
        ranked = sorted(readings, key=lambda pair: pair[0])
        closest = ranked[0][0][0]
        tier = []
        seen = set()  # the dragon hands' readings, each once (validate.dedupe)
        for distance, reading in ranked:
            if distance[0] == closest:
                if isinstance(reading, Arrangement) and reading.dragon_hand:
                    if reading.key() in seen:
                        continue
                    seen.add(reading.key())
                tier.append(reading)
        by_rule: dict[str, Reason] = {}
        for reading in tier:
            for reason in reading.reasons if isinstance(reading, Arrangement) else reading[1].reasons or ():
                by_rule.setdefault(reason.id, reason)
            if len(by_rule) >= MAX_REASONS:
                break  # the first rules met are the ones said
        nearest = Later(
            len(tier),
            lambda: _of_walk(found, tier[0]),
            lambda: [_of_walk(found, reading) for reading in tier],
        )
        return nearest, tuple(by_rule.values())[:MAX_REASONS]

    def _judged(self, situation: Situation) -> list[tuple[tuple[int, bool, int], _Reading]]:
        """Every strict reading in the walk's order, then the dragon hands', each with its
        validate.distance_of."""
        found = self.found
        entries = virtual_card().entries
        on_card = {_named(entries[fit.place].blocks): fit for fit in self.fits if fit.reasons}
        readings: list[tuple[tuple[int, bool, int], _Reading]] = []
        news = situation.rules.max_news_blocks
        for blocks in groupings(found.concealed, found.jokers, found.exposed, relaxed=False, max_news=news):
            spend()  # a caller's time budget (budget.py), if one is open
            fit = on_card.get(_named_reading(blocks))
            if fit is not None and fit.reasons:  # table options alone refuse it: each counts 1
                readings.append(((len(fit.reasons), False, sum(r.rank for r in fit.reasons)), (blocks, fit)))
            else:
                arrangement = evaluate(blocks, situation)
                readings.append((distance_of(arrangement), arrangement))
        return readings + [(distance_of(a), a) for a in found.dragon_hands()]


def _of_walk(found: Lookup, reading: _Reading) -> Arrangement:
    """A walked reading, judged (one that is a card hand, as the walk judges it with the card's
    shapes: validate.evaluate_on_card)."""
    if isinstance(reading, Arrangement):
        return reading
    blocks, fit = reading
    entry = virtual_card().entries[fit.place]
    shape = Shape(entry.category, entry.members, entry.pattern or "")
    tiles, sizes = tuple([b.tile for b in blocks]), tuple([b.size for b in blocks])
    return evaluate_on_card(blocks, found.situation, shape, tiles, sizes)


_SIZE_BITS = 4  # a block's size in a key of `_named`: under 16


def _named(blocks: Sequence[tuple[int, int]]) -> int:
    """A strict reading by its blocks' tiles and sizes, as the card hand it is, if any: a card hand
    has each tile in one block, and so has each strict reading (grouping.py), so the sizes packed
    by tile name the reading."""
    return sum([size << _SIZE_BITS * tile for tile, size in blocks])


def _named_reading(blocks: tuple[Block, ...]) -> int:
    """`_named` of a reading the walk made."""
    return sum([block.size << _SIZE_BITS * block.tile for block in blocks])
