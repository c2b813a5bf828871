"""The warm-up a server runs before it serves (gunicorn.conf.py): it builds the distance tables and
the card's shapes, and plays its seeded hand with advice players through to a Mah Jongg, so the
checker is warmed too."""

from __future__ import annotations

from cfmj.engine.card_rows import card_matrix
from cfmj.engine.game.warm import warm_up
from cfmj.engine.shapes import built_shapes


def test_it_plays_a_hand_to_a_mah_jongg_and_leaves_the_tables_built() -> None:
    result = warm_up()
    assert result.winner is not None and result.won_by == "discard"
    assert card_matrix.cache_info().currsize == 1
    assert built_shapes() is not None  # check looks its readings up on the card from the start
