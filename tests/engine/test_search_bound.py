"""The hand-reading search is bounded: however a hand is made, `check` judges at most a fixed number
of readings (validate.NEAR_CANDIDATES near misses, then FAR_CANDIDATES in each of two further
passes), so no hand can make it slow. Counted, not timed: a count does not depend on the machine."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cfmj.engine import check, validate

WORST_SET = Path(__file__).resolve().parents[2] / "bench" / "worst_check.json"
# The hands that were slowest before the bound (400 ms, 80 ms), and the slowest bench/worst.py finds.
HANDS = [
    {"hand": "J J J J J J J 2C 6C 4D 3B F 1C GD"},
    {"hand": "2C 5C 7C 8C 4D 6D GD J J J J J J J", "skill_level": 1},
    {"hand": "9C 9C 8B 6D RD RD GD J J J J J J J", "house_rules": [1]},
    {"hand": "6D 7D N E W S J J J J J J J J", "skill_level": 5},
    *json.loads(WORST_SET.read_text()),
]
STRICT_READINGS = 60  # the most legal-looking readings any hand in these sets has


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
    bound = STRICT_READINGS + validate.NEAR_CANDIDATES + 2 * validate.FAR_CANDIDATES
    assert len(judged) <= bound
    assert result.valid or result.reasons  # a bounded search still says what is wrong


def test_seven_jokers_and_seven_lone_tiles_say_the_jokers_cannot_pair_them() -> None:
    # The far search puts every tile in a block before it leaves tiles alone: the reading that
    # pairs each lone tile with a joker names the hand's real trouble.
    result = check("9C 9B 5D 8D 9D N F J J J J J J J")
    assert "joker_in_pair" in result.as_dict()["reason_ids"]
