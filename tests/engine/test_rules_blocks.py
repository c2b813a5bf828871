"""RULES §2 and §2.1: what a winning hand is; blocks and jokers."""

import pytest

from cfmj.engine import InputError, RuleSet, check
from tests.engine.helpers import reason_ids, spell, verdict, wins


def test_2_winning_hand_is_dragon_hand_or_category_set_pattern() -> None:
    assert wins("1C*3 2C*3 3C*4 4C*4")["category"] == "consecutive_run"
    assert wins("RD*4 GD*4 WD*4 1B*2")["category"] == "dragons_wings"
    with pytest.raises(InputError, match="14 tiles"):
        check(spell("1C*3 2C*3 3C*4 4C*3"))


def test_2_1_blocks_are_identical_tiles() -> None:
    # 5C and 5D are the same number but not the same tile: they make no Pair.
    assert "lone_tile" in reason_ids("1C*3 2C*3 3C*3 4C*3 5C 5D")
    assert reason_ids("1C*3 2C*3 3C*3 4C*2 [5C 5C 5D]") == ["exposure_not_block"]


def test_2_1_jokers_never_in_pairs() -> None:
    ids = reason_ids("1C*3 2C*3 3C*3 4C*3 5C J")
    assert ids[0] == "joker_in_pair"
    assert reason_ids("1C*2 2C*2 3C*2 F*2 RD*2 GD*2 WD J")[0] == "joker_in_pair"
    answer = verdict("1C*3 2C*3 3C*4 4C*4")
    assert answer["valid"]


def test_2_1_jokers_fill_pungs_kongs_and_quints() -> None:
    readings = {
        tuple(sorted((b.size, b.jokers) for b in a.blocks))
        for a in check(spell("1C*2 J 2C*2 J 3C*3 J 4C*4")).arrangements
    }
    assert ((3, 1), (3, 1), (4, 0), (4, 1)) in readings  # jokers in Pungs and a Kong
    assert ((2, 0), (2, 0), (5, 1), (5, 2)) in readings  # or in Quints, never in the Pairs
    assert all(j == 0 for reading in readings for size, j in reading if size == 2)


def test_2_1_quint_needs_a_joker() -> None:
    answer = wins("5C*4 J 6C*4 J 7C*4")
    quints = [b for b in answer["blocks"] if b["size"] == 5]
    assert len(quints) == 2 and all(b["jokers"] >= 1 for b in quints)
    with pytest.raises(InputError, match="appears 5 times"):
        check(spell("5C*5 6C*5 7C*4"))


def test_2_1_all_joker_block() -> None:
    answer = wins("J*3 5C*3 6C*4 RD*4")
    joker_block = [b for b in answer["blocks"] if b["jokers"] == b["size"]]
    assert len(joker_block) == 1 and joker_block[0]["tile"] in ("4C", "7C", "4B", "7B", "4D", "7D")
    strict = RuleSet(all_joker_blocks=False)
    result = check(spell("J*3 5C*3 6C*4 RD*4"), rules=strict)
    assert not result.valid
    assert "all_joker_block" in [r.id for r in result.reasons]


def test_2_1_an_exposure_of_jokers_stands_for_a_named_tile() -> None:
    answer = wins("5C*3 6C*4 RD*4 [J J J]")
    exposed = [b for b in answer["blocks"] if b["exposed"]]
    assert exposed[0]["jokers"] == 3 and exposed[0]["tile"] in ("4C", "7C", "4B", "7B", "4D", "7D")
