"""RULES §2.2: exactly ten patterns, block order free."""

from cfmj.engine.patterns import PATTERNS, identify
from tests.engine.helpers import reason_ids, wins


def test_2_2_exactly_ten_patterns_order_free() -> None:
    assert len(PATTERNS) == 10
    assert identify([4, 3, 4, 3]) == identify([3, 3, 4, 4]) == "two_pungs_two_kongs"
    assert wins("1C*4 2C*4 3C*3 4C*3")["pattern"] == "two_pungs_two_kongs"
    # Pairs, Pungs and a Kong together add up to 14 but are no pattern.
    assert reason_ids("1C*2 2C*2 3C*3 4C*3 5C*4") == ["no_pattern"]


def test_2_2_pattern_two_pungs_two_kongs() -> None:
    assert wins("1C*3 2C*3 3C*4 4C*4")["pattern"] == "two_pungs_two_kongs"


def test_2_2_pattern_pair_three_kongs() -> None:
    assert wins("1C*2 2C*4 3C*4 4C*4")["pattern"] == "pair_three_kongs"


def test_2_2_pattern_pair_four_pungs() -> None:
    assert wins("1C*2 2C*3 3C*3 4C*3 5C*3")["pattern"] == "pair_four_pungs"


def test_2_2_pattern_three_pungs_quint() -> None:
    assert wins("1C*3 2C*3 3C*3 4C*4 J")["pattern"] == "three_pungs_quint"


def test_2_2_pattern_kong_two_quints() -> None:
    assert wins("1C*4 J 2C*4 J 3C*4")["pattern"] == "kong_two_quints"


def test_2_2_pattern_two_pairs_two_quints() -> None:
    assert wins("1C*2 2C*2 3C*4 J 4C*4 J")["pattern"] == "two_pairs_two_quints"


def test_2_2_pattern_three_pairs_two_kongs() -> None:
    assert wins("1C*2 2C*2 3C*2 4C*4 5C*4")["pattern"] == "three_pairs_two_kongs"


def test_2_2_pattern_four_pairs_two_pungs() -> None:
    assert wins("1C*2 2C*2 3C*2 4C*2 5C*3 6C*3")["pattern"] == "four_pairs_two_pungs"


def test_2_2_pattern_five_pairs_kong() -> None:
    assert wins("1C*2 2C*2 3C*2 4C*2 5C*2 6C*4")["pattern"] == "five_pairs_kong"


def test_2_2_pattern_seven_pairs() -> None:
    assert wins("1C*2 2C*2 3C*2 4C*2 5C*2 6C*2 7C*2")["pattern"] == "seven_pairs"
