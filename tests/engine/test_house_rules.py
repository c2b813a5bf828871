"""RULES §4: house rules, all off by default."""

import pytest

from cfmj.engine import InputError, RuleSet, check
from tests.engine.helpers import spell, verdict, wins

NO_BONUS = "1C*3 2C*2 J 3D*4 [RD*4]"  # jokers, exposed, two suits and a dragon: base only


def test_4_house_rules_off_by_default() -> None:
    rules = RuleSet()
    assert rules.house_rules == frozenset() and rules.max_jokers == 8 and rules.max_flowers == 8
    assert not rules.minimum_hand and not rules.skip_second_charleston


def test_4_1_skip_second_charleston() -> None:
    assert RuleSet.make(house_rules="1").skip_second_charleston


def test_4_2_set_of_144() -> None:
    rules = RuleSet.make(house_rules=[2])
    assert (rules.max_jokers, rules.max_flowers) == (4, 4)
    with pytest.raises(InputError, match="house rule 2"):
        check(spell("1C*3 2C*3 3C*3 J*5"), rules=rules)
    with pytest.raises(InputError, match="house rule 2"):
        check(spell("RD*4 GD*4 F*5 J"), rules=rules)
    assert check(spell("RD*4 GD*4 F*4 J*2"), rules=rules).valid


def test_4_3_minimum_hand() -> None:
    assert wins(NO_BONUS)["value"] == 25
    answer = verdict(NO_BONUS, house_rules=[3])
    assert answer["reason_ids"] == ["minimum_hand"]
    assert wins(NO_BONUS, house_rules=[3], self_drawn=True)["value"] == 50
    assert wins("1C*3 2C*3 3D*4 [RD*4]", house_rules=[3])["value"] == 50  # no jokers
    assert wins("1C*3 2C*2 J 3D*4 RD*4", house_rules=[3])["bonuses"]["concealed"] == 10
    assert wins("RD*3 J GD*4 F*6", house_rules=[3])["category"] == "dragons_love"
    assert wins(NO_BONUS, house_rules=[3], base=20, self_drawn=True)["value"] == 40


@pytest.mark.parametrize("option", ["skill_level", "base", "house_rules"])
def test_an_option_of_thousands_of_digits_is_refused_with_a_short_message(option: str) -> None:
    # int() of a 20,000-digit string raises ValueError (Python's limit): once a 500 on /check/.
    with pytest.raises(InputError) as refused:
        RuleSet.make(**{option: "0" * 20_000})
    assert len(str(refused.value)) < 200
