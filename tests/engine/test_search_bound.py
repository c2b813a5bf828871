"""The hand-reading search is bounded: however a hand is made, `check` judges its legal-looking
readings (strict: as many as its jokers can be named, at most 657 found by search), then at most
validate.NEAR_CANDIDATES near misses of each number of slips and FAR_CANDIDATES in each of two
further passes, so no hand can make it slow. Counted, not timed: a count does not depend on the
machine."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cfmj.engine import check, validate
from cfmj.engine.grouping import MAX_SLIPS

WORST_SET = Path(__file__).resolve().parents[2] / "bench" / "worst_check.json"
# The hands that were slowest before the bound (400 ms, 80 ms), and the slowest bench/worst.py finds.
HANDS = [
    {"hand": "J J J J J J J 2C 6C 4D 3B F 1C GD"},
    {"hand": "2C 5C 7C 8C 4D 6D GD J J J J J J J", "skill_level": 1},
    {"hand": "9C 9C 8B 6D RD RD GD J J J J J J J", "house_rules": [1]},
    {"hand": "6D 7D N E W S J J J J J J J J", "skill_level": 5},
    # Two Pungs and eight jokers: the most strict readings found (bench/worst.py's few-kinds starts
    # and an enumeration of two and three kinds with eight jokers), every joker block named.
    {"hand": "7D 7D 7D 5C 5C 5C J J J J J J J J"},
    {"hand": "7D 7D 7D 5C 5C 5C J J J J J J J J", "skill_level": 5},
    {"hand": "7C 7C 5D 5D WD WD J J J J J J J J", "skill_level": 4},
    *json.loads(WORST_SET.read_text()),
]
STRICT_READINGS = 657


@pytest.mark.parametrize("case", HANDS, ids=lambda case: case["hand"])
def test_it_judges_a_bounded_number_of_readings(
    case: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    judged: list[object] = []
    evaluate = validate.evaluate

    def counted(*args: Any) -> validate.Arrangement:
        judged.append(args)
        return evaluate(*args)

    monkeypatch.setattr(validate, "evaluate", counted)
    result = check(case["hand"], **{key: value for key, value in case.items() if key != "hand"})
    bound = STRICT_READINGS + (MAX_SLIPS + 1) * validate.NEAR_CANDIDATES + 2 * validate.FAR_CANDIDATES
    assert len(judged) <= bound
    assert result.valid or result.reasons  # a bounded search still says what is wrong


def test_seven_jokers_and_seven_lone_tiles_say_the_jokers_cannot_pair_them() -> None:
    # The far search puts every tile in a block before it leaves tiles alone: the reading that
    # pairs each lone tile with a joker names the hand's real trouble.
    result = check("9C 9B 5D 8D 9D N F J J J J J J J")
    assert "joker_in_pair" in result.as_dict()["reason_ids"]
