"""`check`: the public question "is this a winning hand, and what is it worth?"."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .blocks import Block
from .notation import Hand, read_hand
from .reasons import Reason
from .ruleset import RuleSet
from .scoring import payout
from .tiles import NEWS, code
from .validate import Arrangement, Verdict
from .verdicts import verdict_of
from .winning import HAND_SIZE, QUESTION


@dataclass(frozen=True)
class CheckResult:
    verdict: Verdict

    @property
    def valid(self) -> bool:
        return self.verdict.valid

    @property
    def hand(self) -> Hand:
        return self.verdict.hand

    @property
    def best(self) -> Arrangement | None:
        return self.verdict.best

    @property
    def arrangements(self) -> Sequence[Arrangement]:
        return self.verdict.arrangements

    @property
    def nearest(self) -> Sequence[Arrangement]:
        return self.verdict.nearest

    @property
    def reasons(self) -> tuple[Reason, ...]:
        return self.verdict.reasons

    @property
    def self_drawn(self) -> bool:
        return self.verdict.situation.self_drawn

    def as_dict(self) -> dict[str, Any]:
        best = self.best
        situation = self.verdict.situation
        out: dict[str, Any] = {"valid": best is not None}
        if best is None:
            near = self.nearest[0] if self.nearest else None
            out.update(
                category=None,
                set=None,
                pattern=None,
                blocks=[],
                bonuses=None,
                value=None,
                payout=None,
                reasons=[r.message for r in self.reasons],
            )
            out["reason_ids"] = [r.id for r in self.reasons]
            out["nearest_arrangement"] = _arrangement_dict(near) if near is not None else None
        else:
            out.update(
                category=best.category,
                set=list(best.members),
                pattern=best.pattern,
                blocks=[describe_block(b, s) for b, s in best.ordered_blocks()],
                bonuses=best.bonuses,
                value=best.value,
                payout=payout(best.value or 0, self_drawn=situation.self_drawn),
                reasons=[],
            )
            out["reason_ids"] = []
            doubling = not best.dragon_hand or situation.rules.dragon_hands_double
            out["doublings"] = {
                "self_drawn": doubling and situation.self_drawn,
                "jokerless": doubling and situation.jokerless,
            }
            out["arrangements"] = len(self.arrangements)
        out["hand"] = str(self.hand)
        out["self_drawn"] = situation.self_drawn
        return out


def describe_block(block: Block, in_set: bool) -> dict[str, Any]:
    return {
        "tile": "NEWS" if block.tile == NEWS else code(block.tile),
        "size": block.size,
        "jokers": block.jokers,
        "kind": "set" if in_set else "filler",
        "exposed": block.exposed,
    }


def _arrangement_dict(arrangement: Arrangement) -> dict[str, Any]:
    return {
        "category": arrangement.category,
        "set": list(arrangement.members),
        "pattern": arrangement.pattern,
        "blocks": [describe_block(b, s) for b, s in arrangement.ordered_blocks()],
    }


def check(
    hand: str | Hand,
    *,
    self_drawn: bool = False,
    rules: RuleSet | None = None,
    house_rules: Iterable[int] | str | None = None,
    base: int | str | None = None,
    skill_level: int | str | None = None,
) -> CheckResult:
    """Judge a 14-tile hand. Raises InputError for malformed input (never for a losing hand)."""
    if rules is None:
        rules = RuleSet.make(house_rules=house_rules, base=base, skill_level=skill_level)
    hand = read_hand(hand, sizes=(HAND_SIZE,), rules=rules, question=QUESTION)
    self_drawn = bool(self_drawn)
    # The card's index finds a hand's readings without reading it every way (verdicts.py); a hand
    # it cannot explain is read every way only if someone asks why.
    return CheckResult(verdict_of(hand, rules, self_drawn=bool(self_drawn)))


def arrangements(hand: str | Hand, **options: Any) -> Sequence[Arrangement]:
    """All winning arrangements of a hand, the best-scoring first (empty if it does not win)."""
    return check(hand, **options).arrangements


__all__ = ["HAND_SIZE", "CheckResult", "arrangements", "check", "describe_block"]
