"""Why a pass or a discard is advised, said with the tiles: the hand aimed
at, what the choice keeps together for it, what it still needs, and what a weaker choice breaks
up; no counts of "target hands" and no ranks."""

from __future__ import annotations

import pytest

from cfmj.engine.charleston import charleston
from cfmj.engine.drills import generate, grade
from cfmj.engine.labels import codes_named
from cfmj.engine.play_advice import discard
from tests.engine.helpers import spell

LOOSE = "1C*4 2C*4 3C*2 N*2 E"  # 13: a run 1-2-3; winds cannot join a number hand
NEAR = "1C*3 2C*3 3C*3 4C*2 N E RD"  # 14: a run 1-2-3-4, two winds and a dragon
STATISTICS = ("target hand", "ranks", "within")


def test_the_charleston_advice_names_the_tiles_kept_together_and_the_hand_aimed_at() -> None:
    why = charleston(spell(LOOSE), direction="left").why
    assert why.startswith(
        "Pass North, North and East to the left: none of them is part of your nearest hand."
    )
    assert "It aims at Consecutive Run 1-2-3" in why
    assert "you keep four 1 Craks, four 2 Craks and two 3 Craks together for it" in why
    assert not any(word in why for word in STATISTICS)


def test_the_discard_advice_names_the_tiles_kept_together_and_what_is_still_needed() -> None:
    why = discard(spell(NEAR)).why
    assert why.startswith(
        "Discard North: it is not part of your nearest hand. It aims at Consecutive Run 1-2-3-4"
    )
    kept = "three 1 Craks, three 2 Craks, three 3 Craks, two 4 Craks and Red Dragon"
    assert f"you keep {kept} together for it" in why
    assert "it still needs two Red Dragons (2 tiles)" in why
    assert not any(word in why for word in STATISTICS)


@pytest.mark.parametrize(("kind", "field"), [("charleston", "pass"), ("discard", "tile")])
def test_a_weaker_choice_is_told_what_it_breaks_up(kind: str, field: str) -> None:
    broken = 0
    for seed in range(4):
        puzzle = generate(kind, seed=seed, band=2)
        marks = puzzle.answer["marks"]
        for given, mark in marks.items():
            if mark[0] != "weak":
                continue
            marked = grade(kind, puzzle.question, puzzle.answer, {field: given})
            assert not any(word in marked.explanation for word in STATISTICS), marked.explanation
            if set(given.split()) & set(puzzle.answer["aim"].split()):
                assert f"{puzzle.answer['aim_name']} needs" in marked.explanation, marked.explanation
                broken += 1
    assert broken


def test_the_advised_choice_is_told_it_keeps_the_hand_together() -> None:
    puzzle = generate("discard", seed=1, band=2)
    marked = grade("discard", puzzle.question, puzzle.answer, {"tile": puzzle.answer["tile"]})
    assert marked.correct
    named = codes_named(puzzle.answer["tile"])
    assert f"Discarding {named} keeps your nearest hand together" in marked.explanation
