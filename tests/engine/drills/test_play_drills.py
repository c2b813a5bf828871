"""Drills about play: what would you pass?, can you call it?, joker exchange, which discard?"""

from __future__ import annotations

from collections import Counter

import pytest

from cfmj.engine.charleston import charleston
from cfmj.engine.drills import Graded, generate, grade
from cfmj.engine.drills.call import position
from cfmj.engine.drills.common import Mark
from cfmj.engine.notation import parse_hand
from cfmj.engine.play_advice import call, discard
from cfmj.engine.tiles import FLOWER, JOKER, MAX_COPIES, MAX_FLOWERS, MAX_JOKERS, code, codes, parse_tile

from .helpers import puzzles


def test_it_grades_a_pass_as_the_charleston_advice_does() -> None:
    for puzzle in puzzles("charleston"):
        hand = parse_hand(puzzle.question["hand"])
        assert len(hand) == 13 and not hand.exposures
        assert puzzle.question["tiles"] == [code(t) for t in hand.concealed]
        advice = charleston(hand, direction=puzzle.question["direction"])
        assert puzzle.answer["pass"] == " ".join(puzzle.answer["pass"].split())
        assert advice.best.given == parse_hand(puzzle.answer["pass"]).concealed
    puzzle = puzzles("charleston")[0]
    graded: dict[float, Graded] = {}
    ranked = charleston(puzzle.question["hand"]).ranked
    for score in (*ranked[:2], *ranked[-2:]):
        result = grade("charleston", puzzle.question, puzzle.answer, {"pass": codes(score.given)})
        graded.setdefault(result.score, result)
    assert 1.0 in graded and 0.0 in graded
    for mark, result in graded.items():
        assert result.correct == (mark == 1.0)
        assert "It aims at" in result.explanation and "(rule: Playing a hand)" in result.explanation
        assert "target hand" not in result.explanation and "ranks" not in result.explanation


@pytest.mark.parametrize(
    ("proposed", "message"),
    [
        ("J 1C 2C", "Jokers are never passed"),
        ("1C 2C", "exactly three tiles"),
        ("", "exactly three tiles"),
        ("QQ 1C 2C", "not a tile"),
    ],
)
def test_it_explains_a_malformed_pass(proposed: str, message: str) -> None:
    puzzle = puzzles("charleston")[0]
    result = grade("charleston", puzzle.question, puzzle.answer, {"pass": proposed})
    assert (result.correct, result.score) == (False, 0.0)
    assert message in result.explanation and result.rules == ("6",)


def test_it_refuses_to_pass_a_tile_not_held() -> None:
    puzzle = puzzles("charleston")[0]
    held = set(puzzle.question["hand"].split())
    missing = next(c for c in ("1C", "5B", "9D", "RD", "N", "F", "2D") if c not in held)
    result = grade("charleston", puzzle.question, puzzle.answer, {"pass": f"{missing} {missing} {missing}"})
    assert not result.correct and "not in the hand" in result.explanation


def _strongest(hand_text: str, tile: str) -> str:
    advice = call(parse_hand(hand_text), parse_tile(tile))
    legal = {o.call for o in advice.options if o.legal}
    return "mah_jongg" if "mah_jongg" in legal else "expose" if "expose" in legal else "none"


def test_it_asks_for_every_call_and_answers_with_the_strongest_legal_one() -> None:
    answers: Counter[str] = Counter()
    for puzzle in puzzles("call"):
        hand, tile = position(puzzle.question)
        assert len(hand) == 13
        assert puzzle.answer["call"] == _strongest(puzzle.question["hand"], puzzle.question["tile"])
        assert {c["value"] for c in puzzle.question["choices"]} == {"mah_jongg", "expose", "none"}
        answers[puzzle.answer["call"]] += 1
        counts = Counter(hand.tiles)
        counts[tile] += 1
        assert all(n <= MAX_COPIES for t, n in counts.items() if t not in (JOKER, FLOWER))
    assert all(answers[a] >= 5 for a in ("mah_jongg", "expose", "none")), answers


@pytest.mark.parametrize(("band", "seed"), [(4, 102363), (5, 100528)])
def test_it_skips_a_call_position_with_no_concealed_tile_to_take(band: int, seed: int) -> None:
    # These seeds laid out a hand whose natural tiles were all exposed, and the Mah Jongg (or
    # joker) position picked its tile from an empty list (found by scanning seeds).
    puzzle = generate("call", seed=seed, band=band)
    hand, _ = position(puzzle.question)
    assert len(hand) == 13
    assert puzzle.answer["call"] == _strongest(puzzle.question["hand"], puzzle.question["tile"])


def test_it_lets_you_take_exactly_the_jokers_whose_tile_you_hold() -> None:
    sizes: Counter[int] = Counter()
    for puzzle in puzzles("joker_exchange"):
        rack = parse_hand(puzzle.question["hand"]).concealed
        takeable = []
        table = Counter(parse_hand(puzzle.question["hand"]).tiles)
        for exposure in puzzle.question["exposures"]:
            tiles = [parse_tile(t) for t in exposure["tiles"].split()]
            if not exposure["yours"]:
                table.update(tiles)
            if JOKER in tiles:
                named = next(t for t in tiles if t != JOKER)
                if named in rack:
                    takeable.append(exposure["id"])
        assert puzzle.answer["take"] == takeable
        shown = [e for row in puzzle.question["table"] for e in row["exposures"]]
        assert sorted(shown) == sorted(e["tiles"] for e in puzzle.question["exposures"])
        assert table[JOKER] <= MAX_JOKERS and table[FLOWER] <= MAX_FLOWERS
        assert all(n <= MAX_COPIES for t, n in table.items() if t not in (JOKER, FLOWER))
        offered = [c["value"] for c in puzzle.question["choices"]]
        assert offered[-1] == "none" and set(takeable) <= set(offered)
        sizes[len(takeable)] += 1
    assert sizes[0] and sizes[1] and sizes[2], sizes


def test_it_gives_half_marks_for_some_takeable_jokers_and_none_for_a_wrong_one() -> None:
    puzzle = next(p for p in puzzles("joker_exchange") if len(p.answer["take"]) >= 2)
    take = puzzle.answer["take"]
    half = grade("joker_exchange", puzzle.question, puzzle.answer, {"take": take[0]})
    assert (half.correct, half.score) == (False, 0.5)
    response = {"take": " , ".join(reversed(take)).upper()}
    spaced = grade("joker_exchange", puzzle.question, puzzle.answer, response)
    assert spaced.correct
    stuck = [v for v in puzzle.answer["offered"] if v not in take]
    if stuck:
        wrong = grade("joker_exchange", puzzle.question, puzzle.answer, {"take": ",".join([*take, stuck[0]])})
        assert wrong.score == 0.0
    none = next(p for p in puzzles("joker_exchange") if not p.answer["take"])
    assert grade("joker_exchange", none.question, none.answer, {"take": "none"}).correct
    assert not grade("joker_exchange", none.question, none.answer, {"take": ""}).correct


def test_it_grades_a_discard_as_the_discard_advice_does() -> None:
    for puzzle in puzzles("discard"):
        hand = parse_hand(puzzle.question["hand"])
        assert len(hand) == 14
        assert puzzle.question["tiles"] == [code(t) for t in hand.concealed]
        ranked = discard(hand).ranked
        best = grade("discard", puzzle.question, puzzle.answer, {"tile": puzzle.answer["tile"].lower()})
        assert best.correct
        worst = discard(hand, proposed=ranked[-1].given[0]).graded
        assert worst is not None
        result = grade("discard", puzzle.question, puzzle.answer, {"tile": code(ranked[-1].given[0])})
        assert result.score == {"best": 1.0, "good": 0.5, "weak": 0.0}[worst.verdict]


def test_a_discard_as_near_that_fewer_draws_would_help_is_half_right_and_says_so() -> None:
    found = 0
    for puzzle in puzzles("discard"):
        advised = puzzle.answer["marks"][puzzle.answer["tile"]]
        for tile, row in puzzle.answer["marks"].items():
            mark = Mark(*row)
            if mark.verdict == "good" and mark.acceptance < Mark(*advised).acceptance:
                result = grade("discard", puzzle.question, puzzle.answer, {"tile": tile})
                assert result.score == 0.5
                assert "Fewer draws would help it:" in result.explanation
                assert "fewer hands in view" not in result.explanation
                found += 1
    assert found


def test_it_marks_every_pass_as_the_advice_would_from_the_stored_table() -> None:
    for puzzle in puzzles("charleston")[:3]:
        hand = parse_hand(puzzle.question["hand"])
        without_table = {**puzzle.answer, "marks": {}}
        assert len(puzzle.answer["marks"]) == len(charleston(hand).ranked)
        for given in puzzle.answer["marks"]:
            stored = grade("charleston", puzzle.question, puzzle.answer, {"pass": given})
            live = grade("charleston", puzzle.question, without_table, {"pass": given})
            assert stored == live


def test_it_marks_every_discard_as_the_advice_would_from_the_stored_table() -> None:
    for puzzle in puzzles("discard"):
        hand = parse_hand(puzzle.question["hand"])
        without_table = {**puzzle.answer, "marks": {}}
        assert set(puzzle.answer["marks"]) == {code(t) for t in hand.concealed}
        for tile in puzzle.answer["marks"]:
            stored = grade("discard", puzzle.question, puzzle.answer, {"tile": tile})
            live = grade("discard", puzzle.question, without_table, {"tile": tile})
            assert stored == live
