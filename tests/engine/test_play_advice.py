"""Discard and call advice (RULES §6)."""

from __future__ import annotations

import pytest

from cfmj.engine import InputError, check
from cfmj.engine.distance import distance
from cfmj.engine.notation import Hand
from cfmj.engine.play_advice import call, discard
from cfmj.engine.tiles import JOKER, code, parse_tile
from tests.engine.helpers import spell


def test_it_discards_the_tile_that_fits_nothing() -> None:
    advice = discard(spell("1C*3 2C*3 3C*3 4C*4 9D"))
    assert code(advice.tile) == "9D"
    rest = list(advice.hand.concealed)
    rest.remove(advice.tile)
    assert distance(Hand(tuple(rest), ())).tiles_needed == advice.ranked[0].tiles_needed == 1


def test_it_never_advises_discarding_a_joker_while_another_tile_can_go() -> None:
    advice = discard(spell("1C*3 2C*3 3C*3 J 4C*3 9D"))
    assert advice.tile != JOKER


def test_it_grades_a_proposed_discard() -> None:
    advice = discard(spell("1C*3 2C*3 3C*3 4C*4 9D"), proposed="1C")
    assert advice.graded is not None and advice.graded.verdict == "weak"
    with pytest.raises(InputError, match="not among your concealed"):
        discard(spell("1C*3 2C*3 3C*3 4C*4 9D"), proposed="5B")


def test_it_calls_for_mah_jongg_when_the_discard_completes_the_hand() -> None:
    advice = call(spell("1C*3 2C*3 3C*3 4C*3 F"), "F")
    assert advice.advised is not None and advice.advised.call == "mah_jongg"
    assert check(spell("1C*3 2C*3 3C*3 4C*3 F*2")).valid


def test_it_calls_to_expose_when_it_brings_the_hand_closer() -> None:
    advice = call(spell("3C*3 4C*3 5C*2 RD*3 F N"), "5C")
    legal = {o.call: o for o in advice.options if o.legal}
    assert "expose" in legal and advice.advised is not None and advice.advised.call == "expose"
    assert advice.advised.block == (parse_tile("5C"),) * 3


def test_it_names_the_rule_that_forbids_a_call() -> None:
    pair = call(spell("1C*3 2C*3 3C*3 4C*3 F"), "1C")
    refused = {o.call: o for o in pair.options if not o.legal}
    assert "Pairs, flower Pairs and NEWS" in refused["pair"].rule
    joker = call(spell("1C*3 2C*3 3C*3 4C*3 F"), "J")
    assert joker.advised is None and "dead" in joker.why
    dead = call(spell("1C*3 2C*3 N*2 E RD [5D*3]"), "N")  # winds beside an exposed number
    assert any(not o.legal and "dead" in o.rule for o in dead.options if o.call == "expose")
