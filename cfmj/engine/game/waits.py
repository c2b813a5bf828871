"""A player's waits: the tiles that would complete their hand now, and the copies of a tile they
have not seen (which could still come). The play app's review reads them; pure engine."""

from __future__ import annotations

from collections import Counter

from ..evaluation import hand_needs
from .players import might_win, wins
from .tileset import full_set
from .view import PlayerView


def complete(view: PlayerView, extra: tuple[int, ...] = ()) -> bool:
    """Does this player's hand (plus `extra`) win now? The engine's `wins` (the validator), asked
    only when the engine's quick tests (might_win, then the distance reading, which agrees with the
    validator on fourteen tiles) find nothing missing: the validator is slow to say no (it looks
    for the near misses)."""
    hand = view.hand(extra)
    return len(hand) == 14 and might_win(hand) and int(hand_needs(hand).min()) == 0 and wins(view, extra)


def completing(view: PlayerView) -> tuple[int, ...]:
    """The tiles that would complete this player's thirteen tiles (none for a dead hand); only
    kinds of which the set holds a copy more than the player's hand."""
    if view.dead[view.seat] or len(view.hand()) != 13 or int(hand_needs(view.hand()).min()) > 1:
        return ()
    room = Counter(full_set(view.rules))
    room.subtract(view.hand().tiles)
    return tuple(t for t in sorted(room) if room[t] > 0 and complete(view, (t,)))


def unseen_tiles(view: PlayerView) -> Counter[int]:
    """The tiles of the set this player has not seen: not on its rack, in an exposure or in the
    discards (the tiles that could still come), by kind."""
    left = Counter(full_set(view.rules))
    left.subtract(view.concealed)
    left.subtract(t for seat in view.exposures for exposure in seat for t in exposure.tiles)
    left.subtract(tile for _, tile in view.discards)
    return left


def unseen(view: PlayerView, tile: int) -> int:
    """The copies of `tile` this player has not seen (the copies that could still come)."""
    return unseen_tiles(view)[tile]


def waiting_for(view: PlayerView, tiles: tuple[int, ...] | None = None) -> tuple[int, ...]:
    """The tiles that would complete this player's hand and could still come (`tiles`: the
    completing ones, if known)."""
    return tuple(t for t in (completing(view) if tiles is None else tiles) if unseen(view, t) > 0)
