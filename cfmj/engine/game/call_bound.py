"""When a bot may skip weighing a call: bounds that make the answer certain without the work.

A call takes the discard into the hand as an exposed block (with some of the hand's copies and
jokers). `needs` places tiles the best way it can, so a block exposed is one way of placing the
same tiles, never a better one: after the call, each arrangement needs at least what it needs
now, less one where the called tile fills an empty place of it. A discard after the call never
lowers that. So:
- when the called tile fills no empty place of any nearest arrangement, no call brings the hand
  nearer, and the bot lets it go;
- once one call brings the hand one tile nearer, no other call can do better.
Both hold only when every exposure holds a natural tile (a block of jokers alone displaces real
tiles: `needs` counts that, the keep scorer does not) and the hand is alive.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import numpy.typing as npt

from ..distance import IMPOSSIBLE, card_matrix
from ..evaluation import RECENT, hand_needs
from ..notation import Hand
from ..tiles import JOKER


def bounds_hold(hand: Hand) -> bool:
    """The bounds apply: the hand is alive and no exposure is of jokers alone."""
    if not all(any(t != JOKER for t in group) for group in hand.exposures):
        return False
    return int(hand_needs(hand).min()) < IMPOSSIBLE


@lru_cache(maxsize=RECENT)
def _nearest(hand: Hand) -> npt.NDArray[np.intp]:
    """The arrangements the hand is nearest to."""
    need = hand_needs(hand)
    return np.flatnonzero(need == need.min())


def tile_cannot_help(hand: Hand, tile: int) -> bool:
    """True when taking `tile` (by any call) cannot bring the hand nearer: no nearest
    arrangement has room for one more of it. Only when `bounds_hold(hand)`."""
    columns = _nearest(hand)
    taken = sum(len(group) for group in hand.exposures if tile in group)  # its exposed blocks
    room = card_matrix().total[tile][columns] - taken
    return not bool((room > hand.concealed.count(tile)).any())
