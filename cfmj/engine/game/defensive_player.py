"""A player that defends: the advice player in everything but the discard, which weighs its own
distance from Mah Jongg against the danger of each tile (cfmj.engine.defence), reading only the
opponents who have exposed a block (the danger of a concealed hand is small and slow to read)."""

from __future__ import annotations

from collections.abc import Sequence

from ..defence import DEFAULT, Defence, Thresholds
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
        defence = defence_in_view(view, self.thresholds)
        if defence is None:
            return super()._discard(view, legal)  # nothing to read, or nothing to defend
        chosen = next((a for a in legal if isinstance(a, Discard) and a.tile == defence.tile), None)
        return chosen if chosen is not None else super()._discard(view, legal)


def defence_in_view(view: PlayerView, thresholds: Thresholds = DEFAULT) -> Defence | None:
    """The defence's discard for this player's 14 tiles (as the bots' scorer ranks them), or None
    when there is nothing to weigh: no opponent has exposed a block, or the hand can no longer win."""
    exposed = any(view.exposures[to_the(view.seat, k)] for k in range(1, SEATS))
    if not exposed or int(hand_needs(view.hand()).min()) >= IMPOSSIBLE:
        return None
    return defended_discard_in_view(view, shortlist=BOT_SHORTLIST, thresholds=thresholds)
