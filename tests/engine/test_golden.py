"""The engine answers exactly as it did when its answers were recorded (bench/golden.py).

Making the engine faster must not change one answer: 12,000 `check` requests (`make bench`'s
mix and 10,000 random hands with every table option), 1,500 `distance`, 150 `charleston` and
300 `discard` requests, each compared by a digest of its full JSON answer. When an answer is
meant to change, re-record with `python bench/golden.py --write` and say why in the commit.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

from bench.golden import digest, read_golden
from cfmj.engine.shapes import card_shapes
from cfmj.engine.winning import support_index

CHUNK = 500


@cache
def _cases() -> list[dict[str, Any]]:
    card_shapes()  # answer as a server does, readings looked up on the card (test_shapes.py and
    support_index()  # test_winning.py hold the look-ups to reading every way, as without them)
    return read_golden()


def test_it_recorded_every_verb() -> None:
    verbs = [case["verb"] for case in _cases()]
    assert {verb: verbs.count(verb) for verb in set(verbs)} == {
        "check": 12_000,
        "distance": 1_500,
        "charleston": 150,
        "discard": 300,
    }


@pytest.mark.parametrize("start", range(0, 13_950, CHUNK))
def test_it_answers_as_recorded(start: int) -> None:
    differ = [
        f"{case['verb']} {json.dumps(case['request'])}"
        for case in _cases()[start : start + CHUNK]
        if digest(case["verb"], case["request"]) != case["digest"]
    ]
    assert not differ, f"{len(differ)} answers changed, the first: " + "; ".join(differ[:3])
