"""Every lesson check and quiz asks only what has been taught.

For every step's check and every quiz entry of the real course, PUZZLES puzzles are made within
what the learner knows there (lessons.content.scope_at: the rule lines taught so far), and each is
read back by a checker of its own that looks only at what the learner sees: the tiles of the hand
and its exposures, the words of the reasons and names offered, and what the question asks (the
discarder's payment, a self-drawn or jokerless hand that doubles, a bonus, a block of jokers alone).
It knows which lesson line teaches each of those from the course, not from the engine's scope.
"""

from __future__ import annotations

import multiprocessing
import os
import re
import time
from collections.abc import Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

from cfmj.engine import check, drills, parse_hand
from cfmj.engine.categories import NUMBER_CATEGORIES, WINDS
from cfmj.engine.drills.rules_quiz import TOPIC_LINES
from cfmj.engine.drills.scope import Scope
from cfmj.engine.labels import category_label, pattern_label
from cfmj.engine.patterns import PATTERNS
from lessons.content import CheckSpec, scope_at
from tests.course import course_sources

PUZZLES = 120  # per check and quiz entry of the course
WORKERS = 2  # the CI machine's cores

WINDS_IN_A_HAND = ("2_3_winds", "2_4_fillers_fill_the_rest")
FILLER_TILES = ("2_4_fillers_fill_the_rest", "2_6_dragon_hands_fixed_value_no_bonuses")
JOKERS = ("2_1_quint_needs_a_joker", "2_1_jokers_never_in_pairs")
EXPOSURES = ("2_5_calls_expose_pungs_kongs_quints",)
# Words a reason's label may use, and the lines that teach them (a label must use known words).
WORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("exposure", ("2_5_exposure_is_one_block",)),
    ("exposed", ("2_5_exposure_is_one_block", "2_5_pair_or_news_exposed_only_by_winning_call")),
    ("no jokers in a pair", ("2_1_jokers_never_in_pairs",)),
    ("every tile belongs to a block", ("2_1_blocks_are_identical_tiles",)),
    ("flower", ("2_4_flowers_one_pair",)),
    ("each dragon", ("2_4_dragons_one_block_per_colour",)),
    ("news", ("2_4_news_fills_a_kong_without_jokers", "2_4_one_news_block")),
    ("same tile", ("2_3_each_member_fills_one_block",)),
    ("same number", ("2_3_each_member_fills_one_block",)),
    ("jokers alone", ("2_1_all_joker_block",)),
    ("winds:", ("2_3_winds",)),
    ("not both", ("2_3_winds",)),
    ("set", ("2_winning_hand_is_dragon_hand_or_category_set_pattern", "2_3_each_member_fills_one_block")),
    ("like numbers", ("2_3_like_numbers",)),
    ("woven", ("2_3_no_woven_hands",)),
    ("pattern", ("2_2_exactly_ten_patterns_order_free",)),
    ("dragon hands", ("2_6_dragons_love", "2_6_dragons_wings", "2_6_dragons_breath")),
    ("house rule", ("4_3_minimum_hand",)),
    ("skill level", ("5_levels_are_cumulative",)),
)
BLOCK_SIZES = {"Pung": 3, "Kong": 4, "Quint": 5}


def _knows(taught: frozenset[str], lines: tuple[str, ...]) -> bool:
    return any(line in taught for line in lines)


def untaught(
    kind: str, question: Mapping[str, Any], answer: Mapping[str, Any], taught: frozenset[str]
) -> list[str]:
    """What this puzzle shows or asks that the lines `taught` do not cover, in words."""
    found: list[str] = []
    hand_text = question.get("hand")
    if isinstance(hand_text, str) and kind != "rules_quiz":
        found += _hand_untaught(hand_text, taught)
    if isinstance(question.get("table"), Mapping) and not any(line[:2] in ("4_", "5_") for line in taught):
        found.append("a class's table")
    for choice in question.get("choices", []) if kind == "winning_hand" else []:
        label = str(choice["label"]).lower()
        words = [lines for word, lines in WORDS if re.search(rf"\b{word}", label)]
        if not words:
            found.append(f"a reason in words this test does not know: {choice['label']!r}")
        found += [f"the reason {choice['label']!r}" for lines in words if not _knows(taught, lines)]
        if not _can_hold(label, question.get("table")):
            found.append(f"the reason {choice['label']!r} where the table does not play it")
    if kind == "name_hand":
        found += _names_untaught(question, taught)
    if kind == "worth":
        found += _worth_untaught(question, answer, taught)
    if kind == "rules_quiz":
        found += _rules_quiz_untaught(question, answer, taught)
    return found


def _can_hold(label: str, table: object) -> bool:
    """Can a hand fail for a reason in these words at the question's table? A block of jokers
    alone only where the table forbids it (RULES §2.1 [D]: the standard rules allow it), house
    rule 3 only where it is played, a skill level only at that level or above."""
    rules = table if isinstance(table, Mapping) else {}
    if "jokers alone" in label:
        return rules.get("all_joker_blocks") is False
    if label.startswith("house rule 3"):
        return 3 in rules.get("house_rules", [])
    level = re.match(r"skill level (\d)", label)
    return level is None or int(rules.get("skill_level", 0)) >= int(level.group(1))


def _hand_untaught(text: str, taught: frozenset[str]) -> list[str]:
    found = []
    codes = text.replace("[", " ").replace("]", " ").split()
    if "[" in text and not _knows(taught, EXPOSURES):
        found.append("an exposure")
    if "J" in codes and not _knows(taught, JOKERS):
        found.append("a joker")
    if {"N", "E", "W", "S"} & set(codes) and not _knows(taught, WINDS_IN_A_HAND):
        found.append("winds in a hand")
    if {"RD", "GD", "WD", "F"} & set(codes) and not _knows(taught, FILLER_TILES):
        found.append("dragons or flowers in a hand")
    for group in re.findall(r"\[([^\]]*)\]", text):
        if set(group.split()) == {"J"} and "2_1_all_joker_block" not in taught:
            found.append("a block of jokers alone")
    return found


def _names_untaught(question: Mapping[str, Any], taught: frozenset[str]) -> list[str]:
    categories = {category_label(c) for c in (*NUMBER_CATEGORIES, WINDS) if f"2_3_{c}" in taught}
    patterns = {pattern_label(p) for p in PATTERNS if f"2_2_pattern_{p}" in taught}
    dragons = "2_6_dragon_hands_fixed_value_no_bonuses" in taught
    found = [
        f"the category {c['label']!r}" for c in question["category_choices"] if c["label"] not in categories
    ]
    found += [
        f"the pattern {c['label']!r}"
        for c in question["pattern_choices"]
        if c["label"] not in patterns and not (dragons and "dragon hand" in c["label"])
    ]
    return found


def _worth_untaught(
    question: Mapping[str, Any], answer: Mapping[str, Any], taught: frozenset[str]
) -> list[str]:
    found = []
    if "discarder" in question["prompt"] and "3_payout" not in taught:
        found.append("what the discarder pays")
    hand = parse_hand(question["hand"])
    best = check(question["hand"], self_drawn=question["self_drawn"]).arrangements[0]
    if not best.dragon_hand:
        if (question["self_drawn"] or hand.jokers == 0) and "3_value_formula" not in taught:
            found.append("a doubled hand (self-drawn or jokerless)")
        found += [
            f"the {key} bonus"
            for key, bonus in (best.bonuses or {}).items()
            if bonus and f"3_{key}_bonus" not in taught
        ]
    return found


def _rules_quiz_untaught(
    question: Mapping[str, Any], answer: Mapping[str, Any], taught: frozenset[str]
) -> list[str]:
    found = []
    if not _knows(taught, TOPIC_LINES[question["topic"]]):
        found.append(f"the topic {question['topic']}")
    asks_where = question["prompt"].startswith(("Which of these can never hold a joker", "What is the most"))
    if asks_where and "2_1_jokers_never_in_pairs" not in taught:  # only "a Quint needs a joker" so far
        found.append("where jokers may and may not stand")
    most = re.match(r"What is the most jokers a (\w+) ", question["prompt"])
    size = BLOCK_SIZES.get(most.group(1), 0) if most else 0
    all_jokers = size > 0 and answer["choice"] == f"n{size}"  # a Pair's most (none) is no joker block
    held = str(question.get("hand", "")).split()
    all_jokers = all_jokers or (len(held) > 2 and set(held) == {"J"})
    if all_jokers and "2_1_all_joker_block" not in taught:
        found.append("a block of jokers alone")
    if (
        "NEWS" in " ".join(str(c["label"]) for c in question["choices"])
        and "2_4_fillers_fill_the_rest" not in taught
    ):
        found.append("NEWS")
    return found


def _asked() -> Iterator[tuple[str, CheckSpec, frozenset[str]]]:
    """Every step's check and quiz entry of the course, with what is taught there (each once)."""
    lessons = course_sources()
    teaches = [[step.teaches for step in lesson.steps] for lesson in lessons]
    seen = set()
    for lesson in lessons:
        asked: list[tuple[str, CheckSpec, int | None]] = [
            (f"lesson {lesson.number} step {s.number}", s.check, s.number) for s in lesson.steps
        ]
        asked += [(f"lesson {lesson.number} quiz", spec, None) for spec in lesson.quiz]
        for where, spec, step in asked:
            taught = scope_at(teaches, lesson.number, step).lines
            if (spec, taught) not in seen:
                seen.add((spec, taught))
                yield where, spec, taught


def _problems(asked: tuple[str, CheckSpec, frozenset[str]]) -> tuple[str, set[str]]:
    """What PUZZLES puzzles of one check, made within what is taught there, ask untaught."""
    where, spec, taught = asked
    scope = Scope(taught)
    found: set[str] = set()
    for seed in range(PUZZLES):
        puzzle = drills.generate(spec.kind, seed=seed, band=spec.band, focus=spec.focus, scope=scope)
        found.update(untaught(spec.kind, puzzle.question, puzzle.answer, taught))
    return f"{where} ({spec.kind} {spec.focus or ''})", found


def test_every_check_and_quiz_asks_only_what_was_taught() -> None:
    started = time.perf_counter()
    asked = list(_asked())
    workers = min(WORKERS, os.cpu_count() or 1)
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
        problems = {where: found for where, found in pool.map(_problems, asked) if found}
    took = time.perf_counter() - started
    print(f"{len(asked) * PUZZLES} puzzles of {len(asked)} checks in {took:.1f} s ({workers} processes)")
    assert not problems, "\n".join(f"{where}: {', '.join(sorted(p))}" for where, p in problems.items())


@pytest.mark.parametrize(
    ("kind", "question", "answer", "taught", "wanted"),
    [
        (
            "winning_hand",
            {"hand": "1C 1C F F", "choices": []},
            {},
            frozenset(JOKERS),
            "dragons or flowers in a hand",
        ),
        ("winning_hand", {"hand": "1C 1C [2C 2C 2C]", "choices": []}, {}, frozenset(), "an exposure"),
        (
            "winning_hand",
            {"hand": "1C 1C", "choices": [{"value": "not_a_set", "label": "The numbers must form a set"}]},
            {},
            frozenset(),
            "the reason 'The numbers must form a set'",
        ),
        (
            "winning_hand",
            {"hand": "1C 1C", "choices": [{"value": "all_joker_block", "label": "A block of jokers alone"}]},
            {},
            frozenset(JOKERS) | {"2_1_all_joker_block"},
            "the reason 'A block of jokers alone' where the table does not play it",
        ),
        (
            "rules_quiz",
            {
                "topic": "jokers_in_blocks",
                "prompt": "What is the most jokers a Pung of 5 Dot can hold?",
                "choices": [],
            },
            {"choice": "n3"},
            frozenset(JOKERS),
            "a block of jokers alone",
        ),
        (
            "worth",
            {
                "hand": "1C 1C 1C 2C 2C 2C 3C 3C 3C 4C 4C 4C 5C 5C",
                "self_drawn": False,
                "prompt": "And what does the discarder pay?",
            },
            {},
            frozenset(),
            "what the discarder pays",
        ),
    ],
)
def test_the_checker_finds_what_was_not_taught(
    kind: str, question: dict[str, Any], answer: dict[str, Any], taught: frozenset[str], wanted: str
) -> None:
    assert wanted in untaught(kind, question, answer, taught)
