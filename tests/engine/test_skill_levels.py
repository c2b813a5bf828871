"""RULES §5: skill-level handicaps, cumulative, binding dragon hands literally."""

from cfmj.engine import RuleSet, check
from tests.engine.helpers import spell, verdict, wins


def test_5_levels_are_cumulative() -> None:
    winds_not_2p2k = "N*2 E*4 W*4 S*4"
    assert wins(winds_not_2p2k, skill_level=0)
    for level in range(1, 6):
        assert "skill_1_winds_pattern" in verdict(winds_not_2p2k, skill_level=level)["reason_ids"]


def test_5_dragon_hands_bound_literally() -> None:
    assert verdict("RD*4 GD*4 F*3 [F*3]", skill_level=3)["reason_ids"] == ["skill_3_dragons_concealed"]
    assert wins("RD*4 GD*4 F*3 [F*3]", skill_level=2)
    assert verdict("RD*4 GD*4 WD*4 1B*2", skill_level=4)["reason_ids"] == ["skill_4_suit_bonus"]
    assert wins("RD*4 GD*4 F*6", skill_level=5)  # no number tiles, and a dragon hand
    relaxed = RuleSet(skill_level=4, skill_levels_bind_dragon_hands=False)
    assert check(spell("RD*4 GD*4 WD*4 1B*2"), rules=relaxed).valid
    # Level 4 also rules out Any Like Numbers: three suits never earn the suit bonus.
    assert verdict("5C*3 5B*3 5D*4 RD*4", skill_level=4)["reason_ids"] == ["skill_4_suit_bonus"]


def test_5_1_winds_two_pungs_two_kongs() -> None:
    assert verdict("N*2 E*4 W*4 S*4", skill_level=1)["reason_ids"] == ["skill_1_winds_pattern"]
    assert wins("N*3 E*3 W*4 S*4", skill_level=1)["pattern"] == "two_pungs_two_kongs"


def test_5_2_run_without_fillers() -> None:
    assert wins("1C*3 2C*3 3C*4 RD*4", skill_level=1)
    assert verdict("1C*3 2C*3 3C*4 RD*4", skill_level=2)["reason_ids"] == ["skill_2_run_fillers"]
    assert verdict("1C*3 2C*3 3C*4 N E W S", skill_level=2)["reason_ids"] == ["skill_2_run_fillers"]
    assert wins("1C*3 3C*3 5C*4 RD*4", skill_level=2)["category"] == "consecutive_odds"


def test_5_3_dragons_concealed() -> None:
    assert wins("1C*3 3C*3 5C*4 [RD*4]", skill_level=2)
    assert verdict("1C*3 3C*3 5C*4 [RD*4]", skill_level=3)["reason_ids"] == ["skill_3_dragons_concealed"]
    assert wins("1C*3 3C*3 5C*4 RD*4", skill_level=3)
    assert wins("1C*3 3C*3 [5C*4] 7C*4", skill_level=3)  # exposed, but no dragon


def test_5_4_suit_bonus() -> None:
    assert wins("1C*3 3C*3 5D*4 7D*4", skill_level=3)
    assert verdict("1C*3 3C*3 5D*4 7D*4", skill_level=4)["reason_ids"] == ["skill_4_suit_bonus"]
    assert wins("1C*3 3C*3 5C*4 7C*4", skill_level=4)["bonuses"]["suit"] == 5
    assert wins("N*3 E*3 W*4 S*4", skill_level=4)  # no number tiles


def test_5_5_jokerless_self_drawn_or_dragon() -> None:
    hand = "1C*3 3C*3 5C*3 J 7C*4"
    assert wins(hand, skill_level=4)
    assert verdict(hand, skill_level=5)["reason_ids"] == ["skill_5_jokerless_or_self_drawn"]
    assert wins(hand, skill_level=5, self_drawn=True)
    assert wins("1C*3 3C*3 5C*4 7C*4", skill_level=5)
