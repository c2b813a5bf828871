"""RULES §2.5: an exposure is one whole block of the arrangement, made by a call."""

import re

from cfmj.engine import check
from cfmj.engine.labels import codes_named
from tests.engine.helpers import reason_ids, verdict, wins


def test_2_5_exposure_is_one_block() -> None:
    answer = wins("7C*3 8C*4 9D*4 [RD*3]")
    assert [b["exposed"] for b in answer["blocks"]] == [False, False, False, True]
    # The fourth Red Dragon cannot join the exposed Pung.
    assert reason_ids("7C*3 8C*4 9D*3 RD [RD*3]") == ["exposure_grown"]
    assert reason_ids("7C*3 8C*4 9D*4 [3C 4C 5C]") == ["exposure_not_block"]


def test_2_5_calls_expose_pungs_kongs_quints() -> None:
    assert wins("1C*3 2C*3 3C*3 [4C*4 J]")["pattern"] == "three_pungs_quint"
    assert wins("1C*3 2C*3 [3C*3 J] [4C*4]")["bonuses"]["concealed"] == 0
    assert reason_ids("1C*3 2C*3 3C*3 4C*4 [J]")[0] == "exposure_not_block"


def test_2_5_pair_or_news_exposed_only_by_winning_call() -> None:
    assert reason_ids("1C*3 2C*3 3C*3 4C*3 [F*2]") == ["exposure_illegal"]
    assert reason_ids("1C*3 2C*3 3C*4 [N E W S]") == ["exposure_illegal"]
    assert reason_ids("2C*3 3C*3 4C*3 5C*3 [1C*2]") == ["exposure_illegal"]
    # Written among the concealed tiles (completed by the winning call), the same Pair is fine.
    assert verdict("1C*3 2C*3 3C*3 4C*3 F*2")["valid"]


def test_a_grown_exposure_is_quoted_as_it_lies_on_the_table_jokers_and_all() -> None:
    # "RD is exposed as [RD RD RD]" was said of [RD RD J]: a bracket not in the hand shown.
    for hand, quoted in (
        ("RD 1C 1C 1C 2C 2C 2C 3C 3C 3C 3C [RD RD J]", "a Pung (two Red Dragons and a joker)"),
        ("RD RD 1C 1C 1C 2C 2C 2C 3C 3C 3C [RD J J]", "a Pung (Red Dragon and two jokers)"),
    ):
        message = check(hand).reasons[0].message
        assert f"Red Dragon is exposed as {quoted} and also held in the rack" in message


def test_every_bracket_a_grown_exposure_puzzle_quotes_is_in_its_hand() -> None:
    from cfmj.engine import drills

    for seed in range(300):
        puzzle = drills.generate("winning_hand", seed=seed, band=3, focus="exposure_grown")
        hand = puzzle.question["hand"]
        brackets = {codes_named(b) for b in re.findall(r"\[([^\]]*)\]", hand)}
        for quoted in re.findall(r"is exposed as an? \w+ \(([^)]*)\)", puzzle.answer["explanation"]):
            assert quoted in brackets, (seed, hand, quoted)
