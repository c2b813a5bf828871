"""A class's table (house rules, skill level): the kinds whose answer depends on it judge and value
hands under it and say so; the standard table gives exactly the puzzles of no table."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import pytest

from cfmj.engine import InputError, check
from cfmj.engine.drills import (
    BANDS,
    DEFINITIONS,
    IGNORES_TABLE,
    KINDS,
    TABLE_KINDS,
    Puzzle,
    generate,
    generate_many,
    grade,
)
from cfmj.engine.drills.table import table_rules
from cfmj.engine.ruleset import RuleSet

from .helpers import right_response, wrong_response

SEEDS = 4
TABLES = {
    "minimum_hand": RuleSet.make(house_rules=[3]),
    "level_3": RuleSet.make(skill_level=3),
    "level_5": RuleSet.make(skill_level=5),
    "minimum_hand_level_3": RuleSet.make(house_rules=[3], skill_level=3),
    "set_of_144_level_4": RuleSet.make(house_rules=[2], skill_level=4),
    "base_20": RuleSet.make(house_rules=[3], base=20),
}
SLOW = [d.name for d in DEFINITIONS if d.slow]  # a puzzle of these takes a second or more to make
CASES = [(kind, name) for kind in TABLE_KINDS for name in TABLES]


@cache
def tabled(kind: str, name: str) -> tuple[Puzzle, ...]:
    return tuple(
        generate(kind, seed=seed, band=band, table=TABLES[name]) for band in BANDS for seed in range(SEEDS)
    )


def test_it_names_a_reason_for_every_kind_that_ignores_the_table() -> None:
    assert set(TABLE_KINDS) == {"winning_hand", "worth", "name_hand"}
    assert set(TABLE_KINDS) | set(IGNORES_TABLE) == set(KINDS)
    assert not set(TABLE_KINDS) & set(IGNORES_TABLE)


@pytest.mark.parametrize("kind", KINDS)
def test_it_gives_todays_puzzles_for_the_standard_table(kind: str) -> None:
    seeds = range(2) if kind in ("charleston", "discard", "call", *SLOW) else range(6)
    for band in (1, 3, 5):
        for seed in seeds:
            plain = generate(kind, seed=seed, band=band)
            for table in (RuleSet(), RuleSet.make(house_rules=[1])):  # house rule 1 changes no hand
                same = generate(kind, seed=seed, band=band, table=table)
                assert same.content_hash() == plain.content_hash() and same.answer == plain.answer


@pytest.mark.parametrize(("kind", "name"), CASES)
def test_it_answers_by_the_table_and_names_it(kind: str, name: str) -> None:
    table = TABLES[name]
    for puzzle in tabled(kind, name):
        question, answer = puzzle.question, puzzle.answer
        assert table_rules(question) == (table if kind == "worth" else replace(table, base=25))
        assert question["table"]["house_rules"] == sorted(table.house_rules)
        if table.skill_level:
            assert f"Your class plays skill level {table.skill_level}:" in question["prompt"]
        for number in table.house_rules:
            assert f"Your class plays house rule {number}:" in question["prompt"]
        if kind == "winning_hand":
            result = check(question["hand"], rules=table, self_drawn=question["self_drawn"])
            assert answer["valid"] == result.valid
            assert answer["reason_ids"] == [r.id for r in result.reasons]
        elif kind == "worth":
            result = check(question["hand"], rules=table, self_drawn=question["self_drawn"])
            assert result.best is not None and answer["value"] == result.best.value
            assert ("base of 20" in question["prompt"]) == (table.base == 20)
        else:
            result = check(question["hand"], rules=table)
            assert result.valid
            readings = {(a.category or "", a.pattern or "special") for a in result.arrangements}
            assert {tuple(r) for r in answer["accepted"]} == readings
        assert grade(kind, question, answer, right_response(puzzle)).correct
        assert not grade(kind, question, answer, wrong_response(puzzle)).correct


def test_it_lets_the_table_refuse_hands_the_standard_rules_accept() -> None:
    puzzles = [p for name in ("minimum_hand", "level_3", "level_5") for p in tabled("winning_hand", name)]
    refused = [p for p in puzzles if not p.answer["valid"] and check(p.question["hand"]).valid]
    assert refused and all(
        p.answer["reason_ids"][0] in {c["value"] for c in p.question["choices"]} for p in refused
    )
    assert any(p.answer["valid"] for p in puzzles)


def test_it_explains_why_a_hand_meets_the_minimum_hand() -> None:
    for puzzle in tabled("worth", "minimum_hand"):
        assert "Your class plays the minimum hand, and this one wins" in puzzle.answer["explanation"]


def test_it_makes_many_distinct_puzzles_under_a_table_that_come_back_by_seed() -> None:
    table = TABLES["minimum_hand_level_3"]
    many = generate_many("winning_hand", count=8, band=3, seed=5, table=table)
    assert len({p.content_hash() for p in many}) == 8
    again = generate("winning_hand", seed=many[3].seed, band=3, table=table)
    assert again.content_hash() == many[3].content_hash()
    plain = generate_many("winning_hand", count=8, band=3, seed=5)
    assert not {p.content_hash() for p in many} & {p.content_hash() for p in plain}


def test_it_refuses_a_table_that_is_not_a_ruleset_and_a_focus_with_a_table() -> None:
    with pytest.raises(InputError):
        generate("worth", seed=1, band=1, table={"skill_level": 3})  # type: ignore[arg-type]  # on purpose
    for kind, focus in (("winning_hand", "minimum_hand"), ("worth", "pairs"), ("name_hand", "winds")):
        with pytest.raises(InputError):
            generate(kind, seed=1, band=2, focus=focus, table=TABLES["level_3"])


def test_it_ignores_the_table_for_the_other_kinds() -> None:
    for kind in ("distance", "joker_exchange", "rules_quiz"):
        plain = generate(kind, seed=3, band=2)
        assert generate(kind, seed=3, band=2, table=TABLES["level_5"]).content_hash() == plain.content_hash()
