"""A player's choices in words, as the coach names them: 'Discard 5 Dot', 'Pass 1 Bam, 2 Crak and
North', 'Let 5 Dot go'."""

from __future__ import annotations

from ..charleston import DIRECTIONS
from ..game.actions import (
    Action,
    CallExposure,
    CallMahJongg,
    CourtesyAsk,
    CourtesyPass,
    DeclareMahJongg,
    Discard,
    ExchangeJoker,
    PassTiles,
    StopVote,
)
from ..game.state import STAGE_OFFSET
from ..game.tileset import wind_of
from ..game.view import PlayerView
from ..labels import block_label
from ..tiles import JOKER, code, name
from ..words import join_words, plural


def describe(view: PlayerView, action: Action) -> str:
    """A choice in words: 'Discard 5 Dot', 'Pass 1 Bam, 2 Crak and North', 'Let 5 Dot go'."""
    tile = view.pending_discard[1] if view.pending_discard else None
    if isinstance(action, PassTiles):
        return pass_label(action.tiles, action.blind)
    if isinstance(action, CourtesyPass):
        return pass_label(action.tiles, ())
    if isinstance(action, StopVote):
        return "Vote to stop" if action.stop else "Go on to the second Charleston"
    if isinstance(action, CourtesyAsk):
        return offer(action.count)
    if isinstance(action, Discard):
        return f"Discard {name(action.tile)}"
    if isinstance(action, DeclareMahJongg):
        return "Declare Mah Jongg"
    if isinstance(action, ExchangeJoker):
        exposure = view.exposures[action.owner][action.exposure]
        block = block_label(code(exposure.tile if exposure.tile is not None else JOKER), len(exposure.tiles))
        return f"Give {name(action.tile)} for the joker in {whose(view, action.owner)} {block}"
    if tile is None:
        return action.kind
    if isinstance(action, CallMahJongg):
        return f"Call {name(tile)} for Mah Jongg"
    if isinstance(action, CallExposure):
        jokers = action.tiles.count(JOKER)
        extra = f" ({plural(jokers, 'joker')})" if jokers else ""
        return f"Call {name(tile)} for a {block_label(code(tile), len(action.tiles) + 1)}{extra}"
    return f"Let {name(tile)} go"


def whose(view: PlayerView, seat: int) -> str:
    if seat == view.seat:
        return "your"
    return f"{wind_of(seat, view.dealer)}'s"


def same_choice(one: Action, other: Action) -> bool:
    """The same choice (a pass's tiles in any order)."""
    if type(one) is not type(other):
        return False
    if isinstance(one, (PassTiles, CourtesyPass, CallExposure)):
        return sorted_fields(one) == sorted_fields(other)
    return one == other


def sorted_fields(action: Action) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return tuple(sorted(getattr(action, "tiles", ()))), tuple(sorted(getattr(action, "blind", ())))


def direction(view: PlayerView) -> str:
    if view.stage is None:
        return "across"  # the courtesy pass
    way = DIRECTIONS[STAGE_OFFSET[view.stage] - 1]
    return "across" if way == "across" else f"to the {way}"


def pass_label(tiles: tuple[int, ...], blind: tuple[int, ...]) -> str:
    own = names(tiles)
    if not blind:
        return f"Pass {own}" if tiles else "Pass nothing"
    unseen = f"{plural(len(blind), 'tile')} just received, blind"
    return f"Pass {own} and {unseen}" if tiles else f"Pass {unseen}"


def names(tiles: tuple[int, ...]) -> str:
    """'1 Bam, 2 Crak and North'."""
    return join_words([name(t) for t in tiles])


def offer(count: int) -> str:
    return f"Offer {plural(count, 'tile')}" if count else "Offer none"
