"""RULES §2.6 and §2.7: the special dragon hands; several arrangements score the best."""

from cfmj.engine import check
from tests.engine.helpers import reason_ids, spell, wins

BREATH = "RD*2 GD*2 WD*2 N*2 E*2 W*2 S*2"


def test_2_6_dragon_hands_fixed_value_no_bonuses() -> None:
    answer = wins("RD*4 GD*4 F*6")
    assert answer["bonuses"] == {"pairs": 0, "quints": 0, "set": 0, "suit": 0, "concealed": 0}
    assert answer["value"] == 50 and answer["pattern"] is None and answer["set"] == []


def test_2_6_dragons_love() -> None:
    assert wins("RD*4 GD*4 F*6")["category"] == "dragons_love"
    assert wins("WD*4 GD*4 F*6")["category"] == "dragons_love"
    # Jokers may stand in all four blocks.
    answer = wins("RD*3 J GD*3 J F*2 J F*2 J")
    assert answer["category"] == "dragons_love"
    assert sum(b["jokers"] for b in answer["blocks"]) == 4
    assert {b["tile"] for b in answer["blocks"] if b["jokers"]} >= {"RD", "GD", "F"}


def test_2_6_dragons_wings() -> None:
    answer = wins("RD*4 GD*4 WD*4 1B*2")
    assert (answer["category"], answer["value"]) == ("dragons_wings", 50)
    assert wins("RD*3 J GD*3 J WD*4 1B*2")["category"] == "dragons_wings"
    assert reason_ids("RD*4 GD*4 WD*4 1B J")[0] == "dragon_hand_jokers"
    assert reason_ids("RD*4 GD*4 WD*4 1C*2") != []  # the Pair is 1 Bam, not any 1


def test_2_6_dragons_breath() -> None:
    answer = wins(BREATH)
    assert (answer["category"], answer["value"]) == ("dragons_breath", 100)
    assert reason_ids("RD*2 GD*2 WD*2 N*2 E*2 W*2 S J")[0] in ("dragon_hand_jokers", "joker_in_pair")


def test_2_7_best_arrangement_scores() -> None:
    readings = {a.category for a in check(spell(BREATH)).arrangements}
    assert readings == {"dragons_breath", "winds"}
    # On a discard, Breath's fixed 100 beats seven Pairs of winds: (25 + 10 + 10) x 2 = 90.
    assert wins(BREATH)["category"] == "dragons_breath"
    # Self-drawn, the seven Pairs double again to 180, and 180 beats 100.
    answer = wins(BREATH, self_drawn=True)
    assert (answer["category"], answer["pattern"], answer["value"]) == ("winds", "seven_pairs", 180)
