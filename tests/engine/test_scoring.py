"""RULES §3: value, bonuses, doublings and payouts."""

import pytest

from cfmj.engine import RuleSet, check, scoring
from cfmj.engine.blocks import Block
from cfmj.engine.drills import generate
from cfmj.engine.scoring import (
    counts_as_self_drawn,
    earns_set_bonus,
    loser_pays,
    payments,
    payout,
    winner_receives,
)
from cfmj.engine.tiles import EAST, NEWS, NORTH, SOUTH, WEST
from tests.engine.helpers import spell, wins

TWO_SUITS = "1C*3 2C*3 3D*4 4D*4"  # set bonus, concealed, no suit bonus


def test_3_value_formula() -> None:
    assert wins(TWO_SUITS)["value"] == (25 + 5 + 10) * 2
    assert wins(TWO_SUITS, self_drawn=True)["value"] == (25 + 5 + 10) * 2 * 2
    assert wins("1C*3 2C*2 J 3D*4 4D*4")["value"] == 25 + 5 + 10
    assert wins("1C*3 2C*2 J 3D*4 4D*4", self_drawn=True)["value"] == (25 + 5 + 10) * 2


def test_3_pairs_bonus() -> None:
    assert wins("1C*2 2C*4 3C*4 4C*4")["bonuses"]["pairs"] == 0
    assert wins("1C*2 2C*2 3C*2 4C*4 5C*4")["bonuses"]["pairs"] == 5
    assert wins("1C*2 2C*2 3C*2 4C*2 5C*3 6C*3")["bonuses"]["pairs"] == 5
    assert wins("1C*2 2C*2 3C*2 4C*2 5C*2 6C*4")["bonuses"]["pairs"] == 5
    assert wins("1C*2 2C*2 3C*2 4C*2 5C*2 6C*2 7C*2")["bonuses"]["pairs"] == 10
    assert wins("1C*2 2C*2 F*2 3C*4 4C*4")["bonuses"]["pairs"] == 5  # the flower Pair counts


def test_3_quints_bonus() -> None:
    assert wins("1C*4 J 2C*4 J 3C*4")["bonuses"]["quints"] == 10
    assert wins("1C*3 2C*3 3C*3 4C*4 J")["bonuses"]["quints"] == 5


def test_3_set_bonus() -> None:
    assert wins(TWO_SUITS)["bonuses"]["set"] == 5
    assert wins("N*3 E*3 W*4 S*4")["bonuses"]["set"] == 5
    assert wins("1C*3 2C*3 3C*4 RD*4")["bonuses"]["set"] == 0
    assert wins("1C*3 2C*3 3C*3 4C*3 F*2")["bonuses"]["set"] == 0
    assert wins("1C*3 2C*3 3C*4 N E W S")["bonuses"]["set"] == 0  # NEWS breaks a number set
    assert earns_set_bonus(
        (Block(NORTH, 4, 1), Block(EAST, 2), Block(WEST, 2), Block(SOUTH, 2), Block(NEWS, 4))
    )  # ... but not a Winds set
    assert wins("J*3 2C*3 3C*4 4C*4")["bonuses"]["set"] == 5  # jokers aside


def test_3_suit_bonus() -> None:
    assert wins("1C*3 2C*3 3C*4 RD*4")["bonuses"]["suit"] == 5  # red goes with craks
    assert wins("1C*3 2C*3 3C*4 GD*4")["bonuses"]["suit"] == 0  # green goes with bams
    assert wins(TWO_SUITS)["bonuses"]["suit"] == 0
    assert wins("1C*3 2C*3 3C*3 4C*3 F*2")["bonuses"]["suit"] == 0
    assert wins("1C*3 2C*3 3C*4 N E W S")["bonuses"]["suit"] == 0
    assert wins("5C*3 5B*3 5D*4 RD*4")["bonuses"]["suit"] == 0  # like numbers: three suits


def test_3_concealed_bonus() -> None:
    assert wins("1C*3 2C*3 3C*4 4C*4")["bonuses"]["concealed"] == 10
    assert wins("1C*3 2C*3 3C*4 [4C*4]")["bonuses"]["concealed"] == 0


def test_3_dragon_hands_no_doubling() -> None:
    answer = wins("RD*4 GD*4 F*6", self_drawn=True)
    assert answer["value"] == 50 and answer["payout"] == {"each": 50}
    assert wins("RD*4 GD*4 F*6")["payout"] == {"discarder": 100, "other": 50}
    doubled = check(spell("RD*4 GD*4 F*6"), self_drawn=True, rules=RuleSet(dragon_hands_double=True))
    assert doubled.as_dict()["value"] == 200


def test_3_payout() -> None:
    assert wins(TWO_SUITS)["payout"] == {"discarder": 160, "other": 80}
    assert wins(TWO_SUITS, self_drawn=True)["payout"] == {"each": 160}
    assert payments(winner=0, value=50, discarder=1) == [200, -100, -50, -50]
    assert payments(winner=2, value=50, discarder=None) == [-50, -50, 150, -50]


@pytest.mark.parametrize("value", [20, 50, 70, 1000])
def test_it_has_a_game_pay_what_check_says_is_paid(value: int) -> None:
    for winner in range(4):
        for discarder in (None, *(seat for seat in range(4) if seat != winner)):
            paid = payout(value, self_drawn=discarder is None)
            net = payments(winner=winner, value=value, discarder=discarder)
            for seat in set(range(4)) - {winner}:
                key = "each" if discarder is None else "discarder" if seat == discarder else "other"
                assert -net[seat] == paid[key] == loser_pays(value, discarded_it=seat == discarder)
            assert net[winner] == -sum(net[seat] for seat in range(4) if seat != winner)


def test_it_works_every_payment_from_one_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    """Were the discarder to pay three times the value, check, a game and the worth drill would all
    say so: none of them keeps its own copy of the rule."""
    monkeypatch.setattr(scoring, "DISCARDER_PAYS_TIMES", 3)
    assert wins(TWO_SUITS)["payout"] == {"discarder": 240, "other": 80}
    assert wins(TWO_SUITS, self_drawn=True)["payout"] == {"each": 160}
    assert payments(winner=0, value=50, discarder=1) == [250, -150, -50, -50]
    for seed in range(3):
        answer = generate("worth", seed=seed, band=1, focus="discard").answer
        value = answer["value"]
        assert answer["discarder"] == 3 * value
        assert answer["expected"] == f"{value} points; the discarder pays {3 * value}."
        assert (
            f"the discarder pays double, {3 * value}, and the other two pay {value} each"
            in (answer["explanation"])
        )


def test_3_joker_exchange_counts_as_self_drawn() -> None:
    assert counts_as_self_drawn("joker_exchange") and counts_as_self_drawn("wall")
    assert not counts_as_self_drawn("discard")


def test_3_wall_game_pays_nothing() -> None:
    assert payments(winner=None, value=0, discarder=None) == [0, 0, 0, 0]


def test_3_base_option() -> None:
    assert wins(TWO_SUITS, base=20)["value"] == (20 + 5 + 10) * 2
    assert wins(TWO_SUITS, base=20, house_rules=[3])["value"] == (20 + 5 + 10) * 2


def test_3_ties_any_arrangement() -> None:
    result = check(spell("J*3 5C*3 6C*4 RD*4"))
    top = max(a.value or 0 for a in result.arrangements)
    assert result.best is not None and result.best.value == top
    assert sum(1 for a in result.arrangements if a.value == top) > 1  # 4C or 7C: a real tie


def test_3_worked_check() -> None:
    answer = wins("7C*3 8C*4 9D*4 [RD*3]")
    assert (answer["category"], answer["set"], answer["pattern"]) == (
        "consecutive_run",
        ["7", "8", "9"],
        "two_pungs_two_kongs",
    )
    assert answer["value"] == 50 and answer["payout"] == {"discarder": 100, "other": 50}
    assert wins("7C*3 8C*4 9D*4 RD*3")["value"] == 70


@pytest.mark.parametrize(
    ("value", "self_drawn", "receives"), [(50, False, 200), (50, True, 150), (70, False, 280)]
)
def test_it_says_what_the_winner_collects_by_the_payment_rule(
    value: int, self_drawn: bool, receives: int
) -> None:
    assert winner_receives(value, self_drawn=self_drawn) == receives
