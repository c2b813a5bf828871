"""Drills about whole hands: winning hand?, what is it worth?, name the hand, how far?"""

from __future__ import annotations

from collections import Counter

import pytest

from cfmj.engine import check
from cfmj.engine.distance import distance
from cfmj.engine.drills import KINDS, generate, grade
from cfmj.engine.notation import parse_hand
from cfmj.engine.reasons import CATALOGUE

from .helpers import puzzles


def test_it_keeps_band_one_free_of_jokers_and_exposures() -> None:
    # The quick rules quiz shows tiles to ask about a rule (jokers too), not a hand to play; the
    # collecting drill shows another player's table, not a hand of yours.
    for kind in (k for k in KINDS if k != "rules_quiz"):
        for puzzle in puzzles(kind):
            if puzzle.band == 1 and kind != "collecting":
                assert "J" not in puzzle.question["hand"].split() and "[" not in puzzle.question["hand"]


def test_it_asks_about_valid_and_invalid_hands_in_every_band() -> None:
    seen = Counter((p.band, p.answer["valid"]) for p in puzzles("winning_hand"))
    for band in range(1, 6):
        assert seen[(band, True)] >= 5 and seen[(band, False)] >= 5, seen


def test_it_takes_valid_hands_and_reasons_from_check() -> None:
    reasons_seen: set[str] = set()
    for puzzle in puzzles("winning_hand"):
        result = check(puzzle.question["hand"])
        assert result.valid == puzzle.answer["valid"]
        assert puzzle.question["self_drawn"] is False
        assert puzzle.answer["reason_ids"] == [r.id for r in result.reasons]
        offered = [c["value"] for c in puzzle.question["choices"]]
        assert len(offered) == len(set(offered)) == 4
        assert all(c["label"] == CATALOGUE[c["value"]][1] for c in puzzle.question["choices"])
        if not result.valid:
            # the first real reason is offered, and no other of check's reasons is
            assert [r for r in offered if r in puzzle.answer["reason_ids"]] == [result.reasons[0].id]
            assert result.reasons[0].message in puzzle.answer["explanation"]
            reasons_seen.add(result.reasons[0].id)
    assert len(reasons_seen) >= 8, reasons_seen


def test_it_gives_half_marks_for_no_with_the_wrong_reason() -> None:
    puzzle = next(p for p in puzzles("winning_hand") if not p.answer["valid"])
    wrong_reason = next(
        c["value"] for c in puzzle.question["choices"] if c["value"] not in puzzle.answer["reason_ids"]
    )
    for reason in (wrong_reason, "", "xyz"):
        result = grade("winning_hand", puzzle.question, puzzle.answer, {"valid": "no", "reason": reason})
        assert (result.correct, result.score) == (False, 0.5)
        assert result.reason_ids == tuple(puzzle.answer["reason_ids"])
        assert "(rule" in result.explanation and "RULES" not in result.explanation
    said_yes = grade("winning_hand", puzzle.question, puzzle.answer, {"valid": "Yes"})
    assert (said_yes.correct, said_yes.score) == (False, 0.0)


def test_it_explains_a_valid_hand_by_category_set_and_pattern() -> None:
    puzzle = next(p for p in puzzles("winning_hand") if p.answer["valid"])
    best = check(puzzle.question["hand"]).best
    assert best is not None and best.pattern is not None
    result = grade("winning_hand", puzzle.question, puzzle.answer, {"valid": "no", "reason": "woven"})
    assert not result.correct
    assert "-".join(best.members) in result.explanation
    assert "2.2" in result.rules and "2.3" in result.rules


def test_it_values_hands_as_check_does() -> None:
    both: Counter[bool] = Counter()
    for puzzle in puzzles("worth"):
        self_drawn = puzzle.question["self_drawn"]
        best = check(puzzle.question["hand"], self_drawn=self_drawn).best
        assert best is not None
        assert puzzle.answer["value"] == best.value
        assert puzzle.answer["discarder"] == (None if self_drawn else 2 * (best.value or 0))
        assert f"Value: {best.value}" in puzzle.answer["explanation"] or best.dragon_hand
        both[self_drawn] += 1
    assert both[True] and both[False]


def test_it_gives_half_marks_for_the_value_without_the_discarder() -> None:
    puzzle = next(p for p in puzzles("worth") if not p.question["self_drawn"])
    value = str(puzzle.answer["value"])
    half = grade("worth", puzzle.question, puzzle.answer, {"value": value, "discarder": value})
    assert (half.correct, half.score) == (False, 0.5)
    assert "discarder pays" in half.explanation
    drawn = next(p for p in puzzles("worth") if p.question["self_drawn"])
    response = {"value": str(drawn.answer["value"]), "discarder": "x"}
    ignored = grade("worth", drawn.question, drawn.answer, response)
    assert ignored.correct


def test_it_accepts_any_reading_of_the_hand_and_half_of_one() -> None:
    several = 0
    for puzzle in puzzles("name_hand"):
        readings = {(a.category, a.pattern or "special") for a in check(puzzle.question["hand"]).arrangements}
        assert {tuple(r) for r in puzzle.answer["accepted"]} == readings
        for category, pattern in readings:
            response = {"category": category or "", "pattern": pattern}
            result = grade("name_hand", puzzle.question, puzzle.answer, response)
            assert result.correct
        several += len(readings) > 1
        values = {c["value"] for c in puzzle.question["category_choices"]}
        assert {c for c, _ in readings} <= values
        assert {p for _, p in readings} <= {c["value"] for c in puzzle.question["pattern_choices"]}
    assert several  # some hands read more than one way
    puzzle = puzzles("name_hand")[0]
    category, pattern = puzzle.answer["accepted"][0]
    other = next(
        c["value"]
        for c in puzzle.question["pattern_choices"]
        if c["value"] not in {p for _, p in puzzle.answer["accepted"]}
    )
    half = grade("name_hand", puzzle.question, puzzle.answer, {"category": category, "pattern": other})
    assert (half.correct, half.score) == (False, 0.5)


def test_it_measures_distance_with_the_engine_and_keeps_band_one_near() -> None:
    for puzzle in puzzles("distance"):
        hand = parse_hand(puzzle.question["hand"])
        assert len(hand) == 13
        assert puzzle.answer["tiles_needed"] == distance(hand).tiles_needed
        if puzzle.band == 1:
            assert puzzle.answer["tiles_needed"] in (1, 2)
    farthest = {b: max(p.answer["tiles_needed"] for p in puzzles("distance") if p.band == b) for b in (1, 5)}
    assert farthest[5] > farthest[1]


@pytest.mark.parametrize(("band", "seed"), [(2, 1789), (3, 1923), (4, 2469), (5, 715)])
def test_it_skips_a_distance_hand_with_every_group_exposed(band: int, seed: int) -> None:
    # These seeds drew an entry laid out with no concealed tile, and the tile to take away was
    # picked from an empty list (found by a refill test with a random seed).
    puzzle = generate("distance", seed=seed, band=band)
    hand = parse_hand(puzzle.question["hand"])
    assert len(hand) == 13
    assert puzzle.answer["tiles_needed"] == distance(hand).tiles_needed
