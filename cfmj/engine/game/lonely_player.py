"""The "simple human heuristic" baseline: a player who knows the rules but not the card, and
keeps tiles that have company.

A tile's loneliness is (copies held, neighbours held): the fewer copies of it in the concealed
hand, and the fewer tiles of the same suit within two numbers of it (3 Bam's neighbours are 1, 2,
4 and 5 Bam, counted with their copies), the lonelier it is. Winds, dragons and flowers have no
neighbours: only their copies count. A joker is never given away. Among equally lonely tiles the
one with the higher tile code goes first (flowers, then dragons and winds, then Dots, Bams,
Craks from nine down): honours before suit tiles, as a beginner tends to.

It declares or calls Mah Jongg whenever its hand wins (by the validator, `players.wins`),
never calls a discard for an exposure, never exchanges a joker, discards its loneliest tile,
passes its three loneliest in every Charleston pass (never blind), votes to go on with the
second Charleston and asks for no courtesy pass.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..tiles import JOKER, is_number, number_of, suit_of
from .actions import (
    Action,
    CallMahJongg,
    CourtesyAsk,
    CourtesyPass,
    DeclareMahJongg,
    Discard,
    NoCall,
    PassTiles,
    StopVote,
)
from .players import wins
from .view import PlayerView


def loneliness(tile: int, counts: Counter[int]) -> tuple[int, int, int]:
    """The sort key of `tile` in a hand with these `counts`: lowest is loneliest."""
    near = 0
    if is_number(tile):
        near = sum(
            n
            for other, n in counts.items()
            if other != tile
            and is_number(other)
            and suit_of(other) == suit_of(tile)
            and abs(number_of(other) - number_of(tile)) <= 2
        )
    return (counts[tile], near, -tile)


def loneliest(tiles: Sequence[int], size: int) -> tuple[int, ...]:
    """The `size` loneliest tiles of `tiles` (never a joker), sorted like a legal action's."""
    counts = Counter(tiles)
    naturals = sorted((t for t in tiles if t != JOKER), key=lambda t: loneliness(t, counts))
    return tuple(sorted(naturals[:size]))


class LonelyPlayer:
    """The loneliest-tile heuristic; deterministic given the view."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        for action in legal:
            if isinstance(action, DeclareMahJongg) and wins(view):
                return action
            pending = view.pending_discard
            if isinstance(action, CallMahJongg) and pending and wins(view, (pending[1],)):
                return action
        for action in legal:
            if isinstance(action, NoCall):
                return action  # never calls for an exposure
        kinds = {type(a) for a in legal}
        if Discard in kinds:
            return self._discard(view, legal)
        if PassTiles in kinds:
            return PassTiles(view.seat, loneliest(view.concealed, 3))
        if StopVote in kinds:
            return StopVote(view.seat, False)
        if CourtesyAsk in kinds:
            return CourtesyAsk(view.seat, 0)
        if CourtesyPass in kinds:
            size = next(len(a.tiles) for a in legal if isinstance(a, CourtesyPass))
            return CourtesyPass(view.seat, loneliest(view.concealed, size))
        return legal[0]

    def _discard(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        options = {a.tile for a in legal if isinstance(a, Discard)}
        picked = loneliest(view.concealed, 1)
        tile = picked[0] if picked and picked[0] in options else min(options)
        return Discard(view.seat, tile)
