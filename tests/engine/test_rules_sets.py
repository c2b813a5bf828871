"""RULES §2.3: categories and their sets; suits and the no-weaving rule."""

from cfmj.engine.blocks import Block, block_reasons
from cfmj.engine.tiles import NORTH, SOUTH
from tests.engine.helpers import reason_ids, verdict, wins


def test_2_3_each_member_fills_one_block() -> None:
    assert reason_ids("5C*3 5D*3 6C*4 7C*4") == ["number_repeated"]
    two_norths = (Block(NORTH, 2), Block(NORTH, 2), Block(SOUTH, 4))
    assert [r.id for r in block_reasons(two_norths)] == ["tile_in_two_blocks"]


def test_2_3_consecutive_run() -> None:
    answer = wins("4C*3 5C*3 6C*4 RD*4")
    assert (answer["category"], answer["set"]) == ("consecutive_run", ["4", "5", "6"])
    assert wins("2D*2 3D*2 4D*2 5D*2 6D*2 7D*2 8D*2")["set"] == ["2", "3", "4", "5", "6", "7", "8"]
    assert reason_ids("4C*3 5C*3 RD*4 GD*4") == ["not_a_set"]  # two numbers are no set
    assert "at least three" in verdict("4C*3 5C*3 RD*4 GD*4")["reasons"][0]


def test_2_3_consecutive_odds() -> None:
    answer = wins("1B*3 3B*3 5B*4 7B*4")
    assert (answer["category"], answer["set"]) == ("consecutive_odds", ["1", "3", "5", "7"])
    assert reason_ids("1B*3 3B*3 7B*4 9B*4") == ["not_a_set"]  # 5 is missing


def test_2_3_consecutive_evens() -> None:
    answer = wins("2D*3 4D*3 6D*4 8D*4")
    assert (answer["category"], answer["set"]) == ("consecutive_evens", ["2", "4", "6", "8"])
    assert reason_ids("2D*3 4D*3 8D*4 RD*4") == ["not_a_set"]


def test_2_3_multiples_of_three() -> None:
    answer = wins("3B*3 6B*3 9B*4 GD*4")
    assert (answer["category"], answer["set"]) == ("multiples_of_three", ["3", "6", "9"])
    assert reason_ids("3B*3 6B*3 GD*4 RD*4") == ["not_a_set"]


def test_2_3_like_numbers() -> None:
    answer = wins("5C*3 5B*3 5D*4 GD*4")
    assert (answer["category"], answer["set"]) == ("like_numbers", ["5"])
    assert reason_ids("5C*3 5B*3 RD*4 GD*4") == ["like_numbers_suits"]


def test_2_3_winds() -> None:
    assert wins("N*3 E*3 W*4 S*4")["set"] == ["N", "E", "W", "S"]
    answer = wins("N*3 S*3 RD*4 GD*4")
    assert (answer["category"], answer["set"]) == ("winds", ["N", "S"])
    assert wins("E*3 W*3 RD*4 GD*4")["set"] == ["E", "W"]
    assert reason_ids("N*3 E*3 RD*4 GD*4") == ["winds_set"]  # not an opposite pair


def test_2_3_suits_may_mix() -> None:
    answer = wins("3C*3 4C*3 5D*4 6D*4")
    assert [b["tile"] for b in answer["blocks"]] == ["3C", "4C", "5D", "6D"]


def test_2_3_no_woven_hands() -> None:
    answer = verdict("3C*3 4D*4 5C*4 RD*3")
    assert answer["reason_ids"] == ["woven"]
    message = answer["reasons"][0]
    assert "3 Crak and 5 Crak are split by 4 Dot" in message
    assert reason_ids("1B*2 2D*2 3D*2 4B*2 5B*2 6B*2 7B*2") == ["woven"]
    # Like numbers cannot weave: any order of one number is number order.
    assert wins("5C*3 5D*3 5B*4 RD*4")["category"] == "like_numbers"
