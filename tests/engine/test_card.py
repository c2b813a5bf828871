"""The virtual card: complete, without duplicates, and in agreement with the validator."""

from __future__ import annotations

from collections import Counter

import pytest

from cfmj.engine import RuleSet, virtual_card
from cfmj.engine.blocks import Block
from cfmj.engine.card import hold, joker_bounds
from cfmj.engine.patterns import PATTERNS
from cfmj.engine.situation import Situation
from cfmj.engine.validate import evaluate, judge

CARD = virtual_card()
SLICES = 8


def test_it_builds_once_and_caches() -> None:
    assert virtual_card() is CARD


def test_it_has_no_duplicate_arrangements() -> None:
    keys = Counter((e.category, e.pattern, tuple(sorted(e.blocks))) for e in CARD.entries)
    assert max(keys.values()) == 1


def test_it_counts_every_category_and_pattern() -> None:
    counts = CARD.counts()
    number_and_wind = [
        "consecutive_run",
        "consecutive_odds",
        "consecutive_evens",
        "multiples_of_three",
        "like_numbers",
        "winds",
    ]
    for category in number_and_wind:
        assert set(counts[category]) <= set(PATTERNS)
    assert set(counts["consecutive_run"]) == set(PATTERNS)
    assert counts["dragons_love"] == {"special": 3}
    assert counts["dragons_wings"] == counts["dragons_breath"] == {"special": 1}
    assert sum(n for per in counts.values() for n in per.values()) == len(CARD)
    # Winds sets are tiny: N-E-W-S, N-S or E-W, so a few hundred arrangements at most.
    assert 0 < sum(counts["winds"].values()) < 1000


def test_it_holds_only_arrangements_the_rules_accept() -> None:
    situation = Situation(rules=RuleSet(), self_drawn=False, jokerless=True, concealed=True)
    for entry in CARD.entries[::97]:
        if entry.pattern is None:
            continue
        arrangement = evaluate(tuple(Block(t, s) for t, s in entry.blocks), situation)
        assert arrangement.valid, (entry, arrangement.reasons)
        assert (arrangement.category, arrangement.pattern) == (entry.category, entry.pattern)


@pytest.mark.parametrize("part", range(SLICES))
def test_it_validates_every_arrangement_of_the_card(part: int) -> None:
    """Every entry, held with the fewest jokers it allows and nothing exposed, wins with its
    own reading among the validator's arrangements."""
    rules = RuleSet()
    for entry in CARD.entries[part::SLICES]:
        hand = hold(
            entry, jokers=[low for low, _ in joker_bounds(entry)], exposed=[False] * len(entry.blocks)
        )
        verdict = judge(hand, rules, self_drawn=False)
        assert any(
            (a.category, a.pattern) == (entry.category, entry.pattern)
            and Counter((b.tile, b.size) for b in a.blocks) == Counter(entry.blocks)
            for a in verdict.arrangements
        ), (entry.describe(), hand, verdict.reasons)
