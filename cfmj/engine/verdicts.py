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
- Any other losing hand is read every way only if someone asks why (validate.judge, `losing`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .later import Later
from .notation import Hand
from .reasons import SEVERITY, Reason
from .ruleset import RuleSet
from .situation import Situation
from .validate import (
    MAX_REASONS,
    Arrangement,
    Verdict,
    dedupe,
    distance_of,
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
        return _made(self.found, min([fit for fit in self.winning if fit.value == top], key=self._order))

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
            return _made(self.found, min(fits, key=lambda fit: self.found.order(fit.place, fit.alone)))
        return next(a for a in self.dragons if a.reasons[0].rank == rank)

    def every(self) -> list[Arrangement]:
        in_order = sorted(self.near, key=lambda fit: self.found.order(fit.place, fit.alone))
        readings = [_made(self.found, fit) for fit in in_order] + self.dragons
        return nearest_of([(distance_of(a), a) for a in readings], strict=True)


def _made(found: Lookup, fit: Fit) -> Arrangement:
    """The reading the walk makes of the hand as this card hand, judged as the walk judges it."""
    blocks, shape, tiles, sizes = found.reading(fit.place, fit.alone)
    return evaluate_on_card(blocks, found.situation, shape, tiles, sizes)
