"""Winning hand?: only a reason the question offered can earn the mark. A true reason it never
showed (sent by a hand-made form) is "not one of the choices", as any unknown reason is."""

from __future__ import annotations

from cfmj.engine import drills
from cfmj.engine.drills.common import HALF_RIGHT


def _with_an_unoffered_true_reason() -> tuple[drills.Puzzle, str]:
    for seed in range(400):
        puzzle = drills.generate("winning_hand", seed=seed, band=3)
        offered = {c["value"] for c in puzzle.question["choices"]}
        hidden = [r for r in puzzle.answer["reason_ids"] if r not in offered]
        if hidden:
            return puzzle, hidden[0]
    raise AssertionError("no puzzle with a true reason left out of its choices in 400 seeds")


def test_a_true_reason_that_was_not_offered_does_not_earn_the_mark() -> None:
    puzzle, hidden = _with_an_unoffered_true_reason()
    graded = drills.grade(puzzle.kind, puzzle.question, puzzle.answer, {"valid": "no", "reason": hidden})
    assert not graded.correct and graded.headline == HALF_RIGHT
    assert "not one of the choices" in graded.explanation


def test_the_offered_true_reason_earns_it() -> None:
    puzzle, _ = _with_an_unoffered_true_reason()
    offered = [c["value"] for c in puzzle.question["choices"]]
    right = next(r for r in puzzle.answer["reason_ids"] if r in offered)
    assert drills.grade(puzzle.kind, puzzle.question, puzzle.answer, {"valid": "no", "reason": right}).correct
