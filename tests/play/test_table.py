"""What the table says is the learner's to do (cfmj/play/table.py): only what the engine allows."""

from __future__ import annotations

from cfmj.engine.game import DeclareMahJongg, ExchangeJoker
from cfmj.play.table import your_turn


def test_a_dead_hand_is_told_only_to_discard() -> None:
    # The engine offers a dead hand no declaration and no joker exchange (RULES §6).
    assert your_turn({"discard"}) == "Your turn: discard a tile."


def test_a_live_hand_is_told_every_choice_it_has() -> None:
    assert your_turn({"discard", DeclareMahJongg.kind}) == "Your turn: discard a tile or declare Mah Jongg."
    assert your_turn({"discard", DeclareMahJongg.kind, ExchangeJoker.kind}) == (
        "Your turn: discard a tile, exchange a joker or declare Mah Jongg."
    )
