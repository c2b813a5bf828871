"""A focus asks for a puzzle about one thing; the engine's own check()/call() confirm it has it."""

from __future__ import annotations

import re
from functools import cache

import pytest

from cfmj.engine import InputError, check
from cfmj.engine.drills import BANDS, FOCUSES, KINDS, Puzzle, generate, generate_many, grade
from cfmj.engine.drills.call import has_focus, position
from cfmj.engine.drills.table import table_rules
from cfmj.engine.notation import parse_hand
from cfmj.engine.play_advice import call
from cfmj.engine.reasons import CATALOGUE, OPTION_REASONS
from cfmj.engine.ruleset import RuleSet

from .helpers import right_response, wrong_response

SEEDS = {"call": 1}  # a call position costs ~5 ms to make and check
DEFAULT_SEEDS = 2
CONTRACT = {
    "worth": (
        "pairs",
        "quints",
        "set",
        "suit",
        "concealed",
        "self_drawn",
        "jokerless",
        "dragon_hand",
        "discard",
        "base_20",
    ),
    "name_hand": (
        "consecutive_run",
        "consecutive_odds",
        "consecutive_evens",
        "multiples_of_three",
        "like_numbers",
        "winds",
        "two_pungs_two_kongs",
        "pair_three_kongs",
        "pair_four_pungs",
        "three_pungs_quint",
        "kong_two_quints",
        "two_pairs_two_quints",
        "three_pairs_two_kongs",
        "four_pairs_two_pungs",
        "five_pairs_kong",
        "seven_pairs",
    ),
    "call": ("mah_jongg", "expose", "pair_only", "dead_joker", "impossible_exposure"),
}
NEVER_REPORTED = ("exposure_unused",)  # in CATALOGUE, but nothing in the engine reports it
TABLE_REASONS = (*OPTION_REASONS, "all_joker_block")  # reasons only a table option gives


@cache
def focused(kind: str, focus: str) -> tuple[Puzzle, ...]:
    return tuple(
        generate(kind, seed=seed, band=band, focus=focus)
        for band in BANDS
        for seed in range(SEEDS.get(kind, DEFAULT_SEEDS))
    )


def cases(kind: str) -> list[tuple[str, str]]:
    return [(kind, focus) for focus in FOCUSES[kind]]


def test_it_offers_the_contracts_focus_values() -> None:
    for kind, focuses in CONTRACT.items():
        assert FOCUSES[kind] == focuses
    reasons = [r for r in CATALOGUE if r not in NEVER_REPORTED]
    assert FOCUSES["winning_hand"] == ("valid", *reasons)
    for kind in ("charleston", "discard", "distance", "joker_exchange"):
        assert FOCUSES[kind] == ()
    assert set(FOCUSES) == set(KINDS)


@pytest.mark.parametrize(("kind", "focus"), cases("winning_hand"))
def test_it_makes_winning_hand_puzzles_that_fail_for_the_focus_first(kind: str, focus: str) -> None:
    for puzzle in focused(kind, focus):
        question, answer = puzzle.question, puzzle.answer
        rules = table_rules(question)
        result = check(question["hand"], rules=rules, self_drawn=question["self_drawn"])
        if focus == "valid":
            assert result.valid and answer["valid"] and rules == RuleSet() and "table" not in question
        else:
            assert not result.valid and result.reasons[0].id == focus, (puzzle, result.reasons)
            assert answer["reason_ids"][0] == focus
            assert focus in [c["value"] for c in question["choices"]]
        if focus in TABLE_REASONS:
            # The hand wins by the standard rules: only the table the question states refuses it.
            assert rules != RuleSet() and check(question["hand"]).valid
            assert "It was won on a discard." in question["prompt"]
            assert ("House rule 3" in question["prompt"]) == (focus == "minimum_hand")
            assert (f"skill level {rules.skill_level}" in question["prompt"]) == bool(rules.skill_level)
        else:
            assert rules == RuleSet()
        assert grade(kind, question, answer, right_response(puzzle)).correct
        assert not grade(kind, question, answer, wrong_response(puzzle)).correct


def test_it_names_each_skill_level_and_house_rule_in_the_table() -> None:
    for level in range(1, 6):
        reason = next(r for r in CATALOGUE if r.startswith(f"skill_{level}_"))
        puzzle = generate("winning_hand", seed=1, band=3, focus=reason)
        assert puzzle.question["table"] == {"house_rules": [], "skill_level": level, "all_joker_blocks": True}
    puzzle = generate("winning_hand", seed=1, band=1, focus="minimum_hand")
    assert puzzle.question["table"]["house_rules"] == [3]
    puzzle = generate("winning_hand", seed=1, band=1, focus="all_joker_block")
    assert puzzle.question["table"]["all_joker_blocks"] is False
    assert "block of jokers alone" in puzzle.question["prompt"]


@pytest.mark.parametrize(("kind", "focus"), cases("worth"))
def test_it_makes_worth_puzzles_with_the_focus(kind: str, focus: str) -> None:
    for puzzle in focused(kind, focus):
        question, answer = puzzle.question, puzzle.answer
        hand = parse_hand(question["hand"])
        best = check(hand, self_drawn=question["self_drawn"], base=question.get("base")).best
        assert best is not None and best.value == answer["value"]
        if focus == "base_20":
            assert question["base"] == 20 and "base of 20" in question["prompt"] and not best.dragon_hand
            # The same hand without the base of 20 is still valid, so its best reading has a value.
            assert best.value < check(hand, self_drawn=question["self_drawn"]).best.value  # type: ignore[union-attr, operator]
        elif focus in ("pairs", "quints", "set", "suit", "concealed"):
            assert best.bonuses is not None and best.bonuses[focus] > 0, (puzzle, best.bonuses)
        elif focus == "self_drawn":
            assert question["self_drawn"] and answer["discarder"] is None
        elif focus == "discard":
            assert not question["self_drawn"] and answer["discarder"] == 2 * answer["value"]
        elif focus == "jokerless":
            assert hand.jokers == 0 and not best.dragon_hand and "No jokers: doubled" in answer["explanation"]
        else:
            assert best.dragon_hand and focus == "dragon_hand"
        assert grade(kind, question, answer, right_response(puzzle)).correct
        assert not grade(kind, question, answer, wrong_response(puzzle)).correct


@pytest.mark.parametrize(("kind", "focus"), cases("name_hand"))
def test_it_makes_name_hand_puzzles_that_read_as_the_focus(kind: str, focus: str) -> None:
    for puzzle in focused(kind, focus):
        question, answer = puzzle.question, puzzle.answer
        readings = {(a.category, a.pattern) for a in check(question["hand"]).arrangements}
        assert any(focus in reading for reading in readings)
        assert any(focus in reading for reading in answer["accepted"])
        offered = [c["value"] for c in question["category_choices"] + question["pattern_choices"]]
        assert focus in offered
        assert grade(kind, question, answer, right_response(puzzle)).correct


@pytest.mark.parametrize(("kind", "focus"), cases("call"))
def test_it_makes_call_puzzles_of_the_focus_type(kind: str, focus: str) -> None:
    answers = {"mah_jongg": "mah_jongg", "expose": "expose"}
    for puzzle in focused(kind, focus):
        hand, tile = position(puzzle.question)
        advice = call(hand, tile)
        assert has_focus(focus, tile, advice)
        assert puzzle.answer["call"] == answers.get(focus, "none")
        calls = {o.call for o in advice.options}
        if focus == "pair_only":
            assert calls & {"pair", "flower_pair", "news"} and "expose" not in calls
        elif focus == "dead_joker":
            assert puzzle.question["tile"] == "J" and not any(o.legal for o in advice.options)
        elif focus == "impossible_exposure":
            assert any(o.call == "expose" and not o.legal for o in advice.options)
        assert grade(kind, puzzle.question, puzzle.answer, right_response(puzzle)).correct


def test_it_makes_the_same_focused_puzzle_from_the_same_arguments() -> None:
    puzzle = generate("winning_hand", seed=5, band=2, focus="woven")
    assert puzzle.focus == "woven" and generate("winning_hand", seed=5, band=2, focus="woven") == puzzle
    assert generate("winning_hand", seed=5, band=2).focus is None
    batch = generate_many("worth", count=6, band=2, seed=3, focus="suit")
    assert len({p.content_hash() for p in batch}) == 6 and all(p.focus == "suit" for p in batch)
    assert generate_many("worth", count=6, band=2, seed=3, focus="suit") == batch
    assert generate("worth", seed=batch[2].seed, band=2, focus="suit") == batch[2]


@pytest.mark.parametrize(
    ("kind", "focus", "words"),
    [
        ("winning_hand", "jokers", "choose one of valid, exposure_not_block"),
        ("winning_hand", "exposure_unused", "is not a focus"),
        ("worth", 3, "is not a focus of the 'What is it worth?' drill"),
        ("name_hand", "Winds", "choose one of consecutive_run"),
        ("charleston", "right", "has no focus: ask for it without one"),
        ("distance", "", "has no focus"),
    ],
)
def test_it_refuses_a_focus_the_kind_does_not_have(kind: str, focus: object, words: str) -> None:
    with pytest.raises(InputError, match=re.escape(words)):
        generate(kind, seed=1, band=1, focus=focus)  # type: ignore[arg-type]
    with pytest.raises(InputError, match=re.escape(words)):
        generate_many(kind, count=2, band=1, seed=1, focus=focus)  # type: ignore[arg-type]
