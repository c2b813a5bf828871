"""Defence-aware discard advice (cfmj.engine.defence) and the defensive player: hand-made
positions whose answer is certain. Across has exposed three dragon Kongs, which leave only
Dragon's Wings, waiting on a Pair of 1 Bam; how likely Across is to be ready is set by hand
(READY_CHANCE is measured, and these answers must not move with it)."""

from __future__ import annotations

import pytest

from cfmj.engine import reading
from cfmj.engine.danger import danger
from cfmj.engine.defence import (
    EXTREME,
    GIVE_UP_READY,
    VERY_DANGEROUS,
    Thresholds,
    defended_discard,
)
from cfmj.engine.errors import InputError
from cfmj.engine.game.actions import Discard
from cfmj.engine.game.advice_player import AdvicePlayer
from cfmj.engine.game.defensive_player import DefensivePlayer
from cfmj.engine.tiles import JOKER, name, parse_tile
from tests.engine.game.helpers import position
from tests.engine.helpers import spell

WINGS = "[RD RD RD RD] [GD GD GD GD] [WD WD WD WD]"
FAR = spell("1C*3 2C*3 3C*3 4C*2 1B 7D 9D")  # 3 tiles needed after the best discard
SAFE_AS_GOOD = spell("1C*3 2C*3 3C*3 4C*2 F 1B 7D")  # 1 Bam or 7 Dot: 2 tiles needed either way
ONE_AWAY = spell("1C*3 2C*3 3C*3 4C*3 F 1B")  # discard 1 Bam: waiting on a Flower
BAM = parse_tile("1B")


@pytest.fixture
def across_ready(monkeypatch: pytest.MonkeyPatch):
    """Set how likely Across (three exposures) is to be ready, whatever the wall."""

    def set_chance(chance: float) -> None:
        for stage in ("early", "middle", "late"):
            monkeypatch.setitem(reading.READY_CHANCE, (3, stage), chance)

    return set_chance


def _defend(hand: str, wall: int = 20):
    return defended_discard(hand, danger(hand, ["", WINGS, ""], wall=wall, unexposed=False))


def test_it_never_discards_the_wings_pair_when_far(across_ready) -> None:
    for chance in (0.1, GIVE_UP_READY, 0.9):
        across_ready(chance)
        assert _defend(FAR).tile != BAM


def test_it_gives_up_when_far_and_an_opponent_is_likely_ready(across_ready) -> None:
    across_ready(0.7)
    advice = _defend(FAR)
    assert advice.give_up and advice.danger == 0 and advice.advised == BAM
    assert advice.lead.startswith(f"Discard {name(advice.tile)}, among the safest tiles: ")
    assert advice.lead.endswith(
        "Across is likely one tile from Mah Jongg and you need 3 more tiles, so play safe."
    )
    assert "it is safe." in advice.detail
    assert advice.as_dict()["give_up"] is True


def test_it_does_not_give_up_when_nobody_is_likely_ready(across_ready) -> None:
    across_ready(GIVE_UP_READY / 2)
    assert not _defend(FAR).give_up


def test_it_takes_a_safe_discard_as_good_for_the_hand(across_ready) -> None:
    across_ready(0.3)
    advice = _defend(SAFE_AS_GOOD)
    assert advice.advised == BAM  # the advice alone would throw the Wings their Pair
    assert advice.tile == parse_tile("7D") and not advice.give_up and advice.tiles_needed == 2
    assert (
        advice.lead
        == "Discard 7 Dot: it is as good for your hand as 1 Bam, which could give Across Mah Jongg."
    )
    assert advice.detail.endswith(
        "The chance that 1 Bam is called for Mah Jongg now: about 30%; 7 Dot: under 1%."
    )


def test_it_still_plays_to_win_when_one_tile_away(across_ready) -> None:
    across_ready((VERY_DANGEROUS + EXTREME) / 2)  # dangerous, but not extreme
    advice = _defend(ONE_AWAY)
    assert advice.tile == BAM and advice.tiles_needed == 1 and not advice.give_up


def test_it_pays_a_tile_when_one_tile_away_and_the_danger_is_extreme(across_ready) -> None:
    across_ready(0.9)
    advice = _defend(ONE_AWAY)
    assert advice.tile == parse_tile("F") and advice.tiles_needed == 2
    assert (
        advice.lead
        == "Discard Flower: it costs you a tile, but 1 Bam could give Across Mah Jongg (about 90%)."
    )
    assert advice.detail.endswith("With Flower gone you need 2 tiles instead of 1.")


def test_it_plays_the_advice_when_nobody_has_exposed_anything() -> None:
    hand = SAFE_AS_GOOD
    advice = defended_discard(hand, danger(hand, ["", "", ""], unexposed=False))
    assert advice.tile == advice.advised == BAM and advice.danger == 0 and not advice.give_up
    assert advice.why == (
        "Discard 1 Bam: the best for your hand, and safe enough. "
        "The chance that it is called for Mah Jongg now: under 1%."
    )


def test_it_never_gives_up_a_joker(across_ready) -> None:
    across_ready(0.9)
    hand = spell("1C*3 2C*3 3C*3 4C*2 1B 7D J")
    assert _defend(hand).tile != JOKER


def test_its_thresholds_can_be_varied(across_ready) -> None:
    across_ready(0.7)
    hand = FAR
    result = danger(hand, ["", WINGS, ""], wall=20, unexposed=False)
    never = Thresholds(give_up_ready=1.1)
    assert not defended_discard(hand, result, thresholds=never).give_up


def test_it_refuses_dangers_read_for_another_hand() -> None:
    result = danger(FAR, ["", WINGS, ""], unexposed=False)
    with pytest.raises(InputError, match="another hand"):
        defended_discard(SAFE_AS_GOOD, result)
    with pytest.raises(InputError):
        defended_discard("1B 2B", result)


def test_it_makes_the_defensive_player_avoid_the_dangerous_discard(across_ready) -> None:
    across_ready(0.3)
    game = position({0: SAFE_AS_GOOD}, exposures={2: ["RD*4", "GD*4", "WD*4"]})
    view, legal = game.view(0), game.legal_actions(0)
    assert AdvicePlayer().choose(view, legal) == Discard(0, BAM)
    assert DefensivePlayer().choose(view, legal) == Discard(0, parse_tile("7D"))
