"""The hand checker's verdicts (the page is practice.views.check_hand): the engine's answer for a
hand under a rule set, within a time budget, kept so that the same hand costs nothing twice, and
the long searches run one at a time across the site.

- **Kept.** A verdict depends only on the hand's tiles (in any order), its exposures, the rules
  and whether it was self-drawn: it is kept in each process's memory (CACHES["verdicts"]), so
  the examples everyone checks, a hand asked again, and a flood repeating a few slow hands cost a
  look-up.
- **One long search at a time.** A hand that needs more than CHECK_QUICK_MS (many jokers and lone
  tiles: nobody's real hand) is searched again for up to CHECK_BUDGET_MS only when no other long
  search runs anywhere on the site (a slot in the shared cache); otherwise the learner is asked to
  try again in a moment. Together with the per-address limits, hands sent from many addresses
  cannot take more than one core's worth of long searches.
"""

from __future__ import annotations

import contextlib
import hashlib
import secrets
from dataclasses import dataclass, replace
from typing import Any

from django.conf import settings
from django.core.cache import caches

from cfmj.core.ratelimit import CACHE_DOWN
from cfmj.engine import Hand, InputError, RuleSet, budget, check
from cfmj.engine.scoring import winner_receives

SLOT = "check:long-search"
SLOT_SECONDS = 5  # a slot left by a crashed worker frees itself after this
KEPT_SECONDS = 24 * 3600


class CheckerBusyError(Exception):
    """Another long search is running: try again in a moment."""


@dataclass(frozen=True)
class Verdict:
    """The engine's answer for the page: the verdict (CheckResult.as_dict()) and what the winner
    receives, or the engine's message when the hand cannot be judged."""

    verdict: dict[str, Any] | None = None
    receives: Any = None
    error: str = ""


def _key(hand: Hand, rules: RuleSet, self_drawn: bool) -> str:
    exposures = sorted(tuple(sorted(group)) for group in hand.exposures)
    # Every field of the rules (house rules sorted: a set's order is not its meaning).
    text = repr(
        (
            sorted(hand.concealed),
            exposures,
            sorted(rules.house_rules),
            replace(rules, house_rules=frozenset()),
        )
    )
    return "verdict:" + hashlib.sha256(f"{text}{self_drawn}".encode()).hexdigest()[:40]


def _judge(hand: Hand, rules: RuleSet, self_drawn: bool, milliseconds: int) -> Verdict:
    with budget.limit(seconds=milliseconds / 1000):
        result = check(hand, rules=rules, self_drawn=self_drawn)
        verdict = result.as_dict()  # a losing hand's reasons are searched for here, in the budget
    receives = winner_receives(verdict["value"], self_drawn=result.self_drawn) if verdict["valid"] else None
    return Verdict(verdict=verdict, receives=receives)


def verdict_quick(hand: Hand, rules: RuleSet, *, self_drawn: bool) -> Verdict:
    """The verdict, kept or found within CHECK_QUICK_MS; raises budget.OutOfTimeError when the hand
    needs a longer search (verdict_long)."""
    key = _key(hand, rules, self_drawn)
    kept: Verdict | None = caches["verdicts"].get(key)
    if kept is not None:
        return kept
    try:
        found = _judge(hand, rules, self_drawn, settings.CHECK_QUICK_MS)
    except budget.OutOfTimeError:
        raise
    except InputError as problem:
        found = Verdict(error=str(problem))
    caches["verdicts"].set(key, found, timeout=KEPT_SECONDS)
    return found


def verdict_long(hand: Hand, rules: RuleSet, *, self_drawn: bool) -> Verdict:
    """The verdict within CHECK_BUDGET_MS, when no other long search runs on the site (else
    CheckerBusyError); kept, whatever it says (running out of time included: a message)."""
    shared = caches["default"]
    try:
        held: bool | None = shared.add(SLOT, secrets.token_hex(8), timeout=SLOT_SECONDS)
    except CACHE_DOWN:
        held = None  # a limit is a nicety: search anyway
    if held is False:
        raise CheckerBusyError
    try:
        found = _judge(hand, rules, self_drawn, settings.CHECK_BUDGET_MS)
    except InputError as problem:  # also the budget running out: a message, never a 500
        found = Verdict(error=str(problem))
    finally:
        if held:
            with contextlib.suppress(*CACHE_DOWN):
                shared.delete(SLOT)
    caches["verdicts"].set(_key(hand, rules, self_drawn), found, timeout=KEPT_SECONDS)
    return found
