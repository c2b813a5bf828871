"""The danger of each discard, from what one player sees at the table (their PlayerView): the
opponents in turn order after them, named by their winds, with their exposures and discards."""

from __future__ import annotations

from functools import lru_cache

from ..danger import DangerResult, danger
from ..defence import DEFAULT, Defence, Thresholds, defended_discard
from ..evaluation import SHORTLIST
from ..reading import Opponent
from .tileset import SEATS, to_the, wind_of
from .view import PlayerView
from .waits import unseen_tiles


def opponents_of(view: PlayerView) -> list[Opponent]:
    """The other three players as this player sees them, in turn order after them."""
    out = []
    for offset in range(1, SEATS):
        seat = to_the(view.seat, offset)
        out.append(
            Opponent(
                wind_of(seat, view.dealer),
                tuple(e.tiles for e in view.exposures[seat]),
                tuple(t for s, t in view.discards if s == seat),
                view.dead[seat],
            )
        )
    return out


RECENT = 8  # views whose readings are kept: the coach's hint, its caution and its mark, and the
# strong bot, all ask about the same view of one decision


@lru_cache(maxsize=RECENT)
def danger_in_view(view: PlayerView, *, unexposed: bool = False) -> DangerResult:
    """How dangerous each of this player's 14 tiles is to discard now (`unexposed`: read the
    opponents who have exposed nothing too, the whole card's work; see danger())."""
    return danger(
        view.hand(),
        opponents_of(view),
        seen=[t for _, t in view.discards],
        wall=view.wall_count,
        rules=view.rules,
        unexposed=unexposed,
    )


@lru_cache(maxsize=RECENT)
def defended_discard_in_view(
    view: PlayerView, *, unexposed: bool = False, shortlist: int = SHORTLIST, thresholds: Thresholds = DEFAULT
) -> Defence:
    """This player's discard now, weighing their distance from Mah Jongg against the danger
    (cfmj.engine.defence)."""
    return defended_discard(
        view.hand(),
        danger_in_view(view, unexposed=unexposed),
        shortlist=shortlist,
        thresholds=thresholds,
        draws=unseen_tiles(view),
    )
