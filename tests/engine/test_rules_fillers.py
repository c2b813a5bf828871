"""RULES §2.4: flowers, dragons and NEWS fill the places the set leaves; nothing else does."""

from cfmj.engine import RuleSet, check
from cfmj.engine.blocks import Block
from cfmj.engine.fillers import filler_reasons
from cfmj.engine.tiles import WHITE, number_tile
from tests.engine.helpers import reason_ids, spell, wins


def test_2_4_fillers_fill_the_rest() -> None:
    answer = wins("4B*3 6B*3 8B*3 RD*3 F*2")  # 4-6-8 in a Pair-and-four-Pungs pattern
    kinds = {b["tile"]: b["kind"] for b in answer["blocks"]}
    assert kinds == {"4B": "set", "6B": "set", "8B": "set", "RD": "filler", "F": "filler"}


def test_2_4_flowers_one_pair() -> None:
    assert wins("1C*3 2C*3 3C*3 4C*3 F*2")["blocks"][-1]["tile"] == "F"
    assert reason_ids("1C*3 2C*3 3C*3 RD*2 F*3") == ["flowers_pair_only"]
    ids = reason_ids("1B*2 3B*2 5B*2 F*4 RD*2 GD*2")
    assert "flowers_pair_only" in ids or "one_flower_block" in ids


def test_2_4_dragons_one_block_per_colour() -> None:
    two_soaps = (Block(number_tile(1, 2), 2), Block(WHITE, 2), Block(WHITE, 2))
    assert [r.id for r in filler_reasons(two_soaps)] == ["one_block_per_dragon"]
    # Four soaps read as two Pairs would break the rule, but they can be one Kong instead.
    assert wins("1D*2 2D*2 3D*2 RD*2 WD*4 F*2")["pattern"] == "five_pairs_kong"
    assert wins("1D*3 2D*3 3D*4 GD*4")["blocks"][3]["kind"] == "filler"


def test_2_4_news_fills_a_kong_without_jokers() -> None:
    answer = wins("1C*3 2C*3 3C*4 N E W S")
    news = [b for b in answer["blocks"] if b["tile"] == "NEWS"]
    assert news == [{"tile": "NEWS", "size": 4, "jokers": 0, "kind": "filler", "exposed": False}]
    assert answer["pattern"] == "two_pungs_two_kongs"
    assert reason_ids("1C*3 2C*3 3C*4 N E W J") == ["news_no_jokers"]


def test_2_4_one_news_block() -> None:
    hand = "N*2 E*2 W*2 S*2 1C*2 2C*2 3C*2"  # two NEWS Kongs and three Pairs
    assert reason_ids(hand)[0] == "one_news_block"
    assert check(spell(hand), rules=RuleSet(max_news_blocks=2)).valid


def test_2_4_news_with_winds_set() -> None:
    answer = wins("N*4 S*4 E W RD*4")  # N and S Pungs, one of each wind in NEWS
    assert answer["category"] == "winds" and answer["set"] == ["N", "S"]
    assert any(b["tile"] == "NEWS" for b in answer["blocks"])


def test_2_4_no_other_filler() -> None:
    assert reason_ids("3C*3 4C*4 5C*4 8D*3") == ["outside_set"]
    assert reason_ids("1C*3 2C*3 3C*4 N*4") == ["numbers_and_winds"]
