"""drills.generate(..., scope=): a puzzle made within what a learner has been taught."""

from __future__ import annotations

import pytest

from cfmj.engine import InputError, check, parse_hand
from cfmj.engine.drills import generate, grade, unanswered
from cfmj.engine.drills.scope import Scope
from cfmj.engine.rulebook import RULE_LINES

TILES = ("1_tile_set", "1_dragon_suits", "1_tile_limits", "1_notation")
BLOCKS = (*TILES, "2_1_blocks_are_identical_tiles", "2_1_quint_needs_a_joker")
JOKERS = (*BLOCKS, "2_1_jokers_never_in_pairs")
PATTERNS = (
    *JOKERS,
    "2_1_all_joker_block",
    "2_2_exactly_ten_patterns_order_free",
    *(line for line in RULE_LINES if line.startswith("2_2_pattern_")),
)
BEFORE_PAYOUTS = tuple(
    line
    for line in RULE_LINES
    if line.startswith(("1_", "2_")) or line in ("3_pairs_bonus", "3_quints_bonus")
)
SEEDS = range(40)


def test_a_scope_is_made_of_rule_lines() -> None:
    with pytest.raises(InputError, match="not a rule line"):
        Scope.of(["2_9_no_such_line"])
    with pytest.raises(InputError, match="A scope is what a learner has been taught"):
        generate("worth", seed=1, band=1, scope="lesson 4")  # type: ignore[arg-type]


def test_before_sets_and_patterns_a_hand_is_refused_only_for_reasons_taught() -> None:
    scope = Scope.of(BLOCKS)
    for seed in SEEDS:
        puzzle = generate("winning_hand", seed=seed, band=1, focus="lone_tile", scope=scope)
        assert [c["value"] for c in puzzle.question["choices"]] == ["lone_tile"]
        assert not {"F", "RD", "GD", "WD", "N", "E", "W", "S"} & set(puzzle.question["hand"].split())


def test_without_a_scope_the_same_puzzle_offers_untaught_reasons() -> None:
    offered = {
        c["value"]
        for seed in SEEDS
        for c in generate("winning_hand", seed=seed, band=1, focus="lone_tile").question["choices"]
    }
    assert {"not_a_set", "woven", "no_pattern"} & offered


def test_before_categories_name_the_hand_asks_the_pattern_alone() -> None:
    scope = Scope.of(PATTERNS)
    for seed in SEEDS:
        puzzle = generate("name_hand", seed=seed, band=1, focus="pair_four_pungs", scope=scope)
        question, answer = puzzle.question, puzzle.answer
        assert question["category_choices"] == [] and "category" not in question["prompt"]
        pattern = answer["accepted"][0][1]
        assert unanswered("name_hand", {"pattern": pattern}, question) == ()
        assert grade("name_hand", question, answer, {"pattern": pattern}).correct
        accepted = {p for _, p in answer["accepted"]}
        wrong = next(c["value"] for c in question["pattern_choices"] if c["value"] not in accepted)
        assert not grade("name_hand", question, answer, {"pattern": wrong}).correct
    asked_both = generate("name_hand", seed=1, band=1, focus="pair_four_pungs").question
    assert unanswered("name_hand", {"pattern": "pair_four_pungs"}, asked_both) == ("category",)


def test_a_drill_that_needs_what_is_not_taught_is_refused() -> None:
    with pytest.raises(InputError, match="has not been taught yet"):
        generate("name_hand", seed=1, band=1, scope=Scope.of(TILES))


def test_before_all_joker_blocks_no_block_may_be_all_jokers() -> None:
    scope = Scope.of(JOKERS)
    for seed in range(120):
        puzzle = generate("rules_quiz", seed=seed, band=1, focus="jokers_in_blocks", scope=scope)
        prompt, right = puzzle.question["prompt"], puzzle.answer["choice"]
        if prompt.startswith("What is the most jokers"):
            size = next(
                n for word, n in (("Pung", 3), ("Kong", 4), ("Quint", 5), ("Pair", 2)) if word in prompt
            )
            assert right != f"n{size}" or size == 2, prompt


def test_before_doubling_and_payouts_worth_asks_the_value_of_an_undoubled_hand() -> None:
    scope = Scope.of(BEFORE_PAYOUTS)
    for seed in SEEDS:
        puzzle = generate("worth", seed=seed, band=1, focus="pairs", scope=scope)
        question, answer = puzzle.question, puzzle.answer
        hand = parse_hand(question["hand"])
        assert question["value_only"] and not question["self_drawn"] and hand.jokers > 0
        assert "discarder" not in question["prompt"] and answer["discarder"] is None
        best = check(question["hand"]).arrangements[0]
        assert {k for k, v in (best.bonuses or {}).items() if v} <= {"pairs", "quints"}
        assert grade("worth", question, answer, {"value": str(answer["value"])}).correct


def test_without_a_scope_worth_still_asks_the_discarder() -> None:
    questions = [generate("worth", seed=seed, band=1, focus="discard").question for seed in range(5)]
    assert all("discarder" in q["prompt"] and "value_only" not in q for q in questions)
