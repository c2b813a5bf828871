"""Warming a process up before it serves: what the advice player builds on its first choices (the
card tables distance reads, the per-hand scorers' first NumPy calls, the checker at a Mah Jongg),
the card's shapes that `check` looks readings up in (shapes.py) and the index `winning_value`
looks hands up in (winning.py) are built at once, so that no learner's first request pays for it
(about 3 s of CPU, once per process). A server calls it before
it answers anyone (gunicorn.conf.py); tests and commands do not, and build what they use when they
first use it."""

from __future__ import annotations

from ..distance import warm_up as distance_warm_up
from ..shapes import card_shapes
from ..winning import support_index
from .advice_player import AdvicePlayer
from .core import Game
from .runner import HandResult, play_hand

WARM_SEED = 1  # a hand the advice players end with a Mah Jongg on a discard: the checker runs too


def warm_up() -> HandResult:
    """Build the distance tables, the card's shapes and index, then play one seeded hand with four advice
    players (the Charleston, discards, calls and a Mah Jongg, as the strong bots play)."""
    distance_warm_up()
    card_shapes()
    support_index()
    return play_hand(Game(WARM_SEED), [AdvicePlayer() for _ in range(4)])
