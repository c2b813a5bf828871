"""Drill "Which hand to aim for?": a rack, and the target hand the advice aims at among worse ones."""

from __future__ import annotations

from statistics import mean

import pytest

from cfmj.engine import InputError
from cfmj.engine.aims import aims, key_of
from cfmj.engine.drills import generate, grade
from cfmj.engine.drills.aim_hand import CHOICES, GAPS, mark, reason, value_of
from cfmj.engine.drills.common import GOOD, HEADLINES
from cfmj.engine.drills.scope import Scope, asked_within
from cfmj.engine.evaluation import keep_scorer
from cfmj.engine.game.advice_player import BOT_SHORTLIST
from cfmj.engine.notation import parse_hand
from cfmj.engine.rulebook import RULE_LINES
from cfmj.engine.tiles import FLOWER, JOKER

from .helpers import puzzles

ONE_AWAY = parse_hand("1C 1C 2C 2C 2C 3C 3C 3C 3C 4C 4C 4C 4C")


def test_the_rack_is_thirteen_concealed_tiles_with_two_jokers_at_most_and_none_in_band_one() -> None:
    for puzzle in puzzles("aim_hand"):
        rack = parse_hand(puzzle.question["hand"])
        assert len(rack.concealed) == 13 and not rack.exposures
        assert rack.concealed.count(JOKER) <= 2  # as in all but about 2% of deals
        if puzzle.band == 1:
            assert JOKER not in rack.concealed


def test_the_one_best_choice_is_the_hand_the_advice_and_the_bots_aim_at() -> None:
    for puzzle in puzzles("aim_hand"):
        rack, answer = parse_hand(puzzle.question["hand"]), puzzle.answer
        best = [value for value, kept in answer["choices"].items() if kept["mark"] == "best"]
        assert best == [answer["target"]]
        assert answer["target"] == value_of(key_of(keep_scorer(rack).best([()]).target))
        assert answer["target"] == value_of(key_of(keep_scorer(rack, BOT_SHORTLIST).best([()]).target))
        assert answer["tiles_needed"] == answer["choices"][answer["target"]]["tiles_needed"]


def test_every_other_choice_is_worse_by_the_bands_gap() -> None:
    for puzzle in puzzles("aim_hand"):
        answer, band = puzzle.answer, puzzle.band
        offered = [c["value"] for c in puzzle.question["choices"]]
        assert len(offered) == len(set(offered)) == CHOICES[band] and set(offered) == set(answer["choices"])
        near, most = answer["tiles_needed"], answer["choices"][answer["target"]]["copies_left"]
        low, high = GAPS[band]
        for value, kept in answer["choices"].items():
            if value == answer["target"]:
                continue
            gap = kept["tiles_needed"] - near
            assert low <= gap <= high, (puzzle, value)
            if kept["mark"] == "good":  # as near, fewer tiles help it
                assert gap == 0 and kept["copies_left"] < most
            else:
                assert kept["mark"] == "weak" and gap > 0


def test_higher_bands_put_the_choices_nearer_each_other() -> None:
    def gaps(band: int) -> float:
        return mean(
            int(kept["tiles_needed"]) - int(p.answer["tiles_needed"])
            for p in puzzles("aim_hand")
            if p.band == band
            for value, kept in p.answer["choices"].items()
            if value != p.answer["target"]
        )

    spread = [gaps(band) for band in range(1, 6)]
    assert spread == sorted(spread, reverse=True) and spread[0] >= 3 and spread[4] <= 1


def test_the_reason_says_what_the_jokers_flowers_and_pairs_do_for_each_hand() -> None:
    for puzzle in puzzles("aim_hand"):
        rack = parse_hand(puzzle.question["hand"])
        for kept in puzzle.answer["choices"].values():
            reason = kept["reason"]
            assert f"is {kept['tiles_needed']} tile" in reason
            assert ("joker" in reason) == (JOKER in rack.concealed), reason
            assert ("flower" in reason) == (FLOWER in rack.concealed), reason
            assert "copies" in reason or "copy" in reason or "none of your tiles" in reason


def test_a_hand_as_near_with_fewer_ways_to_finish_is_good_and_a_farther_one_weak() -> None:
    advised, *others = aims(ONE_AWAY, within=1)
    as_near = next(aim for aim in others if aim.tiles_needed == 1)
    farther = next(aim for aim in others if aim.tiles_needed == 2)
    assert as_near.copies_left < advised.copies_left  # one 2C left against two 1C
    assert (mark(advised, advised), mark(advised, as_near), mark(advised, farther)) == (
        "best",
        "good",
        "weak",
    )


def test_it_grades_best_good_and_weak_choices_with_the_three_headlines() -> None:
    seen = set()
    for puzzle in puzzles("aim_hand"):
        for value, kept in puzzle.answer["choices"].items():
            result = grade("aim_hand", puzzle.question, puzzle.answer, {"target": value})
            score = {"best": 1.0, "good": GOOD, "weak": 0.0}[kept["mark"]]
            assert (result.score, result.headline) == (score, HEADLINES[score])
            assert puzzle.answer["why"] in result.explanation and "(rule" in result.explanation
            if kept["mark"] != "best":
                assert kept["reason"] in result.explanation
            seen.add(kept["mark"])
    assert seen == {"best", "good", "weak"}


def test_a_hand_not_offered_is_wrong_and_says_so() -> None:
    puzzle = puzzles("aim_hand")[0]
    result = grade("aim_hand", puzzle.question, puzzle.answer, {"target": "winds/N-S/seven_pairs"})
    assert not result.correct and result.explanation.startswith("Choose one of the hands offered")


def test_within_a_scope_it_offers_only_taught_categories_and_patterns() -> None:
    lines = [line for line in RULE_LINES if line.startswith(("1_", "2_1_", "2_2_"))]
    scope = Scope.of([*lines, "2_winning_hand_is_dragon_hand_or_category_set_pattern", "2_3_consecutive_run"])
    for seed in range(6):
        puzzle = generate("aim_hand", seed=seed, band=2, scope=scope)
        assert all(c["value"].startswith("consecutive_run/") for c in puzzle.question["choices"])
        assert all(kept["category"] == "consecutive_run" for kept in puzzle.answer["choices"].values())


def test_a_hand_of_pairs_in_one_suit_is_said_to_stay_concealed_and_earn_the_suit_bonus() -> None:
    rack = parse_hand("1C 1C 2C 2C 3C 3C 4C 4C 5C 5C 6C 6C 7C")
    seven = next(aim for aim in aims(rack, within=0) if aim.entry.pattern == "seven_pairs")
    words = reason(rack, seven)
    assert "so it stays concealed, for the concealed bonus" in words
    assert "it earns the suit bonus" in words
    untaught = Scope.of(line for line in RULE_LINES if line.startswith(("1_", "2_")))
    with asked_within(untaught):  # before the bonuses are taught, neither is named
        assert "bonus" not in reason(rack, seven)


def test_before_the_categories_are_taught_it_says_so_instead_of_failing() -> None:
    scope = Scope.of(line for line in RULE_LINES if line.startswith(("1_", "2_1_", "2_2_")))
    with pytest.raises(InputError, match="more hands than have been taught"):
        generate("aim_hand", seed=1, band=2, scope=scope)
