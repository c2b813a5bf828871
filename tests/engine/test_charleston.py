"""Charleston advice (CLI.md `charleston`): three tiles to pass, never a joker, with reasons."""

from __future__ import annotations

import io
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cfmj.engine import InputError
from cfmj.engine.charleston import charleston, courtesy, stop_after_first
from cfmj.engine.cli import main
from cfmj.engine.evaluation import score_keeps
from cfmj.engine.notation import Hand
from cfmj.engine.tiles import JOKER
from tests.engine.helpers import spell
from tests.engine.test_properties import CARD

NEAR = "1C*3 2C*3 3C*3 4C*2 N E RD"  # East's 14: a run 1-2-3-4, two winds and a dragon
LOOSE = "1C*4 2C*4 3C*2 N*2 E"  # 13: a run 1-2-3; winds cannot join a number hand


def test_it_passes_the_tiles_that_fit_no_near_hand() -> None:
    strays = charleston(spell(LOOSE), proposed="N N E").graded
    assert strays is not None and strays.verdict == "best"
    advice = charleston(spell(NEAR))
    obvious = charleston(spell(NEAR), proposed="N E RD").graded
    assert obvious is not None and advice.best.sort_key() <= obvious.score.sort_key()
    answer = advice.as_dict()
    assert len(answer["pass"]) == 3 and answer["keep_target"]["category"]
    assert "It aims at" in answer["why"] and answer["alternatives"]
    assert all(isinstance(a["score"], float) for a in answer["alternatives"])


def test_it_ranks_the_advice_first() -> None:
    advice = charleston(spell(NEAR))
    assert all(advice.best.sort_key() <= other.sort_key() for other in advice.ranked)
    graded = charleston(spell(NEAR), proposed=advice.best.given).graded
    assert graded is not None and graded.verdict == "best" and graded.rank == 1
    worst = charleston(spell(NEAR), proposed="1C 1C 2C").graded
    assert worst is not None and worst.verdict == "weak"


@settings(max_examples=40, deadline=None)
@given(st.integers(0, len(CARD) - 1), st.randoms(use_true_random=False))
def test_it_never_passes_a_joker_and_passes_tiles_held(index: int, rng: random.Random) -> None:
    from cfmj.engine.card import random_hold

    hand = random_hold(CARD.entries[index], rng, expose_chance=0)
    thirteen = Hand(hand.concealed[:13], ())
    assert sum(1 for t in thirteen.concealed if t != JOKER) >= 3
    advice = charleston(thirteen)
    assert len(advice.best.given) == 3 and JOKER not in advice.best.given
    left = list(thirteen.concealed)
    for tile in advice.best.given:
        left.remove(tile)


def test_it_refuses_impossible_requests() -> None:
    with pytest.raises(InputError, match="never passed"):
        charleston(spell(NEAR), proposed="J 1C 2C")
    with pytest.raises(InputError, match="13 or 14"):
        charleston(spell("1C*3 2C*3 3C*3 4C*3"))
    with pytest.raises(InputError, match="direction"):
        charleston(spell(NEAR), direction="up")
    with pytest.raises(InputError, match="exactly three"):
        charleston(spell(NEAR), proposed="N E")
    with pytest.raises(InputError, match="not in the hand"):
        charleston(spell(NEAR), proposed="9D N E")
    with pytest.raises(InputError, match="Nothing is exposed"):
        charleston(spell("1C*3 2C*3 3C*2 N E RD [4C*3]"))


@pytest.mark.parametrize(
    "argv",
    [
        ["charleston", spell(NEAR), "--pass", "J 1C 2C"],
        ["charleston", spell("1C*3 2C*3 3C*3 4C*3")],
        ["charleston", spell(NEAR), "--direction", "sideways"],
        ["distance", spell("1C*3 2C*3")],
    ],
)
def test_it_answers_exit_2_to_an_impossible_request(argv: list[str]) -> None:
    out = io.StringIO()
    assert main(argv, stdout=out) == 2
    assert list(json.loads(out.getvalue())) == ["error"]


def test_it_answers_the_cli_contract() -> None:
    out = io.StringIO()
    assert main(["charleston", spell(NEAR), "--direction", "across"], stdout=out) == 0
    answer = json.loads(out.getvalue())
    assert set(answer) >= {"pass", "keep_target", "alternatives"}
    assert set(answer["keep_target"]) >= {"category", "pattern"}
    assert all(set(a) >= {"pass", "score"} for a in answer["alternatives"])


def test_it_advises_a_blind_pass_only_when_every_own_pass_costs() -> None:
    tight = spell("1C*3 2C*3 3C*3 4C*4")  # 13 tiles, every one in the hand's best run
    advice = charleston(tight, blind_allowed=True, direction="left")
    assert advice.blind > 0 and "blind" in advice.why
    assert charleston(tight, blind_allowed=False).blind == 0
    for spec in (NEAR, LOOSE, "1C 4C 7C 2B 5B 8B 3D 6D 9D N E W RD"):
        hand = spell(spec)
        advice = charleston(hand, blind_allowed=True)
        keep_all = score_keeps(advice.hand, [()])[0].tiles_needed  # passing nothing
        assert (advice.blind > 0) == (advice.ranked[0].tiles_needed > keep_all), spec


def test_it_advises_stopping_a_tight_hand_and_going_on_with_a_loose_one() -> None:
    assert stop_after_first(spell("1C*3 2C*3 3C*3 4C*4")).stop is True
    loose = stop_after_first(spell("1C 4C 7C 2B 5B 8B 3D 6D 9D N E W RD"))
    assert loose.stop is False and "Go on" in loose.why


def test_it_offers_only_tiles_that_cost_nothing_in_the_courtesy_pass() -> None:
    offer = courtesy(spell(NEAR))
    assert 1 <= len(offer.offer) <= 3 and JOKER not in offer.offer
    assert courtesy(spell("1C*3 2C*3 3C*3 4C*4")).offer == ()
