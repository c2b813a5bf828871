"""The errors the game model raises."""

from __future__ import annotations

from ..errors import InputError
from ..rulebook import rule_ref


class IllegalAction(InputError):  # noqa: N818 (the name the game's callers use)
    """An action the rules forbid now. The message names the rule, in plain words."""


class ReplayError(InputError):
    """A recorded event list that the game does not reproduce."""


# The rules an action can break, written once so every refusal reads the same, each naming its
# rule in words as every explanation does ("(rule: Gameplay)"), never by section number.
_PLAY = rule_ref("6") + "."
_BLOCKS_AND_PLAY = rule_ref("2.1", "6") + "."
NO_JOKER_PASS = "Jokers are never passed in the Charleston " + _PLAY
PASS_THREE = "Each Charleston pass is exactly three tiles " + _PLAY
BLIND_WHEN = "Only the First Left and the Last Right may be passed blind " + _PLAY
BLIND_WHAT = (
    "A blind pass passes on 1 to 3 of the tiles you have just received, unseen, "
    "plus your own tiles to make three " + _PLAY
)
COURTESY_COUNT = "A courtesy pass is 0 to 3 tiles with the player across " + _PLAY
COURTESY_SMALLER = "In a courtesy pass both players give the smaller number asked " + _PLAY
DEAD_JOKER = "A discarded joker is dead and cannot be called " + _PLAY
PAIR_CALL = "Pairs and flower pairs are called only for Mah Jongg " + _PLAY
NEWS_CALL = "NEWS tiles are called only for Mah Jongg " + _PLAY
SAME_TILE = (
    "An exposure is one tile: the discard plus matching tiles or jokers from your hand " + _BLOCKS_AND_PLAY
)
BLOCK_SIZE = "A called exposure is a Pung, Kong or Quint: three to five tiles " + _BLOCKS_AND_PLAY
KEEP_ONE = (
    "After an exposure call you must still discard, so at least one tile stays concealed; "
    "if the discard completes your hand, call it for Mah Jongg " + _PLAY
)
DEAD_HAND = "A dead hand keeps drawing and discarding but cannot call, exchange or win " + _PLAY
OWN_DISCARD = "You cannot call your own discard " + _PLAY
NOT_HELD = "You can only give tiles you hold in your concealed hand."
EXCHANGE_TURN = (
    "A joker is exchanged only on your own turn, after drawing or calling, before you discard " + _PLAY
)
EXCHANGE_TILE = "An exposed joker is taken only by giving the natural tile it stands for " + _PLAY
NO_JOKER_THERE = "That exposure holds no joker to exchange."
