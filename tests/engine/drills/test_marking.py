"""Marking: a part left blank or unreadable is asked for again, never marked;
numbers are read in words too; a half-right answer says what was right and what was not; every
reason that holds for a hand counts; the reasons' names can be told apart."""

from __future__ import annotations

from typing import Any

import pytest

from cfmj.engine.drills import Puzzle, asked_again, generate, grade, unanswered
from cfmj.engine.drills.common import GOOD, HALF_RIGHT, HEADLINES
from cfmj.engine.drills.winning_hand import true_reasons
from cfmj.engine.reasons import CATALOGUE, NOT_A_SET, NUMBER_REPEATED, TILE_IN_TWO_BLOCKS
from tests.engine.drills.helpers import puzzles

# The hand a learner was marked wrong on: 2 fills two blocks (2C and 2D), and 2-5 is no set either.
TWO_REASONS = "2C 2C 5B 5B 5B 5B 2D 2D RD RD RD RD J J"


def _on_a_discard() -> Any:
    return generate("worth", seed=3, band=2, focus="discard")


def _self_drawn() -> Any:
    return generate("worth", seed=3, band=2, focus="self_drawn")


# What is it worth?


def test_it_asks_again_for_a_blank_discarder_box_when_the_question_asks_it() -> None:
    puzzle = _on_a_discard()
    value = str(puzzle.answer["value"])
    assert puzzle.question["self_drawn"] is False and puzzle.answer["discarder"]
    assert unanswered("worth", {"value": value, "discarder": ""}, puzzle.question) == ("discarder",)
    assert asked_again("worth", ("discarder",)) == ("Write what the discarder pays as a number too.",)


def test_it_never_needs_the_discarder_box_of_a_self_drawn_hand() -> None:
    puzzle = _self_drawn()
    response = {"value": str(puzzle.answer["value"]), "discarder": ""}
    assert unanswered("worth", response, puzzle.question) == ()
    assert grade("worth", puzzle.question, puzzle.answer, response).correct


def test_it_never_marks_a_blank_discarder_box_wrong() -> None:
    puzzle = _on_a_discard()
    marked = grade("worth", puzzle.question, puzzle.answer, {"value": str(puzzle.answer["value"])})
    assert "not ''" not in marked.explanation and "The value is right" in marked.explanation


@pytest.mark.parametrize("said", ["{value} points", "{value} pts", "{words}", "{words} points"])
def test_it_reads_the_value_in_words_or_with_points(said: str) -> None:
    puzzle = generate("worth", seed=0, band=1, focus="self_drawn")
    assert puzzle.answer["value"] == 160
    response = {"value": said.format(value=160, words="One hundred and sixty")}
    assert unanswered("worth", response, puzzle.question) == ()
    assert grade("worth", puzzle.question, puzzle.answer, response).correct


def test_it_asks_again_for_a_value_it_cannot_read_without_revealing_it() -> None:
    puzzle = _on_a_discard()
    for said in ("lots", "80?5", "eighty-ish"):
        response = {"value": said, "discarder": "100"}
        assert unanswered("worth", response, puzzle.question) == ("value",)
    assert asked_again("worth", ("value",)) == ("Write the points as a number, e.g. 80.",)


def test_it_reads_the_discarders_payment_in_words_too() -> None:
    puzzle = _on_a_discard()
    pays = puzzle.answer["discarder"]
    words = {100: "one hundred", 120: "a hundred and twenty"}.get(pays, str(pays))
    response = {"value": f"{puzzle.answer['value']} points", "discarder": words}
    assert grade("worth", puzzle.question, puzzle.answer, response).correct


def test_it_says_which_half_of_a_worth_answer_is_right() -> None:
    puzzle = _on_a_discard()
    value, pays = puzzle.answer["value"], puzzle.answer["discarder"]
    wrong_pays = grade("worth", puzzle.question, puzzle.answer, {"value": str(value), "discarder": "7"})
    assert (wrong_pays.score, wrong_pays.headline) == (GOOD, HALF_RIGHT)
    assert wrong_pays.explanation.startswith(f"The value is right: {value}. What the discarder pays is not:")
    wrong_value = grade("worth", puzzle.question, puzzle.answer, {"value": "7", "discarder": str(pays)})
    assert (wrong_value.score, wrong_value.headline) == (GOOD, HALF_RIGHT)
    assert wrong_value.explanation.startswith(f"What the discarder pays is right: {pays}. The value is not:")


# Winning hand?


def _two_reasons_question() -> tuple[dict[str, Any], dict[str, Any]]:
    question = {
        "prompt": "Is this a winning hand?",
        "hand": TWO_REASONS,
        "self_drawn": False,
        "choices": [
            {"value": r, "label": CATALOGUE[r][1]} for r in (NUMBER_REPEATED, NOT_A_SET, TILE_IN_TWO_BLOCKS)
        ],
    }
    answer = {
        "valid": False,
        "reason_ids": [NUMBER_REPEATED],
        "explanation": "Why.",
        "rules": ["2.3"],
        "expected": "No.",
    }
    return question, answer


def test_it_counts_both_offered_reasons_that_hold_as_right() -> None:
    question, answer = _two_reasons_question()
    assert {NUMBER_REPEATED, NOT_A_SET} <= set(true_reasons(question))  # type: ignore[arg-type]
    for reason in (NUMBER_REPEATED, NOT_A_SET):
        marked = grade("winning_hand", question, answer, {"valid": "no", "reason": reason})
        assert marked.correct, reason
    assert (
        "is right too"
        in grade("winning_hand", question, answer, {"valid": "no", "reason": NOT_A_SET}).explanation
    )


def test_it_says_what_was_right_and_what_was_not_for_a_wrong_reason() -> None:
    question, answer = _two_reasons_question()
    marked = grade("winning_hand", question, answer, {"valid": "no", "reason": TILE_IN_TWO_BLOCKS})
    assert (marked.score, marked.headline) == (GOOD, HALF_RIGHT)
    assert marked.headline != HEADLINES[GOOD]
    assert marked.explanation.startswith("The hand is right: it is not a winning hand. The reason is not:")


def test_it_asks_again_for_the_reason_of_a_no() -> None:
    question, _ = _two_reasons_question()
    assert unanswered("winning_hand", {"valid": "no", "reason": ""}, question) == ("reason",)
    assert unanswered("winning_hand", {"valid": "yes", "reason": ""}, question) == ()
    assert asked_again("winning_hand", ("reason",)) == ("You answered No: choose the main problem too.",)


def test_every_offered_reason_the_hand_breaks_is_right_in_generated_puzzles() -> None:
    for puzzle in puzzles("winning_hand")[:60]:
        if puzzle.answer["valid"]:
            continue
        holds = true_reasons(puzzle.question)
        for offered in puzzle.question["choices"]:
            marked = grade(
                "winning_hand", puzzle.question, puzzle.answer, {"valid": "no", "reason": offered["value"]}
            )
            assert marked.correct == (offered["value"] in holds), (puzzle.question["hand"], offered)


def test_the_two_repeat_reasons_have_names_a_learner_can_tell_apart() -> None:
    same_tile, same_number = CATALOGUE[TILE_IN_TWO_BLOCKS][1], CATALOGUE[NUMBER_REPEATED][1]
    assert "tile" in same_tile.lower() and "tile" not in same_number.lower()
    assert "number" in same_number.lower() and "number" not in same_tile.lower()
    titles = [title for _, title in CATALOGUE.values()]
    assert len(set(titles)) == len(titles)


# Half answers in the other kinds


def _half(puzzle: Puzzle) -> dict[str, str]:
    """Half an answer: the category without its pattern, or one joker of two."""
    if puzzle.kind == "name_hand":
        return {"category": puzzle.answer["accepted"][0][0], "pattern": "nonsense"}
    return {"take": puzzle.answer["take"][0]}


def test_no_half_answer_is_headed_good_but_there_is_better() -> None:
    for kind in ("name_hand", "joker_exchange"):
        seen = 0
        for puzzle in puzzles(kind):
            if kind == "joker_exchange" and len(puzzle.answer["take"]) < 2:
                continue
            if kind == "name_hand" and puzzle.question.get("category_choices") == []:
                continue
            marked = grade(kind, puzzle.question, puzzle.answer, _half(puzzle))
            assert (marked.score, marked.headline) == (GOOD, HALF_RIGHT), (kind, marked)
            assert " right." in marked.explanation.split(". ")[0] + ".", marked.explanation
            seen += 1
        assert seen, kind
