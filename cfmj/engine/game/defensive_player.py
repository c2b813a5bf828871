"""A player that defends: the advice player in everything but the discard, which weighs its own
distance from Mah Jongg against the danger of each tile (cfmj.engine.defence), reading only the
opponents who have exposed a block (the danger of a concealed hand is small and slow to read)."""

from __future__ import annotations

from collections.abc import Sequence

from ..defence import DEFAULT, Thresholds
from ..distance import IMPOSSIBLE
from ..evaluation import hand_needs
from .actions import Action, Discard
from .advice_player import BOT_SHORTLIST, AdvicePlayer
from .table_reading import defended_discard_in_view
from .tileset import SEATS, to_the
from .view import PlayerView


class DefensivePlayer(AdvicePlayer):
    """Plays by the advice, but discards by the defence; deterministic given the view."""

    def __init__(self, thresholds: Thresholds = DEFAULT) -> None:
        self.thresholds = thresholds

    def _discard(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        exposed = any(view.exposures[to_the(view.seat, k)] for k in range(1, SEATS))
        if not exposed or int(hand_needs(view.hand()).min()) >= IMPOSSIBLE:
            return super()._discard(view, legal)  # nothing to read, or nothing to defend
        tile = defended_discard_in_view(view, shortlist=BOT_SHORTLIST, thresholds=self.thresholds).tile
        chosen = next((a for a in legal if isinstance(a, Discard) and a.tile == tile), None)
        return chosen if chosen is not None else super()._discard(view, legal)
